"""Draws a view's sections (gmscreen/journal/sections.py): a table for each Grid, text for
each Lines, each under its title. The widgets are made once and refilled when the sections
change, so a redraw after every step costs little and keeps the cursor where it was.

A grid too wide for the room even with its shortened columns cut (a posse's ten columns on
a phone held upright) is drawn as a block of lines a row, its first cell over the others
named by their headings, rather than as a table whose right half is out of sight."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from itertools import pairwise
from typing import ClassVar, NamedTuple

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.padding import Padding
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.coordinate import Coordinate
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import DataTable, Label, Static
from textual.widgets.data_table import RowKey

from gmscreen.journal.sections import Grid, Lines, Section, for_room, widest_line
from gmscreen.ui.kept_whole import KeptWhole, WholeWords, wrap_kept


class SectionsView(VerticalScroll):
    """A column of sections; `show` gives it new ones."""

    DEFAULT_CSS = """
    SectionsView { height: 1fr; }
    /* as wide as the room, so a long title wraps rather than running off the edge */
    SectionsView .section-title {
        width: 100%; text-style: bold; color: $text-primary; margin-top: 1;
    }
    SectionsView .section-title.-first { margin-top: 0; }
    SectionsView DataTable { height: auto; max-height: 20; }
    SectionsView .section-note { color: $text-muted; }
    SectionsView .section-records { width: 100%; }
    /* two tables alike side by side (two gangs, two posses) on a wide screen */
    SectionsView > .section-pair { height: auto; }
    SectionsView > .section-pair > Vertical { width: 1fr; height: auto; }
    SectionsView > .section-pair > Vertical.-left { margin-right: 2; }
    """

    def __init__(self, sections: Sequence[Section] = (), *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._sections: tuple[Section, ...] = tuple(sections)
        #: how the sections are drawn now: widgets are remade only when this changes
        self._shape: tuple[_Drawn, ...] = ()
        #: whether widgets remade for `_shape` are still coming in (not yet filled)
        self._coming = False
        #: the widgets made for `_shape`: those of the shape before may still be in the
        #: DOM, being removed, when these are filled
        self._made: list[Widget] = []

    def compose(self) -> ComposeResult:
        self._shape = self._shape_of(self._sections)
        self._made = self._widgets(self._sections)
        yield from self._made

    def on_mount(self) -> None:
        if not self._reshaped():  # the room known now may draw a table as lines
            self._fill(self._sections, self._shape)

    def _room(self) -> int:
        return self.scrollable_content_region.width or self.app.size.width

    def _room_with_scrollbar(self) -> int:
        """The room once a scroll bar is shown, whether or not one is now. A table decided
        by the room of the moment, on the edge of fitting, brought a scroll bar, was drawn
        as lines in the narrower room, lost the scroll bar while those came in, and was a
        table again, for ever: the players' screen came up with its tables empty."""
        return ((self.content_region.width or self.app.size.width)
                - self.styles.scrollbar_size_vertical)

    def _shape_of(self, sections: Sequence[Section]) -> tuple[_Drawn, ...]:
        room = self._room_with_scrollbar()
        shown = self._for_room(sections)
        lefts = paired(shown, room)
        return tuple(
            _Drawn(type(s).__name__, s.title, s.columns, as_records(s, room),
                   1 if n in lefts else 2 if n - 1 in lefts else 0)
            if isinstance(s, Grid) else _Drawn(type(s).__name__, s.title, None, False)
            for n, s in enumerate(shown))

    def _for_room(self, sections: Sequence[Section]) -> list[Section]:
        room = self._room_with_scrollbar()
        return [for_room(s, room) for s in sections]

    def _reshaped(self) -> bool:
        """Remake the widgets if the sections are drawn otherwise now (new kinds, titles or
        columns, or a table now drawn as lines in the room, or lines as a table), and fill
        them once they are in; whether they were remade."""
        shape = self._shape_of(self._sections)
        if shape == self._shape:
            return False
        self._shape = shape
        self._coming = True
        self.remove_children()
        self._made = self._widgets(self._sections)
        mounted = self.mount_all(self._made)

        async def fill_once_in() -> None:
            # a pair's tables are mounted in their row's turn, which a refresh on a loaded
            # machine may come before; awaited in the view's own turn, not in the screen's
            # callbacks after its refresh, which waited on it; filled once laid out, as
            # the columns are fitted to the room the layout gives
            await mounted
            self.call_after_refresh(self._fill_when_in, shape)

        self.call_next(fill_once_in)
        return True

    def _fill_when_in(self, shape: tuple[_Drawn, ...]) -> None:
        """Fill the widgets made for `shape`, now they are in, with the newest sections of
        that shape (those shown while they came in were kept for this); a newer shape's
        widgets, on their way, will be filled in their turn."""
        if shape is self._shape:
            self._coming = False
            self._fill(self._sections, shape)

    def show(self, sections: Sequence[Section]) -> None:
        """Draw `sections` (text from a journal is shown as text, never as markup)."""
        sections = tuple(sections)
        if sections == self._sections and self._shape:
            return
        self._sections = sections
        # while new widgets come in, the fill that waits for them draws these sections
        if self.is_mounted and not self._reshaped() and not self._coming:
            self._fill(self._sections, self._shape)

    def _widgets(self, sections: Sequence[Section]) -> list[Widget]:
        """The widgets of `sections`, drawn as `_shape` says: a pair of tables side by
        side in a row of two columns."""
        made: list[Widget] = []
        left: list[Widget] = []
        for number, (section, drawn) in enumerate(zip(self._for_room(sections), self._shape,
                                                      strict=True)):
            # a count kept with its words ("3 gave up"), a hand's name, as in the lines
            title = Label(KeptWhole(Text(section.title), ()), classes="section-title")
            title.set_class(number == 0 or (drawn.pair == 2 and number == 1), "-first")
            parts: list[Widget] = [title]
            if isinstance(section, Grid) and drawn.as_lines:
                parts.append(Static(classes="section-records"))
                parts.append(Static(KeptWhole(Text(section.note), ()), classes="section-note"))
            elif isinstance(section, Grid):
                # shown, not worked on: no cursor to draw the eye
                table = MeasuredTable(cursor_type="none", zebra_stripes=True)
                table.add_columns(*(Text(c) for c in section.columns))
                parts.append(table)
                parts.append(Static(KeptWhole(Text(section.note), ()), classes="section-note"))
            else:
                parts.append(Static(Hanging(section.lines)))
            if drawn.pair == 1:
                left = parts
            elif drawn.pair == 2:
                made.append(Horizontal(Vertical(*left, classes="-left"), Vertical(*parts),
                                       classes="section-pair"))
            else:
                made.extend(parts)
        return made

    def _fill(self, sections: Sequence[Section], shape: Sequence[_Drawn]) -> None:
        """The widgets, made for `shape`, filled from `sections` of that shape."""
        # the widgets made for `shape` alone: a query of the view also found the tables of
        # the shape before, still being removed on a loaded machine, and filled those,
        # leaving the new ones empty (the players' screen's posses without a row)
        made = [w for top in self._made for w in top.walk_children(with_self=True)]
        tables = [w for w in made if isinstance(w, DataTable)]
        blocks = [w for w in made if isinstance(w, Static) and w.has_class("section-records")]
        texts = [w for w in made if isinstance(w, Static)
                 and not isinstance(w, Label | DataTable) and w not in blocks]
        room = self._room()
        sections = self._for_room(sections)
        grids = [(s, d) for s, d in zip(sections, shape, strict=True) if isinstance(s, Grid)]
        for block, (drawn, _) in zip(blocks, [g for g in grids if g[1].as_lines],
                                     strict=False):
            block.update(records(drawn))
        for table, (drawn, how) in zip(tables, [g for g in grids if not g[1].as_lines],
                                       strict=False):
            row = table.cursor_row
            if drawn.shortened:  # its names cut short to the room: one line a row
                fit_columns(table, drawn, half(room) if how.pair else room, wrap=False,
                            scrolls=_scrolls(table, len(drawn.rows)))
            else:
                # columns made again: a column keeps the width of the widest cell it ever
                # held (a TV's whole names left short words twenty columns to spare)
                table.clear(columns=True)
                table.add_columns(*(Text(c) for c in drawn.columns))
            table.add_rows([cells_of(drawn, r) for r in drawn.rows])
            if drawn.rows:
                table.move_cursor(row=min(row, len(drawn.rows) - 1))
        shown = iter(texts)
        for section in sections:
            widget = next(shown, None)
            if widget is None:
                break
            if isinstance(section, Grid):
                widget.update(KeptWhole(Text(section.note), ()))
                widget.display = bool(section.note)
            else:
                widget.update(Hanging(section.lines))
                widget.display = bool(section.lines)

    def on_resize(self) -> None:
        if not self.is_mounted or self._reshaped():
            return
        if any(isinstance(s, Grid) and (s.shortened or s.wide) for s in self._sections):
            # their cut columns fitted again to the new room, once it is laid out (or their
            # wide rows drawn where they now fit, their short ones where they do not)
            self.call_after_refresh(self._fill_when_in, self._shape)

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        # the scroll bar takes its columns from the room the tables were fitted to, and no
        # resize says so (a smaller clock above let the players' tables grow tall enough)
        self.on_resize()


