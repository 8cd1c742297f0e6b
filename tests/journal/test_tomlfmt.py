"""The TOML writer: every value reads back as written, and always on one line."""

from __future__ import annotations

import json
import math
import tomllib
from datetime import UTC, date, datetime, time, timedelta, timezone
from enum import IntEnum
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmscreen.journal import tomlfmt


def read_back(item: Any) -> Any:
    text = f"v = {tomlfmt.value(item)}"
    assert "\n" not in text and "\r" not in text
    return tomllib.loads(text)["v"]


@pytest.mark.parametrize(
    "item",
    [
        True, False, 0, -1, 2**63 - 1, -(2**63), 0.5, -0.0, 1e300, 5e-324, 1.7976931348623157e308,
        "", "plain", datetime(2026, 11, 22, 17, 0, tzinfo=UTC),
        datetime(2026, 11, 22, 17, 0, 5, 123456, tzinfo=timezone(timedelta(hours=5, minutes=30))),
        datetime(2026, 11, 22, 17, 0, tzinfo=timezone(-timedelta(hours=7))),
        datetime(2026, 11, 22, 17, 0), date(1876, 8, 2), time(15, 30), time(0, 0, 0, 1),
        [], [1, "two", 3.0, [4, [5]], {"six": 6}], {}, {"a": {"b": {"c": [1, {"d": True}]}}},
    ],
)
def test_every_value_type_round_trips(item: Any) -> None:
    assert read_back(item) == item
    if isinstance(item, float):
        assert math.copysign(1, read_back(item)) == math.copysign(1, item)
    if isinstance(item, datetime):
        assert read_back(item).utcoffset() == item.utcoffset()


def test_special_floats_and_containers_that_read_back_as_lists() -> None:
    assert math.isnan(read_back(float("nan")))
    assert read_back(float("inf")) == math.inf and read_back(float("-inf")) == -math.inf
    assert read_back((1, 2)) == [1, 2]
    assert read_back(frozenset({3, 1, 2})) == [1, 2, 3]


def test_an_int_enum_is_written_as_its_number() -> None:
    class Rank(IntEnum):
        ACE = 14

    assert tomlfmt.value(Rank.ACE) == "14"


@pytest.mark.parametrize(
    "text",
    [
        "two\nlines", "carriage\rreturn", "crlf\r\n", 'quote " inside', "back\\slash", "\\n",
        "tab\there", "bell\x07 nul\x00 esc\x1b", "del\x7f", "unit sep\x1f", "emoji 🤠🃏",
        "[bold]markup[/bold] [red]x[/]", "line\u2028sep\u2029para", "\ufeffbom", "'single'",
        '"""triple"""', "[[event]]", "\n[[event]]\nseq = 1\n", "é" * 50, " lead and trail ",
    ],
)
def test_strings_stay_on_one_line_and_round_trip(text: str) -> None:
    written = tomlfmt.string(text)
    assert "\n" not in written and "\r" not in written and "\x7f" not in written
    assert read_back(text) == text


@pytest.mark.parametrize(
    "name",
    ["bare_key-1", "", "with space", "dotted.key", "é", "[x]", '"', "'", "\n", "=", "#", "🤠"],
)
def test_keys_that_need_quoting_are_quoted_and_round_trip(name: str) -> None:
    written = tomlfmt.key(name)
    assert (written == name) == (name == "bare_key-1")
    assert tomllib.loads(f"t = {tomlfmt.table({name: 1})}")["t"] == {name: 1}


def test_none_is_left_out_of_tables() -> None:
    assert tomlfmt.table({"a": None}) == "{}"
    assert read_back({"a": None, "b": 1, "c": {"d": None}}) == {"b": 1, "c": {}}


@pytest.mark.parametrize(
    ("item", "words"),
    [
        (2**63, "64-bit"),
        (-(2**63) - 1, "64-bit"),
        (time(12, 0, tzinfo=UTC), "time of day"),
        (datetime(2026, 1, 1, tzinfo=timezone(timedelta(seconds=30))), "whole minutes"),
        ("lone \ud800 surrogate", "not valid Unicode"),
        (object(), "object cannot be saved"),
        ([None], "NoneType cannot be saved"),
        (b"bytes", "bytes cannot be saved"),
        ({1: "x"}, "keys must be text"),
    ],
)
def test_values_toml_cannot_hold_are_refused_with_a_reason(item: Any, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        tomlfmt.value(item)


offsets = st.integers(-(23 * 60 + 59), 23 * 60 + 59).map(
    lambda minutes: timezone(timedelta(minutes=minutes)))
scalars = (
    st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False)
    | st.text()
    | st.dates()
    | st.times()
    | st.datetimes()
    | st.builds(lambda moment, zone: moment.replace(tzinfo=zone), st.datetimes(), offsets)
)
nested = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20,
)


@given(st.dictionaries(st.text(max_size=8), nested | st.none(), max_size=6))
def test_nested_data_round_trips_on_one_line(data: dict[str, Any]) -> None:
    text = f"data = {tomlfmt.table(data)}\n"
    assert text.count("\n") == 1
    expected = {key: item for key, item in data.items() if item is not None}
    assert tomllib.loads(text)["data"] == expected


@given(st.text())
def test_a_string_is_written_as_json_writes_it_but_for_del(text: str) -> None:
    try:
        expected: str | type[ValueError] = json.dumps(text, ensure_ascii=False).replace(
            "\x7f", "\\u007f")
        text.encode("utf-8")
    except UnicodeEncodeError:
        expected = ValueError
    if expected is ValueError:
        with pytest.raises(ValueError, match="not valid Unicode"):
            tomlfmt.string(text)
    else:
        assert tomlfmt.string(text) == expected


@given(st.lists(st.text(max_size=6), max_size=20))
def test_keys_written_from_those_kept_are_as_written_afresh(names: list[str]) -> None:
    for name in names * 2:  # the second time from what the first kept
        try:
            expected = tomlfmt.key(name)
        except ValueError:
            with pytest.raises(ValueError):
                tomlfmt.table({name: 1})
            continue
        assert tomlfmt.table({name: 1}) == f"{{ {expected} = 1 }}"


@pytest.mark.parametrize("depth", [tomlfmt.MAX_DEPTH, tomlfmt.MAX_DEPTH + 1, 2000])
def test_values_nested_deeper_than_the_reader_has_room_for_are_refused(depth: int) -> None:
    def read_far_down_the_stack(text: str, frames: int) -> Any:
        # a journal is read from wherever the app opens it: here, 500 calls down
        if frames:
            return read_far_down_the_stack(text, frames - 1)
        return tomllib.loads(text)["v"]

    for shape in ([1], {"a": 1}):
        nested: Any = 1
        for _ in range(depth):
            nested = [nested] if isinstance(shape, list) else {"a": nested}
        if depth > tomlfmt.MAX_DEPTH:
            with pytest.raises(ValueError, match="nested more than 100 deep"):
                tomlfmt.value(nested)
        else:
            assert read_far_down_the_stack(f"v = {tomlfmt.value(nested)}", 500) == nested
