"""The small dialogs of Dead Man's Hand: pick one of a list, recruit a model, aim an attack.

Each is a modal screen; `ask` turns what the player chose into a command and asks the rules
about it before the dialog closes. A command the rules refuse keeps the dialog open with all
that was typed, the refusal ('Rule: why') at its foot and the field it names focused. Names
typed by players are shown as plain content, never read as markup.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from rich.segment import Segment
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    OptionList,
    Select,
    SelectionList,
    Static,
)
from textual.widgets.option_list import Option

from gmscreen.games.dead_mans_hand.posse import LEADER, RANK_AND_FILE, cost
from gmscreen.games.dead_mans_hand.state import COLOURS, Colour, Format, Model
from gmscreen.games.dead_mans_hand.weapons import WEAPONS, weapon_name
from gmscreen.journal.rules import RuleError
from gmscreen.ui.pane import GamePane

T = TypeVar("T")

FORM_CSS = """
{name} {{
    align: center middle;
}}
{name} > .box {{
    width: 72;
    max-width: 100%;
    height: auto;
    max-height: 100%;
    border: thick $primary;
    background: $surface;
    padding: 0 1;
}}
{name} .title {{
    text-style: bold;
    color: $text-primary;
}}
{name} .row {{
    height: auto;
}}
{name} .row > * {{
    width: 1fr;
    margin-right: 1;
}}
{name} .preview {{
    color: $text-muted;
    height: auto;
}}
/* docked, so the refusal and the buttons stay in sight at 80x24 while the fields scroll;
   the refusal stands above the buttons, never over them */
{name} .foot {{
    dock: bottom;
    height: auto;
}}
{name} .buttons {{
    height: auto;
    align-horizontal: right;
}}
{name} .buttons > Button {{
    margin-left: 2;
}}
{name} #refusal {{
    height: auto;
    max-height: 4;
    display: none;
    color: $text-error;
    background: $error-muted;
    border-top: solid $error;
}}
{name}.-refused #refusal {{
    display: block;
}}
"""


class Tick(Checkbox):
    """A checkbox whose X shows only when it is ticked. Textual's own shows the X either way
    and tells them apart by its colour alone, which some themes make hard to see."""

    def __init__(self, label: str, value: bool = False, **options: Any) -> None:
        super().__init__(label, value, **options)
        self._mark()  # the watcher is not called for the value it starts with

    def watch_value(self) -> None:
        self._mark()
        super().watch_value()

    def _mark(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "


class Ticks(SelectionList[str]):
    """A list of boxes to tick whose X shows only on the ticked ones (see Tick)."""

    def render_line(self, y: int) -> Strip:
        line = super().render_line(y)
        segments = list(line)
        index = self.scroll_offset.y + y
        if (index < self.option_count and len(segments) > 1
                and self.get_option_at_index(index).value not in self.selected):
            segments[1] = Segment(" ", segments[1].style)
            return Strip(segments, line.cell_length)
        return line


class RuleForm(ModalScreen[Any], Generic[T]):
    """A dialog whose answer (a T) `check` turns into a command, raising RuleError when the
    rules refuse it; then the dialog stays open and says why (see `ask`)."""

    #: the widget holding a field a rule names, where its id is not the field's own name
    FIELD_IDS: ClassVar[dict[str, str]] = {}

    def __init__(self) -> None:
        super().__init__()
        self.check: Callable[[T], Any] = lambda answer: answer

    def send(self, answer: T) -> None:
        try:
            made = self.check(answer)
        except RuleError as error:
            self.refuse(error)
            return
        self.dismiss(made)

    def refuse(self, error: RuleError) -> None:
        """Show the refusal at the dialog's foot (not a toast, which would cover it and
        fade) and go to the field it names, if the dialog has it."""
        self.query_one("#refusal", Static).update(Text(f"{error.rule}: {error.message}"))
        self.add_class("-refused")
        if error.field is None:
            return
        for widget_id in (error.field, self.FIELD_IDS.get(error.field)):
            found = self.query(f"#{widget_id}") if widget_id else None
            if found:
                found.first().focus()
                return

    def action_cancel(self) -> None:
        self.dismiss(None)


def foot(send: str | None = None) -> Vertical:
    """A dialog's foot: the line where a refusal is shown, and its buttons (`send` and
    Cancel) when it has them."""
    parts: list[Widget] = [Static(id="refusal", markup=False)]
    if send is not None:
        parts.append(Horizontal(Button(send, variant="primary", id="ok", compact=True),
                                Button("Cancel", id="cancel", compact=True),
                                classes="buttons"))
    return Vertical(*parts, classes="foot")


def ask(pane: GamePane, form: RuleForm[T], command: Callable[[T], Any]) -> None:
    """Show a dialog; its answer becomes a command (or None: nothing to send), which the
    rules are asked about first, so a refusal keeps the dialog open with what was typed."""

    def check(answer: T) -> Any:
        made = command(answer)
        if made is not None:
            pane.check(made)
        return made

    def sent(made: Any) -> None:
        if made is not None:
            pane.send(made)

    form.check = check
    pane.app.push_screen(form, sent)


class Choose(RuleForm[T]):
    """Pick one of a few things with the arrows and Enter (or a click)."""

    DEFAULT_CSS = FORM_CSS.format(name="Choose")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", id="dmh.cancel")]

    def __init__(self, title: str, options: Sequence[tuple[str, T]]) -> None:
        super().__init__()
        self.heading = title
        self.options = list(options)

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield foot()
            yield Static(Content(self.heading), classes="title")
            yield OptionList(*[Option(Content(label), id=str(i))
                               for i, (label, _) in enumerate(self.options)])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.send(self.options[event.option_index][1])


@dataclass(frozen=True)
class RecruitForm:
    colour: Colour
    name: str
    value: int
    hits: int
    weapons: tuple[str, ...]
    civilian: bool
    horse: bool


class RecruitScreen(RuleForm[RecruitForm]):
    """A new model: its posse, name, value and hits, plunder, civilian and horse."""

    DEFAULT_CSS = FORM_CSS.format(name="RecruitScreen") + """
    RecruitScreen SelectionList { height: 8; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", id="dmh.cancel")]
    #: in a showdown the value and hits come with being the leader or not
    FIELD_IDS: ClassVar[dict[str, str]] = {"value": "leader", "hits": "leader"}

    def __init__(self, fmt: Format, colour: Colour) -> None:
        super().__init__()
        self.format = fmt
        self.colour = colour

    def compose(self) -> ComposeResult:
        showdown = self.format is Format.SHOWDOWN
        with VerticalScroll(classes="box"):
            yield foot("Recruit")
            yield Static("Recruit a model", classes="title")
            with Horizontal(classes="row"):
                yield Select([(c.title(), c) for c in COLOURS], value=self.colour,
                             allow_blank=False, id="colour", compact=True)
                yield Input(placeholder="Name", id="name", compact=True, max_length=40)
            if showdown:
                yield Tick(f"Leader (value {LEADER[0]}, {LEADER[1]} hits)", id="leader",
                           compact=True)
            else:
                with Horizontal(classes="row"):
                    yield Input("8", placeholder="Value 2-10", id="value", compact=True,
                                type="integer")
                    yield Input("1", placeholder="Hits", id="hits", compact=True,
                                type="integer")
            yield Ticks(
                *[(f"{w.name} ({w.price} pts)" if showdown else w.name, w.id)
                  for w in WEAPONS.values() if w.id != "brawling"],
                id="weapons", compact=True,
            )
            with Horizontal(classes="row"):
                yield Tick("Civilian", id="civilian", compact=True)
                yield Tick("Horse", id="horse", compact=True)
                yield Tick("Buy Brawling (civilian)", id="brawling", compact=True)
            yield Static("", id="price", classes="preview")


    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()
        self._update_price()

    def _form(self) -> RecruitForm:
        weapons = list(self.query_one("#weapons", SelectionList).selected)
        civilian = self.query_one("#civilian", Checkbox).value
        if civilian and self.query_one("#brawling", Checkbox).value:
            weapons.append("brawling")
        if self.format is Format.SHOWDOWN:
            value, hits = LEADER if self.query_one("#leader", Checkbox).value else RANK_AND_FILE
        else:
            value = _number(self.query_one("#value", Input).value)
            hits = _number(self.query_one("#hits", Input).value)
        colour: Colour = self.query_one("#colour", Select).value  # type: ignore[assignment]
        return RecruitForm(colour, self.query_one("#name", Input).value, value, hits,
                           tuple(weapons), civilian, self.query_one("#horse", Checkbox).value)

    def _update_price(self) -> None:
        if self.format is Format.SHOWDOWN:
            form = self._form()
            try:
                points = cost(form.weapons, form.civilian, form.horse)
            except ValueError:
                return
            self.query_one("#price", Static).update(f"Plunder: {points} points")

    def on_checkbox_changed(self) -> None:
        self._update_price()

    def on_selection_list_selected_changed(self) -> None:
        self._update_price()

    def on_input_submitted(self) -> None:
        self.send(self._form())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self.send(self._form())
        else:
            self.action_cancel()


def _number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0


@dataclass(frozen=True)
class AttackForm:
    target: str
    weapon: str
    yards: int
    friends_near: bool
    from_behind: bool
    cover: bool
    typed_cards: str  # empty: the app deals


class AttackScreen(RuleForm[AttackForm]):
    """Aim an attack: target, weapon, measured yards and the modifiers; a live preview says
    which weapons reach, how many cards, and the odds. Cards typed here are the ones the
    players turned over; left empty, the app deals from its pack."""

    DEFAULT_CSS = FORM_CSS.format(name="AttackScreen")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", id="dmh.cancel")]

    def __init__(self, attacker: str, targets: Sequence[str], weapons: Sequence[tuple[str, str]],
                 preview: Callable[[AttackForm], str]) -> None:
        super().__init__()
        self.attacker = attacker
        self.targets = list(targets)
        self.weapons = list(weapons)
        self.preview = preview

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="box"):
            yield foot("Draw")
            yield Static(Content(f"{self.attacker} attacks"), classes="title")
            with Horizontal(classes="row"):
                yield Select([(Content(t), t) for t in self.targets], allow_blank=False,
                             id="target", compact=True)
                yield Select(self.weapons, allow_blank=False, id="weapon", compact=True)
            with Horizontal(classes="row"):
                yield Input(placeholder="Yards measured", id="yards", compact=True, type="integer")
                yield Input(placeholder="Cards turned over (blank: deal)", id="cards", compact=True)
            with Horizontal(classes="row"):
                yield Tick("Friend near", id="friends", compact=True)
                yield Tick("Behind", id="behind", compact=True)
                yield Tick("Cover", id="cover", compact=True)
            yield Static("", id="preview", classes="preview")


    def on_mount(self) -> None:
        self.query_one("#yards", Input).focus()
        self._refresh()

    def form(self) -> AttackForm:
        target = self.query_one("#target", Select).value
        weapon = self.query_one("#weapon", Select).value
        return AttackForm(str(target), str(weapon), _number(self.query_one("#yards", Input).value),
                          self.query_one("#friends", Checkbox).value,
                          self.query_one("#behind", Checkbox).value,
                          self.query_one("#cover", Checkbox).value,
                          self.query_one("#cards", Input).value)

    def _refresh(self) -> None:
        self.query_one("#preview", Static).update(Content(self.preview(self.form())))

    def on_checkbox_changed(self) -> None:
        self._refresh()

    def on_select_changed(self) -> None:
        self._refresh()

    def on_input_changed(self) -> None:
        self._refresh()

    def on_input_submitted(self) -> None:
        self.send(self.form())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self.send(self.form())
        else:
            self.action_cancel()