class Hanging:
    """Lines of text, each wrapped in the room with its further lines indented, so that a
    wrapped line's rest is not read as the next line (text, never markup)."""

    def __init__(self, lines: Sequence[str], indent: int = 2) -> None:
        self.lines = tuple(lines)
        self.indent = indent

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines:
            # a line set in already (a post's lines under its title) goes on further in
            indent = len(line) - len(line.lstrip(" ")) + self.indent
            room = max(options.max_width, indent + 1)
            first, *more = wrap_kept(Text(line), room, ()) or [Text()]
            yield first
            if more:
                # the rest wrapped again in the narrower room its indent leaves
                yield Padding.indent(KeptWhole(Text(line[len(first.plain):].lstrip()), ()),
                                     indent)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(line) for line in self.lines), default=0)
        return Measurement(min(widest, self.indent + 1), widest)


class _Drawn(NamedTuple):
    """How a section is drawn: its kind, title and columns, whether a grid is drawn as
    lines (`as_records`) rather than as a table, and whether it stands beside another (1:
    on the left, 2: on the right; `paired`)."""

    kind: str
    title: str
    columns: tuple[str, ...] | None
    as_lines: bool
    pair: int = 0


#: the least room in which two tables alike stand side by side (a TV, not a laptop)
PAIRED_FROM = 120


