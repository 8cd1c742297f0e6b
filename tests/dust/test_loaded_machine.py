"""Round 35, a loaded machine: the orders of events a busy machine gives, made to happen
(docs/rules/dust.md, "A loaded machine (round 35)")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.message import Message

from gmscreen.games.dust.panes.base import DustPane
from gmscreen.games.dust.panes.characters import CharactersPane
from gmscreen.games.dust.panes.cycle import WIDE, CyclePane
from gmscreen.games.dust.panes.resolution import PostsPane
from gmscreen.ui.app import GmScreenApp
from tests.dust.app import CHARACTERS, CONSOLE, POSTS, pane, sample_campaign
from tests.dust.test_snapshots import night_one
from tests.pilot import synchronous, to_tab, until

TABS: dict[str, type[DustPane]] = {CHARACTERS: CharactersPane, CONSOLE: CyclePane, POSTS: PostsPane}


@pytest.mark.parametrize("title", list(TABS))
@synchronous
async def test_a_tab_laid_out_wide_with_no_resize_after_it_stands_its_parts_side_by_side(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, title: str) -> None:
    """A loaded machine (the Posts tab's 200x50 snapshot, 5 in 60 openings under load) laid
    the tab out at 200 columns and gave it no Resize after that, for ten seconds and more:
    the tab took its side by side layout (`-wide`) only from a Resize, and the private
    messages stayed under the night, out of sight. Here no Resize reaches the tab at all."""
    kind = TABS[title]
    posted = kind.post_message

    def without_resize(self: Any, message: Message) -> bool:
        if isinstance(message, events.Resize):
            return False  # lost, or later than the test waits
        return bool(posted(self, message))

    monkeypatch.setattr(kind, "post_message", without_resize)
    app = GmScreenApp(night_one(tmp_path, resolved=True))
    async with app.run_test(size=(200, 50)) as pilot:
        await to_tab(pilot, title)
        tab = pane(app, title)
        await until(pilot, lambda: tab.size.width >= WIDE and tab.has_class("-wide"))
        # and narrowed to 80 columns, one under another again
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: 0 < tab.size.width < WIDE and not tab.has_class("-wide"))


@synchronous
async def test_the_deadlines_dial_follows_the_terminal_made_larger_after_the_tab_was_built(
        tmp_path: Path) -> None:
    """The deadline pane read the screen's size once, as the clocks tab was first built: a
    laptop's 80x24 gave the tiny dial, which stayed tiny at 140x45 (the moderator's own
    clocks beside it grew), and a dial built large stayed large at 80x24."""
    from gmscreen.ui.clock_face import ClockFace
    from gmscreen.ui.tabs import WANTED_CLOCK
    app = GmScreenApp(sample_campaign(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, WANTED_CLOCK)
        face = pane(app, WANTED_CLOCK).query_one("#dust-deadline-face", ClockFace)
        assert face.has_class("-tiny") and not face.has_class("-small")
        await pilot.resize_terminal(140, 45)
        await until(pilot, lambda: face.has_class("-small") and not face.has_class("-tiny"))
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: face.has_class("-tiny") and not face.has_class("-small"))
