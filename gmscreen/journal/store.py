"""The campaign journal on disk: one TOML file, appended to one command at a time.

Layout::

    [campaign]
    format = 1
    game = "dust-devils"
    name = "The Hanged Man"
    created = 2026-11-22T17:00:00+00:00
    seed = 1234

    [[event]]
    seq = 1
    at = 2026-11-22T17:01:00+00:00
    session = 0
    kind = "note"
    data = { text = "The posse rides into Rattlesnake Wells." }

    [[event]]
    seq = 2
    ...
    step_size = 2
    data = { ... }

Every block ends with its `data` line. The events of one command (one undo step) are written
in one `write` and fsynced before the append returns; when a command causes more than one
event, its first block says how many (`step_size`), so a crash that cut a command short is
recognised even when the cut fell between two blocks. Loading keeps every complete command;
a torn tail (a block without its data line, without its last newline, padded with zeros by
a power cut, or a command missing events) is reported, and moved to a side file once the
journal, opened for writing, has been found sound. Anything else that is wrong is refused
with the file, the line and the problem, and the file is never written to.

Parsing works on bytes and block by block (`split_blocks`, `parse_header`, `parse_event`),
so that a reader can parse only the blocks it has not seen before.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import hashlib
import operator
import os
import re
import secrets
import socket
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from itertools import accumulate, repeat
from pathlib import Path
from typing import Any

from gmscreen.core.text import visible
from gmscreen.journal import tomlfmt, upcast
from gmscreen.journal.events import Event

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock; the lock is then advisory only
    fcntl = None  # type: ignore[assignment]

EVENT_LINE = b"[[event]]"
_AT_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")
_AT_END = "(at end of document)"
_DATA_LINE = re.compile(rb"\s*data\s*=")
_EVENT_HEADER = re.compile(r"^[ \t]*\[+[ \t]*event\b", re.MULTILINE)
#: Python refuses to read integers longer than this (sys.int_info.str_digits_check_threshold)
_LONG_DIGITS = 4300
_LONG_NUMBER = re.compile(rf"\d{{{_LONG_DIGITS},}}")
_LONG_NUMBER_BYTES = re.compile(rb"\d{%d,}" % _LONG_DIGITS)


class JournalError(Exception):
    """A journal that cannot be read or written; the message names the file and the line."""

    def __init__(self, path: Path | str, problem: str, line: int | None = None) -> None:
        where = f"{path}:{line}" if line is not None else f"{path}"
        super().__init__(f"{where}: {problem}")
        self.path = Path(path)
        self.line = line
        self.problem = problem


class JournalLocked(JournalError):
    """Another program holds the campaign for writing."""

    def __init__(self, path: Path, holder: str) -> None:
        super().__init__(path, f"already open for writing by {holder}")
        self.holder = holder


class JournalNotWritable(JournalError):
    """The journal (or its folder, for the lock) cannot be written: it can be read only."""


class JournalWriteError(JournalError):
    """An append that did not reach the disk; the journal is left as it was."""


@dataclass(frozen=True, slots=True)
class Header:
    """The `[campaign]` table."""

    format: int
    game: str
    name: str
    created: datetime
    seed: int

    def to_toml(self) -> str:
        return (
            "[campaign]\n"
            f"format = {tomlfmt.value(self.format)}\n"
            f"game = {tomlfmt.string(self.game)}\n"
            f"name = {tomlfmt.string(self.name)}\n"
            f"created = {tomlfmt.value(self.created)}\n"
            f"seed = {tomlfmt.value(self.seed)}\n"
        )


@dataclass(frozen=True, slots=True)
class Torn:
    """Bytes at the end of a journal that were not a complete command."""

    line: int
    size: int
    problem: str
    #: the side file the bytes were moved to; None while they are still in the journal
    set_aside: Path | None


@dataclass(frozen=True, slots=True)
class Loaded:
    header: Header
    events: list[Event]
    torn: Torn | None
    #: the line each event starts on, to name it in messages about the history
    lines: list[int] = field(default_factory=list)


# -- writing blocks --------------------------------------------------------------------------


def event_block(event: Event, step_size: int | None = None) -> str:
    """The text of one `[[event]]` block, ending with its data line and a blank line.

    `step_size` is written on the first event of a command that caused several events."""
    lines = [
        "[[event]]",
        f"seq = {tomlfmt.value(event.seq)}",
        f"at = {tomlfmt.value(event.at)}",
        f"session = {tomlfmt.value(event.session)}",
        f"kind = {tomlfmt.string(event.kind)}",
    ]
    if event.step != event.seq:
        lines.append(f"step = {tomlfmt.value(event.step)}")
    if step_size is not None and step_size > 1:
        lines.append(f"step_size = {step_size}")
    lines.append(f"data = {tomlfmt.table(event.data)}")
    return "\n".join(lines) + "\n\n"


def encode_events(events: Sequence[Event]) -> tuple[bytes, _Encoded]:
    """The bytes that append whole commands, and the events exactly as a reader will see them
    (tuples become lists, None is left out...). ValueError if anything cannot be saved or
    would not read back as written; nothing is written then."""
    sizes: dict[int, int] = {}
    for event in events:
        sizes[event.step] = sizes.get(event.step, 0) + 1
    firsts = {event.seq for event in events if event.step == event.seq}
    texts: list[str] = []
    saved = _Encoded()
    for event in events:
        if event.step not in firsts:
            raise ValueError(f"event {event.seq} continues step {event.step}, which is not "
                             "in the same append: a command's events are saved together")
        try:
            text = event_block(event, sizes[event.step] if event.step == event.seq else None)
        except RecursionError:
            raise ValueError(f"event {event.seq} ({event.kind}) holds values nested too "
                             "deeply to save") from None
        try:
            back = _read_back(text, event.seq)
        except JournalError as error:
            raise ValueError(f"event {event.seq} ({event.kind}) would not read back: "
                             f"{error.problem}") from None
        texts.append(text)
        saved.append(back)
    saved.data = "".join(texts).encode("utf-8")
    saved.block_lines = [text.count("\n") for text in texts]
    return saved.data, saved


class _Encoded(list[Event]):
    """Events as `encode_events` read them back, with the bytes they were encoded to: an
    append of these very events (a campaign encodes them first, to check them) need not
    encode them again."""

    data = b""
    #: the lines of each event's block, which every one starts on a line of its own
    block_lines: list[int] = []  # noqa: RUF012 - set on each object, never changed in place


def _read_back(text: str, seq: int) -> Event:
    """The event of the one block `text`, as a reader will read it: with the fast parser,
    as `parse_journal` reads, or else (or if it finds anything amiss) with tomllib, which
    names what is wrong. (tomllib alone took four fifths of an append's own time.)"""
    fast = _fast()
    if (fast is not None and text.count("[") + text.count("{") <= _FAST_BRACKETS
            and not (len(text) >= _LONG_DIGITS and _LONG_NUMBER.search(text))):
        try:
            doc = fast(text)
            tables = doc.get("event")
            if len(doc) == 1 and isinstance(tables, list) and len(tables) == 1 \
                    and isinstance(tables[0], dict):
                return _check_event(_NEW_EVENT, text, 1, tables[0], seq, upcast.FORMAT)[0]
        except Exception:  # tomllib, below, says what it is
            pass
    return _parse_block(_NEW_EVENT, text, 1, seq, upcast.FORMAT)[0]


_NEW_EVENT = Path("<new event>")


# -- reading ---------------------------------------------------------------------------------


def _key_line(text: str, name: str, first_line: int) -> int:
    """The line where `name = ...` or `[name]` is, or the first line when it cannot be found."""
    found = re.search(rf"^[ \t]*(\[+[ \t]*)?{re.escape(name)}[ \t]*[=\].]", text, re.MULTILINE)
    return first_line + text.count("\n", 0, found.start()) if found else first_line


def _loads(path: Path, text: str, first_line: int) -> dict[str, Any]:
    """tomllib.loads, with every way it can fail turned into a JournalError naming the line."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = _AT_LINE.search(message)
        if found:
            line = int(found.group(1))
        elif _AT_END in message:
            line = text.count("\n") + (0 if text.endswith("\n") else 1)
        else:
            line = 1
        problem = _AT_LINE.sub("", message).replace(_AT_END, "").strip()
        raise JournalError(path, problem, first_line + max(line, 1) - 1) from None
    except RecursionError:
        lines = text.split("\n")
        deepest = max(range(len(lines)), key=lambda i: lines[i].count("{") + lines[i].count("["))
        raise JournalError(path, "values are nested too deeply to read",
                           first_line + deepest) from None
    except ValueError as error:  # an integer too long for Python to convert
        long = _LONG_NUMBER.search(text)
        line = first_line + (text.count("\n", 0, long.start()) if long else 0)
        raise JournalError(path, f"a value cannot be read: {error}", line) from None


def _decode(path: Path, raw: bytes, first_line: int) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = first_line + raw.count(b"\n", 0, error.start)
        raise JournalError(path, "the file is not UTF-8 text", line) from None


def parse_header(path: Path, text: str) -> Header:
    """The `[campaign]` table of the text before the first event (the file's own format)."""
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors add
    try:
        doc = _loads(path, text, 1)
    except JournalError as error:
        raise JournalError(path, f"not a gmscreen journal: {error.problem}", error.line) from None
    if "event" in doc:
        found = _EVENT_HEADER.search(text)
        line = 1 + text.count("\n", 0, found.start()) if found else 1
        raise JournalError(path, "every event must start with a line that reads exactly "
                           "[[event]]", line)
    table = doc.get("campaign")
    if not isinstance(table, dict):
        raise JournalError(path, "not a gmscreen journal: there is no [campaign] table", 1)
    version = table.get("format")
    try:
        table = upcast.upcast_header(table)
    except upcast.FormatError as error:
        raise JournalError(path, str(error), _key_line(text, "format", 1)) from None
    expected: dict[str, type] = {
        "format": int, "game": str, "name": str, "created": datetime, "seed": int,
    }
    for name, kind in expected.items():
        if name not in table:
            raise JournalError(path, f"[campaign] has no {name!r}", 1)
        if not isinstance(table[name], kind) or isinstance(table[name], bool):
            raise JournalError(path, f"[campaign] {name!r} must be {_kind_name(kind)}",
                               _key_line(text, name, 1))
    assert isinstance(version, int)  # upcast_header checked it
    return Header(version, table["game"], table["name"], table["created"], table["seed"])


def _kind_name(kind: type) -> str:
    return {int: "a whole number", str: "text", datetime: "a date and time",
            dict: "a table"}.get(kind, kind.__name__)


def _parse_block(
    path: Path, text: str, line: int, expected_seq: int, fmt: int
) -> tuple[Event, int | None]:
    """One block to an Event and the step size it declares; JournalError names the line."""
    doc = _loads(path, text, line)
    blocks = doc.get("event")
    if not isinstance(blocks, list) or len(blocks) != 1 or not isinstance(blocks[0], dict):
        raise JournalError(path, "an [[event]] block must hold exactly one event", line)
    others = sorted(set(doc) - {"event"})
    if others:
        raise JournalError(path, f"an [[event]] block holds only its event, not {others[0]!r}",
                           _key_line(text, others[0], line))
    return _check_event(path, text, line, blocks[0], expected_seq, fmt)


def _check_event(
    path: Path, text: str, line: int, table: dict[str, Any], expected_seq: int, fmt: int
) -> tuple[Event, int | None]:
    """The Event an [[event]] table holds, and the step size it declares; JournalError names
    the line (`text` is the block's, to find the line of a bad key)."""
    if fmt == upcast.FORMAT:  # the usual event, checked at once; anything else, below
        usual = _usual_events([table], expected_seq)
        if usual is not None:
            return usual[0]
    record: dict[str, Any] = upcast.upcast_event(table, fmt)
    typed: dict[str, type] = {"seq": int, "at": datetime, "session": int, "kind": str,
                              "data": dict}
    for name, kind in typed.items():
        if name not in record:
            raise JournalError(path, f"event has no {name!r}", line)
        if not isinstance(record[name], kind) or isinstance(record[name], bool):
            raise JournalError(path, f"event {name!r} must be {_kind_name(kind)}",
                               _key_line(text, name, line))
    seq: int = record["seq"]
    if seq != expected_seq:
        raise JournalError(path, f"event seq is {seq}, expected {expected_seq}",
                           _key_line(text, "seq", line))
    if record["session"] < 0:
        raise JournalError(path, "event session cannot be negative",
                           _key_line(text, "session", line))
    step = record.get("step", seq)
    if not isinstance(step, int) or isinstance(step, bool) or not 1 <= step <= seq:
        raise JournalError(path, "event step must be the seq of an earlier or the same event",
                           _key_line(text, "step", line))
    size = record.get("step_size")
    if size is not None and (not isinstance(size, int) or isinstance(size, bool) or size < 2
                             or step != seq):
        raise JournalError(path, "step_size must be a whole number from 2, on the first event "
                           "of a step", _key_line(text, "step_size", line))
    event = Event(seq, record["at"], record["session"], record["kind"], record["data"], step)
    return event, size


def _usual_events(tables: list[Any], seq: int) -> list[tuple[Event, int | None]] | None:
    """The events of [[event]] tables of today's format, numbered from `seq`, each with the
    step size it declares, when every one is plainly right; None when one is not (and
    `_check_event` says what is wrong with it). One loop for many: a journal's first read
    checks a hundred thousand."""
    found: list[tuple[Event, int | None]] = []
    append = found.append
    for table in tables:
        if type(table) is not dict:
            return None
        get = table.get
        number, at, session, kind, data = (get("seq"), get("at"), get("session"), get("kind"),
                                           get("data"))
        first, declared = get("step", number), get("step_size")
        if not (type(number) is int and number == seq and type(at) is datetime
                and type(session) is int and session >= 0 and type(kind) is str
                and type(data) is dict and type(first) is int and 1 <= first <= number
                and (declared is None or (type(declared) is int and declared >= 2
                                          and first == number))):
            return None
        append((Event(number, at, session, kind, data, first), declared))
        seq += 1
    return found


def parse_event(path: Path, text: str, line: int, expected_seq: int, fmt: int) -> Event:
    """One block to an Event, or JournalError naming the line in the whole file."""
    return _parse_block(path, text, line, expected_seq, fmt)[0]


def _block_starts(raw: bytes) -> list[int]:
    starts: list[int] = []
    if raw.startswith(EVENT_LINE + b"\n") or raw.startswith(EVENT_LINE + b"\r") \
            or raw == EVENT_LINE:
        starts.append(0)
    starts += [found.start() + 1 for found in _EVENT_LINE_AFTER_NEWLINE.finditer(raw)]
    # a write cut inside the `[[event]]` line leaves the start of it as the file's last line
    last = raw.rfind(b"\n") + 1
    if 0 < last < len(raw) and EVENT_LINE.startswith(raw[last:]) and raw[last:] != EVENT_LINE:
        starts.append(last)
    return starts


#: a line that reads exactly `[[event]]`, after the newline that ends the line before it
_EVENT_LINE_AFTER_NEWLINE = re.compile(rb"\n" + re.escape(EVENT_LINE) + rb"(?=[\r\n]|\Z)")


def split_blocks(raw: bytes) -> tuple[bytes, list[tuple[int, bytes]]]:
    """The header bytes, and each event block with the line it starts on (1-based).

    A block starts at a line that reads exactly `[[event]]`; a last line that is only the
    beginning of one (a write cut short) starts a block too, so it is seen as torn."""
    header, bounds = _bounds(raw)
    return raw[:header], [(line, raw[start:stop]) for line, start, stop in bounds]


def _bounds(raw: bytes, first_line: int = 1) -> tuple[int, list[tuple[int, int, int]]]:
    """Where the header ends, and where each event block is: (the line it starts on, its
    first byte, the byte after it), as split_blocks has them, without copying a byte."""
    starts = _block_starts(raw)
    header = starts[0] if starts else len(raw)
    stops = [*starts[1:], len(raw)]
    # the newlines of each block counted in C (map), not in a loop of Python
    lines = accumulate(map(raw.count, repeat(b"\n"), starts, stops),
                       initial=first_line + raw.count(b"\n", 0, header))
    return header, list(zip(lines, starts, stops))  # noqa: B905 - one line more than blocks


def _cut_short(chunk: bytes) -> bool:
    """Whether a last block that does not read looks like a write cut short (its bytes are set
    aside) rather than damage (refused): the writer ends every block with its data line and a
    newline, and a power cut can leave zeros where bytes were to go."""
    if not chunk.endswith(b"\n") or b"\0" in chunk:
        return True
    lines = [line for line in chunk.splitlines() if line.strip()]
    return not _DATA_LINE.match(lines[-1])


def _fast_loads() -> Callable[[str], dict[str, Any]] | None:
    try:
        import toml_rs
    except ImportError:  # the journal reads without it, five to ten times slower
        return None
    # TOML 1.0, as tomllib reads it: a journal never holds what only 1.1 allows
    return functools.partial(toml_rs.loads, toml_version="1.0.0")


#: the fast parser (toml-rs), None where it is missing; set on the first parse, not when
#: this module loads: a campaign opened from its cache parses only what was appended since,
#: often nothing, and the import was a part of every start of the app
_FAST: Callable[[str], dict[str, Any]] | None


def _fast() -> Callable[[str], dict[str, Any]] | None:
    global _FAST
    try:
        return _FAST
    except NameError:
        _FAST = _fast_loads()
        return _FAST


def __getattr__(name: str) -> Any:
    if name == "_FAST":  # read from outside before the first parse
        return _fast()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
#: blocks read in one call of the fast parser (and between two progress reports): fewer
#: than a thousand read quicker, what the parser made still in the processor's cache
FAST_CHUNK = 200
#: the fast parser has no limit on nesting (deep enough, it crashes the process): a block
#: with more opening brackets than this is read by tomllib, which refuses it cleanly
_FAST_BRACKETS = 100

#: told how far a long read has come: (stage, done, total), the stage "reading" (bytes of
#: the journal) or "replaying" (events folded into the state)
Progress = Callable[[str, int, int], None]


def _fast_chunk(
    path: Path, chunk: list[tuple[int, int, int]], body: bytes, first_seq: int, fmt: int
) -> list[tuple[Event, int | None]] | None:
    """The events of consecutive blocks of `body` (see `_bounds`) read in one call of the
    fast parser, or None when anything is not plainly right: the blocks are then read one
    by one with tomllib, which gives the same events or the message naming the line. Read
    together, the blocks give one event each exactly when each alone is one [[event]] table
    (see split_blocks)."""
    fast = _fast()
    if fast is None:
        return None
    # each block's brackets counted, and its length taken, in C (map), not a loop of Python
    starts, stops = [start for _, start, _ in chunk], [stop for _, _, stop in chunk]
    if max(map(operator.add, map(body.count, repeat(b"["), starts, stops),
               map(body.count, repeat(b"{"), starts, stops))) > _FAST_BRACKETS:
        return None
    # the fast parser reads integers of any length, which Python refuses to convert
    if max(map(operator.sub, stops, starts)) >= _LONG_DIGITS and any(
            _LONG_NUMBER_BYTES.search(body, start, stop) for _, start, stop in chunk):
        return None
    try:
        doc = fast(body[chunk[0][1] : chunk[-1][2]].decode("utf-8"))
    except Exception:  # not UTF-8, not TOML, a number too large...: the slow path says which
        return None
    tables = doc.get("event")
    if len(doc) != 1 or not isinstance(tables, list) or len(tables) != len(chunk):
        return None
    if fmt == upcast.FORMAT:
        usual = _usual_events(tables, first_seq)
        if usual is not None:
            return usual
    found: list[tuple[Event, int | None]] = []
    for index, ((line, _, _), table) in enumerate(zip(chunk, tables, strict=True)):
        if not isinstance(table, dict):
            return None
        try:
            found.append(_check_event(path, "", line, table, first_seq + index, fmt))
        except JournalError:
            return None
    return found


@dataclass(frozen=True, slots=True)
class Known:
    """What an earlier read found in the first `size` bytes of this journal (the caller has
    checked that they are the same bytes): its header, and events that end a command."""

    size: int
    header: Header
    events: list[Event]
    lines: list[int]


def _continues(body: bytes, size: int) -> bool:
    """Whether `size` bytes of `body` end where a block ends, whatever follows them."""
    if not 0 < size <= len(body) or body[size - 1 : size] != b"\n":
        return False
    tail = body[size : size + len(EVENT_LINE) + 1]
    return tail in (b"", EVENT_LINE + b"\n", EVENT_LINE + b"\r")


def parse_journal(path: Path, raw: bytes, *, known: Known | None = None,
                  progress: Progress | None = None) -> Loaded:
    """Every complete command; a torn tail is reported, not set aside (JournalStore.settle).
    With `known`, the blocks it covers are not read again, only the blocks after them."""
    body = raw.rstrip(b"\0")
    events: list[Event] = []
    lines: list[int] = []
    if known is not None and _continues(body, known.size):
        header = known.header
        events.extend(known.events)
        lines.extend(known.lines)
        tail = body[known.size:]
        blocks = [(line, known.size + start, known.size + stop) for line, start, stop
                  in _bounds(tail, body.count(b"\n", 0, known.size) + 1)[1]]
    else:
        head, blocks = _bounds(body)
        header = parse_header(path, _decode(path, body[:head], 1))
    first_new = len(events)
    fast: list[tuple[Event, int | None] | None] = [None] * len(blocks)
    for start in range(0, len(blocks), FAST_CHUNK):
        group = blocks[start : start + FAST_CHUNK]
        read = _fast_chunk(path, group, body, first_new + start + 1, header.format)
        if read is not None:
            fast[start : start + len(read)] = read
        if progress is not None:
            progress("reading", group[-1][2], len(body))
    torn_offset = len(body)
    problem = "zero bytes after the last event (a write cut short by a power cut)"
    step_size: int | None = None  # the size the newest step declared
    step_first = first_new  # the index in `events` of the newest step's first event
    count = first_new  # the events taken so far
    append = events.append
    for index, parsed in enumerate(fast):
        if parsed is None:
            line, start, stop = blocks[index]
            chunk = body[start:stop]
            try:
                parsed = _parse_block(path, _decode(path, chunk, line), line, count + 1,
                                      header.format)
            except JournalError as error:
                if index < len(blocks) - 1 or not _cut_short(chunk):
                    raise
                torn_offset, problem = start, f"the last event was cut off: {error.problem}"
                break
        event, size = parsed
        if event.step == event.seq:
            if step_size is not None and count - step_first != step_size:
                raise JournalError(path, f"the step of event {events[step_first].seq} has "
                                   f"{count - step_first} events, it says {step_size}",
                                   blocks[step_first - first_new][0])
            step_size, step_first = size, count
        elif step_size is not None and count - step_first >= step_size:
            raise JournalError(path, f"the step of event {event.step} says it has {step_size} "
                               "events; this is one more", blocks[index][0])
        elif first_new and count == first_new:
            # only the whole journal says what is wrong with going on with a known command
            return parse_journal(path, raw, progress=progress)
        append(event)
        count += 1
    # each event's block starts where the one before it ended
    lines.extend([line for line, _, _ in blocks[: count - first_new]])
    if step_size is not None and count - step_first < step_size:
        # the command's first events reached the disk, its last did not: it never happened
        problem = (f"the last command was cut off: {count - step_first} of its "
                   f"{step_size} events were saved")
        torn_offset = blocks[step_first - first_new][1]
        del events[step_first:], lines[step_first:]
    torn = None
    if torn_offset < len(raw):
        torn = Torn(raw.count(b"\n", 0, torn_offset) + 1, len(raw) - torn_offset, problem, None)
    # a control character in a string would be obeyed by a terminal wherever it is shown:
    # read as a visible stand-in (only the bytes just read are looked at, at C speed)
    if _has_controls(body, 0 if first_new == 0 else (known.size if known else 0)):
        header = replace(header, name=visible(header.name, lines=False))
        events[first_new:] = [replace(e, data=_visible_data(e.data))
                              for e in events[first_new:]]
    return Loaded(header, events, torn, lines)


#: a control character or a bidi override, escaped in a TOML string or raw in UTF-8
_CONTROLS = re.compile(
    rb"\\u00[01][0-9a-fA-F]|\\u007[fF]|\\u00[89][0-9a-fA-F]|\\u20(?:0[eEfF]|2[a-eA-E]|6[6-9])"
    rb"|\\U0000[0-9a-fA-F]{4}|\\[ex]|\xc2[\x80-\x9f]|\xe2\x80[\x8e\x8f\xaa-\xae]"
    rb"|\xe2\x81[\xa6-\xa9]")


#: the bytes every match of _CONTROLS starts with
_CONTROL_STARTS = (b"\\", b"\xc2", b"\xe2")


def _has_controls(body: bytes, start: int) -> bool:
    """Whether `_CONTROLS` finds anything in `body` from `start`: the regular expression is
    run from the first byte one of its matches could start with (found at memchr's speed;
    most journals have none, and it took as long as a tenth of a large journal's read)."""
    found = [at for at in (body.find(first, start) for first in _CONTROL_STARTS) if at >= 0]
    return bool(found) and _CONTROLS.search(body, min(found)) is not None


#: the characters that take no room (`core.text.unseen_in`) as a journal may hold them: raw
#: in UTF-8, or escaped in a TOML string
_UNSEEN_RAW = (b"\xe2\x80\x8b", b"\xe2\x81\xa0", b"\xef\xbb\xbf")
_UNSEEN_ESCAPED = re.compile(rb"\\(?:u|U0000)(?:200[bB]|2060|[fF][eE][fF][fF])")


def holds_unseen(body: bytes) -> bool:
    """Whether `body` (a journal's bytes) holds a character that takes no room on the
    screen, raw or escaped: quick searches, so that `check` looks into the events only
    where there is one (a name that reads as another)."""
    return any(raw in body for raw in _UNSEEN_RAW) or _UNSEEN_ESCAPED.search(body) is not None


def _visible_data(value: Any) -> Any:
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, list):
        return [_visible_data(v) for v in value]
    if isinstance(value, dict):
        return {k: _visible_data(v) for k, v in value.items()}
    return value


# -- the file --------------------------------------------------------------------------------


class JournalStore:
    """One journal file, opened for reading or held for writing with a lock."""

    def __init__(self, path: Path, *, writable: bool) -> None:
        self.path = path
        self.writable = writable
        self._lock_fd: int | None = None
        self._fd: int | None = None
        #: the device and inode of the file `_fd` is open on, once asked
        self._file_id: tuple[int, int] | None = None
        #: the file's size as this store last loaded or wrote it; appends check it is still so
        self._size: int | None = None
        #: what `settle` has still to do: (a torn tail, the bytes to keep, a missing newline)
        self._unsettled: tuple[Torn | None, int, bool] | None = None
        #: the hash and size of the bytes the loaded and appended events came from
        self._sound: hashlib._Hash | None = None
        self._sound_size = 0
        #: the line the next block appended will start on
        self._next_line = 1
        #: the line each event appended since `load` starts on
        self.appended_lines: list[int] = []

    # -- creating and opening -------------------------------------------------------------

    @classmethod
    def create(cls, path: Path, header: Header, events: Sequence[Event] = ()) -> JournalStore:
        """Write a new journal (atomically: a temporary file linked into place, which never
        replaces a file already there) and open it for writing."""
        path = Path(path)
        if path.exists() or path.is_symlink():
            raise JournalError(path, "a file of that name already exists; it was left alone")
        if not path.parent.is_dir():
            raise JournalError(path, "the folder does not exist")
        try:
            data = header.to_toml().encode("utf-8") + b"\n" + encode_events(events)[0]
        except ValueError as error:
            raise JournalError(path, f"could not create the journal: {error}") from None
        try:
            _create_exclusive(path, data)
        except FileExistsError:
            raise JournalError(path, "a file of that name already exists; it was left alone"
                               ) from None
        except OSError as error:
            raise JournalError(path, f"could not create the journal: "
                               f"{error.strerror or error}") from None
        _fsync_dir(path.parent)
        store = cls.open(path)
        store._size = len(data)
        return store

    @classmethod
    def copy(cls, source: Path, path: Path, seed: int) -> None:
        """Write a copy of the journal at `source` to `path` (never replacing a file there),
        its events byte for byte, with `seed` for the app's own draws from now on (the
        events already hold every card and die drawn before)."""
        raw = source.read_bytes()
        head, _ = split_blocks(raw)
        header = replace(parse_header(source, _decode(source, head, 1)), seed=seed)
        try:
            _create_exclusive(path, header.to_toml().encode("utf-8") + b"\n" + raw[len(head):])
        except FileExistsError:
            raise JournalError(path, "a file of that name already exists; it was left alone"
                               ) from None
        except OSError as error:
            raise JournalError(path, f"could not copy the journal: {error.strerror or error}"
                               ) from None
        _fsync_dir(path.parent)

    @classmethod
    def open(cls, path: Path, *, writable: bool = True) -> JournalStore:
        """Open a journal; for writing, take its lock (JournalLocked when another program
        holds it, JournalNotWritable when the file or its folder cannot be written)."""
        path = Path(path)
        if not path.is_file():
            raise JournalError(path, _not_a_journal_file(path))
        store = cls(path, writable=writable)
        if writable:
            store._take_lock()
            try:
                store._fd = os.open(path, os.O_RDWR | os.O_APPEND)
            except OSError as error:
                store.close()
                raise JournalNotWritable(path, f"cannot be written: {error.strerror}") from None
        return store

    @property
    def lock_path(self) -> Path:
        return lock_path_of(self.path)

    def _take_lock(self) -> None:
        lock_path = self.lock_path
        while True:
            try:
                fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as error:
                raise JournalNotWritable(self.path, f"cannot be locked for writing: "
                                         f"{error.strerror}") from None
            if fcntl is None:
                break
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                holder = os.read(fd, 400).decode("utf-8", "replace").strip() or "another program"
                os.close(fd)
                raise JournalLocked(self.path, holder) from None
            # the holder before us removes the lock file as it lets go: a lock taken on a
            # file no longer at that path locks nothing, so take it again on the new one
            try:
                if _same_file(os.fstat(fd), os.stat(lock_path)):
                    break
            except OSError:
                pass
            os.close(fd)
        started = datetime.now().astimezone().strftime("%Y-%m-%d %H:%M")
        with contextlib.suppress(OSError):  # the holder's name is a courtesy, not the lock
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"gmscreen (pid {os.getpid()} on {socket.gethostname()}, "
                      f"since {started})\n".encode(), 0)
        self._lock_fd = fd

    def close(self) -> None:
        if self._lock_fd is not None:
            # nothing is left beside the journal once nothing holds it: the lock file goes
            # while it is still locked (see _take_lock for the one who was waiting)
            with contextlib.suppress(OSError):
                if _same_file(os.fstat(self._lock_fd), os.stat(self.lock_path)):
                    self.lock_path.unlink()
        for fd in (self._fd, self._lock_fd):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._fd = self._lock_fd = None
        self._file_id = None

    def __enter__(self) -> JournalStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- reading ----------------------------------------------------------------------------

    def read_bytes(self) -> bytes:
        try:
            if self._fd is None:
                return self.path.read_bytes()
            self._follow_path()
            parts: list[bytes] = []
            offset = 0
            while chunk := os.pread(self._fd, 1 << 20, offset):
                parts.append(chunk)
                offset += len(chunk)
            return b"".join(parts)
        except OSError as error:
            raise JournalError(self.path, f"cannot read the journal: {error.strerror}") from None

    def _follow_path(self) -> None:
        """Reopen the file when its name now points elsewhere (an editor saved over it while
        nothing was loaded yet), so what is read is what will be appended to."""
        assert self._fd is not None
        if not _same_file(os.fstat(self._fd), os.stat(self.path)):
            fd = os.open(self.path, os.O_RDWR | os.O_APPEND)
            os.close(self._fd)
            self._fd, self._file_id = fd, None

    def load(self, raw: bytes | None = None, *, known: Known | None = None,
             progress: Progress | None = None) -> Loaded:
        """Parse the journal (`raw`: its bytes, when the caller has read them already); this
        changes nothing on disk. Opened for writing, a torn tail is set aside by `settle`
        (Campaign.load calls it once the campaign is sound), or at the latest before the next
        append. `known` and `progress` are parse_journal's."""
        if raw is None:
            raw = self.read_bytes()
        loaded = parse_journal(self.path, raw, known=known, progress=progress)
        keep = len(raw) - loaded.torn.size if loaded.torn else len(raw)
        self._sound = hashlib.sha256(memoryview(raw)[:keep])
        self._sound_size = keep
        self._next_line = raw.count(b"\n", 0, keep) + 1
        self.appended_lines = []
        if self.writable:
            self._size = len(raw)
            self._unsettled = (loaded.torn, keep, bool(raw) and not raw.endswith(b"\n"))
        return loaded

    def sound(self) -> tuple[int, bytes] | None:
        """The size and sha256 of the bytes that hold the events loaded and appended since
        (what a cache of those events is keyed by); None before `load`."""
        if self._sound is None:
            return None
        return self._sound_size, self._sound.digest()

    def settle(self) -> Torn | None:
        """Make the loaded file ready for appending: move a torn tail to a side file (and
        return it, saying where), or end a hand-edited last line with its newline."""
        if self._unsettled is None:
            return None
        torn, keep, unended = self._unsettled
        self._unsettled = None
        if torn is not None:
            return self._set_aside(torn, keep)
        if unended:
            self._write_all(b"\n")
        return None

    def _set_aside(self, torn: Torn, keep: int) -> Torn:
        assert self._fd is not None
        self._check_unchanged()
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        base = f"{self.path.name}.torn-{stamp}"
        try:
            tail = os.pread(self._fd, torn.size, keep)
            if len(tail) != torn.size:
                raise OSError(errno.EIO, "the torn bytes could not be read back")
            side = _write_new(self.path.parent, base, tail)
            _fsync_dir(self.path.parent)
            os.ftruncate(self._fd, keep)
            os.fsync(self._fd)
        except OSError as error:
            raise JournalError(self.path, f"a torn last event could not be set aside: "
                               f"{error.strerror or error}", torn.line) from None
        self._size = keep
        return Torn(torn.line, torn.size, torn.problem, side)

    # -- writing ----------------------------------------------------------------------------

    def append(self, events: Sequence[Event]) -> list[Event]:
        """Write whole commands' blocks, flush and fsync. Returns the events as they will read
        back. JournalWriteError (nothing saved, the file as it was) if the disk refuses;
        ValueError if an event cannot be saved at all."""
        encoded = events if isinstance(events, _Encoded) else encode_events(events)[1]
        data, saved = encoded.data, list(encoded)
        if self._unsettled is not None:
            self.settle()  # first, as it may add a newline, which moves the lines below
        lines = list(accumulate(encoded.block_lines, initial=self._next_line))[:-1]
        self._write_all(data)
        self.appended_lines.extend(lines)
        return saved

    def _check_unchanged(self) -> None:
        """JournalWriteError unless the file is still the one loaded, as it was left."""
        assert self._fd is not None
        try:
            if self._file_id is None:
                here = os.fstat(self._fd)
                self._file_id = here.st_dev, here.st_ino
            # the path still names the file written to, as large as this store left it (one
            # call: the file's own size is the size of whatever file the path names)
            now = os.stat(self.path)
        except OSError as error:
            raise JournalWriteError(self.path, f"nothing was saved: {error.strerror}") from None
        if (now.st_dev, now.st_ino) != self._file_id or now.st_size != self._size:
            raise JournalWriteError(self.path, "another program changed the journal since it "
                                    "was opened; nothing was saved. Close it and open it again")

    def _write_all(self, data: bytes) -> None:
        if not self.writable or self._fd is None:
            raise JournalWriteError(self.path, "the journal is open read only; nothing was saved")
        if self._size is None:
            raise JournalWriteError(self.path, "load the journal before appending to it")
        if self._unsettled is not None:
            self.settle()
        self._check_unchanged()
        try:
            view = memoryview(data)
            while view:
                written = os.write(self._fd, view)
                if written <= 0:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                view = view[written:]
            os.fsync(self._fd)
        except OSError as error:
            try:
                os.ftruncate(self._fd, self._size)
                cut_back = os.fstat(self._fd).st_size == self._size
            except OSError:
                cut_back = False
            with contextlib.suppress(OSError):  # best effort: the disk is failing already
                os.fsync(self._fd)
            reason = error.strerror or str(error)
            if not cut_back:
                raise JournalWriteError(self.path, f"nothing was saved ({reason}), and the "
                                        "half-written event could not be removed: it will be "
                                        "set aside when the journal is opened again") from None
            raise JournalWriteError(self.path, f"nothing was saved ({reason})") from None
        self._size += len(data)
        if self._sound is not None:
            self._sound.update(data)
            self._sound_size += len(data)
            self._next_line += data.count(b"\n")


