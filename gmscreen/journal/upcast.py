"""Journal format versions, and the small functions that bring old records up to date.

`FORMAT` is the version this code writes. A journal written in an older format is read
through the upcasters below, one version step at a time, so that a campaign saved years ago
still opens; the file itself is never rewritten. A journal from a newer gmscreen is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

FORMAT = 1

Record = dict[str, Any]

#: from version N to N+1: functions over the [campaign] table and over one [[event]] table
HEADER_UPCASTERS: dict[int, Callable[[Record], Record]] = {}
EVENT_UPCASTERS: dict[int, Callable[[Record], Record]] = {}


def upcast_header(path: Path, table: Record) -> Record:
    from gmscreen.journal.store import JournalError

    version = table.get("format")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise JournalError(path, "[campaign] 'format' must be a whole number from 1", 1)
    if version > FORMAT:
        raise JournalError(
            path, f"written in journal format {version}; this gmscreen reads up to {FORMAT}", 1
        )
    while version < FORMAT:
        table = HEADER_UPCASTERS.get(version, _same)(table)
        version += 1
    return table


def upcast_event(record: Record, version: int) -> Record:
    while version < FORMAT:
        record = EVENT_UPCASTERS.get(version, _same)(record)
        version += 1
    return record


def _same(record: Record) -> Record:
    return record
