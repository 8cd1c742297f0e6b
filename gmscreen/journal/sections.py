"""What a view shows, as plain data: the sections every game's `view.py` returns.

A game's views are Textual-free functions that turn a state (the Dealer's) or what the table
knows (the players') into sections: a `Grid` (a table of columns and rows) or `Lines` (a few
lines of text). The tabs draw them with Textual, `gmscreen replay` and the recap print them
as text, the players' screen draws the table's. A glossary line (`note`) under a grid says
what its abbreviations mean.
"""

from __future__ import annotations

import re
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from rich.cells import cell_len


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
    #: the fewest cells a shortened column keeps while another can give room ("killed
    #: Night 1" read "killed Ni…" beside a long name): (heading, cells) pairs
    least: tuple[tuple[str, int], ...] = ()
    #: what went before (earlier conflicts, the thread's old posts), which grows all
    #: campaign: the players' screen puts the notes told to the table above the first such
    past: bool = False
    #: the last section of what the table must act on now: the players' screen puts the
    #: notes told to the table right after it (without one, above the first `past` section)
    notes_after: bool = False
    #: the rows with longer words (whole names where `rows` has short ones), drawn instead
    #: where every one fits as a table (a TV), with `wide_note` for `note` (without the key
    #: to the short words; give `note` again where it says more) and under
    #: `wide_columns` where they are not `columns` (a column of its own for what the short
    #: rows say beside the name)
    wide: tuple[tuple[str, ...], ...] = ()
    wide_note: str = ""
    wide_columns: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        wide_columns = self.wide_columns or self.columns
        for row, columns in (*((r, self.columns) for r in self.rows),
                             *((r, wide_columns) for r in self.wide)):
            if len(row) != len(columns):
                raise ValueError(f"{self.title}: a row of {len(row)} cells under "
                                 f"{len(columns)} columns")
        for heading in self.shortened:
            if heading not in self.columns:
                raise ValueError(f"{self.title}: no column {heading!r} to shorten")
        for heading, _ in self.least:
            if heading not in self.shortened:
                raise ValueError(f"{self.title}: {heading!r} is not a shortened column")


@dataclass(frozen=True)
class Lines:
    """A few lines of text under a title."""

    title: str
    lines: tuple[str, ...]
    #: what went before, as `Grid.past`
    past: bool = False
    #: the notes told to the table come after it, as `Grid.notes_after`
    notes_after: bool = False


Section = Grid | Lines


def grid(title: str, columns: Sequence[str], rows: Iterable[Sequence[object]],
         note: str = "", shortened: Sequence[str] = (), *,
         least: Mapping[str, int] | None = None,
         wide: Iterable[Sequence[object]] = (), wide_note: str = "",
         wide_columns: Sequence[str] = ()) -> Grid:
    """A Grid from any cells (each shown as its str)."""
    return Grid(title, tuple(columns), tuple(tuple(str(c) for c in row) for row in rows), note,
                tuple(shortened), tuple((least or {}).items()),
                wide=tuple(tuple(str(c) for c in row) for row in wide),
                wide_note=wide_note, wide_columns=tuple(wide_columns))


#: the space that joins a name's words on the screens (never broken at there)
NO_BREAK = "\u00a0"


def whole(words: str) -> str:
    """`words` (a name of several) kept on one row where the screens wrap a line: joined by
    no-break spaces, at which the kit never breaks ("Little Orphan" / "Annie" read as two
    names in a list of them)."""
    return words.replace(" ", NO_BREAK)


def names_found(names: Iterable[str]) -> re.Pattern[str] | None:
    """Each of `names` in a line, with the count or score just after it ("Sheriff Cole 5"
    in "Cards held: ..., Sheriff Cole 5 · Draw Deck 36"): a number alone at a row's start
    read as nobody's. None for no names."""
    named = sorted({n for n in names if n.strip()}, key=len, reverse=True)
    if not named:
        return None
    alternatives = "|".join(map(re.escape, named))
    return re.compile(rf"(?:{alternatives})(?: \d+(?![\w♠♥♦♣/]))?")


def names_kept_whole(names: Iterable[str]) -> Callable[[str], str]:
    """A line with each of `names`, and a count just after one, kept on one row where the
    screens wrap it (`whole`): in a list of them "Sheriff" ended a row and "Cole" began the
    next, read as two names. For the screens, not for text copied out (`as_text` writes
    plain spaces again)."""
    found = names_found(names)
    if found is None:
        return lambda line: line
    return lambda line: found.sub(lambda m: whole(m.group()), line)


