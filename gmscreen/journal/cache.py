"""A cache of what reading a journal found, so that a campaign opened before opens at once.

The TOML file stays the only truth. The cache, one file a journal in the user cache folder
(named by a hash of the journal's path), holds the events of the journal's first `size`
bytes, the sha256 of those bytes, and the campaign's fold after them (its state snapshots).
Opening a journal reads all its bytes and uses the cache only when the hash of the first
`size` bytes matches and the code that wrote the cache is the code running now; the blocks
after them (appended since) are read and folded as usual. A cache that is missing, stale,
damaged, from another file or from other code is ignored, and rewritten when the campaign
closes; a cache that cannot be written is ignored.

The file is MAGIC, the sha256 of the rest, then a pickle: damage is caught by the hash before
anything is unpickled. Pickle runs what a writer of the folder put there, so the folder is as
trusted as the user's home, which it is inside.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
import os
import pickle
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any

from gmscreen.journal.events import Event
from gmscreen.journal.store import Header, Known

MAGIC = b"gmscreen journal cache 1\n"
#: a journal with fewer events reads fast enough without a cache
MIN_EVENTS = 500


@dataclass(frozen=True, slots=True)
class Entry:
    """What the cache held for a journal, checked against its bytes."""

    known: Known
    #: the hash of the game's code that folded `fold` (see game_code), None without a fold
    fold_code: str | None
    #: the campaign's fold after `known.events` (see Campaign.fold_state)
    fold: Any

    def fold_for(self, rules: object) -> Any:
        """The fold, when the game's code is the code that made it; else None."""
        return self.fold if self.fold_code == game_code(rules) else None


@functools.cache
def _code_of(modules: tuple[str, ...]) -> str:
    """A hash of the source of the packages `modules` live in, and of the Python running: a
    cache made by other code is not used."""
    digest = hashlib.sha256(sys.version.encode())
    for name in modules:
        module: ModuleType | None = sys.modules.get(name)
        origin = getattr(module, "__file__", None)
        if origin is None:
            digest.update(f"{name}: no source".encode())
            continue
        for source in sorted(Path(origin).parent.glob("*.py")):
            digest.update(source.name.encode())
            with contextlib.suppress(OSError):
                digest.update(source.read_bytes())
    return digest.hexdigest()


def journal_code() -> str:
    return _code_of((__name__,))


def game_code(rules: object) -> str:
    """The code that folded a game: the journal's, the rules' class's module, and the game's
    own package when the rules are a kit Decider (whose class lives in the journal)."""
    package = getattr(rules, "package", None)
    extra = (package,) if isinstance(package, str) else ()
    return _code_of((__name__, type(rules).__module__, *extra))


class JournalCache:
    """The cache folder (by default `journals/` in the user cache folder)."""

    def __init__(self, folder: Path | None = None) -> None:
        self._folder = folder

    @property
    def folder(self) -> Path:
        if self._folder is None:
            # imported here: the journal reads and writes without platformdirs installed
            from gmscreen import paths

            self._folder = paths.cache_dir() / "journals"
        return self._folder

    def file_for(self, journal: Path) -> Path:
        name = hashlib.sha256(os.fsencode(Path(journal).absolute())).hexdigest()[:40]
        return self.folder / f"{name}.cache"

    def find(self, journal: Path, raw: bytes) -> Entry | None:
        """What the cache holds for the first bytes of `raw` (the journal's bytes as just
        read), or None when it holds nothing that matches them. Best called with the
        collector off (see no_collection): it builds an object for every event."""
        try:
            blob = self.file_for(journal).read_bytes()
        except (OSError, ImportError):  # no cache, or no cache folder to be had
            return None
        if not blob.startswith(MAGIC):
            return None
        body = memoryview(blob)[len(MAGIC) + 32 :]
        if hashlib.sha256(body).digest() != blob[len(MAGIC) : len(MAGIC) + 32]:
            return None
        try:
            record = pickle.loads(body)
            code, size, digest, header, times, rows, lines, fold_code, fold = record
            if code != journal_code() or not 0 < size <= len(raw):
                return None
            if hashlib.sha256(memoryview(raw)[:size]).digest() != digest:
                return None
            events = [Event(seq, times[at], session, kind, data, step)
                      for seq, at, session, kind, data, step in rows]
            known = Known(size, Header(*header), events, list(lines))
        except Exception:  # whatever is wrong with it, the journal is read without it
            return None
        return Entry(known, fold_code, fold)

    def save(self, journal: Path, size: int, digest: bytes, header: Header,
             events: Sequence[Event], lines: Sequence[int], rules: object, fold: Any) -> bool:
        """Keep the events of the journal's first `size` bytes (whose sha256 is `digest`) and
        the fold after them; False when the cache could not be written (it is then left
        alone, or removed when half written)."""
        times: dict[datetime, int] = {}
        words: dict[str, str] = {}
        rows = [(e.seq, times.setdefault(e.at, len(times)), e.session,
                 words.setdefault(e.kind, e.kind), _shared(e.data, words), e.step)
                for e in events]
        header_fields = (header.format, header.game, header.name, header.created, header.seed)
        record = (journal_code(), size, digest, header_fields, list(times), rows, list(lines),
                  game_code(rules), fold)
        try:
            body = pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # a game state that cannot be pickled: keep the events alone
            try:
                body = pickle.dumps((*record[:-2], None, None), protocol=pickle.HIGHEST_PROTOCOL)
            except Exception:
                return False
        try:
            target = self.file_for(journal)
        except ImportError:
            return False
        temporary = target.with_name(f".{target.name}.{os.getpid()}.new")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(MAGIC + hashlib.sha256(body).digest() + body)
            os.replace(temporary, target)
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink()
            return False
        return True


def _shared(value: Any, words: dict[str, str]) -> Any:
    """`value` with its keys and short strings made one object each for equal text, which
    pickle then writes once: the cache is smaller and loads faster, and so do the events
    loaded from it take less memory."""
    if isinstance(value, dict):
        return {words.setdefault(key, key): _shared(item, words) for key, item in value.items()}
    if isinstance(value, list):
        return [_shared(item, words) for item in value]
    if isinstance(value, str) and len(value) <= _SHORT:
        return words.setdefault(value, value)
    return value


_SHORT = 40


class no_collection:
    """Build many objects at once without the cyclic collector running over them again and
    again (it would find no garbage among them, and it triples the time). Set `keep` inside
    the block when what was built stays for the life of the program (a large campaign): the
    objects are then moved out of the collector's sight (gc.freeze), so that it does not
    walk them all the first time it runs after the block; reference counting still frees
    them. gc.freeze takes in every object of the program, so whoever set `keep` calls
    gc.unfreeze when it lets go of what was built (Campaign.close does)."""

    def __init__(self) -> None:
        self.keep = False
        self._enabled = False

    def __enter__(self) -> no_collection:
        self._enabled = gc.isenabled()
        gc.disable()
        return self

    def __exit__(self, *_: object) -> None:
        if self.keep:
            gc.freeze()
        if self._enabled:
            gc.enable()
