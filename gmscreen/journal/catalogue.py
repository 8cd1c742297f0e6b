"""The campaigns in a folder, each summed up without folding it: its name and game from the
`[campaign]` table, how many events and sessions it holds and when it was last played, read
by scanning the file's lines (the journal's framing keeps one key a line), so listing a
folder of large campaigns takes a moment, not a replay of each."""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from gmscreen.journal.store import JournalError, JournalStore, new_header

_EVENT = re.compile(rb"^\[\[event\]\]\s*$", re.M)
_SESSION = re.compile(rb"^session\s*=\s*(\d+)\s*$", re.M)
_AT = re.compile(rb"^at\s*=\s*(\S+)\s*$", re.M)


@dataclass(frozen=True)
class Summary:
    path: Path
    name: str
    game: str
    events: int
    sessions: int
    #: when the newest event was written (None: no event yet)
    last_played: datetime | None
    #: why the file could not be summed up ("" when it was)
    problem: str = ""


def summarise(path: Path) -> Summary:
    """A campaign file summed up; a file that is not a journal says why in `problem`."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        return Summary(path, path.stem, "", 0, 0, None, error.strerror or str(error))
    first = _EVENT.search(raw)
    head = raw[:first.start()] if first else raw
    try:
        table = tomllib.loads(head.decode("utf-8")).get("campaign", {})
        name, game = str(table["name"]), str(table["game"])
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError):
        return Summary(path, path.stem, "", 0, 0, None, "not a gmscreen journal")
    sessions = max((int(m.group(1)) for m in _SESSION.finditer(raw)), default=0)
    last: datetime | None = None
    tail = raw.rfind(b"[[event]]")
    if tail >= 0:
        found = _AT.search(raw, tail)
        if found:
            try:
                last = datetime.fromisoformat(found.group(1).decode("ascii"))
            except ValueError:
                last = None
    return Summary(path, name, game, len(_EVENT.findall(raw)), sessions, last)


def catalogue(folder: Path, elsewhere: Iterable[Path] = ()) -> list[Summary]:
    """Every journal in `folder`, and those of `elsewhere` (campaigns opened lately) that
    are in another folder and still there, the most recently played first."""
    inside = [p for p in sorted(folder.glob("*.toml")) if p.is_file()]
    known = {p.resolve() for p in inside}
    for path in elsewhere:
        if path.is_file() and path.resolve() not in known:
            known.add(path.resolve())
            inside.append(path)
    found = [summarise(p) for p in inside]
    return sorted(found, key=lambda s: (s.last_played is not None,
                                        s.last_played.timestamp() if s.last_played else 0),
                  reverse=True)


class CampaignRefused(ValueError):
    """A new campaign that cannot be made, said in words for the Dealer."""


def file_name(name: str) -> str:
    """A safe file name for a campaign name ("The Hanged Man" -> "the-hanged-man.toml"; no
    folders, no leading dots); CampaignRefused for a name with nothing to make one of."""
    slug = re.sub(r"[^\w\- ]+", " ", name, flags=re.UNICODE).strip().lower()
    slug = re.sub(r"[\s_]+", "-", slug).strip("-")
    # file systems count bytes, not letters: keep well under their 255-byte limit
    while len(slug.encode("utf-8")) > 120:
        slug = slug[:-1]
    slug = slug.strip("-")
    if not slug:
        raise CampaignRefused(f"the name {name.strip()!r} has no letter or digit to name "
                              "its file after; give it a name with some")
    return f"{slug}.toml"


def new_seed() -> int:
    """A seed for the app's own cards and dice that nobody else's campaign shares."""
    return random.SystemRandom().randrange(2**31)


def copy_campaign(source: Path, target: Path) -> None:
    """A copy of the campaign at `source` at `target`, with a seed of its own: a sample
    copied for a new user must not deal every user the same cards from then on, nor one who
    played it before the cards to come. JournalError says why it could not be made."""
    JournalStore.copy(source, target, new_seed())


def create(folder: Path, name: str, game: str, seed: int | None = None) -> JournalStore:
    """Start a new campaign journal in `folder`, open for writing; CampaignRefused says why
    it cannot be (no name, a name used by a campaign there already, a folder missing)."""
    name = _checked(name, game)
    if not folder.is_dir():
        raise CampaignRefused(f"{folder}: no such folder")
    return create_at(folder / file_name(name), name, game, seed)


def _checked(name: str, game: str) -> str:
    """The campaign's name without the spaces around it; CampaignRefused for no name or no
    game."""
    if not name.strip():
        raise CampaignRefused("the campaign needs a name")
    if not game:
        raise CampaignRefused("the campaign needs a game: which one it is played by")
    return name.strip()


def create_at(path: Path, name: str, game: str, seed: int | None = None) -> JournalStore:
    """Start a new campaign journal in the file `path` itself (its folder must be there);
    CampaignRefused says why it cannot be (no name or game, a file there already, a folder
    missing)."""
    name = _checked(name, game)
    if not path.parent.is_dir():
        raise CampaignRefused(f"{path.parent}: no such folder")
    if path.exists():
        raise CampaignRefused(f"{path.name} is already a campaign in {path.parent}: give "
                              "this one another name (or open that one)")
    seed = seed if seed is not None else new_seed()
    try:
        return JournalStore.create(path, new_header(game, name, seed))
    except JournalError as error:
        raise CampaignRefused(str(error)) from None
