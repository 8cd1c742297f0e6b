"""Textual panes of the test-only tally game (tests/tally.py): small, but built the way a real
game's panes are, so the shell can be driven and photographed before any real game exists.

`make_panes` gives its tabs out of order on purpose: the shell puts them in the shared order.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from gmscreen.journal.campaign import Campaign
from gmscreen.ui.pane import GamePane
from tests.tally import Add, Roll, TallyState


def _tallies(campaign: Campaign[Any]) -> dict[str, int]:
    state: TallyState = campaign.state
    return state.tallies


class TallyCharacters(GamePane):
    """The names and their tallies; + and - change the highlighted one, the box adds any."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign", "add(1)", "Add 1", id="tally.add_one"),
        Binding("minus", "add(-1)", "Take 1", id="tally.take_one"),
    ]

    def compose(self) -> ComposeResult:
        yield OptionList(id="tally-names")
        yield Input(placeholder="name amount, then enter (e.g. Zeke 3)", id="tally-new",
                    compact=True)

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        names = self.query_one(OptionList)
        highlighted = names.highlighted
        names.clear_options()
        names.add_options(Option(Text(f"{name}: {value}"), id=name)
                          for name, value in sorted(_tallies(campaign).items()))
        if names.option_count:
            names.highlighted = min(highlighted or 0, names.option_count - 1)

    @property
    def chosen(self) -> str | None:
        names = self.query_one(OptionList)
        if names.highlighted is None:
            return None
        return names.get_option_at_index(names.highlighted).id

    def action_add(self, amount: int) -> None:
        if self.chosen is None:
            self.notify("Add a name first, in the box below.", severity="warning")
            return
        self.send(Add(self.chosen, amount))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name, _, amount = event.value.strip().rpartition(" ")
        try:
            number = int(amount)
        except ValueError:
            self.notify("Amount: end with a whole number, as in 'Zeke 3'.", severity="warning")
            return
        self.send(Add(name.strip(), number))
        event.input.clear()


class TallyConflict(GamePane):
    """Rolls two dice for a name; a roll is shown to the table at once, so it asks first."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "roll", "Roll 2 dice", id="tally.roll"),
        Binding("b", "before_roll", "Before the roll", id="tally.before_roll",
                tooltip="Take back the newest roll and everything after it"),
    ]

    can_focus = True

    def compose(self) -> ComposeResult:
        yield Static("", id="tally-rolls")

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        rolls = [e for e in campaign.events
                 if e.kind == "tally.rolled" and not campaign.is_undone(e)]
        lines = [f"{e.data['name']} rolled {e.data['faces']}" for e in rolls[-5:]]
        self.query_one("#tally-rolls", Static).update(
            Text("\n".join(lines) or "No rolls yet. d rolls two dice."))

    def _first_name(self) -> str:
        assert self.campaign is not None
        names = sorted(_tallies(self.campaign))
        return names[0] if names else "Nobody"

    def action_roll(self) -> None:
        assert self.campaign is not None
        rng = self.campaign.rng("tally roll")
        faces = (rng.randint(1, 6), rng.randint(1, 6))
        name = self._first_name()
        self.send(Roll(name, faces), confirm=f"Roll two dice for {name}?")

    def action_before_roll(self) -> None:
        assert self.campaign is not None
        rolls = [e for e in self.campaign.events
                 if e.kind == "tally.rolled" and not self.campaign.is_undone(e)]
        if rolls:
            self.post_message(self.UndoRequested(self, rolls[-1].step - 1))


class TallyWantedClock(GamePane):
    """How many sessions the table has begun (a stand-in for a game's clock)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="tally-clock")

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        state: TallyState = campaign.state
        self.query_one("#tally-clock", Static).update(
            Text(f"Sessions begun: {state.sessions_seen}"))


class TallyLedger(GamePane):
    """The sum of every tally: a tab of the game's own beyond the shared ones."""

    def compose(self) -> ComposeResult:
        yield Static("", id="tally-total")

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        self.query_one("#tally-total", Static).update(
            Text(f"All tallies together: {sum(_tallies(campaign).values())}"))


def make_panes() -> dict[str, GamePane]:
    return {
        "Ledger": TallyLedger(),
        "Conflict": TallyConflict(),
        "Characters": TallyCharacters(),
        "Wanted Clock": TallyWantedClock(),
    }
