"""What both Dust Devils tabs share: the kit's step pane over Dust Devils' state."""

from __future__ import annotations

from collections.abc import Callable

from textual import events

from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.ui.sections import RowTable
from gmscreen.ui.steps import StepPane


class DustDevilsTab(StepPane[DustDevilsState]):
    """A tab drawn from the campaign's state by `redraw`; its keys ask the rules."""


class FittedTable(RowTable):
    """A table whose columns its tab fits to the table's width (a long name cut short, so
    the numbers beside it stay in sight): a new width fits them again with `refit`, once
    the table has it (the tab's own width comes first, before the sheets beside the table
    are laid out or left out)."""

    def __init__(self, refit: Callable[[], None], *, id: str) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self._refit = refit
        self._width = 0

    def on_resize(self, event: events.Resize) -> None:
        # rows added or taken away change the height alone: nothing to fit again
        if event.size.width != self._width:
            self._width = event.size.width
            self._refit()
