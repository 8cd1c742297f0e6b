"""A small modal form of selects, choices side by side, lists to tick, checkboxes, text
lines (some hidden as they are typed, for a hand) and a list to pick from, for the Devils
Bluff tabs: keyboard first (tab between fields, enter to pick, ctrl+s to send, escape to
cancel). A field's explanation shows under the form while it has the focus (and as its
tooltip).

What a form sends is put to the rules before it closes: a refusal shows at the form's foot
naming the rule, the cursor goes to the field it names, and everything typed stays there to
be put right."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode
from textual.screen import ModalScreen
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Label,
    OptionList,
    RadioButton,
    RadioSet,
    Select,
    SelectionList,
    Static,
)

from gmscreen.journal.rules import RuleError
from gmscreen.ui.pane import GamePane

Options = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Field:
    key: str
    label: str
    #: "text", "secret" (text shown as dots as it is typed), "check", "select", "one" (a few
    #: choices side by side, one pressed), "many" (a list to tick several in) or "pick" (a
    #: list where enter picks one and sends the form)
    kind: str = "select"
    options: Options = ()
    value: str = ""
    #: what the field means: shown under the form while the field has the focus, and
    #: when the mouse rests on it
    about: str = ""


def choose(key: str, label: str, options: Sequence[str | tuple[str, str]],
           value: str = "", about: str = "") -> Field:
    pairs = tuple((o, o) if isinstance(o, str) else o for o in options)
    return Field(key, label, "select", pairs, value, about)


def one_of(key: str, label: str, options: Sequence[str], value: str = "") -> Field:
    """One of two or three short choices, all in sight: cheaper to build than a select
    (a fifth of its cost) and one key fewer to choose."""
    return Field(key, label, "one", tuple((o, o) for o in options), value)


def many(key: str, label: str, options: Sequence[str]) -> Field:
    """Several of a list, each at most once: one widget, much cheaper to build than a
    select for each (four selects of perks made the Enlist form slow to open)."""
    return Field(key, label, "many", tuple((o, o) for o in options))


def pick(key: str, label: str, options: Sequence[str], value: str = "") -> Field:
    """One of a list, picked with enter, which sends the form; `value` starts highlighted."""
    return Field(key, label, "pick", tuple((o, o) for o in options), value)


def secret(key: str, label: str, about: str = "") -> Field:
    """A line of text shown as dots while it is typed (a hand, for one player's eyes)."""
    return Field(key, label, "secret", (), "", about)


def check(key: str, label: str, value: bool = False) -> Field:
    return Field(key, label, "check", (), "1" if value else "")


def text(key: str, label: str, value: str = "", about: str = "") -> Field:
    return Field(key, label, "text", (), value, about)


def as_sent(values: dict[str, Any]) -> Any:
    return values


class BluffForm(ModalScreen[Any]):
    """The form: values are str for selects, choices and text, bool for checkboxes, a tuple of
    str for a list to tick several in.

    `check` turns the values into what the form gives back (a command), raising RuleError
    when the rules refuse them; then the form stays open with the refusal shown."""

    DEFAULT_CSS = """
    BluffForm { align: center middle; }
    BluffForm > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%; overflow-y: auto;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    BluffForm .bluff-row { height: auto; }
    BluffForm .bluff-row > Label { width: 20; padding-top: 0; }
    BluffForm Select, BluffForm Input { width: 1fr; }
    BluffForm Checkbox { width: 1fr; border: none; padding: 0; }
    BluffForm RadioSet { layout: horizontal; width: 1fr; }
    BluffForm RadioSet > RadioButton { width: auto; margin-right: 2; }
    /* short enough that the highlighted choice stays in sight at 80x24 */
    BluffForm SelectionList { width: 1fr; height: auto; max-height: 6; padding: 0; }
    BluffForm OptionList { width: 1fr; height: auto; max-height: 10; padding: 0; }
    BluffForm .bluff-note { color: $text-muted; width: 100%; }
    BluffForm .bluff-buttons { height: auto; align-horizontal: right; }
    /* docked, so the explanation and a refusal stay in sight while the fields scroll at
       80x24; one dock holds both, as two docked at one edge would overlap */
    BluffForm #bluff-foot { dock: bottom; height: auto; }
    BluffForm #bluff-about { height: 3; color: $text-muted; border-top: solid $primary; }
    BluffForm #bluff-refusal {
        height: auto; max-height: 4; display: none;
        color: $text-error; background: $error-muted; border-top: solid $error;
    }
    BluffForm #bluff-refusal.-shown { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "send", "Send", id="devils_bluff.form.send"),
        Binding("escape", "cancel", "Cancel", id="devils_bluff.form.cancel"),
    ]

    def __init__(self, title: str, fields: Sequence[Field], note: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.fields = list(fields)
        self.note = note
        self.check: Callable[[dict[str, Any]], Any] = as_sent

    def compose(self) -> ComposeResult:
        with Vertical():
            with Vertical(id="bluff-foot"):
                if any(field.about for field in self.fields):
                    yield Static(id="bluff-about", markup=False)
                yield Static(id="bluff-refusal", markup=False)
            yield Label(Text(self.title_text, style="bold"))
            if self.note:
                yield Label(Text(self.note), classes="bluff-note")
            for field in self.fields:
                with Horizontal(classes="bluff-row"):
                    yield Label(Text(field.label))
                    if field.kind in ("text", "secret"):
                        entry = Input(field.value, id=f"f-{field.key}", compact=True,
                                      password=field.kind == "secret")
                        entry.tooltip = field.about or None
                        yield entry
                    elif field.kind == "check":
                        yield Checkbox("", bool(field.value), id=f"f-{field.key}",
                                       compact=True)
                    elif field.kind == "one":
                        yield RadioSet(*(RadioButton(Text(label), value == field.value)
                                         for label, value in field.options),
                                       id=f"f-{field.key}", compact=True)
                    elif field.kind == "pick":
                        values = [value for _, value in field.options]
                        options = OptionList(*(Text(label) for label, _ in field.options),
                                             id=f"f-{field.key}", compact=True)
                        if field.value in values:
                            options.highlighted = values.index(field.value)
                        yield options
                    elif field.kind == "many":
                        yield SelectionList[str](
                            *((Text(label), value) for label, value in field.options),
                            id=f"f-{field.key}", compact=True)
                    else:
                        # the value goes to the constructor: set after, the box still
                        # shows the prompt although the value is set
                        known = any(v == field.value for _, v in field.options)
                        select: Select[str] = Select(
                            [(Text(label), value) for label, value in field.options],
                            id=f"f-{field.key}", prompt="(none)", compact=True,
                            value=field.value if known else Select.NULL)
                        select.tooltip = field.about or None
                        yield select
            with Horizontal(classes="bluff-buttons"):
                yield Button("Send (ctrl+s)", id="send", variant="primary", compact=True)
                yield Button("Cancel (esc)", id="cancel", compact=True)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Explain the field that has the focus (an open list of choices is inside it)."""
        abouts = {f"f-{field.key}": field.about for field in self.fields}
        node: DOMNode | None = event.widget
        while node is not None and node.id not in abouts:
            node = node.parent
        if node is not None and self.query("#bluff-about"):
            shown = abouts[str(node.id)]
            self.query_one("#bluff-about", Static).update(Text(shown))

    def values(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for field in self.fields:
            widget = self.query_one(f"#f-{field.key}")
            if isinstance(widget, Input):
                found[field.key] = widget.value.strip()
            elif isinstance(widget, Checkbox):
                found[field.key] = widget.value
            elif isinstance(widget, Select):
                found[field.key] = "" if widget.is_blank() else str(widget.value)
            elif isinstance(widget, RadioSet):
                pressed = widget.pressed_index
                found[field.key] = field.options[pressed][1] if pressed >= 0 else ""
            elif isinstance(widget, SelectionList):
                # in the list's own order, whatever order they were ticked in
                ticked = set(widget.selected)
                found[field.key] = tuple(v for _, v in field.options if v in ticked)
            elif isinstance(widget, OptionList):
                at = widget.highlighted
                found[field.key] = field.options[at][1] if at is not None else ""
        return found

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a list to pick from picks the highlighted one and sends the form."""
        event.stop()
        self.action_send()

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
        """Show the refusal at the form's foot (not a toast, which would cover it and fade)
        and go to the field it names: a rule's "scouts" is the form's first of scout0..."""
        refusal = self.query_one("#bluff-refusal", Static)
        refusal.update(Text(f"{error.rule}: {error.message}"))
        refusal.add_class("-shown")
        named = error.field or ""
        keys = [field.key for field in self.fields]
        key = named if named in keys else next(
            (k for k in keys if named and k.startswith(named.removesuffix("s"))), None)
        if key is not None:
            self.query_one(f"#f-{key}").focus()

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask(pane: GamePane, form: BluffForm,
        command: Callable[[dict[str, Any]], object | None]) -> None:
    """Show a form; what it sends becomes a command (None: nothing to send). A value that
    cannot be read, or a command the rules refuse, keeps the form open with the refusal,
    and nothing is sent."""
    def checked(values: dict[str, Any]) -> object | None:
        made = command(values)
        if made is not None:
            pane.check(made)
        return made

    def sent(made: object | None) -> None:
        if made is not None:
            pane.send(made)
    form.check = checked
    pane.app.push_screen(form, sent)
