"""The book's tables, read from the TOML files in `tables/` (our own words)."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

TABLES = Path(__file__).resolve().parent / "tables"


@cache
def _load(name: str) -> dict[str, Any]:
    with (TABLES / f"{name}.toml").open("rb") as file:
        return tomllib.load(file)


@dataclass(frozen=True, slots=True)
class Band:
    """What the populace does while the Wanted Clock is between two hours."""

    first: int
    last: int
    populace: str
    when_to_roll: str
    #: the theme's variable its hours are filled with on the clock's face
    colour: str


def wanted_bands() -> tuple[Band, ...]:
    return tuple(Band(b["from"], b["to"], b["populace"], b["when_to_roll"], b["colour"])
                 for b in _load("wanted")["band"])


def wanted_chart() -> dict[int, str]:
    return {int(k): v for k, v in _load("wanted")["chart"].items()}


@dataclass(frozen=True, slots=True)
class Mishap:
    """An entry of the out of action table."""

    name: str
    says: str
    stress: int
    lower: str | None
    dead: bool


def out_of_action_table() -> dict[int, Mishap]:
    return {int(k): Mishap(v["name"], v["says"], v["stress"], v.get("lower"),
                           v.get("dead", False))
            for k, v in _load("harm")["out_of_action"].items()}


def carousing_table() -> dict[int, tuple[str, str]]:
    return {int(k): (v["name"], v["says"]) for k, v in _load("between")["carousing"].items()}


def reaction_table() -> dict[int, str]:
    return {int(k): v for k, v in _load("between")["reaction"].items()}


@dataclass(frozen=True, slots=True)
class Weapon:
    key: str
    name: str
    add: int
    times: int
    reach: str | None
    thrown: bool
    ammo: bool
    quickdraw: bool
    large: bool
    note: str
    #: held in the hand as well as thrown (a knife, an axe, a spear): a blow at Close
    melee: bool = False
    #: the words an equipment list may name it by, its own name's first
    carried: tuple[str, ...] = ()
    #: its blast catches others near the target (dynamite)
    area: bool = False
    #: what counts as one ("a shovel, a pickaxe and the like")
    examples: str = ""


def ammunition_words() -> dict[str, tuple[str, ...]]:
    """The words an equipment list names a bow's ("bow") or a gun's ("gun") ammunition by."""
    return {kind: tuple(words) for kind, words in _load("gear")["ammunition"].items()}


def ration_words() -> tuple[str, ...]:
    """The words an equipment list names a day's rations by."""
    return tuple(_load("gear")["rations"]["words"])


#: the weapons the book sells but gives no numbers for, and the damage modifier the app
#: reads for each (a cavalry sword struck as an axe, a Gatling gun fired as a rifle): the
#: Judge may set his own on the Optional rules form (O), kept in `Settings` (round 22)
UNNUMBERED = {"sword": 2, "gatling": 3}
#: why the app reads those numbers, as the Optional rules form and F1 say it
UNNUMBERED_READINGS = {"sword": "a blade struck in hand at Close, as an axe",
                       "gatling": "the rifle's, the book's heaviest long gun"}


def weapons(house: Mapping[str, int] | None = None) -> dict[str, Weapon]:
    """The weapons of the table; `house`, the Judge's own damage modifiers for those the book
    gives no numbers for (`UNNUMBERED`), the app's where he has set none."""
    table = _weapons()
    for key, add in (house or {}).items():
        if key in UNNUMBERED and key in table:
            table[key] = replace(table[key], add=add)
    return table


def _weapons() -> dict[str, Weapon]:
    return {key: Weapon(key, w["name"], w.get("add", 0), w.get("times", 1), w.get("reach"),
                        w.get("thrown", False), w.get("ammo", False), w.get("quickdraw", False),
                        w.get("large", False), w.get("note", ""), w.get("melee", False),
                        (w["name"].casefold(), *w.get("carried", ())), w.get("area", False),
                        w.get("examples", ""))
            for key, w in _load("gear")["weapon"].items()}


def weapon_numbers(weapon: Weapon) -> str:
    """A weapon's numbers in a few words, as the weapon lists, the sheets and F1 give them
    (lines 227-241): its damage modifier (added to the Guts a die, or "x3" multiplying
    them), how far it reaches (damage halves at that band), then what else the book says
    of it: "+2, to Faraway, quick draw"; "+1, Close in hand, thrown to Nearby"."""
    damage = f"x{weapon.times}" if weapon.times != 1 else f"{weapon.add:+d}"
    if weapon.reach is None:
        reach = "Close"
    elif weapon.melee:
        reach = f"Close in hand, thrown to {weapon.reach}"
    else:
        reach = f"{'thrown ' if weapon.thrown else ''}to {weapon.reach}"
    more = [words for words, said in (("quick draw", weapon.quickdraw),
                                      ("large", weapon.large)) if said]
    return ", ".join([damage, reach, *more, *([weapon.note] if weapon.note else [])])


def weapon_label(weapon: Weapon) -> str:
    """A weapon with its numbers, as a list of weapons offers it: "Revolver +2, to Faraway,
    quick draw"; "Improvised weapon +0, Close (a shovel, a pickaxe and the like)"."""
    return (f"{weapon.name} {weapon_numbers(weapon)}"
            + (f" ({weapon.examples})" if weapon.examples else ""))


@dataclass(frozen=True, slots=True)
class PriceCategory:
    name: str
    dice: int
    times: int
    flat: int
    examples: str


def price_categories() -> dict[str, PriceCategory]:
    return {name: PriceCategory(name, p["dice"], p["times"], p.get("flat", 0), p["examples"])
            for name, p in _load("gear")["price"].items()}


def price_words(category: PriceCategory, rolls: int = 1) -> str:
    """How a category's price is rolled, in a few words (lines 205-221): "$1", "1d6
    dollars", "2d6 x $5"; an item rolled more than once adds the rolls ("2d6 x $5, rolled
    twice and added")."""
    if not category.dice:
        each = f"${category.flat}"
    elif category.times == 1:
        each = f"{category.dice}d6 dollars"
    else:
        each = f"{category.dice}d6 x ${category.times}"
    times = {1: "", 2: ", rolled twice and added"}.get(rolls, f", rolled {rolls} times and "
                                                            "added")
    return each + times


def _plain(text: str) -> str:
    """Words to match by: lower case, hyphens as spaces, no apostrophes."""
    return " ".join(text.casefold().replace("-", " ").replace("'", "").split())


def book_price(item: str) -> tuple[str, int] | None:
    """The price category of an item the book lists, and how many times its price is
    rolled (a rifle is Boutique, rolled twice): ammunition is a box of bullets or shells
    whatever gun it is for ("Shotgun shells" is Common); else the longest of its names
    found among the item's words ("Fine jewellery" is Bespoke, "jewellery" Boutique), the
    later of two as long ("Rifle scope" is a scope); None when unlisted."""
    padded = f" {_plain(item)} "
    goods = {_plain(name): value for name, value in _load("gear")["goods"].items()}
    if any(f" {word} " in padded for words in ammunition_words().values() for word in words):
        category, rolls = goods["bullets"]
        return str(category), int(rolls)
    found = []
    for name, value in goods.items():
        at = max(padded.rfind(f" {name} "), padded.rfind(f" {name}s "))
        if at >= 0:
            found.append((len(name), at, value))
    if not found:
        return None
    *_, (category, rolls) = max(found, key=lambda each: each[:2])
    return str(category), int(rolls)
