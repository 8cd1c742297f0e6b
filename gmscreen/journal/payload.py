"""Typed event payloads: what each kind of event holds, read from the journal in one place.

A game declares one frozen dataclass per event kind in its `events.py`, registered with
`@kinds.payload("game.thing_happened")`. Its fields say what the event's `data` table
holds, with plain types: `str`, `int`, `float`, `bool`, an `Enum` (saved as its value), a
`Card` (saved as its code, "As", "*"), `X | None` (left out of the file when None), a
`tuple[X, ...]` (a TOML array), a `dict[str, X]` or another payload dataclass (a TOML table).
`Annotated[X, Between(1, 6)]`, `Annotated[X, NotEmpty()]`, `Annotated[X, Length(4, 4)]` and
`Annotated[str, OneOf(ids)]` add the checks a type cannot say.

`Kinds.read(event)` turns an event's data into its payload, or raises `PayloadError` naming
the event, the field and what is wrong with it: the one place a damaged value in a journal
is caught, before any game code can trip over it. `Kinds.data(payload)` is the other way,
the plain TOML values a NewEvent carries, leaving out the fields at their defaults (which
read back as those defaults). Keys the payload does not know are ignored, so a
journal written by a version that recorded more still reads; a key it needs and lacks is
refused unless the field has a default (which is how a field added later reads old events).
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

from gmscreen.core.cards import Card, card_from_code, cards_from_codes
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.rules import RuleError

T = TypeVar("T")
Reader = Callable[[Any, str], Any]
Writer = Callable[[Any], Any]

_MISSING = dataclasses.MISSING


class PayloadError(ValueError):
    """A payload that does not fit its kind: `field` names the key (dotted into tables and
    indexed into lists: "models[2].weapons"), `problem` says what is wrong."""

    def __init__(self, kind: str, field: str, problem: str, seq: int | None = None) -> None:
        where = f"event {seq} ({kind})" if seq is not None else kind
        super().__init__(f"{where}: {field or 'its data'} {problem}")
        self.kind = kind
        self.field = field
        self.problem = problem
        self.seq = seq


class _Bad(Exception):
    """A value that does not fit, raised deep in a reader: (path, problem)."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(path, problem)
        self.path = path
        self.problem = problem


# -- the checks a type cannot say -----------------------------------------------------------


@dataclass(frozen=True)
class Between:
    """A number from `least` to `most`, both included (None: no bound that side)."""

    least: float | None = None
    most: float | None = None

    def __call__(self, value: Any, path: str) -> None:
        if self.least is not None and value < self.least:
            raise _Bad(path, f"is {value}, below the least allowed, {self.least}")
        if self.most is not None and value > self.most:
            raise _Bad(path, f"is {value}, above the most allowed, {self.most}")


@dataclass(frozen=True)
class NotEmpty:
    """A text or a list that holds something."""

    def __call__(self, value: Any, path: str) -> None:
        if len(value) == 0:
            raise _Bad(path, "is empty")


@dataclass(frozen=True)
class Length:
    """A text or a list of `least` to `most` items (None: no upper bound)."""

    least: int = 0
    most: int | None = None

    def __call__(self, value: Any, path: str) -> None:
        if len(value) < self.least or (self.most is not None and len(value) > self.most):
            wanted = (f"exactly {self.least}" if self.most == self.least
                      else f"{self.least} to {self.most}" if self.most is not None
                      else f"at least {self.least}")
            raise _Bad(path, f"holds {len(value)}, not {wanted}")


@dataclass(frozen=True)
class OneOf:
    """One of a known set of ids (a weapon, a role): `known` is the collection, or a function
    that gives it (for tables loaded on first use)."""

    known: Collection[Any] | Callable[[], Collection[Any]]

    def __call__(self, value: Any, path: str) -> None:
        known = self.known() if callable(self.known) else self.known
        if value not in known:
            raise _Bad(path, f"is {value!r}, which is none of the known ones")


Check = Between | NotEmpty | OneOf | Length


# -- readers and writers, built once per type -------------------------------------------------


def _describe(expected: str, value: Any) -> str:
    return f"should be {expected}, not {type(value).__name__} {value!r}"


