"""One vocabulary of powers for Dust's roles and items, and the game's tables as data.

The book prints every item's power but only the names of the roles; the role powers shipped
in `tables/roles.toml` follow common forum-Mafia conventions and are marked as defaults, so
the moderator knows they may be edited. Guilt is the book's "godfather" in the book's own
sense (he picks the kill and the killer) and reads as Scum like any Scum: only the Relic and
the Black Book change how a player reads. A table that wants the usual Mafia godfather, who
reads as Town, says so when it loads the set-up (`godfather_reads_town`): Guilt's
`dust.role_defined` event then carries the power and names the choice (`choice`), and the
log shows it. Roles, items and locations travel in the journal
(`dust.role_defined`, `dust.item_defined`, `dust.location_added`), so a campaign replays the
same even after the tables change.

A power is one `Power`: what it does (`effect`), when (`timing`), and its conditions:
`exclusive` (it takes the whole night), `leaves_church` (using it takes you outside),
`stays_in_church` (it works only if you stay inside), `target` (who it may be aimed at),
`works_if_target` (the target must be outside, inside, or Scum for it to work), `church`
(it works only while the church is lit, or only while it is dark), `uses` and
`spend` (what counts as a use: using it, firing it, or its effect happening).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated, Any

from gmscreen.core.text import plural, quoted
from gmscreen.journal.payload import Between, NotEmpty, OneOf

TABLES = Path(__file__).resolve().parent / "tables"

#: what a power can do; night effects resolve in the order of `gmscreen.games.dust.night`
EFFECTS = frozenset({
    "kill", "protect", "investigate", "track", "watch", "follow", "block", "jail",
    "redirect", "lightning_rod", "hide", "bodyguard", "alert", "resist", "note",
    "light", "reveal", "storage", "bulletproof", "dark_aura", "appear",
})
TIMINGS = frozenset({"night", "day", "passive"})
#: none: no target; other: another living player; any: anyone alive, you too;
#: two: a player and the player his action is sent to instead
TARGETS = frozenset({"none", "other", "any", "two"})
WORKS_IF = frozenset({"any", "in", "out", "scum"})
#: the church the power needs tonight: any, lit (the generator ran by day) or dark
CHURCH = frozenset({"any", "lit", "dark"})
#: use: every use counts; attempt: only a shot actually fired; effect: only when the power
#: did what its text says (saved a life, gave information, diverted...); never: unlimited
SPENDS = frozenset({"use", "attempt", "effect", "never"})
ALIGNMENTS = frozenset({"town", "scum"})
WINS = frozenset({"team", "survive"})

#: how many finds a lone scavenger who carries more takes when his power's `tag` leaves it
#: open: the book's "more than one" (line 127) gives no number; two is the app's reading
CARRY_MORE = 2
#: the `tag` of a carrying power (`storage`) that takes everything the place holds
CARRY_ALL = "all"


def finds_of(power: Power) -> int | None:
    """How many finds a `storage` power carries off alone: its `tag`, a number (2 or more)
    or "all" (None: no limit); blank is `CARRY_MORE`. A ValueError says what is wrong."""
    tag = power.tag.strip().lower()
    if not tag:
        return CARRY_MORE
    if tag == CARRY_ALL:
        return None
    if not tag.isdigit() or not 2 <= int(tag) <= LAST_NIGHT:
        raise ValueError(f"{power.name} carries off more than one find: its kind is how "
                         f"many (2 to {LAST_NIGHT}), or {CARRY_ALL}, not {quoted(power.tag)}")
    return int(tag)


#: how the tables word the app's two finds (the Rucksack's power, the Drifter's role and
#: power), and the Rucksack's word that two is ours: said again where the Dealer set a number
_TWO_FINDS = "two finds"
_TWO_IS_OURS = "(Two is the moderator's number: the book says more than one.)"
_HOW_MANY_IS_OURS = "(How many is the moderator's call: the book says more than one.)"


def finds_said(text: str, powers: Iterable[Power]) -> str:
    """`text` (a power's or a role's) with the app's "two finds" said as the number the
    Dealer set on a carrying power among `powers` (its Kind or look: a number, or all),
    so a card never tells a player two finds beside the "3 finds" of its conditions. Text
    the Dealer wrote himself, without those words, is left as he wrote it."""
    for power in powers:
        if power.effect != "storage" or not power.tag.strip():
            continue
        try:
            count = finds_of(power)
        except ValueError:
            continue
        if count == CARRY_MORE:
            continue
        words = "every find" if count is None else f"{count} finds"
        text = text.replace(_TWO_IS_OURS, _HOW_MANY_IS_OURS).replace(_TWO_FINDS, words)
    return text


#: the entry in a location's list that is not an item
AVATAR = "Avatar of Fear"
#: the last night the moderator may count to (a place's nights, a power's uses): no game
#: runs to a hundredth night, so a larger number is a slip of the keys
LAST_NIGHT = 99


class TableError(ValueError):
    """A role, item or location that the tables or the journal describe wrongly."""


def _choice(data: Mapping[str, Any], key: str, allowed: frozenset[str], default: str) -> str:
    value = data.get(key, default)
    if value not in allowed:
        raise TableError(f"{key} must be one of {', '.join(sorted(allowed))}, "
                         f"not {quoted(str(value))}")
    return str(value)


@dataclass(frozen=True)
class Power:
    """A power, as the tables and the journal hold it (its fields are the TOML keys)."""

    name: Annotated[str, NotEmpty()]
    effect: Annotated[str, OneOf(EFFECTS)]
    text: str = ""
    timing: Annotated[str, OneOf(TIMINGS)] = "night"
    exclusive: bool = False
    leaves_church: bool = False
    stays_in_church: bool = False
    target: Annotated[str, OneOf(TARGETS)] = "none"
    works_if_target: Annotated[str, OneOf(WORKS_IF)] = "any"
    church: Annotated[str, OneOf(CHURCH)] = "any"
    #: times a role may use it (None: every night); an item's copies count uses on the item
    uses: Annotated[int, Between(1)] | None = None
    spend: Annotated[str, OneOf(SPENDS)] = "use"
    #: a block's kind ("hopelessness"), what a resist shakes off ("any" or a kind), or how
    #: an `appear` power makes its holder look ("town" or "scum")
    tag: str = ""
    #: a block that leaves the Scum's night kill alone (the Black Book)
    spares_night_kill: bool = False
    #: one of line 193's "other visible power": a scavenger beside its target at a place
    #: sees it used on him, not by whom (the Dealer's call; a kill is always seen)
    seen: bool = False

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Power:
        name = str(data.get("name", "")).strip()
        if not name:
            raise TableError("a power needs a name")
        uses = data.get("uses")
        if uses is not None and (not isinstance(uses, int) or uses < 1):
            raise TableError(f"{name}: uses must be a whole number above zero")
        return cls(
            name=name,
            effect=_choice(data, "effect", EFFECTS, ""),
            text=str(data.get("text", "")),
            timing=_choice(data, "timing", TIMINGS, "night"),
            exclusive=bool(data.get("exclusive", False)),
            leaves_church=bool(data.get("leaves_church", False)),
            stays_in_church=bool(data.get("stays_in_church", False)),
            target=_choice(data, "target", TARGETS, "none"),
            works_if_target=_choice(data, "works_if_target", WORKS_IF, "any"),
            church=_choice(data, "church", CHURCH, "any"),
            uses=uses,
            spend=_choice(data, "spend", SPENDS, "use"),
            tag=str(data.get("tag", "")),
            spares_night_kill=bool(data.get("spares_night_kill", False)),
            seen=bool(data.get("seen", False)),
        )

    @property
    def conditions(self) -> tuple[str, ...]:
        """The power's conditions in the moderator's words, for the screens."""
        words = [self.timing]
        if self.exclusive:
            words.append("exclusive")
        if self.leaves_church:
            words.append("leaves the church")
        if self.stays_in_church:
            words.append("in the church")
        if self.works_if_target == "out":
            words.append("target outside")
        elif self.works_if_target == "in":
            words.append("target in the church")
        elif self.works_if_target == "scum":
            # the condition is on the target: anyone may use it (the Black Book)
            words.append("works on Scum only")
        if self.church != "any":
            words.append(f"church {self.church}")
        if self.uses is not None:
            words.append(plural(self.uses, "use"))
        if self.seen and self.effect != "kill":
            words.append("seen at a place")
        if self.effect == "storage" and self.tag.strip():
            # the Dealer's number of finds (blank: the app's two, which the text says)
            words.append(f"{self.tag.strip().lower()} finds")
        return tuple(words)


def _powers(name: str, data: Mapping[str, Any]) -> tuple[Power, ...]:
    try:
        return tuple(Power.from_data(p) for p in data.get("power", ()))
    except TableError as error:
        raise TableError(f"{name}: {error}") from None


@dataclass(frozen=True)
class RoleDef:
    name: str
    alignment: str
    #: how the role card names the role, for the flip ("the NIGHT WATCHMAN")
    title: str
    powers: tuple[Power, ...] = ()
    text: str = ""
    #: the false claim the book offers a Scum role
    claim: str = ""
    #: the Scum who picks the night kill and the killer
    godfather: bool = False
    #: team: wins with its side; survive: wins only if alive at the end
    win: str = "team"
    #: the powers are ours, following Mafia conventions; the book names the role only
    default_powers: bool = False

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> RoleDef:
        name = str(data.get("name", "")).strip()
        if not name:
            raise TableError("a role needs a name")
        return cls(
            name=name,
            alignment=_choice(data, "alignment", ALIGNMENTS, ""),
            title=str(data.get("title", name.upper())),
            powers=_powers(name, data),
            text=str(data.get("text", "")),
            claim=str(data.get("claim", "")),
            godfather=bool(data.get("godfather", False)),
            win=_choice(data, "win", WINS, "team"),
            default_powers=bool(data.get("default_powers", False)),
        )

    def power(self, name: str) -> Power | None:
        return next((p for p in self.powers if p.name == name), None)

    @property
    def said(self) -> str:
        """Its text as its players are told it: the Drifter's "two finds" said as the
        Dealer's number where he set one on its power (`finds_said`)."""
        return finds_said(self.text, self.powers)


