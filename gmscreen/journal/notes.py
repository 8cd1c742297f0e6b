"""The journal's notes, in every game alike.

A note may be corrected later (its text, who it is about, whether the table heard it): the
correction is an event of its own, so the log keeps what was first written, and every
reader of notes (a sheet, the recap, the log's names) reads the note as its newest standing
correction has it (`NoteIndex.now`); a note struck out (a correction that says so, keeping
the note as it stood) is on no sheet. An undone correction no longer counts; a correction
of a note since undone is no longer offered, and the note stays undone.

A sheet lists the notes about someone: the newest few, each with its session and marked
when the table was told it too, and a line for the rest. A long campaign holds thousands of
notes about its main characters, and a sheet is drawn again at every key, so listing them
all cost a start-up seconds at 100,000 events; the notes are found once, then only among
the events added since.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gmscreen.core.text import plural
from gmscreen.journal.events import NOTE, NOTE_CORRECTED, SESSION_END, SESSION_START, Event

if TYPE_CHECKING:
    from gmscreen.journal.campaign import Campaign

#: how many of a character's notes a sheet lists
SHOWN = 5


def newest(notes: Sequence[Event], most: int = SHOWN) -> tuple[Sequence[Event], str]:
    """The newest `most` of `notes` (oldest first, as given), and a line saying how many
    earlier ones are left out and where to find them ("" when none is)."""
    earlier = len(notes) - most
    if earlier <= 0:
        return notes, ""
    return notes[-most:], (f"{plural(earlier, 'earlier note')} in the Encounter "
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
    fixed = f", corrected at #{note.data['corrected']}" if "corrected" in note.data else ""
    return f"{when}{told}{fixed}: {note.data.get('text', '')}"


def told_the_table(campaign: Campaign[Any], most: int = SHOWN) -> tuple[list[str], int]:
    """The notes the table heard in the newest session (before the first, where none has
    begun), and those written for it since the session before ended (prepared at home: the
    table sits down knowing them), as they stand now, the newest `most` first, and how many
    earlier ones are left out: for the players' screen. A note the Dealer keeps to himself,
    or took back from the table, or struck out, is not among them. Once a session has
    begun, a note written outside one says when, as the screen heads them by the session."""
    session = campaign.session
    heard: list[str] = []
    inside = campaign.in_session  # whether the note read next was written in a session
    for event in reversed(campaign.events):
        if campaign.is_undone(event):
            continue
        if event.kind == SESSION_END:
            if event.session < session:
                break  # what went before was told at the table then
            inside = True
        elif event.kind == SESSION_START:
            inside = False
        if event.kind != NOTE:
            # an undo or redo may carry another session's number (one across a start)
            continue
        if event.session < session - 1:
            break
        note = campaign.note_now(event)
        if note.data.get("public") is True and note.data.get("struck") is not True:
            text = str(note.data.get("text", ""))
            if not inside and session:
                text += " (before the first session)" if event.session == 0 else \
                    " (between sessions)"
            heard.append(text)
    return heard[:most], max(0, len(heard) - most)


def names_of(about: object) -> list[object]:
    """A note's `about`, read forgivingly: a damaged value names nobody."""
    return list(about) if isinstance(about, list | tuple) else []


def _lowered(about: object) -> tuple[str, ...]:
    return tuple(str(name).strip().lower() for name in names_of(about))


class NoteIndex:
    """The notes of a list of events and their corrections, found once and then only among
    the events added since."""

    def __init__(self) -> None:
        self._of: tuple[list[Event], int] = ([], 0)
        #: every note, with the names it is about as first written, lowered
        self._notes: list[tuple[Event, tuple[str, ...]]] = []
        #: a note's seq -> its corrections, oldest first
        self._corrections: dict[int, list[Event]] = {}

    def _scan(self, events: list[Event]) -> None:
        seen, upto = self._of
        if seen is not events:  # another list of events (set once made): from the start
            self._notes, self._corrections, upto = [], {}, 0
        for event in events[upto:]:
            if event.kind == NOTE:
                self._notes.append((event, _lowered(event.data.get("about"))))
            elif event.kind == NOTE_CORRECTED and isinstance(event.data.get("note"), int) \
                    and event.data["note"] < event.seq:  # a note is corrected after it
                self._corrections.setdefault(event.data["note"], []).append(event)
        self._of = (events, len(events))

    def correction(self, events: list[Event], note: Event, undone: Collection[int],
                   before: int | None = None) -> Event | None:
        """The newest correction of `note` still standing (made before event `before`,
        when given), if any."""
        self._scan(events)
        return next((fix for fix in reversed(self._corrections.get(note.seq, ()))
                     if fix.step not in undone and (before is None or fix.seq < before)),
                    None)

    def now(self, events: list[Event], note: Event, undone: Collection[int],
            before: int | None = None) -> Event:
        """`note` as it stands (or stood just before event `before`): the text, names and
        audience of its newest standing correction (and `corrected`, that correction's
        number), under the note's own number, session and time."""
        fix = self.correction(events, note, undone, before)
        if fix is None:
            return note
        return replace(note, data={**{key: value for key, value in fix.data.items()
                                      if key != "note"}, "corrected": fix.seq})

    def names_ever(self, events: list[Event], note: Event) -> list[object]:
        """Every name `note` was ever about: as written, and in each correction, undone or
        not (the log finds a note under any of them)."""
        self._scan(events)
        return [*names_of(note.data.get("about")),
                *(name for fix in self._corrections.get(note.seq, ())
                  for name in names_of(fix.data.get("about")))]

    def about(self, events: list[Event], names: Collection[str], undone: Collection[int]
              ) -> list[Event]:
        """The standing notes that name any of `names` among those they are about, as they
        stand, oldest first, each once; none struck out."""
        self._scan(events)
        low = {name.strip().lower() for name in names}
        found = []
        for note, about in self._notes:
            if note.step in undone:
                continue
            if note.seq in self._corrections:
                note = self.now(events, note, undone)
                if note.data.get("struck") is True:
                    continue
                about = _lowered(note.data.get("about"))
            if not low.isdisjoint(about):
                found.append(note)
        return found
