"""A tab's table fitted to the columns it has: the columns a narrow screen can spare left
out, then the wordiest narrowed (a longer cell ends in an ellipsis), so no column runs out of
sight at 80 columns whatever the names."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable

#: the columns shown (their indices) and the width of each one narrowed
Fit = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]


def fitted(headings: Sequence[str], rows: Sequence[Sequence[str]], room: int, *,
           spared: Sequence[str] = (), narrowed: Sequence[str] = (),
           whole: Sequence[str] = ()) -> Fit:
    """The columns that fit `room` cells: those `spared` left out first, in order, until the
    rest fit; then those `narrowed`, in order, each as far as its heading (or the widest of
    the cells `whole` it holds, words never cut), until they fit."""
    # each column as wide as its heading or its widest cell, and a space either side
    widths = {i: max([cell_len(heading), *(cell_len(row[i]) for row in rows)]) + 2
              for i, heading in enumerate(headings)}
    kept = list(widths)
    for heading in spared:
        if sum(widths[i] for i in kept) <= room:
            break
        kept.remove(headings.index(heading))
    narrow: list[tuple[int, int]] = []
    for heading in narrowed:
        over = sum(widths[i] for i in kept) - room
        if over <= 0:
            break
        index = headings.index(heading)
        kept_whole = max((cell_len(row[index]) for row in rows if row[index] in whole),
                         default=0)
        width = max(widths[index] - over, max(cell_len(heading), kept_whole) + 2)
        if width < widths[index]:
            narrow.append((index, width - 2))
            widths[index] = width
    return tuple(kept), tuple(narrow)


def show_rows(table: DataTable[Text], headings: Sequence[str], rows: Sequence[Sequence[str]],
              fit: Fit, shown: Fit | None) -> None:
    """`rows` in `table` under the columns of `fit` (the columns built anew when they differ
    from those `shown`); each row's key is its first cell."""
    kept, narrow = fit
    if fit != shown:
        widths = dict(narrow)
        table.clear(columns=True)
        for index in kept:
            table.add_column(headings[index], width=widths.get(index))
    table.clear()
    for cells in rows:
        table.add_row(*(Text(cells[i], no_wrap=True, overflow="ellipsis") for i in kept),
                      key=cells[0])
