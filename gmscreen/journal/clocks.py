"""The Dealer's own clocks, in every game: named, of 4, 6, 8 or 12 segments, each tick
forward or back with a reason, kept in the journal like notes (not by any one game), so
undo, replay, the log and the recap treat them as any other step.

A clock is the Dealer's until marked for the table: only then do the players' screen and
the recap show it. A clock full is left full (the Dealer says what happens then); a tick
past either end is refused, naming the rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Annotated

from gmscreen.core.text import plural, quoted
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.payload import Between, Kinds, NotEmpty, OneOf, PayloadError
from gmscreen.journal.rules import RuleError

#: the sizes a clock may have
SIZES = (4, 6, 8, 12)

KINDS = Kinds("clock.")


@dataclass(frozen=True)
class Clock:
    name: str
    segments: int
    filled: int = 0
    #: shown to the table (the players' screen, the recap)
    public: bool = False

    @property
    def full(self) -> bool:
        return self.filled >= self.segments


@dataclass(frozen=True)
class Face:
    """A clock as a screen draws it: a game's own (its view's `table_clocks(known)`) or one
    of the Dealer's; `colours`, one a segment (theme variables), cycled."""

    name: str
    segments: int
    filled: int
    means: str = ""
    colours: tuple[str, ...] = ()


def title(referee: str) -> str:
    """The heading of the clocks the journal keeps, in the game's word for who runs the
    table ("The Judge's clocks"); "Clocks" where the players run it themselves."""
    return f"The {referee}'s clocks" if referee else "Clocks"


def faces(clocks: tuple[Clock, ...], *, public_only: bool) -> list[Face]:
    """The Dealer's clocks as faces (only those shown to the table, for the table)."""
    return [Face(c.name, c.segments, c.filled) for c in clocks if c.public or not public_only]


# -- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class MakeClock:
    name: str
    segments: int
    public: bool = False
    why: str = ""


@dataclass(frozen=True)
class TickClock:
    """Move a clock `by` segments (negative: back), for `reason`."""

    name: str
    by: int
    reason: str


@dataclass(frozen=True)
class ShowClock:
    """Mark a clock for the table (public) or take it back (not public)."""

    name: str
    public: bool


@dataclass(frozen=True)
class RemoveClock:
    name: str
    reason: str = ""


ClockCommand = MakeClock | TickClock | ShowClock | RemoveClock


# -- events -------------------------------------------------------------------------------------


@KINDS.payload("made")
@dataclass(frozen=True)
class ClockMade:
    name: Annotated[str, NotEmpty()]
    segments: Annotated[int, OneOf(SIZES)]
    public: bool = False
    why: str = ""


@KINDS.payload("ticked")
@dataclass(frozen=True)
class ClockTicked:
    name: Annotated[str, NotEmpty()]
    by: Annotated[int, Between(-12, 12)]
    reason: str = ""


@KINDS.payload("shown")
@dataclass(frozen=True)
class ClockShown:
    name: Annotated[str, NotEmpty()]
    public: bool


@KINDS.payload("removed")
@dataclass(frozen=True)
class ClockRemoved:
    name: Annotated[str, NotEmpty()]
    reason: str = ""


def is_clock_event(kind: str) -> bool:
    return kind.startswith(KINDS.prefix)


#: the longest name a new clock may have (a character's, in the games that cap one)
LONGEST_NAME = 40


def find(clocks: tuple[Clock, ...], name: str) -> Clock | None:
    low = name.strip().lower()
    return next((c for c in clocks if c.name.lower() == low), None)


