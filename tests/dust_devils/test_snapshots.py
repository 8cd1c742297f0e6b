"""Snapshots of Dust Devils' tabs on The Hanged Man: Characters, and Conflict with the
jail conflict dealt and its win chances worked out, at 80x24 and 200x50."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmscreen.games import rules_for
from gmscreen.games.dust_devils.panes.conflict import ConflictPane
from gmscreen.games.dust_devils.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.dust_devils.game import hands_laid_out
from tests.pilot import until

SIZES = [(80, 24), (200, 50)]


async def _settled(pilot: Any) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_characters_tab(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = GmScreenApp(open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for))
    assert snap_compare(app, press=["1"], terminal_size=size, run_before=_settled)


async def _conflict_settled(pilot: Any) -> None:
    """The Conflict tab (3; 2 is the Wanted Clock) shown, its win chances worked out: the
    tab is built as it is first shown, and its chances after it (a screenshot taken as the
    key is pressed caught them still blank on a busy machine, and so, once, did one taken
    after the workers that had started by then: the chances' worker may start later)."""
    await pilot.pause()
    await pilot.press("3")
    await until(pilot, lambda: pilot.app.query_one(ConflictPane).chances, seconds=60)
    await _settled(pilot)
    # and the hands' table laid out again with them
    await hands_laid_out(pilot)
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_conflict_tab(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = GmScreenApp(open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for))
    assert snap_compare(app, terminal_size=size, run_before=_conflict_settled)
