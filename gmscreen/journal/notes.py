"""The journal's notes about someone as a sheet lists them, in every game alike: the newest
few, each with its session and marked when the table was told it too, and a line for the
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


def noted_lines(notes: Sequence[Event]) -> list[str]:
    """A sheet's lines of the notes about its character (oldest first, as
    `Campaign.notes_about` gives them): a line for the earlier ones left out, then the
    newest."""
    shown, earlier = newest(notes)
    return [*([earlier] if earlier else []), *map(_line, shown)]


def _line(note: Event) -> str:
    when = f"Session {note.session}" if note.session else "Before the first session"
    told = " (told to the table)" if note.data.get("public") is True else ""
    return f"{when}{told}: {note.data.get('text', '')}"
