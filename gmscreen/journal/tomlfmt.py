"""Write TOML values on one line each, so every event block keeps the journal's framing.

The journal's writer promises that each event starts with a `[[event]]` line and that no
string spans lines. Tables inside an event's data are therefore written as inline tables,
and newlines in strings are escaped. Reading is left to the standard `tomllib`.

Anything TOML cannot hold (an integer beyond 64 bits, a time of day with a UTC offset, an
offset that is not whole minutes, text that is not Unicode) is refused with ValueError here,
before it could reach the file and make it unreadable.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from datetime import date, datetime, time, timedelta
from json.encoder import encode_basestring
from typing import Any

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
#: the largest whole number a journal holds (TOML's are 64 bits)
LARGEST_INT = 2**63 - 1
_INT_MIN, _INT_MAX = -(2**63), LARGEST_INT


def too_large(data: object) -> tuple[str, int] | None:
    """The first whole number in `data` a journal cannot hold (past 64 bits), and where it
    is (`sheet.dollars`, `hands[0].chips`), or None. Walked without recursion: values
    nested too deeply are refused elsewhere, and must not stop this first."""
    waiting: list[tuple[str, object]] = [("", data)]
    while waiting:
        path, item = waiting.pop()
        if isinstance(item, bool):
            continue
        if isinstance(item, int):
            if not _INT_MIN <= item <= _INT_MAX:
                return path, item
        elif isinstance(item, dict):
            waiting.extend(reversed([(f"{path}.{key}" if path else str(key), value)
                                     for key, value in item.items()]))
        elif isinstance(item, (list, tuple)):
            waiting.extend(reversed([(f"{path}[{index}]", value)
                                     for index, value in enumerate(item)]))
    return None


def key(name: str) -> str:
    """A key as TOML writes it: bare when it can be, quoted otherwise."""
    if not isinstance(name, str):
        raise ValueError(f"table keys must be text, not {type(name).__name__}: {name!r}")
    return name if _BARE_KEY.fullmatch(name) else string(name)


#: keys as written, by key: a payload's few field names come back in every event
_keys: dict[str, str] = {}
_KEYS_KEPT = 4096


def _key(name: str) -> str:
    written = _keys.get(name) if type(name) is str else None
    if written is None:
        written = key(name)
        if len(_keys) < _KEYS_KEPT:
            _keys[name] = written
    return written


def string(text: str) -> str:
    """A TOML basic string on one line (JSON's escapes are TOML's, but for DEL)."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as error:
            raise ValueError(f"text that is not valid Unicode cannot be saved: {text!r}"
                             ) from error
    # what json.dumps(text, ensure_ascii=False) returns, without a JSONEncoder made a call
    return encode_basestring(text).replace("\x7f", "\\u007f")


_MINUTE = timedelta(minutes=1)


def _whole_minutes(offset: timedelta | None, item: object) -> None:
    if offset is not None and offset % _MINUTE:
        raise ValueError(f"TOML keeps UTC offsets in whole minutes only: {item!r}")


#: the deepest values may be nested (lists and tables in one another): tomllib, which reads
#: a block this deep, takes two calls of its own a level, and must have room to spare under
#: Python's limit of recursion wherever a journal is opened
MAX_DEPTH = 100


def value(item: Any, _depth: int = 0) -> str:
    """Any TOML value, inline."""
    kind = type(item)  # the usual values first, by their very type
    if kind is str:
        return string(item)
    if kind is int and _INT_MIN <= item <= _INT_MAX:
        return str(item)
    if _depth >= MAX_DEPTH:
        raise ValueError(f"values nested more than {MAX_DEPTH} deep cannot be saved")
    if kind is list or kind is tuple:
        return "[" + ", ".join([value(member, _depth + 1) for member in item]) + "]"
    if kind is dict:
        return table(item, _depth + 1)
    if kind is datetime:
        moment: datetime = item
        offset = moment.utcoffset()
        if offset is not None and offset % _MINUTE:
            raise ValueError(f"TOML keeps UTC offsets in whole minutes only: {item!r}")
        return moment.isoformat()
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int):
        if not _INT_MIN <= item <= _INT_MAX:
            raise ValueError(f"TOML integers are 64-bit; this one is too large: {item}")
        return str(int(item))  # int() so an IntEnum is written as its number
    if isinstance(item, float):
        if math.isnan(item):
            return "nan"
        if math.isinf(item):
            return "inf" if item > 0 else "-inf"
        return repr(float(item))
    if isinstance(item, str):
        return string(item)
    if isinstance(item, datetime):
        _whole_minutes(item.utcoffset(), item)
        return item.isoformat()
    if isinstance(item, time):
        if item.tzinfo is not None:
            raise ValueError(f"TOML has no time of day with a UTC offset: {item!r}")
        return item.isoformat()
    if isinstance(item, date):
        return item.isoformat()
    if isinstance(item, Mapping):
        return table(item, _depth + 1)
    if isinstance(item, list | tuple | frozenset | set):
        members = sorted(item) if isinstance(item, set | frozenset) else item
        return "[" + ", ".join([value(member, _depth + 1) for member in members]) + "]"
    raise ValueError(f"a {type(item).__name__} cannot be saved in the journal: {item!r}")


def table(mapping: Mapping[str, Any], _depth: int = 0) -> str:
    """An inline table; keys whose value is None are left out (TOML has no null)."""
    pairs = [f"{_key(k)} = {value(v, _depth)}" for k, v in mapping.items() if v is not None]
    return "{ " + ", ".join(pairs) + " }" if pairs else "{}"
