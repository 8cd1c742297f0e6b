"""The book's six uneven match-ups (tables/scenarios.toml) as ready posses.

Where a side has several of the same model they are numbered ("Town Militia 1" to "Town
Militia 7") so each has its own name on the log.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from gmscreen.games.dead_mans_hand.posse import kit
from gmscreen.games.dead_mans_hand.state import COLOURS, Colour, Model
from gmscreen.games.dead_mans_hand.weapons import TABLES


@dataclass(frozen=True, slots=True)
class Side:
    posse: str
    name: str
    count: int
    value: int
    hits: int
    weapons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    title: str
    pitch: str
    red: Side
    black: Side

    def side(self, colour: Colour) -> Side:
        return self.red if colour == "red" else self.black


def _side(raw: dict[str, Any]) -> Side:
    return Side(raw["posse"], raw["name"], raw["count"], raw["value"], raw["hits"],
                tuple(raw["weapons"]))


def _load() -> MappingProxyType[str, Scenario]:
    with (TABLES / "scenarios.toml").open("rb") as file:
        raw: dict[str, dict[str, Any]] = tomllib.load(file)
    return MappingProxyType({
        key: Scenario(key, entry["title"], entry["pitch"], _side(entry["red"]),
                      _side(entry["black"]))
        for key, entry in raw.items()
    })


#: the scenarios by id, in the book's order
SCENARIOS = _load()


def scenario_models(scenario: Scenario) -> list[Model]:
    """Every model of both sides, red first, carrying what the book lists and Brawling."""
    models: list[Model] = []
    for colour in COLOURS:
        side = scenario.side(colour)
        carried = kit(side.weapons, civilian=False)
        for number in range(1, side.count + 1):
            name = side.name if side.count == 1 else f"{side.name} {number}"
            models.append(Model(name, colour, side.value, side.hits, carried,
                                hits_left=side.hits, weapons=carried))
    return models
