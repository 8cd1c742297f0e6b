"""Every earlier conflict of the campaign, session by session, in a scrolling box: the
Conflict tab has room for the last few only. The text is the view's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from gmscreen.games.dust_devils.state import ConflictRecord
from gmscreen.games.dust_devils.view import earlier_sections
from gmscreen.ui.dialog import Dialog
from gmscreen.ui.footer import KeysFooter
from gmscreen.ui.sections import SectionsView


class EarlierConflicts(Dialog[None]):
    """Read only; the newest are in sight first, the arrows and page keys scroll back."""

    DEFAULT_CSS = """
    EarlierConflicts { align: center middle; }
    EarlierConflicts > SectionsView {
        width: 90; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close", id="dust_devils.earlier.close"),
        Binding("h", "dismiss", "Close", show=False, id="dust_devils.earlier.toggle"),
    ]

    def __init__(self, past: Sequence[ConflictRecord]) -> None:
        super().__init__()
        self.past = tuple(past)

    def compose(self) -> ComposeResult:
        box = SectionsView(earlier_sections(self.past), id="dd-earlier")
        box.border_title = f"Earlier conflicts ({len(self.past)})"
        yield box
        yield KeysFooter()

    def on_mount(self) -> None:
        box = self.query_one("#dd-earlier", SectionsView)
        box.focus()
        self.call_after_refresh(box.scroll_end, animate=False)
