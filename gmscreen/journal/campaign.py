"""A campaign: the journal, the game's rules, and the state folded from them.

Commands go in, events come out: `execute` asks the game to `decide`, appends the events to
the journal (fsynced) and only then folds them into the state. Undo and redo are events too.
The state of any moment is the fold of the effective events up to it.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Generic, TypeVar

from gmscreen.core.text import (
    controls_in,
    error_words,
    quoted,
    sentences,
    unseen_in,
    visible,
)
from gmscreen.journal import clocks, freeroll, upcast
from gmscreen.journal.cache import MIN_EVENTS, JournalCache, no_collection
from gmscreen.journal.clocks import Clock, ClockCommand
from gmscreen.journal.events import (
    NOTE,
    NOTE_CORRECTED,
    REDO,
    SESSION_END,
    SESSION_START,
    UNDO,
    Event,
    NewEvent,
)
from gmscreen.journal.freeroll import FreeCommand
from gmscreen.journal.history import History, HistoryError, HistoryShape, replay_history
from gmscreen.journal.kinds import kind_name
from gmscreen.journal.notes import NoteIndex, names_of
from gmscreen.journal.payload import PayloadError
from gmscreen.journal.rules import RuleError, Rules
from gmscreen.journal.store import (
    Header,
    JournalError,
    JournalLocked,
    JournalNotWritable,
    JournalStore,
    Loaded,
    Progress,
    Torn,
    encode_events,
    holds_unseen,
)
from gmscreen.journal.tomlfmt import LARGEST_INT, too_large

S = TypeVar("S")

#: keep a snapshot of the state every this many effective steps, so undo refolds little
SNAPSHOT_EVERY = 128
#: a campaign of this many events stays out of the cyclic collector's sight (no_collection)
KEEP_OUT_OF_GC = 20_000
#: tell the progress callback how the fold goes after this many events
PROGRESS_EVERY = 2000

#: keep the state after each of this many newest effective steps, so that undoing a few steps
#: (the usual undo, and every undo met while a journal is read) refolds nothing
RECENT_STATES = 32
#: the kinds of the journal's own events that fold into the table: the clocks and free rolls
_JOURNALS_OWN = (clocks.KINDS.prefix, freeroll.KINDS.prefix)


@dataclass(frozen=True, slots=True)
class Damaged:
    """An event the game could not apply: the campaign stops just before its step."""

    seq: int
    line: int | None
    problem: str
    #: how many events, from that step on, are left out
    left_out: int
    #: the steps an undo sets aside to go on without it (its own and every one standing
    #: after it, newest first; none where the journal's undos after it do not fit), and the
    #: session that undo is stamped with
    steps: tuple[int, ...] = ()
    session: int = 0
    #: the events left out, as the journal holds them
    left: tuple[Event, ...] = ()

    @property
    def reason(self) -> str:
        where = f" (line {self.line})" if self.line else ""
        # short: the app's banner says it above every tab, three rows at 80 columns
        way_on = ("set that step aside to go on (ctrl+w in the app), or put the journal "
                  "right by hand" if self.steps else "put the journal right by hand")
        return (f"{self.problem}{where}; shown as before it ({self.left_out} events left "
                f"out): {way_on}")


class ReplayError(ValueError):
    """An event the game cannot apply (only a hand-edited or damaged journal has one)."""

    def __init__(self, seq: int, message: str) -> None:
        super().__init__(message)
        self.seq = seq


@dataclass(frozen=True, slots=True)
class Fold(Generic[S]):
    """The fold after the first `count` events of a journal: enough to go on from there."""

    count: int
    history: HistoryShape
    snapshots: dict[int, Table[S]]
    recent: dict[int, Table[S]]
    table: Table[S]


@dataclass(frozen=True, slots=True, init=False)
class Table(Generic[S]):
    """Everything the fold yields: the journal's own part (sessions, the Dealer's clocks)
    and the game's state."""

    game: S
    session: int = 0
    in_session: bool = False
    clocks: tuple[Clock, ...] = ()

    def __init__(self, game: S, session: int = 0, in_session: bool = False,
                 clocks: tuple[Clock, ...] = ()) -> None:
        # the slots set directly, as Event's are: one table an event folded
        _set_game(self, game)
        _set_session(self, session)
        _set_in_session(self, in_session)
        _set_clocks(self, clocks)


_set_game, _set_session, _set_in_session, _set_clocks = (
    getattr(Table, field.name).__set__ for field in fields(Table))


