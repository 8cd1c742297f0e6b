"""High Card's tabs, built from the kit: layout and keys only; the rules are asked."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from gmscreen.core.cards import STANDARD_52
from gmscreen.ui import form
from gmscreen.ui.form import Form, Values, ask
from gmscreen.ui.sections import SectionsView
from gmscreen.ui.steps import Refusal, StepPane
from tests.high_card import rules, view
from tests.high_card.commands import Ante, Deal, Seat, Show
from tests.high_card.state import HighCardState


class HighCardPane(StepPane[HighCardState]):
    """A tab showing the Dealer's sections of the state."""

    def compose(self) -> ComposeResult:
        yield SectionsView()

    def redraw(self) -> None:
        self.query_one(SectionsView).show(view.dealer_sections(self.state))


class Players(HighCardPane):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "seat", "Seat a player", id="high_card.seat"),
    ]

    def action_seat(self) -> None:
        ask(self, Form("Seat a player", [form.text("name", "Name"),
                                         form.number("chips", "Stake", 20)]),
            lambda v: Seat(v.text("name"), v.number("chips")))


class Round(HighCardPane):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "ante", "Ante", id="high_card.ante"),
        Binding("d", "deal", "Deal", id="high_card.deal"),
        Binding("w", "show_cards", "Show", id="high_card.show"),
    ]

    def why_not(self, action: str) -> Refusal:
        if action == "deal":
            return rules.why_not_deal(self.state)
        if action == "show_cards":
            return rules.why_not_show(self.state)
        return None

    def action_ante(self) -> None:
        names = [p.name for p in self.state.players if p.name not in self.state.anted]
        ask(self, Form("Ante", [form.choose("name", "Who", names, names[0] if names else ""),
                                form.number("chips", "Chips", 1)]),
            lambda v: Ante(v.text("name"), v.number("chips")), then=self._deal_when_all_in)

    def _deal_when_all_in(self) -> None:
        """Once the last player seated has anted, the Deal is the only step left."""
        if rules.deal_is_next(self.state):
            self.action_deal()

    def action_deal(self) -> None:
        count = len(self.state.anted)

        def dealt(values: Values) -> Deal:
            typed = values.cards("cards", count)
            if typed is None:
                assert self.campaign is not None
                typed = self.campaign.rng("high card deal").sample(STANDARD_52, count)
            return Deal(tuple(typed))

        ask(self, Form("Deal", [form.cards("cards", "Cards")],
                       note=f"One card each, face down, for {', '.join(self.state.anted)}."),
            dealt)

    def action_show_cards(self) -> None:
        self.send(Show(), confirm="Turn every card up?")


def first_step_of_session(state: HighCardState) -> tuple[str, str] | None:
    """A session opens with the Ante, where players sit and no hand is under way."""
    return ("Conflict", "ante") if rules.ante_is_next(state) else None


def make_panes() -> dict[str, Any]:
    return {"Characters": Players(), "Conflict": Round()}