def half(room: int) -> int:
    """The room of each of two sections side by side (with two columns between them)."""
    return (room - 2) // 2


def paired(sections: Sequence[Section], room: int) -> set[int]:
    """The sections (by number) that have the next beside them: two grids in a row with
    the same columns (two gangs, two posses), each whole as a table in half of `room`, on
    a screen of `PAIRED_FROM` columns or more. On a TV the second stood under the first,
    half the width empty, and what came after fell below sight."""
    lefts: set[int] = set()
    if room < PAIRED_FROM:
        return lefts
    for n, (first, second) in enumerate(pairwise(sections)):
        if (n - 1 not in lefts and isinstance(first, Grid) and isinstance(second, Grid)
                and first.columns == second.columns and not first.past and not second.past
                and not as_records(first, half(room)) and not as_records(second, half(room))):
            lefts.add(n)
    return lefts


def as_records(grid: Grid, room: int) -> bool:
    """Whether `grid` overruns `room` columns as a table even with its shortened columns
    cut to their headings, and so is drawn as lines (`records`)."""
    shortened = [grid.columns.index(h) for h in grid.shortened]
    widths = fitted_widths(grid.columns, grid.rows, room, None, shortened)
    return sum(widths) + 2 * len(widths) + 2 > room


def records(grid: Grid) -> Group:
    """A grid's rows as lines: each row's first cell, then under it, indented, its other
    cells named by their headings ("Grit 18 · Gum 16"), empty ones left out; text, never
    markup."""
    parts: list[Text | Padding] = []
    for row in grid.rows:
        first, *others = (" ".join(cell.split("\n")) for cell in row)
        parts.append(Text(first, style="bold"))
        named = [f"{heading} {cell}" for heading, cell in zip(grid.columns[1:], others,
                                                              strict=True) if cell]
        if named:
            # a heading and its cell on one row ("Made Full" / "house" read as two cells),
            # the dot between two rows left out (a row ending in it read as a cell missing)
            line, kept = Text(), []
            for at, part in enumerate(named, start=1):
                start = len(line)
                line.append(part if at == len(named) else f"{part} · ")
                kept.append((start, len(line.plain.rstrip())))
            parts.append(Padding(KeptWhole(line, kept, dropped=" ·"), (0, 0, 0, 2)))
    return Group(*parts)


