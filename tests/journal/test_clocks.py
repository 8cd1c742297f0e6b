"""The Dealer's own clocks: made, ticked forward and back with a reason, shown to the table
or not, put away; refused past either end, naming the rule."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from gmscreen.journal import clocks as c
from gmscreen.journal.events import Event
from gmscreen.journal.payload import PayloadError
from gmscreen.journal.rules import RuleError
from tests.ui.support import new_campaign


def reopened(campaign: Any, folder: Path) -> Any:
    from gmscreen.journal.campaign import Campaign
    from gmscreen.journal.store import JournalStore

    path = campaign.path
    campaign.close()
    store = JournalStore.open(path, writable=False)
    return Campaign.load(campaign.rules, store.load(), store)


def run(*commands: c.ClockCommand) -> tuple[tuple[c.Clock, ...], list[str]]:
    state: tuple[c.Clock, ...] = ()
    told: list[str] = []
    seq = 0
    for command in commands:
        for new in c.decide(state, command):
            seq += 1
            event = Event(seq, datetime(2026, 11, 24, tzinfo=UTC), 1, new.kind, new.data, seq)
            state = c.evolve(state, event)
            told.append(c.describe(event))
    return state, told


def test_a_clock_ticks_forward_and_back_with_its_reasons() -> None:
    state, told = run(c.MakeClock("The truth about Jim", 6, why="Last Oak hanged the wrong man"),
                      c.TickClock("the truth about jim", 2, "The widow talks"),
                      c.TickClock("The truth about Jim", -1, "The sheriff burns the letter"),
                      c.ShowClock("The truth about Jim", True))
    assert state == (c.Clock("The truth about Jim", 6, 1, True),)
    assert told == [
        "A clock of 6, The truth about Jim, is started: Last Oak hanged the wrong man.",
        "The truth about Jim moves forward 2 segments: The widow talks",
        "The truth about Jim moves back 1 segment: The sheriff burns the letter",
        "The truth about Jim is shown to the table.",
    ]


@pytest.mark.parametrize(("commands", "field", "words"), [
    ((c.MakeClock("Noon", 5),), "segments", "4, 6, 8 or 12"),
    ((c.MakeClock("Noon", 4), c.MakeClock("noon", 6)), "name",
     "there is a clock called Noon already (a name is the same in any case)"),
    ((c.MakeClock("Noon", 4), c.MakeClock(" Noon ", 6)), "name",
     "there is a clock called Noon already"),
    ((c.MakeClock("x" * 41, 4),), "name", "at most 40 letters; this one has 41"),
    ((c.MakeClock("Noon", 4), c.TickClock("Noon", 5, "x")), "by", "4 segments left"),
    ((c.MakeClock("Noon", 4), c.TickClock("Noon", -1, "x")), "by", "0 segments filled"),
    ((c.MakeClock("Noon", 4), c.TickClock("Noon", 1, " ")), "reason", "say why"),
    ((c.TickClock("Dawn", 1, "x"),), "name", "no clock called"),
    ((c.MakeClock("Noon", 4), c.ShowClock("Noon", False)), "name", "kept from"),
])
def test_a_move_the_clock_cannot_make_is_refused(commands: tuple[c.ClockCommand, ...],
                                                 field: str, words: str) -> None:
    with pytest.raises(RuleError) as refused:
        run(*commands)
    assert refused.value.rule == "Clocks" and refused.value.field == field
    assert words in refused.value.message


def test_a_damaged_clock_event_is_named_never_a_crash() -> None:
    event = Event(3, datetime(2026, 11, 24, tzinfo=UTC), 1, "clock.made",
                  {"name": "Noon", "segments": 5}, 3)
    assert c.describe(event).startswith("(a damaged event: event 3 (clock.made): segments")
    with pytest.raises(PayloadError):
        c.evolve((), event)


def test_a_campaigns_clocks_are_journaled_undone_and_replayed(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path)
    campaign.execute(c.MakeClock("The truth about Jim", 6))
    campaign.execute(c.TickClock("The truth about Jim", 2, "The widow talks"))
    assert campaign.clocks == (c.Clock("The truth about Jim", 6, 2),)
    campaign.undo()
    assert campaign.clocks[0].filled == 0
    campaign.redo()
    assert campaign.replay(1).clocks[0].filled == 0
    assert campaign.describe(campaign.events[1]).startswith("The truth about Jim moves forward")
    assert campaign.subjects(campaign.events[1]) == frozenset()
    again = reopened(campaign, tmp_path)
    assert again.clocks == (c.Clock("The truth about Jim", 6, 2),)


def test_a_note_for_the_table_says_so(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path)
    campaign.note("The stage is late.", public=True)
    campaign.note("Jim is alive.")
    assert campaign.describe(campaign.events[0]) == "Note for the table: The stage is late."
    assert campaign.describe(campaign.events[1]) == "Note: Jim is alive."


def test_a_characters_notes_are_found_by_name_not_undone(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path)
    campaign.note("Zeke owes the undertaker.", about=["Zeke", "Ma Barker"])
    campaign.note("Nobody in particular.")
    campaign.note("Zeke lied.", about=["zeke "])
    campaign.note("Taken back.", about=["Zeke"])
    campaign.undo()
    found = [e.data["text"] for e in campaign.notes_about("Zeke")]
    assert found == ["Zeke owes the undertaker.", "Zeke lied."]
    assert [e.data["text"] for e in campaign.notes_about("Ma Barker")] == [
        "Zeke owes the undertaker."]



def test_a_characters_notes_follow_every_step_after_they_are_first_asked(
        tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path)

    def texts(about: Any) -> list[str]:
        return [e.data["text"] for e in about.notes_about("Zeke")]

    campaign.note("One.", about=["Zeke"])
    assert texts(campaign) == ["One."]
    campaign.note("Two.", about=["ZEKE"])
    campaign.note("Not his.", about=["Ann"])
    assert texts(campaign) == ["One.", "Two."]
    campaign.undo()
    campaign.undo()
    assert texts(campaign) == ["One."]
    campaign.redo()
    assert texts(campaign) == ["One.", "Two."]
    campaign.note("Three.", about=["Zeke"])  # a new step: the undone note stays undone
    assert texts(campaign) == ["One.", "Two.", "Three."]
    assert texts(campaign.replay(1)) == ["One."]
    two = next(e.seq for e in campaign.events if e.data.get("text") == "Two.")
    assert texts(campaign.after_undo_to(two)) == ["One.", "Two."]

def test_a_clocks_moves_are_its_own_newest_first_and_stop_at_its_making(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path)
    campaign.execute(c.MakeClock("Posse", 8))
    campaign.execute(c.TickClock("Posse", 1, "old news"))
    campaign.execute(c.RemoveClock("Posse"))
    campaign.execute(c.MakeClock("Posse", 6, why="a new posse"))
    campaign.execute(c.MakeClock("Storm", 4))
    campaign.execute(c.TickClock("Posse", 2, "riders seen"))
    campaign.execute(c.TickClock("Storm", 1, "clouds"))
    campaign.execute(c.TickClock("Posse", -1, "a false trail"))
    campaign.undo()
    told = [c.describe(e) for e in c.moves(campaign.events, "posse", campaign.is_undone)]
    assert told == ["Posse moves forward 2 segments: riders seen",
                    "A clock of 6, Posse, is started: a new posse."]
    assert len(c.moves(campaign.events, "Posse", campaign.is_undone, most=1)) == 1
    campaign.close()


def test_the_clocks_are_titled_in_each_games_word_for_who_runs_the_table() -> None:
    from gmscreen.games import rules_for
    titles = {game: c.title(rules_for(game).referee) for game in (
        "dust-devils", "fistful", "dead-mans-hand", "devils-bluff", "dust")}
    assert titles == {"dust-devils": "The Dealer's clocks", "fistful": "The Judge's clocks",
                      "dead-mans-hand": "Clocks", "devils-bluff": "Clocks",
                      "dust": "The moderator's clocks"}
