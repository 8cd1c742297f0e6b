"""Gangs: the profiles, weapons, perks and abilities, and the limits a gang must keep.

The tables are data in `tables/`. A model's profile is its unit's profile with each of its
perks added; a perk that gives a special rule adds it to the model's rules.

Readings where the module is open (each has a test):

- A model has one perk per experience level, so its level is how many perks it holds.
- A lower SKL, DEF or CMD never drops below 2, and MOV and HP never below 1: no perk mix in
  the tables reaches those bounds, so they only guard typed-in data.
- "Controlled choice" asks for five revolvers among the whole gang of the game, custom
  models included; a one-off's seven hired models are counted with it.
- A hired gunslinger for one game has no levels; only permanent models gain experience.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from gmscreen.journal.decider import NAME
from gmscreen.journal.payload import NotEmpty, OneOf

TABLES = Path(__file__).with_name("tables")

LEADER = "Gang Leader"
GUNSLINGER = "Gunslinger"
#: the most models in a gang
GANG_SIZE = 10
#: the most experience levels a model may have
MAX_LEVELS = 4
#: the level from which a model may take an ability
ABILITY_LEVEL = 3
#: said where an ability is refused or not offered below that level
ABILITY_COMES = "an ability comes with the 3rd"
#: the most models with an ability in one gang
MAX_ABLE = 3
#: the hit points Shrug it Off gives back, up to the model's own
SHRUG_HEAL = 3
#: models armed with revolvers a gang needs when players hire by controlled choice
REVOLVERS_NEEDED = 5
#: experience levels of the one-off's leader and two custom gunslingers
ONE_OFF_LEVELS = (4, 3, 2)
#: the campaign leader's level when the gang is founded
CAMPAIGN_LEADER_LEVELS = 1


class GangError(ValueError):
    """A gang that breaks a rule; `rule` names it in the module's words."""

    def __init__(self, rule: str, message: str, field: str | None = None) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
        self.field = field


@dataclass(frozen=True)
class Profile:
    """A model's numbers: MOV and HP high is good; SKL, DEF and CMD low is good."""

    mov: int
    skl: int
    defence: int
    cmd: int
    hp: int
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Weapon:
    name: str
    rng: int
    att: int
    dmg: int
    prc: int
    rules: tuple[str, ...] = ()
    close_combat: bool = False
    #: the name as a narrow table writes it
    short: str = ""

    @property
    def half_range(self) -> int:
        """Half the weapon's range in inches, where Rapid Fire counts (rounded down)."""
        return self.rng // 2

    def rule_value(self, rule: str) -> int | None:
        """The X of a rule written "Rule (X)", 0 for a rule without X, None if absent."""
        for held in self.rules:
            if held == rule:
                return 0
            if held.startswith(rule + " (") and held.endswith(")"):
                return int(held[len(rule) + 2:-1])
        return None


@dataclass(frozen=True)
class Perk:
    name: str
    mov: int = 0
    skl: int = 0
    defence: int = 0
    cmd: int = 0
    hp: int = 0
    rule: str = ""
    #: what the special rule it gives does, in the table's words ("" for none)
    means: str = ""


@dataclass(frozen=True)
class Ability:
    name: str
    test: str
    summary: str
    #: the test and the effect in a few words, for a narrow list
    short: str = ""


def _load(name: str) -> dict[str, Any]:
    with (TABLES / f"{name}.toml").open("rb") as file:
        return tomllib.load(file)


@cache
def units() -> Mapping[str, Profile]:
    return {u["name"]: Profile(u["mov"], u["skl"], u["def"], u["cmd"], u["hp"])
            for u in _load("units")["unit"]}


@cache
def weapons() -> Mapping[str, Weapon]:
    return {w["name"]: Weapon(w["name"], w["rng"], w["att"], w["dmg"], w["prc"],
                              tuple(w["rules"]), w.get("close_combat", False),
                              w.get("short", w["name"]))
            for w in _load("weapons")["weapon"]}


def gun_names() -> list[str]:
    """The weapons a model may be equipped with (not the close-combat fallback)."""
    return [w.name for w in weapons().values() if not w.close_combat]


def close_combat_weapon() -> Weapon:
    return next(w for w in weapons().values() if w.close_combat)


