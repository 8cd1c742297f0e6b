"""Draws a view's sections (gmscreen/journal/sections.py): a table for each Grid, text for
each Lines, each under its title. The widgets are made once and refilled when the sections
change, so a redraw after every step costs little and keeps the cursor where it was."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Label, Static

from gmscreen.journal.sections import Grid, Lines, Section


class SectionsView(VerticalScroll):
    """A column of sections; `show` gives it new ones."""

    DEFAULT_CSS = """
    SectionsView { height: 1fr; }
    SectionsView > .section-title { text-style: bold; color: $text-primary; margin-top: 1; }
    SectionsView > .section-title.-first { margin-top: 0; }
    SectionsView > DataTable { height: auto; max-height: 20; }
    SectionsView > .section-note { color: $text-muted; }
    """

    def __init__(self, sections: Sequence[Section] = (), *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._sections: tuple[Section, ...] = tuple(sections)
        #: the kinds and shapes drawn now: widgets are remade only when these change
        self._shape: tuple[object, ...] = ()

    def compose(self) -> ComposeResult:
        yield from self._widgets(self._sections)

    def on_mount(self) -> None:
        self._shape = _shape_of(self._sections)
        self._fill(self._sections)

    def show(self, sections: Sequence[Section]) -> None:
        """Draw `sections` (text from a journal is shown as text, never as markup)."""
        sections = tuple(sections)
        if sections == self._sections and self._shape:
            return
        self._sections = sections
        if not self.is_mounted:
            return
        shape = _shape_of(sections)
        if shape != self._shape:
            self._shape = shape
            self.remove_children()
            self.mount_all(self._widgets(sections))
            self.call_after_refresh(self._fill, sections)
        else:
            self._fill(sections)

    def _widgets(self, sections: Sequence[Section]) -> list[Label | Static | DataTable[Text]]:
        made: list[Label | Static | DataTable[Text]] = []
        for number, section in enumerate(sections):
            title = Label(Text(section.title), classes="section-title")
            title.set_class(number == 0, "-first")
            made.append(title)
            if isinstance(section, Grid):
                # shown, not worked on: no cursor to draw the eye
                table: DataTable[Text] = DataTable(cursor_type="none", zebra_stripes=True)
                table.add_columns(*(Text(c) for c in section.columns))
                made.append(table)
                made.append(Static(Text(section.note), classes="section-note"))
            else:
                made.append(Static(Text("\n".join(section.lines))))
        return made

    def _fill(self, sections: Sequence[Section]) -> None:
        tables = list(self.query(DataTable))
        texts = [w for w in self.query(Static) if not isinstance(w, Label | DataTable)]
        grids = [s for s in sections if isinstance(s, Grid)]
        for table, drawn in zip(tables, grids, strict=False):
            row = table.cursor_row
            table.clear()
            table.add_rows([tuple(Text(c) for c in r) for r in drawn.rows])
            if drawn.rows:
                table.move_cursor(row=min(row, len(drawn.rows) - 1))
        shown = iter(texts)
        for section in sections:
            widget = next(shown, None)
            if widget is None:
                break
            words = section.note if isinstance(section, Grid) else "\n".join(section.lines)
            widget.update(Text(words))
            widget.display = bool(words)


def _shape_of(sections: Sequence[Section]) -> tuple[object, ...]:
    return tuple((type(s).__name__, s.title, s.columns if isinstance(s, Grid) else None)
                 for s in sections)


def fitted_widths(headings: Sequence[str], rows: Sequence[Sequence[str]], room: int,
                  wrapped: int | None = -1) -> list[int]:
    """Each column as wide as its widest cell; column `wrapped` (None: none) held to the
    room the others leave in `room` columns, never narrower than its heading, so its cells
    wrap rather than push the others out of sight."""
    widths = [max([len(heading), *(len(row[i]) for row in rows)])
              for i, heading in enumerate(headings)]
    if wrapped is not None and widths:
        # a column of padding on either side of each cell, two more for a scrollbar
        left = room - (sum(widths) - widths[wrapped]) - 2 * len(widths) - 2
        widths[wrapped] = max(len(headings[wrapped]), min(widths[wrapped], left))
    return widths


class GridTable(DataTable[Text]):
    """A table a tab fills from a view's Grid, each row keyed by its first cell (a name),
    so a step can act on the row highlighted; columns as wide as their widest cell, the
    last held to the room left and wrapped, so nothing is cut at 80 columns."""

    def __init__(self, *, id: str | None = None, wrap: bool = True) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        #: whether the last column wraps within the room left (else rows are one line)
        self.wrap = wrap
        self._drawn: Grid | None = None

    def show(self, drawn: Grid) -> None:
        """Refill from `drawn`, the cursor kept on the same row's key (or its place)."""
        if drawn == self._drawn and self.row_count:
            return
        self._drawn = drawn
        kept = self.highlighted
        place = self.cursor_row
        self.clear(columns=True)
        widths = fitted_widths(drawn.columns, drawn.rows,
                               self.size.width or self.app.size.width,
                               -1 if self.wrap else None)
        for label, width in zip(drawn.columns, widths, strict=True):
            self.add_column(Text(label), width=width)
        keys: set[str] = set()
        for cells in drawn.rows:
            key = cells[0] if cells and cells[0] not in keys else None
            if key is not None:
                keys.add(key)
            self.add_row(*(Text(c) for c in cells), key=key,
                         height=None if self.wrap else 1)
        # however little room the tab has (a notice above the footer takes rows of it at
        # 80x24), the table keeps its heading and a few rows in sight
        self.styles.min_height = 1 + min(self.row_count, 3)
        if not self.row_count:
            return
        rows = [r[0] if r else "" for r in drawn.rows]
        row = rows.index(kept) if kept in rows else min(place, self.row_count - 1)
        self.move_cursor(row=row)

    @property
    def highlighted(self) -> str | None:
        """The key (the first cell) of the row the cursor is on; None when empty."""
        if not self.row_count:
            return None
        key = self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value
        return str(key) if key is not None else None

    def on_resize(self) -> None:
        if self._drawn is not None and self.wrap:
            drawn, self._drawn = self._drawn, None
            self.show(drawn)


__all__ = ["Grid", "GridTable", "Lines", "SectionsView"]
