"""A free roll or draw, in any game: dice or cards the Dealer wants for something no rule
covers (who the stranger in the saloon is, which way the horse bolts), drawn by the app or
typed from the table's own, and kept in the journal like any step, so the log says what fell
and replay never rolls again. They change nothing in the game."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Annotated

from gmscreen.core.cards import Card, parse_cards, standard_cards, verify_distinct
from gmscreen.core.dice import parse_faces
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.payload import Between, Kinds, PayloadError
from gmscreen.journal.rules import RuleError

KINDS = Kinds("free.")


@dataclass(frozen=True)
class FreeRoll:
    """Roll `dice` dice of `sides` sides for `why`; `faces` typed from the table's own dice,
    or empty for the app to roll."""

    dice: int
    sides: int
    why: str
    faces: tuple[int, ...] = ()


@dataclass(frozen=True)
class FreeDraw:
    """Draw `count` cards from a fresh pack (with `jokers` jokers) for `why`; `cards` typed
    from the table's own, or empty for the app to draw."""

    count: int
    why: str
    jokers: int = 0
    cards: tuple[Card, ...] = ()


FreeCommand = FreeRoll | FreeDraw


@KINDS.payload("rolled")
@dataclass(frozen=True)
class Rolled:
    sides: Annotated[int, Between(2, 100)]
    faces: tuple[Annotated[int, Between(1, 100)], ...]
    why: str = ""


@KINDS.payload("drew")
@dataclass(frozen=True)
class Drew:
    cards: tuple[Card, ...]
    why: str = ""


def is_free_event(kind: str) -> bool:
    return kind.startswith(KINDS.prefix)


def decide(command: FreeCommand, rng: Random) -> list[NewEvent]:
    """The event of a free roll or draw (the app's outcome drawn from `rng` when nothing
    was typed), or RuleError naming the field."""
    if isinstance(command, FreeRoll):
        if not 1 <= command.dice <= 30:
            raise RuleError("Free roll", "roll 1 to 30 dice", field="dice")
        if not 2 <= command.sides <= 100:
            raise RuleError("Free roll", "a die has 2 to 100 sides", field="sides")
        faces = command.faces or tuple(rng.randint(1, command.sides)
                                       for _ in range(command.dice))
        if len(faces) != command.dice:
            raise RuleError("Free roll", f"{command.dice} dice rolled, {len(faces)} typed",
                            field="faces")
        if any(not 1 <= f <= command.sides for f in faces):
            raise RuleError("Free roll", f"a d{command.sides} shows 1 to {command.sides}",
                            field="faces")
        return [KINDS.new(Rolled(command.sides, tuple(faces), command.why.strip()))]
    if not 0 <= command.jokers <= 2:
        raise RuleError("Free draw", "a pack has 0, 1 or 2 jokers", field="jokers")
    pack = standard_cards(command.jokers)
    if not 1 <= command.count <= len(pack):
        raise RuleError("Free draw", f"draw 1 to {len(pack)} cards", field="count")
    cards = command.cards or tuple(rng.sample(pack, command.count))
    if len(cards) != command.count:
        raise RuleError("Free draw", f"{command.count} cards drawn, {len(cards)} typed",
                        field="cards")
    try:
        verify_distinct(cards)
    except ValueError as error:
        raise RuleError("Free draw", str(error), field="cards") from None
    jokers = sum(1 for card in cards if card.is_joker)
    if jokers > command.jokers:
        raise RuleError("Free draw", f"{jokers} jokers typed from a pack with "
                        f"{command.jokers}", field="cards")
    return [KINDS.new(Drew(tuple(cards), command.why.strip()))]


def typed_faces(text: str, sides: int) -> tuple[int, ...]:
    """Faces typed from the table's dice, for the form ("3 5 6")."""
    try:
        return parse_faces(text, sides)
    except ValueError as error:
        raise RuleError("Free roll", str(error), field="faces") from None


def typed_cards(text: str) -> tuple[Card, ...]:
    try:
        return tuple(parse_cards(text))
    except ValueError as error:
        raise RuleError("Free draw", str(error), field="cards") from None


def describe(event: Event) -> str:
    """The free roll's or draw's line for the log (never raises)."""
    try:
        payload = KINDS.read(event)
    except PayloadError as damaged:
        return f"(a damaged event: {damaged})"
    why = f" for {payload.why}" if payload.why else ""
    if isinstance(payload, Rolled):
        faces = ", ".join(map(str, payload.faces))
        total = f" (total {sum(payload.faces)})" if len(payload.faces) > 1 else ""
        return f"A free roll{why}: {len(payload.faces)}d{payload.sides} show {faces}{total}."
    return f"A free draw{why}: {' '.join(str(c) for c in payload.cards)}."
