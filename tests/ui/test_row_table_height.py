"""A table as tall as its rows (`height: auto`) is laid out with the rows it is filled with,
even when the screen is laid out between the rows going in and their being measured (the
order a loaded machine once gave: Dust Devils' Conflict tab shown with its table of hands
no rows high, until the next key)."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from gmscreen.ui.sections import MeasuredTable, RowTable
from tests.pilot import screen_text, synchronous, until


class Host(App[None]):
    CSS = """
    MeasuredTable { height: auto; max-height: 1fr; }
    #below { height: 1fr; }
    """

    def __init__(self, kind: type[MeasuredTable]) -> None:
        super().__init__()
        self.kind = kind

    def compose(self) -> ComposeResult:
        with Vertical():
            yield self.kind(id="table")
            with VerticalScroll(id="below"):
                yield Static("the steps")


@pytest.mark.parametrize("kind", [MeasuredTable, RowTable], ids=lambda k: k.__name__)
@synchronous
async def test_rows_measured_after_a_layout_in_between_are_laid_out(
        kind: type[MeasuredTable]) -> None:
    """A view's table (shown) and a tab's (to choose among) alike."""
    app = Host(kind)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(MeasuredTable)
        await pilot.pause()
        assert table.size.height == 0  # no columns yet, as a tab's table before its first draw
        table.add_columns("Hand", "Cards")
        table.add_row(Text("Ann"), Text("A♠ K♥"))
        table.add_row(Text("Bo"), Text("7♣"))
        table.refresh(layout=True)  # a layout asked for, as a redraw asks it...
        # ...and the screen laid out anew (for the note beside the table, say) before the
        # table's own turn measures the new rows: the order a busy machine once gave,
        # called here so that it comes every time
        app.query_one(Vertical)._clear_arrangement_cache()
        app.screen._refresh_layout()
        await pilot.pause()
        await pilot.pause()
        assert table.virtual_size.height == 3
        assert table.size.height == 3, table.size


@pytest.mark.parametrize("kind", [MeasuredTable, RowTable], ids=lambda k: k.__name__)
@synchronous
async def test_cells_drawn_before_their_rows_are_measured_are_drawn_whole_once_they_are(
        kind: type[MeasuredTable]) -> None:
    """A table keeps each cell as drawn, keyed without its column's width: cells drawn by a
    refresh that came before the table's own turn measured its new rows (a loaded
    machine's order) stayed cut to the headings' widths, "Big " for "Big Jim Callahan" on
    the players' screen, till the next change of the table."""
    app = Host(kind)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(MeasuredTable)
        await pilot.pause()
        table.add_columns("Name", "Guns")
        table.add_row(Text("Big Jim Callahan"), Text("Dual Pistols"))
        table.render_line(1)  # the refresh that came first, called so that it comes every time
        await until(pilot, lambda: table.virtual_size.width >= len("Big Jim Callahan"))
        await pilot.pause()
        shown = screen_text(app)
        assert "Big Jim Callahan" in shown and "Dual Pistols" in shown
