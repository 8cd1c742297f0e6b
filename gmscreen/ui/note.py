"""Write a note into the journal: free text, the characters it is about (completed from the
campaign's own names as they are typed; a new name is fine too), and whether it is for the
table (the players' screen shows it this session, the recap tells it) or the Dealer's own
(the default). The same dialog, opened on a note as it stands, puts it right."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Button, Checkbox, Input, Label, TextArea

from gmscreen.core.text import in_words, names_meant
from gmscreen.ui.dialog import Dialog, FieldsButton, field_keys
from gmscreen.ui.footer import KeysFooter
from gmscreen.ui.in_order import InOrderInput
from gmscreen.ui.in_order_area import InOrderTextArea
from gmscreen.ui.keymap import key_in_words
from gmscreen.ui.tick import Tick


@dataclass(frozen=True)
class NoteWritten:
    """What the Dealer wrote: the text and the names it is about."""

    text: str
    about: tuple[str, ...]
    #: for the table: the recap tells it (a note is the Dealer's own otherwise)
    public: bool = False


def split_names(text: str, names: Sequence[str] = ()) -> tuple[str, ...]:
    """"Zeke, Ma Barker ,, " -> ("Zeke", "Ma Barker"): names separated by commas; a name of
    `names` (the campaign's) that holds a comma itself, typed whole in any case, is kept
    whole ("Smith, John" is one name where a character is called so)."""
    def key(pieces: Sequence[str]) -> str:  # as Dust's `checks.typed_names` reads them
        return ",".join(piece.strip() for piece in pieces).casefold()

    pieces = text.split(",")
    whole = {key(name.split(",")) for name in names if "," in name}
    found: list[str] = []
    at = 0
    while at < len(pieces):
        upto = next((end for end in range(len(pieces), at + 1, -1)
                     if key(pieces[at:end]) in whole), at + 1)
        found.append(", ".join(piece.strip() for piece in pieces[at:upto]))
        at = upto
    return tuple(dict.fromkeys(name for name in found if name))


def filed_under(typed: Sequence[str], names: Sequence[str]) -> tuple[str, ...]:
    """The names a note is filed under: each typed as one of the campaign's `names` in any
    case, or the one name holding its words ("long" is "Long" Tom Meredith, whose quote
    the suggestion could not get past); else as typed (a new name, or one that fits
    several)."""
    filed = []
    for name in typed:
        meant = names_meant(names, name)
        filed.append(meant[0] if len(meant) == 1 else name)
    return tuple(dict.fromkeys(filed))


def filed_words(typed: Sequence[str], names: Sequence[str]) -> str:
    """What the line under the names says: under whom the note will be filed, marking a
    name no character has, and one that fits several."""
    words = []
    for name in typed:
        meant = names_meant(names, name)
        words.append(meant[0] if len(meant) == 1 else f"{name} (a new name)" if not meant
                     else f"{name} (fits {in_words(meant)}: type more)")
    return f"Filed under: {', '.join(dict.fromkeys(words))}" if words else ""


class NamesSuggester(Suggester):
    """Completes the name being typed after the last comma from the campaign's names."""

    def __init__(self, names: Sequence[str]) -> None:
        # the value comes as typed: the names are matched in any case here
        super().__init__(use_cache=False, case_sensitive=True)
        self.names = list(names)

    async def get_suggestion(self, value: str) -> str | None:
        head, comma, typing = value.rpartition(",")
        typed = typing.lstrip()
        if not typed:
            return None
        low = typed.lower()
        found = next((n for n in self.names if n.lower().startswith(low)), None)
        if found is None:
            return None
        lead = typing[:len(typing) - len(typed)]
        return f"{head}{comma}{lead}{found}"


class NoteScreen(Dialog[NoteWritten | None]):
    """Dismisses with the note (ctrl+s or the save button), or None (escape)."""

    #: the keyboard starts there (Textual's own first focus, moved after, restyled the
    #: whole dialog twice)
    AUTO_FOCUS = "#note-text"

    DEFAULT_CSS = """
    NoteScreen {
        align: center middle;
        & #note-filed { color: $text-muted; width: 1fr; }
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
        # in the order typed, after the note's last letters (see Form's)
        Binding("ctrl+s", "save", "Save the note", id="note.save"),
        Binding("escape", "cancel", "Cancel", id="note.cancel"),
        *field_keys("note"),
    ]

    def __init__(self, about: tuple[str, ...] = (), names: Sequence[str] = (), *,
                 text: str = "", public: bool = False,
                 heading: str = "A note for the journal") -> None:
        super().__init__()
        self.about = about
        #: the campaign's characters, offered as the names are typed
        self.names = list(names)
        #: the note as it stands, when the dialog puts one right
        self.text, self.public, self.heading = text, public, heading

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.heading, classes="title", markup=False)
            yield InOrderTextArea(self.text, id="note-text", soft_wrap=True,
                                  show_line_numbers=False)
            yield Label("About (names, separated by commas; right arrow takes a suggestion)")
            yield InOrderInput(", ".join(self.about), id="note-about", compact=True,
                               placeholder="nobody in particular",
                               suggester=NamesSuggester(self.names) if self.names else None)
            yield Label(filed_words(self.about, self.names), id="note-filed", markup=False)
            yield Tick("For the table: players' screen and recap (else yours alone)",
                       self.public, id="note-public", compact=True)
            with Horizontal():
                cancel, save = (key_in_words(self.app, f"note.{step}", NoteScreen)
                                for step in ("cancel", "save"))
                yield FieldsButton(f"Cancel ({cancel})", id="note-cancel")
                yield FieldsButton(f"Save ({save})", id="note-save", variant="primary")
        yield KeysFooter()

    def on_mount(self) -> None:
        if self.text:  # a note put right is mended at its end more often than at its start
            area = self.query_one("#note-text", TextArea)
            area.move_cursor(area.document.end)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "note-save":
            self.action_save()
        else:
            self.action_cancel()

    @on(Input.Changed, "#note-about")
    def _names_typed(self, event: Input.Changed) -> None:
        self.query_one("#note-filed", Label).update(
            filed_words(split_names(event.value, self.names), self.names))

    @on(Input.Submitted, "#note-about")
    @on(Tick.Submitted)
    def _sent(self, event: Message) -> None:
        """Enter in the names or on the box saves, as in every form; in the text, it is a
        new line."""
        event.stop()
        self.action_save()

    def unsent(self) -> str | None:
        text = self.query_one("#note-text", TextArea).text.strip()
        return "the note" if text and text != self.text.strip() else None

    def action_save(self) -> None:
        text = self.query_one("#note-text", TextArea).text.strip()
        if not text:
            self.notify("Note: write something first.", severity="warning")
            return
        typed = self.query_one("#note-about", Input).value
        about = filed_under(split_names(typed, self.names), self.names)
        public = self.query_one("#note-public", Checkbox).value
        self.dismiss(NoteWritten(text, about, public))

    def action_cancel(self) -> None:
        self.dismiss(None)
