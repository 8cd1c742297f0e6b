"""The campaign journal on disk: one TOML file, appended to one event block at a time.

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

Every block ends with its `data` line, written in one `write` and fsynced before the append
returns, so a crash leaves at most one torn block at the very end. Loading keeps every
complete block; a torn last block is set aside in a side file (when the journal is opened
for writing) and reported. Anything else that is wrong is refused with the file, the line
and the problem, and the file is never written to.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from gmscreen.journal import tomlfmt
from gmscreen.journal.events import Event
from gmscreen.journal.upcast import FORMAT, upcast_event, upcast_header

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock; the lock is then advisory only
    fcntl = None  # type: ignore[assignment]

EVENT_LINE = b"[[event]]"
_AT_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")


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
            f"format = {self.format}\n"
            f"game = {tomlfmt.string(self.game)}\n"
            f"name = {tomlfmt.string(self.name)}\n"
            f"created = {tomlfmt.value(self.created)}\n"
            f"seed = {self.seed}\n"
        )


@dataclass(frozen=True, slots=True)
class Torn:
    """Bytes at the end of a journal that were not a complete event."""

    line: int
    size: int
    problem: str
    set_aside: Path | None


@dataclass(frozen=True, slots=True)
class Loaded:
    header: Header
    events: list[Event]
    torn: Torn | None


def event_block(event: Event) -> str:
    """The text of one `[[event]]` block, ending with its data line and a blank line."""
    lines = [
        "[[event]]",
        f"seq = {event.seq}",
        f"at = {tomlfmt.value(event.at)}",
        f"session = {event.session}",
        f"kind = {tomlfmt.string(event.kind)}",
    ]
    if event.step != event.seq:
        lines.append(f"step = {event.step}")
    lines.append(f"data = {tomlfmt.table(event.data)}")
    return "\n".join(lines) + "\n\n"


def _toml_line(error: tomllib.TOMLDecodeError) -> int:
    found = _AT_LINE.search(str(error))
    return int(found.group(1)) if found else 1


def _problem(error: tomllib.TOMLDecodeError) -> str:
    return _AT_LINE.sub("", str(error)).strip()


def parse_header(path: Path, text: str) -> Header:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise JournalError(path, f"not a gmscreen journal: {_problem(error)}", _toml_line(error))
    table = doc.get("campaign")
    if not isinstance(table, dict):
        raise JournalError(path, "not a gmscreen journal: there is no [campaign] table", 1)
    version = table.get("format")
    table = upcast_header(path, table)
    expected: dict[str, type | tuple[type, ...]] = {
        "format": int, "game": str, "name": str, "created": datetime, "seed": int,
    }
    for name, kind in expected.items():
        if name not in table:
            raise JournalError(path, f"[campaign] has no {name!r}", 1)
        if not isinstance(table[name], kind) or isinstance(table[name], bool):
            raise JournalError(path, f"[campaign] {name!r} has the wrong type", 1)
    # the file's own version, which its events are upcast from
    assert isinstance(version, int)
    return Header(version, table["game"], table["name"], table["created"], table["seed"])


def parse_event(path: Path, text: str, line: int, expected_seq: int, fmt: int) -> Event:
    """One block to an Event, or JournalError naming the line in the whole file."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise JournalError(path, _problem(error), line + _toml_line(error) - 1) from None
    blocks = doc.get("event")
    if not isinstance(blocks, list) or len(blocks) != 1 or not isinstance(blocks[0], dict):
        raise JournalError(path, "an [[event]] block must hold exactly one event", line)
    record: dict[str, Any] = upcast_event(blocks[0], fmt)
    typed: dict[str, type] = {"seq": int, "at": datetime, "session": int, "kind": str, "data": dict}
    for name, kind in typed.items():
        if name not in record:
            raise JournalError(path, f"event has no {name!r}", line)
        if not isinstance(record[name], kind) or isinstance(record[name], bool):
            raise JournalError(path, f"event {name!r} must be {kind.__name__}", line)
    if record["seq"] != expected_seq:
        raise JournalError(path, f"event seq is {record['seq']}, expected {expected_seq}", line)
    if record["session"] < 0:
        raise JournalError(path, "event session cannot be negative", line)
    step = record.get("step", record["seq"])
    if not isinstance(step, int) or isinstance(step, bool) or not 1 <= step <= record["seq"]:
        raise JournalError(path, "event step must be the seq of an earlier or the same event", line)
    return Event(record["seq"], record["at"], record["session"], record["kind"], record["data"], step)


def _decode(path: Path, raw: bytes, first_line: int) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = first_line + raw.count(b"\n", 0, error.start)
        raise JournalError(path, "the file is not UTF-8 text", line) from None


def split_blocks(raw: bytes) -> tuple[bytes, list[tuple[int, bytes]]]:
    """The header bytes, and each event block with the line it starts on (1-based)."""
    starts: list[int] = []
    offset = 0
    if raw.startswith(EVENT_LINE + b"\n") or raw == EVENT_LINE:
        starts.append(0)
    needle = b"\n" + EVENT_LINE
    while True:
        found = raw.find(needle, offset)
        if found < 0:
            break
        end = found + len(needle)
        if end == len(raw) or raw[end : end + 1] in (b"\n", b"\r"):
            starts.append(found + 1)
        offset = end
    header = raw[: starts[0]] if starts else raw
    blocks: list[tuple[int, bytes]] = []
    line = header.count(b"\n") + 1
    for index, start in enumerate(starts):
        stop = starts[index + 1] if index + 1 < len(starts) else len(raw)
        chunk = raw[start:stop]
        blocks.append((line, chunk))
        line += chunk.count(b"\n")
    return header, blocks


