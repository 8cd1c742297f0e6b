"""Shared bits of the Dead Man's Hand tabs: a model's row, a posse's heading, a text prompt."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.dom import DOMNode
from textual.widgets import Input, Static

from gmscreen.games.dead_mans_hand.pack import show
from gmscreen.games.dead_mans_hand.panes.forms import FORM_CSS, RuleForm, foot
from gmscreen.games.dead_mans_hand.posse import budget, spent
from gmscreen.games.dead_mans_hand.state import Colour, Format, MatchState, Model, Status
from gmscreen.games.dead_mans_hand.weapons import weapon_name
from gmscreen.ui.pane import GamePane

#: a short word for each weapon, so a row fits 80 columns
SHORT = {"rifle": "Rifle", "pistol": "Pistol", "dual-pistols": "Dual", "shotgun": "Shotgun",
         "sawn-off": "Sawn-off", "derringers": "Derr.", "tomahawks": "Toma.", "bow": "Bow",
         "brawling": "Fists", "big-blade": "Blade"}


class StepPane(GamePane):
    """A tab whose footer offers only the steps of the moment. The key (or palette command)
    of a step that does not apply now says why, and changes nothing."""

    def why_not(self, action: str) -> str | None:
        """Why `action` does not apply now, or None when it does."""
        return None

    def _refused(self, action: str) -> bool:
        reason = self.why_not(action) if self.campaign is not None else None
        if reason is not None:
            self.notify(reason, severity="warning", markup=False)
        return reason is not None

    def on_key(self, event: events.Key) -> None:
        # a binding whose check_action says no is skipped, and the key comes here;
        # `_bindings` holds the keys after any remapping from the keymap
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if self._refused(binding.action):
                event.stop()
                event.prevent_default()
                return

    async def run_action(self, action: str,
                         namespaces: Mapping[str, DOMNode] | None = None) -> None:
        if not self._refused(action):
            await super().run_action(action, namespaces)


def notes(model: Model) -> str:
    """Status and markers in a few words."""
    words: list[str] = []
    if model.status is not Status.ON_TABLE and model.status is not Status.RESERVE:
        words.append(model.status.value)
    if model.coffin:
        words.append(f"on {show(model.coffin)}")
    if model.civilian:
        words.append("civ")
    if model.horse:
        words.append("horse")
    if model.moving_target:
        words.append("moving")
    if model.pinned:
        words.append("Jack")
    if model.shaken:
        words.append("Queen")
    return " ".join(words)


def model_row(model: Model) -> tuple[Text, ...]:
    dim = "dim" if model.status in (Status.DOWN, Status.DEAD, Status.SURRENDERED) else ""
    weapons = "/".join(SHORT.get(w, weapon_name(w)) for w in model.weapons)
    return (Text(model.name, style=dim), Text(str(model.value)),
            Text(f"{model.hits_left}/{model.hits}"), Text(weapons), Text(notes(model)))


def posse_heading(state: MatchState, colour: Colour) -> Text:
    posse = state.posse(colour)
    heading = Text(f"{colour.upper()}  ", style="bold")
    heading.append(posse.title)
    if state.format is Format.SHOWDOWN:
        heading.append(f"  {spent(posse.models)}/{budget(posse.models)} pts", style="dim")
    heading.append(f"  {len(posse.models)} models", style="dim")
    return heading


class AskText(RuleForm[str]):
    """One line of text, such as a posse's name or a card turned over."""

    DEFAULT_CSS = FORM_CSS.format(name="AskText")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", id="dmh.cancel")]

    def __init__(self, question: str, placeholder: str = "") -> None:
        super().__init__()
        self.question = question
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield foot()
            yield Static(Content(self.question), classes="title")
            yield Input(placeholder=self.placeholder, max_length=40, compact=True)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.send(event.value)