@cache
def perks() -> Mapping[str, Perk]:
    return {p["name"]: Perk(p["name"], p.get("mov", 0), p.get("skl", 0), p.get("def", 0),
                            p.get("cmd", 0), p.get("hp", 0), p.get("rule", ""),
                            p.get("means", ""))
            for p in _load("perks")["perk"]}


@cache
def abilities() -> Mapping[str, Ability]:
    return {a["name"]: Ability(a["name"], a["test"], a["summary"], a.get("short", ""))
            for a in _load("abilities")["ability"]}


def abilities_left(roster: Iterable[Recruit]) -> tuple[list[str], str]:
    """The abilities a gang may still give one of its models (module line 124), and why
    there are none ("" when there are some): none when three of it have one, never one
    another of it holds."""
    held = [r.ability for r in roster if r.ability]
    if len(held) >= MAX_ABLE:
        return [], (f"{len(held)} of the gang have an ability already ({MAX_ABLE} a gang "
                    "at most)")
    return [a for a in abilities() if a not in held], ""


# the known ids, for the journal's checks (the payloads' `OneOf`)


def unit_names() -> Collection[str]:
    return units().keys()


def weapon_names() -> Collection[str]:
    """Every weapon, the close-combat profile too."""
    return weapons().keys()


def perk_names() -> Collection[str]:
    return perks().keys()


def ability_names() -> Collection[str]:
    return abilities().keys()


def ability_or_none() -> Collection[str]:
    return {"", *abilities()}


def profile(unit: str, chosen: Iterable[str]) -> Profile:
    """The profile of a model of `unit` with the perks `chosen` applied."""
    base = units()[unit]
    mov, skl, dfc, cmd, hp = base.mov, base.skl, base.defence, base.cmd, base.hp
    rules: list[str] = []
    for name in chosen:
        perk = perks()[name]
        mov, skl, dfc, cmd, hp = (mov + perk.mov, skl + perk.skl, dfc + perk.defence,
                                  cmd + perk.cmd, hp + perk.hp)
        if perk.rule:
            rules.append(perk.rule)
    return Profile(max(1, mov), max(2, skl), max(2, dfc), max(2, cmd), max(1, hp),
                   tuple(rules))


@dataclass(frozen=True)
class Recruit:
    """A model as a gang's roster holds it (without its state in a game); the journal keeps
    it as a table, read through these checks."""

    name: Annotated[str, NAME, NotEmpty()]
    unit: Annotated[str, OneOf(unit_names)]
    weapon: Annotated[str, OneOf(gun_names)]
    perks: tuple[Annotated[str, OneOf(perk_names)], ...] = ()
    ability: Annotated[str, OneOf(ability_or_none)] = ""
    #: hired for one game only (a campaign's hired gunslinger not yet taken on for good)
    hired: bool = False

    @property
    def levels(self) -> int:
        return len(self.perks)


def verify_recruit(recruit: Recruit) -> None:
    """One model's own limits: its unit, weapon, levels, perks and ability."""
    if not recruit.name.strip():
        raise GangError("Roster", "a model needs a name", "name")
    if recruit.unit not in units():
        raise GangError("Units", f"no unit called {recruit.unit!r}", "unit")
    if recruit.weapon not in gun_names():
        raise GangError("Weapons", f"{recruit.weapon!r} is not on the weapon list", "weapon")
    if recruit.levels > MAX_LEVELS:
        raise GangError("Experience", f"{recruit.name} has {recruit.levels} levels; "
                        f"no model gains more than {MAX_LEVELS}", "perks")
    for perk in recruit.perks:
        if perk not in perks():
            raise GangError("Perks", f"no perk called {perk!r}", "perks")
    if len(set(recruit.perks)) != len(recruit.perks):
        twice = next(p for p in recruit.perks if recruit.perks.count(p) > 1)
        raise GangError("Perks", f"{recruit.name} takes {twice} twice; a perk is taken once",
                        "perks")
    if recruit.ability:
        if recruit.ability not in abilities():
            raise GangError("Abilities", f"no ability called {recruit.ability!r}", "ability")
        if recruit.levels < ABILITY_LEVEL:
            raise GangError("Abilities", f"{recruit.name} has {recruit.levels} levels; "
                            f"{ABILITY_COMES} level", "ability")
    # a hired gun is a gunslinger with no levels (module lines 99-109): the refusal says
    # what to change, and names the "hired" field, the one to put right
    if recruit.hired and recruit.unit == LEADER:
        raise GangError("Hiring", "a Gang Leader is never hired: only gunslingers are. "
                        "Make the leader not hired", "hired")
    if recruit.hired and recruit.levels:
        raise GangError("Hiring", f"a hired gun has no levels, and {recruit.name} has "
                        f"{recruit.levels}: make it not hired (a custom gunslinger), or "
                        "take its perks off", "hired")


