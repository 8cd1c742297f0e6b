"""What the Dealer can do at High Card."""

from __future__ import annotations

from dataclasses import dataclass

from gmscreen.core.cards import Card


@dataclass(frozen=True)
class Seat:
    name: str
    chips: int


@dataclass(frozen=True)
class Ante:
    name: str
    chips: int


@dataclass(frozen=True)
class Deal:
    """One card for each who anted, in the order they anted."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Show:
    pass
