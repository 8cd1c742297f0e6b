"""The small forms every Dust tab uses: selects and text lines, keyboard first (tab between
fields, enter to pick, ctrl+s to send). What a form sends is checked against the rules before
it closes: a refusal is shown at the form's foot, naming the rule, the cursor goes to the
field it names, and everything typed stays there to be corrected."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from gmscreen.games.dust.state import DustState
from gmscreen.journal.rules import RuleError
from gmscreen.ui.pane import GamePane

Options = list[tuple[str, str]]

#: a form field's value meaning "nothing chosen"
NONE = ""


@dataclass(frozen=True)
class Field:
    key: str
    label: str
    #: None: a line of text; otherwise the (label, value) choices
    options: Options | None
    #: what the field holds when the form opens (NONE: empty, or nothing chosen)
    value: str = ""


#: the form field a refusal means when the rules name what the command holds: the night
#: form's one action select stands for the command's uses and scavenging, and so on
FIELD_SHOWN = {"items": "item", "uses": "action", "scavenge": "action", "targets": "target",
               "by": "killer", "text": "note"}


def field_named(message: str, values: dict[str, str]) -> str | None:
    """The first of the form's fields that a table's complaint names as a word, if any (the
    tables say which key of a role, item or location is wrong, but not as a field)."""
    return next((key for key in values if re.search(rf"\b{key}\b", message)), None)


def as_sent(values: dict[str, str]) -> Any:
    return values


class DustForm(ModalScreen[Any]):
    """A small form of selects and text lines; ctrl+s sends it, escape cancels.

    `check` turns the values into what the form gives back (a command), raising RuleError
    when the rules refuse it; then the form stays open with the refusal shown."""

    DEFAULT_CSS = """
    DustForm { align: center middle; }
    DustForm > Vertical {
        width: 72; max-width: 100%; height: auto; max-height: 100%; overflow-y: auto;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    DustForm .dust-form-row { height: auto; margin-top: 1; }
    DustForm .dust-form-row > Label { width: 18; }
    DustForm.-dense .dust-form-row { margin-top: 0; }
    DustForm Select, DustForm Input { width: 1fr; }
    DustForm .dust-form-buttons { height: auto; align-horizontal: right; margin-top: 1; }
    /* docked, so it stays in sight when a long form fills the screen at 80x24 */
    DustForm #dust-refusal {
        dock: bottom; width: 1fr; height: auto; max-height: 4; display: none;
        color: $text-error; background: $error-muted; border-top: solid $error;
    }
    DustForm #dust-refusal.-shown { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "send", "Send", id="dust.form.send"),
        Binding("escape", "cancel", "Cancel", id="dust.form.cancel"),
    ]

    def __init__(self, title: str, fields: Sequence[Field],
                 refresh: Callable[[dict[str, str]], dict[str, Options]] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.fields = list(fields)
        self.refresh_options = refresh
        #: a long form drops the blank lines between its fields to fit 80x24
        self.set_class(len(self.fields) > 7, "-dense")
        #: the choices each refreshed field shows now
        self.shown: dict[str, Options] = {f.key: f.options for f in fields if f.options}
        self.check: Callable[[dict[str, str]], Any] = as_sent

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="dust-refusal", markup=False)
            yield Label(Text(self.title_text, style="bold"))
            for field in self.fields:
                with Horizontal(classes="dust-form-row"):
                    yield Label(Text(field.label))
                    if field.options is None:
                        yield Input(field.value, id=f"f-{field.key}", compact=True)
                    else:
                        start = (field.value if any(v == field.value for _, v in field.options)
                                 else Select.NULL)
                        yield Select([(Text(label), value) for label, value in field.options],
                                     id=f"f-{field.key}", prompt="(none)", compact=True,
                                     value=start)
            with Horizontal(classes="dust-form-buttons"):
                yield Button("Send (ctrl+s)", id="send", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def values(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for field in self.fields:
            widget = self.query_one(f"#f-{field.key}")
            if isinstance(widget, Input):
                found[field.key] = widget.value
            elif isinstance(widget, Select):
                found[field.key] = NONE if widget.is_blank() else str(widget.value)
        return found

    def on_select_changed(self, event: Select.Changed) -> None:
        if self.refresh_options is None:
            return
        changed = (event.select.id or "").removeprefix("f-")
        refreshed = self.refresh_options(self.values())
        if changed in refreshed:
            return  # only the fields the others depend on refresh the choices
        for key, options in refreshed.items():
            if self.shown.get(key) == options:
                continue
            self.shown[key] = options
            select: Select[str] = self.query_one(f"#f-{key}", Select)
            keep = select.value
            select.set_options([(Text(label), value) for label, value in options])
            if any(value == keep for _, value in options):
                select.value = keep

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
        refusal = self.query_one("#dust-refusal", Static)
        refusal.update(Text(f"{error.rule}: {error.message}"))
        # in the form, not a toast: a toast would cover the form's foot, and fade
        refusal.add_class("-shown")
        keys = [field.key for field in self.fields]
        field = error.field if error.field in keys else FIELD_SHOWN.get(error.field or "")
        if field in keys:
            self.query_one(f"#f-{field}").focus()

    def action_cancel(self) -> None:
        self.dismiss(None)


def state_of(pane: GamePane) -> DustState | None:
    return pane.campaign.state if pane.campaign is not None else None


def people(state: DustState, *, scum: bool | None = None) -> Options:
    return [(p.name, p.name) for p in state.living
            if scum is None or state.is_scum(p.name) == scum]



def ask(pane: GamePane, form: DustForm, command: Callable[[dict[str, str]], object | None],
        confirm: str | Callable[[Any], str | None] | None = None) -> None:
    """Show a form; what it sends becomes a command (None: nothing to send), sent at once or
    once the moderator says yes to `confirm` (a question, or a function of the command that
    asks one only when it matters). A value that cannot be read, or a command the rules
    refuse, keeps the form open with the refusal, and nothing is sent."""
    def check(values: dict[str, str]) -> object | None:
        made = command(values)
        if made is not None:
            pane.check(made)
        return made

    def sent(made: object | None) -> None:
        if made is not None:
            pane.send(made, confirm=confirm(made) if callable(confirm) else confirm)

    form.check = check
    pane.app.push_screen(form, sent)
