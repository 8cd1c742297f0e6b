"""The kit's grid table: rows keyed by their first cell, the cursor kept on its row across
a refill, the last column wrapped to fit 80 columns."""

from __future__ import annotations

from textual.app import App, ComposeResult

from gmscreen.journal.sections import grid
from gmscreen.ui.sections import GridTable
from tests.pilot import synchronous

LONG = "a very long note about what this model carries and why it matters " * 2


class Host(App[None]):
    def compose(self) -> ComposeResult:
        yield GridTable(id="table")


@synchronous
async def test_rows_are_keyed_and_the_cursor_follows_its_row() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(GridTable)
        table.show(grid("Models", ("Name", "Hits", "Notes"),
                        [("Ann", 1, "fine"), ("Bo", 2, LONG), ("Cy", 1, "")]))
        await pilot.pause()
        table.move_cursor(row=1)
        assert table.highlighted == "Bo"
        table.show(grid("Models", ("Name", "Hits", "Notes"),
                        [("Zed", 1, ""), ("Ann", 1, "fine"), ("Bo", 2, LONG)]))
        await pilot.pause()
        assert table.highlighted == "Bo"
        assert table.virtual_size.width <= 80
        assert table.get_row_height("Bo") > 1  # type: ignore[arg-type]
