"""What a view shows, as plain data: the sections every game's `view.py` returns.

A game's views are Textual-free functions that turn a state (the Dealer's) or what the table
knows (the players') into sections: a `Grid` (a table of columns and rows) or `Lines` (a few
lines of text). The tabs draw them with Textual, `gmscreen replay` and the recap print them
as text, the players' screen draws the table's. A glossary line (`note`) under a grid says
what its abbreviations mean.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Grid:
    """A table: a title, its columns' headings and its rows (each as long as the columns)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    #: said under the table: what its abbreviations mean, or why it is empty
    note: str = ""
    #: the columns (by heading) a screen too narrow for the table cuts short, each cell
    #: ending in an ellipsis, so every row keeps one line and the numbers stay whole:
    #: names shown in full elsewhere. With none, a tab's table wraps its last column
    shortened: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.columns):
                raise ValueError(f"{self.title}: a row of {len(row)} cells under "
                                 f"{len(self.columns)} columns")
        for heading in self.shortened:
            if heading not in self.columns:
                raise ValueError(f"{self.title}: no column {heading!r} to shorten")


@dataclass(frozen=True)
class Lines:
    """A few lines of text under a title."""

    title: str
    lines: tuple[str, ...]


Section = Grid | Lines


def grid(title: str, columns: Sequence[str], rows: Iterable[Sequence[object]],
         note: str = "", shortened: Sequence[str] = ()) -> Grid:
    """A Grid from any cells (each shown as its str)."""
    return Grid(title, tuple(columns), tuple(tuple(str(c) for c in row) for row in rows), note,
                tuple(shortened))


def lines(title: str, *text: str) -> Lines:
    return Lines(title, tuple(text))


def as_text(sections: Iterable[Section]) -> str:
    """The sections as plain text for a terminal or a file: titles underlined, tables in
    aligned columns (a cell never wraps; the widest sets its column)."""
    out: list[str] = []
    for section in sections:
        if out:
            out.append("")
        out.append(section.title)
        out.append("=" * len(section.title))
        if isinstance(section, Lines):
            out.extend(section.lines)
            continue
        widths = [max([len(h), *(len(row[i]) for row in section.rows)])
                  for i, h in enumerate(section.columns)]
        out.append("  ".join(h.ljust(w) for h, w in zip(section.columns, widths,
                                                         strict=True)).rstrip())
        out.append("  ".join("-" * w for w in widths))
        for row in section.rows:
            out.append("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
        if not section.rows:
            out.append("(none)")
        if section.note:
            out.append(section.note)
    return "\n".join(out) + "\n"
