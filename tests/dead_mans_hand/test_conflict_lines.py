"""What the Conflict tab says and offers at each moment: the move dialog under a Jack or a
Queen, the set-up card in the tracker, the selected model's weapons, the play sheet's key."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

from textual.widgets import OptionList, Static

from gmscreen.games.dead_mans_hand import RULES
from gmscreen.games.dead_mans_hand.attack import moves_allowed
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    LeaveTable,
    LoadScenario,
    MakeAttack,
    PlayResult,
    RecoveryDraw,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes.conflict import (
    ConflictPane,
    last_attack,
    model_detail,
    move_dialog,
    step_refused,
    steps_now,
    tracker,
)
from gmscreen.games.dead_mans_hand.state import MatchState, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, model
from tests.dead_mans_hand.test_showdown import first_game

DUEL = (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
        Deploy("Sly Shooter"))


def duel(path: Path, *more: object) -> Campaign[MatchState]:
    """The Oaf (red) and the Shooter (black) placed, then `more` commands."""
    store = JournalStore.create(path, new_header("dead-mans-hand", "Conflict lines", 5))
    campaign = Campaign.load(RULES, store.load(), store)
    for command in (*DUEL, *more):
        campaign.execute(command)
    return campaign


def test_a_model_free_to_move_is_offered_every_move() -> None:
    free = model("Slim", "red")
    question, options = move_dialog(free)
    assert question == "How does Slim move?"
    assert [move for _, move in options] == list(Move)
    _, leaving = move_dialog(free, leaving=True)
    assert [move for _, move in leaving] == [Move.SLOW, Move.QUICK, Move.FLAT_OUT]


def test_a_model_pinned_by_a_jack_is_offered_only_to_stand_still() -> None:
    pinned = model("Slim", "red", pinned=True)
    question, options = move_dialog(pinned)
    assert [move for _, move in options] == [Move.STILL]
    assert "Pinned by a Jack" in question
    # leaving by a table edge takes a move: nothing is left to offer
    assert moves_allowed(pinned, leaving=True) == ()
    assert move_dialog(pinned, leaving=True)[1] == []


def test_a_model_stopped_by_a_queen_is_told_it_may_not_attack() -> None:
    question, options = move_dialog(model("Slim", "red", shaken=True))
    assert "Stopped by a Queen: it may not attack this time." in question
    assert len(options) == 4


def test_the_move_dialog_by_keys_under_a_jack(tmp_path: Path) -> None:
    asyncio.run(_move_dialog_under_a_jack(tmp_path))


async def _move_dialog_under_a_jack(tmp_path: Path) -> None:
    campaign = duel(tmp_path / "c.toml", UseModel("Big Oaf", Move.STILL),
                    MakeAttack("Sly Shooter", "pistol", 10, ("Jh", "2s")), PlayResult("Jh"))
    shooter = campaign.state.find("Sly Shooter")
    assert shooter is not None and shooter.pinned
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        pane = app.query_one(ConflictPane)
        await pilot.press("l")  # leaving needs a move: refused, no dialog
        await pilot.pause()
        assert app.screen is pane.screen
        await pilot.press("u")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        assert options.option_count == 1
        assert "Stand still" in str(options.get_option_at_index(0).prompt)
        await pilot.press("enter")
        await pilot.pause()
        turn = campaign.state.turn
        assert turn is not None and turn.in_use == "Sly Shooter" and turn.move is Move.STILL


def test_the_tracker_names_the_set_up_card_until_the_next_game() -> None:
    table = Table(LoadScenario("duel-between-rivals"))
    assert "set-up card" not in tracker(table.state).plain
    table.do(SetUpGame("Qs"))
    head = tracker(table.state).plain.splitlines()[0]
    assert head == "Duel between Rivals · game 1 · set-up card Q♠, black first"
    table.do(Deploy("Sly Shooter"))
    table.do(Deploy("Big Oaf"))
    table.do(UseModel("Sly Shooter", Move.STILL))
    table.do(MakeAttack("Big Oaf", "pistol", 10, ("Ks", "2s")))
    table.do(PlayResult("Ks"))  # the Oaf falls: the game is over, its card still named
    assert table.state.game == 1 and table.state.turn is None
    assert "set-up card Q♠, black first" in tracker(table.state).plain


def test_the_pack_line_names_the_play_sheet_while_the_posses_are_built() -> None:
    building = Table(LoadScenario("duel-between-rivals"))
    assert tracker(building.state).plain.splitlines()[-1] == (
        "Pack: dealt once a game is set up · play sheet: h")
    building.do(SetUpGame("2h"))
    assert tracker(building.state).plain.splitlines()[-1] == (
        "Pack: 53 to draw, 1 discarded, 0 coffin cards · play sheet: h")
    building.do(Deploy("Big Oaf"))
    building.do(Deploy("Sly Shooter"))
    building.do(UseModel("Big Oaf", Move.STILL))
    building.do(MakeAttack("Sly Shooter", "pistol", 50, ("Kh", "3c")))
    building.do(PlayResult("Kh"))  # the Shooter falls on the King; the pack is made up anew
    assert tracker(building.state).plain.splitlines()[-1] == (
        "Pack: 53 to draw, 0 discarded, 1 coffin card · play sheet: h")


def test_the_detail_line_names_the_weapons_carried_and_lost() -> None:
    slim = model("Slim", "red", weapons=("rifle",))
    assert model_detail(slim).plain == "Slim: Rifle, Brawling"
    disarmed = replace(slim, weapons=("brawling",))  # an Ace took the rifle this game
    assert model_detail(disarmed).plain == "Slim: Brawling · lost: Rifle"
    assert model_detail(replace(slim, weapons=())).plain == (
        "Slim: no weapon · lost: Rifle, Brawling")
    fallen = replace(slim, status=Status.DOWN, hits_left=0, coffin="9s")
    assert model_detail(fallen).plain == "Slim (down on 9♠): Rifle, Brawling"


def test_the_highlighted_models_weapons_are_in_sight_at_80_columns(tmp_path: Path) -> None:
    asyncio.run(_weapons_in_sight(tmp_path))


async def _weapons_in_sight(tmp_path: Path) -> None:
    campaign = duel(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        detail = app.query_one(ConflictPane).query_one("#detail", Static)
        assert detail.region.width and detail.region.bottom <= 24
        assert str(detail.render()) == "Big Oaf: Pistol, Big Blade, Brawling"  # red acts first
        await pilot.press("down")
        await pilot.pause()
        assert str(detail.render()) == "Sly Shooter: Pistol, Derringers, Brawling"


def test_a_model_stopped_by_a_queen_is_not_offered_the_attack() -> None:
    table = Table(*DUEL, UseModel("Big Oaf", Move.STILL),
                  MakeAttack("Sly Shooter", "pistol", 10, ("Qh", "2s")), PlayResult("Qh"))
    table.do(UseModel("Sly Shooter", Move.SLOW))
    state = table.state
    assert "attack" not in steps_now(state) and "end_turn" in steps_now(state)
    assert tracker(state).plain.splitlines()[1] == (
        "Turn 2: black · Sly Shooter moved slow, stopped by a Queen, so no attack: "
        "end the turn (e)")
    assert step_refused(state, "attack") == (
        "Sly Shooter was stopped by a Queen and may not attack this time: end the turn (e).")


def test_a_model_on_foot_that_moved_flat_out_is_not_offered_the_attack() -> None:
    table = Table(*DUEL, UseModel("Big Oaf", Move.FLAT_OUT))
    assert "attack" not in steps_now(table.state)
    assert "on foot, so no attack" in tracker(table.state).plain
    assert "moved flat out on foot" in (step_refused(table.state, "attack") or "")


class Told:
    """The parts of a campaign that `last_attack` reads, over a table folded in memory."""

    def __init__(self, table: Table) -> None:
        self.events = table.events

    def is_undone(self, event: object) -> bool:
        return False

    def describe(self, event: Event) -> str:
        return RULES.describe(event)


def test_the_draws_for_the_fallen_follow_the_last_attack_on_the_tab() -> None:
    table = first_game()
    table.do(LeaveTable("Long Tom", Move.QUICK))  # the game ends: red wins
    table.do(RecoveryDraw("Quickdraw", "9d"))
    lines = last_attack(cast(Campaign[Any], Told(table)))
    assert lines[-1] == "Quickdraw, lying on 9♠, draws 9♦ and pulls through."
    assert lines[0].startswith("Big Jim attacks Hatchet")
