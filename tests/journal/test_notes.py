"""A sheet lists a character's newest notes and says how many earlier ones the log holds, in
every game: a long campaign's thousands of notes must not be drawn at every key."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from gmscreen.journal.events import Event
from gmscreen.journal.notes import SHOWN, newest

AT = datetime(2026, 11, 24, 20, 0, tzinfo=UTC)


def notes(count: int) -> list[Event]:
    return [Event(seq, AT, 1, "note", {"text": f"note {seq}", "about": ["Zeke"]}, seq)
            for seq in range(1, count + 1)]


def test_the_newest_few_and_a_line_for_the_rest() -> None:
    shown, earlier = newest(notes(SHOWN + 3))
    assert [e.seq for e in shown] == list(range(4, SHOWN + 4))
    assert earlier.startswith("3 earlier notes in the Encounter Log")
    assert newest(notes(SHOWN + 1))[1].startswith("1 earlier note in")
    assert newest(notes(SHOWN)) == (notes(SHOWN), "")


#: each game's lines of a sheet's notes
LISTS: dict[str, str] = {"dead_mans_hand": "notes_lines", "devils_bluff": "noted",
                         "dust": "noted", "dust_devils": "noted", "fistful": "notes_lines"}


@pytest.mark.parametrize("game", sorted(LISTS))
def test_every_games_sheet_lists_the_newest_notes_and_counts_the_rest(game: str) -> None:
    made: Callable[[list[Event]], Any] = getattr(
        importlib.import_module(f"gmscreen.games.{game}.view"), LISTS[game])
    words = "\n".join(str(part) for part in made(notes(SHOWN + 7)))
    assert "7 earlier notes in the Encounter Log" in words
    listed = {int(n) for n in re.findall(r"note (\d+)", words)}
    assert listed == set(range(8, SHOWN + 8))  # the newest five, no older one
    few = "\n".join(str(part) for part in made(notes(2)))
    assert "note 1" in few and "note 2" in few and "earlier" not in few
