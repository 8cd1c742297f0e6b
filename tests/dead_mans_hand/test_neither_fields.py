"""Lines 124, 147 and 151-159: the tie of ties. The rest of both posses gave up, and Slim's
rifle turned up a Joker against Stubby: both go down on it, the game counts for neither,
and a Joker for a coffin card is death. Neither posse had anybody left to field, yet the
app said "set up game 2, g on the Conflict tab", and g was refused ("The Callahan Gang has
nobody to field"): the Dealer was sent to a step that could not be taken. No game can be
set up, so neither posse can win again; each has lost as a posse with nobody left does,
and nobody wins the showdown. Every place that says what comes next says so, and points
to a new match."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.dead_mans_hand import turns, view
from gmscreen.games.dead_mans_hand.commands import (
    DrawForTheFallen,
    MakeAttack,
    NewMatch,
    PlayResult,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.rules import match_left
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import MatchState
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign
from tests.pilot import Notices, screen_text, synchronous, to_tab, until

WORDS = ("neither posse has anybody left to field, so nobody wins the showdown: a new match "
         "comes next")
#: the Dealer's words add where that step is taken, by its name (the keys may be the Dealer's)
WHERE = " (New match, on the Characters tab)"


def the_last_two_fall_on_a_joker(table: Table | Campaign[MatchState]) -> None:
    do = table.execute if isinstance(table, Campaign) else table.do
    for command in (*showdown_commands(), SetUpGame("5h")):
        do(command)
    deploy_all(table)
    for name in [m.name for m in table.state.models() if m.name not in ("Slim", "Stubby")]:
        do(Surrender(name))
    do(UseModel("Slim", Move.STILL))
    do(MakeAttack("Stubby", "rifle", 60, ("*", "2c")))
    do(PlayResult("*"))
    do(DrawForTheFallen(()))  # both lie on the Joker: buried, no card drawn


def test_with_nobody_left_on_either_side_no_game_is_set_up_and_nobody_wins() -> None:
    table = Table()
    the_last_two_fall_on_a_joker(table)
    assert table.state.champion is None
    with pytest.raises(RuleError) as caught:
        table.do(SetUpGame("6h"))
    assert (caught.value.rule, str(caught.value)) == ("Showdown", f"Showdown: {WORDS}{WHERE}")
    assert turns.session_begun(table.state) == (
        f"The showdown stands red 0, black 0 after game 1, and {WORDS}{WHERE}.")
    known = view.table_knows(table.state)
    assert view.whose(known) == (
        "Game 1: nobody left standing. Neither posse has anybody left to field, so nobody "
        "wins the showdown: a new match comes next.")
    assert view.table_stands(known).endswith("nobody wins it")  # type: ignore[union-attr]
    assert view.table_stands(known, leaving=True) is None  # nothing of it goes on
    began = view.table_knows(Table(*showdown_commands()).state)
    assert "Neither posse has anybody left to field: nobody won the showdown" in (
        view.table_totals(began, known))
    assert match_left(table.state) == (
        "The showdown stands red 0, black 0 and ends with neither posse able to field "
        "anybody, won by nobody; both posses are built anew")
    table.do(NewMatch())
    assert table.state.match == 2


@synchronous
async def test_g_names_the_rule_and_the_tab_says_what_comes_next(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "tie.toml")
    the_last_two_fall_on_a_joker(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = Notices()
        notices.watch(app)
        await to_tab(pilot, "Conflict")
        assert "Neither posse has anybody left to field" in screen_text(app)
        await pilot.press("g")
        await until(pilot, lambda: notices.of("warning"))
        assert notices.of("warning")[-1].title == "Showdown"
    assert campaign.state.game == 1