def fitted_widths(headings: Sequence[str], rows: Sequence[Sequence[str]], room: int,
                  wrapped: int | None = -1, shortened: Sequence[int] = (),
                  scrollbar: int = 2, least: Mapping[int, int] | None = None) -> list[int]:
    """Each column as wide as its widest cell. While they overrun `room` columns, those
    `shortened` give room, the widest first, none narrower than its heading (their cells
    end in an ellipsis), nor than its `least` while another can give; then column
    `wrapped` (None: none) is held to the room the others leave, never narrower than its
    heading, so its cells wrap rather than push the others out of sight. The room counts a
    `scrollbar` as wide as the table's."""
    widths = [max([cell_len(heading), *(widest_line(row[i]) for row in rows)])
              for i, heading in enumerate(headings)]
    # a column of padding on either side of each cell, and the scrollbar
    frame = 2 * len(widths) + scrollbar
    over = sum(widths) + frame - room
    floors = {i % len(widths): cell_len(headings[i]) for i in shortened} if widths else {}
    kept = {i: max(floor, (least or {}).get(i, 0)) for i, floor in floors.items()}
    for floor in (kept, floors):  # down to the least each keeps first, then to the headings
        over = _give_room(widths, floor, over)
    if wrapped is not None and widths:
        left = room - (sum(widths) - widths[wrapped]) - frame
        widths[wrapped] = max(cell_len(headings[wrapped]), min(widths[wrapped], left))
    return widths


def _give_room(widths: list[int], floors: Mapping[int, int], over: int) -> int:
    """Narrow the columns of `floors` (not below each's floor) by up to `over` cells in
    all, the widest first; returns how many cells still overrun."""
    while over > 0:
        # the widest first; of two as wide, the later (the first column names the row)
        giving = sorted((i for i in floors if widths[i] > floors[i]),
                        key=lambda i: (-widths[i], -i))
        if not giving:
            break
        widest, *others = giving
        # down to the next widest (or its floor) at once; by one while they are level
        step = widths[widest] - max(floors[widest], widths[others[0]] if others else 0)
        step = min(over, max(step, 1))
        widths[widest] -= step
        over -= step
    return over


def cells_of(drawn: Grid, row: Sequence[str]) -> tuple[Text, ...]:
    """A row's cells as text (never markup), those of the grid's shortened columns on one
    line, ending in an ellipsis when cut; the others wrap at plain spaces only (a name kept
    whole stays so)."""
    return tuple(Text(cell, no_wrap=True, overflow="ellipsis") if heading in drawn.shortened
                 else WholeWords(cell) for heading, cell in zip(drawn.columns, row, strict=True))


def _scrolls(table: DataTable[Text], rows: int) -> bool:
    """Whether `table`, its `rows` one line each under its heading, is taller than its
    most height, and so scrolls itself (a scroll bar's width off its room); a table that
    does not leaves the scrolling to the page around it (the players' screen cut names
    two cells short for a scroll bar never drawn)."""
    most = table.styles.max_height
    return most is None or not most.is_cells or rows + int(table.show_header) > most.value


def fit_columns(table: DataTable[Text], drawn: Grid, room: int, wrap: bool, *,
                scrolls: bool = True) -> None:
    """`table`'s columns made anew for `drawn` in `room` columns (`fitted_widths`): its
    shortened columns give room, or else, with `wrap`, its last column is held to it. The
    room keeps a scroll bar's width where the table may scroll (`scrolls`)."""
    shortened = [drawn.columns.index(h) for h in drawn.shortened]
    widths = fitted_widths(drawn.columns, drawn.rows, room,
                           -1 if wrap and not shortened else None, shortened,
                           table.styles.scrollbar_size_vertical if scrolls else 0,
                           {drawn.columns.index(h): cells for h, cells in drawn.least})
    table.clear(columns=True)
    for label, width in zip(drawn.columns, widths, strict=True):
        table.add_column(Text(label), width=width)


