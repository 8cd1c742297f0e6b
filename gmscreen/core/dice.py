"""Dice and coins: rolls recorded as their faces, and exact odds as fractions.

Every roll keeps its faces, so a journal can record exactly what the table saw and replay
never rolls again. A roll is drawn from a `random.Random` the caller gives, or typed in by
the Judge (`parse_faces`).

The odds are exact: they enumerate every way the dice can fall, once for each sorted set
of faces, weighted by how many orders give it (so nine dice are 2,002 sets, not 10 million
rolls), and return `fractions.Fraction`s that sum to 1.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import TYPE_CHECKING, TypeVar

from gmscreen.core.text import quoted

if TYPE_CHECKING:
    from random import Random

__all__ = [
    "Coin",
    "Roll",
    "distribution_of_outcomes",
    "distribution_with_removal",
    "flip",
    "outcome_counts",
    "parse_coin",
    "parse_faces",
    "roll",
    "roll_2d6",
    "sum_distribution",
    "totals_after_removal",
]

T = TypeVar("T", bound=Hashable)


# ---------------------------------------------------------------- rolls


@dataclass(frozen=True, slots=True)
class Roll:
    """The faces some dice showed, in the order they were rolled or typed."""

    faces: tuple[int, ...]
    sides: int = 6

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", tuple(self.faces))
        if self.sides < 2:
            raise ValueError(f"a die has at least two sides, not {self.sides}")
        for face in self.faces:
            if isinstance(face, bool) or not isinstance(face, int):
                raise ValueError(f"a die face is a whole number, not {face!r}")
            if not 1 <= face <= self.sides:
                raise ValueError(f"not a face of a d{self.sides}: {face}")

    @property
    def total(self) -> int:
        """The sum of the faces."""
        return sum(self.faces)

    @property
    def has_doubles(self) -> bool:
        """True when two or more dice show the same face."""
        return len(set(self.faces)) < len(self.faces)

    @property
    def doubles(self) -> tuple[int, ...]:
        """The faces shown by two or more dice, highest first."""
        counts = Counter(self.faces)
        return tuple(sorted((f for f, c in counts.items() if c >= 2), reverse=True))

    @property
    def highest(self) -> int:
        """The highest face (ValueError for no dice)."""
        if not self.faces:
            raise ValueError("no dice were rolled")
        return max(self.faces)

    @property
    def lowest(self) -> int:
        """The lowest face (ValueError for no dice)."""
        if not self.faces:
            raise ValueError("no dice were rolled")
        return min(self.faces)

    def count(self, face: int) -> int:
        """How many dice show `face`."""
        return self.faces.count(face)

    def without(self, face: int) -> Roll:
        """The roll with one die showing `face` taken away (ValueError if none shows it)."""
        if face not in self.faces:
            raise ValueError(f"no die shows {face}")
        faces = list(self.faces)
        faces.remove(face)
        return Roll(tuple(faces), self.sides)

    def __len__(self) -> int:
        return len(self.faces)

    def __iter__(self) -> Iterator[int]:
        return iter(self.faces)

    def __str__(self) -> str:
        return " ".join(str(face) for face in self.faces)


def roll(n: int, rng: Random, sides: int = 6) -> Roll:
    """`n` dice of `sides` sides rolled with `rng`."""
    if n < 0:
        raise ValueError(f"cannot roll {n} dice")
    return Roll(tuple(rng.randint(1, sides) for _ in range(n)), sides)


def roll_2d6(rng: Random) -> Roll:
    """Two six-sided dice."""
    return roll(2, rng)


_SEPARATORS = re.compile(r"[\s,]+")


def parse_faces(text: str, sides: int = 6) -> tuple[int, ...]:
    """The faces typed in `text`, separated by spaces or commas: "3 5 6" or "3,5,6".

    Raises ValueError naming the first bad face.
    """
    faces: list[int] = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        if not (token.isascii() and token.isdigit()) or not 1 <= int(token) <= sides:
            raise ValueError(f"not a face of a d{sides}: {quoted(token)}")
        faces.append(int(token))
    return tuple(faces)


# ---------------------------------------------------------------- coins


class Coin(StrEnum):
    """The two sides of a coin."""

    HEADS = "heads"
    TAILS = "tails"


def flip(rng: Random) -> Coin:
    """A coin flipped with `rng`."""
    return Coin.HEADS if rng.random() < 0.5 else Coin.TAILS


def parse_coin(text: str) -> Coin:
    """"heads", "h", "tails" or "t" (any case); ValueError for anything else."""
    word = text.strip().lower()
    if word in ("h", "heads", "head"):
        return Coin.HEADS
    if word in ("t", "tails", "tail"):
        return Coin.TAILS
    raise ValueError(f"not a side of a coin: {quoted(text)}")


# ---------------------------------------------------------------- exact odds


@cache
def _outcome_counts(n: int, sides: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    every = factorial(n)
    found = []
    for faces in combinations_with_replacement(range(1, sides + 1), n):
        ways = every // prod(factorial(c) for c in Counter(faces).values())
        found.append((faces, ways))
    return tuple(found)


def outcome_counts(n: int, sides: int = 6) -> dict[tuple[int, ...], int]:
    """Every set of faces `n` dice can show (sorted lowest first), with how many rolls give it.

    The counts sum to sides ** n.
    """
    if n < 0 or sides < 1:
        raise ValueError(f"no such dice: {n}d{sides}")
    return dict(_outcome_counts(n, sides))


def distribution_of_outcomes(
    n: int, outcome: Callable[[tuple[int, ...]], T], sides: int = 6
) -> dict[T, Fraction]:
    """The exact chance of each result of `outcome`, a function of the sorted faces of `n` dice."""
    total = sides**n
    counts: dict[T, int] = {}
    for faces, ways in outcome_counts(n, sides).items():
        result = outcome(faces)
        counts[result] = counts.get(result, 0) + ways
    return {result: Fraction(ways, total) for result, ways in counts.items()}


@cache
def _sum_distribution(n: int, sides: int) -> tuple[tuple[int, int], ...]:
    ways = {0: 1}
    for _ in range(n):
        step: dict[int, int] = {}
        for total, count in ways.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, 0) + count
        ways = step
    return tuple(sorted(ways.items()))


def sum_distribution(n: int, sides: int = 6) -> dict[int, Fraction]:
    """The exact chance of each total of `n` dice (every total from n to n * sides)."""
    if n < 0 or sides < 1:
        raise ValueError(f"no such dice: {n}d{sides}")
    whole = sides**n
    return {total: Fraction(count, whole) for total, count in _sum_distribution(n, sides)}


def totals_after_removal(faces: Iterable[int]) -> tuple[int, ...]:
    """The totals left by taking away one die, one for each different face, highest first."""
    faces = tuple(faces)
    if not faces:
        raise ValueError("no die to take away")
    whole = sum(faces)
    return tuple(sorted({whole - face for face in faces}, reverse=True))


def distribution_with_removal(
    kept: int,
    outcome: Callable[[int], T],
    choose: Callable[[list[T]], T],
    sides: int = 6,
) -> dict[T, Fraction]:
    """The exact chance of each outcome when `kept + 1` dice are rolled and one is taken away.

    Whoever takes the die away looks at the outcome each choice would give (`outcome` of the
    total left) and `choose` picks one of them: for instance, with outcomes ordered from
    worst to best for the player, `max` is the player removing the die that serves them best
    and `min` the Judge removing the die that hurts most.
    """
    if kept < 0:
        raise ValueError(f"cannot keep {kept} dice")

    def result(faces: tuple[int, ...]) -> T:
        return choose([outcome(total) for total in totals_after_removal(faces)])

    return distribution_of_outcomes(kept + 1, result, sides)
