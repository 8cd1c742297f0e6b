"""High Card's decider: each command checked against the rules, turned into payloads.

What may be done now is asked here, never in a pane: `why_not_deal` and `why_not_show`
answer the step pane's keys with the rule that stops them.
"""

from __future__ import annotations

from gmscreen.core.cards import verify_distinct
from gmscreen.core.poker import high_card
from gmscreen.journal.decider import Decider
from gmscreen.journal.rules import RuleError
from tests.high_card import commands as c
from tests.high_card.events import KINDS, Anted, Dealt, HandCalledOff, PlayerSeated, Shown
from tests.high_card.state import HighCardState

RULES: Decider[HighCardState] = Decider(
    game_id="high-card", title="High Card", panes_module="tests.high_card.panes",
    kinds=KINDS, initial_state=HighCardState)


def why_not_deal(state: HighCardState) -> RuleError | None:
    if not state.anted:
        return RuleError("Ante first", "nobody has anted this round")
    if state.face_down:
        return RuleError("One card each", "the cards are already out; show them")
    return None


def ante_is_next(state: HighCardState) -> bool:
    """Whether the Ante comes first: players sit, and no hand is under way."""
    return bool(state.players) and not state.anted and not state.face_down


def deal_is_next(state: HighCardState) -> bool:
    """Whether the Deal is the one step left: every player seated has anted, and it may."""
    return len(state.anted) == len(state.players) and why_not_deal(state) is None


def why_not_show(state: HighCardState) -> RuleError | None:
    if not state.face_down:
        return RuleError("Deal first", "no card is out to show")
    return None


@RULES.decides(c.Seat)
def seat(state: HighCardState, command: c.Seat) -> list[object]:
    name = command.name.strip()
    if not name:
        raise RuleError("Names", "a player needs a name", field="name")
    if state.player(name) is not None:
        raise RuleError("Names", f"{name} is already at the table", field="name")
    if not 1 <= command.chips <= 1000:
        raise RuleError("Stake", "a stake is 1 to 1000 chips", field="chips")
    return [PlayerSeated(name, command.chips)]


@RULES.decides(c.Ante)
def ante(state: HighCardState, command: c.Ante) -> list[object]:
    player = state.player(command.name)
    if player is None:
        raise RuleError("Names", f"nobody called {command.name!r} is seated", field="name")
    if state.face_down:
        raise RuleError("Antes", "the cards are out: ante again after the show", field="name")
    if command.name in state.anted:
        raise RuleError("Antes", f"{command.name} has anted this round", field="name")
    if not 1 <= command.chips <= player.chips:
        raise RuleError("No credit", f"{player.name} has {player.chips} chips to ante",
                        field="chips")
    return [Anted(command.name, command.chips)]


@RULES.decides(c.Deal)
def deal(state: HighCardState, command: c.Deal) -> list[object]:
    refused = why_not_deal(state)
    if refused is not None:
        raise refused
    if len(command.cards) != len(state.anted):
        raise RuleError("One card each", f"{len(state.anted)} cards are needed, one for "
                        f"each who anted, not {len(command.cards)}", field="cards")
    try:
        verify_distinct(command.cards)
    except ValueError as error:
        raise RuleError("One pack", str(error), field="cards") from None
    return [Dealt(state.anted, command.cards)]


@RULES.decides(c.Show)
def show(state: HighCardState, command: c.Show) -> list[object]:
    refused = why_not_show(state)
    if refused is not None:
        raise refused
    best = high_card([card for _, card in state.face_down])
    winner = next(name for name, card in state.face_down if card == best)
    return [Shown(winner, state.pot)]


@RULES.tells_under_way
def under_way(state: HighCardState) -> str | None:
    if not state.anted:
        return None
    return f"a hand ({', '.join(state.anted)} anted, {state.pot} in the pot)"


@RULES.abandons
def call_off(state: HighCardState) -> list[object]:
    return [HandCalledOff(dict(state.antes))]


# the rest of the shape: evolve.py and log.py register on RULES when imported
from tests.high_card import evolve, log  # noqa: E402, F401
