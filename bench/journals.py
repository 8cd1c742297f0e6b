"""Campaign journals of any length, generated from a seed through the real Campaign API and
the real rules of Dead Man's Hand, so they open and replay like a Dealer's own.

The choice, said plainly: one journal has one game, and Dead Man's Hand is the finished
game whose whole play loop can be scripted (Dust's games end after a few nights; the three
other games are still being written). Each journal is therefore a long Dead Man's Hand
campaign: the duel scenario played game after game (set up, deploy, move, attack, result,
game won: eight events in six commands), with the journal's own events mixed in as a Dealer
makes them: sessions of a few hundred events, notes of a few words to a few lines about the
models, and undo (about one step in thirty), mostly redone at once, sometimes followed by a
new step that ends the redo chain. Events are numbered and timed as the app does; the
times step forward a minute an event from a fixed date, so one seed gives the same file.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from gmscreen.games import dead_mans_hand, rules_for
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import NOTE, Event
from gmscreen.journal.store import Header, JournalStore, encode_events, new_header

GAME = "dead-mans-hand"
START = datetime(2026, 11, 1, 19, 0, tzinfo=UTC)
_WORDING = ("the posse rides dusk saloon sheriff gold dust canyon river stage coach whiskey "
         "deputy outlaw bounty wanted poster jail rope noon shadow mesa cattle rustlers "
         "church bell widow preacher card sharp marshal telegraph railroad silver mine "
         "ambush ridge horse lame spur colt rifle shotgun bandolier")
WORDS = _WORDING.split()
NAMES = ("Big Oaf", "Sly Shooter")


class MemoryStore(JournalStore):
    """A store that keeps the appended blocks in memory: generating 100,000 events with an
    fsync each would take minutes and measure nothing the benchmark wants."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, writable=True)
        self.blocks: list[bytes] = []
        self.clock = START

    def append(self, events: Sequence[Event]) -> list[Event]:
        # the events of one command share their time, a minute after the command before
        self.clock += timedelta(minutes=1)
        data, saved = encode_events([replace(event, at=self.clock) for event in events])
        self.blocks.append(data)
        return saved


def _note(rng: random.Random) -> tuple[str, list[str]]:
    size = rng.choice((3, 8, 15, 30, 60))
    text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(size // 2 + 1, size)))
    about = [name for name in NAMES if rng.random() < 0.3]
    return text.capitalize() + ".", about


def _duel(rng: random.Random) -> list[Any]:
    """One game of the duel scenario, as the Dealer plays it: a red card, so the Oaf places
    and acts first and the Shooter's ten of a red suit puts him down."""
    return [
        SetUpGame(rng.choice(("2h", "5d", "9h", "Qd"))),
        Deploy("Big Oaf"),
        Deploy("Sly Shooter"),
        UseModel("Big Oaf", Move.STILL),
        MakeAttack("Sly Shooter", "pistol", 50, ("Th", rng.choice(("3c", "4s", "7c")))),
        PlayResult("Th"),
    ]


def build(campaign: Campaign[Any], count: int, seed: int) -> None:
    """Append commands to `campaign` until it holds at least `count` events."""
    rng = random.Random(seed)
    campaign.execute(LoadScenario("duel-between-rivals"))
    session_left = 0
    pending: list[Any] = []
    while len(campaign.events) < count:
        if not campaign.in_session:
            campaign.start_session()
            session_left = rng.randint(150, 450)
            continue
        if session_left <= 0 and not pending:
            campaign.end_session()
            continue
        before = len(campaign.events)
        roll = rng.random()
        if roll < 0.25:
            campaign.note(*_note(rng))
        elif roll < 0.28 and campaign.can_undo:
            taken = campaign.undo()
            if taken[0].kind == NOTE and rng.random() < 0.3:
                campaign.note(*_note(rng))  # the note said again, better: no redo now
            else:
                campaign.redo()
        else:
            if not pending:
                pending = _duel(rng)
            campaign.execute(pending.pop(0))
        session_left -= len(campaign.events) - before


#: the sources a generated journal depends on: a change to any makes the cached copy stale
_SOURCES = (Path(__file__), *sorted(Path(dead_mans_hand.__file__).parent.glob("*.py")))


def generate(path: Path, count: int, seed: int) -> Path:
    """Write a journal of at least `count` events at `path` (replacing it)."""
    header = new_header(GAME, f"Benchmark of {count} events", seed, START)
    store = MemoryStore(path)
    campaign: Campaign[Any] = Campaign(rules_for(GAME), header, store=store, path=path)
    build(campaign, count, seed)
    _write(path, header, store.blocks)
    return path


def _write(path: Path, header: Header, blocks: list[bytes]) -> None:
    temporary = path.with_name(path.name + ".new")
    temporary.write_bytes(header.to_toml().encode("utf-8") + b"\n" + b"".join(blocks))
    temporary.replace(path)


def journal(folder: Path, count: int, seed: int = 1) -> Path:
    """The journal of `count` events for `seed` in `folder`, generated once and kept while
    the generator and the game's rules stay the same."""
    digest = hashlib.sha256()
    for source in _SOURCES:
        digest.update(source.read_bytes())
    path = folder / f"{GAME}-{count}-{seed}-{digest.hexdigest()[:10]}.toml"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        generate(path, count, seed)
    return path
