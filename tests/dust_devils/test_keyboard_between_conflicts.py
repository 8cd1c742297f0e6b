"""The Conflict tab keeps the keyboard as a conflict ends and its hands' table is hidden: a
(a character enters) answers at once, and the table has the keyboard again once a hand is
listed (round 64, at 80x24: a did nothing until the Dealer left the tab and came back)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.dust_devils.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.pilot import footer_keys, synchronous, to_tab, until


@synchronous
async def test_a_answers_as_soon_as_the_conflict_ends(tmp_path: Path) -> None:
    app = GmScreenApp(open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        # the sample's conflict 5 is at the Draw: call, place the loser's Difficulty, end
        for key in ("l", "k"):
            await pilot.press(key)
            await until(pilot, lambda: isinstance(app.screen, Form))
            await pilot.press("ctrl+s")
            await until(pilot, lambda: not isinstance(app.screen, Form))
        await pilot.press("e")
        hands = app.screen.query_one("#dd-hands", DataTable)
        await until(pilot, lambda: not hands.display)
        await pilot.pause()
        assert "a" in footer_keys(app)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        assert app.focused is not None and "a" in footer_keys(app)
