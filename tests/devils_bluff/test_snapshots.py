"""Snapshots of Devils Bluff's tabs at 80x24 and 200x50: the one-off sample's first round,
on the Characters tab and on the Conflict tab."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from gmscreen.games.devils_bluff import RULES
from gmscreen.games.devils_bluff.sample import build_one_off
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp

START = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)
SIZES = [(80, 24), (200, 50)]


def one_off(folder: Path) -> Campaign[DevilsBluffState]:
    """The one-off sample at its first round, with fixed times."""
    store = JournalStore.create(folder / "live.toml",
                                new_header("devils-bluff", "Devils Bluff: a one-off", 6,
                                           created=START))
    campaign: Campaign[DevilsBluffState] = Campaign.load(RULES, store.load(), store)
    build_one_off(campaign)
    events = [replace(e, at=START + timedelta(minutes=e.seq)) for e in campaign.events]
    campaign.close()
    fixed = JournalStore.create(folder / "fixed.toml", campaign.header, events)
    return Campaign.load(RULES, fixed.load(), fixed)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_characters_tab(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = GmScreenApp(one_off(tmp_path))
    assert snap_compare(app, press=["1"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_conflict_tab(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = GmScreenApp(one_off(tmp_path))
    assert snap_compare(app, press=["3"], terminal_size=size)  # 2 is the Wanted Clock
