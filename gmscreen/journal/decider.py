"""The one shape of a game's rules: a decider built from small registered functions.

A game makes one `Decider` in its `rules.py` and registers on it, each beside the module of
its chapter:

- `@rules.decides(Command)`: `(state, command) -> payloads` checks a command against the
  rules (raising RuleError naming the rule) and returns the payloads of what happened;
- `@rules.evolves(Payload)`: `(state, payload) -> state`, one small pure function per kind;
- `@rules.tells(Payload)`: `(payload) -> str`, the kind's line of story for the log (log.py);
- `@rules.on(SESSION_START)` (or another journal kind): `(state, event) -> state`.

The Decider is then the `Rules` the journal folds: `decide` returns NewEvents made from the
payloads, `evolve` reads each event through its kind's payload (a damaged value is a
PayloadError naming the field, which the campaign reports as an event it cannot apply),
`describe` and `subjects` never raise: a payload that does not fit is described as damaged.
The names an event concerns are its fields marked `Annotated[str, NAME]` (or a tuple of
them), in the payload's nested tables too; `not_names` are words that stand in such a field
without naming a character ("Dealer").
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import fields, is_dataclass
from datetime import datetime
from typing import Any, Generic, TypeVar, get_args, get_origin, get_type_hints

from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.payload import Kinds, PayloadError
from gmscreen.journal.rules import RuleError

S = TypeVar("S")
C = TypeVar("C")
P = TypeVar("P")


class Name:
    """Marks a payload field that names a character (`Annotated[str, NAME]`): the log's
    filter finds the event under that name."""


NAME = Name()


def _named_fields(cls: type) -> tuple[str, ...]:
    hints = get_type_hints(cls, include_extras=True)
    found = []
    for field in fields(cls):
        hint = hints[field.name]
        while True:
            if get_origin(hint) is typing.Annotated:
                inner, *extras = get_args(hint)
                if any(isinstance(extra, Name) for extra in extras):
                    found.append(field.name)
                    break
                hint = inner
            elif get_origin(hint) is dict:
                hint = get_args(hint)[0]  # a table's keys may be the names
            elif get_origin(hint) in (tuple, typing.Union, types.UnionType):
                args = [a for a in get_args(hint) if a is not Ellipsis and a is not type(None)]
                if len(args) != 1:
                    break
                hint = args[0]
            else:
                break
    return tuple(found)


class Decider(Generic[S]):
    """A game's rules, assembled from the functions registered on it (see the module)."""

    def __init__(self, *, game_id: str, title: str, panes_module: str, kinds: Kinds,
                 initial_state: Callable[[], S], not_names: frozenset[str] = frozenset(),
                 referee: str = "Dealer") -> None:
        #: the public game id, for example "dust-devils"
        self.game_id = game_id
        #: the game's name as a Dealer would say it
        self.title = title
        #: who runs the table, in the game's word; empty where the players do
        self.referee = referee
        #: the dotted path of the module with the game's Textual panes
        self.panes_module = panes_module
        self.kinds = kinds
        #: words that stand in a name's field without naming a character ("Dealer")
        self.not_names = not_names | {""}
        self._initial = initial_state
        self._deciders: dict[type, Callable[[S, Any], Iterable[object]]] = {}
        self._evolvers: dict[type, Callable[..., S]] = {}
        #: the payload types whose evolver also takes the event (its number, its session)
        self._with_event: set[type] = set()
        self._tellers: dict[type, Callable[[Any], str]] = {}
        #: how the kinds told otherwise while undone read then (see `tells`), by kind
        self._undone_tellers: dict[str, Callable[[Any], str]] = {}
        #: the kinds that say what their whole step did ("Night 3 is resolved")
        self._headlines: set[str] = set()
        self._bookkeeping: set[str] = set()
        self._journal: dict[str, Callable[[S, Event], S]] = {}
        #: how each kind met so far changes the state (see `_fold_of`)
        self._folds: dict[str, Callable[[S, Event], S]] = {}
        self._names: dict[type, tuple[str, ...]] = {}
        self._ending: Callable[[S], Iterable[object]] = lambda state: ()
        self._problems: Callable[[S], Iterable[str]] = lambda state: ()
        self._under_way: Callable[[S], str | None] = lambda state: None
        self._abandon: Callable[[S], Iterable[object]] = lambda state: ()
        self._begun: Callable[[S], str | None] = lambda state: None
        self._before_end: Callable[[S], str | None] = lambda state: None
        self._left_off: Callable[[S], str] = lambda state: "it ends with no outcome"

    @property
    def evolved(self) -> frozenset[type]:
        """The payload types an evolver is registered for."""
        return frozenset(self._evolvers)

    @property
    def told(self) -> frozenset[type]:
        """The payload types a teller is registered for."""
        return frozenset(self._tellers)

    @property
    def package(self) -> str:
        """The game's package (its evolvers live there, so a cache of folds names it)."""
        return self.panes_module.rpartition(".")[0]

    # -- registering ----------------------------------------------------------------------------

    def decides(self, command: type[C]) -> Callable[[Callable[[S, C], Iterable[object]]],
                                                    Callable[[S, C], Iterable[object]]]:
        def register(function: Callable[[S, C], Iterable[object]]
                     ) -> Callable[[S, C], Iterable[object]]:
            self._deciders[command] = function
            return function
        return register

    def evolves(self, payload: type[P]) -> Callable[[Callable[[S, P], S]], Callable[[S, P], S]]:
        def register(function: Callable[[S, P], S]) -> Callable[[S, P], S]:
            self._evolvers[payload] = function
            self._folds.clear()
            return function
        return register

    def evolves_with_event(self, payload: type[P]
                           ) -> Callable[[Callable[[S, P, Event], S]],
                                         Callable[[S, P, Event], S]]:
        """Like `evolves`, for an evolver that needs the event too (its number, say, to
        link a state to the step that made it)."""
        def register(function: Callable[[S, P, Event], S]) -> Callable[[S, P, Event], S]:
            self._evolvers[payload] = function
            self._with_event.add(payload)
            self._folds.clear()
            return function
        return register

    def tells(self, payload: type[P], *, heads_step: bool = False, in_recap: bool = True,
              undone: Callable[[P], str] | None = None
              ) -> Callable[[Callable[[P], str]], Callable[[P], str]]:
        """Register how an event is told in a line. `heads_step`: the line says what its
        whole step did, so a notice about the step (done, undone) names it first.
        `in_recap=False`: the Dealer's own bookkeeping (a message ticked off as sent), which
        the log lists but no recap, a story, tells (the Dealer's nor the table's).
        `undone`: how the line reads while the event is undone, where its own words would
        tell what the undo hid again (cards gone back into a hand the table may not see):
        its struck line, the undo's notice and line, the undo preview's list, a search."""
        def register(function: Callable[[P], str]) -> Callable[[P], str]:
            self._tellers[payload] = function
            if undone is not None:
                self._undone_tellers[self.kinds.kind_of_class(payload)] = undone
            if heads_step:
                self._headlines.add(self.kinds.kind_of_class(payload))
            if not in_recap:
                self._bookkeeping.add(self.kinds.kind_of_class(payload))
            return function
        return register

    def on(self, kind: str) -> Callable[[Callable[[S, Event], S]], Callable[[S, Event], S]]:
        """Register how a journal kind (a session starting or ending, a note) changes the
        state."""
        def register(function: Callable[[S, Event], S]) -> Callable[[S, Event], S]:
            self._journal[kind] = function
            self._folds.clear()
            return function
        return register

    def ends_session(self, function: Callable[[S], Iterable[object]]
                     ) -> Callable[[S], Iterable[object]]:
        """Register what the game adds when a session ends (payloads, or nothing)."""
        self._ending = function
        return function

    def finds_problems(self, function: Callable[[S], Iterable[str]]
                       ) -> Callable[[S], Iterable[str]]:
        """Register what `gmscreen check` reports about a replayed state."""
        self._problems = function
        return function

    def tells_under_way(self, function: Callable[[S], str | None]
                        ) -> Callable[[S], str | None]:
        """Register what is half-way now, in words ("the conflict at the bank, at the
        Draw"), or None: asked before a session ends."""
        self._under_way = function
        return function

    def tells_session_begun(self, function: Callable[[S], str | None]
                            ) -> Callable[[S], str | None]:
        """Register what the table does first as a session begins, in words ("the players
        set their Devil ratings: V"), or None: said with the notice that the session
        began."""
        self._begun = function
        return function

    def tells_before_session_ends(self, function: Callable[[S], str | None]
                                  ) -> Callable[[S], str | None]:
        """Register what the Dealer may still decide before the session's end does its
        steps, in words ("O keeps the damage, where the story gives no time to rest"), or
        None: said in the question that ends a session."""
        self._before_end = function
        return function

    def abandons(self, function: Callable[[S], Iterable[object]]
                 ) -> Callable[[S], Iterable[object]]:
        """Register the payloads that leave off what is under way (a conflict ended with
        no outcome), for a Dealer who ends the session and drops it."""
        self._abandon = function
        return function

    def tells_left_off(self, function: Callable[[S], str]) -> Callable[[S], str]:
        """Register what leaving off what is under way does, in words ("the day ends with
        no lynch"): the choice offered as a session ends (by default, "it ends with no
        outcome")."""
        self._left_off = function
        return function

    # -- the Rules the journal folds ------------------------------------------------------------

    def initial_state(self) -> S:
        return self._initial()

    def decide(self, state: S, command: Any) -> list[NewEvent]:
        decider = self._deciders.get(type(command))
        if decider is None:
            raise RuleError("Commands", f"{self.title} has no command {type(command).__name__}")
        return [p if isinstance(p, NewEvent) else self.kinds.new(p)
                for p in decider(state, command)]

    def evolve(self, state: S, event: Event) -> S:
        fold = self._folds.get(event.kind)
        if fold is None:
            fold = self._fold_of(event.kind)
        return fold(state, event)

    def _fold_of(self, kind: str) -> Callable[[S, Event], S]:
        """How an event of `kind` changes the state, worked out once a kind (a long
        campaign's first open folds a hundred thousand events): the journal kind's function,
        or its payload read and handed to its evolver."""
        journal = self._journal.get(kind)
        if journal is not None:
            fold = journal
        elif not kind.startswith(self.kinds.prefix):
            fold = _unchanged  # the journal's own kinds, and other games'
        elif not self.kinds.knows(kind):
            return self._unknown  # refused as it is read; not kept: it may be registered yet
        else:
            read = self.kinds.reader(kind)
            evolver = self._evolvers.get(self.kinds.kinds[kind])
            if evolver is None:
                fold = _read_only(read)
            elif self.kinds.kinds[kind] in self._with_event:
                fold = _with_event(read, evolver)
            else:
                fold = _with_payload(read, evolver)
        self._folds[kind] = fold
        return fold

    def _unknown(self, state: S, event: Event) -> S:
        self.kinds.read(event)  # raises PayloadError: not a kind of this game
        return state

    def after(self, state: S, payloads: Iterable[object]) -> S:
        """The state once `payloads`, not yet journaled, have happened: for a decide
        function that must see what a step leads to."""
        for payload in payloads:
            evolver = self._evolvers.get(type(payload))
            if evolver is None:
                continue
            if type(payload) in self._with_event:
                unsaved = Event(0, datetime.now().astimezone(), 0,
                                self.kinds.kind_of(payload), self.kinds.data(payload), 0)
                state = evolver(state, payload, unsaved)
            else:
                state = evolver(state, payload)
        return state

    def session_ending(self, state: S) -> list[NewEvent]:
        return [p if isinstance(p, NewEvent) else self.kinds.new(p)
                for p in self._ending(state)]

    def describe(self, event: Event) -> str:
        try:
            payload = self.kinds.read(event)
        except PayloadError as damaged:
            return f"(a damaged event: {damaged})"
        teller = self._tellers.get(type(payload))
        if teller is None:
            return event.kind.removeprefix(self.kinds.prefix).replace("_", " ").capitalize()
        try:
            return teller(payload)
        except Exception as error:  # a teller's bug must not take the log down
            return f"(an event that cannot be told: {type(error).__name__}: {error})"

    def describe_undone(self, event: Event) -> str | None:
        """The event's line while it is undone, where the game words it otherwise (`tells`'
        `undone`); None where it reads as it always does."""
        teller = self._undone_tellers.get(event.kind)
        if teller is None:
            return None
        try:
            return teller(self.kinds.read(event))
        except Exception as error:  # never the words the undo hid
            return f"(an undone event that cannot be told: {type(error).__name__})"

    def heads_step(self, event: Event) -> bool:
        """Whether the event's line says what its whole step did (see `tells`)."""
        return event.kind in self._headlines

    def in_recap(self, event: Event) -> bool:
        """Whether a recap tells the event: not the Dealer's bookkeeping (see `tells`)."""
        return event.kind not in self._bookkeeping

    def subjects(self, event: Event) -> frozenset[str]:
        """The names the event's payload marks (`NAME`), in its nested tables too."""
        try:
            payload = self.kinds.read(event)
        except PayloadError:
            return frozenset()
        return frozenset(self._names_in(payload) - self.not_names)

    def _names_in(self, payload: object) -> set[str]:
        cls = type(payload)
        named = self._names.get(cls)
        if named is None:
            named = self._names[cls] = _named_fields(cls)
        found: set[str] = set()
        for field in fields(payload):  # type: ignore[arg-type]
            value = getattr(payload, field.name)
            parts = (tuple(value) if isinstance(value, tuple | dict) else (value,))
            for part in parts:
                if field.name in named and isinstance(part, str):
                    found.add(part)
                elif is_dataclass(part) and not isinstance(part, type):
                    found |= self._names_in(part)
        return found

    def under_way(self, state: S) -> str | None:
        """What is half-way now (a conflict, a round), in words; None when nothing is."""
        return self._under_way(state)

    def session_begun(self, state: S) -> str | None:
        """What the table does first in the session just begun, in words; None for
        nothing."""
        return self._begun(state)

    def before_session_ends(self, state: S) -> str | None:
        """What the Dealer may still decide before the session ends, in words; None for
        nothing."""
        return self._before_end(state)

    def left_off(self, state: S) -> str:
        """What leaving off what is under way does, in words."""
        return self._left_off(state)

    def abandon(self, state: S) -> list[NewEvent]:
        """The events that leave off what is under way (RuleError when nothing is)."""
        if self._under_way(state) is None:
            raise RuleError("Sessions", "nothing is under way to leave off")
        return [p if isinstance(p, NewEvent) else self.kinds.new(p)
                for p in self._abandon(state)]

    def problems(self, state: S) -> list[str]:
        try:
            return list(self._problems(state))
        except Exception as error:  # a damaged state must not take `check` down
            return [f"the state could not be checked: {type(error).__name__}: {error}"]


def _unchanged(state: S, event: Event) -> S:
    return state


def _read_only(read: Callable[[Event], object]) -> Callable[[S, Event], S]:
    """A kind no evolver is registered for: its payload is read (a damaged one is said) and
    the state left as it was."""
    def fold(state: S, event: Event) -> S:
        read(event)
        return state
    return fold


def _with_payload(read: Callable[[Event], P], evolver: Callable[[S, P], S]
                  ) -> Callable[[S, Event], S]:
    def fold(state: S, event: Event) -> S:
        return evolver(state, read(event))
    return fold


def _with_event(read: Callable[[Event], P], evolver: Callable[[S, P, Event], S]
                ) -> Callable[[S, Event], S]:
    def fold(state: S, event: Event) -> S:
        return evolver(state, read(event), event)
    return fold
