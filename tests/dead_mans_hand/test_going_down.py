"""A model's last hit lays it down on the card that dealt it (line 116; its coffin card, line
151): the log, the preview of each card and the last attack say so, as the Conflict tab's
Notes do ("on 10♥"), where a hit that leaves hits says only the hit."""

from __future__ import annotations

from datetime import datetime

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    EndTurn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.state import Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.events import Event
from tests.dead_mans_hand.helpers import Table


def duel(red_first: bool = True) -> Table:
    """Duel between Rivals: the Big Oaf (red, value 9, 3 hits) and the Sly Shooter (black,
    value 4, 1 hit), placed."""
    if red_first:
        return Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                     Deploy("Sly Shooter"))
    return Table(LoadScenario("duel-between-rivals"), SetUpGame("2s"), Deploy("Sly Shooter"),
                 Deploy("Big Oaf"))


def test_the_last_hit_says_the_model_goes_down_on_its_card() -> None:
    """The Oaf's three hits: the first two read as hits, the third lays him down on it."""
    table = duel(red_first=False)
    said = []
    for card, spare in (("4s", "2h"), ("5s", "3h"), ("6s", "4h")):
        table.do(UseModel("Sly Shooter", Move.STILL))
        table.do(MakeAttack("Big Oaf", "pistol", 40, (card, spare)))
        said.append(table.rules.describe(table.do(PlayResult(card))[0]))
        if table.model("Big Oaf").on_table:
            table.do(UseModel("Big Oaf", Move.STILL))
            table.do(EndTurn())
    assert said == ["Sly Shooter plays 4♠: Big Oaf takes a hit.",
                    "Sly Shooter plays 5♠: Big Oaf takes a hit.",
                    "Sly Shooter plays 6♠: Big Oaf takes a last hit and goes down on 6♠."]
    oaf = table.model("Big Oaf")
    assert (oaf.status, oaf.coffin) == (Status.DOWN, "6s")
    assert view.notes(oaf, full=True) == "down on 6♠"
    # the table's last attack says it too
    lines = view.attack_lines(view.table_knows(table.state))
    assert lines[-1] == "6♠ played: Big Oaf takes a last hit and goes down on 6♠"


def test_each_card_says_before_it_is_played_who_it_would_lay_down() -> None:
    table = duel()
    table.do(UseModel("Big Oaf", Move.STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 10, ("Th", "9c")))
    shown = {card: what for card, what, _ in view.card_lines(view.table_knows(table.state))}
    assert shown == {"10♥": "Sly Shooter takes a last hit and goes down on 10♥",
                     "9♣": "Big Oaf takes a hit"}


def test_a_joker_says_who_of_the_two_goes_down() -> None:
    """A Joker hits both (line 102): the Shooter's one hit is his last, the Oaf has more."""
    table = duel()
    table.do(UseModel("Big Oaf", Move.STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 40, ("*", "3c")))
    events = table.do(PlayResult("*"))
    assert table.rules.describe(events[0]) == (
        "Big Oaf plays Joker: both take a hit; Sly Shooter goes down on the Joker.")


def test_a_king_says_the_model_is_killed() -> None:
    table = duel()
    table.do(UseModel("Big Oaf", Move.STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 40, ("Kh", "3c")))
    events = table.do(PlayResult("Kh"))
    assert table.rules.describe(events[0]) == "Big Oaf plays K♥: Sly Shooter is killed."
    assert table.model("Sly Shooter").coffin == "Kh"


def test_an_older_journal_without_who_went_down_still_opens() -> None:
    """A result card saved before the event named who went down reads as it did (the hit),
    and the state still lays the model down and says so on the table's last attack."""
    table = duel()
    table.do(UseModel("Big Oaf", Move.STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 40, ("Th", "3c")))
    new = table.rules.decide(table.state, PlayResult("Th"))
    assert list(new[0].data["down"]) == ["Sly Shooter"]
    old = {key: value for key, value in new[0].data.items() if key != "down"}
    event = Event(len(table.events) + 1, datetime(2026, 1, 1), 1, new[0].kind, old,
                  len(table.events) + 1)
    assert table.rules.describe(event) == "Big Oaf plays 10♥: Sly Shooter takes a hit."
    after = table.rules.evolve(table.state, event)
    assert after.attack is not None and after.attack.outcomes[-1].down == ("Sly Shooter",)
    assert after.find("Sly Shooter") is not None
    assert view.card_lines(view.table_knows(after))[0][1] == (
        "played: Sly Shooter takes a last hit and goes down on 10♥")


def test_in_a_showdown_a_joker_says_those_it_lays_down_are_past_saving() -> None:
    """Line 153: a model lying on a Joker is stone dead after a showdown game whatever is
    drawn, as on a King, which reads "is killed". Before the card is played, the Dealer
    weighing the Joker is told so; in single games, which start afresh, it is a card like
    another to go down on."""
    from gmscreen.games.dead_mans_hand.sample import showdown_commands
    from tests.dead_mans_hand.helpers import deploy_all

    showdown = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(showdown)
    showdown.do(UseModel("Slim", Move.STILL))
    showdown.do(MakeAttack("Stubby", "rifle", 60, ("*", "2c")))
    lines = view.card_lines(view.table_knows(showdown.state))
    assert lines[0] == ("Joker", "both take a hit and go down on the Joker, past saving in a "
                        "showdown", True)
    single = duel()
    single.do(UseModel("Big Oaf", Move.STILL))
    single.do(MakeAttack("Sly Shooter", "pistol", 40, ("*", "3c")))
    assert view.card_lines(view.table_knows(single.state))[0][1] == (
        "both take a hit; Sly Shooter goes down on the Joker")
