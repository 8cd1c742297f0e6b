"""Round 35: orders of events a loaded machine gives, made to happen in a test.

The Conflict tab's Resize comes before the layout its narrow class (under 80 columns)
asks for: the table's width read then is the old layout's, and the columns were fitted to
it (78 where the table is given 46: the Weapons column came in, out of sight)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.test_conflict_lines import FIRST_SHOTS
from tests.dead_mans_hand.test_fit import placed
from tests.pilot import cut_off, synchronous, to_tab, until


def _columns_fit(app: GmScreenApp) -> bool:
    table = app.query_one(ConflictPane).query_one("#models", DataTable)
    shown = sum(column.get_render_width(table) for column in table.ordered_columns)
    return (table.size.width > 0 and shown <= table.scrollable_content_region.width
            and cut_off(app) == [])


@synchronous
async def test_the_conflict_tab_opened_under_80_columns_fits_its_table(tmp_path: Path) -> None:
    """At 78x24 (the undo preview's tabs, a narrow terminal) the table's columns fit the
    46 columns it is given, not the 78 it had before the narrow layout."""
    app = GmScreenApp(placed(tmp_path / "c", *FIRST_SHOTS))
    async with app.run_test(size=(78, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: app.query_one(ConflictPane).has_class("-narrow"))
        await until(pilot, lambda: _columns_fit(app))
        table = app.query_one(ConflictPane).query_one("#models", DataTable)
        assert [str(c.label) for c in table.ordered_columns] == ["Name", "Val", "Hits",
                                                                  "Notes"]


@synchronous
async def test_the_conflict_tab_narrowed_to_78_columns_fits_its_table_again(
        tmp_path: Path) -> None:
    """From 80 columns to 78 and back: the columns follow the table's own width each way."""
    app = GmScreenApp(placed(tmp_path / "c", *FIRST_SHOTS))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: _columns_fit(app))
        await pilot.resize_terminal(78, 24)
        await until(pilot, lambda: app.query_one(ConflictPane).has_class("-narrow"))
        await until(pilot, lambda: _columns_fit(app))
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: not app.query_one(ConflictPane).has_class("-narrow"))
        await until(pilot, lambda: _columns_fit(app))
