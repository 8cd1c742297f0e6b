"""Snapshots of the three tabs on the sample campaign at 80x24, and two at 200x50."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmscreen.games import rules_for
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp


def sample_app(folder: Path) -> GmScreenApp:
    return GmScreenApp(open_campaign(write_sample(SAMPLES[0], folder), rules_for))


@pytest.mark.parametrize("tab", ["1", "2", "3"], ids=["characters", "wanted-clock", "conflict"])
def test_tabs_at_80x24(snap_compare: Any, tmp_path: Path, tab: str) -> None:
    assert snap_compare(sample_app(tmp_path), press=[tab], terminal_size=(80, 24))


def test_conflict_at_200x50(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(sample_app(tmp_path), press=["3", "n", "n", "f"],
                        terminal_size=(200, 50))


def test_characters_at_200x50_shows_the_sheet_beside_the_table(snap_compare: Any,
                                                                tmp_path: Path) -> None:
    assert snap_compare(sample_app(tmp_path), press=["1", "down"], terminal_size=(200, 50))