def _plain(kind: type, name: str) -> Reader:
    def read(value: Any, path: str) -> Any:
        # bool is an int to Python, never to a journal
        if type(value) is not kind:
            raise _Bad(path, _describe(name, value))
        return value
    return read


def _read_float(value: Any, path: str) -> float:
    if type(value) not in (int, float):
        raise _Bad(path, _describe("a number", value))
    return float(value)


def _read_card(value: Any, path: str) -> Card:
    if type(value) is not str:
        raise _Bad(path, _describe("a card's code", value))
    try:
        return card_from_code(value)
    except ValueError as error:
        said = str(error)  # "not a card: 'Zz' (...)": said once, not "is not a card: not a card"
        raise _Bad(path, f"is {said}" if said.startswith("not ") else
                   f"is not a card: {said}") from None


def _read_cards(value: Any, path: str) -> tuple[Card, ...]:
    """A list of cards: its jokers are numbered in order, as two jokers are two cards."""
    cards: tuple[Card, ...] = _tuple_reader(_read_card)(value, path)
    if not any(card.joker for card in cards):
        return cards
    return tuple(cards_from_codes(card.code for card in cards))


def _enum_reader(kind: type[enum.Enum]) -> Reader:
    members = {member.value: member for member in kind}

    def read(value: Any, path: str) -> Any:
        try:
            return members[value]
        except (KeyError, TypeError):
            choices = ", ".join(repr(v) for v in members)
            raise _Bad(path, f"is {value!r}, which is none of {choices}") from None
    return read


def _optional_reader(inner: Reader) -> Reader:
    def read(value: Any, path: str) -> Any:
        return None if value is None else inner(value, path)
    return read


def _tuple_reader(inner: Reader) -> Reader:
    def read(value: Any, path: str) -> tuple[Any, ...]:
        if type(value) not in (list, tuple):
            raise _Bad(path, _describe("a list", value))
        return tuple(inner(item, f"{path}[{i}]") for i, item in enumerate(value))
    return read


def _dict_reader(inner: Reader) -> Reader:
    def read(value: Any, path: str) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise _Bad(path, _describe("a table", value))
        return {str(k): inner(v, f"{path}.{k}") for k, v in value.items()}
    return read


def _checked_reader(inner: Reader, checks: tuple[Check, ...]) -> Reader:
    def read(value: Any, path: str) -> Any:
        found = inner(value, path)
        for check in checks:
            check(found, path)
        return found
    return read


def _reader(hint: Any) -> Reader:
    origin = get_origin(hint)
    if origin is typing.Annotated:
        inner, *extras = get_args(hint)
        checks = tuple(e for e in extras if isinstance(e, Between | NotEmpty | OneOf | Length))
        return _checked_reader(_reader(inner), checks)
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(hint) if a is not type(None)]
        if len(options) != 1:
            raise TypeError(f"a payload field may be one type or None, not {hint}")
        return _optional_reader(_reader(options[0]))
    if origin is tuple:
        item, *rest = get_args(hint)
        if rest != [Ellipsis]:
            raise TypeError(f"a payload's list is tuple[X, ...], not {hint}")
        return _read_cards if item is Card else _tuple_reader(_reader(item))
    if origin is dict:
        key, value = get_args(hint)
        if get_origin(key) is typing.Annotated:
            key = get_args(key)[0]  # a mark on the keys (names, say) is the decider's
        if key is not str:
            raise TypeError(f"a payload's table has str keys, not {hint}")
        return _dict_reader(_reader(value))
    if hint is bool:
        return _plain(bool, "true or false")
    if hint is int:
        return _plain(int, "a whole number")
    if hint is str:
        return _plain(str, "text")
    if hint is float:
        return _read_float
    if hint is datetime:
        return _plain(datetime, "a date and time")
    if hint is Card:
        return _read_card
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_reader(hint)
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return _table_reader(hint)
    raise TypeError(f"a payload field cannot be {hint!r}")


