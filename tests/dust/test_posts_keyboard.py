"""The Posts tab, shown for the first time, has the keyboard: its keys answer at once and
the footer offers them, at 80x24 and 200x50 (round 64: the keyboard went nowhere, as the
tab's one column to read was given it before it was laid out)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.dust.app import POSTS, app_of, pane, sample_campaign
from tests.pilot import footer_keys, shell_up, synchronous, until


@pytest.mark.parametrize("size", [(80, 24), (200, 50)])
@synchronous
async def test_the_posts_tab_shown_first_has_the_keyboard(tmp_path: Path,
                                                           size: tuple[int, int]) -> None:
    app, notices = app_of(sample_campaign(tmp_path))
    async with app.run_test(size=size) as pilot:
        await shell_up(pilot)
        await pilot.press("4")
        posts = pane(app, POSTS)
        await until(pilot, lambda: app.focused is not None)
        assert app.focused is not None and posts in (app.focused, *app.focused.ancestors)
        assert {"c", "y"} <= footer_keys(app)
        await pilot.press("c")
        await until(pilot, lambda: any("copied" in n.message for n in notices))
