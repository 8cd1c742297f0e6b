"""Round 22: every call the book leaves to the table, offered in the app where the step is
taken, with the reading the table would take as the default, and never settled by the app.

- Hits (lines 116, 203-204): a curly wolf "might take two or three", the Bear six; the book
  sets no most. The recruit form took 1 to 9, a number the app made up; it takes any count
  the table gives now (99 is a bound on typing, as names have 40 letters).
- A civilian standing still (lines 47, 65): the book gives it the Normal column. Where its
  Normal and Civilian columns give the same yards (a shotgun's 30 and 30) the attack form
  named the Civilian column; it names the Normal one.
- F1 had no word of what the book leaves to the table: its "Table's calls" says each, the
  step that takes it and what the app starts on, and the numbers that are the app's own.
"""

from __future__ import annotations

import pytest
from textual.binding import Binding

from gmscreen.games.dead_mans_hand.advice import attack_preview
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    EditModel,
    MakeAttack,
    Recruit,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes.characters import PossesPane
from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane
from gmscreen.games.dead_mans_hand.state import Format
from gmscreen.games.dead_mans_hand.weapons import Band, Move, attack_reach, reaches
from gmscreen.glossary import words_of
from gmscreen.journal.rules import RuleError
from tests.dead_mans_hand.helpers import Table, deploy_all


def test_a_recruit_takes_as_many_hits_as_the_table_gives() -> None:
    """A beast of twelve hits is the table's to field; only past two digits is refused."""
    table = Table(ChooseFormat(Format.SINGLE))
    table.do(Recruit("red", "Old Grizzly", 4, 12, ("big-blade",)))
    assert table.model("Old Grizzly").hits == 12
    table.do(EditModel("Old Grizzly", "Old Grizzly", ("big-blade",), horse=False, value=4,
                       hits=15))
    assert table.model("Old Grizzly").hits_left == 15
    with pytest.raises(RuleError) as refused:
        table.do(Recruit("black", "Too Many", 8, 100))
    assert refused.value.field == "hits"


def townsman() -> Table:
    """A civilian with a shotgun, used standing still, and his target."""
    table = Table(ChooseFormat(Format.SINGLE),
                  Recruit("red", "Doc", 9, 1, ("shotgun", "pistol"), civilian=True),
                  Recruit("black", "Kid", 8, 1, ("pistol",)), SetUpGame("2h"))
    deploy_all(table)
    table.do(UseModel("Doc", Move.STILL))
    return table


@pytest.mark.parametrize("weapon", ["shotgun", "sawn-off", "derringers", "big-blade",
                                    "brawling"])
def test_a_civilian_standing_shoots_in_the_normal_column_where_both_reach_as_far(
        weapon: str) -> None:
    assert reaches(weapon, True, Move.STILL) == reaches(weapon, True, Move.STILL)[-1:]
    reach = attack_reach(weapon, True, Move.STILL, 1)
    assert reach is not None and reach.band is Band.NORMAL
    # after a move, the Civilian column as before
    moved = attack_reach(weapon, True, Move.SLOW, 1)
    assert moved is not None and moved.band is Band.CIVILIAN


def test_the_attack_form_names_the_normal_column_for_a_civilian_standing() -> None:
    table = townsman()
    assert "Shotgun: Normal to 30 yards" in attack_preview(table.state, "Kid", "shotgun", None)
    assert "Shotgun in Normal range (to 30)" in attack_preview(table.state, "Kid", "shotgun",
                                                               28)
    # a pistol's columns differ (20 and 40): both are still told, the nearer first
    assert "Pistol: Civilian to 20 yards, Normal to 40 yards" in attack_preview(
        table.state, "Kid", "pistol", None)
    events = table.do(MakeAttack("Kid", "shotgun", 28, ("2c", "3c", "4c")))
    assert events[0].data["range"] == Band.NORMAL


#: each call F1's "Table's calls" names, the step it names (by the name the footer and the
#: help give its key: F1's words cannot know the keys a Dealer set, round 25), and its action
CALLS_BY_STEP = {
    "Red or black, and who plays: Name posse": "name_posse",
    "Showdown or single games: Format": "format",
    "A scenario, and which of its models are civilians or ride: Scenario, then Edit": "scenario",
    "Values and hits in single games: Recruit, Edit": "recruit",
    "Who places and goes first: Set up game": "set_up",
    "Which model, and how it moves: Use model": "use",
    "The result card: Play card": "play",
    "Leaving by an edge: Leave": "leave",
    "surrender: Surrender": "surrender",
    "Swap sides between single games: Swap sides": "swap_sides",
}


def test_f1_says_each_call_where_it_is_made_and_what_it_starts_on() -> None:
    """F1 (the game's words) says every call the book leaves to the table: the step that
    takes it, each named as the tabs name that step, and the app's own numbers."""
    means = {w.word: w.means for w in words_of("gmscreen.games.dead_mans_hand")}
    calls = means["Table's calls"]
    named = {b.description: b.action for pane in (PossesPane, ConflictPane)
             for b in pane.BINDINGS if isinstance(b, Binding)}
    for said, action in CALLS_BY_STEP.items():
        assert said in calls, said
        step = said.split(": ")[-1].split(",")[0]
        assert named[step] == action, (said, named.get(step))
    assert "All In: its own step" in calls
    for default in ("as printed: none", "value 8, 1 hit", "up to 40 points", "unticked",
                    "the cheapest first", "in a Note", "at least one card an attack",
                    "99 hits and 1,000 yards at most"):
        assert default in calls, default
    assert "any number" in means["Hits"]
    for reading in ("Power", "Dramatic Showdown"):
        assert "the app's reading" in means[reading], reading


def test_f1_says_the_defaults_rounds_33_and_34_gave_the_attack_and_the_cards() -> None:
    """Round 35: F1's Table's calls said nothing of the enemy and weapon the attack form
    opens on (the enemy highlighted, round 33; an attack taken back offered whole, round 34),
    nor that the result card's and the second card's forms now follow by themselves
    (round 33b), where "Play card" read as a key still to press."""
    calls = {w.word: w.means for w in words_of("gmscreen.games.dead_mans_hand")}[
        "Table's calls"]
    for said in ("The enemy attacked and the weapon: the attack form",
                 "the enemy highlighted in the table",
                 "the one the model attacked last or the only one",
                 "the first weapon that fires after the move",
                 "an attack taken back comes again as it was",
                 "after All In its form opens by itself",
                 "its form opens by itself after the attacker's card"):
        assert said in calls, said
