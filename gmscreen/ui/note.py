"""Write a note into the journal: free text, and the characters it is about (for the log's
filter)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, TextArea

from gmscreen.ui.footer import KeysFooter


@dataclass(frozen=True)
class NoteWritten:
    """What the Dealer wrote: the text and the names it is about."""

    text: str
    about: tuple[str, ...]


def split_names(text: str) -> tuple[str, ...]:
    """"Zeke, Ma Barker ,, " -> ("Zeke", "Ma Barker"): names separated by commas."""
    return tuple(dict.fromkeys(name.strip() for name in text.split(",") if name.strip()))


class NoteScreen(ModalScreen[NoteWritten | None]):
    """Dismisses with the note (ctrl+s or the save button), or None (escape)."""

    DEFAULT_CSS = """
    NoteScreen {
        align: center middle;
        & > Vertical {
            width: 72;
            max-width: 100%;
            height: auto;
            max-height: 100%;
            border: thick $primary;
            background: $surface;
            padding: 0 1;
        }
        & .title { text-style: bold; color: $text-primary; }
        & TextArea { height: 8; }
        & Horizontal { height: auto; align-horizontal: right; }
        & Button { margin-left: 2; }
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save the note", id="note.save", priority=True),
        Binding("escape", "cancel", "Cancel", id="note.cancel"),
    ]

    def __init__(self, about: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.about = about

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("A note for the journal", classes="title")
            yield TextArea(id="note-text", soft_wrap=True, show_line_numbers=False)
            yield Label("About (names, separated by commas)")
            yield Input(", ".join(self.about), id="note-about", compact=True,
                        placeholder="nobody in particular")
            with Horizontal():
                yield Button("Cancel (esc)", id="note-cancel")
                yield Button("Save (ctrl+s)", id="note-save", variant="primary")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#note-text", TextArea).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "note-save":
            self.action_save()
        else:
            self.action_cancel()

    def action_save(self) -> None:
        text = self.query_one("#note-text", TextArea).text.strip()
        if not text:
            self.notify("Note: write something first.", severity="warning")
            return
        about = split_names(self.query_one("#note-about", Input).value)
        self.dismiss(NoteWritten(text, about))

    def action_cancel(self) -> None:
        self.dismiss(None)