def lines(title: str, *text: str) -> Lines:
    return Lines(title, tuple(text))


def widest_line(cell: str) -> int:
    """The cells of a cell's longest line (one of several lines is as wide as that)."""
    return max(cell_len(line) for line in cell.split("\n"))


def for_room(section: Section, room: int) -> Section:
    """`section` as drawn in `room` columns: a grid with wide rows has them (and its wide
    note and columns) where every one fits whole as a table, else its own rows."""
    if not isinstance(section, Grid) or not section.wide:
        return section
    columns = section.wide_columns or section.columns
    widths = [max(widest_line(cell) for cell in (heading, *(row[at] for row in section.wide)))
              for at, heading in enumerate(columns)]
    if sum(widths) + 2 * len(widths) + 2 > room:
        return section
    # the short ones cut no column where the wide rows are drawn
    shortened = tuple(h for h in section.shortened if h in columns)
    least = tuple(kept for kept in section.least if kept[0] in shortened)
    return replace(section, columns=columns, rows=section.wide, note=section.wide_note,
                   shortened=shortened, least=least, wide=(), wide_note="", wide_columns=())


def printed(sections: Iterable[Section]) -> str:
    """The sections as a command prints them on standard output: on a terminal, wrapped at
    its width, each table as a tab of that width draws it (`for_room`); into a file or a
    pipe, whole lines to search, and each table in whole words."""
    width = shutil.get_terminal_size().columns if sys.stdout.isatty() else None
    return as_text([for_room(section, width if width is not None else sys.maxsize)
                    for section in sections], width)


def as_text(sections: Iterable[Section], width: int | None = None) -> str:
    """The sections as plain text for a terminal or a file: titles underlined, tables in
    aligned columns (the widest cell sets its column). Given a `width` (a terminal's), a
    longer line of text wraps at a word with its next lines indented, and a table too wide
    wraps its last column under itself; without one nothing wraps (a file keeps whole lines
    to search)."""
    out: list[str] = []
    for section in sections:
        if out:
            out.append("")
        out.append(section.title)
        out.append("=" * cell_len(section.title))
        if isinstance(section, Lines):
            out.extend(wrapped for line in section.lines for wrapped in _fit(line, width))
            continue
        # in a terminal's columns: a wide letter (an emoji, a CJK name) takes two
        widths = [max([cell_len(h), *(cell_len(row[i]) for row in section.rows)])
                  for i, h in enumerate(section.columns)]
        last_at = sum(w + 2 for w in widths[:-1])
        if width is not None and last_at + widths[-1] > width and width - last_at >= _NARROWEST:
            widths[-1] = width - last_at
        out.append(_row(section.columns, widths))
        out.append("  ".join("-" * w for w in widths))
        for row in section.rows:
            out.append(_row(row, widths))
        if not section.rows:
            out.append("(none)")
        if section.note:
            out.extend(_fit(section.note, width))
    # a name kept whole (`whole`) is written with plain spaces, for a file or a post
    return "\n".join(out).replace(NO_BREAK, " ") + "\n"


#: the fewest columns a table's last column is wrapped into; narrower, its lines run long
_NARROWEST = 16


def _fit(line: str, width: int | None) -> list[str]:
    """A line of text as lines of at most `width` (words are never broken), the next ones
    indented two more than the first."""
    if width is None or cell_len(line) <= width:
        return [line]
    indent = line[:len(line) - len(line.lstrip(" "))]
    return textwrap.wrap(line, width, subsequent_indent=indent + "  ", break_long_words=False,
                         break_on_hyphens=False) or [line]


def _row(cells: Sequence[str], widths: Sequence[int]) -> str:
    """One row of a table, its last cell wrapped under itself where it is wider than its
    column (the columns before it stay on the first line)."""
    if not cells:
        return ""
    *first, last = cells
    head = "  ".join(c + " " * (w - cell_len(c)) for c, w in zip(first, widths, strict=False))
    parts = (textwrap.wrap(last, widths[-1], break_long_words=False, break_on_hyphens=False)
             if cell_len(last) > widths[-1] else [last]) or [""]
    pad = " " * (cell_len(head) + 2) if first else ""
    lead = f"{head}  " if first else ""
    return "\n".join([(lead + parts[0]).rstrip(), *(pad + part for part in parts[1:])])
