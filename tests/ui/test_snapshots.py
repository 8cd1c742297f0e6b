"""Pictures of the shell's screens over the tally test game, compared with the accepted ones
in __snapshots__ (update with `pytest tests/ui/test_snapshots.py --snapshot-update`, then
look at every changed SVG before committing it)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import TextArea

from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.log_view import LogView
from gmscreen.ui.shell import ShellScreen
from gmscreen.ui.undo_preview import UndoPreview
from tests.ui.support import played, to_tab, until

SnapCompare = Callable[..., bool]


def app_of(tmp_path: Path) -> GmScreenApp:
    app = GmScreenApp(played(tmp_path))
    app.animation_level = "none"  # the tab underline must not be caught sliding
    return app


def on_event(seq: int) -> Callable[[Pilot[Any]], Any]:
    """Before the picture: the log's cursor on event `seq`."""
    async def move(pilot: Pilot[Any]) -> None:
        await to_tab(pilot, "5")
        view = pilot.app.screen.query_one(LogView)
        view.cursor = next(i for i, line in enumerate(view.lines) if line.seq == seq)
        await pilot.pause()
    return move


def on_tab(key: str) -> Callable[[Pilot[Any]], Any]:
    """Before the picture: tab `key` shown, with the keyboard in it."""
    async def switch(pilot: Pilot[Any]) -> None:
        await to_tab(pilot, key)
    return switch


@pytest.mark.parametrize("tab", ["1", "2", "3", "4", "5"])
def test_each_tab_at_80x24(snap_compare: SnapCompare, tmp_path: Path, tab: str) -> None:
    assert snap_compare(app_of(tmp_path), run_before=on_tab(tab), terminal_size=(80, 24))


def test_the_log_at_200x50(snap_compare: SnapCompare, tmp_path: Path) -> None:
    assert snap_compare(app_of(tmp_path), run_before=on_tab("5"), terminal_size=(200, 50))


def test_the_characters_at_200x50(snap_compare: SnapCompare, tmp_path: Path) -> None:
    assert snap_compare(app_of(tmp_path), press=["_"], terminal_size=(200, 50))


def test_ending_a_session_asks(snap_compare: SnapCompare, tmp_path: Path) -> None:
    async def ask(pilot: Pilot[Any]) -> None:
        await pilot.pause()  # the tab bar's underline is drawn under the first tab
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(pilot.app.screen, Confirm))

    assert snap_compare(app_of(tmp_path), run_before=ask, terminal_size=(80, 24))


def test_undo_to_here_previews(snap_compare: SnapCompare, tmp_path: Path) -> None:
    async def preview(pilot: Pilot[Any]) -> None:
        await on_event(4)(pilot)
        await pilot.press("u")
        await until(pilot, lambda: isinstance(pilot.app.screen, UndoPreview))

    assert snap_compare(app_of(tmp_path), run_before=preview, terminal_size=(80, 24))


def test_replay_marks_the_past(snap_compare: SnapCompare, tmp_path: Path) -> None:
    async def replay(pilot: Pilot[Any]) -> None:
        await on_event(4)(pilot)
        await pilot.press("r")
        screen = pilot.app.screen
        assert isinstance(screen, ShellScreen)
        await until(pilot, lambda: screen.replayed == 4)

    assert snap_compare(app_of(tmp_path), run_before=replay, terminal_size=(80, 24))


def test_a_note_is_written_in_a_dialog(snap_compare: SnapCompare, tmp_path: Path) -> None:
    async def write(pilot: Pilot[Any]) -> None:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(pilot.app.focused, TextArea))
        await pilot.press(*"The stage is late.")

    assert snap_compare(app_of(tmp_path), run_before=write, terminal_size=(80, 24))
