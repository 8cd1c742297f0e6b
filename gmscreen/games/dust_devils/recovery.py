"""Getting attribute points back: in play, by a Knack against a stud hand; at session end.

Readings (tested in tests/dust_devils/test_recovery.py):

- The stud hand against a healing Knack is sized by the points the patient hopes to get back
  (the table in tables/recovery.toml): 1-2 points a hand of 3, 3-4 a hand of 5, 5 or more a
  hand of 7. Points recovered never lift an attribute above its rating.
- At session end every attribute returns to its rating, except one at 0, which stays at 0;
  when the Dealer rules that damage carries over, nothing recovers. What stays lost either
  way is told at the session's end (`rules.session_ending`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from gmscreen.games.dust_devils.sheet import ATTRIBUTES, Attribute
from gmscreen.games.dust_devils.state import Character
from gmscreen.journal.rules import RuleError

_TABLE = Path(__file__).with_name("tables") / "recovery.toml"


@cache
def recovery_bands() -> tuple[tuple[int, int], ...]:
    """(least points, stud size) from the table, fewest points first."""
    with _TABLE.open("rb") as file:
        data = tomllib.load(file)
    return tuple(sorted((int(b["points"]), int(b["stud"])) for b in data["band"]))


def recovery_stud(points: int) -> int:
    """The Dealer's stud hand against a Knack that would restore `points`."""
    if points < 1:
        raise RuleError("Recovery", f"a recovery restores at least one point, not {points}",
                        field="points")
    return max(stud for least, stud in recovery_bands() if points >= least)


def recoverable(who: Character) -> dict[Attribute, int]:
    """The points a recovery in play can bring back to `who`: what Difficulty took from each
    attribute still above 0 (one at 0 comes back only by a narrator's Chip)."""
    return {a: who.rating(a) - who.value(a) for a in ATTRIBUTES
            if 0 < who.value(a) < who.rating(a)}


def session_recovery(
    ratings: Mapping[Attribute, int], values: Mapping[Attribute, int]
) -> dict[Attribute, int]:
    """The points each attribute gets back at session end (only those that get some)."""
    return {
        a: ratings[a] - values[a]
        for a in ATTRIBUTES
        if values[a] > 0 and values[a] < ratings[a]
    }
