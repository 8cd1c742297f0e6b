"""The journal's notes about someone as a sheet lists them: the newest few and a line for the
rest. A long campaign holds thousands of notes about its main characters, and a sheet is
drawn again at every key, so listing them all cost a start-up seconds at 100,000 events."""

from __future__ import annotations

from collections.abc import Sequence

from gmscreen.journal.events import Event

#: how many of a character's notes a sheet lists
SHOWN = 5


def newest(notes: Sequence[Event], most: int = SHOWN) -> tuple[Sequence[Event], str]:
    """The newest `most` of `notes` (oldest first, as given), and a line saying how many
    earlier ones are left out and where to find them ("" when none is)."""
    earlier = len(notes) - most
    if earlier <= 0:
        return notes, ""
    return notes[-most:], (f"{earlier} earlier note{'s' * (earlier != 1)} in the Encounter "
                           "Log (f there finds them by name)")
