"""Snapshots of the three tabs on the sample campaign at 80x24, and two at 200x50. Each
waits until its tab is shown (a shared machine can be slow to switch) and draws no
animation, so a picture never catches the tab bar halfway."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from gmscreen.games import rules_for
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.pilot import to_tab


def sample_app(folder: Path) -> GmScreenApp:
    app = GmScreenApp(open_campaign(write_sample(SAMPLES[0], folder), rules_for))
    app.animation_level = "none"
    return app


def on_tab(tab: str, *then: str) -> Callable[[Pilot[Any]], Any]:
    """Before the picture: tab `tab` shown with the keyboard in it, then keys `then`."""
    async def switch(pilot: Pilot[Any]) -> None:
        await to_tab(pilot, tab)
        for key in then:
            await pilot.press(key)
        await pilot.pause()
    return switch


@pytest.mark.parametrize("tab", ["1", "2", "3"], ids=["characters", "wanted-clock", "conflict"])
def test_tabs_at_80x24(snap_compare: Any, tmp_path: Path, tab: str) -> None:
    assert snap_compare(sample_app(tmp_path), run_before=on_tab(tab), terminal_size=(80, 24))


def test_conflict_at_200x50(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(sample_app(tmp_path), run_before=on_tab("3", "p", "p", "f"),
                        terminal_size=(200, 50))


def test_characters_at_200x50_shows_the_sheet_beside_the_table(snap_compare: Any,
                                                                tmp_path: Path) -> None:
    assert snap_compare(sample_app(tmp_path), run_before=on_tab("1", "down"),
                        terminal_size=(200, 50))
