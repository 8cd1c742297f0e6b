"""A tab's table of models, filled from a view's Grid: each row keyed by its first cell (the
model's name), so a step can act on the model highlighted."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from gmscreen.journal.sections import Grid


def fill(table: DataTable[Text], drawn: Grid) -> None:
    """Refill `table` with the grid's rows, the cursor kept on its row (or the last)."""
    row = table.cursor_row
    table.clear()
    for cells in drawn.rows:
        table.add_row(*(Text(c) for c in cells), key=cells[0])
    if table.row_count:
        table.move_cursor(row=min(row, table.row_count - 1))


def highlighted(table: DataTable[Text]) -> str | None:
    """The key (the model) of the row the cursor is on; None for an empty table."""
    if not table.row_count:
        return None
    key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
    return str(key) if key is not None else None
