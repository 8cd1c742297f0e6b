"""Lines 21-23: once the posses are ready (a scenario loaded, or two posses recruited), the
next thing to do is draw the set-up card, on the Conflict tab. The Characters tab, where
the posses were built, named only its own steps ("Building: s a scenario, f the format, N
a posse's name") and its footer Recruit, Edit and Dismiss: nothing said where play goes
on. Its line over the posses says so once the rules allow a game to be set up."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from gmscreen.games.dead_mans_hand.commands import ChooseFormat, LoadScenario, Recruit
from gmscreen.games.dead_mans_hand.state import Format
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import new_campaign
from tests.pilot import fill, synchronous, to_tab, until

READY = "Ready: g on the Conflict tab"


def summary(app: GmScreenApp) -> str:
    return str(app.screen.query_one("#summary", Static).render())


@synchronous
async def test_the_characters_tab_says_where_a_game_is_set_up_once_the_posses_are_ready(
        tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(ChooseFormat(Format.SINGLE))
    campaign.execute(Recruit("red", "Slim", 8, 1, ("pistol",)))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        assert READY not in summary(app)  # black has nobody yet
        await fill(pilot, "r", colour="black", name="Deacon", weapons=["rifle"])
        await until(pilot, lambda: READY in summary(app))
        line = next(row for row in summary(app).splitlines() if READY in row)
        assert len(line) <= 78, line  # within 80 columns, its padding aside


@synchronous
async def test_a_scenario_loaded_is_ready_at_once(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await until(pilot, lambda: READY in summary(app))
