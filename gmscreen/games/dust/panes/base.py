"""What Dust's tabs share: the state they show, a view's grid drawn into a table, and a form
whose command asks a question first only when it matters (the hammer)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.widgets import DataTable

from gmscreen.games.dust.state import DustState
from gmscreen.journal.sections import Grid, Lines
from gmscreen.ui.form import Form, Values
from gmscreen.ui.steps import StepPane


class DustPane(StepPane[DustState]):
    """A Dust tab: its keys asked of the rules (`why_not`), its text made by `view`."""


def show_grid(table: DataTable[Any], shown: Grid, *, room: int = 0, keyed: bool = False
              ) -> None:
    """Draw a view's grid into `table`, each column as wide as its widest cell: measured here,
    because a table refilled while a form covers it keeps the widths of its headings. With
    `room` (the columns the table has), the last column is held to what is left and wraps;
    `keyed` keys each row by its first cell (a name)."""
    table.clear(columns=True)
    widths = [max([len(label), *(len(row[index]) for row in shown.rows)])
              for index, label in enumerate(shown.columns)]
    if room and widths:
        # each cell has a column of padding on either side; two more for a scrollbar
        left = room - sum(widths[:-1]) - 2 * len(widths) - 2
        widths[-1] = max(len(shown.columns[-1]), min(widths[-1], left))
    for label, width in zip(shown.columns, widths, strict=True):
        table.add_column(Text(label), width=width)
    for row in shown.rows:
        table.add_row(*(Text(cell) for cell in row), height=None if room else 1,
                      key=row[0] if keyed else None)


def sheet_text(parts: list[Lines], hint: str = "") -> Text:
    """Sheets of lines as the detail box shows them: a hint in italics, each title bold."""
    text = Text()
    if hint:
        text.append(hint + "\n", style="italic")
    for number, part in enumerate(parts):
        text.append(("\n" if number else "") + part.title, style="bold")
        for line in part.lines:
            text.append(f"\n{line}")
    return text


def ask_then(pane: DustPane, form: Form, command: Callable[[Values], Any],
             question: Callable[[Any], str | None]) -> None:
    """`ask`, with the question asked before the command is sent made from the command
    itself (None: none asked): a vote asks only when it is the hammer."""
    def checked(values: Values) -> Any:
        made = command(values)
        pane.check(made)
        return made

    def sent(made: Any) -> None:
        if made is not None:
            pane.send(made, confirm=question(made))

    form.check = checked
    pane.app.push_screen(form, sent)