def _table_reader(cls: type[T]) -> Callable[[Any, str], T]:
    fields = _fields_of(cls)

    def read(value: Any, path: str) -> T:
        if not isinstance(value, Mapping):
            raise _Bad(path, _describe("a table", value))
        return _build(cls, fields, value, f"{path}.")
    return read


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    read: Reader
    default: Any
    factory: Any
    optional: bool


_FIELDS: dict[type, tuple[_Field, ...]] = {}


def _fields_of(cls: type) -> tuple[_Field, ...]:
    known = _FIELDS.get(cls)
    if known is None:
        hints = get_type_hints(cls, include_extras=True)
        made: list[_Field] = []
        for field in dataclasses.fields(cls):
            hint = hints[field.name]
            made.append(_Field(field.name, _reader(hint), field.default,
                               field.default_factory, _is_optional(hint)))
        known = _FIELDS[cls] = tuple(made)
    return known


def _is_optional(hint: Any) -> bool:
    if get_origin(hint) is typing.Annotated:
        hint = get_args(hint)[0]
    return get_origin(hint) in (Union, types.UnionType) and type(None) in get_args(hint)


def _build(cls: type[T], fields: tuple[_Field, ...], data: Mapping[str, Any], prefix: str) -> T:
    values: dict[str, Any] = {}
    for field in fields:
        raw = data.get(field.name, _MISSING)
        if raw is _MISSING:
            if field.default is not _MISSING:
                values[field.name] = field.default
                continue
            if field.factory is not _MISSING:
                values[field.name] = field.factory()
                continue
            if field.optional:
                values[field.name] = None
                continue
            raise _Bad(f"{prefix}{field.name}", "is missing")
        # a payload's own fields are named alone: no path to build (most events)
        values[field.name] = field.read(raw, f"{prefix}{field.name}" if prefix else field.name)
    return cls(**values)


# -- the same, compiled: one function a payload class ---------------------------------------------
#
# A long campaign's first open reads a hundred thousand payloads, and an append writes and
# reads back each of its own: the readers above, a closure a field and a path built for
# each, cost more than many a game's evolve. Each payload class is also given one function
# of straight-line code (`_builder`, `_writer`), which takes the usual payload without a
# call a field; at anything it is not sure of, it leaves the payload to the readers above,
# which read it the same or say what is wrong in the same words.


class _Unsure(Exception):
    """The compiled reader leaves this payload to the readers that name what is wrong."""


_BUILDERS: dict[type, Callable[[Mapping[str, Any], str], Any]] = {}
_WRITERS: dict[type, Callable[[Any], dict[str, Any]]] = {}


def _builder(cls: type[T]) -> Callable[[Mapping[str, Any], str], T]:
    """`_build(cls, _fields_of(cls), data, prefix)`, compiled (the same result, or the same
    error, which the readers above raise)."""
    known = _BUILDERS.get(cls)
    if known is None:
        known = _BUILDERS[cls] = _compile_builder(cls)
    return known


