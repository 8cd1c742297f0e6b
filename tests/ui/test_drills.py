"""Reliability drills of issue 8 that need the app: a 10,000-character note and a character
with 200 Knacks (more than any sheet may have: only a hand-edited journal holds one) are
shown whole, as text, and every key still answers. How quickly is the bench's to say
(`python -m bench --only app`), not a test's."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Static

from gmscreen.games import rules_for
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.log_view import LogView
from gmscreen.ui.shell import ShellScreen
from tests.ui.support import START, synchronous, to_tab, until

NOTE = ("[bold]Old Scratch[/bold] rides in. " * 400)[:10_000]
KNACKS = [{"name": f"[red]Knack[/red] {n}", "rating": 1 + n % 4} for n in range(200)]


def heavy_campaign(folder: Path) -> Campaign[Any]:
    sheet = {"name": "Old Scratch", "player": False, "ratings": [5, 5, 5, 5],
             "knacks": KNACKS, "traits": [], "devil": "", "devil_rating": 0, "vocation": "",
             "description": "", "back_story": "", "notes": "", "chips": 0}
    events = [Event(1, START, 0, "dust_devils.character_made", sheet, 1),
              Event(2, START + timedelta(minutes=1), 0, "note",
                    {"text": NOTE, "about": ["Old Scratch"]}, 2)]
    header = new_header("dust-devils", "The Long Night", 1881, created=START)
    store = JournalStore.create(folder / "heavy.toml", header, events)
    return Campaign.load(rules_for("dust-devils"), store.load(), store)


async def answered(pilot: Any, key: str) -> None:
    await pilot.press(key)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@synchronous
async def test_a_long_note_and_200_knacks_leave_the_screen_responsive(tmp_path: Path) -> None:
    campaign = heavy_campaign(tmp_path)
    assert len(campaign.state.characters[0].knacks) == 200
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, ShellScreen)
        titles = app.screen.titles
        await to_tab(pilot, str(titles.index("Characters") + 1))
        table = app.screen.query_one("#dd-characters", DataTable)
        await until(pilot, lambda: table.row_count == 1)
        sheet = app.screen.query_one("#dd-sheet-text", Static)
        await until(pilot, lambda: "Knack" in str(sheet.render()))
        shown = str(sheet.render())
        assert "Knacks (200 of 10)" in shown and "[red]Knack[/red] 199 4" in shown
        for key in ("down", "up", "pagedown", "home"):
            await answered(pilot, key)
        assert table.cursor_row == 0
        await to_tab(pilot, str(titles.index("Encounter Log") + 1))
        view = app.screen.query_one(LogView)
        await until(pilot, lambda: view.line is not None)
        for key in ("end", "up", "down", "home", "end"):
            await answered(pilot, key)
        assert view.line is not None and view.line.seq == 2
        detail = str(app.screen.query_one("#log-detail", Static).render())
        assert NOTE in detail  # the whole note, as typed