def lock_path_of(journal: Path) -> Path:
    """The file a writer locks to hold `journal` (removed when it lets go)."""
    return journal.with_name(journal.name + ".lock")


def lock_is_free(journal: Path) -> bool:
    """Whether no program holds `journal` for writing now (asked without taking it)."""
    if fcntl is None:
        return True
    try:
        fd = os.open(lock_path_of(journal), os.O_RDONLY)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return False
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return True
    finally:
        os.close(fd)


def _not_a_journal_file(path: Path) -> str:
    """Why `path` cannot be opened as a journal, in words."""
    try:
        os.stat(path)
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "a symbolic link that leads back to itself, not a journal file"
        if path.is_symlink():
            return f"a symbolic link to {os.readlink(path)}, which is not there"
        return "no such journal file"
    return "not a file (a folder?)"


def _same_file(one: os.stat_result, other: os.stat_result) -> bool:
    return (one.st_dev, one.st_ino) == (other.st_dev, other.st_ino)


def _create_exclusive(path: Path, data: bytes) -> None:
    """Put `data` at `path` whole or not at all, never replacing a file already there."""
    fd, temporary = _temporary(path)
    try:
        with open(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(temporary, path)  # fails if the name was taken meanwhile
        except OSError as error:
            if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK,
                                   errno.ENOSYS):
                raise
            # a file system without hard links (FAT, some network shares): exclusive create
            _write_exclusive(path, data)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def _temporary(path: Path) -> tuple[int, Path]:
    """A new hidden file beside `path`, with the permissions a plain new file gets (mkstemp's
    would be owner-only)."""
    while True:
        temporary = path.with_name(f".{path.name}.{secrets.token_hex(6)}.new")
        try:
            return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), temporary
        except FileExistsError:
            continue


