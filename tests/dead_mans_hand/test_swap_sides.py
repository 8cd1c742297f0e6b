"""Line 11: after a game the players may change sides, for fairness. Between single games the
swap took two Name forms, and the second opened on the posse just named again: N, the
player typed over; N, the posse changed, Tab, the other player typed over. A Dealer who
went by the first form's keys twice set the first posse back. `w` swaps the players of the
two posses in one step, each posse keeping its name and models; one ctrl+z takes it back."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.dead_mans_hand.commands import (
    LoadScenario,
    NamePosse,
    SetUpGame,
    Surrender,
    SwapSides,
)
from gmscreen.games.dead_mans_hand.rules import why_not_swap
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign
from tests.pilot import synchronous, to_tab, until

DUEL = (LoadScenario("duel-between-rivals"), NamePosse("red", "The Oaf", "Leon"),
        NamePosse("black", "The Shooter", "Stephen"))


def after_game_one(table: Table) -> Table:
    table.do(SetUpGame("2h"))
    deploy_all(table)
    table.do(Surrender("Sly Shooter"))
    return table


def test_the_players_swap_and_the_posses_keep_their_names() -> None:
    table = after_game_one(Table(*DUEL))
    events = table.do(SwapSides())
    red, black = table.state.red, table.state.black
    assert (red.name, red.player, black.name, black.player) == (
        "The Oaf", "Stephen", "The Shooter", "Leon")
    assert [table.rules.describe(e) for e in events] == [
        "The red posse is The Oaf, played by Stephen.",
        "The black posse is The Shooter, played by Leon."]
    # Leon's win, as red, stays his
    assert table.state.games[0].player == "Leon"


def test_only_between_single_games_with_a_player_named() -> None:
    building = Table(*DUEL)
    with pytest.raises(RuleError, match="between single games"):
        building.do(SwapSides())
    nobody = after_game_one(Table(LoadScenario("duel-between-rivals")))
    refused = why_not_swap(nobody.state)
    assert refused is not None and "no player is named" in refused.message


@synchronous
async def test_w_swaps_and_ctrl_z_takes_it_back(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "swap.toml")
    for command in DUEL:
        campaign.execute(command)
    campaign.execute(SetUpGame("2h"))
    deploy_all(campaign)
    campaign.execute(Surrender("Sly Shooter"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("w")
        await until(pilot, lambda: campaign.state.red.player == "Stephen")
        assert campaign.state.black.player == "Leon"
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state.red.player == "Leon")
        assert campaign.state.black.player == "Stephen"