class _Code:
    """The lines of a compiled reader and the names they use."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.names: dict[str, Any] = {"_Unsure": _Unsure}
        self._count = 0

    def name(self, value: Any) -> str:
        self._count += 1
        name = f"_n{self._count}"
        self.names[name] = value
        return name

    def local(self) -> str:
        self._count += 1
        return f"_v{self._count}"

    def add(self, depth: int, line: str) -> None:
        self.lines.append("    " * depth + line)


def _compile_builder(cls: type[T]) -> Callable[[Mapping[str, Any], str], T]:
    fields = _fields_of(cls)
    hints = get_type_hints(cls, include_extras=True)
    code = _Code()
    code.names.update({"_M": _MISSING, "_cls": cls, "_fields": fields, "_slow": _build})
    code.add(0, "def build(data, prefix):")
    code.add(1, "try:")
    code.add(2, "get = data.get")
    values: list[str] = []
    for field in fields:
        raw, value = code.local(), code.local()
        values.append(value)
        code.add(2, f"{raw} = get({field.name!r}, _M)")
        code.add(2, f"if {raw} is _M:")
        if field.default is not _MISSING:
            code.add(3, f"{value} = {code.name(field.default)}")
        elif field.factory is not _MISSING:
            code.add(3, f"{value} = {code.name(field.factory)}()")
        elif field.optional:
            code.add(3, f"{value} = None")
        else:
            code.add(3, "raise _Unsure")
        code.add(2, "else:")
        _read_code(code, hints[field.name], raw, value, 3)
    slots = _slot_setters(cls)
    if slots is not None:
        # what the dataclass's own __init__ does, each slot set directly (it sets each
        # through object.__setattr__, at twice the cost)
        code.add(2, f"made = {code.name(object.__new__)}(_cls)")
        for set_slot, value in zip(slots, values, strict=True):
            code.add(2, f"{code.name(set_slot)}(made, {value})")
        code.add(2, "return made")
    elif all(f.init and not f.kw_only for f in dataclasses.fields(cls)):  # type: ignore[arg-type]
        code.add(2, f"return _cls({', '.join(values)})")
    else:
        named = (f"{f.name}={v}" for f, v in zip(fields, values, strict=True))
        code.add(2, f"return _cls({', '.join(named)})")
    code.add(1, "except Exception:")
    code.add(2, "pass")
    # outside the handler, so that an error it raises is not chained to the one above
    code.add(1, "return _slow(_cls, _fields, data, prefix)")
    exec("\n".join(code.lines), code.names)  # the source is made above, from the fields
    build: Callable[[Mapping[str, Any], str], T] = code.names["build"]
    return build


def _slot_setters(cls: type) -> list[Callable[[object, Any], None]] | None:
    """The setters of the slots of a payload class, in the order of its fields, where its
    __init__ is the one dataclasses wrote and does nothing but set them: slots, every field
    an argument, no __post_init__ or InitVar, no __new__ of its own. None otherwise (the
    class is then built by its __init__)."""
    params = getattr(cls, "__dataclass_params__", None)
    every = getattr(cls, "__dataclass_fields__", {})
    fields = dataclasses.fields(cls)
    if (params is None or not params.init or "__slots__" not in cls.__dict__
            or hasattr(cls, "__post_init__")
            or any("__new__" in vars(base) for base in cls.__mro__[:-1])
            or len(every) != len(fields) or not all(f.init for f in fields)):
        return None
    setters = [cls.__dict__.get(field.name) for field in fields]
    if not all(isinstance(slot, types.MemberDescriptorType) for slot in setters):
        return None
    return [slot.__set__ for slot in setters]  # type: ignore[union-attr]


def _read_code(code: _Code, hint: Any, raw: str, value: str, depth: int) -> None:
    """Lines that set `value` to what `_reader(hint)` makes of `raw`, or raise (_Unsure or
    any other error) where it would not; nothing else is done, so the readers above may
    take the payload again."""
    origin = get_origin(hint)
    if origin is typing.Annotated:
        inner, *extras = get_args(hint)
        _read_code(code, inner, raw, value, depth)
        for check in (e for e in extras if isinstance(e, Between | NotEmpty | OneOf | Length)):
            _check_code(code, check, value, depth)
        return
    if origin in (Union, types.UnionType):
        (option,) = [a for a in get_args(hint) if a is not type(None)]
        code.add(depth, f"if {raw} is None:")
        code.add(depth + 1, f"{value} = None")
        code.add(depth, "else:")
        _read_code(code, option, raw, value, depth + 1)
        return
    if origin is tuple and get_args(hint)[0] is not Card:
        item, read = code.local(), code.local()
        items = code.local()
        code.add(depth, f"if type({raw}) is not list and type({raw}) is not tuple:")
        code.add(depth + 1, "raise _Unsure")
        code.add(depth, f"{items} = []")
        code.add(depth, f"for {item} in {raw}:")
        _read_code(code, get_args(hint)[0], item, read, depth + 1)
        code.add(depth + 1, f"{items}.append({read})")
        code.add(depth, f"{value} = tuple({items})")
        return
    if origin is dict:
        key, item, read, table = code.local(), code.local(), code.local(), code.local()
        code.add(depth, f"if type({raw}) is not dict:")
        code.add(depth + 1, "raise _Unsure")
        code.add(depth, f"{table} = {{}}")
        code.add(depth, f"for {key}, {item} in {raw}.items():")
        code.add(depth + 1, f"if type({key}) is not str:")
        code.add(depth + 2, "raise _Unsure")
        _read_code(code, get_args(hint)[1], item, read, depth + 1)
        code.add(depth + 1, f"{table}[{key}] = {read}")
        code.add(depth, f"{value} = {table}")
        return
    if hint in (bool, int, str, datetime):
        code.add(depth, f"if type({raw}) is not {code.name(hint)}:")
        code.add(depth + 1, "raise _Unsure")
        code.add(depth, f"{value} = {raw}")
        return
    if hint is float:
        code.add(depth, f"if type({raw}) is not float and type({raw}) is not int:")
        code.add(depth + 1, "raise _Unsure")
        code.add(depth, f"{value} = float({raw})")
        return
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        members = {member.value: member for member in hint}
        code.add(depth, f"{value} = {code.name(members)}[{raw}]")
        return
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        code.add(depth, f"if type({raw}) is not dict:")
        code.add(depth + 1, "raise _Unsure")
        code.add(depth, f"{value} = {code.name(_builder(hint))}({raw}, '')")
        return
    # a card, a list of cards: the reader itself (its path is only read when it refuses)
    code.add(depth, f"{value} = {code.name(_reader(hint))}({raw}, '')")


def _check_code(code: _Code, check: Check, value: str, depth: int) -> None:
    if type(check) is Between:
        if check.least is not None:
            code.add(depth, f"if {value} < {code.name(check.least)}:")
            code.add(depth + 1, "raise _Unsure")
        if check.most is not None:
            code.add(depth, f"if {value} > {code.name(check.most)}:")
            code.add(depth + 1, "raise _Unsure")
    elif type(check) is OneOf and not callable(check.known):
        code.add(depth, f"if {value} not in {code.name(check.known)}:")
        code.add(depth + 1, "raise _Unsure")
    elif type(check) is NotEmpty:
        code.add(depth, f"if len({value}) == 0:")
        code.add(depth + 1, "raise _Unsure")
    else:  # a check of its own kind: called as the readers call it
        code.add(depth, f"{code.name(check)}({value}, '')")


def _writer(cls: type) -> Callable[[Any], dict[str, Any]]:
    """`_write(payload)` for a payload of class `cls`, compiled: its fields in order, those
    None or at their defaults left out, a plain text, number or truth written as it is."""
    known = _WRITERS.get(cls)
    if known is None:
        code = _Code()
        code.names.update({"_write": _write, "_plain": frozenset({str, int, float, bool})})
        code.add(0, "def write(payload):")
        code.add(1, "data = {}")
        for field in dataclasses.fields(cls):
            value = code.local()
            code.add(1, f"{value} = payload.{field.name}")
            condition = f"{value} is not None"
            if field.default is not _MISSING:
                condition += f" and not ({value} == {code.name(field.default)})"
            elif field.default_factory is not _MISSING:
                condition += f" and not ({value} == {code.name(field.default_factory)}())"
            code.add(1, f"if {condition}:")
            code.add(2, f"data[{field.name!r}] = ({value} if type({value}) in _plain "
                        f"else _write({value}))")
        code.add(1, "return data")
        exec("\n".join(code.lines), code.names)
        known = _WRITERS[cls] = code.names["write"]
    return known


def _write(value: Any) -> Any:
    """A payload's value as plain TOML values (None is left out by the caller)."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_write(item) for item in value]
    if isinstance(value, Mapping):
        return {str(k): _write(v) for k, v in value.items() if v is not None}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # a field at its default is left out: it reads back as that default, and the
        # journal stays as short as the data
        return {f.name: _write(getattr(value, f.name)) for f in dataclasses.fields(value)
                if getattr(value, f.name) is not None and not _at_default(f, value)}
    return value