@dataclass(frozen=True)
class ItemDef:
    name: str
    powers: tuple[Power, ...]
    text: str = ""
    #: how many uses a copy holds before it is discarded (the Notebook holds two notes)
    uses: int = 1
    #: the Relic and the Black Book cannot be given away
    tradeable: bool = True

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ItemDef:
        name = str(data.get("name", "")).strip()
        if not name:
            raise TableError("an item needs a name")
        if name == AVATAR:
            raise TableError(f"{AVATAR} is not an item")
        uses = data.get("uses", 1)
        if not isinstance(uses, int) or uses < 1:
            raise TableError(f"{name}: uses must be a whole number above zero")
        return cls(name=name, powers=_powers(name, data), text=str(data.get("text", "")),
                   uses=uses, tradeable=bool(data.get("tradeable", True)))

    def power(self, name: str) -> Power | None:
        return next((p for p in self.powers if p.name == name), None)

    def card(self) -> tuple[str, ...]:
        """What its holder is told it does, as a role card tells a role's powers: the item,
        then each power with its conditions."""
        return (f"{self.name}: {self.text}", *(power_card(p) for p in self.powers))


def power_head(power: Power, used: int | None = None) -> str:
    """A power's name and conditions, with the uses left when `used` says how many of a
    limited power's are gone: "Execute (night, exclusive, 2 uses, 1 left)"."""
    left = f", {power.uses - used} left" if used is not None and power.uses else ""
    return f"{power.name} ({', '.join(power.conditions)}{left})"