@dataclass(frozen=True)
class EditForm:
    name: str
    weapons: tuple[str, ...]
    horse: bool
    moving_target: bool
    pinned: bool
    shaken: bool


class EditScreen(RuleForm[EditForm]):
    """Put a model right: its name, its weapons (the plunder while posses are built, what it
    still carries during a game), its horse and its markers, all filled in as they are."""

    DEFAULT_CSS = FORM_CSS.format(name="EditScreen") + """
    EditScreen SelectionList { height: auto; max-height: 8; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", id="dmh.cancel")]
    FIELD_IDS: ClassVar[dict[str, str]] = {"markers": "moving"}

    def __init__(self, model: Model, building: bool, playing: bool) -> None:
        super().__init__()
        self.model = model
        self.building = building
        self.playing = playing

    def compose(self) -> ComposeResult:
        model = self.model
        if self.building:
            included = {WEAPONS[w].includes for w in model.kit}
            free = set() if model.civilian else {"brawling"}
            chosen = {w for w in model.kit if w not in included and w not in free}
            offered = [w for w in WEAPONS.values()
                       if w.id not in free and (w.civilians or not model.civilian)]
            options = [(f"{w.name} ({w.price_for(model.civilian)} pts)", w.id, w.id in chosen)
                       for w in offered]
            heading = "Plunder"
        else:
            options = [(weapon_name(w), w, w in model.weapons) for w in model.kit]
            heading = "Weapons it still carries"
        with VerticalScroll(classes="box"):
            yield foot("Save")
            yield Static(Content(f"Put {model.name} right"), classes="title")
            yield Input(model.name, placeholder="Name", id="name", compact=True, max_length=40)
            yield Static(heading, classes="preview")
            yield Ticks(*options, id="weapons", compact=True)
            with Horizontal(classes="row"):
                yield Tick("Horse", model.horse, id="horse", compact=True,
                               disabled=not (self.building or model.bought_horse))
                yield Tick("Moving Target", model.moving_target, id="moving", compact=True,
                               disabled=not self.playing)
            with Horizontal(classes="row"):
                yield Tick("Jack (no move)", model.pinned, id="jack", compact=True,
                               disabled=not self.playing)
                yield Tick("Queen (no attack)", model.shaken, id="queen", compact=True,
                               disabled=not self.playing)


    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def form(self) -> EditForm:
        return EditForm(self.query_one("#name", Input).value,
                        tuple(self.query_one("#weapons", SelectionList).selected),
                        self.query_one("#horse", Checkbox).value,
                        self.query_one("#moving", Checkbox).value,
                        self.query_one("#jack", Checkbox).value,
                        self.query_one("#queen", Checkbox).value)

    def on_input_submitted(self) -> None:
        self.send(self.form())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self.send(self.form())
        else:
            self.action_cancel()
