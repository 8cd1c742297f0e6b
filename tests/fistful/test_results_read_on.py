"""The Conflict tab's last roll and the rolls before it are read to their end by keys at
80x24: Tab reaches them while they run past the screen's foot, and End shows their last
line (round 64: they were cut mid-line at the foot, with no key to read on)."""

from __future__ import annotations

from pathlib import Path

from textual.widget import Widget

from gmscreen.games import rules_for
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.pilot import synchronous, to_tab, until


@synchronous
async def test_the_earlier_rolls_are_read_to_their_end_at_80x24(tmp_path: Path) -> None:
    app = GmScreenApp(open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        result = app.screen.query_one("#ff-result")
        await until(pilot, lambda: "Earlier" in str(result.render()))

        def holds_result() -> bool:
            focused: Widget | None = app.focused
            return focused is not None and focused in result.ancestors

        for _ in range(3):
            if holds_result():
                break
            await pilot.press("tab")
            await pilot.pause()
        assert holds_result(), app.focused
        scroll = app.focused
        assert scroll is not None and scroll.max_scroll_y > 0
        await pilot.press("end")
        await until(pilot, lambda: scroll.scroll_y == scroll.max_scroll_y)
