"""Journal format versions, and the small functions that bring old records up to date.

`FORMAT` is the version this code writes. A journal written in an older format is read
through the upcasters below, one version step at a time, so that a campaign saved years ago
still opens; the file itself is not rewritten by reading it. Such a campaign opens read only
(appending today's blocks to an older file would mix two formats in one file) until the
Dealer upgrades it with `store.upgrade_journal`, which keeps the old file beside the new.
A journal from a newer gmscreen is refused.

Code reads `upcast.FORMAT` at call time (never `from upcast import FORMAT`), so that a test can
move the format on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

FORMAT = 1

Record = dict[str, Any]

#: from version N to N+1: functions over the [campaign] table and over one [[event]] table
HEADER_UPCASTERS: dict[int, Callable[[Record], Record]] = {}
EVENT_UPCASTERS: dict[int, Callable[[Record], Record]] = {}


class FormatError(ValueError):
    """A format version this gmscreen cannot read."""


def upcast_header(table: Record) -> Record:
    """The [campaign] table in today's format, or FormatError for a version not readable."""
    version = table.get("format")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FormatError("[campaign] 'format' must be a whole number from 1")
    if version > FORMAT:
        raise FormatError(f"written in journal format {version} by a newer gmscreen; "
                          f"this one reads up to format {FORMAT}")
    while version < FORMAT:
        table = HEADER_UPCASTERS.get(version, _same)(table)
        version += 1
    return {**table, "format": FORMAT}


def upcast_event(record: Record, version: int) -> Record:
    """One [[event]] table from format `version` to today's."""
    while version < FORMAT:
        record = EVENT_UPCASTERS.get(version, _same)(record)
        version += 1
    return record


def _same(record: Record) -> Record:
    return record