def power_card(power: Power, used: int | None = None) -> str:
    """A power as its holder's messages and sheets word it: its head (`power_head`), then
    what it does."""
    return f"{power_head(power, used)}: {finds_said(power.text, (power,))}"


@dataclass(frozen=True)
class LocationDef:
    """A place to scavenge: open from night `opens` until (not including) night `closes`
    (None: open for the rest of the game); `entries` are item names and Avatars, in order."""

    name: Annotated[str, NotEmpty()]
    opens: Annotated[int, Between(1)]
    closes: Annotated[int, Between(2)] | None
    entries: tuple[str, ...]

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> LocationDef:
        name = str(data.get("name", "")).strip()
        if not name:
            raise TableError("a location needs a name")
        opens, closes = data.get("opens", 1), data.get("closes")
        if not isinstance(opens, int) or opens < 1:
            raise TableError(f"{name}: opens must be a night number, 1 or more")
        if closes is not None and (not isinstance(closes, int) or closes <= opens):
            raise TableError(f"{name}: closes must be a night after the night it opens")
        return cls(name, opens, closes, tuple(str(e) for e in data.get("entries", ())))


def _load(file: str) -> dict[str, Any]:
    with (TABLES / file).open("rb") as handle:
        return tomllib.load(handle)


def book_roles(*, godfather_reads_town: bool = False,
               veteran_survives: bool = True) -> tuple[RoleDef, ...]:
    """The book's roles; with `godfather_reads_town`, the table's choice of the usual Mafia
    godfather: Guilt gets a power that makes him read as Town; without `veteran_survives`,
    the table's choice that the Veteran has no win of his own (line 82 does not say it;
    ours is alive at the end): he wins with the Town."""
    tables = _load("roles.toml")
    roles = tuple(RoleDef.from_data(r) for r in tables["role"])
    if not veteran_survives:
        plain = tables["veteran_with_the_town"]
        roles = tuple(replace(r, win="team", text=str(plain["text"]))
                      if r.name == plain["role"] else r for r in roles)
    if not godfather_reads_town:
        return roles
    variant = tables["godfather_reads_town"]
    power = Power.from_data(variant["power"])
    return tuple(replace(r, powers=(*r.powers, power)) if r.name == variant["role"] else r
                 for r in roles)