class Campaign(Generic[S]):
    """An open campaign. Read only when it is a replay, when another program holds it, or
    when it cannot be written (see `read_only_reason`)."""

    def __init__(
        self,
        rules: Rules[S],
        header: Header,
        events: Sequence[Event] = (),
        *,
        store: JournalStore | None = None,
        torn: Torn | None = None,
        path: Path | None = None,
        resume: Fold[S] | None = None,
        progress: Progress | None = None,
    ) -> None:
        self.rules = rules
        #: how the game words an event while it is undone, where it can (`describe`)
        self._told_undone: Callable[[Event], str | None] | None = getattr(
            rules, "describe_undone", None)
        self.header = header
        self.store = store
        self.torn = torn
        self.path = path if path is not None else (store.path if store else None)
        #: who holds the journal for writing, when this program could only open it read only
        self.locked_by: str | None = None
        #: why the journal could not be opened for writing (a read-only file or folder)
        self.not_writable: str | None = None
        #: the first event the game could not apply, when the journal holds one
        self.damaged: Damaged | None = None
        self.events: list[Event] = []
        self.history = History()
        self._snapshots: dict[int, Table[S]] = {0: Table(rules.initial_state())}
        self._table: Table[S] = self._snapshots[0]
        #: the state after the newest effective steps, by depth (see RECENT_STATES)
        self._recent: dict[int, Table[S]] = {0: self._table}
        #: where to keep what reading the journal found, when it closes (see journal.cache)
        self.cache: JournalCache | None = None
        #: the line each loaded event starts on; how many events the cache already holds
        self._lines: Sequence[int] = ()
        self._cached = 0
        #: whether opening it put every object of the program out of the collector's sight
        self._kept_out_of_gc = False
        #: the notes among `events` and their corrections
        self._notes = NoteIndex()
        start = 0
        if resume is not None and resume.count <= len(events):
            start = resume.count
            self.events.extend(events[:start])
            self.history = History.from_shape(resume.history, self.events)
            self._snapshots = dict(resume.snapshots)
            self._recent = dict(resume.recent)
            self._table = resume.table
        #: the journal being read, while it is (see `_evolve_read`); the steps taken back
        #: by its end, once asked
        self._reading: Sequence[Event] = events
        self._undone_in_the_end: set[int] | None = None
        taken = start
        if start == 0 and events:
            try:
                history = replay_history(events)
            except HistoryError:
                pass  # read event by event below: what is wrong first is said first
            else:
                self._fold_stack(events, history, progress)
                taken = len(events)
        for index in range(taken, len(events)):
            self._take(events[index])
            if progress is not None and (index + 1) % PROGRESS_EVERY == 0:
                progress("replaying", index + 1, len(events))
        self._reading = ()
        if progress is not None and len(events) > start:
            progress("replaying", len(events), len(events))

    def _fold_stack(self, events: Sequence[Event], history: History,
                    progress: Progress | None) -> None:
        """Take in a whole journal whose history is `history`: only the steps standing at its
        end are folded, in order, each once. Event by event (`_take`), a step later undone
        was folded and then dropped, and one redone folded again; but the state after any
        depth of the stack is the fold of the steps under it, which stand on the very steps
        they were first put on (see `prepare_replay`), so the states kept (`_snapshots`,
        `_recent`) are the same. A first open of a long journal does a tenth less."""
        self.events.extend(events)
        self.history = history
        table, evolve = self._table, self._evolve
        stack, steps, snapshots, recent = history.stack, history.steps, self._snapshots, {}
        newest = len(stack) - RECENT_STATES + 1
        told = PROGRESS_EVERY  # the next point of the journal to tell the progress at
        for depth, step in enumerate(stack, 1):
            for event in steps[step]:
                table = evolve(table, event)
            if depth % SNAPSHOT_EVERY == 0:
                snapshots[depth] = table
            if depth >= newest:
                recent[depth] = table
            if progress is not None and event.seq >= told:
                progress("replaying", event.seq, len(events))
                told = event.seq - event.seq % PROGRESS_EVERY + PROGRESS_EVERY
        if newest <= 0:
            recent = {0: self._table, **recent}
        self._recent, self._table = recent, table

    # -- opening ---------------------------------------------------------------------------

    @classmethod
    def load(cls, rules: Rules[S], loaded: Loaded, store: JournalStore | None, *,
             resume: Fold[S] | None = None, progress: Progress | None = None) -> Campaign[S]:
        """Build the campaign from a loaded journal; a bad history is a JournalError. Opened
        for writing, a torn tail is then set aside (see `Campaign.torn`). `resume` is the
        fold after the journal's first events, as `fold_state` gave it for those very events
        (the cache's); `progress` is told how the fold goes."""
        path = store.path if store else Path(".")
        if loaded.header.game != rules.game_id:
            raise JournalError(path, f"this journal is for {loaded.header.game!r}, "
                               f"not {rules.game_id!r}", 1)
        try:
            campaign = cls(rules, loaded.header, loaded.events, store=store, torn=loaded.torn,
                           resume=resume, progress=progress)
        except HistoryError as error:
            line = loaded.lines[error.seq - 1] if error.seq <= len(loaded.lines) else None
            raise JournalError(path, str(error), line) from None
        except ReplayError as error:
            # an event the game cannot apply (a damaged value): the campaign is shown as it
            # was before that event's step, read only, and says why
            bad = loaded.events[error.seq - 1]
            keep = bad.step - 1
            line = loaded.lines[error.seq - 1] if error.seq <= len(loaded.lines) else None
            campaign = cls(rules, loaded.header, loaded.events[:keep], store=store,
                           torn=loaded.torn, progress=progress)
            steps, session = campaign._to_set_aside(loaded.events, bad.step)
            campaign.damaged = Damaged(error.seq, line, str(error), len(loaded.events) - keep,
                                       steps, session, tuple(loaded.events[keep:]))
            campaign._lines = loaded.lines[:keep]
            return campaign
        campaign._lines = loaded.lines
        # only a sound campaign's file is touched: its torn tail goes to a side file now
        if store is not None and store.writable:
            campaign.torn = store.settle() or campaign.torn
        return campaign

    def _to_set_aside(self, events: Sequence[Event], step: int) -> tuple[tuple[int, ...], int]:
        """The steps of `events` (the whole journal; this campaign holds those before
        `step`) an undo takes back to go on without step `step`, the damaged one: it and
        every step standing after it, newest first; and the session that undo leaves the
        campaign in. No steps where the journal's undos and redos after it do not fit."""
        try:
            history = replay_history(events)
        except HistoryError:
            return (), self.session
        steps = history.steps_back_to(step - 1)
        if step not in steps:  # taken back already, yet it stops the fold: nothing to do
            return (), self.session
        starts = [e.session for e in history.events_of(steps) if e.kind == SESSION_START]
        return tuple(steps), (min(starts) - 1 if starts else self.session)

    def why_not_set_aside(self) -> str | None:
        """Why the damaged step cannot be set aside now (None: it can)."""
        damaged = self.damaged
        if damaged is None:
            return "every event of this journal can be applied; there is nothing to set aside"
        if not damaged.steps:
            return ("the undos and redos written after the damaged event do not fit the "
                    "journal's history: put the journal right by hand")
        if self.store is None or not self.store.writable:
            if self.locked_by is not None:
                return f"the campaign is open for writing in another program: {self.locked_by}"
            return self.not_writable or "the journal is open read only"
        if self.header.format != upcast.FORMAT:
            return (f"the campaign was saved in journal format {self.header.format}; upgrade "
                    f"it to format {upcast.FORMAT} first")
        return None

    def set_aside_words(self) -> str:
        """What setting the damaged step aside takes back: the damaged step first (the one
        the Dealer is asked about, which a long list would leave among "and N more"), then
        the steps after it, named as an undo's line names its steps ("" when nothing is
        damaged)."""
        damaged = self.damaged
        if damaged is None:
            return ""
        steps: dict[int, list[Event]] = {}
        for event in damaged.left:
            steps.setdefault(event.step, []).append(event)
        kind = next((event.kind for event in damaged.left if event.seq == damaged.seq), "")
        # the game cannot tell the damaged event, and the banner says what is wrong with it
        words = f"event {damaged.seq} ({kind_name(kind)}), which cannot be applied"
        *after, own = [steps[step] for step in damaged.steps if step in steps] or [[]]
        rest = [event for event in own if event.seq != damaged.seq]
        if rest:
            words += (f", with its step "
                      f"({self.describe_some(self._headlines(rest), named=1).rstrip('.')})")
        later = [event for step in after for event in self._headlines(step)]
        return f"{words}. After it: {self.describe_some(later)}" if later else f"{words}."

    def describe_left_out(self, event: Event) -> str:
        """The words of an event the fold left out (one of `damaged.left`), for a log that
        lists them: the damaged one says what is wrong with it, the rest what they say when
        they can be told (what an undo or redo among them takes back is not known here)."""
        damaged = self.damaged
        assert damaged is not None
        if event.seq == damaged.seq:
            problem = damaged.problem.split(" cannot be applied: ", 1)[-1]
            where = f", line {damaged.line}" if damaged.line else ""
            return f"Cannot be applied ({problem}{where}): {kind_name(event.kind)}"
        if event.kind in (UNDO, REDO):
            words = "An undo" if event.kind == UNDO else "A redo"
        else:
            try:
                words = self.describe(event)
            except Exception:  # a value the game's words cannot read: its kind is told
                words = kind_name(event.kind)
        return f"Left out: {words}"

    def set_aside(self) -> Event:
        """Go on without the damaged step (see `Damaged`): an undo of it and of every step
        standing after it is appended, nothing else written; opened again, the journal
        folds without them and can be written to. They stay in it, struck through, and are
        not redone (the damaged event still cannot be applied). Returns that undo."""
        why_not = self.why_not_set_aside()
        if why_not is not None:
            raise RuleError("Set aside", why_not)
        damaged = self.damaged
        assert damaged is not None and self.store is not None
        number = len(self.events) + damaged.left_out + 1
        undo = Event(number, datetime.now().astimezone(), damaged.session, UNDO,
                     {"steps": list(damaged.steps), "set_aside": damaged.seq}, number)
        return self.store.append([undo])[0]

    # -- reading the state -----------------------------------------------------------------

    @property
    def state(self) -> S:
        return self._table.game

    @property
    def session(self) -> int:
        return self._table.session

    @property
    def in_session(self) -> bool:
        return self._table.in_session

    @property
    def read_only(self) -> bool:
        return self.read_only_reason is not None

    @property
    def read_only_reason(self) -> str | None:
        """Why nothing can be saved, in words for the Dealer; None when it can."""
        if self.damaged is not None:
            return self.damaged.reason
        if self.store is None:
            return "this is a replay of the past"
        if self.locked_by is not None:
            return f"the campaign is open for writing in another program: {self.locked_by}"
        if self.not_writable is not None:
            return self.not_writable
        if not self.store.writable:
            return "the campaign was opened read only"
        if self.header.format != upcast.FORMAT:
            return (f"the campaign was saved in journal format {self.header.format}; upgrade "
                    f"it to format {upcast.FORMAT} to write to it (the old file is kept)")
        return None

    @property
    def name(self) -> str:
        return self.header.name

    def is_undone(self, event: Event) -> bool:
        return event.step in self.history.undone

    def undone_at(self, event: Event) -> int | None:
        """The seq of the undo that took `event`'s step back, where it stands undone now: a
        replay to it shows a step the journal no longer holds to (None otherwise)."""
        if event.is_history or not self.is_undone(event):
            return None
        return max((undo for undo, steps in self.history.undone_by.items()
                    if event.step in steps), default=None)

    def newly_undone(self) -> list[Event]:
        """The events the journal's newest event took back, where it is an undo (none where
        it is a step or a redo: play goes on from there): what a form may be filled with
        again, for the step to be taken again as the Dealer meant it."""
        newest = self.events[-1] if self.events else None
        return self.taken_back(newest) if newest is not None and newest.kind == UNDO else []

    def taken_back(self, undo: Event) -> list[Event]:
        """The events `undo` took back, the newest step first (none for another kind of event,
        or a damaged undo)."""
        steps = undo.data.get("steps") if undo.kind == UNDO else None
        return self.history.events_of([step for step in steps if step in self.history.steps]
                                      ) if isinstance(steps, list) else []

    def newest_step(self) -> Event | None:
        """The first event of the newest step still standing (None before any): an undo or
        a redo is no step, and a step taken back is not standing. What a tab tells as "the
        newest step", which the journal's last event is not once something is undone."""
        stack = self.history.stack
        return self.history.steps[stack[-1]][0] if stack else None

    @property
    def in_effect(self) -> int:
        """The seq of the newest event in effect, the last of the newest step standing (0
        before any): the same before a step and once that step is undone, where the
        journal's newest event is then the undo."""
        stack = self.history.stack
        return self.history.steps[stack[-1]][-1].seq if stack else 0

    @property
    def can_undo(self) -> bool:
        return bool(self.history.stack)

    @property
    def can_redo(self) -> bool:
        return bool(self.history.redoable) and self._set_aside_last() is None

    def _why_no_redo(self) -> str:
        """Why redo has nothing to put back: nothing undone, or, where steps stay undone, the
        new step taken since, which ended the redo chain (named, as the undo was)."""
        undone = self.history.undone
        cut = next((event for event in reversed(self.events) if event.kind == UNDO
                    and not undone.isdisjoint(event.data.get("steps", ()))), None)
        if cut is None:
            return "there is nothing to redo"
        since = next((event for event in self.events[cut.seq:]
                      if event.kind not in (UNDO, REDO)), None)
        taken_back = self.taken_back(cut)
        if not taken_back or since is None:
            return "there is nothing to redo"
        taken = self.describe_some(self._headlines(taken_back), named=1)
        return (f"what was undone at #{cut.seq} ({taken.rstrip('.')}) can no longer be put "
                f"back: a new step was taken since (#{since.seq}: "
                f"{self.describe(since).rstrip('.')})")

    def _set_aside_last(self) -> object | None:
        """The damaged event's seq, where the undo that redo would take back is the one
        that set its step aside (None otherwise): that undo is not redone."""
        redoable = self.history.redoable
        return self.events[redoable[-1] - 1].data.get("set_aside") if redoable else None

    def rng(self, purpose: str = "") -> random.Random:
        """A generator for the app's own cards, dice and coins, seeded by the campaign and the
        next event, so the same journal always offers the same draw. The outcome is recorded
        in the event, so replay never depends on it."""
        return random.Random(f"{self.header.seed}:{len(self.events) + 1}:{purpose}")

    # -- the fold --------------------------------------------------------------------------

    def _evolve(self, table: Table[S], event: Event) -> Table[S]:
        if event.kind == SESSION_START:
            table = replace(table, session=event.session, in_session=True)
        elif event.kind == SESSION_END:
            table = replace(table, in_session=False)
        try:
            # the journal's own kinds, asked by prefix here and not by a call for each: a
            # long campaign's first open folds a hundred thousand events
            if event.kind.startswith(_JOURNALS_OWN):
                own = self._evolve_own(table, event)
                if own is not None:
                    # the game sees them too (most leave their state as it is): one that
                    # counts the journal's lines, to check a step naming one, must not
                    # miss a clock's or a free roll's
                    game = self.rules.evolve(own.game, event)
                    return own if game is own.game else Table(game, own.session,
                                                               own.in_session, own.clocks)
            # built directly: dataclasses.replace costs more than many a game's evolve
            game = self.rules.evolve(table.game, event)
            if game is table.game:  # a note, say: the table as it was
                return table
            return Table(game, table.session, table.in_session, table.clocks)
        except PayloadError as error:  # a damaged value, named by its field
            raise ReplayError(event.seq, f"event {event.seq} ({event.kind}) cannot be applied: "
                              f"{error.field or 'its data'} {error.problem}") from error
        except Exception as error:  # a hand-edited or foreign event: say which, never crash
            # the game named no field: said in the Dealer's words first, Python's after
            raise ReplayError(
                event.seq,
                f"event {event.seq} ({event.kind}) cannot be applied: its data does not fit "
                f"the campaign as it stood then ({error_words(error)})"
            ) from error

    def _evolve_own(self, table: Table[S], event: Event) -> Table[S] | None:
        """A clock's or a free roll's event; None for a game's kind that only begins as
        they do."""
        if clocks.is_clock_event(event.kind):
            return replace(table, clocks=clocks.evolve(table.clocks, event))
        if freeroll.is_free_event(event.kind):
            freeroll.KINDS.read(event)  # a damaged one is said, as any other
            return table
        return None

    def _fold(self, table: Table[S], events: Iterable[Event]) -> Table[S]:
        for event in events:
            table = self._evolve_read(table, event)
        return table

    def _evolve_read(self, table: Table[S], event: Event) -> Table[S]:
        """`_evolve`; but while the journal is read, an event the game cannot apply whose
        step the journal takes back by its end (a damaged step set aside) leaves the state
        as it was: whatever is folded on it is taken back with it."""
        try:
            return self._evolve(table, event)
        except ReplayError:
            if not self._reading:
                raise
            if self._undone_in_the_end is None:
                try:
                    self._undone_in_the_end = replay_history(self._reading).undone
                except HistoryError:
                    self._undone_in_the_end = set()
            if event.step not in self._undone_in_the_end:
                raise
            return table

    def _take(self, event: Event, after: Table[S] | None = None) -> None:
        """Add one event (already saved) to the history and the live state; `after` is the
        state it leads to when a step that undoes and redoes nothing, when known already."""
        removed, restored = self.history.apply(event)
        self.events.append(event)
        depth = len(self.history.stack)
        if removed:
            for kept in (self._snapshots, self._recent):
                for stale in [d for d in kept if d > depth]:
                    del kept[stale]
            recent = self._recent.get(depth)
            self._table = self._rebuild(depth) if recent is None else recent
        elif restored:
            self._table = self._fold(self._table, self.history.events_of(restored))
        elif event.kind not in (UNDO, REDO):
            self._table = after if after is not None else self._evolve_read(self._table, event)
        if depth % SNAPSHOT_EVERY == 0 and not removed:
            self._snapshots[depth] = self._table
        self._recent[depth] = self._table
        # usually the oldest is the state one window down; after an undo, look for it
        if (len(self._recent) > RECENT_STATES
                and self._recent.pop(depth - RECENT_STATES, None) is None):
            del self._recent[min(self._recent)]

    def _rebuild(self, depth: int) -> Table[S]:
        """The state after the first `depth` effective steps, from the nearest snapshot."""
        base = max(self._snapshots)
        steps = self.history.stack[base:depth]
        return self._fold(self._snapshots[base], self.history.events_of(steps))

    # -- writing ---------------------------------------------------------------------------

    def _append(self, new_events: Sequence[NewEvent], at: datetime | None = None,
                session: int | None = None) -> list[Event]:
        """Save one step and take it in. RuleError (a game bug) or JournalWriteError (the
        disk) change nothing: not the file, not the events, not the state."""
        reason = self.read_only_reason
        if reason is not None:
            raise RuleError("Read only", f"{reason}; nothing was saved")
        if not new_events:
            return []
        # A game bug must not reach the disk: the events must save, read back and fold, and
        # the live state is built from them as read back, so it is what a replay will see.
        events = self._encoded(new_events, at, session)  # the store is given these
        tables: list[Table[S]] = []  # the state after each event, taken in once saved
        try:
            table = self._table
            for event in events:
                if event.kind not in (UNDO, REDO):
                    table = self._evolve(table, event)
                tables.append(table)
        except ReplayError as error:
            raise RuleError("Rules", f"{error}; nothing was saved") from error
        assert self.store is not None
        saved = self.store.append(events)
        for event, after in zip(saved, tables, strict=True):
            self._take(event, after)
        return saved

    def _encoded(self, new_events: Sequence[NewEvent], at: datetime | None = None,
                 session: int | None = None) -> list[Event]:
        """`new_events` as the journal's next events, encoded and read back as the store
        will hold them, stamped with `session` (by default the session now); RuleError if
        the journal cannot hold one (a number past 64 bits)."""
        at = at or now_to_the_second()
        first = len(self.events) + 1
        session = self.session if session is None else session
        events: list[Event] = []
        for offset, new in enumerate(new_events):
            if new.kind == SESSION_START:
                session = self.session + 1
            events.append(Event(first + offset, at, session, new.kind, dict(new.data), first))
        try:
            return encode_events(events)[1]
        except ValueError as error:
            huge = next((found for event in events if (found := too_large(event.data))), None)
            if huge is not None:  # a number typed where the game set no bound
                where, number = huge
                raise RuleError("Journal", f"{where} would be {number:,}, past the largest "
                                f"number a journal holds ({LARGEST_INT:,}): nothing was saved",
                                field=where.rpartition(".")[2].partition("[")[0]
                                ) from error
            raise RuleError("Rules", f"{error}; nothing was saved") from error

    def execute(self, command: Any) -> list[Event]:
        """Decide a command (the game's, one of the Dealer's clocks', a free roll) and save
        what it causes. RuleError changes nothing."""
        return self._append(self._decided(command))

    def decide(self, command: Any) -> list[NewEvent]:
        """The events `command` would cause now, saving nothing (RuleError naming the rule
        it breaks, or saying that the journal could not hold them): a form asks this before
        it closes, so a refusal keeps what was typed."""
        decided = self._decided(command)
        self._encoded(decided)
        return decided

    def _decided(self, command: Any) -> list[NewEvent]:
        if isinstance(command, ClockCommand):
            return clocks.decide(self.clocks, command)
        if isinstance(command, FreeCommand):
            return freeroll.decide(command, self.rng("a free roll or draw"))
        return self.rules.decide(self.state, command)

    def notes_about(self, *names: str) -> list[Event]:
        """The notes (not undone) that name one of `names` (a character's, and any name
        he went by before a rename) among those they are about, as corrected, oldest first,
        each once: what a character's sheet lists (`notes.NoteIndex`: a sheet asks at every
        redraw, and going over every event of a long campaign each time took 25 ms at
        100,000)."""
        return self._notes.about(self.events, names, self.history.undone)

    def note_now(self, note: Event, before: int | None = None) -> Event:
        """`note` as its newest correction still standing has it (itself if none); as it
        stood just before event `before`, when given."""
        return self._notes.now(self.events, note, self.history.undone, before)

    def note_correction(self, note: Event) -> Event | None:
        """The newest correction of `note` still standing, if any."""
        return self._notes.correction(self.events, note, self.history.undone)

    def corrected_note(self, correction: Event) -> Event | None:
        """The note a correction puts right (None for a damaged correction: of no note, or
        of one written after it)."""
        note = self._note_at(correction.data.get("note"))
        return note if note is not None and note.seq < correction.seq else None

    def _note_at(self, seq: object) -> Event | None:
        """The note numbered `seq` (None where no note is)."""
        if not isinstance(seq, int) or not 1 <= seq <= len(self.events):
            return None
        note = self.events[seq - 1]
        return note if note.kind == NOTE else None

    @property
    def clocks(self) -> tuple[Clock, ...]:
        """The Dealer's own clocks, as they stand now."""
        return self._table.clocks

    def note(self, text: str, about: Sequence[str] = (), *, public: bool = False
             ) -> list[Event]:
        """A note into the journal: the Dealer's own, or for the table (`public`: the
        recap tells it). Old notes, which say neither, are the Dealer's."""
        return self._append([NewEvent(NOTE, _note_data(text, about, public))])

    def correct_note(self, seq: int, text: str, about: Sequence[str] = (), *,
                     public: bool = False) -> list[Event]:
        """Put note #`seq` right: its text, who it is about, whether the table heard it.
        The note itself stays in the log as written; every reader takes the correction."""
        note = self._standing_note(seq)
        data = _note_data(text, about, public)
        now = self.note_now(note).data
        if (data["text"], data["about"], data.get("public") is True, False) == (
                now.get("text"), names_of(now.get("about")), now.get("public") is True,
                now.get("struck") is True):
            raise RuleError("Note", f"note #{seq} already reads so: change its text, names "
                                    "or audience", field="text")
        return self._append([NewEvent(NOTE_CORRECTED, {"note": seq, **data})])

    def strike_note(self, seq: int) -> list[Event]:
        """Strike note #`seq` out: no sheet lists it, and the recap tells the table only
        that it is struck out, where the table heard it. A correction of its own, keeping
        the note as it stood (so the log can say what was struck out); the note stays in the
        log as written, and correcting it puts it back."""
        now = self.note_now(self._standing_note(seq)).data
        if now.get("struck") is True:
            raise RuleError("Note", f"note #{seq} is already struck out: correcting it puts "
                                    "it back", field="note")
        kept = {key: now[key] for key in ("text", "about", "public") if key in now}
        return self._append([NewEvent(NOTE_CORRECTED, {"note": seq, **kept, "struck": True})])

    def _standing_note(self, seq: int) -> Event:
        """Note #`seq`, refused where no note is or the note is undone."""
        note = self._note_at(seq)
        if note is None:
            raise RuleError("Note", f"event #{seq} is not a note", field="note")
        if self.is_undone(note):
            raise RuleError("Note", f"note #{seq} is undone: redo it first, or write a new "
                                    "note", field="note")
        return note

    def start_session(self) -> list[Event]:
        if self.in_session:
            raise RuleError("Sessions", f"session {self.session} is still running; end it first")
        return self._append([NewEvent(SESSION_START, {})])

    @property
    def under_way(self) -> str | None:
        """What is half-way now (a conflict, a round), in the game's words; None when
        nothing is, or the game cannot tell."""
        telling = getattr(self.rules, "under_way", None)
        return telling(self.state) if callable(telling) else None

    def end_session(self, *, under_way: str = "") -> list[Event]:
        """End the running session. With something under way, say what becomes of it:
        "carry" (it goes on next session, noted in the journal) or "abandon" (the game
        leaves it off, with its own events); RuleError when it is not said."""
        if not self.in_session:
            raise RuleError("Sessions", "no session is running")
        doing = self.under_way
        left: list[NewEvent] = []
        if doing is not None:
            if under_way == "carry":
                left = [NewEvent(NOTE, {"text": f"Carried into the next session: {doing}.",
                                        "about": []})]
            elif under_way == "abandon":
                left = list(self.rules.abandon(self.state))  # type: ignore[attr-defined]
            else:
                raise RuleError("Sessions", f"{doing} is under way: finish it first, carry "
                                "it into the next session, or leave it off")
        # the game may close the session with its own events (recovery, carry-over, ...)
        state = self.state
        if left:
            state = self._fold(self._table, self._unsaved(left)).game
        closing = self.rules.session_ending(state)
        return self._append([*left, *closing, NewEvent(SESSION_END, {})])

    def session_ending_told(self) -> str:
        """What the game does as the running session ends (recovery and the like), told as
        the log will tell it; "" where it does nothing."""
        ending = self._unsaved(self.rules.session_ending(self.state))
        return self.describe_some(ending, named=len(ending))

    def _unsaved(self, news: Sequence[NewEvent]) -> list[Event]:
        """Events not saved (numbered 0), to fold or tell ahead of the journal."""
        at = datetime.now().astimezone()
        return [Event(0, at, self.session, e.kind, e.data, 0) for e in news]

    def undo(self, count: int = 1) -> list[Event]:
        """Take back the newest `count` steps as one undo; returns the events taken back."""
        if not self.can_undo:
            raise RuleError("Undo", "there is nothing to undo")
        if count < 1:
            raise RuleError("Undo", f"cannot undo {count} steps; undo takes back one or more",
                            field="count")
        steps = self.history.undo_candidates(count)
        return self._take_back(steps)

    def undo_to(self, seq: int) -> list[Event]:
        """Return to the state right after event `seq`, as one undo."""
        return self._take_back(self._steps_back_to(seq))

    def _take_back(self, steps: list[int]) -> list[Event]:
        taken = self.history.events_of(steps)
        self._append([NewEvent(UNDO, {"steps": steps})],
                     session=self._session_after(taken, taken_back=True))
        return taken

    def _session_after(self, events: Sequence[Event], *, taken_back: bool) -> int:
        """The session an undo or a redo of `events` leaves the campaign in, which it is
        stamped with, as a session's start is: the log tells it under the heading of the
        session it leads into (a start taken back, the session before; put back, its own)."""
        starts = [e.session for e in events if e.kind == SESSION_START]
        if not starts:
            return self.session
        return min(starts) - 1 if taken_back else max(starts)

    def standing_before(self, step: int) -> int:
        """The newest event still in effect before step `step` (0: there is none): undoing
        back to it takes back that step and every one after it. The event just before the
        step may be an undo or a redo, or belong to a step undone since; neither can be
        undone to."""
        earlier = [s for s in self.history.stack if s < step]
        return self.history.steps[earlier[-1]][-1].seq if earlier else 0

    def preview_undo_to(self, seq: int) -> S:
        """The game state an `undo_to(seq)` would return to, without saving anything."""
        steps = self._steps_back_to(seq)
        return self._rebuild_preview(len(self.history.stack) - len(steps))

    def _steps_back_to(self, seq: int) -> list[int]:
        if not 1 <= seq <= len(self.events):
            raise RuleError("Undo", f"there is no event {seq}")
        event = self.events[seq - 1]
        if event.kind in (UNDO, REDO):
            raise RuleError("Undo", "pick an event of the game, not an undo or redo")
        if self.is_undone(event):
            raise RuleError("Undo", f"event {seq} is already undone (struck through): redo "
                            "puts back the step last undone")
        steps = self.history.steps_back_to(seq)
        if not steps:
            newest = self.history.stack[-1]
            last = self.history.steps[newest][-1].seq
            if last == seq:
                raise RuleError("Undo", f"event {seq} is already the newest step: undo "
                                "takes it back")
            # one event of many that one step saved: "already the newest" read as untrue
            raise RuleError("Undo", f"event {seq} is part of the newest step (#{newest} to "
                            f"#{last}), which is taken back whole: undo takes it back")
        return steps

    def _rebuild_preview(self, depth: int) -> S:
        return self._table_at(depth).game

    def _table_at(self, depth: int) -> Table[S]:
        """The fold of the first `depth` steps of the stack as it is, from the deepest
        state kept at or below it."""
        kept = {**self._snapshots, **self._recent}
        base = max(d for d in kept if d <= depth)
        return self._fold(kept[base], self.history.events_of(self.history.stack[base:depth]))

    def after_undo_to(self, seq: int) -> Campaign[S]:
        """The campaign as `undo_to(seq)` would leave it, with that undo at the end of its
        journal, read only and nothing saved: a preview (RuleError as `undo_to`). Its state
        is folded from the deepest state kept, not from event 1."""
        steps = self._steps_back_to(seq)
        number = len(self.events) + 1
        undo = Event(number, datetime.now().astimezone(), self.session, UNDO,
                     {"steps": steps}, number)
        history = self.history
        history = History(list(history.stack), dict(history.steps), list(history.redoable),
                          dict(history.undone_by), set(history.undone), history.open_step,
                          list(history.marks))
        history.apply(undo)
        depth = len(history.stack)
        table = self._table_at(depth)
        after: Campaign[S] = Campaign(self.rules, self.header, path=self.path)
        after.events = [*self.events, undo]
        after.history = history
        after._snapshots = {d: t for d, t in self._snapshots.items() if d <= depth}
        after._recent = {depth: table}
        after._table = table
        return after

    def redo(self) -> list[Event]:
        aside = self._set_aside_last()
        if aside is not None:
            raise RuleError("Redo", f"the steps set aside as event {aside} cannot be applied "
                            "stay aside: put the journal right by hand to bring them back")
        if not self.can_redo:
            raise RuleError("Redo", self._why_no_redo())
        target = self.history.redoable[-1]
        put_back = self.history.events_of(list(reversed(self.history.undone_by[target])))
        try:  # a damaged step undone stays undone: put back, it would stop the fold again
            self._fold(self._table, put_back)
        except ReplayError as error:
            raise RuleError("Redo", f"{error}: the steps it stands in stay undone (put the "
                            "journal right by hand to bring them back)") from None
        self._append([NewEvent(REDO, {"undo": target})],
                     session=self._session_after(put_back, taken_back=False))
        return put_back

    # -- replay ----------------------------------------------------------------------------

    def step_cut(self, upto: int) -> tuple[int, int] | None:
        """The first and last events of the step that event `upto` is part way through
        (the step goes on after it), or None where a replay after `upto` shows whole steps:
        a replay to a line inside a night's resolution shows it half done."""
        events = self.events
        # the next event is not the first of its step (steps are written whole, in a row)
        if not 0 <= upto < len(events) or events[upto].step == events[upto].seq:
            return None
        step, last = events[upto].step, upto + 1
        while last < len(events) and events[last].step == step:
            last += 1
        return step, last

    def replay(self, upto: int) -> Campaign[S]:
        """The campaign as it was right after event `upto`: a read-only copy."""
        return self.prepare_replay(upto)()

    def prepare_replay(self, upto: int) -> Callable[[], Campaign[S]]:
        """`replay(upto)` in two halves: this checks `upto` (RuleError) and takes what the
        replay needs, at once; the function it returns makes the replay, and may be called
        in another thread while this campaign goes on (the app folds a replay in a worker).

        The replay starts from the deepest state kept (a snapshot, or one of the newest
        states) that the past shares, not from event 1: a step, whenever it is in the
        stack of effective steps, stands on the very steps it was first put on (undo takes
        steps off the top, redo puts them back only where they were), so the stack then and
        the stack now agree up to their last common step, and so do the states of it."""
        if not 0 <= upto <= len(self.events):
            damaged = self.damaged
            if damaged is None:
                raise RuleError("Replay", f"there is no event {upto}; "
                                f"the journal has {len(self.events)}")
            whole = len(self.events) + damaged.left_out
            shown = (f"event {damaged.seq} cannot be applied: the journal can be shown up to "
                     f"event {len(self.events)}")
            raise RuleError("Replay", f"event {upto} is left out, as {shown}"
                            if 0 < upto <= whole else
                            f"there is no event {upto}; the journal has {whole}, and {shown}")
        events = self.events[:upto]
        # each the state after the first `depth` steps of the stack as it is now
        kept = {**self._snapshots, **self._recent}
        # copies of what the campaign changes in place and the fold goes over
        now = replace(self.history, stack=list(self.history.stack),
                      steps=dict(self.history.steps))
        # the event after `upto` goes on with the newest step: the past has only its start
        cut = self.step_cut(upto) is not None

        def past() -> Campaign[S]:  # not a partial: its repr would spell every event out
            return self._past(events, now, kept, cut)

        return past

    def _past(self, events: list[Event], now: History, kept: dict[int, Table[S]],
              cut: bool) -> Campaign[S]:
        # a few large new containers, each walked again by every young collection it meets
        # (a dict of every step, while the undos are gone over: three times the time)
        with no_collection():
            history = now.until(events, len(events))
            then, stack = history.stack, now.stack
            whole = len(then) - 1 if cut else len(then)
            base = max(depth for depth in kept if depth <= whole and (
                depth == 0 or (depth <= len(stack) and then[depth - 1] == stack[depth - 1])))
            try:
                table = self._fold(kept[base], history.events_of(then[base:]))
            except ReplayError as error:  # a damaged step, set aside since
                raise RuleError("Replay", f"{error}: the campaign cannot be shown as it was "
                                "while that step stood") from None
        past: Campaign[S] = Campaign(self.rules, self.header, path=self.path)
        past.events = events
        past.history = history
        past._snapshots = {0: kept[0], base: kept[base]}
        past._recent = {len(then): table}
        past._table = table
        return past

    def last_seq_of_session(self, session: int) -> int:
        """The event after which session `session` ended, as the history stands now: its
        `session.end` (one undone does not count), or the newest event while it runs.
        Session 0 is the time before the first session."""
        def effective(kind: str) -> list[int]:
            return [e.seq for e in self.events
                    if e.kind == kind and e.session == session and not self.is_undone(e)]

        if session == 0:
            starts = [e.seq for e in self.events
                      if e.kind == SESSION_START and e.session == 1 and not self.is_undone(e)]
            return starts[0] - 1 if starts else len(self.events)
        ended = effective(SESSION_END)
        if ended:
            return ended[-1]
        if effective(SESSION_START):
            return len(self.events)
        raise RuleError("Replay", f"there is no session {session}")

    def aftermath_of(self, session: int) -> tuple[int, int]:
        """The seqs (first, last) of what was done once session `session` had ended, until
        the next began (or until now): steps kept between sessions carry the number of the
        session before them. Empty (first > last) while the session runs."""
        end = self.last_seq_of_session(session)
        until = next((e.seq - 1 for e in self.events[end:] if e.kind == SESSION_START
                      and not self.is_undone(e)), len(self.events))
        return end + 1, until

    def told_of(self, session: int, first: int, last: int) -> list[Event]:
        """The steps of session `session` among events `first` to `last` that a recap tells:
        no undo or redo, and none undone since."""
        return [e for e in self.events[first - 1:last]
                if e.session == session and not e.is_history and not self.is_undone(e)]

    # -- reading the log -------------------------------------------------------------------

    def describe(self, event: Event, *, undone: bool | None = None) -> str:
        """The event's line. A game may word an event otherwise while it is undone (cards
        gone back into a hand): `undone` tells it as undone or not, None as it stands now.
        An undo's line names its steps as undone, a redo's as done, whatever came after."""
        if event.kind == SESSION_START:
            return f"Session {event.session} begins."
        if event.kind == SESSION_END:
            return f"Session {event.session} ends."
        if event.kind == NOTE:
            whose = "Note for the table" if event.data.get("public") is True else "Note"
            return f"{whose}: {event.data.get('text', '')}"
        if event.kind == NOTE_CORRECTED:
            whose = ", for the table" if event.data.get("public") is True else ""
            done = "struck out" if event.data.get("struck") is True else f"corrected{whose}"
            return f"Note #{event.data.get('note', '?')} {done}: {event.data.get('text', '')}"
        if clocks.is_clock_event(event.kind):
            return clocks.describe(event)
        if freeroll.is_free_event(event.kind):
            return freeroll.describe(event)
        if event.kind in (UNDO, REDO):
            steps = (event.data.get("steps", []) if event.kind == UNDO
                     else self.history.undone_by.get(event.data.get("undo", -1), []))
            verb = "Undid" if event.kind == UNDO else "Redid"
            if event.kind == UNDO and "set_aside" in event.data:
                verb = (f"Set aside, as event {event.data['set_aside']} cannot be applied; "
                        "undid")
            named = [event for s in steps if self.history.steps.get(s)
                     for event in self._headlines(self.history.steps[s])]
            return f"{verb}: {self.describe_some(named, undone=event.kind == UNDO)}"
        if self._told_undone is not None and (self.is_undone(event) if undone is None
                                              else undone):
            words = self._told_undone(event)
            if words is not None:
                return words
        return self.rules.describe(event)

    def retold(self, events: Sequence[Event]) -> list[int]:
        """The seqs of the events whose lines the undos and redos among `events` change
        (those a game words otherwise while undone: `describe`), for a log that keeps lines."""
        if self._told_undone is None:
            return []
        steps = [step for event in events if event.kind in (UNDO, REDO)
                 for step in self.history.undone_by.get(
                     event.seq if event.kind == UNDO else event.data.get("undo", -1), [])]
        return [event.seq for event in self.history.events_of(
            [step for step in steps if step in self.history.steps])
                if self._told_undone(event) is not None]

    def describe_some(self, events: Sequence[Event], named: int = 3, *,
                      undone: bool | None = None) -> str:
        """The first `named` events as sentences in a line, and how many more: "Ann adds 5.
        Ann adds 4. (and 2 more)". Events whose line says what their whole step did
        ("Night 3 is resolved") come first, so a long step is named by what it was."""
        heads_step = getattr(self.rules, "heads_step", None)
        if heads_step is not None:
            events = sorted(events, key=lambda event: not heads_step(event))
        words = sentences([self.describe(event, undone=undone) for event in events[:named]])
        more = f" (and {len(events) - named} more)" if len(events) > named else ""
        return f"{words}{more}"

    def _headlines(self, step: Sequence[Event]) -> list[Event]:
        """The events that name their step: those whose lines say what the step did, or
        its first."""
        return [event for event in step if self._heads_step(event)] or [step[0]]

    def _heads_step(self, event: Event) -> bool:
        """Whether `event`'s line says what its whole step did, in the log's line of an undo:
        a session's end (the step that ends it may first note what goes on next time), or
        what the game says."""
        heads_step = getattr(self.rules, "heads_step", None)
        return event.kind == SESSION_END or (heads_step is not None and heads_step(event))

    def subjects(self, event: Event) -> frozenset[str]:
        if event.kind == NOTE:  # under the names its corrections give it too
            return frozenset(str(name) for name in self._notes.names_ever(self.events, event))
        if event.kind == NOTE_CORRECTED:
            # the names it no longer is about too: a search for the one named by mistake
            # finds the correction beside the note
            note = self.corrected_note(event)
            return frozenset(str(name) for name in [
                *names_of(event.data.get("about")),
                *(names_of(note.data.get("about")) if note is not None else [])])
        if event.kind in (SESSION_START, SESSION_END, UNDO, REDO) or clocks.is_clock_event(
                event.kind) or freeroll.is_free_event(event.kind):
            return frozenset()
        return self.rules.subjects(event)

    def problems(self) -> list[str]:
        try:
            problems = list(self.rules.problems(self.state))
        except Exception as error:  # a damaged state must not take `check` down
            problems = [f"the state could not be checked: {type(error).__name__}: {error}"]
        # a correction of no note (a hand-edited journal) is passed over by every reader
        problems += [f"event {fix.seq} ({NOTE_CORRECTED}) corrects event "
                     f"{fix.data.get('note')}, which is not a note written before it: no "
                     "sheet, log or recap takes it" for fix in self.events
                     if fix.kind == NOTE_CORRECTED and self.corrected_note(fix) is None]
        problems += self._unseen_names()
        if self.damaged is not None:
            problems.insert(0, self.damaged.reason)
        if self.torn is not None:
            torn = self.torn
            where = f"moved to {torn.set_aside}" if torn.set_aside else "left at the end"
            problems.insert(0, f"line {torn.line}: the end of the journal is torn "
                               f"({torn.size} bytes, {where}): {torn.problem}")
        return problems

    def _unseen_names(self) -> list[str]:
        """Each name holding a character that takes no room on the screen (a zero-width
        space: a journal another program wrote, as the forms refuse one), told once, at the
        first event naming it: it reads as another name ("Calamity") and is not that one.
        The events are looked into only where the journal's bytes hold such a character."""
        if self.store is not None:
            try:
                if not holds_unseen(self.store.path.read_bytes()):
                    return []
            except OSError:
                return []
        found: list[str] = []
        told: set[str] = set()
        for event in self.events:
            for name in sorted(self.subjects(event) - told):
                hidden = unseen_in(name)
                if not hidden:
                    continue
                told.add(name)
                at = next(n for n, letter in enumerate(name) if unseen_in(letter))
                where = (f"after {quoted(visible(name[:at], lines=False))}" if at
                         else "at its start")
                found.append(f"event {event.seq} ({event.kind}): the name "
                             f"{quoted(visible(name, lines=False))} holds a character that is "
                             f"not shown ({', '.join(hidden)}, {where}): it reads as another "
                             "name and is not that one")
        return found

    def fold_state(self) -> Fold[S]:
        """The fold after every event so far, to resume from (see `load`). Of the snapshots
        of the state, those of the newest steps are all kept, older ones more sparsely: an
        undo that far back is rare, and it refolds a few hundred steps more."""
        depth, sparse = len(self.history.stack), SNAPSHOT_EVERY * 8
        snapshots = {d: table for d, table in self._snapshots.items()
                     if d % sparse == 0 or d > depth - sparse}
        return Fold(len(self.events), self.history.shape(), snapshots, dict(self._recent),
                    self._table)

    def close(self) -> None:
        """Close the journal; first keep what was read and appended in the cache, when
        there is enough that it does not hold yet."""
        if self.store is not None:
            self._save_cache()
            self.store.close()
        if self._kept_out_of_gc:
            # gc.freeze is for the whole program: give the collector back everything, so that
            # cycles among what this campaign held (and what else was frozen) can be freed
            gc.unfreeze()
            self._kept_out_of_gc = False

    def _save_cache(self) -> None:
        store, cache = self.store, self.cache
        if store is None or cache is None or len(self.events) < MIN_EVENTS:
            return
        sound = store.sound()
        lines = [*self._lines, *store.appended_lines]
        if sound is None or len(lines) != len(self.events) or len(self.events) == self._cached:
            return
        cache.save(store.path, sound[0], sound[1], self.header, self.events, lines,
                   self.rules, self.fold_state())
        self._cached = len(self.events)