class MeasuredTable(DataTable[Text]):
    """A table laid out as tall as the rows it is filled with (`height: auto`), however
    the screen's layouts and its own measuring of new rows fall in order."""

    def watch_virtual_size(self, old: Size, new: Size) -> None:
        # Textual 8 keeps a widget's measured box until the widget's count of layouts
        # asked for moves, and that count stands still while one is already pending. Rows
        # measured in (at idle) after the screen was laid out in between, with the table
        # empty, came with no new count: the table kept the empty one's height, none,
        # until the next key (a Conflict tab shown without its hands, under load).
        # Counted here, the layout the new height asks for measures it.
        if new.height != old.height:
            self._layout_updates += 1

    def _update_dimensions(self, new_rows: Iterable[RowKey]) -> None:
        # A DataTable keeps each cell drawn at its column's width then, its key without
        # the width: cells drawn between new rows and the idle that measures them (a
        # refresh first, on a loaded machine) stayed cut to the headings' widths ("Big" for
        # "Big Jim" on the players' screen) once the columns had grown. Drawn again here.
        widths = [column.get_render_width(self) for column in self.columns.values()]
        super()._update_dimensions(new_rows)
        if widths != [column.get_render_width(self) for column in self.columns.values()]:
            self._clear_caches()
            self.refresh()


class RowTable(MeasuredTable):
    """A table of rows to choose among: Home and End go to the first and the last row,
    as in every list. A DataTable's own Home and End scroll sideways, which a table fitted
    to its room never needs.

    `opens`, set by the tab that shows it, is the step a row opens, given the row's index:
    on Enter, taken in the key's turn, and on a double click. Textual's RowSelected is a
    message, which came behind the keys typed straight after the Enter: "enter", "down"
    opened the row below, and the letters typed into the form Enter opens went to the
    table instead. A single click only highlights, as in the forms' pick lists: Textual's
    table acts on a single click on the row already highlighted, and the first row is
    highlighted as the tab opens, so a click to look at it opened its step
    (`single_click_opens` keeps Textual's way, for a list that does nothing else)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home", "scroll_top", "First row", show=False),
        Binding("end", "scroll_bottom", "Last row", show=False),
    ]

    opens: Callable[[int], Awaitable[None] | None] | None = None
    single_click_opens = False

    async def _on_click(self, event: events.Click) -> None:
        row = event.style.meta.get("row")
        if (self.opens is not None and not self.single_click_opens and event.chain < 2
                and row == self.cursor_row and isinstance(row, int) and row >= 0):
            event.prevent_default()  # the table's own click (Textual calls it after this)
            event.stop()

    # Textual awaits an action that is a coroutine: the step a row opens may be one
    async def action_select_cursor(self) -> None:  # type: ignore[override]
        if self.opens is None or not self.row_count:
            super().action_select_cursor()
            return
        await self._open(self.cursor_row)

    async def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if self.opens is not None and event.data_table is self:
            event.stop()
            await self._open(event.cursor_row)

    async def _open(self, row: int) -> None:
        assert self.opens is not None
        opened = self.opens(row)
        if opened is not None:
            await opened

    def row_key_at(self, row: int) -> str:
        """The key of the row at `row`, as text."""
        return str(self.coordinate_to_cell_key(Coordinate(row, 0)).row_key.value)


class GridTable(RowTable):
    """A table a tab fills from a view's Grid, each row keyed by its first cell (a name),
    so a step can act on the row highlighted; columns as wide as their widest cell, so
    nothing is cut at 80 columns: the grid's shortened columns give the room the others
    need (each row one line), or else the last column is held to the room left and
    wrapped."""

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
        fit_columns(self, drawn, self.size.width or self.app.size.width, self.wrap)
        one_line = drawn.shortened or not self.wrap
        keys: set[str] = set()
        for cells in drawn.rows:
            key = cells[0] if cells and cells[0] not in keys else None
            if key is not None:
                keys.add(key)
            self.add_row(*cells_of(drawn, cells), key=key, height=1 if one_line else None)
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
        if self._drawn is not None and (self.wrap or self._drawn.shortened):
            drawn, self._drawn = self._drawn, None
            self.show(drawn)


__all__ = ["Grid", "GridTable", "Lines", "RowTable", "SectionsView"]