def every_book_reading() -> tuple[tuple[RoleDef, ...], ...]:
    """The book's roles under each of the set-up's choices (how Guilt reads, the Veteran's
    win): what the set-up form puts in without the table changing anything itself."""
    return tuple(book_roles(godfather_reads_town=town, veteran_survives=survives)
                 for town in (False, True) for survives in (True, False))


def veteran_choice() -> str:
    """The Veteran with no win of his own, in the words the log and the set-up form use."""
    return str(_load("roles.toml")["veteran_with_the_town"]["choice"])


def godfather_choice() -> str:
    """The godfather who reads as Town, in the words the log and the set-up form use."""
    return str(_load("roles.toml")["godfather_reads_town"]["choice"])


def book_items() -> tuple[ItemDef, ...]:
    return tuple(ItemDef.from_data(i) for i in _load("items.toml")["item"])


def book_locations() -> tuple[LocationDef, ...]:
    return tuple(LocationDef.from_data(loc) for loc in _load("locations.toml")["location"])


#: the book's table of fifteen, seat by seat in the book's order (lines 44-102): three Vanilla
#: Town starting with the Alcohol, the Crowbar and the Crucifix, then one of each other role
BOOK_TABLE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Vanilla Town", ("Alcohol",)), ("Vanilla Town", ("Crowbar",)),
    ("Vanilla Town", ("Crucifix",)),
    *((role, ()) for role in ("Reverend", "Cop", "Doctor", "Night Watchman", "Tracker",
                              "Vigilante", "Innocent", "Veteran", "Drifter", "Despair",
                              "Guilt", "Paranoia")),
)


#: what the thread is told of the game's rules with Day 1 (book lines 22-42, in our words):
#: a moderator who never read the book had them to tell the players from memory
HOW_IT_GOES = (
    "How the game goes:",
    "- Each night, tell me in private what you do: stay in the church, go out and search "
    "one place that is open, or use a power. Send nothing and you stay in.",
    "- A search takes your whole night, your role's powers with it: you get the next find "
    "there, and whoever searches there with you sees you and what you find. The Scum "
    "cannot scavenge.",
    "- Some powers work only in the church, or only while it is lit; one that takes the "
    "whole night goes with nothing else. Uses are often few, and a role power spent never "
    "comes back. Whoever dies loses what he held.",
    "- By day, give an item to another player by telling me which and to whom: he is not "
    "told whose it was. No gifts once the hammer falls.",
    "- A majority of the living lynches. After the lynch and the flip, talk on until I "
    "post the next day.",
    "- Talk only here in the thread, do not lurk, never quote what I send you, and talk "
    "often: silence helps the Scum.",
)

#: what a recap and the log say in place of Day 1's rules of play (`HOW_IT_GOES`)
RULES_TOLD = "The post ends with how the game goes, the rules of play."


def without_rules(told: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A post's own lines, and the rules of play it ends with (Day 1's), apart."""
    told = tuple(told)
    if told[-len(HOW_IT_GOES):] == HOW_IT_GOES:
        return told[:-len(HOW_IT_GOES)], HOW_IT_GOES
    return told, ()


def in_short(told: Sequence[str]) -> str:
    """A post as a story tells it, on one line: Day 1's rules of play, read once at the
    table, named and not told again (in a recap they ran on for a paragraph of bullets)."""
    own, rules = without_rules(told)
    return " ".join((*own, *([RULES_TOLD] if rules else [])))

