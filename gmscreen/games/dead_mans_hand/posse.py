"""Building a posse: the weapons a model carries, what its plunder costs, and the rules of a
Dramatic Showdown posse (eight models, one leader, 40 points).

Readings of the book kept here (each has a test):

- A model carries each weapon once. Dual Pistols bring their Pistol and Tomahawks their Big
  Blade free, so buying the Pistol or Big Blade again beside them is refused.
- Everyone who is not a civilian has Brawling free; a civilian has it only for a point.
- The budget grows by 3 points for each civilian (line 143's "3 extra points" is per
  civilian: each is a weaker model taken on); a recruit that would take the posse past
  its budget is refused. A civilian dismissed takes his 3 points with him and may leave
  the posse over its points: allowed (a table swapping him for another model trims the
  plunder after), but the next recruit is refused naming that, not its own plunder, and
  the showdown does not start until the posse is within its points.
- The six scenarios carry the weapons the book lists for them, with the free weapons that
  come with what they carry, and Brawling for all: they load with nobody a civilian or
  mounted, as the sheets are printed, and every non-civilian brawls, whether or not a
  scenario's sheet names it. The sheets leave "Civilian? Yes / No" and "Horse? Yes / No"
  for the table to circle, so while the posses are built Edit makes any model a civilian
  (it then brawls only if it buys it) or gives it a horse (`rules.edit_model`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gmscreen.core.text import plural
from gmscreen.games.dead_mans_hand.state import Colour, Model
from gmscreen.games.dead_mans_hand.weapons import TABLES, WEAPONS, weapon, weapon_name
from gmscreen.journal.rules import RuleError

with (TABLES / "posse.toml").open("rb") as _file:
    _POSSE: dict[str, Any] = tomllib.load(_file)

POSSE_SIZE: int = _POSSE["posse"]["size"]
PLUNDER: int = _POSSE["posse"]["plunder"]
CIVILIAN_BONUS: int = _POSSE["posse"]["civilian_bonus"]
LEADER: tuple[int, int] = (_POSSE["leader"]["value"], _POSSE["leader"]["hits"])
RANK_AND_FILE: tuple[int, int] = (_POSSE["rank_and_file"]["value"], _POSSE["rank_and_file"]["hits"])
HORSE_PRICE: int = _POSSE["horse"]["price"]
CIVILIAN_HORSE_PRICE: int = _POSSE["horse"]["civilian_price"]
WINS_NEEDED: int = _POSSE["showdown"]["wins_needed"]
LOWEST_VALUE: int = _POSSE["showdown"]["lowest_value"]

#: what the recruit form says of each of its choices, by field
GUIDE: dict[str, str] = dict(_POSSE["guide"])


def recruit_guide(showdown: bool) -> dict[str, str]:
    """The recruit form's words for its fields: in a showdown with the points a civilian
    brings and a horse costs."""
    said = dict(GUIDE)
    if showdown:
        said["civilian"] += f" Each brings {CIVILIAN_BONUS} more points to the posse."
        said["horse"] += f" {HORSE_PRICE} points, {CIVILIAN_HORSE_PRICE} for a civilian."
    return said


#: the values and hits a model may have (lower value is better). The book sets no most hits
#: (a curly wolf "two or three", its Bear 6): how many is the table's call, and 99 is only a
#: bound on typing (two digits), as names have 40 letters; it was 9, a number the app made up
VALUES = range(2, 11)
MOST_HITS = 99


def kit(bought: Sequence[str], civilian: bool, rule: str = "Weapons") -> tuple[str, ...]:
    """The weapons a model carries for the plunder it was given: what was bought, what comes
    free with it, and Brawling for everyone who is not a civilian. A refusal is headed
    `rule`, the word the form's field reads: "Plunder" in a Dramatic Showdown, where a
    refusal headed "Weapons" stood on a field labelled Plunder."""
    carried: list[str] = []
    for weapon_id in bought:
        try:
            arm = weapon(weapon_id)
        except ValueError as error:
            raise RuleError(rule, str(error), field="weapons") from None
        if civilian and not arm.civilians:
            raise RuleError("Civilians", f"a civilian cannot use {arm.name}", field="weapons")
        for piece in (weapon_id, arm.includes):
            if piece is None:
                continue
            if piece in carried:
                raise RuleError(rule, _twice(piece, bought), field="weapons")
            carried.append(piece)
    if not civilian and "brawling" not in carried:
        carried.append("brawling")
    return tuple(carried)


def _twice(piece: str, bought: Sequence[str]) -> str:
    for weapon_id in bought:
        includes = WEAPONS[weapon_id].includes if weapon_id in WEAPONS else None
        if includes == piece and weapon_id != piece:
            return f"{weapon_name(weapon_id)} already come with a {weapon_name(piece)}"
    return f"a model carries {weapon_name(piece)} only once"


def cost(bought: Iterable[str], civilian: bool, horse: bool) -> int:
    """The points a model's plunder costs (Brawling is free to anyone but a civilian)."""
    points = 0
    for weapon_id in bought:
        arm = weapon(weapon_id)
        if weapon_id == "brawling" and not civilian:
            continue
        points += arm.price_for(civilian)
    if horse:
        points += CIVILIAN_HORSE_PRICE if civilian else HORSE_PRICE
    return points


