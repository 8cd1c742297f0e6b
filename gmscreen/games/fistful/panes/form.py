"""The small modal form every Fistful tab uses: text lines and selects, keyboard first (tab
between fields, enter on the last line or ctrl+s to send, escape to cancel). A form whose
command a rule refuses stays open with what was typed, says the rule, and puts the cursor on
the field that broke it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from gmscreen.core.dice import parse_faces, roll
from gmscreen.games.fistful.commands import FlipInitiative
from gmscreen.games.fistful.tables import weapons
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
    placeholder: str = ""


class FistfulForm(ModalScreen[dict[str, str] | None]):
    """A form of text lines and selects; ctrl+s (or enter) sends it, escape cancels."""

    DEFAULT_CSS = """
    FistfulForm { align: center middle; }
    FistfulForm > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%; overflow-y: auto;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    FistfulForm .ff-row { height: auto; margin-top: 1; }
    FistfulForm.-dense .ff-row { margin-top: 0; }
    FistfulForm .ff-row > Label { width: 20; }
    FistfulForm Select, FistfulForm Input { width: 1fr; }
    FistfulForm .ff-buttons { height: auto; align-horizontal: right; margin-top: 1; }
    FistfulForm #ff-refusal { height: auto; color: $text-warning; display: none; }
    FistfulForm.-refused #ff-refusal { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "send", "Send", id="fistful.form.send"),
        Binding("escape", "cancel", "Cancel", id="fistful.form.cancel"),
    ]

    def __init__(self, title: str, fields: Sequence[Field], hint: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.hint = hint
        self.fields = list(fields)
        self.set_class(len(self.fields) > 6, "-dense")
        #: what sending does with the values: False keeps the form open (see `ask`)
        self.check: Callable[[dict[str, str]], bool] | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.title_text, style="bold"))
            if self.hint:
                yield Label(Text(self.hint, style="italic"))
            for field in self.fields:
                with Horizontal(classes="ff-row"):
                    yield Label(Text(field.label))
                    if field.options is None:
                        yield Input(field.value, placeholder=field.placeholder,
                                    id=f"f-{field.key}", compact=True)
                    else:
                        chosen = any(value == field.value for _, value in field.options)
                        yield Select([(Text(label), value) for label, value in field.options],
                                     id=f"f-{field.key}", prompt="(none)", compact=True,
                                     value=field.value if chosen else Select.NULL)
            yield Static(id="ff-refusal", markup=False)
            with Horizontal(classes="ff-buttons"):
                yield Button("Send (ctrl+s)", id="send", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def values(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for field in self.fields:
            widget = self.query_one(f"#f-{field.key}")
            if isinstance(widget, Input):
                found[field.key] = widget.value.strip()
            elif isinstance(widget, Select):
                found[field.key] = "" if widget.is_blank() else str(widget.value)
        return found

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_send()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "send":
            self.action_send()
        else:
            self.action_cancel()

    def action_send(self) -> None:
        values = self.values()
        if self.check is not None and not self.check(values):
            return  # refused: what was typed stays, to be put right
        self.dismiss(values)

    def refuse(self, error: RuleError) -> None:
        """Say which rule refused the values, in the form, and go to the field it names."""
        self.query_one("#ff-refusal", Static).update(Text(f"{error.rule}: {error.message}"))
        self.add_class("-refused")
        if error.field is not None and any(f.key == error.field for f in self.fields):
            self.query_one(f"#f-{error.field}").focus()

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask(pane: GamePane, form: FistfulForm, command: Callable[[dict[str, str]], Any]) -> None:
    """Show a form; what it sends becomes a command. Bad input, or a command the rules
    refuse, is told in the form with the rule or field it breaks, nothing is sent, and the
    form stays open with what was typed."""
    def check(values: dict[str, str]) -> bool:
        try:
            made = command(values)
            if made is not None:
                pane.check(made)
        except RuleError as error:
            # told once, in the form: a notice as well would say it twice and, at 80x24,
            # cover the form's foot
            form.refuse(error)
            return False
        if made is not None:
            pane.send(made)
        return True

    form.check = check
    pane.app.push_screen(form)


def dice(pane: GamePane, text: str, count: int, purpose: str, key: str = "dice",
         rule: str = "Dice") -> tuple[int, ...]:
    """Typed faces (checked), or `count` dice rolled by the app from the campaign's
    generator when nothing was typed. A bad face names `rule` and the form's field `key`."""
    if not text:
        assert pane.campaign is not None
        return roll(count, pane.campaign.rng(purpose)).faces
    try:
        return parse_faces(text)
    except ValueError as error:
        raise RuleError(rule, str(error), field=key) from None


def number(text: str, rule: str, key: str, default: int | None = None) -> int:
    """A whole number typed in the form's field `key`; a bad one names `rule` and `key`."""
    if not text and default is not None:
        return default
    try:
        return int(text)
    except ValueError:
        raise RuleError(rule, f"a whole number, not {text!r}", field=key) from None


def coins(pane: GamePane, text: str, count: int, purpose: str) -> str:
    """Typed coins (H and T), or `count` flipped by the app."""
    if text:
        return text.upper().replace(" ", "")
    assert pane.campaign is not None
    rng = pane.campaign.rng(purpose)
    return "".join(rng.choice("HT") for _ in range(count))


def typed_coin(pane: GamePane, waiting: Sequence[str] = ()) -> None:
    """The coin the table flipped for who acts first this round (heads: the posse);
    `waiting`, who has not acted yet in the round it ends."""
    hint = f"Still to act this round: {', '.join(waiting)}." if waiting else ""
    ask(pane, FistfulForm("Who acts first: the table's coin", [
        Field("coin", "Coin", [("H: the posse acts first", "H"),
                               ("T: the NPCs act first", "T")], "H")], hint),
        lambda v: FlipInitiative(v["coin"] or "H"))


def weapon_options() -> Options:
    """The book's weapons as choices, each with its note ("Bow (quiet)")."""
    return [(w.name + (f" ({w.note})" if w.note else ""), key) for key, w in weapons().items()]