def open_campaign(
    path: Path,
    rules_for: Callable[[str], Rules[Any]],
    *,
    writable: bool = True,
    progress: Progress | None = None,
    cache: JournalCache | bool = True,
) -> Campaign[Any]:
    """Open a journal file, find its game, and fold it. Locked by another: read only.

    What an earlier opening read and folded comes from `cache` (True: the user cache
    folder; False: none), so only the events appended since are read. `progress` is told
    how a long first read goes: ("reading", bytes read, bytes) then ("replaying", events
    folded, events); it is called in the thread that opens the campaign."""
    journals = JournalCache() if cache is True else cache or None
    locked_by: str | None = None
    not_writable: str | None = None
    try:
        store = JournalStore.open(path, writable=writable)
    except JournalLocked as locked:
        locked_by = locked.holder
        store = JournalStore.open(path, writable=False)
    except JournalNotWritable as refused:
        not_writable = f"the journal {refused.problem}"
        store = JournalStore.open(path, writable=False)
    try:
        # A large journal is hundreds of thousands of new objects that all stay: the collector
        # would walk them again and again, finding nothing, and triple the time it takes.
        with no_collection() as building:
            raw = store.read_bytes()
            entry = journals.find(path, raw) if journals is not None else None
            loaded = store.load(raw, known=entry.known if entry else None, progress=progress)
            del raw  # the events hold what matters; a large journal's bytes need not stay
            rules = rules_for(loaded.header.game)
            resume: Fold[Any] | None = None
            if entry is not None and _same_prefix(loaded.events, entry.known.events):
                fold = entry.fold_for(rules)
                resume = fold if isinstance(fold, Fold) else None
            campaign = Campaign.load(rules, loaded, store, resume=resume, progress=progress)
            building.keep = len(campaign.events) >= KEEP_OUT_OF_GC
    except BaseException:
        store.close()
        raise
    campaign.cache = journals
    campaign._kept_out_of_gc = building.keep
    if entry is not None and resume is not None:
        campaign._cached = len(entry.known.events)
    campaign.locked_by = locked_by
    campaign.not_writable = not_writable
    return campaign


