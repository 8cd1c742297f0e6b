"""The weapons of the play sheet: their ranges, power and price, and how far each reaches for
a given model after a given move.

Readings of the book kept here (each has a test):

- A model standing still reaches its Long Shot range; after any move only its Normal range.
  A rifle has no Normal range, so it fires only from a standstill.
- A civilian standing still reaches the Normal column (the civilian's "long shot"); after a
  move only the Civilian column. Standing, a shot within both columns where they give the
  same yards (a shotgun's 30 and 30) is named Normal, the column line 47 gives it; within
  the shorter of two (a pistol's 20 and 40) it is named by the shorter, Civilian. A
  civilian's rifle reaches its Civilian range (50 yards), and still only from a standstill.
  Civilians cannot use Dual Pistols, Tomahawks or a Bow at all.
- A target answers a result card of its own colour with its Normal range (a civilian: its
  Civilian range); Long Shots never answer, so a rifle never does, civilian or not.
- For the Ace, a weapon "in range of the winner" is one the loser could fire at the winner
  from where it stands: its longest reach when standing still.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

TABLES = Path(__file__).resolve().parent / "tables"


class Move(StrEnum):
    """How far a model moves when it is used."""

    STILL = "still"
    SLOW = "slow"
    QUICK = "quick"
    FLAT_OUT = "flat-out"

    @property
    def yards(self) -> int:
        """The most yards this move allows."""
        return {"still": 0, "slow": 10, "quick": 20, "flat-out": 30}[self.value]

    @property
    def said(self) -> str:
        """The move in words, as the book names it ("flat out"; the id "flat-out" is the
        journal's, and read "moved flat-out" over the table and in the log)."""
        return self.value.replace("-", " ")


class Band(StrEnum):
    """Which column of the play sheet a shot uses."""

    LONG_SHOT = "Long Shot"
    NORMAL = "Normal"
    CIVILIAN = "Civilian"


@dataclass(frozen=True, slots=True)
class Weapon:
    id: str
    name: str
    power: int
    price: int
    long_shot: int | None = None
    normal: int | None = None
    civilian: int | None = None
    includes: str | None = None
    runs_out: bool = False
    civilians: bool = True
    standing_only: bool = False
    civilian_price: int | None = None
    #: its name on the book's price list where that is shorter ("Tomahawks")
    bought_as: str | None = None

    def price_for(self, civilian: bool) -> int:
        return self.civilian_price if civilian and self.civilian_price is not None else self.price


@dataclass(frozen=True, slots=True)
class Reach:
    """How a weapon reaches: the column used and its yards."""

    band: Band
    yards: int


def _load() -> MappingProxyType[str, Weapon]:
    with (TABLES / "weapons.toml").open("rb") as file:
        raw: dict[str, dict[str, Any]] = tomllib.load(file)
    return MappingProxyType({key: Weapon(id=key, **fields) for key, fields in raw.items()})


#: every weapon of the play sheet by id ("rifle", "dual-pistols", ...)
WEAPONS = _load()


def weapon(weapon_id: str) -> Weapon:
    """The weapon with this id; ValueError naming the known ones otherwise."""
    try:
        return WEAPONS[weapon_id]
    except KeyError:
        raise ValueError(
            f"there is no weapon {weapon_id!r}; the weapons are: {', '.join(WEAPONS)}"
        ) from None


def weapon_name(weapon_id: str) -> str:
    found = WEAPONS.get(weapon_id)
    return found.name if found else weapon_id


@cache
def reaches(weapon_id: str, civilian: bool, move: Move) -> tuple[Reach, ...]:
    """The reaches of an attack with this weapon after this move, shortest first."""
    arm = weapon(weapon_id)
    if civilian and not arm.civilians:
        return ()
    standing = move is Move.STILL
    if arm.standing_only and not standing:
        return ()
    found: list[Reach] = []
    if civilian:
        normal = arm.normal if standing and not arm.standing_only else None
        # standing, a civilian shoots at the Normal column (line 47): where that column
        # reaches as far as the Civilian one (a shotgun's 30 and 30), the shot is Normal
        if arm.civilian is not None and (normal is None or normal > arm.civilian):
            found.append(Reach(Band.CIVILIAN, arm.civilian))
        if normal is not None:
            found.append(Reach(Band.NORMAL, normal))
    else:
        if arm.normal is not None:
            found.append(Reach(Band.NORMAL, arm.normal))
        if standing and arm.long_shot is not None:
            found.append(Reach(Band.LONG_SHOT, arm.long_shot))
    return tuple(sorted(found, key=lambda reach: reach.yards))


def attack_reach(weapon_id: str, civilian: bool, move: Move, yards: int) -> Reach | None:
    """The column an attack at `yards` uses, or None when the weapon does not reach."""
    for reach in reaches(weapon_id, civilian, move):
        if yards <= reach.yards:
            return reach
    return None


def answer_reach(weapon_id: str, civilian: bool) -> Reach | None:
    """How far a target answers a result card with this weapon (never a Long Shot)."""
    arm = weapon(weapon_id)
    if arm.standing_only or (civilian and not arm.civilians):
        return None
    yards = arm.civilian if civilian else arm.normal
    if yards is None:
        return None
    return Reach(Band.CIVILIAN if civilian else Band.NORMAL, yards)


def answers(weapon_id: str, civilian: bool, yards: int) -> bool:
    reach = answer_reach(weapon_id, civilian)
    return reach is not None and yards <= reach.yards


def in_a_few_words(weapon_id: str, civilian: bool = False) -> str:
    """The weapon's row of the play sheet for a list to choose it from, so nobody looks it up
    while buying: its power (the cards it draws), its reach after a move and standing still
    (a civilian's, for a civilian), and what sets it apart ("power 2, 40 yd, 60 standing";
    "power 2, 100 yd, standing only"; "power 3, 10 yd, runs out")."""
    arm = weapon(weapon_id)
    said = [f"power {arm.power}"]
    still = reaches(weapon_id, civilian, Move.STILL)
    moving = reaches(weapon_id, civilian, Move.SLOW)
    if not still:
        return f"power {arm.power}, not for civilians"
    if not moving:
        said.append(f"{still[-1].yards} yd, standing only")
    elif still[-1].yards > moving[-1].yards:
        said.append(f"{moving[-1].yards} yd, {still[-1].yards} standing")
    else:
        said.append(f"{moving[-1].yards} yd")
    if arm.runs_out:
        said.append("runs out")
    return ", ".join(said)


def could_reach(weapon_id: str, civilian: bool, yards: int) -> bool:
    """True when the weapon could be fired at something `yards` away from a standstill."""
    return attack_reach(weapon_id, civilian, Move.STILL, yards) is not None
