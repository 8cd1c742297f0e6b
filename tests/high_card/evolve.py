"""How each event changes High Card's state: one small function per kind."""

from __future__ import annotations

from dataclasses import replace

from tests.high_card.events import Anted, Dealt, HandCalledOff, PlayerSeated, Shown
from tests.high_card.rules import RULES
from tests.high_card.state import HighCardState, Player


def _paid(state: HighCardState, name: str, chips: int) -> tuple[Player, ...]:
    return tuple(replace(p, chips=p.chips + chips) if p.name == name else p
                 for p in state.players)


@RULES.evolves(PlayerSeated)
def seated(state: HighCardState, event: PlayerSeated) -> HighCardState:
    return replace(state, players=(*state.players, Player(event.name, event.chips)))


@RULES.evolves(Anted)
def anted(state: HighCardState, event: Anted) -> HighCardState:
    return replace(state, players=_paid(state, event.name, -event.chips),
                   pot=state.pot + event.chips, anted=(*state.anted, event.name),
                   antes=(*state.antes, (event.name, event.chips)))


@RULES.evolves(Dealt)
def dealt(state: HighCardState, event: Dealt) -> HighCardState:
    return replace(state, face_down=tuple(zip(event.names, event.cards, strict=True)))


@RULES.evolves(Shown)
def shown(state: HighCardState, event: Shown) -> HighCardState:
    return replace(state, players=_paid(state, event.winner, event.pot), pot=0, anted=(),
                   antes=(), face_down=(), shown=state.face_down, winner=event.winner)


@RULES.evolves(HandCalledOff)
def called_off(state: HighCardState, event: HandCalledOff) -> HighCardState:
    players = state.players
    for name, chips in event.antes.items():
        players = tuple(replace(p, chips=p.chips + chips) if p.name == name else p
                        for p in players)
    return replace(state, players=players, pot=0, anted=(), antes=(), face_down=())
