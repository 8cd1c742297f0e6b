"""The journal's figures: parsing, opening, appending, undo and redo, each beside its peer."""

from __future__ import annotations

import gc
import importlib
import os
import shutil
import statistics
import tempfile
import tomllib
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from bench.timing import CPU, Row, median_time
from gmscreen.games import rules_for
from gmscreen.journal.cache import JournalCache
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.events import NOTE, Event
from gmscreen.journal.store import JournalStore, encode_events, parse_journal

#: the TOML parsers measured beside ours, when they are installed: (module, label)
PARSERS = (("tomllib", "tomllib (stdlib)"), ("tomli", "tomli"), ("rtoml", "rtoml"),
           ("toml_rs", "toml-rs"), ("pytomlpp", "pytomlpp"))


def _parsers() -> list[tuple[str, Callable[[str], dict[str, Any]]]]:
    found: list[tuple[str, Callable[[str], dict[str, Any]]]] = []
    for module, label in PARSERS:
        try:
            loads = importlib.import_module(module).loads
        except ImportError:
            continue
        found.append((label, loads))
    return found


def parse_rows(journal: Path, events: int, runs: int) -> list[Row]:
    """Our whole read of the journal (split, parse, check every event) against the stdlib
    parser reading the same text in one call, and every other parser installed, which must
    read it exactly as the stdlib does to count."""
    raw = journal.read_bytes()
    text = raw.decode("utf-8")
    reference = tomllib.loads(text)
    ours = median_time(lambda: parse_journal(journal, raw), runs, clock=CPU)
    stdlib = median_time(lambda: tomllib.loads(text), runs, clock=CPU)
    rows = [Row(f"read {events:,} events ({len(raw) / 1e6:.1f} MB), our parse_journal (CPU)", ours,
                "tomllib.loads of the file", stdlib, "faster than the stdlib alone",
                ours < stdlib)]
    for label, loads in _parsers():
        if label.startswith("tomllib"):
            continue
        correct = loads(text) == reference
        figure = median_time(lambda loads=loads: loads(text), runs,  # type: ignore[misc]
                             clock=CPU)
        rows.append(Row(f"read {events:,} events, {label}.loads of the file (CPU)"
                        f"{'' if correct else ' (WRONG RESULT)'}", figure,
                        "tomllib.loads of the file", stdlib, "for choosing a parser", correct))
    return rows


def _copy(journal: Path, folder: Path) -> Path:
    target = folder / journal.name
    shutil.copyfile(journal, target)
    return target


def _note(seq: int, session: int) -> Event:
    text = "The posse rides into Rattlesnake Wells at noon, and the sheriff is not glad."
    return Event(seq, datetime(2026, 11, 22, 20, 0).astimezone(), session, NOTE,
                 {"text": text, "about": ["Big Oaf"]}, seq)


def append_row(journal: Path, events: int, runs: int) -> Row:
    """One note appended through JournalStore (encode, check, write, fsync) against writing
    and fsyncing the same bytes to a file with plain Python."""
    with tempfile.TemporaryDirectory() as folder:
        path = _copy(journal, Path(folder))
        store = JournalStore.open(path)
        loaded = store.load()
        store.settle()
        session = loaded.events[-1].session if loaded.events else 0
        next_seq = [len(loaded.events) + 1]

        def ours() -> None:
            store.append([_note(next_seq[0], session)])
            next_seq[0] += 1

        ours_time = median_time(ours, runs)
        store.close()
        data = encode_events([_note(next_seq[0], session)])[0]
        plain_path = Path(folder) / "plain.toml"
        shutil.copyfile(journal, plain_path)
        fd = os.open(plain_path, os.O_WRONLY | os.O_APPEND)

        def plain() -> None:
            os.write(fd, data)
            os.fsync(fd)

        try:
            peer = median_time(plain, runs)
        finally:
            os.close(fd)
    return Row(f"append one event at {events:,} events", ours_time, "os.write + fsync, same bytes",
               peer, "at most 2x", ours_time <= 2 * peer)


