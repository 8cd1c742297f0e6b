"""A table's keys move its cursor in the order typed, and the tab hears of the row
highlighted before the step of the key typed after runs (`RowTable`): down then o in one
burst on Fistful's Conflict tab opened the Opposed test at the Stakes before the down."""

from __future__ import annotations

from typing import ClassVar

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable

from gmscreen.ui.sections import RowTable
from tests.pilot import synchronous, type_in, until


class Stakes(App[None]):
    """A tab that keeps the Stakes of the row highlighted; o takes them."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("o", "take", "Take the Stakes")]

    def __init__(self) -> None:
        super().__init__()
        self.stakes = 1
        self.taken: list[int] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield RowTable(cursor_type="row")

    def on_mount(self) -> None:
        table = self.query_one(RowTable)
        table.add_column("Stakes")
        for stakes in "12345":
            table.add_row(Text(stakes), key=stakes)
        table.focus()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key.value is not None:
            self.stakes = int(event.row_key.value)

    def action_take(self) -> None:
        self.taken.append(self.stakes)


@pytest.mark.parametrize("in_one_burst", [True, False], ids=["in-one-burst", "a-key-at-a-time"])
@synchronous
async def test_a_step_typed_after_a_move_in_a_table_finds_the_row_moved_to(
        in_one_burst: bool) -> None:
    app = Stakes()
    async with app.run_test(size=(40, 12)) as pilot:
        await until(pilot, lambda: app.focused is app.query_one(RowTable))
        await type_in(pilot, ["down", "o", "down", "down", "o", "up", "o"],
                      in_one_burst=in_one_burst)
        await until(pilot, lambda: len(app.taken) == 3)
    assert app.taken == [2, 4, 3]
