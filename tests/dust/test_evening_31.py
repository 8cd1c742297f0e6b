"""Dust, round 31: an evening with the preparation of rounds 29 and 30 in play, from a new
campaign. Two faults met at the table: a seat put right at home the evening before (a
player renamed, one taken off the list) was told to the table's recap of the preparation
as if it had sat down to see it; and a vote entered again unchanged (the moderator lost his
place in the thread) was kept as a second step, told twice to the table ("Eli votes Jed.
Eli votes Jed.")."""

from __future__ import annotations

import re

import pytest

from gmscreen.games.dust import view as dust_view
from gmscreen.games.dust.commands import (
    AddLocation,
    AddPlayer,
    CorrectPlayer,
    RemovePlayer,
    StartGame,
    UseBookSetUp,
    Vote,
)
from gmscreen.games.dust.powers import LocationDef
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from gmscreen.journal.rules import RuleError
from tests.dust.app import new_campaign
from tests.dust.game import new_game, run

SET_UP = (UseBookSetUp(), AddPlayer("Ann", "Cop"), AddPlayer("Bob", "Doctor"),
          AddPlayer("Eve", "Despair"), AddPlayer("Gus", "Guilt"))
CHANGES = (CorrectPlayer("Bob", "Bobby", "Tracker"), RemovePlayer("Eve"))


def test_a_seat_put_right_at_home_is_nothing_to_the_tables_recap(tmp_path):
    campaign = new_campaign(tmp_path)
    for command in (*SET_UP, *CHANGES):
        campaign.execute(command)
    table = render(build(campaign, 0, dust_view), "txt")
    # the table sits down with Bobby and never knew Bob or Eve: the cast says who plays
    assert "Bobby" in table
    for unseen in ("Bob's seat", "Eve", "Tracker", "Despair"):
        assert unseen not in table
    # the moderator's copy still tells each change of mind
    dealers = render(build(campaign, 0, dust_view, dealer=True), "txt")
    assert "Bob's seat is put right before Day 1: Bobby plays the Tracker." in dealers
    assert "Eve" in dealers
    campaign.close()


def test_a_seat_put_right_at_the_table_is_still_told(tmp_path):
    campaign = new_campaign(tmp_path)
    for command in SET_UP:
        campaign.execute(command)
    campaign.start_session()
    for change in (*CHANGES, StartGame()):
        campaign.execute(change)
    table = render(build(campaign, 1, dust_view), "txt")
    assert "Bobby takes Bob's seat before the game begins" in table
    assert "Eve leaves before the game begins" in table
    campaign.close()


def test_a_vote_entered_again_unchanged_is_refused_and_told_once():
    state = new_game()
    voter, target = state.players[0].name, state.players[1].name
    state = run(state, Vote(voter, target))
    with pytest.raises(RuleError) as refused:
        run(state, Vote(voter, target))
    assert refused.value.rule == "Votes"
    assert f"{voter} votes {target} already" in str(refused.value)
    # a changed vote, and a vote back for the first wagon after it, are steps of their own
    other = state.players[2].name
    state = run(state, Vote(voter, other))
    state = run(state, Vote(voter, target))
    assert dict(state.votes)[voter] == target


def test_a_place_put_right_is_told_put_right_not_added_twice(tmp_path):
    # the evening before, The Mine's finds changed: the moderator's copy read "Location
    # added: The Mine" twice, two Mines to whoever reads it back
    campaign = new_campaign(tmp_path)
    for command in (UseBookSetUp(), AddLocation(LocationDef("The Mine", 2, None, ("Gun",))),
                    AddLocation(LocationDef("The Mine", 2, None, ("Gun", "Knife")))):
        campaign.execute(command)
    dealers = render(build(campaign, 0, dust_view, dealer=True), "txt")
    # (the book's places added in a row share the lead: "Location added: ...; The Mine (Gun).")
    assert dealers.count("The Mine (Gun)") == 1
    assert "Location put right: The Mine (Gun, Knife)." in dealers
    # a new place is still added; the table is told of neither before its night
    assert re.search(r"Location added: [^.]*The Mine \(Gun\)\.", dealers), dealers
    assert "The Mine" not in render(build(campaign, 0, dust_view), "txt")
    campaign.close()
