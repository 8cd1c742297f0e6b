"""Every earlier conflict of the campaign, session by session, in a scrolling box: the
Conflict tab has room for the last few only."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from gmscreen.games.dust_devils.state import ConflictRecord
from gmscreen.ui.footer import KeysFooter


def record_line(record: ConflictRecord) -> str:
    line = f"{record.number}. {record.title} ({record.outcome})"
    if record.unresolved:
        line += f"; thread closed: {record.closed}" if record.closed else "; an open thread"
    return line


def earlier_text(past: Sequence[ConflictRecord]) -> Text:
    """The conflicts under a heading for each session, oldest first."""
    text = Text()
    for session, records in groupby(past, key=lambda r: r.session):
        if text:
            text.append("\n")
        text.append(f"Session {session}\n" if session else "Before the first session\n",
                    style="bold")
        text.append("\n".join(record_line(r) for r in records) + "\n")
    text.rstrip()
    return text or Text("No conflict has ended yet.")


class EarlierConflicts(ModalScreen[None]):
    """Read only; the newest are in sight first, the arrows and page keys scroll back."""

    DEFAULT_CSS = """
    EarlierConflicts { align: center middle; }
    EarlierConflicts > VerticalScroll {
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
        with VerticalScroll(id="dd-earlier") as box:
            box.border_title = f"Earlier conflicts ({len(self.past)})"
            # titles and outcomes come from the journal: text, never markup
            yield Static(earlier_text(self.past), markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        box = self.query_one("#dd-earlier", VerticalScroll)
        box.focus()
        self.call_after_refresh(box.scroll_end, animate=False)
