"""The power editor of the Characters tab: one form for a role's or an item's power, filled
in with the power as it stands, so the moderator changes only what differs."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from gmscreen.games.dust.commands import DefineItem, DefineRole
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
from gmscreen.journal.rules import RuleError
from gmscreen.ui import form
from gmscreen.ui.form import Field, Values

#: the choice that adds a power instead of editing one
NEW_POWER = "+new"
_FLAGS = ("exclusive", "leaves_church", "stays_in_church", "spares_night_kill")


def which_power(holder: RoleDef | ItemDef) -> Field:
    """The first question: which of the holder's powers, or a new one (Enter picks)."""
    options = [(p.name, p.name) for p in holder.powers] + [("(a new power)", NEW_POWER)]
    return form.pick("power", "Power", options, options[0][1])


def power_fields(power: Power | None) -> list[Field]:
    """The editor's fields, holding `power`'s data (a new power: the usual defaults)."""
    p = power or Power(name="", effect="")
    return [
        form.text("name", "Power name", p.name),
        form.choose("effect", "Effect", sorted(EFFECTS), p.effect),
        form.one_of("timing", "When", sorted(TIMINGS), p.timing),
        form.one_of("target", "Target", sorted(TARGETS), p.target,
                    about="none; other: another living player; any: you too; two: a "
                          "player and whom his action is sent to instead"),
        form.one_of("works_if_target", "Works if target", sorted(WORKS_IF), p.works_if_target,
                    about="in or out of the church, or Scum, for the power to work"),
        form.check("exclusive", "Exclusive", p.exclusive, about="It takes the whole night."),
        form.check("leaves_church", "Leaves church", p.leaves_church,
                   about="Using it takes its user out of the church."),
        form.check("stays_in_church", "Only in church", p.stays_in_church,
                   about="It works only if its user stays inside."),
        form.one_of("church", "Church must be", sorted(CHURCH), p.church),
        form.number("uses", "Uses", "" if p.uses is None else p.uses,
                    placeholder="blank: every night"),
        form.one_of("spend", "A use counts", sorted(SPENDS), p.spend,
                    about="use: every use; attempt: a shot fired; effect: when it did what "
                          "its text says; never: unlimited"),
        form.text("tag", "Kind (block, resist)", p.tag),
        form.check("spares_night_kill", "Spares Scum kill", p.spares_night_kill,
                   about="A block that leaves the Scum's night kill alone."),
        form.text("text", "Text", p.text),
    ]


def power_from(values: Values) -> Power:
    """The form's power; a RuleError names the field that is wrong."""
    uses = values.number("uses", least=1) if values.text("uses") else None
    data: dict[str, object] = {key: values.text(key) for key in (
        "name", "effect", "timing", "target", "works_if_target", "church", "spend", "tag",
        "text") if values.text(key)}
    data.update({key: values.flag(key) for key in _FLAGS})
    try:
        return Power.from_data({**data, "uses": uses})
    except TableError as error:
        raise RuleError("Powers", str(error), field=field_named(str(error), values)) from None


def field_named(message: str, keys: Iterable[str]) -> str | None:
    """The first of the form's fields that a table's complaint names as a word, if any (the
    tables say which key of a role, item or location is wrong, but not as a field)."""
    return next((key for key in keys if re.search(rf"\b{key}\b", message)), None)


def _powers_with(powers: Sequence[Power], old: str, power: Power) -> tuple[Power, ...]:
    """`powers` with `old` replaced by `power` where it stood (old == NEW_POWER: added)."""
    if any(p.name == power.name and p.name != old for p in powers):
        raise RuleError("Powers", f"the name {power.name!r} is already taken by another power",
                        field="name")
    if old == NEW_POWER:
        return (*powers, power)
    return tuple(power if p.name == old else p for p in powers)


def defined(holder: RoleDef | ItemDef, old: str, values: Values) -> DefineRole | DefineItem:
    """The command that saves the edited power into its role or item."""
    powers = _powers_with(holder.powers, old, power_from(values))
    if isinstance(holder, RoleDef):
        return DefineRole(replace(holder, powers=powers, default_powers=False))
    return DefineItem(replace(holder, powers=powers))
