"""The journal's figures: parsing, opening, appending, undo and redo, each beside its peer."""

from __future__ import annotations

import gc
import importlib
import os
import random
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
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import encode_events, parse_journal

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
    how = ("CPU of this process, the bytes in memory; the peers parse the same text in one "
           "call (ours splits it into blocks, parses them and checks every event)")
    rows = [Row(f"read {events:,} events ({len(raw) / 1e6:.1f} MB), our parse_journal (CPU)", ours,
                "tomllib.loads of the file", stdlib, "faster than the stdlib alone",
                ours < stdlib, how=how)]
    for label, loads in _parsers():
        if label.startswith("tomllib"):
            continue
        correct = loads(text) == reference
        figure = median_time(lambda loads=loads: loads(text), runs,  # type: ignore[misc]
                             clock=CPU)
        rows.append(Row(f"read {events:,} events, {label}.loads of the file (CPU)"
                        f"{'' if correct else ' (WRONG RESULT)'}", figure,
                        "tomllib.loads of the file", stdlib, "for choosing a parser", correct,
                        how=how))
    return rows


def _copy(journal: Path, folder: Path) -> Path:
    target = folder / journal.name
    shutil.copyfile(journal, target)
    return target


def _note(seq: int, session: int) -> Event:
    text = "The posse rides into Rattlesnake Wells at noon, and the sheriff is not glad."
    return Event(seq, datetime(2026, 11, 22, 20, 0).astimezone(), session, NOTE,
                 {"text": text, "about": ["Big Oaf"]}, seq)


def _duel_cycle() -> list[Any]:
    """The commands of one game of the duel, as bench/journals.py plays them (its draws
    fixed), to go round from wherever a journal stands."""
    from bench.journals import _duel

    return _duel(random.Random(0))


def _next_of(campaign: Campaign[Any], cycle: list[Any]) -> int:
    """The first command of the cycle that the game accepts now."""
    for position, command in enumerate(cycle):
        try:
            campaign.rules.decide(campaign.state, command)
        except RuleError:
            continue
        return position
    raise RuntimeError("no command of the duel can be played from here")


def append_rows(journal: Path, events: int, runs: int) -> list[Row]:
    """A Dealer's appends through the campaign, a note and a game command (encode, check,
    fold, write, fsync, take in), each against writing and fsyncing the very bytes it
    wrote to a file as large, in the same folder (beside the bench's journals, on disk),
    in turns."""
    with tempfile.TemporaryDirectory(dir=journal.parent) as folder:
        path = _copy(journal, Path(folder))
        plain_path = Path(folder) / "plain.toml"
        shutil.copyfile(journal, plain_path)
        campaign: Campaign[Any] = open_campaign(path, rules_for, cache=False)
        fd = os.open(plain_path, os.O_WRONLY | os.O_APPEND)
        cycle = _duel_cycle()
        position = _next_of(campaign, cycle)
        text = "The posse rides into Rattlesnake Wells at noon, and the sheriff is not glad."
        try:
            if not campaign.in_session:
                campaign.start_session()

            def note() -> None:
                campaign.note(text, ["Big Oaf"])

            def command() -> None:
                nonlocal position
                campaign.execute(cycle[position])
                position = (position + 1) % len(cycle)

            figures = {name: _in_turns(action, path, fd, runs)
                       for name, action in (("note", note), ("command", command))}
        finally:
            os.close(fd)
            campaign.close()
    peer = "os.write + fsync, same bytes"
    how = ("wall, one whole append each (saved and fsynced before it returns); the peer "
           "writes and fsyncs the very bytes ours wrote, to a file as large in the same "
           "folder, on disk, in turns with ours")
    rows = []
    for name, words in (("note", "a note (Campaign.note)"),
                        ("command", "a game command (Campaign.execute)")):
        ours, plain = figures[name]
        rows.append(Row(f"append {words} at {events:,} events", ours, peer, plain,
                        "at most 2x, the same at 1k and 100k", ours <= 2 * plain, how=how))
    return rows


def _in_turns(action: Callable[[], object], path: Path, fd: int,
              runs: int) -> tuple[float, float]:
    """The median wall times of `action` (an append to `path`) and of writing and fsyncing
    the bytes it appended to `fd`, in turns."""
    ours: list[float] = []
    peer: list[float] = []
    for _ in range(runs):
        size = path.stat().st_size
        ours.append(median_time(action, 1))
        with path.open("rb") as appended:
            appended.seek(size)
            data = appended.read()

        def plain(data: bytes = data) -> None:
            os.write(fd, data)
            os.fsync(fd)

        peer.append(median_time(plain, 1))
    return statistics.median(ours), statistics.median(peer)


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


def open_rows(journal: Path, events: int, runs: int,
              stdlib_ratio: float | None) -> list[Row]:
    """A first open with nothing cached, the close that writes the cache, an open again, and
    an open after a session's worth of events were appended, against the stdlib parser alone
    reading the file (in turns with the first opens) and against the first open. The first
    open's goal is `stdlib_ratio` times the stdlib's parse, or else half a second."""
    with tempfile.TemporaryDirectory(dir=journal.parent) as folder:
        base = Path(folder)
        path = _copy(journal, base)
        text = path.read_text("utf-8")
        firsts: list[float] = []
        closes: list[float] = []
        stdlib: list[float] = []
        for run in range(runs):
            stdlib.append(median_time(lambda: tomllib.loads(text), 1, clock=CPU))
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
    first, parse = statistics.median(firsts), statistics.median(stdlib)
    goal, met = ((f"at most {stdlib_ratio:g}x", first <= stdlib_ratio * parse)
                 if stdlib_ratio is not None else ("under 0.5 s", first < 0.5))
    cpu = "CPU of this process, the open alone (Python and the imports not counted)"
    return [
        Row(f"first open, {events:,} events, nothing cached (CPU)", first,
            "tomllib.loads of the file alone", parse, goal, met,
            how=f"cold: an empty cache folder each time; {cpu}; in turns with the peer, "
                "which only parses the same text (ours also checks every event and folds "
                "the game's state)"),
        Row(f"closing it, {events:,} events, writing the cache (CPU)", statistics.median(closes),
            "the first open", first, "(no goal; said for the record)", True,
            how=f"{cpu}: pickling the events and the fold into the cache"),
        Row(f"open again, {events:,} events (CPU)", statistics.median(again), "the first open",
            first, "under 0.5 s", statistics.median(again) < 0.5,
            how=f"warm: the cache the first open's close wrote; {cpu}; the peer opens the same "
                "journal with nothing cached"),
        Row(f"open after {APPENDED} events appended, {events:,} events (CPU)",
            statistics.median(appended), "the first open", first, "under 0.5 s",
            statistics.median(appended) < 0.5,
            how=f"warm, but {APPENDED} events appended since the cache was written (read and "
                f"folded anew); {cpu}"),
    ]


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
    how = ("wall, the campaign open (warm), each saved and fsynced; the peer is an append "
           "too: an undo and a redo are each one event written, plus the state folded back")
    return [Row(f"undo at {events:,} events", undo, peer, append, "under 50 ms", undo < 0.05,
                how=how),
            Row(f"redo at {events:,} events", redo, peer, append, "under 50 ms", redo < 0.05,
                how=how)]