def parse_journal(path: Path, raw: bytes) -> tuple[Header, list[Event], Torn | None]:
    """Every complete event; a broken last block is reported as torn, not as an error."""
    header_raw, blocks = split_blocks(raw)
    header = parse_header(path, _decode(path, header_raw, 1))
    events: list[Event] = []
    torn: Torn | None = None
    for index, (line, chunk) in enumerate(blocks):
        last = index == len(blocks) - 1
        try:
            if last and not chunk.endswith(b"\n"):
                raise JournalError(path, "the last event was cut off (no end of line)", line)
            text = _decode(path, chunk, line)
            events.append(parse_event(path, text, line, len(events) + 1, header.format))
        except JournalError as error:
            if not last:
                raise
            torn = Torn(line=line, size=len(chunk), problem=error.problem, set_aside=None)
    return header, events, torn


class JournalStore:
    """One journal file, opened for reading or held for writing with a lock."""

    def __init__(self, path: Path, *, writable: bool) -> None:
        self.path = path
        self.writable = writable
        self._lock_fd: int | None = None
        self._fd: int | None = None

    # -- creating and opening -------------------------------------------------------------

    @classmethod
    def create(cls, path: Path, header: Header, events: Sequence[Event] = ()) -> JournalStore:
        """Write a new journal (atomically: a temporary file renamed into place)."""
        path = Path(path)
        if path.exists():
            raise JournalError(path, "a file of that name already exists; it was left alone")
        if not path.parent.is_dir():
            raise JournalError(path, "the folder does not exist")
        text = header.to_toml() + "\n" + "".join(event_block(e) for e in events)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.new")
        try:
            with open(temporary, "xb") as out:
                out.write(text.encode("utf-8"))
                out.flush()
                os.fsync(out.fileno())
            os.link(temporary, path)  # fails if the name was taken meanwhile, never overwrites
        except FileExistsError:
            raise JournalError(path, "a file of that name already exists; it was left alone") from None
        except OSError as error:
            raise JournalError(path, f"could not create the journal: {error.strerror}") from None
        finally:
            with contextlib.suppress(OSError):
                temporary.unlink()
        _fsync_dir(path.parent)
        return cls.open(path)

    @classmethod
    def open(cls, path: Path, *, writable: bool = True) -> JournalStore:
        """Open a journal; for writing, take its lock or raise JournalLocked."""
        path = Path(path)
        if not path.is_file():
            raise JournalError(path, "no such journal file" if not path.exists() else "not a file")
        store = cls(path, writable=writable)
        if writable:
            store._take_lock()
        return store

    def _take_lock(self) -> None:
        lock_path = self.path.with_name(self.path.name + ".lock")
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise JournalError(self.path, f"cannot lock the journal: {error.strerror}") from None
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = os.read(fd, 400).decode("utf-8", "replace").strip() or "another program"
                os.close(fd)
                raise JournalLocked(self.path, holder) from None
        os.ftruncate(fd, 0)
        started = datetime.now().astimezone().strftime("%Y-%m-%d %H:%M")
        os.write(fd, f"gmscreen (pid {os.getpid()} on {socket.gethostname()}, since {started})\n"
                 .encode())
        self._lock_fd = fd

    def close(self) -> None:
        for fd in (self._fd, self._lock_fd):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._fd = self._lock_fd = None

    def __enter__(self) -> JournalStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- reading ----------------------------------------------------------------------------

    def read_bytes(self) -> bytes:
        try:
            return self.path.read_bytes()
        except OSError as error:
            raise JournalError(self.path, f"cannot read the journal: {error.strerror}") from None

    def load(self) -> Loaded:
        """Parse the journal. Opened for writing, a torn tail is moved to a side file."""
        raw = self.read_bytes()
        header, events, torn = parse_journal(self.path, raw)
        if torn is not None and self.writable:
            torn = self._set_aside(raw, torn)
        elif self.writable and raw and not raw.endswith(b"\n"):
            self._write_all(b"\n")
        return Loaded(header, events, torn)

    def _set_aside(self, raw: bytes, torn: Torn) -> Torn:
        keep = len(raw) - torn.size
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        side = self.path.with_name(f"{self.path.name}.torn-{stamp}-{os.getpid()}")
        try:
            with open(side, "xb") as out:
                out.write(raw[keep:])
                out.flush()
                os.fsync(out.fileno())
            os.truncate(self.path, keep)
        except OSError as error:
            raise JournalError(
                self.path, f"a torn last event could not be set aside: {error.strerror}", torn.line
            ) from None
        return Torn(torn.line, torn.size, torn.problem, side)

    # -- writing ----------------------------------------------------------------------------

    def append(self, events: Iterable[Event]) -> None:
        """Write the blocks, flush and fsync; on failure the file is cut back as it was."""
        data = "".join(event_block(e) for e in events).encode("utf-8")
        self._write_all(data)

    def _write_all(self, data: bytes) -> None:
        if not self.writable:
            raise JournalWriteError(self.path, "the journal is open read only")
        if self._fd is None:
            try:
                self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
            except OSError as error:
                raise JournalWriteError(self.path, f"cannot write: {error.strerror}") from None
        size = os.fstat(self._fd).st_size
        try:
            view = memoryview(data)
            while view:
                written = os.write(self._fd, view)
                view = view[written:]
            os.fsync(self._fd)
        except OSError as error:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, size)
                os.fsync(self._fd)
            raise JournalWriteError(
                self.path, f"nothing was saved ({error.strerror or error})"
            ) from None


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def new_header(game: str, name: str, seed: int, created: datetime | None = None) -> Header:
    return Header(FORMAT, game, name, created or datetime.now().astimezone().replace(microsecond=0),
                  seed)
