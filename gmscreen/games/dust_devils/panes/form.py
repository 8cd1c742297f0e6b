"""The small modal forms of the Dust Devils tabs: text lines and selects, keyboard first
(tab between fields, enter to pick, ctrl+s to send, escape to cancel)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from gmscreen.journal.rules import RuleError
from gmscreen.ui.pane import GamePane

Options = list[tuple[str, str]]


@dataclass(frozen=True)
class Field:
    key: str
    label: str
    #: None: a line of text; otherwise the (label, value) choices
    options: Options | None = None
    value: str = ""


class SheetForm(ModalScreen[dict[str, str] | None]):
    """A form of text lines and selects, with a few lines of help above; ctrl+s sends."""

    DEFAULT_CSS = """
    SheetForm { align: center middle; }
    SheetForm > VerticalScroll {
        width: 90; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    SheetForm .dd-help { color: $text-muted; }
    SheetForm .dd-row { height: auto; }
    SheetForm .dd-row > Label { width: 20; }
    SheetForm Select, SheetForm Input { width: 1fr; }
    SheetForm .dd-buttons { height: auto; align-horizontal: right; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "send", "Send", id="dust_devils.form.send"),
        Binding("escape", "cancel", "Cancel", id="dust_devils.form.cancel"),
    ]

    def __init__(self, title: str, fields: Sequence[Field], help_text: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.fields = list(fields)
        self.help_text = help_text

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Label(Text(self.title_text, style="bold"))
            if self.help_text:
                yield Static(self.help_text, classes="dd-help", markup=False)
            for field in self.fields:
                with Horizontal(classes="dd-row"):
                    yield Label(Text(field.label))
                    if field.options is None:
                        yield Input(field.value, id=f"f-{field.key}", compact=True)
                    else:
                        chosen = any(v == field.value for _, v in field.options)
                        yield Select([(Text(label), value) for label, value in field.options],
                                     id=f"f-{field.key}", prompt="(none)", compact=True,
                                     value=field.value if chosen else Select.NULL)
            with Horizontal(classes="dd-buttons"):
                yield Button("Send (ctrl+s)", id="send", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def on_mount(self) -> None:
        # the scroll box would take the focus first, and keys would do nothing until tab
        if self.fields:
            self.query_one(f"#f-{self.fields[0].key}").focus()

    def values(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for field in self.fields:
            widget = self.query_one(f"#f-{field.key}")
            if isinstance(widget, Input):
                found[field.key] = widget.value
            elif isinstance(widget, Select):
                found[field.key] = "" if widget.is_blank() else str(widget.value)
        return found

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "send":
            self.action_send()
        else:
            self.action_cancel()

    def action_send(self) -> None:
        self.dismiss(self.values())

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask(pane: GamePane, form: SheetForm, command: Callable[[dict[str, str]], Any]) -> None:
    """Show a form; what it sends becomes a command. A value that cannot be read (a number
    that is not one) is told to the Dealer naming the field, and nothing is sent."""

    def sent(values: dict[str, str] | None) -> None:
        if values is None:
            return
        try:
            made = command(values)
        except RuleError as error:
            pane.app.notify(error.message, title=error.rule, severity="error", markup=False)
            return
        if made is not None:
            pane.send(made)

    pane.app.push_screen(form, sent)


def number(values: dict[str, str], key: str, label: str, default: int | None = None) -> int:
    """A whole number typed in a form; RuleError naming the field otherwise."""
    text = values.get(key, "").strip()
    if not text and default is not None:
        return default
    try:
        return int(text)
    except ValueError:
        raise RuleError(label, f"{text!r} is not a whole number", field=key) from None


YES_NO: Options = [("no", "no"), ("yes", "yes")]