def _at_default(field: dataclasses.Field[Any], value: object) -> bool:
    found = getattr(value, field.name)
    if field.default is not _MISSING:
        return bool(found == field.default)
    if field.default_factory is not _MISSING:
        return bool(found == field.default_factory())
    return False


# -- a game's kinds -----------------------------------------------------------------------------


class PayloadRefused(RuleError):
    """A payload the journal would not read back, refused before it is written: a safety
    net under the game's rules, which should have said what was wrong in their words."""


#: the names games give kinds whose ids' words are not the game's own, by kind
_NAMED: dict[str, str] = {}


def given_name(kind: str) -> str | None:
    """The name a game gave `kind` as it registered it (`Kinds.payload(..., name=)`)."""
    return _NAMED.get(kind)


class Kinds:
    """The event kinds of one game and the payload of each."""

    def __init__(self, prefix: str) -> None:
        #: every kind of this game begins so, for example "dust_devils."
        self.prefix = prefix
        self._classes: dict[str, type] = {}
        self._kind_of: dict[type, str] = {}
        self._readers: dict[str, Callable[[Event], Any]] = {}

    def payload(self, kind: str, name: str | None = None) -> Callable[[type[T]], type[T]]:
        """Register a payload dataclass as the data of `kind` (the prefix is added). `name`
        is what the log's filter and `gmscreen log --kind` call it, where its id's words are
        not the game's own ("Model placed" for "model_deployed", an id journals keep)."""
        full = kind if kind.startswith(self.prefix) else self.prefix + kind

        def register(cls: type[T]) -> type[T]:
            if full in self._classes:
                raise ValueError(f"{full} is registered twice")
            self._classes[full] = cls
            self._kind_of[cls] = full
            if name is not None:
                _NAMED[full] = name
            return cls
        return register

    @property
    def kinds(self) -> dict[str, type]:
        """Every kind this game writes, with its payload class."""
        return dict(self._classes)

    def kind_of(self, payload: object) -> str:
        return self._kind_of[type(payload)]

    def kind_of_class(self, cls: type) -> str:
        """The kind a payload class is registered as ("dead_mans_hand.attack_drawn")."""
        return self._kind_of[cls]

    def knows(self, kind: str) -> bool:
        return kind in self._classes

    def read(self, event: Event) -> Any:
        """The event's payload; PayloadError naming the field when its data does not fit
        (or when the kind is not one of this game's)."""
        read = self._readers.get(event.kind)
        if read is None:
            if event.kind not in self._classes:
                raise PayloadError(event.kind, "", "is not a kind of event this game knows",
                                   event.seq)
            read = self.reader(event.kind)
        return read(event)

    def reader(self, kind: str) -> Callable[[Event], Any]:
        """`read` for the events of `kind`, one of this game's (KeyError otherwise), made
        once a kind."""
        known = self._readers.get(kind)
        if known is None:
            build: Callable[[Mapping[str, Any], str], Any] = _builder(self._classes[kind])

            def read(event: Event) -> Any:
                try:
                    return build(event.data, "")
                except _Bad as bad:
                    raise PayloadError(event.kind, bad.path, bad.problem, event.seq) from None
            known = self._readers[kind] = read
        return known

    def data(self, payload: object) -> dict[str, Any]:
        """The plain TOML values of a payload, as a NewEvent carries them."""
        write = _WRITERS.get(type(payload))
        if write is not None:
            return write(payload)
        if dataclasses.is_dataclass(payload) and not isinstance(payload, type):
            return _writer(type(payload))(payload)
        written = _write(payload)
        assert isinstance(written, dict)
        return written

    def new(self, payload: object) -> NewEvent:
        """The NewEvent that records `payload`, read back first as the journal will read it:
        a payload that would not read (an empty name, a number below its least) is refused,
        a RuleError naming the event and the field, and nothing is written. A rule that
        let it through is the game's to mend; the journal never holds what it cannot open."""
        kind, data = self.kind_of(payload), self.data(payload)
        cls = type(payload)
        try:
            _builder(cls)(data, "")
        except _Bad as bad:
            from gmscreen.journal.kinds import kind_name  # it imports the journal's kinds

            raise PayloadRefused(kind_name(kind), f"{bad.path} {bad.problem}") from None
        return NewEvent(kind, data)

    def news(self, payloads: Iterable[object]) -> list[NewEvent]:
        return [self.new(p) for p in payloads]
