"""A yes-or-no question before a step that cannot be taken back at the table."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from gmscreen.ui.dialog import Dialog, DialogButton, field_keys
from gmscreen.ui.footer import KeysFooter
from gmscreen.ui.keymap import key_in_words


class Confirm(Dialog[bool]):
    """Dismisses with True for yes (y, or the yes button), False for no (n, escape)."""

    #: the keyboard starts there (Textual's own first focus, moved after, restyled the
    #: whole dialog twice)
    AUTO_FOCUS = "#confirm-no"

    DEFAULT_CSS = """
    Confirm {
        align: center middle;
        & > Vertical {
            width: 64;
            max-width: 100%;
            height: auto;
            max-height: 100%;
            border: thick $warning;
            background: $surface;
            padding: 1 2;
        }
        & #confirm-question { width: 1fr; margin-bottom: 1; }
        & Horizontal { height: auto; align-horizontal: right; }
        & Button { margin-left: 2; }
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n", "answer(False)", "No", id="confirm.no"),
        Binding("escape", "answer(False)", "No", show=False, id="confirm.escape"),
        # Tab from No to Yes in its turn: space typed straight after it pressed No
        *field_keys("confirm"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical():
            # the question may quote journal text: shown as text, never markup
            yield Static(Text(self.question), id="confirm-question")
            with Horizontal():
                no, yes = (key_in_words(self.app, f"confirm.{answer}", Confirm)
                           for answer in ("no", "yes"))
                yield DialogButton(Text(f"{self.no} ({no})"), id="confirm-no")
                yield DialogButton(Text(f"{self.yes} ({yes})"), id="confirm-yes",
                                   variant="warning")
        yield KeysFooter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