def decide(clocks: tuple[Clock, ...], command: ClockCommand) -> list[NewEvent]:
    """The events a clock command causes, or RuleError naming the rule it breaks."""
    if isinstance(command, MakeClock):
        name = command.name.strip()
        if not name:
            raise RuleError("Clocks", "a clock needs a name", field="name")
        if len(name) > LONGEST_NAME:  # a dial's title, on one line of its face
            raise RuleError("Clocks", f"a clock's name has at most {LONGEST_NAME} letters; "
                            f"this one has {len(name)}", field="name")
        taken = find(clocks, name)
        if taken is not None:  # the one there, as it is spelt: "posse" finds Posse
            case = "" if taken.name == name else " (a name is the same in any case)"
            raise RuleError("Clocks", f"there is a clock called {taken.name} already{case}",
                            field="name")
        if command.segments not in SIZES:
            raise RuleError("Clocks", f"a clock has 4, 6, 8 or 12 segments, not "
                            f"{command.segments}", field="segments")
        return [KINDS.new(ClockMade(name, command.segments, command.public,
                                    command.why.strip()))]
    clock = find(clocks, command.name)
    if clock is None:
        raise RuleError("Clocks", f"there is no clock called {quoted(command.name)}", field="name")
    if isinstance(command, TickClock):
        if command.by == 0:
            raise RuleError("Clocks", "a tick moves the clock one segment or more", field="by")
        after = clock.filled + command.by
        if after > clock.segments:
            raise RuleError("Clocks", f"{clock.name} has {clock.segments - clock.filled} "
                            "segments left to fill", field="by")
        if after < 0:
            raise RuleError("Clocks", f"{clock.name} has {clock.filled} segments filled to "
                            "take back", field="by")
        if not command.reason.strip():
            raise RuleError("Clocks", "say why the clock moves", field="reason")
        return [KINDS.new(ClockTicked(clock.name, command.by, command.reason.strip()))]
    if isinstance(command, ShowClock):
        if clock.public == command.public:
            shown = "shown to" if clock.public else "kept from"
            raise RuleError("Clocks", f"{clock.name} is {shown} the table already",
                            field="name")
        return [KINDS.new(ClockShown(clock.name, command.public))]
    return [KINDS.new(ClockRemoved(clock.name, command.reason.strip()))]


def evolve(clocks: tuple[Clock, ...], event: Event) -> tuple[Clock, ...]:
    """The clocks after one clock event (a PayloadError for damaged data)."""
    payload = KINDS.read(event)
    if isinstance(payload, ClockMade):
        return (*clocks, Clock(payload.name, payload.segments, 0, payload.public))
    clock = find(clocks, payload.name)
    if clock is None:
        raise PayloadError(event.kind, "name", f"names no clock: {payload.name!r}", event.seq)
    if isinstance(payload, ClockTicked):
        moved = replace(clock, filled=max(0, min(clock.segments, clock.filled + payload.by)))
    elif isinstance(payload, ClockShown):
        moved = replace(clock, public=payload.public)
    else:
        return tuple(c for c in clocks if c is not clock)
    return tuple(moved if c is clock else c for c in clocks)


def moves(events: Sequence[Event], name: str, undone: Callable[[Event], bool], *,
          most: int = 6) -> list[Event]:
    """The newest events of the clock called `name` (its ticks, its showing, its making),
    newest first, at most `most`; undone ones left out. A clock put away ends the search: one
    made later under the same name is another clock."""
    low, found = name.strip().lower(), []
    for event in reversed(events):
        if not is_clock_event(event.kind) or undone(event):
            continue
        try:
            payload = KINDS.read(event)
        except PayloadError:
            continue
        if payload.name.lower() != low:
            continue
        if isinstance(payload, ClockRemoved):
            break
        found.append(event)
        if isinstance(payload, ClockMade) or len(found) >= most:
            break
    return found


def describe(event: Event) -> str:
    """The clock event's line of story (never raises)."""
    try:
        payload = KINDS.read(event)
    except PayloadError as damaged:
        return f"(a damaged event: {damaged})"
    if isinstance(payload, ClockMade):
        shown = ", shown to the table" if payload.public else ""
        why = f": {payload.why}" if payload.why else ""
        return f"A clock of {payload.segments}, {payload.name}, is started{shown}{why}."
    if isinstance(payload, ClockTicked):
        moves = "forward" if payload.by > 0 else "back"
        count = abs(payload.by)
        return (f"{payload.name} moves {moves} {plural(count, 'segment')}: "
                f"{payload.reason}")
    if isinstance(payload, ClockShown):
        return (f"{payload.name} is shown to the table." if payload.public
                else f"{payload.name} is kept from the table.")
    why = f": {payload.reason}" if payload.reason else ""
    return f"{payload.name} is put away{why}."
