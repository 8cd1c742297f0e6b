"""What happens at High Card: one typed payload per kind of event."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from gmscreen.core.cards import Card
from gmscreen.journal.decider import NAME
from gmscreen.journal.payload import Between, Kinds, NotEmpty

KINDS = Kinds("high_card.")


@KINDS.payload("player_seated")
@dataclass(frozen=True)
class PlayerSeated:
    name: Annotated[str, NAME, NotEmpty()]
    chips: Annotated[int, Between(1, 1000)]


@KINDS.payload("anted")
@dataclass(frozen=True)
class Anted:
    name: Annotated[str, NAME, NotEmpty()]
    chips: Annotated[int, Between(1, 1000)]


@KINDS.payload("dealt")
@dataclass(frozen=True)
class Dealt:
    names: tuple[Annotated[str, NAME], ...]
    cards: tuple[Card, ...]


@KINDS.payload("shown")
@dataclass(frozen=True)
class Shown:
    winner: Annotated[str, NAME]
    pot: Annotated[int, Between(0)]


@KINDS.payload("hand_called_off")
@dataclass(frozen=True)
class HandCalledOff:
    """A hand left off: each ante goes back to who paid it."""

    antes: dict[str, int]
