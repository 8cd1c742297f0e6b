"""High Card's state: frozen, rebuilt by folding the journal."""

from __future__ import annotations

from dataclasses import dataclass

from gmscreen.core.cards import Card


@dataclass(frozen=True)
class Player:
    name: str
    chips: int


@dataclass(frozen=True)
class HighCardState:
    players: tuple[Player, ...] = ()
    pot: int = 0
    #: who has anted this round, in order, and how much
    anted: tuple[str, ...] = ()
    antes: tuple[tuple[str, int], ...] = ()
    #: the cards dealt face down this round, by player (hidden from the table until shown)
    face_down: tuple[tuple[str, Card], ...] = ()
    #: the last show: every card turned up, and who took the pot
    shown: tuple[tuple[str, Card], ...] = ()
    winner: str = ""

    def player(self, name: str) -> Player | None:
        return next((p for p in self.players if p.name == name), None)
