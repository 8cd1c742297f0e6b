"""A column to read beside a tab's table (a sheet, a model's detail, a night's posts)."""

from __future__ import annotations

from textual.containers import VerticalScroll


class ReadingScroll(VerticalScroll):
    """A scrolling column that takes the keyboard only while it holds more than it shows,
    for its arrows to scroll it. Taken with all in sight, it was a Tab stop with nothing to
    do and nothing to see: Dead Man's Hand's Tab from the black posse went to the model's
    detail below, unmarked, and only a second Tab came round to the red (round 64). A
    focused column is tinted, so the keyboard is seen to be there."""

    DEFAULT_CSS = """
    ReadingScroll:focus { background-tint: $foreground 5%; }
    """

    def allow_focus(self) -> bool:
        return super().allow_focus() and (self.max_scroll_y > 0 or self.max_scroll_x > 0)
