"""A sheet lists a character's newest notes, each with its session and marked when the table
was told it too, and says how many earlier ones the log holds, in every game alike: a long
campaign's thousands of notes must not be drawn at every key."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from gmscreen.journal.events import Event
from gmscreen.journal.notes import SHOWN, newest, noted_lines

AT = datetime(2026, 11, 24, 20, 0, tzinfo=UTC)


def notes(count: int, session: int = 1) -> list[Event]:
    return [Event(seq, AT, session, "note", {"text": f"note {seq}", "about": ["Zeke"]}, seq)
            for seq in range(1, count + 1)]


def test_the_newest_few_and_a_line_for_the_rest() -> None:
    shown, earlier = newest(notes(SHOWN + 3))
    assert [e.seq for e in shown] == list(range(4, SHOWN + 4))
    assert earlier.startswith("3 earlier notes in the Encounter Log")
    assert newest(notes(SHOWN + 1))[1].startswith("1 earlier note in")
    assert newest(notes(SHOWN)) == (notes(SHOWN), "")


def test_a_sheets_lines_say_the_session_and_whether_the_table_was_told() -> None:
    told = Event(3, AT, 2, "note", {"text": "Owes [b]$200[/b].", "public": True}, 3)
    before = notes(1, session=0)
    assert noted_lines([*before, told]) == ["Before the first session: note 1",
                                            "Session 2 (told to the table): Owes [b]$200[/b]."]
    many = noted_lines(notes(SHOWN + 7))
    assert many[0].startswith("7 earlier notes in the Encounter Log")
    assert {int(n) for n in re.findall(r"note (\d+)", "\n".join(many))} == set(
        range(8, SHOWN + 8))  # the newest five, no older one
