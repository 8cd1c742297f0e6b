"""The compiled payload readers and writers (payload._builder, payload._writer) agree with the
readers they stand in for: every game's payloads, on seeded random data that mostly fits and
sometimes does not, read to the same payload or are refused in the same words; and every
payload writes to the same data."""

from __future__ import annotations

import dataclasses
import enum
import functools
import random
import types
import typing
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest

from gmscreen.core.cards import Card
from gmscreen.games import GAMES, rules_for
from gmscreen.journal import clocks, freeroll
from gmscreen.journal.payload import (
    Between,
    Kinds,
    Length,
    NotEmpty,
    OneOf,
    _Bad,
    _build,
    _builder,
    _fields_of,
    _slot_setters,
    _write,
    _writer,
)
from tests.journal import test_payload

#: values that fit no field, or fit one by chance
JUNK: tuple[Any, ...] = (None, 0, -1, 7, 2**40, 1.5, float("nan"), True, False, "", "x", "As",
                         "red", [], ["x"], [1, 2], {}, {"a": 1}, {1: 2}, ("t",),
                         datetime(2026, 1, 1, tzinfo=UTC), [[1]], [{}], [None])


def every_kinds() -> list[Kinds]:
    found = [rules_for(game).kinds for game in GAMES]  # type: ignore[attr-defined]
    return [*found, clocks.KINDS, freeroll.KINDS, test_payload.KINDS, test_payload.RATED]


def every_payload_class() -> list[type]:
    return [cls for kinds in every_kinds() for cls in kinds.kinds.values()]


def _fitting(hint: Any, rng: random.Random, spoil: float, depth: int = 0) -> Any:
    """A value a field of type `hint` may hold in a journal: its checks met, unless by a
    chance of about `spoil`."""
    origin = get_origin(hint)
    if origin is typing.Annotated:
        inner, *extras = get_args(hint)
        for extra in extras:
            if isinstance(extra, OneOf) and rng.random() >= spoil:
                known = extra.known() if callable(extra.known) else extra.known
                return rng.choice(sorted(known, key=repr))
            if isinstance(extra, Between) and inner is int:
                least = -5 if extra.least is None else int(extra.least)
                most = least + 20 if extra.most is None else int(extra.most)
                wide = 1 if rng.random() < spoil else 0
                return rng.randint(least - wide, most + wide)
            if isinstance(extra, Length) and rng.random() >= spoil:
                count = rng.randint(extra.least, extra.least + 2 if extra.most is None
                                    else extra.most)
                if inner is str:
                    return "x" * count
                return [_fitting(get_args(inner)[0], rng, spoil, depth + 1)
                        for _ in range(count)]
            if isinstance(extra, NotEmpty) and inner is str and rng.random() >= spoil:
                return rng.choice(("Ann", "Big Oaf", "Zeke"))
        return _fitting(inner, rng, spoil, depth)
    if origin in (Union, types.UnionType):
        if rng.random() < 0.3:
            return None
        (option,) = [a for a in get_args(hint) if a is not type(None)]
        return _fitting(option, rng, spoil, depth)
    if origin is tuple:
        return [_fitting(get_args(hint)[0], rng, spoil, depth + 1)
                for _ in range(rng.randint(0, 3))]
    if origin is dict:
        return {rng.choice(("Ann", "Zeke", "a b", "")): _fitting(get_args(hint)[1], rng,
                                                                    spoil, depth + 1)
                for _ in range(rng.randint(0, 3))}
    if hint is bool:
        return rng.random() < 0.5
    if hint is int:
        return rng.randint(-3, 30)
    if hint is float:
        return rng.choice((0.5, 2, -1.25))
    if hint is str:
        return rng.choice(("Ann", "", "Big Oaf", "x" * 30))
    if hint is datetime:
        return datetime(2026, 11, 1, tzinfo=UTC) + timedelta(minutes=rng.randint(0, 9999))
    if hint is Card:
        return rng.choice(("As", "Th", "2c", "*", "10h") + (("Zz",) if spoil else ()))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return rng.choice([member.value for member in hint]
                          + (["nothing of the kind"] if spoil else []))
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return _data(hint, rng, spoil, depth + 1)
    raise AssertionError(f"no value made for {hint!r}")


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls, include_extras=True)


def _data(cls: type, rng: random.Random, spoil: float, depth: int = 0) -> dict[str, Any]:
    """A payload's data: every field filled, and by a chance of about `spoil` each, left out
    (its default, or missing) or junk."""
    hints = _hints(cls)
    data: dict[str, Any] = {}
    for field in dataclasses.fields(cls):
        chance = rng.random()
        if chance < spoil / 2:
            continue
        if chance < spoil and depth < 3:
            data[field.name] = rng.choice(JUNK)
        else:
            data[field.name] = _fitting(hints[field.name], rng, spoil, depth)
    if rng.random() < 0.1:
        data["written_by_a_later_version"] = 1
    return data


