"""What the tabs and the players' screen show, from `view`: the table's half never names a
card held nor the Draw Deck's order (checked over every prefix of each sample, against
facts generated from the whole state), the laid hands and the discard pile are the table's,
the recap tells a draw without its card, every heading has a glossary entry, and the rules
and the view load without Textual."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    ChooseSetUp,
    Discard,
    DrawCard,
    EndActivation,
    EndGame,
    Enlist,
    FoundGang,
    GainLevel,
    Score,
)
from gmscreen.games.devils_bluff.gangs import LEADER, Recruit, abilities
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.glossary import find, words_of
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.sections import Grid, Lines, as_text
from gmscreen.samples import write_sample
from tests.devils_bluff.helpers import Table, campaign, one_off, table_sections, unshuffled
from tests.devils_bluff.hidden import assert_table_keeps_hidden, cards_held, leaked
from tests.devils_bluff.test_game import attack_ready

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", params=[s.file for s in SAMPLES])
def played(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Campaign[Any]]:
    found = next(s for s in SAMPLES if s.file == request.param)
    opened = open_campaign(write_sample(found, tmp_path_factory.mktemp("sample")),
                           rules_for, writable=False)
    yield opened
    opened.close()


def prefixes(played: Campaign[Any]) -> Iterator[DevilsBluffState]:
    """The state after each event of the journal, the first state too."""
    state: DevilsBluffState = RULES.initial_state()
    yield state
    for event in played.events:
        state = RULES.evolve(state, event)
        yield state


def test_the_table_never_sees_a_card_held_nor_the_deck_s_order(played: Campaign[Any]) -> None:
    held_shown_to_the_dealer = 0
    for state in prefixes(played):
        assert_table_keeps_hidden(state)
        # the facts are real: a hand face up on the Conflict tab shows them
        for player in state.players:
            shown = "\n".join(view.hand_lines(state, face_up=player))
            held_shown_to_the_dealer += sum(card in shown for card in cards_held(state))
        # and the Dealer's own sections keep the hands face down, as the tab does
        assert not leaked(state, view.dealer_sections(state))
    assert held_shown_to_the_dealer == 10


def test_the_check_finds_a_card_held_when_it_shows() -> None:
    state = one_off().state
    card = sorted(cards_held(state))[0]
    sections = table_sections(view.table_knows(state))
    assert not leaked(state, sections)
    assert leaked(state, [*sections, Grid("Oops", ("Card",), ((card,),))]) == [card]


def test_the_table_sees_the_gangs_the_turn_the_piles_and_the_hands_laid() -> None:
    table, shooter, target = attack_ready()
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.give(HENDRY, "3c 4d 7h 8s Kd")
    table.stack("2c 2d 3d")
    table.execute(Attack(shooter, target, hand=True, contest=(HENDRY,)))
    shown = as_text(table_sections(view.table_knows(table.state)))
    assert "Round 1 of 5" in shown and f"{shooter} is activating" in shown
    assert f"{COLE} laid 9♣ 9♦ 2♥ 5♠ Q♣" in shown
    assert f"{HENDRY} laid 3♣ 4♦ 7♥ 8♠ K♦" in shown
    assert f"Cards held: {HENDRY} 0, {COLE} 0" in shown
    assert f"Discard pile ({len(table.state.deck.discards)}):" in shown
    # the discard pile, newest first, face up
    newest = str(table.state.deck.discards[-1])
    assert f"): {newest}" in shown
    assert "Dutch" in shown and "Draw Deck" in shown
    assert_table_keeps_hidden(table.state)


def test_the_recap_tells_a_draw_but_not_its_card() -> None:
    table = one_off()
    player = table.state.battle.turn  # type: ignore[union-attr]
    (drawn,) = table.execute(DrawCard(player, "", unshuffled()))
    card = str(table.state.hand(player)[-1])
    told = view.table_tells(drawn)
    assert told == f"{player} draws a card" and card not in told
    assert view.episode(drawn) is None  # told where it falls, under no heading
    assert [view.table_tells(e) for e in table.events].count(None) == 0
    (thrown,) = table.execute(Discard(player, table.state.hand(player)[0].code))
    # the card thrown goes face up, so it is told (round 13), after the draw that owed it
    thrown_card = str(table.state.deck.discards[-1])
    assert view.table_tells(thrown) == f"{player} discards {thrown_card}, down to five"
    model = next(f.name for f in table.state.gang(player).fighters)  # type: ignore[union-attr]
    activated, ended = (*table.execute(Activate(model)), *table.execute(EndActivation(model)))
    assert view.episode(activated) == view.episode(ended) == f"{model} activates."
    # bookkeeping, not a story: the paragraph's heading says who activates; its end is
    # told only where the model took no action (round 13)
    assert view.table_tells(activated) is None
    assert view.table_tells(ended) == f"{model} ends its activation without an action"
    # the round's deal is told by its initiative, never by the hands
    dealt = next(e for e in table.events if e.kind == "devils_bluff.round_started")
    told = view.table_tells(dealt)
    assert told is not None and "deals five to everyone" in told
    assert not any(str(c) in told for _, hand in table.state.hands for c in hand)


def test_the_totals_are_games_won_models_out_scores_and_levels() -> None:
    table = campaign()
    before = view.table_knows(table.state)
    table.execute(Score(HENDRY, 3, "held the ford"))
    middle = view.table_knows(table.state)
    assert view.table_totals(before, middle) == [f"{HENDRY} scored 3"]
    table.execute(EndGame("a hard fight"))
    table.execute(GainLevel("Ma Hendry", "Tough"))
    after = view.table_knows(table.state)
    assert view.table_totals(before, after) == [
        f"Game 1: {HENDRY} 3, {COLE} 0; {HENDRY} won (a hard fight)",
        "Ma Hendry gained 1 level"]
    # (the session ends with the aftermath open: it comes first in the next, said where
    # the campaign stands, `table_stands`, not among the totals)
    assert (view.table_stands(after, leaving=True) or "").startswith(
        "game 1's aftermath, still open (levels gained by Ma Hendry; ")
    assert view.table_cast(after) == [f"{HENDRY} (The Hendry Boys)",
                                      f"{COLE} (Bluff Regulators)"]


def test_every_heading_has_a_glossary_entry(played: Campaign[Any]) -> None:
    words = words_of("gmscreen.games.devils_bluff")
    headings: set[str] = set()
    for state in prefixes(played):
        for section in (*view.dealer_sections(state),
                        *table_sections(view.table_knows(state))):
            if isinstance(section, Grid):
                headings.update(section.columns)
    # the tabs' own tables are the view's columns
    assert {*view.ROSTER_COLUMNS, *view.MODEL_COLUMNS} <= headings
    missing = sorted(h for h in headings if find(words, h) is None)
    assert not missing, missing
    # the words the cells and the notes write short
    for short in ("Hired", "Gun", "RF Rifle", "Fists", "ACT", "ready", "done", "out", "Lv",
                  "Tok", "face down"):
        assert find(words, short) is not None, short


def test_the_names_are_every_player_and_model_once() -> None:
    state = one_off().state
    names = view.names(state)
    models = [f.name for g in state.gangs for f in g.fighters]
    assert names[:3] == [HENDRY, COLE, "Jesse Hendry"]  # Ma Hendry plays her own leader
    assert sorted(names) == sorted({HENDRY, COLE, *models})
    assert view.names(RULES.initial_state()) == []


def test_the_roster_gives_each_ability_by_its_first_letters_and_the_perks_below() -> None:
    state = one_off().state
    rows = {row[0]: row for row in view.roster_grid(state).rows}
    assert view.ROSTER_COLUMNS[-1] == "Ab"
    assert rows["Ma Hendry"][-1] == "Sh" and rows["Cal Hendry"][-1] == "-"
    assert rows["Sheriff Cole"][-1] == "Re" and rows["Jesse Hendry"][-1] == "Ha"
    shorts = [view.ability_short(name) for name in abilities()]
    assert len(set(shorts)) == len(shorts) == 5
    words = words_of("gmscreen.games.devils_bluff")
    for name, short in zip(abilities(), shorts, strict=True):
        found = find(words, short)
        assert found is not None and found.word == name
    assert "Tough, Cunning, Fearsome, Deadly" in view.model_lines(state, "Ma Hendry")[0]
    assert "Ab:" in view.ROSTER_NOTE


def test_the_view_and_the_rules_import_no_textual() -> None:
    script = ("import sys, gmscreen.games.devils_bluff.view, gmscreen.games.devils_bluff, "
              "gmscreen.games.devils_bluff.sample\n"
              "print(any(m == 'textual' or m.startswith('textual.') for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.stdout.strip() == "False", result.stderr


def test_the_players_screen_shows_a_table_a_gang_without_a_player_column() -> None:
    """The players' screen's Gangs table repeated the player on every row, in a Player
    column that took the room the names needed (at 80 columns "Joe Two Mo…" and "Sheriff
    C…" ten times over). Now each gang has its own table, titled with its player and its
    name, and no row says whose it is: in a game and between games alike."""
    between = campaign()
    between.execute(EndGame())
    for state in (one_off().state, campaign().state, between.state):
        gangs = [s for s in table_sections(view.table_knows(state))
                 if isinstance(s, Grid) and s.title.startswith(("Gang", HENDRY, COLE))]
        assert [g.title for g in gangs] == [
            f"{g.player}'s gang: {g.name}" for g in view.gangs_in_turn(state)], gangs
        for grid, gang in zip(gangs, view.gangs_in_turn(state), strict=True):
            assert "Player" not in grid.columns, grid.columns
            assert [row[0] for row in grid.rows] == [f.name for f in gang.fighters]
            assert not any(gang.player == cell for row in grid.rows for cell in row[1:])
        # the glossary line once, under the last gang's table
        assert [bool(g.note) for g in gangs] == [False, True], [g.note for g in gangs]


def test_a_gang_with_no_model_yet_has_its_table_on_the_players_screen() -> None:
    """With Ann's leader made and Ben's not yet, the players' screen showed Ann's table
    alone: Ben's gang, founded, was nowhere. Each gang founded has its table, an empty one
    saying so."""
    table = Table()
    table.execute(ChooseSetUp("campaign", "pool"))
    table.execute(FoundGang("Ann", "The Crows"))
    table.execute(FoundGang("Ben", "Law Dogs"))
    table.execute(Enlist("Ann", Recruit("Black Jack", LEADER, "Revolver", ("Tough",))))
    gangs = [s for s in table_sections(view.table_knows(table.state))
             if "'s gang: " in s.title]
    assert [g.title for g in gangs] == ["Ann's gang: The Crows", "Ben's gang: Law Dogs"]
    assert isinstance(gangs[0], Grid) and len(gangs[0].rows) == 1, gangs[0]
    assert gangs[0].note.startswith("Gun: permanent gunslinger."), gangs[0].note
    # the empty one says so under its title, with no column headings over nothing
    assert isinstance(gangs[1], Lines), gangs[1]
    assert gangs[1].lines == ("No model has joined Ben's gang yet.",), gangs[1]
