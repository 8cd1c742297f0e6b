"""A column to read beside a table takes the keyboard only while it has more than it
shows: Tab from Dead Man's Hand's black posse went to the model's detail below (unmarked,
nothing to scroll), and only a second Tab came round to the red (round 64)."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import DataTable, Static

from gmscreen.games import rules_for
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import all_samples, write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.pane import GamePane
from gmscreen.ui.reading import ReadingScroll
from tests.pilot import shell_up, synchronous, until


class Beside(App[None]):
    def __init__(self, lines: int) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield DataTable(id="one")
        with ReadingScroll(id="reading"):
            yield Static("\n".join(f"line {n}" for n in range(self.lines)))
        yield DataTable(id="two")


async def _tab_from_one(lines: int) -> str | None:
    app = Beside(lines)
    async with app.run_test(size=(60, 20)) as pilot:
        app.query_one("#one").focus()
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        return app.focused.id if app.focused is not None else None


@synchronous
async def test_a_column_all_in_sight_is_no_tab_stop() -> None:
    assert await _tab_from_one(3) == "two"


@synchronous
async def test_a_column_with_more_than_it_shows_takes_the_keyboard_to_scroll() -> None:
    assert await _tab_from_one(60) == "reading"


class Alone(App[None]):
    """A tab whose only place for the keyboard is a short column, a table hidden beside."""

    def compose(self) -> ComposeResult:
        with GamePane():
            yield DataTable(id="hidden")
            with ReadingScroll(id="reading"):
                yield Static("short")

    def on_mount(self) -> None:
        self.query_one("#hidden").display = False


@synchronous
async def test_a_short_column_takes_the_keyboard_where_nothing_else_in_its_tab_can() -> None:
    # the tab's keys are its pane's: with the keyboard nowhere in it they answered nothing
    # (Dust's posts lost c and y from the footer)
    app = Alone()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        reading = app.query_one(ReadingScroll)
        assert reading.focusable
        app.query_one("#hidden").display = True
        await pilot.pause()
        assert not reading.focusable


@synchronous
async def test_tab_goes_from_one_posse_to_the_other(tmp_path: Path) -> None:
    sample = next(s for s in all_samples() if s.file == "dead-mans-hand-jailbreak")
    campaign = open_campaign(write_sample(sample, tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await shell_up(pilot)
        tables = list(app.screen.query("DataTable").results(DataTable))
        posses = [t for t in tables if t.region.height and t.display]
        assert len(posses) >= 2
        first, second = posses[0], posses[1]
        second.focus()
        await until(pilot, lambda: app.focused is second)
        await pilot.press("tab")
        await until(pilot, lambda: app.focused is not second)
        assert app.focused is first
