"""Each step that puts a mistake right going forward (a removal taken back, a dead player's
note put right, a journal note corrected) leaves every view telling one story: the players'
screen, the recap in every format (the table's copy and the moderator's), the log under every
name it touches, and undo and redo of the correction itself; nothing hidden reaches the
table, and a dead player's note never names its writer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmscreen.games.dust import view as dust_view
from gmscreen.games.dust.commands import (
    AddLateNote,
    AddPlayer,
    ChooseKill,
    CorrectLateNote,
    CorrectModKill,
    EndDay,
    ModKill,
    ResolveNight,
    StartGame,
    UseBookSetUp,
    Vote,
)
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from tests.dust.app import new_campaign
from tests.dust.game import CAST, lots
from tests.dust.hidden import _shown, checked_after_each_step, hidden_facts

FORMATS = ("txt", "md", "bbcode", "html")
TAKEN_BACK = "The moderator's mistake: Cat was not to be removed; he is back in the game."
PUT_RIGHT = ("The moderator's mistake: the note posted today as \u201cIt was Gus.\u201d "
             "reads \u201cIt was Pat.\u201d")


def corrected_game(folder: Path) -> Campaign[Any]:
    """Day 1: Cat (Knife, Notebook) is removed by mistake and put back, a journal note about
    Bob is moved to Dan; Night 1 kills Cat, whose note is entered wrong on Day 2, then right."""
    campaign = new_campaign(folder)
    checked_after_each_step(campaign)
    campaign.start_session()
    campaign.execute(UseBookSetUp())
    for name, role in CAST.items():
        campaign.execute(AddPlayer(name, role, ("Knife", "Notebook") if name == "Cat" else ()))
    commands: tuple[Any, ...] = (
        StartGame(), Vote("Ann", "Cat"), Vote("Cat", "Pat"), ModKill("Cat", "gone"),
        Vote("Dan", "Eve"), CorrectModKill("Cat"), Vote("Ann", "Eve"))
    for command in commands:
        campaign.execute(command)
    note = campaign.note("Bob is loud about Eve", ["Bob"], public=True)[-1]
    campaign.execute(Vote("Van", "Eve"))
    campaign.correct_note(note.seq, "Dan is loud about Eve", ["Dan"], public=True)
    campaign.execute(EndDay())
    campaign.execute(ChooseKill("Gus", "Pat", "Cat"))
    campaign.execute(ResolveNight(lots(campaign.state)))
    commands = (AddLateNote("Cat", "It was Gus."), Vote("Ann", "Pat"),
                CorrectLateNote("Cat", "It was Pat."), Vote("Bob", "Pat"))
    for command in commands:
        campaign.execute(command)
    return campaign


def test_the_recap_tells_each_correction_once_and_nothing_hidden(tmp_path: Path) -> None:
    campaign = corrected_game(tmp_path)
    told = render(build(campaign, 1, dust_view), "txt")
    for line in (TAKEN_BACK, PUT_RIGHT,
                 "Cat's vote on Pat and the vote on him (Ann) are withdrawn.",
                 "Cat's vote on Pat and the vote on him (Ann) stay withdrawn; they may be cast "
                 "again."):
        assert told.count(line) == 1, line
    # the note the thread read, then its correction; never by whom it was written
    assert told.index("\u201cIt was Gus.\u201d") < told.index(PUT_RIGHT)
    assert "Cat's note" not in told and "Notebook" not in told
    # the journal note as corrected, and not as first written
    assert "Dan is loud about Eve" in told and "Bob is loud" not in told
    hidden = hidden_facts(campaign.state)
    for form in FORMATS:
        text = render(build(campaign, 1, dust_view), form)  # type: ignore[arg-type]
        assert not [fact for fact in hidden if _shown(fact, text)], form
    dealers = render(build(campaign, 1, dust_view, dealer=True), "txt")
    assert dealers.count("The moderator takes back Cat's removal on Day 1") == 1
    assert dealers.count("the moderator puts Cat's note right") == 1
    campaign.close()


def test_the_log_finds_each_correction_under_every_name_it_touches(tmp_path: Path) -> None:
    campaign = corrected_game(tmp_path)

    def kinds_about(name: str) -> set[str]:
        return {e.kind for e in campaign.events if name in campaign.subjects(e)}

    assert {"dust.modkill_corrected", "dust.late_note_corrected"} <= kinds_about("Cat")
    assert "note.corrected" in kinds_about("Bob") & kinds_about("Dan")
    campaign.close()


def test_undo_and_redo_of_a_correction_keep_the_views_agreeing(tmp_path: Path) -> None:
    campaign = corrected_game(tmp_path)
    campaign.undo()  # Bob's vote
    campaign.undo()  # the note put right: the day's post reads the words entered
    day = next(p for p in campaign.state.posts if p.title == "Day 2")
    assert "A note was found: \u201cIt was Gus.\u201d" in day.lines
    assert PUT_RIGHT not in render(build(campaign, 1, dust_view), "txt")
    campaign.redo()
    assert render(build(campaign, 1, dust_view), "txt").count(PUT_RIGHT) == 1
    campaign.close()
