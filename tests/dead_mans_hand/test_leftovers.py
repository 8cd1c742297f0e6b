"""Round 28: the leftovers of rounds 24 to 27 a Dealer at the table would have changed."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.state import Phase, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.sections import as_text
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign
from tests.pilot import Notices, synchronous, to_tab, until


def duel_ended_by_a_joker() -> Table:
    """Duel between Rivals, single games: the Sly Shooter fires at the Big Oaf and the
    Joker is played, both take a hit: the Shooter, on his one hit, goes down and red wins."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2s"))
    deploy_all(table)
    table.do(UseModel("Sly Shooter", Move.STILL))
    table.do(MakeAttack("Big Oaf", "pistol", 10, ("*", "2h")))
    table.do(PlayResult("*"))
    assert table.state.phase is Phase.AFTER_GAME
    return table


def test_between_single_games_a_survivor_reads_the_hits_the_game_left_it() -> None:
    """Between single games the Oaf, hit by the Joker, read "3/3" beside the Shooter's
    "0/1 on Joker": the survivors mended as a showdown mends them, the fallen left as the
    game ended for them. Both now read how the game ended; the next set-up takes every
    model afresh, as before."""
    table = duel_ended_by_a_joker()
    oaf = table.model("Big Oaf")
    assert (oaf.hits_left, oaf.hits, oaf.status) == (2, 3, Status.RESERVE)
    assert not oaf.moving_target
    told = as_text(view.table_sections(view.table_knows(table.state)))
    assert "2/3" in told and "3/3" not in told
    table.do(SetUpGame("3s"))
    assert table.model("Big Oaf").hits_left == 3
    assert table.model("Sly Shooter").hits_left == 1


@synchronous
async def test_x_says_whom_it_took_and_that_undo_brings_it_back(tmp_path: Path) -> None:
    """x took the highlighted model off the roster with no word on the screen: a row gone
    from a posse of eight, and the Dealer left to see which. It still asks nothing (allowed
    only while the posses are built or between single games, where a model carries nothing
    its recruit form does not give back), but a notice names whom it took and the way back.
    A refused x says its rule, and nothing of a model leaving."""
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    app = GmScreenApp(campaign)
    notices = Notices()
    async with app.run_test(size=(80, 24)) as pilot:
        notices.watch(app)
        await to_tab(pilot, "1")
        await pilot.pause()
        await pilot.press("x")
        await until(pilot, lambda: campaign.state.find("Big Oaf") is None)
        assert any("Big Oaf leaves The Oaf (red)" in n.message and "Undo" in n.message
                   for n in notices), notices
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state.find("Big Oaf") is not None)
    campaign = new_campaign(tmp_path / "d.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    campaign.execute(SetUpGame("2s"))
    notices.clear()
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        notices.watch(app)
        await to_tab(pilot, "1")
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert not any("leaves" in n.message for n in notices), notices
