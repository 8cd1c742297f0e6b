"""A column to read beside a tab's table (a sheet, a model's detail, the play sheet)."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widget import Widget

from gmscreen.ui.pane import GamePane


class ReadingScroll(VerticalScroll):
    """A scrolling column that takes the keyboard only while it holds more than it shows,
    for its arrows to scroll it, or while nothing else in its tab can (the tab's keys are
    its pane's, and answer only with the keyboard somewhere in it). Taken with all in
    sight, it was a Tab stop with nothing to do and nothing to see: Dead Man's Hand's Tab
    from the black posse went to the model's detail below, unmarked, and only a second Tab
    came round to the red (round 64). A focused column is tinted, so the keyboard is seen
    to be there."""

    DEFAULT_CSS = """
    ReadingScroll:focus { background-tint: $foreground 5%; }
    """

    def allow_focus(self) -> bool:
        if not super().allow_focus():
            return False
        if self.max_scroll_y > 0 or self.max_scroll_x > 0:
            return True
        pane = next((a for a in self.ancestors if isinstance(a, GamePane)), None)
        if pane is None:
            return False
        readings = list(pane.query(ReadingScroll))
        others = (w for w in pane.query("*") if not isinstance(w, ReadingScroll))
        return readings[:1] == [self] and not any(w.focusable and _shown(w, pane)
                                                  for w in others)


def _shown(widget: Widget, pane: Widget) -> bool:
    """Whether `widget` is displayed, and every container of it up to `pane`."""
    for node in (widget, *widget.ancestors):
        if node is pane:
            return True
        if isinstance(node, Widget) and not node.display:
            return False
    return True
