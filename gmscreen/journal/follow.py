"""Following a journal another program writes: the players' screen reads the campaign the
Dealer's app appends to, and reads again whenever the file grows.

A follower never takes the lock and writes nothing: not the journal, not the cache (it may
read a cache the Dealer's app left, to open a large campaign at once). Only the bytes added
since the last read are parsed, and only the events they hold are folded. A torn tail (an
append under way) is waited out: the events before it are shown, and it is read again once
whole. A file replaced or cut shorter than what was read (a hand edit) is read again whole.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gmscreen.journal.cache import JournalCache
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import Rules
from gmscreen.journal.store import Known


def curtain_of(journal: Path) -> Path:
    """The file whose presence draws the curtain over the players' screens of `journal`:
    made and removed by the Dealer's app, looked for by every follower."""
    return journal.with_name(journal.name + ".curtain")


class Follower:
    """The campaign at `path` as it is on disk now; `poll` reads what was appended."""

    def __init__(self, path: Path, rules_for: Callable[[str], Rules[Any]], *,
                 cache: JournalCache | None = None) -> None:
        self.path = Path(path)
        self._rules_for = rules_for
        self._cache = cache
        self.campaign: Campaign[Any] = self._open()
        self._seen = self._stat()

    def _stat(self) -> tuple[int, int, int]:
        found = os.stat(self.path)
        return found.st_ino, found.st_size, found.st_mtime_ns

    def _open(self) -> Campaign[Any]:
        campaign = open_campaign(self.path, self._rules_for, writable=False,
                                 cache=self._cache or False)
        campaign.cache = None  # a viewer never writes the cache
        return campaign

    def _known(self) -> Known | None:
        campaign, store = self.campaign, self.campaign.store
        sound = store.sound() if store is not None else None
        if sound is None:
            return None
        return Known(sound[0], campaign.header, list(campaign.events), list(campaign._lines))

    def poll(self) -> bool:
        """Read what was appended since the last read; True when the campaign changed."""
        try:
            now = self._stat()
        except OSError:
            return False  # gone for a moment (an editor saving): the next poll sees it
        if now == self._seen:
            return False
        inode, size, _ = now
        known = self._known()
        if inode != self._seen[0] or known is None or size < known.size:
            self.campaign.close()
            self.campaign = self._open()
        else:
            store = self.campaign.store
            assert store is not None
            loaded = store.load(known=known)
            if len(loaded.events) == len(self.campaign.events):
                self._seen = now
                return False  # only a torn tail so far: wait until the event is whole
            # the same read-only store: it holds no lock and no open file to hand over
            fresh = Campaign.load(self.campaign.rules, loaded, store,
                                  resume=self.campaign.fold_state())
            self.campaign = fresh
        self._seen = now
        return True

    def close(self) -> None:
        self.campaign.close()