#: the local time zones met, by offset and name (see now_to_the_second)
_zones: dict[tuple[int, str], timezone] = {}


def now_to_the_second() -> datetime:
    """The time now, to the second, with the local offset and its name: what
    `datetime.now().astimezone().replace(microsecond=0)` gives, at a fifth of its cost (an
    append stamps its events with it), the offset read for the very second stamped."""
    seconds = time.time()
    local = time.localtime(seconds)
    zone = _zones.get((local.tm_gmtoff, local.tm_zone))
    if zone is None:
        zone = _zones[local.tm_gmtoff, local.tm_zone] = timezone(
            timedelta(seconds=local.tm_gmtoff), local.tm_zone)
    return datetime.fromtimestamp(int(seconds), zone)


def _note_data(text: str, about: Sequence[str], public: bool) -> dict[str, Any]:
    """A note's data, refused without text or with a control character in it."""
    text = text.strip()
    if not text:
        raise RuleError("Note", "a note needs some text", field="text")
    typed = controls_in(text, lines=True) or [
        c for name in about if isinstance(name, str) for c in controls_in(name)]
    if typed:
        raise RuleError("Note", f"holds a control character ({typed[0]}); write it without",
                        field="text")
    data: dict[str, Any] = {"text": text, "about": list(about)}
    if public:
        data["public"] = True
    return data


def _same_prefix(events: Sequence[Event], known: Sequence[Event]) -> bool:
    """Whether `events` begin with the very events of `known` (parse_journal reuses them when
    it could skip what they came from)."""
    return 0 < len(known) <= len(events) and events[len(known) - 1] is known[-1]
