"""The clock's face: a round dial whose passed segments are the first clockwise from
twelve o'clock, every segment in sight and apart from its neighbours at any size."""

from __future__ import annotations

from itertools import pairwise

import pytest
from rich.style import Style
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Digits

from gmscreen.ui.clock_face import ClockFace, Dial, dial_rows, segment_at
from tests.pilot import synchronous


@pytest.mark.parametrize("segments", [4, 6, 8, 12])
@pytest.mark.parametrize("height", [9, 13, 17])
def test_every_segment_is_drawn_and_the_passed_ones_come_first(segments: int,
                                                               height: int) -> None:
    filled = segments // 3
    rows = dial_rows(segments, filled, height)
    seen = {dot for row in rows for dot in row if dot is not None}
    passed = {d for d in seen if d >= 0}
    ahead = {-d - 1 for d in seen if d < 0}
    assert passed == set(range(filled)) and ahead == set(range(filled, segments))


def test_the_first_segment_starts_at_twelve_and_goes_clockwise() -> None:
    assert segment_at(0.3, -0.8, 4, 20) == 0      # just right of twelve
    assert segment_at(0.8, 0.3, 4, 20) == 1       # just below three
    assert segment_at(-0.3, 0.8, 4, 20) == 2
    assert segment_at(-0.8, -0.3, 4, 20) == 3
    assert segment_at(0.0, -0.8, 4, 20) is None   # on the line between: a gap
    assert segment_at(0.05, 0.05, 4, 20) is None  # the hub
    assert segment_at(0.9, 0.9, 4, 20) is None    # outside


class Faces(App[None]):
    def compose(self) -> ComposeResult:
        yield ClockFace("The Wanted Clock", 12, 3, "Someone may remember your faces.")


@synchronous
async def test_the_face_shows_the_hour_large_and_moves() -> None:
    app = Faces()
    async with app.run_test(size=(80, 24)) as pilot:
        face = app.query_one(ClockFace)
        assert app.query_one(Digits).value == "3"
        face.show("The Wanted Clock", 12, 4, "A posse rides.")
        await pilot.pause()
        assert app.query_one(Digits).value == "4"
        assert face.region.right <= 80 and face.region.bottom <= 24


class Narrow(App[None]):
    def compose(self) -> ComposeResult:
        yield ClockFace("The Devil comes for Ma Hendry", 4, 2, "He rides at the fourth.")

    def on_mount(self) -> None:
        self.query_one(ClockFace).fit(38, "-line")


@synchronous
async def test_a_clock_drawn_as_a_line_keeps_its_marks_and_hour_on_one_row() -> None:
    # on a phone "... Ma Hendry  ■■□□  2" ended a row and "of 4" began the next
    app = Narrow()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        line = app.query_one("#clock-line")
        rows = [line.render_line(y).text.rstrip() for y in range(line.size.height)]
        assert rows[:2] == ["The Devil comes for Ma Hendry", "■■□□  2 of 4"]
        assert rows[2] == "He rides at the fourth."


async def large_dial(pilot: Pilot[None]) -> Dial:
    """The Faces app's clock drawn as a large dial, once drawn."""
    pilot.app.query_one(ClockFace).set_class(True, "-large")
    await pilot.pause()
    return pilot.app.query_one(Dial)


@synchronous
async def test_a_dial_draws_each_run_of_one_colour_as_one_segment() -> None:
    # a segment a cell made a large dial some 600 segments, each blended again when a form
    # dims the tab behind it: the New clock form took 75 to 110 ms of CPU to open, where
    # its like elsewhere took 20 to 30; drawn by runs, the dial looks the same
    from gmscreen.ui.clock_face import colour_of, unreached

    app = Faces()
    async with app.run_test(size=(80, 30)) as pilot:
        dial = await large_dial(pilot)
        height = dial.content_size.height
        assert height == 17
        rows = dial_rows(dial.segments, dial.filled, height)
        fill = [colour_of(app, "accent")]

        def colour(dot: int | None) -> object:
            if dot is None:
                return colour_of(app, "background")
            return unreached(app) if dot < 0 else fill[dot % len(fill)]

        drawn = 0
        for y in range(height):
            strip = dial.render_line(y)
            styles = [(segment.style or Style(), len(segment.text)) for segment in strip]
            cells = [(style.color, style.bgcolor) for style, width in styles
                     for _ in range(width)]
            wanted = [(colour(t), colour(b)) for t, b in zip(rows[2 * y], rows[2 * y + 1],
                                                             strict=True)]
            assert cells == wanted and strip.cell_length == height * 2
            assert all(a.style != b.style for a, b in pairwise(strip))
            drawn += len(list(strip))
        assert drawn < 17 * 34 // 2  # a few runs a row (189 here), not a cell each (578)


@synchronous
async def test_a_dial_without_colour_draws_the_segments_reached_as_blocks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # with NO_COLOR the colours that told a segment reached from one not yet were taken
    # away, and the dial was one block
    from gmscreen.ui.clock_face import shape

    assert [shape(0, 0), shape(0, -2), shape(-2, 1), shape(-2, -2), shape(None, -1),
            shape(None, None)] == ["█", "▀", "▄", "░", "░", " "]
    monkeypatch.setenv("NO_COLOR", "1")
    app = Faces()
    async with app.run_test(size=(80, 30)) as pilot:
        dial = await large_dial(pilot)
        drawn = "".join(dial.render_line(y).text for y in range(dial.content_size.height))
        # 3 of 12 reached: a quarter of the dial's dots in blocks, the rest shaded
        reached = sum(2 if c == "█" else 1 for c in drawn if c in "█▀▄")
        shaded = sum(2 if c == "░" else 0 for c in drawn)
        assert 0.2 < reached / (reached + shaded) < 0.3
