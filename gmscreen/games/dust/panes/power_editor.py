"""The power editor of the Characters tab: one form for a role's or an item's power, filled
in with the power as it stands, so the moderator changes only what differs."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from gmscreen.core.text import quoted, reads_as
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
_FLAGS = ("exclusive", "leaves_church", "stays_in_church", "spares_night_kill", "seen")


def which_power(holder: RoleDef | ItemDef) -> Field:
    """The first question: which of the holder's powers, or a new one (Enter picks)."""
    options = [(p.name, p.name) for p in holder.powers] + [("(a new power)", NEW_POWER)]
    return form.pick("power", "Power", options, options[0][1])


def power_fields(power: Power | None) -> list[Field]:
    """The editor's fields, holding `power`'s data (a new power: the usual defaults).

    Every field explains itself in two lines under the form: the explanation's box then
    keeps one height as the keyboard moves, so the fields never move under a click (the
    keyboard goes to a field as the mouse is pressed, before its click lands)."""
    p = power or Power(name="", effect="")
    return [
        form.text("name", "Power name", p.name,
                  about="The power's name, as the role card and the night form show it. In "
                        "play it keeps the name the players were sent."),
        form.choose("effect", "Effect", sorted(EFFECTS), p.effect,
                    about="What it does: kill, protect, investigate, block, jail, redirect, "
                          "hide, note, light the church, and the others listed."),
        form.one_of("timing", "When", sorted(TIMINGS), p.timing,
                    about="night: sent with the night's actions; day: used by day (the "
                          "generator, a vouch); passive: always at work."),
        form.one_of("target", "Target", sorted(TARGETS), p.target,
                    about="none; other: another living player; any: you too; two: a "
                          "player and whom his action is sent to instead."),
        form.one_of("works_if_target", "Works if target", sorted(WORKS_IF), p.works_if_target,
                    about="any: always; in: only on one who stays in the church; out: only "
                          "on one who goes out; scum: only on a Scum."),
        form.check("exclusive", "Exclusive", p.exclusive,
                   about="Ticked: it takes the whole night, so no scavenging and no other "
                         "power that takes the whole night goes with it."),
        form.check("leaves_church", "Leaves church", p.leaves_church,
                   about="Ticked: using it takes its user out of the church for the night, "
                         "where the lit church no longer keeps him safe."),
        form.check("stays_in_church", "Only in church", p.stays_in_church,
                   about="Ticked: it works only if its user stays in the church all night; "
                         "nothing that takes him out can go with it."),
        form.one_of("church", "Church must be", sorted(CHURCH), p.church,
                    about="any: lit or dark; lit: only on a night the generator lights the "
                          "church; dark: only on a night it stays dark."),
        form.number("uses", "Uses", "" if p.uses is None else p.uses,
                    placeholder="blank: every night",
                    about="How many times in the game (a role's power), or on each copy (an "
                          "item's). Blank: every night, without end."),
        form.one_of("spend", "A use counts", sorted(SPENDS), p.spend,
                    about="use: every use; attempt: a shot fired; effect: when it did what "
                          "its text says; never: unlimited."),
        form.text("tag", "Kind or look", p.tag,
                  about="A block's kind (hopelessness); what a resist shakes off (any, a "
                        "kind); appear: town, scum; storage: finds (blank 2, a number, all)."),
        form.check("spares_night_kill", "Spares Scum kill", p.spares_night_kill,
                   about="Ticked: a block that stops every other power of a Scum target, but "
                         "leaves the Scum's night kill alone (the Black Book)."),
        form.text("text", "Text", p.text,
                  about="What it does, in your words: the role card, and the message to a "
                        "player who gains the item, give him this text."),
        # last, after the Text: a rare call, and Tab to the Text stays as it was
        form.check("seen", "Seen at a place", p.seen,
                   about="Ticked: a scavenger beside its target at a place sees it used on "
                         "him, not by whom (line 193). A kill is always seen."),
    ]


def power_from(values: Values) -> Power:
    """The form's power; a RuleError names the field that is wrong (an effect left unchosen
    is asked for, where the table's words listed all twenty-one and "not ''")."""
    if not values.text("effect"):
        raise RuleError("Powers", "choose the effect first: none is chosen", field="effect")
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
    # told apart as the players read them: "interrogate" beside Interrogate is the same power
    taken = next((p.name for p in powers
                  if reads_as(p.name) == reads_as(power.name) and p.name != old), None)
    if taken is not None:
        said = "" if taken == power.name else f" (by {taken})"
        raise RuleError("Powers", f"the name {quoted(power.name)} is already taken by another "
                        f"power{said}", field="name")
    if old == NEW_POWER:
        return (*powers, power)
    return tuple(power if p.name == old else p for p in powers)


def defined(holder: RoleDef | ItemDef, old: str, values: Values) -> DefineRole | DefineItem:
    """The command that saves the edited power into its role or item."""
    powers = _powers_with(holder.powers, old, power_from(values))
    if isinstance(holder, RoleDef):
        return DefineRole(replace(holder, powers=powers, default_powers=False))
    return DefineItem(replace(holder, powers=powers))
