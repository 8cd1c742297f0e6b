"""The dialogs of the Conflict tab as the players see them at 80x24: a ticked box reads
ticked in every theme, the attack form fits and scrolls with its way to send in sight."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Checkbox, SelectionList

from gmscreen.games.dead_mans_hand.commands import Deploy, LoadScenario, SetUpGame, UseModel
from gmscreen.games.dead_mans_hand.panes.forms import AttackScreen, RecruitScreen
from gmscreen.games.dead_mans_hand.state import MatchState, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.theme import OFFERED
from tests.dead_mans_hand.test_panes import new_campaign


def gunman_to_attack(path: Path) -> Campaign[MatchState]:
    """Take that Bastard Down!, placed, the gunman standing still and about to attack."""
    campaign = new_campaign(path)
    campaign.execute(LoadScenario("take-that-bastard-down"))
    campaign.execute(SetUpGame("2h"))
    while campaign.state.deploying is not None:
        colour = campaign.state.deploying
        waiting = next(m for m in campaign.state.posse(colour).models
                       if m.status is Status.RESERVE)
        campaign.execute(Deploy(waiting.name))
    campaign.execute(UseModel("Hardbitten Gunman", Move.STILL))
    return campaign


@pytest.mark.parametrize("theme", OFFERED)
def test_a_ticked_box_reads_ticked_in_every_theme(tmp_path: Path, theme: str) -> None:
    asyncio.run(_ticked_box(tmp_path, theme))


async def _ticked_box(tmp_path: Path, theme: str) -> None:
    app = GmScreenApp(gunman_to_attack(tmp_path / "c.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        await pilot.pause()
        await pilot.press("2", "a")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AttackScreen)
        boxes = {box.id: box for box in screen.query(Checkbox)}
        assert set(boxes) == {"friends", "behind", "cover"}
        boxes["cover"].value = True
        await pilot.pause()
        cover, behind = str(boxes["cover"].render()), str(boxes["behind"].render())
        # the mark itself differs, not only its colour
        assert cover.replace("Cover", "") != behind.replace("Behind", "")
        assert "X" in cover and "X" not in behind
        # ticked by a key as well, and the preview follows
        boxes["behind"].focus()
        await pilot.press("space")
        await pilot.pause()
        assert "X" in str(boxes["behind"].render())
        preview = str(screen.query_one("#preview").render())
        assert "+1 from behind -1 target in cover" in preview


def test_a_ticked_weapon_reads_ticked(tmp_path: Path) -> None:
    asyncio.run(_ticked_weapon(tmp_path))


async def _ticked_weapon(tmp_path: Path) -> None:
    app = GmScreenApp(new_campaign(tmp_path / "c.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RecruitScreen)
        weapons = app.screen.query_one("#weapons", SelectionList)
        weapons.select("rifle")
        await pilot.pause()

        def row(index: int) -> str:
            return "".join(segment.text for segment in weapons.render_line(index))

        assert row(0).startswith("▐X▌ Rifle") and row(1).startswith("▐ ▌ Pistol")
