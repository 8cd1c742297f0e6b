"""Line 261: an uneven scenario is played twice, the sides swapped, with the same set-up.
The Set up form of the second game was blank, so the app drew a new card and the other
side might place first; after a swap it now offers the first game's card, typed in, and
says so (cleared, the app draws as before)."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand import turns
from gmscreen.games.dead_mans_hand.commands import SetUpGame, Surrender, SwapSides
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign
from tests.dead_mans_hand.test_swap_sides import DUEL, after_game_one
from tests.pilot import opened, screen_text, synchronous, to_tab, until


def test_only_a_scenario_swapped_after_its_game_is_offered_the_card_again() -> None:
    table = after_game_one(Table(*DUEL))
    assert turns.rematch_card(table.state) is None  # not swapped: a new card, as before
    table.do(SwapSides())
    assert turns.rematch_card(table.state) == "2h"
    assert "game 1's set-up card 2♥ is typed in again, so the red posse places" in (
        turns.rematch_said(table.state, "2h"))
    table.do(SetUpGame("2h"))  # game 2 under way: nothing offered
    assert turns.rematch_card(table.state) is None
    deploy_all(table)
    table.do(Surrender("Big Oaf"))
    assert turns.rematch_card(table.state) is None  # the same players as game 2 set up
    table.do(SwapSides())
    assert turns.rematch_card(table.state) == "2h"


@synchronous
async def test_the_set_up_form_offers_the_first_games_card_after_the_swap(
        tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "rematch.toml")
    for command in DUEL:
        campaign.execute(command)
    campaign.execute(SetUpGame("2h"))
    deploy_all(campaign)
    campaign.execute(Surrender("Sly Shooter"))
    campaign.execute(SwapSides())
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "g")
        assert shown.values().text("card") == "2h"
        assert "The sides are swapped" in " ".join(screen_text(app).split())
        await pilot.press("enter")
        await until(pilot, lambda: campaign.state.game == 2)
    assert (campaign.state.setup_card, campaign.state.first) == ("2h", "red")
    campaign.close()
