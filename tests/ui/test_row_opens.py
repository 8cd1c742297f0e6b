"""A tab's table whose rows open a step (`RowTable.opens`): Enter opens the row it was
pressed on, in the key's turn, whatever is typed straight after it; a single click only
highlights, a double click opens (or a single one on the row highlighted, for a list that
does nothing else)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Input

from gmscreen.ui.dialog import Dialog, TypingAhead
from gmscreen.ui.in_order import InOrderInput
from gmscreen.ui.sections import RowTable
from tests.pilot import EITHER_WAY, burst, synchronous, type_in, until


class Names(RowTable):
    """Three names, one to a row, the keyboard on them."""

    def on_mount(self) -> None:
        self.add_columns("Name")
        for name in ("Ann", "Bo", "Cy"):
            self.add_row(Text(name), key=name)
        self.focus()


def names(opens: Callable[[int], None]) -> Names:
    table = Names(id="table", cursor_type="row")
    table.opens = opens
    return table


class Host(App[None]):
    def __init__(self, single_click_opens: bool = False) -> None:
        super().__init__()
        self.opened: list[str] = []
        self.single_click_opens = single_click_opens

    def compose(self) -> ComposeResult:
        table = names(self.open_row)
        table.single_click_opens = self.single_click_opens
        yield table

    def open_row(self, row: int) -> None:
        self.opened.append(self.query_one(RowTable).row_key_at(row))


@EITHER_WAY
@synchronous
async def test_enter_opens_the_row_it_was_pressed_on(quickly: bool) -> None:
    app = Host()
    async with app.run_test(size=(40, 10)) as pilot:
        await type_in(pilot, ["down", "enter", "down", "enter"], in_one_burst=quickly)
        await until(pilot, lambda: len(app.opened) == 2)
        assert app.opened == ["Bo", "Cy"]


@pytest.mark.parametrize("single", [False, True], ids=["double-click", "single-click"])
@synchronous
async def test_a_click_on_the_row_highlighted(single: bool) -> None:
    app = Host(single_click_opens=single)
    async with app.run_test(size=(40, 10)) as pilot:
        table: Any = app.query_one(RowTable)
        await pilot.click(table, offset=(2, 2))  # Bo's row, highlighted now
        await until(pilot, lambda: table.cursor_row == 1)
        await pilot.click(table, offset=(2, 2))
        await pilot.pause()
        assert app.opened == (["Bo"] if single else [])
        if not single:
            await pilot.click(table, offset=(2, 2), times=2)
            await until(pilot, lambda: app.opened == ["Bo"])


class Ask(Dialog[str]):
    def compose(self) -> ComposeResult:
        yield InOrderInput(id="who")


class Tab(Vertical):
    """A tab: its table's row opens a dialog to type in."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[tuple[str, Ask]] = []

    def compose(self) -> ComposeResult:
        yield names(self.open_row)

    def open_row(self, row: int) -> None:
        ask = Ask()
        self.asked.append((self.query_one(RowTable).row_key_at(row), ask))
        self.app.push_screen(ask)


class Typed(TypingAhead[None]):
    def compose(self) -> ComposeResult:
        yield Tab()


@synchronous
async def test_what_is_typed_after_enter_goes_into_the_step_it_opens() -> None:
    app = Typed()
    async with app.run_test(size=(40, 10)) as pilot:
        tab = app.query_one(Tab)
        await until(pilot, lambda: app.query_one(RowTable).row_count == 3)
        burst(app, ["down", "enter", "B", "o", "b"])
        await until(pilot, lambda: tab.asked and tab.asked[0][1].query_one(Input).value)
        await pilot.pause()
        row, ask = tab.asked[0]
        assert (row, ask.query_one(Input).value) == ("Bo", "Bob")
