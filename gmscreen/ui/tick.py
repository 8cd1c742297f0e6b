"""A check box that shows a tick only when ticked, for the forms and the dialogs."""

from __future__ import annotations

from textual.widgets import Checkbox


class Tick(Checkbox):
    """A box that shows a tick only when ticked: colour alone does not tell them apart in
    every theme, on a dim screen, or to a colour-blind Dealer."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]
        return "✓" if self.value else " "
