"""The power editor of the Characters tab: one form for a role's or an item's power, filled
in with the power as it stands, so the moderator changes only what differs."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from gmscreen.games.dust.commands import DefineItem, DefineRole
from gmscreen.games.dust.panes.form import Field, Options
from gmscreen.games.dust.powers import (
    CHURCH,
    EFFECTS,
    SPENDS,
    TARGETS,
    TIMINGS,
    WORKS_IF,
    ItemDef,
    Power,
    RoleDef,
    TableError,
)

#: the choice that adds a power instead of editing one
NEW_POWER = "+new"
YES_NO: Options = [("yes", "yes"), ("no", "no")]
_FLAGS = ("exclusive", "leaves_church", "stays_in_church", "spares_night_kill")


def _choices(values: Iterable[str]) -> Options:
    return [(v, v) for v in sorted(values)]


def which_power(holder: RoleDef | ItemDef) -> Field:
    """The first question: which of the holder's powers, or a new one."""
    options = [(p.name, p.name) for p in holder.powers] + [("(a new power)", NEW_POWER)]
    return Field("power", "Power", options, options[0][1])


def power_fields(power: Power | None) -> list[Field]:
    """The editor's fields, holding `power`'s data (a new power: the usual defaults)."""
    p = power or Power(name="", effect="")

    def flag(value: bool) -> str:
        return "yes" if value else "no"

    return [
        Field("name", "Power name", None, p.name),
        Field("effect", "Effect", _choices(EFFECTS), p.effect),
        Field("timing", "When", _choices(TIMINGS), p.timing),
        Field("target", "Target", _choices(TARGETS), p.target),
        Field("works_if_target", "Works if target", _choices(WORKS_IF), p.works_if_target),
        Field("exclusive", "Exclusive", YES_NO, flag(p.exclusive)),
        Field("leaves_church", "Leaves church", YES_NO, flag(p.leaves_church)),
        Field("stays_in_church", "Only in church", YES_NO, flag(p.stays_in_church)),
        Field("church", "Church must be", _choices(CHURCH), p.church),
        Field("uses", "Uses (blank: all)", None, "" if p.uses is None else str(p.uses)),
        Field("spend", "A use counts", _choices(SPENDS), p.spend),
        Field("tag", "Kind (block, resist)", None, p.tag),
        Field("spares_night_kill", "Spares Scum kill", YES_NO, flag(p.spares_night_kill)),
        Field("text", "Text", None, p.text),
    ]


def power_from(values: dict[str, str]) -> Power:
    """The form's power; a TableError says which field is wrong."""
    uses = values.get("uses", "").strip()
    if uses and not uses.isdigit():
        raise TableError(f"uses must be a number, not {uses!r}")
    data: dict[str, Any] = {key: values[key] for key in (
        "name", "effect", "timing", "target", "works_if_target", "church", "spend", "tag",
        "text")
        if values.get(key)}
    data.update({key: values.get(key) == "yes" for key in _FLAGS})
    return Power.from_data({**data, "uses": int(uses) if uses else None})


def _powers_with(powers: tuple[Power, ...], old: str, power: Power) -> tuple[Power, ...]:
    """`powers` with `old` replaced by `power` where it stood (old == NEW_POWER: added)."""
    if any(p.name == power.name and p.name != old for p in powers):
        raise TableError(f"the name {power.name!r} is already taken by another power")
    if old == NEW_POWER:
        return (*powers, power)
    return tuple(power if p.name == old else p for p in powers)


def defined(holder: RoleDef | ItemDef, old: str, values: dict[str, str]
            ) -> DefineRole | DefineItem:
    """The command that saves the edited power into its role or item."""
    powers = _powers_with(holder.powers, old, power_from(values))
    if isinstance(holder, RoleDef):
        return DefineRole(replace(holder, powers=powers, default_powers=False))
    return DefineItem(replace(holder, powers=powers))
