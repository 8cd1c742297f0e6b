"""The small modal forms of the Dust Devils tabs: text lines and selects, keyboard first
(tab between fields, enter to pick, ctrl+s to send, escape to cancel). What is sent is
checked against the rules before the form closes: a refusal is shown in the form, naming
the rule, and everything typed stays there to be corrected."""

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


def as_sent(values: dict[str, str]) -> Any:
    return values


class SheetForm(ModalScreen[Any]):
    """A form of text lines and selects, with a few lines of help above; ctrl+s sends.

    `check` turns the values into what the form gives back (a command), raising RuleError
    when the rules refuse it; then the form stays open with the refusal shown."""

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
    /* docked, so it stays in sight while the fields scroll at 80x24 */
    SheetForm #dd-refusal {
        dock: bottom; width: 1fr; height: auto; max-height: 4; display: none;
        color: $text-error; background: $error-muted; border-top: solid $error;
    }
    SheetForm #dd-refusal.-shown { display: block; }
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
        self.check: Callable[[dict[str, str]], Any] = as_sent

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="dd-refusal", markup=False)
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
        try:
            made = self.check(self.values())
        except RuleError as error:
            self.refuse(error)
            return
        self.dismiss(made)

    def refuse(self, error: RuleError) -> None:
        """Show the refusal at the form's foot and go to the field it names, if any."""
        refusal = self.query_one("#dd-refusal", Static)
        refusal.update(Text(f"{error.rule}: {error.message}"))
        # in the form, not a toast: a toast would cover the form's foot, and fade
        refusal.add_class("-shown")
        if any(field.key == error.field for field in self.fields):
            self.query_one(f"#f-{error.field}").focus()

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask(pane: GamePane, form: SheetForm, command: Callable[[dict[str, str]], Any]) -> None:
    """Show a form; what it sends becomes a command (or None: nothing to send). A value that
    cannot be read (a number that is not one) or a command the rules refuse keeps the form
    open with the refusal, and nothing is sent."""

    def check(values: dict[str, str]) -> Any:
        made = command(values)
        if made is not None:
            pane.check(made)
        return made

    def sent(made: Any) -> None:
        if made is not None:
            pane.send(made)

    form.check = check
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
