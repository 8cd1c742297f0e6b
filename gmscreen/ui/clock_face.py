"""A clock's face, worth reading from across the table: a round dial of 4 to 12 segments,
those passed filled (each in its colour, when the game gives the hours colours), the rest
dim, gaps between segments, and the hour large and whole beside it.

The dial is drawn with half blocks (two dots a cell, one above the other), so a cell, twice
as tall as it is wide, gives square dots and the dial comes out round at any size.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import groupby
from math import atan2, hypot, pi, sin
from typing import Any

from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.color import Color as ThemeColour
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Digits, Label, Static

from gmscreen.ui.kept_whole import KeptWhole

#: half the width of the gap between segments, in dots
_GAP = 0.5
#: the dial's hole, as a share of its radius
_HUB = 0.28


def segment_at(dx: float, dy: float, segments: int, radius: float) -> int | None:
    """The segment a dot lies in (0 is the first clockwise from twelve o'clock), or None in
    the hub, outside the dial or in a gap. `dx`, `dy` are from the centre, as shares of the
    radius (`radius` dots), y growing downwards. A gap is about a dot and a half wide
    whatever the dial's size, so segments stay apart on a small dial too."""
    distance = hypot(dx, dy)
    if not _HUB <= distance <= 1.0:
        return None
    turn = (atan2(dx, -dy) / (2 * pi)) % 1.0
    place = turn * segments
    index = int(place)
    within = place - index
    to_edge = min(within, 1 - within) * 2 * pi / segments
    if distance * radius * sin(min(to_edge, pi / 2)) < _GAP:
        return None
    return index % segments


@functools.lru_cache(maxsize=64)
def dial_rows(segments: int, filled: int, height: int) -> tuple[tuple[int | None, ...], ...]:
    """The dial as rows of dots (2 a cell high, `height` cells): each dot's segment number,
    negated minus one for a segment not yet reached, None for no segment. Kept: the dial is
    drawn a line at a time, and working it out is a thousand dots (14 ms for a large one)."""
    dots = height * 2
    radius = dots / 2
    rows: list[tuple[int | None, ...]] = []
    for y in range(dots):
        row: list[int | None] = []
        for x in range(dots):
            found = segment_at((x + 0.5 - radius) / radius, (y + 0.5 - radius) / radius,
                               segments, radius)
            row.append(None if found is None else found if found < filled else -found - 1)
        rows.append(tuple(row))
    return tuple(rows)


def shape(top: int | None, bottom: int | None) -> str:
    """A cell of the dial drawn without colour (NO_COLOR): its two dots' segments, reached
    (a block) or not yet (a light shade), where colours alone told them apart and the dial
    was one block."""
    reached = (top is not None and top >= 0, bottom is not None and bottom >= 0)
    if reached == (True, True):
        return "█"
    if reached == (True, False):
        return "▀"
    if reached == (False, True):
        return "▄"
    return " " if top is None and bottom is None else "░"


def colour_of(app: App[Any], name: str) -> Color:
    """A theme variable's colour ("panel", "success"), or a colour by its name."""
    return Color.parse(app.theme_variables.get(name, name))


def unreached(app: App[Any]) -> Color:
    """The colour of a segment not yet reached: the background three tenths of the way to the
    text's colour, about 2 to 1 in every theme (the panel's colour was 1.2 to 1 in daylight,
    and the empty part of the dial hard to see)."""
    ground, text = (ThemeColour.parse(app.theme_variables.get(name, name))
                    for name in ("background", "foreground"))
    return ground.blend(text, 0.3).rich_color


class Dial(Widget):
    """The round dial alone; its size follows its height."""

    DEFAULT_CSS = """
    Dial { width: auto; height: 13; }
    """

    segments: reactive[int] = reactive(12, layout=True)
    filled: reactive[int] = reactive(0)

    def __init__(self, segments: int = 12, filled: int = 0, *,
                 colours: Sequence[str] = (), id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(Dial.segments, segments)
        self.set_reactive(Dial.filled, filled)
        #: theme variables ("success", "warning") or colours, one a segment; cycled
        self.colours = tuple(colours)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.content_size.height * 2 if self.is_mounted else 22

    def render_line(self, y: int) -> Strip:
        height = self.content_size.height
        if y >= height:
            return Strip.blank(self.content_size.width)
        rows = dial_rows(self.segments, self.filled, height)
        ground = colour_of(self.app, "background")
        dim = unreached(self.app)
        fill = [colour_of(self.app, c) for c in self.colours or ("accent",)]

        def colour(dot: int | None) -> Color:
            if dot is None:
                return ground
            return dim if dot < 0 else fill[dot % len(fill)]

        top, bottom = rows[2 * y], rows[2 * y + 1]
        if self.app.no_color:
            return Strip([Segment("".join(shape(t, b) for t, b in zip(top, bottom, strict=True)),
                                  self.rich_style)], len(top))
        # a run of cells of the same two colours is one segment: a segment a cell made a
        # large dial some 600 segments, each blended again when a form dims the tab behind
        # it (the Wanted Clock's New clock form took 75 to 110 ms of CPU to open, its like
        # elsewhere 20 to 30)
        segments: list[Segment] = []
        for (t, b), run in groupby(zip(top, bottom, strict=True),
                                   key=lambda dots: (colour(dots[0]), colour(dots[1]))):
            segments.append(Segment("▀" * sum(1 for _ in run), Style(color=t, bgcolor=b)))
        return Strip(segments, len(top))


#: the dial's sizes, largest first: the class that draws it and its height in rows (its
#: width is twice that)
SIZES = (("-large", 17), ("-small", 9), ("-tiny", 5))
#: the words beside a dial at their widest, and the fewest columns they may wrap in
_WORDS_WIDEST, _WORDS_LEAST = 40, 18


#: under this height (a laptop's 24 rows) each clock is a line, its words under it: a dial
#: and its name took the rows the tables (or the clocks' own moves) needed
SHORT = 30


def roomy(size: Size) -> bool:
    """Whether a screen of `size` has room for large dials and words beside them (from
    120x40; a laptop's 80x24 gets the small ones)."""
    return size.width >= 120 and size.height >= 40


class ClockFace(Widget):
    """A named clock: the dial, the hour large with "of 12" under it, and what the hour
    means."""

    DEFAULT_CSS = """
    ClockFace { height: auto; width: auto; }
    ClockFace > Horizontal { height: auto; width: auto; }
    ClockFace #clock-name { text-style: bold; color: $text-primary; }
    ClockFace .clock-side { width: auto; height: auto; padding-left: 2; }
    ClockFace #clock-hour { width: auto; }
    ClockFace #clock-means { color: $text-muted; width: 40; }  /* _WORDS_WIDEST */
    ClockFace.-tiny Dial { height: 5; }
    ClockFace.-small Dial { height: 9; }
    ClockFace.-large Dial { height: 17; }
    /* a short screen's clock: one line, its words under it, no dial */
    ClockFace #clock-line { display: none; height: auto; }
    ClockFace.-line #clock-line { display: block; }
    ClockFace.-line #clock-name, ClockFace.-line > Horizontal { display: none; }
    """

    def __init__(self, name: str, segments: int, filled: int, means: str = "", *,
                 colours: Sequence[str] = (), id: str | None = None) -> None:
        super().__init__(id=id)
        self.clock_name = name
        self.segments = segments
        self.filled = filled
        self.means = means
        self.colours = colours
        #: the columns the words beside the dial wrap in, or a line clock's whole width (`fit`)
        self.words_width = _WORDS_WIDEST

    def compose(self) -> ComposeResult:
        yield Label(Text(self.clock_name), id="clock-name")
        with Horizontal():
            yield Dial(self.segments, self.filled, colours=self.colours)
            with Vertical(classes="clock-side"):
                yield Digits(str(self.filled), id="clock-hour")
                yield Label(Text(f"of {self.segments}"), id="clock-of")
                means = Static(Text(self.means), id="clock-means")
                means.display = bool(self.means)  # its 40 columns only when it has words
                means.styles.width = self.words_width
                yield means
        line = Static(self._line() if self.has_class("-line") else "", id="clock-line",
                      markup=False)
        line.styles.width = self.words_width
        yield line

    def fit(self, width: int, largest: str = "-large") -> None:
        """Draw the dial at the largest size, `largest` at most, that leaves the words beside
        it room in `width` columns (a phone held upright is tall but narrow), and wrap the
        words in what is left. `largest` "-line" draws the clock as one line instead, its
        words wrapped under it in `width` columns (a screen too short for a dial)."""
        self.set_class(largest == "-line", "-line")
        if largest == "-line":
            self.words_width = width
            for line in self.query("#clock-line").results(Static):
                line.styles.width = width
                line.update(self._line())
            return
        sizes = SIZES[[name for name, _ in SIZES].index(largest):]
        side = 2 + (_WORDS_LEAST if self.means else 6)  # "of 12" and the hour's digits
        chosen, rows = next(((name, rows) for name, rows in sizes if rows * 2 + side <= width),
                            sizes[-1])
        for name, _ in SIZES:
            self.set_class(name == chosen, name)
        self.words_width = min(_WORDS_WIDEST, max(_WORDS_LEAST, width - rows * 2 - 2))
        for means in self.query("#clock-means").results(Static):
            means.styles.width = self.words_width

    def show(self, name: str, segments: int, filled: int, means: str = "") -> None:
        """Move the face to a new hour (or a new clock)."""
        self.clock_name, self.segments, self.filled, self.means = name, segments, filled, means
        if not self.is_mounted:
            return
        self.query_one("#clock-name", Label).update(Text(name))
        dial = self.query_one(Dial)
        dial.segments, dial.filled = segments, filled
        self.query_one("#clock-hour", Digits).update(str(filled))
        self.query_one("#clock-of", Label).update(Text(f"of {segments}"))
        shown = self.query_one("#clock-means", Static)
        shown.update(Text(means))
        shown.display = bool(means)
        if self.has_class("-line"):
            self.query_one("#clock-line", Static).update(self._line())

    def _line(self) -> KeptWhole:
        """The clock in a line: its name, a mark a segment (those passed in their colours),
        the hour; what the hour means under it."""
        fill = self.colours or ("accent",)
        line = Text(self.clock_name, style="bold")
        line.append("  ")
        for segment in range(self.segments):
            if segment < self.filled:
                line.append("■", Style(color=colour_of(self.app, fill[segment % len(fill)])))
            else:
                line.append("□", Style(dim=True))
        line.append(f"  {self.filled} of {self.segments}", style="bold")
        # the marks and the hour kept on one row ("2" / "of 4" on a phone)
        hour = (len(self.clock_name) + 2, len(line))
        if self.means:
            # words that go on from "of 12" ("o'clock: Nobody is looking") go on in the line
            line.append(" " if self.means[0].islower() else "\n")
            line.append(self.means, style="dim")
        return KeptWhole(line, [hour])
