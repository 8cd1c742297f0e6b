"""The play sheet as the players keep it beside the table: the moves, the weapons' ranges and
power, what the result card does and how many cards to draw (tables/play_sheet.toml and
tables/weapons.toml, in our words), then the rules of the table itself (placing, measuring,
climbing, facing), so nobody reaches for the book."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from functools import cache
from typing import Any

from gmscreen.games.dead_mans_hand.weapons import TABLES, WEAPONS

#: the order the result card's lines are read in
RESULT_ROWS = ("colour", "answer", "number", "low", "ace", "jack", "queen", "king", "joker")
CARD_ROWS = ("plus_friends", "plus_behind", "minus_cover", "minus_moving", "minus_quick",
             "all_in")
#: the table's own rules, which the players apply with the tape measure
TABLE_ROWS = ("size", "yards", "placing", "climbing", "facing")


def _yards(value: int | None) -> str:
    return "-" if value is None else str(value)


def _names(names: Iterable[str]) -> str:
    return ", ".join(names) + "."


@cache
def _raw() -> dict[str, Any]:
    with (TABLES / "play_sheet.toml").open("rb") as file:
        return tomllib.load(file)


def placing_rules(*, placing: bool = False) -> tuple[str, ...]:
    """The sheet's words on the table, where the models go and how yards are measured,
    said as a game is set up and its models placed, when the table asks; `placing`: the
    models are being placed, so where they go comes first and the table (laid out already)
    last."""
    rows = ("placing", "yards", "size") if placing else ("size", "placing", "yards")
    return tuple(_raw()["table"][row] for row in rows)


@cache
def play_sheet() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(heading, lines) for each part of the sheet."""
    raw = _raw()
    moves = tuple(f"{move['label']}: {move['says']}" for move in raw["moves"].values())
    # 34 columns, so the table fits beside the models at 80 columns
    weapons = (f"{'':16}{'Long':>5}{'Norm':>5}{'Civ':>4}{'Pow':>4}",
               *(f"{w.name:16}{_yards(w.long_shot):>5}{_yards(w.normal):>5}"
                 f"{_yards(w.civilian):>4}{w.power:>4}" for w in WEAPONS.values()))
    arms = WEAPONS.values()
    notes = ("Long: Long Shot, Norm: Normal, Civ: Civilian range; Pow: power.",
             "Fire only standing still: " + _names(w.name for w in arms if w.standing_only),
             "Lost on a number below the winner's value: "
             + _names(w.name for w in arms if w.runs_out),
             "Civilians cannot use: " + _names(w.name for w in arms if not w.civilians),
             "Come with another, kept when they are lost: "
             + _names(f"{w.name} ({WEAPONS[w.includes].name})" for w in arms if w.includes))
    return (("Moves", moves),
            ("Weapons: ranges in yards, power in cards", weapons + notes),
            ("The result card", tuple(raw["result"][row] for row in RESULT_ROWS)),
            ("Cards to draw: the weapon's power, then", tuple(raw["cards"][row]
                                                             for row in CARD_ROWS)),
            ("On the table", tuple(raw["table"][row] for row in TABLE_ROWS)))