def _random_data(cls: type, rng: random.Random) -> dict[str, Any]:
    """Half the time data that should read, half the time data with something amiss."""
    return _data(cls, rng, 0.0 if rng.random() < 0.5 else 0.2)


def _outcome(read: Callable[[], Any]) -> tuple[str, str]:
    """What reading gave, compared by type and by every value's type (1 is not 1.0)."""
    try:
        payload = read()
    except _Bad as bad:
        return "bad", f"{bad.path}: {bad.problem}"
    except Exception as error:  # whatever the readers raise, the compiled one raises it too
        return type(error).__name__, str(error)
    return type(payload).__name__, repr(payload)


@pytest.mark.parametrize("cls", every_payload_class(), ids=lambda cls: cls.__qualname__)
def test_the_compiled_reader_reads_as_the_readers_do(cls: type) -> None:
    rng = random.Random(f"compiled {cls.__module__}.{cls.__qualname__}")
    fields = _fields_of(cls)
    outcomes: set[str] = set()
    for _ in range(300):
        data = _random_data(cls, rng)
        expected = _outcome(functools.partial(_build, cls, fields, data, ""))
        assert _outcome(functools.partial(_builder(cls), data, "")) == expected, data
        outcomes.add(expected[0])
    # the data made both kinds of case: read, and refused (but where nothing can be amiss)
    assert cls.__name__ in outcomes
    assert "bad" in outcomes or not dataclasses.fields(cls)


@pytest.mark.parametrize("cls", every_payload_class(), ids=lambda cls: cls.__qualname__)
def test_the_compiled_writer_writes_as_the_writer_does(cls: type) -> None:
    rng = random.Random(f"written {cls.__module__}.{cls.__qualname__}")
    fields = _fields_of(cls)
    written = 0
    for _ in range(300):
        try:
            payload: Any = _build(cls, fields, _random_data(cls, rng), "")
        except (_Bad, TypeError):
            continue
        assert _writer(cls)(payload) == _write(payload)
        assert repr(_writer(cls)(payload)) == repr(_write(payload))
        written += 1
    assert written


def test_a_payload_nested_in_a_list_is_refused_naming_its_place() -> None:
    # the compiled reader gives up at the bad chip; the readers name where it is
    kinds = test_payload.KINDS
    data: dict[str, object] = {"name": "Ma", "cards": [], "bets": [{"chips": 1, "suit": "clubs"},
                                                 {"chips": 99, "suit": "clubs"}]}
    with pytest.raises(Exception, match=r"bets\[1\]\.chips is 99, above"):
        kinds.read(test_payload.event(data))


class Even(NotEmpty):
    """A check of a kind of its own (a subclass of one of the four)."""

    def __call__(self, value: Any, path: str) -> None:
        if value % 2:
            raise _Bad(path, "is odd")


EVEN = Kinds("even.")


@EVEN.payload("counted")
@dataclasses.dataclass(frozen=True)
class Counted:
    count: typing.Annotated[int, Even()]


def test_a_check_that_is_not_one_of_the_four_is_called_as_written() -> None:
    assert EVEN.read(test_payload.event({"count": 4}, kind="even.counted")) == Counted(4)
    with pytest.raises(Exception, match="count is odd"):
        EVEN.read(test_payload.event({"count": 3}, kind="even.counted"))


SLOTTED = Kinds("slotted.")


@SLOTTED.payload("plain")
@dataclasses.dataclass(frozen=True, slots=True)
class Plain:
    name: str
    count: int = 2


@SLOTTED.payload("checked")
@dataclasses.dataclass(frozen=True, slots=True)
class Checked:
    name: str

    def __post_init__(self) -> None:
        if self.name == "Nobody":
            raise ValueError("a name, not Nobody")


def test_a_payload_of_slots_is_set_as_its_own_init_would_set_it() -> None:
    read = SLOTTED.read(test_payload.event({"name": "Ann"}, kind="slotted.plain"))
    assert read == Plain("Ann") and repr(read) == repr(Plain("Ann"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        read.name = "Zeke"


def test_a_payload_with_a_post_init_is_built_by_its_init() -> None:
    assert _slot_setters(Checked) is None and _slot_setters(Plain) is not None
    assert SLOTTED.read(test_payload.event({"name": "Ann"}, kind="slotted.checked")) == Checked(
        "Ann")
    with pytest.raises(ValueError, match="a name, not Nobody"):
        SLOTTED.read(test_payload.event({"name": "Nobody"}, kind="slotted.checked"))
