"""A check box that shows a tick only when ticked, for the forms and the dialogs: space
ticks it, Enter sends the form or dialog it is in, as from any field but a list that opens;
both in the order typed (`in_order`)."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Checkbox

from gmscreen.ui.in_order import InOrder


class Tick(InOrder, Checkbox):
    """A box that shows a tick only when ticked: colour alone does not tell them apart in
    every theme, on a dim screen, or to a colour-blind Dealer."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Send", show=False),
    ]

    class Submitted(Message):
        """Enter on the box: the form or dialog it is in is to be sent."""

        def __init__(self, tick: Tick) -> None:
            super().__init__()
            self.tick = tick

        @property
        def control(self) -> Tick:
            return self.tick

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]
        return "✓" if self.value else " "

    def action_submit(self) -> None:
        self.post_message(self.Submitted(self))