def verify_roster(models: Sequence[Recruit]) -> None:
    """The gang's own limits: size, one leader, abilities, unique names."""
    for model in models:
        verify_recruit(model)
    if len(models) > GANG_SIZE:
        raise GangError("Gang size", f"{len(models)} models; a gang has at most {GANG_SIZE}")
    names = [m.name for m in models]
    if len(set(names)) != len(names):
        again = next(n for n in names if names.count(n) > 1)
        raise GangError("Roster", f"two models are called {again}", "name")
    leaders = [m for m in models if m.unit == LEADER]
    if len(leaders) > 1:
        raise GangError("Gang Leader", "a gang has one Gang Leader", "unit")
    able = [m for m in models if m.ability]
    if len(able) > MAX_ABLE:
        raise GangError("Abilities", f"{len(able)} models with abilities; at most {MAX_ABLE}",
                        "ability")
    taken = [m.ability for m in able]
    if len(set(taken)) != len(taken):
        again = next(a for a in taken if taken.count(a) > 1)
        raise GangError("Abilities", f"{again} is already taken in this gang", "ability")


def one_off_wants(leader: Recruit, models: Sequence[Recruit]) -> str:
    """What a one-off gang still lacks of its leader and custom gunslingers (module line
    107), said before the rule ("the custom gunslinger with 2 levels is still to enlist"),
    so that the table knows which form comes next; "" when nothing is missing."""
    wanted = list(ONE_OFF_LEVELS[1:])
    for model in models:
        if not model.hired and model.unit != LEADER and model.levels in wanted:
            wanted.remove(model.levels)
    told = []
    if leader.levels != ONE_OFF_LEVELS[0]:
        told.append(f"{leader.name} has {leader.levels} of the Gang Leader's "
                    f"{ONE_OFF_LEVELS[0]} levels")
    if len(wanted) == 1:
        told.append(f"the custom gunslinger with {wanted[0]} levels is still to enlist")
    elif wanted:
        told.append("the custom gunslingers with "
                    + " and ".join(str(n) for n in wanted) + " levels are still to enlist")
    return "; ".join(told)


def verify_ready(models: Sequence[Recruit], mode: str, hiring: str) -> None:
    """Whether a gang may start a game: built by the mode's rules and hired by the method.

    A one-off gang is the leader with four levels and two custom gunslingers with three and
    two, the rest hired; a campaign gang has its leader. Controlled choice needs five
    revolvers.
    """
    verify_roster(models)
    leaders = [m for m in models if m.unit == LEADER]
    if not leaders:
        raise GangError("Gang Leader", "the gang has no Gang Leader yet")
    if mode == "one-off":
        custom = sorted((m.levels for m in models if not m.hired), reverse=True)
        if custom != list(ONE_OFF_LEVELS) or leaders[0].levels != ONE_OFF_LEVELS[0]:
            rule = ("a one-off gang is the Gang Leader with 4 levels and two custom "
                    "gunslingers with 3 and 2; the rest are hired")
            wants = one_off_wants(leaders[0], models)
            raise GangError("One-off gang", f"{wants} ({rule})" if wants else rule)
    if hiring == "controlled choice":
        revolvers = sum(m.weapon == "Revolver" for m in models)
        if revolvers < REVOLVERS_NEEDED:
            carry = ("no model carries a revolver" if not revolvers else
                     "1 model carries a revolver" if revolvers == 1 else
                     f"{revolvers} models carry revolvers")
            raise GangError("Controlled choice", f"{carry}; hiring by choice needs at least "
                            f"{REVOLVERS_NEEDED}", "weapon")
