"""Snapshots of Dust's tabs at 80x24 and 200x50: the Day and night tab with the night's
choices in, the Characters tab and the Posts tab after the resolution, and the Posts tab at
twilight after a lynch."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from gmscreen.games.dust import RULES
from gmscreen.games.dust.commands import ChooseKill, ChooseNight, EndDay, ResolveNight, Vote
from gmscreen.games.dust.panes.cycle import WIDE
from gmscreen.games.dust.sample import build_fifteen
from gmscreen.games.dust.state import DustState, NightChoice, PowerUse
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp
from tests.dust.app import CHARACTERS, CONSOLE, POSTS, pane
from tests.pilot import to_tab, until

START = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)
SIZES = [(80, 24), (200, 50)]


def night_one(folder: Path, *, resolved: bool, lynch: bool = False) -> Campaign[DustState]:
    """The sample's first night with a few choices in (and resolved); fixed times. With
    `lynch`, Day 1 ends with Whisperer's lynch rather than at the deadline."""
    store = JournalStore.create(folder / "live.toml",
                                new_header("dust", "Dust: fifteen in the church", 15,
                                           created=START))
    campaign: Campaign[DustState] = Campaign.load(RULES, store.load(), store)
    build_fifteen(campaign)
    if lynch:
        for voter in ("[Doc] Holliday", "Wyatt_E", "Parson Brown", "Sawbones", "Lamplighter",
                      "Tracks*"):
            campaign.execute(Vote(voter, "Whisperer"))
    else:
        campaign.execute(EndDay())
    for choice in (
        NightChoice("Marshal Bass", uses=(PowerUse("Cop", "Interrogate", ("Judge Holden",)),)),
        NightChoice("Tumbleweed", scavenge="The Garage"),
        NightChoice("Calamity", scavenge="The Cafe"),
        NightChoice("[Doc] Holliday", uses=(PowerUse("Crowbar", "Hiding"),)),
        NightChoice("Sawbones", uses=(PowerUse("Doctor", "Tend", ("Marshal Bass",)),)),
    ):
        campaign.execute(ChooseNight(choice))
    campaign.execute(ChooseKill("Judge Holden", "Widow Grey", "Calamity"))
    if resolved:
        campaign.execute(ResolveNight(tuple(p.name for p in campaign.state.living)))
    events = [replace(e, at=START + timedelta(minutes=e.seq)) for e in campaign.events]
    campaign.close()
    fixed = JournalStore.create(folder / "fixed.toml", campaign.header, events)
    return Campaign.load(RULES, fixed.load(), fixed)


def shown(title: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Go to a tab by its title (its number depends on the tabs before it), and wait until
    the tab has taken its layout for the screen's width: it follows a resize, which a
    loaded machine may deliver after the tab is shown (the Posts tab's 200x50 snapshot then
    caught the private messages still under the night, out of sight)."""
    async def go(pilot: Pilot[Any]) -> None:
        await to_tab(pilot, title)
        tab = pane(pilot.app, title)  # type: ignore[arg-type]
        if title in (CONSOLE, POSTS):
            await until(pilot, lambda: tab.size.width > 0
                        and tab.has_class("-wide") == (tab.size.width >= WIDE))
        await pilot.pause()
    return go


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_day_and_night_tab_at_night(snap_compare: Any, tmp_path: Path,
                                    size: tuple[int, int]) -> None:
    app = GmScreenApp(night_one(tmp_path, resolved=False))
    assert snap_compare(app, run_before=shown(CONSOLE), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_characters_tab_after_the_night(snap_compare: Any, tmp_path: Path,
                                        size: tuple[int, int]) -> None:
    app = GmScreenApp(night_one(tmp_path, resolved=True))
    assert snap_compare(app, run_before=shown(CHARACTERS), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_posts_tab_after_the_night(snap_compare: Any, tmp_path: Path,
                                   size: tuple[int, int]) -> None:
    app = GmScreenApp(night_one(tmp_path, resolved=True))
    assert snap_compare(app, run_before=shown(POSTS), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_posts_tab_at_twilight_after_a_lynch(snap_compare: Any, tmp_path: Path,
                                             size: tuple[int, int]) -> None:
    app = GmScreenApp(night_one(tmp_path, resolved=False, lynch=True))
    assert snap_compare(app, run_before=shown(POSTS), terminal_size=size)
