"""Snapshots of the Dead Man's Hand tabs at 80x24 and 200x50, mid-attack in a showdown."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from gmscreen.games.dead_mans_hand import RULES
from gmscreen.games.dead_mans_hand.commands import Deploy, MakeAttack, SetUpGame, UseModel
from gmscreen.games.dead_mans_hand.sample import build_showdown
from gmscreen.games.dead_mans_hand.state import MatchState, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import settled
from tests.pilot import form_up, shell_up, to_tab

START = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)
SIZES = [(80, 24), (200, 50)]


def mid_attack(folder: Path) -> Campaign[MatchState]:
    """The sample showdown in session 1 (begun as the sample begins it, once the posses
    are built), placed, with Slim's rifle shot at Stubby drawn; fixed times."""
    store = JournalStore.create(folder / "live.toml",
                                new_header("dead-mans-hand", "Red Gulch", 3, created=START))
    campaign: Campaign[MatchState] = Campaign.load(RULES, store.load(), store)
    build_showdown(campaign)
    campaign.start_session()
    campaign.execute(SetUpGame("5h"))
    while campaign.state.deploying is not None:
        colour = campaign.state.deploying
        waiting = next(m for m in campaign.state.posse(colour).models
                       if m.status is Status.RESERVE)
        campaign.execute(Deploy(waiting.name))
    campaign.execute(UseModel("Slim", Move.STILL))
    campaign.execute(MakeAttack("Stubby", "rifle", 60, ("Qc", "2s", "3h"), friends_near=True))
    events = [replace(e, at=START + timedelta(minutes=e.seq)) for e in campaign.events]
    campaign.close()
    fixed = JournalStore.create(folder / "fixed.toml", campaign.header, events)
    return Campaign.load(RULES, fixed.load(), fixed)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_characters_tab(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def opened(pilot: Pilot[None]) -> None:
        # the tab the app opens on, drawn for the room it has (a loaded machine handed the
        # pilot over before the shell's tabs were mounted, and the picture was taken then)
        await shell_up(pilot)
        await settled(pilot)

    assert snap_compare(GmScreenApp(mid_attack(tmp_path)), run_before=opened,
                        terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_conflict_tab_mid_attack(snap_compare: Any, tmp_path: Path,
                                 size: tuple[int, int]) -> None:
    async def conflict(pilot: Pilot[None]) -> None:
        await to_tab(pilot, "Conflict")
        await settled(pilot)  # the table's columns fitted to its width once laid out

    assert snap_compare(GmScreenApp(mid_attack(tmp_path)), run_before=conflict,
                        terminal_size=size)


def test_the_result_card_choice(snap_compare: Any, tmp_path: Path) -> None:
    campaign = mid_attack(tmp_path)

    async def choose(pilot: Pilot[None]) -> None:
        await to_tab(pilot, "Conflict")
        await pilot.press("p")
        await form_up(pilot)
        await settled(pilot)

    assert snap_compare(GmScreenApp(campaign), run_before=choose, terminal_size=(80, 24))
