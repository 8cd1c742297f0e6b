"""A damaged payload of every kind of Dust event (the kinds listed from `RULES.kinds`) is
refused where it is read, naming the field, and never takes the log, the recap or the
players' screen down."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmscreen.games.dust import RULES, view
from gmscreen.journal.events import Event
from gmscreen.journal.payload import PayloadError
from tests.dust.game import every_kind

EVENTS = every_kind()
FIRST = {kind: next(e for e in EVENTS if e.kind == kind) for kind in RULES.kinds.kinds}
KINDS = sorted(RULES.kinds.kinds)


def test_the_game_holds_an_event_of_every_kind() -> None:
    assert set(FIRST) == set(RULES.kinds.kinds) and len(KINDS) == 42


def read_refused(event: Event) -> PayloadError:
    with pytest.raises(PayloadError) as refused:
        RULES.kinds.read(event)
    assert RULES.describe(event).startswith("(a damaged event: ")
    assert RULES.subjects(event) == frozenset()
    return refused.value


@pytest.mark.parametrize("kind", KINDS)
def test_a_key_missing_or_of_the_wrong_type_is_refused_naming_it(kind: str) -> None:
    event = FIRST[kind]
    payload = RULES.kinds.kinds[kind]
    needed = [f.name for f in dataclasses.fields(payload)
              if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    for key in needed:
        gone = {k: v for k, v in event.data.items() if k != key}
        refused = read_refused(replace(event, data=gone))
        assert refused.field == key and refused.problem == "is missing"
    for key, value in event.data.items():
        wrong: Any = "a word" if isinstance(value, dict) else {"a": 1}
        refused = read_refused(replace(event, data={**event.data, key: wrong}))
        assert refused.field == key and str(event.seq) in str(refused)


@pytest.mark.parametrize(("kind", "key", "value", "field"), [
    ("dust.role_defined", "role", {"name": "X", "alignment": "mafia"}, "role.alignment"),
    ("dust.item_defined", "item", {"name": "X", "power": [{"name": "Zap", "effect": "zap"}]},
     "item.power[0].effect"),
    ("dust.location_added", "location", {"name": "Mine", "opens": 0, "entries": []},
     "location.opens"),
    ("dust.game_won", "winner", "nobody", "winner"),
    ("dust.player_lynched", "day", 0, "day"),
    ("dust.message_sent", "player", "", "player"),
])
def test_an_unknown_id_or_a_number_out_of_range_is_refused_naming_it(
        kind: str, key: str, value: object, field: str) -> None:
    event = FIRST[kind]
    assert read_refused(replace(event, data={**event.data, key: value})).field == field


def toml_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(st.booleans(), st.integers(-3, 30), st.text(max_size=6),
                        st.sampled_from(["", "no lynch", "town", "kill", "Ann", "Knife"]))
    return st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
        max_leaves=6)


@st.composite
def damaged(draw: st.DrawFn) -> Event:
    """An event of any kind with one of its keys taken away, changed or added to."""
    event = draw(st.sampled_from([FIRST[kind] for kind in KINDS]))
    data = dict(event.data)
    keys = sorted(data)
    how = draw(st.sampled_from(["drop", "change", "add", "empty"] if keys else ["add"]))
    if how == "add":
        data[draw(st.text(max_size=6))] = draw(toml_values())
    else:
        key = draw(st.sampled_from(keys))
        if how == "drop":
            del data[key]
        elif how == "empty":
            data[key] = type(data[key])() if isinstance(data[key], list | dict | str) else 0
        else:
            data[key] = draw(toml_values())
    return replace(event, data=data)


@settings(max_examples=300, deadline=None)
@given(damaged())
def test_a_damaged_payload_is_read_or_refused_and_never_takes_anything_down(
        event: Event) -> None:
    try:
        RULES.kinds.read(event)
    except PayloadError as refused:
        assert refused.field or refused.problem
    assert isinstance(RULES.describe(event), str)
    RULES.subjects(event)
    view.table_tells(event)
    view.episode(event)