def _timed_open(path: Path, journals: JournalCache) -> tuple[float, Campaign[Any]]:
    """The CPU time to open and fold a campaign, ready to use (closing it is timed apart,
    and freeing it is not timed at all)."""
    gc.collect()
    start = CPU()
    campaign = open_campaign(path, rules_for, writable=False, cache=journals)
    return CPU() - start, campaign


def _append_notes(path: Path, count: int) -> None:
    """Append `count` notes to the journal as another session of the app would."""
    loaded = parse_journal(path, path.read_bytes())
    last = loaded.events[-1]
    data = encode_events([_note(last.seq + n, last.session) for n in range(1, count + 1)])[0]
    with path.open("ab") as out:
        out.write(data)


def open_rows(journal: Path, events: int, runs: int, first_goal: float) -> list[Row]:
    """A first open with nothing cached, the close that writes the cache, an open again, and
    an open after a session's worth of events were appended, against the stdlib parser alone
    reading the file and against the first open."""
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        path = _copy(journal, base)
        stdlib = _stdlib_alone(path, 1 if events > 20_000 else runs)
        firsts: list[float] = []
        closes: list[float] = []
        for run in range(runs):
            took, campaign = _timed_open(path, JournalCache(base / f"cache-{run}"))
            start = CPU()
            campaign.close()  # the cache is written here
            closes.append(CPU() - start)
            firsts.append(took)
            del campaign
        again: list[float] = []
        for _ in range(runs):
            took, campaign = _timed_open(path, JournalCache(base / "cache-0"))
            campaign.close()
            again.append(took)
            del campaign
        # journals too small to be cached (cache.MIN_EVENTS) have no cache file
        kept = JournalCache(base / "cache-0").file_for(path)
        cached = kept.read_bytes() if kept.exists() else None
        _append_notes(path, APPENDED)
        appended: list[float] = []
        for _ in range(runs):
            if cached is not None:  # as the first open left it, before the appends
                kept.write_bytes(cached)
            took, campaign = _timed_open(path, JournalCache(base / "cache-0"))
            campaign.close()
            appended.append(took)
            del campaign
    first = statistics.median(firsts)
    return [
        Row(f"first open, {events:,} events, nothing cached (CPU)", first,
            "tomllib.loads of the file alone", stdlib, f"under {first_goal:g} s",
            first < first_goal),
        Row(f"closing it, {events:,} events, writing the cache (CPU)", statistics.median(closes),
            "the first open", first, "(no goal; said for the record)", True),
        Row(f"open again, {events:,} events (CPU)", statistics.median(again), "the first open",
            first, "under 0.5 s", statistics.median(again) < 0.5),
        Row(f"open after {APPENDED} events appended, {events:,} events (CPU)",
            statistics.median(appended), "the first open", first, "under 0.5 s",
            statistics.median(appended) < 0.5),
    ]


def _stdlib_alone(path: Path, runs: int) -> float:
    text = path.read_text("utf-8")
    return median_time(lambda: tomllib.loads(text), runs, clock=CPU)


#: events appended between two opens: about a session
APPENDED = 200


def undo_rows(journal: Path, events: int, runs: int) -> list[Row]:
    """Undo, then redo, of the newest step, against appending one note: all on the open
    campaign, saved to disk."""
    with tempfile.TemporaryDirectory() as folder:
        path = _copy(journal, Path(folder))
        campaign: Campaign[Any] = open_campaign(path, rules_for)
        try:
            if not campaign.in_session:
                campaign.start_session()
            append = median_time(lambda: campaign.note("A word about the weather."), runs)
            undo = median_time(campaign.undo, runs, setup=lambda: campaign.note("Undo me."))
            redo = median_time(campaign.redo, runs, setup=campaign.undo)
        finally:
            campaign.close()
    peer = "one append (Campaign.note)"
    return [Row(f"undo at {events:,} events", undo, peer, append, "under 50 ms", undo < 0.05),
            Row(f"redo at {events:,} events", redo, peer, append, "under 50 ms", redo < 0.05)]