def points(count: int, *, short: bool = False) -> str:
    """A number of points of plunder: "1 point", "6 points"; `short`: "1 pt", "6 pts"."""
    word = "pt" if short else "point"
    return f"{count} {word}{'' if count == 1 else 's'}"


def model_cost(model: Model) -> int:
    """What a recruited model's plunder cost (the free pieces of its kit are not counted)."""
    included = {WEAPONS[w].includes for w in model.kit} - {None}
    bought = [w for w in model.kit if w not in included]
    return cost(bought, model.civilian, model.bought_horse)


def budget(models: Iterable[Model]) -> int:
    return PLUNDER + CIVILIAN_BONUS * sum(1 for m in models if m.civilian)


def spent(models: Iterable[Model]) -> int:
    return sum(model_cost(m) for m in models)


def left_after(models: Iterable[Model], points: int, *, civilian: bool) -> tuple[int, int]:
    """The plunder a showdown posse keeps once a recruit costing `points` joins it (below
    nought when it is over), and what the posse then has in all: a civilian brings 3."""
    posse = tuple(models)
    total = budget(posse) + (CIVILIAN_BONUS if civilian else 0)
    return total - spent(posse) - points, total


@dataclass(frozen=True, slots=True)
class Recruitment:
    """A model as the Dealer asks for it, before it joins a posse."""

    colour: Colour
    name: str
    value: int
    hits: int
    weapons: tuple[str, ...]
    civilian: bool = False
    horse: bool = False


def verify_model(recruit: Recruitment) -> None:
    """Checks that hold in every game: a name, a value from 2 to 10, at least one hit."""
    if not recruit.name.strip():
        raise RuleError("Names", "a model needs a name", field="name")
    if recruit.value not in VALUES:
        raise RuleError("Value", f"a value is from 2 to 10, not {recruit.value}", field="value")
    if not 1 <= recruit.hits <= MOST_HITS:
        raise RuleError("Hits", f"a model has 1 to {MOST_HITS} hits, not {recruit.hits}",
                        field="hits")


def has_leader(posse: Sequence[Model]) -> bool:
    """Whether a showdown posse has its one leader (value 6, two hits) already."""
    return any((m.value, m.hits) == LEADER for m in posse)


def no_room(posse: Sequence[Model]) -> RuleError | None:
    """A showdown posse that has its eight models takes nobody more."""
    if len(posse) >= POSSE_SIZE:
        return RuleError("Posse size", f"a showdown posse has {POSSE_SIZE} models",
                         field="name")
    return None


def verify_showdown_recruit(recruit: Recruitment, posse: Sequence[Model]) -> None:
    """The Dramatic Showdown's building rules, for one more model joining `posse`."""
    refused = no_room(posse)
    if refused is not None:
        raise refused
    stats = (recruit.value, recruit.hits)
    if stats == LEADER:
        if has_leader(posse):
            raise RuleError("Leader", "only one model starts with value "
                            f"{LEADER[0]} and {LEADER[1]} hits", field="value")
    elif stats != RANK_AND_FILE:
        raise RuleError(
            "Starting values",
            f"one leader starts at value {LEADER[0]} with {LEADER[1]} hits, everyone else at "
            f"value {RANK_AND_FILE[0]} with {RANK_AND_FILE[1]} hit, not value {recruit.value} "
            f"with {recruit.hits}",
            field="value",
        )
    price = cost(recruit.weapons, recruit.civilian, recruit.horse)
    points = spent(posse) + price
    room = budget(posse) + (CIVILIAN_BONUS if recruit.civilian else 0)
    if spent(posse) > budget(posse) and points > room:
        # a civilian dismissed took his 3 points with him: the newcomer is not to blame
        raise RuleError(
            "Plunder",
            f"the posse spends {spent(posse)} of its {budget(posse)} points already (a "
            "civilian's 3 points gone with him): take plunder off first (Edit)",
            field="weapons",
        )
    if points > room:
        raise RuleError(
            "Plunder",
            f"{recruit.name}'s plunder costs {price} points and the posse would spend {points} "
            f"of its {room}",
            field="weapons",
        )


def showdown_posse_problems(posse: Sequence[Model]) -> list[str]:
    """What keeps a posse from starting a Dramatic Showdown (empty when it is ready)."""
    problems: list[str] = []
    if len(posse) != POSSE_SIZE:
        problems.append(f"it has {plural(len(posse), 'model')}, not {POSSE_SIZE}")
    if not has_leader(posse):
        problems.append(f"nobody starts at value {LEADER[0]} with {LEADER[1]} hits")
    if spent(posse) > budget(posse):
        problems.append(f"it spends {spent(posse)} of its {budget(posse)} points")
    return problems