def _write_exclusive(path: Path, data: bytes) -> None:
    with open(path, "xb") as out:
        try:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        except OSError:
            with contextlib.suppress(OSError):
                path.unlink()
            raise


def _write_new(folder: Path, base: str, data: bytes) -> Path:
    """Write `data` to a new file named `base` (or `base-2`, `base-3`...), fsynced."""
    for number in range(1, 10_000):
        path = folder / (base if number == 1 else f"{base}-{number}")
        try:
            _write_exclusive(path, data)
        except FileExistsError:
            continue
        return path
    raise OSError(errno.EEXIST, "too many side files of that name")


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def new_header(game: str, name: str, seed: int, created: datetime | None = None) -> Header:
    return Header(upcast.FORMAT, game, name,
                  created or datetime.now().astimezone().replace(microsecond=0), seed)


def upgrade_journal(path: Path) -> Path:
    """Rewrite a journal saved in an older format in today's format, so it can be written to
    again. The old file is kept beside it, unchanged, as `<name>.format-<N>.toml`; returns
    that path. The journal's name points to the old file or the new one at every moment."""
    path = Path(path)
    with JournalStore.open(path) as store:
        loaded = store.load()
        old = loaded.header.format
        if old == upcast.FORMAT:
            raise JournalError(path, f"already in journal format {old}")
        header = Header(upcast.FORMAT, loaded.header.game, loaded.header.name,
                        loaded.header.created, loaded.header.seed)
        try:
            data = header.to_toml().encode("utf-8") + b"\n" + encode_events(loaded.events)[0]
        except ValueError as error:
            raise JournalError(path, f"cannot be upgraded: {error}") from None
        backup = path.with_name(f"{path.stem}.format-{old}{path.suffix}")
        try:
            fd, temporary = _temporary(path)
            with open(fd, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            try:
                backup = _keep_copy(path, backup)
                os.replace(temporary, path)
            finally:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
            _fsync_dir(path.parent)
        except OSError as error:
            raise JournalError(path, f"cannot be upgraded: {error.strerror or error}") from None
    return backup


def _keep_copy(path: Path, backup: Path) -> Path:
    """A second name for the file at `path` (a copy where hard links are not allowed)."""
    for number in range(1, 10_000):
        target = backup if number == 1 else backup.with_name(
            f"{backup.stem}-{number}{backup.suffix}")
        try:
            os.link(path, target)
        except FileExistsError:
            continue
        except OSError as error:
            if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
                raise
            try:
                _write_exclusive(target, path.read_bytes())
            except FileExistsError:
                continue
        return target
    raise OSError(errno.EEXIST, "too many backups of that name")

