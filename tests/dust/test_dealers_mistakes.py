"""Round 12: a Dealer's mistakes and putting them right. A journal edited by hand whose event
names one who is no player of the game, one already dead where only the living act, or another
day than today's: the fold refuses it naming the event and the field (as the kit does a value of
the wrong type), where it counted a vote of no one on the board and `gmscreen check` found
nothing."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from gmscreen import cli
from gmscreen.games import rules_for
from gmscreen.games.dust import RULES, view
from gmscreen.games.dust.commands import ChooseKill, ModKill, Vote
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.events import Event
from gmscreen.journal.payload import PayloadError
from gmscreen.journal.sections import as_text
from tests.dust.app import CONSOLE, app_of, sample_campaign
from tests.dust.game import every_kind, new_game, night_of, run
from tests.dust.test_at_the_table import five_on_judge_holden
from tests.pilot import screen_text, synchronous, to_tab


def fold(state: Any, kind: str, **data: Any) -> Any:
    return RULES.evolve(state, Event(99, datetime(2026, 1, 1), 1, f"dust.{kind}", data, 1))


@pytest.mark.parametrize(("kind", "data", "field", "problem"), [
    ("vote_cast", {"voter": "Nobody", "target": "Ann", "day": 1}, "voter",
     "names no player of the game ('Nobody')"),
    ("vote_cast", {"voter": "Ann", "target": "Ghost", "day": 1}, "target",
     "names no player of the game ('Ghost')"),
    ("vote_cast", {"voter": "Ann", "target": "Bob", "day": 7}, "day", "is 7, but it is Day 1"),
    ("vote_withdrawn", {"voter": "Nobody", "day": 1}, "voter",
     "names no player of the game ('Nobody')"),
    ("player_lynched", {"player": "Nobody", "day": 1, "voters": []}, "player",
     "names no player of the game ('Nobody')"),
])
def test_a_days_event_naming_no_player_is_refused_naming_its_field(
        kind: str, data: dict[str, Any], field: str, problem: str) -> None:
    with pytest.raises(PayloadError) as refused:
        fold(new_game(), kind, **data)
    assert (refused.value.field, refused.value.problem) == (field, problem)


@pytest.mark.parametrize(("at_night", "kind", "data", "problem"), [
    (False, "player_lynched", {"player": "Ann", "day": 2, "voters": []}, "is 2, but it is Day 1"),
    (False, "day_ended", {"day": 3}, "is 3, but it is Day 1"),
    (True, "player_killed", {"player": "Ann", "cause": "the Scum's night kill", "night": 9},
     "is 9, but it is Night 1"),
    (True, "night_resolved", {"night": 4, "lots": []}, "is 4, but it is Night 1"),
    (True, "night_called_off", {"night": 2}, "is 2, but it is Night 1"),
    (True, "day_ended", {"day": 1}, "is 1, but it is Night 1"),
])
def test_a_day_or_night_not_under_way_is_refused_naming_its_field(
        at_night: bool, kind: str, data: dict[str, Any], problem: str) -> None:
    """Where the fold told "killed in Night 9" on Night 1, or a day other than today's ended."""
    with pytest.raises(PayloadError) as refused:
        fold(night_of() if at_night else new_game(), kind, **data)
    assert (refused.value.field, refused.value.problem) == (
        "night" if "night" in data else "day", problem)


def test_every_event_that_names_a_player_refuses_one_who_is_not_naming_its_field() -> None:
    """Through a game with every kind of event, each name of a player in an event's data
    (a gift's receiver, a message's reader, a find, a replacement, a removal...) put as
    "Nobody" is refused by its field: a gift to no one lost the item, a removal of no one
    removed nothing, and both opened without a word."""
    events = every_kind()
    state = RULES.initial_state()
    tried = set()
    for event in events:
        for key, value in event.data.items():
            if (event.kind, key) in tried or not isinstance(value, str) or (
                    state.player(value) is None) or (event.kind, key) == (
                    "dust.day_ended", "lynched"):  # the day's end only repeats the lynch
                continue
            tried.add((event.kind, key))
            with pytest.raises(PayloadError) as refused:
                RULES.evolve(state, replace(event, data={**event.data, key: "Nobody"}))
            assert (refused.value.field, refused.value.problem) == (
                key, "names no player of the game ('Nobody')"), event.kind
        state = RULES.evolve(state, event)
    assert len(tried) >= 25


def test_a_newcomer_named_as_a_seat_is_refused_naming_its_field() -> None:
    """A second seat of a name already seated (a join or a replacement typed into the
    journal twice): every vote and action would have reached the first."""
    with pytest.raises(PayloadError) as refused:
        fold(new_game(), "player_joined", player="Ann", role="Cop", items=[])
    assert (refused.value.field, refused.value.problem) == (
        "player", "names Ann, who has a seat already")
    with pytest.raises(PayloadError) as refused:
        fold(new_game(), "player_replaced", player="Cat", by="Dan", reason="", when="Day 1")
    assert (refused.value.field, refused.value.problem) == (
        "by", "names Dan, who has a seat already")


def test_a_search_of_no_place_or_of_more_than_it_holds_is_refused_naming_its_field() -> None:
    """A night's search typed into the journal of a place the game has not ("The Moon") was
    folded as nothing, and one taking more than the place held emptied it without a word."""
    state = RULES.initial_state()
    for event in every_kind():
        if event.kind == "dust.location_searched":
            break
        state = RULES.evolve(state, event)
    for bad, field, problem in (({"location": "The Moon"}, "location",
                                 "names no place of the game ('The Moon')"),
                                ({"taken": 9}, "taken", "is 9, but The Mine holds 1")):
        with pytest.raises(PayloadError) as refused:
            RULES.evolve(state, replace(event, data={**event.data, **bad}))
        assert (refused.value.field, refused.value.problem) == (field, problem)
    assert RULES.evolve(state, event).location("The Mine") is not None


def test_the_dead_neither_vote_nor_are_voted_for_nor_act_at_night_in_the_fold() -> None:
    day = run(new_game(), ModKill("Cat", "left the thread"))
    for data, field in (({"voter": "Cat", "target": "Ann"}, "voter"),
                        ({"voter": "Ann", "target": "Cat"}, "target")):
        with pytest.raises(PayloadError) as refused:
            fold(day, "vote_cast", day=1, **data)
        assert (refused.value.field, refused.value.problem) == (field, "names Cat, who is dead")
    # a vote for no lynch names no player, and is folded as before
    assert fold(day, "vote_cast", voter="Ann", target="no lynch", day=1).votes == (
        ("Ann", "no lynch"),)
    night = run(night_of(), ModKill("Cat", "left the thread"))
    with pytest.raises(PayloadError) as refused:
        fold(night, "night_chosen", player="Cat", scavenge="The Cafe")
    assert refused.value.field == "player"
    with pytest.raises(PayloadError) as refused:
        fold(night, "night_kill_chosen", by="Gus", killer="Pat", target="Cat")
    assert (refused.value.field, refused.value.problem) == ("target", "names Cat, who is dead")
    with pytest.raises(PayloadError) as refused:
        fold(night, "vote_cast", voter="Ann", target="Bob", day=1)
    assert (refused.value.field, refused.value.problem) == (
        "day", "is 1, but no day is under way")
    # the kill the Dealer enters is folded as before
    assert run(night, ChooseKill("Gus", "Pat", "Ann")).kill is not None


def test_a_hand_edited_vote_of_no_player_opens_read_only_and_check_names_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    campaign = sample_campaign(tmp_path)
    campaign.execute(Vote("Tumbleweed", "Calamity"))
    path = campaign.path
    assert path is not None
    seq = len(campaign.events)
    campaign.close()
    text = path.read_text(encoding="utf-8")
    mine = 'data = { voter = "Tumbleweed", target = "Calamity", day = 1 }'
    assert text.count(mine) == 1
    path.write_text(text.replace(mine, mine.replace("Tumbleweed", "Nobody")), encoding="utf-8")
    before = path.read_bytes()

    opened = open_campaign(path, rules_for, cache=False)
    assert opened.damaged is not None
    assert opened.damaged.reason.startswith(
        f"event {seq} (dust.vote_cast) cannot be applied: voter names no player of the game "
        "('Nobody')")
    # the rest reads as it stood before it: Calamity's wagon is not there
    assert ("Nobody", "Calamity") not in opened.state.votes
    assert ("Calamity", "Whisperer") in opened.state.votes
    assert ("Whisperer", "Calamity") in opened.state.votes
    opened.close()

    assert cli.main(["check", str(path)]) == 1
    assert f"event {seq} (dust.vote_cast) cannot be applied: voter" in capsys.readouterr().out
    assert path.read_bytes() == before


def test_a_vote_of_an_older_journal_without_its_day_is_still_todays() -> None:
    state = fold(new_game(), "vote_cast", voter="Ann", target="Bob")
    assert state.votes == (("Ann", "Bob"),)
    assert replace(state, votes=()).votes == ()


@synchronous
async def test_the_boards_wagon_of_seven_keeps_each_voters_name_whole_at_80x24(
        tmp_path: Path) -> None:
    """At 80x24 a wagon of seven read "Doc Holliday, Bat Masterson, Parson Brown, Reverend"
    over "Ike, Bounty Belle, ...": the voters are joined with `whole` names, which the kit's
    table cells keep on one row; the text of a replay keeps plain spaces."""
    campaign = five_on_judge_holden(tmp_path)
    seven = ["Doc Holliday", "Bat Masterson", "Parson Brown", "Reverend Ike", "Bounty Belle",
             "Little Orphan Annie", "Old Sarge"]
    for voter in seven:
        campaign.execute(Vote(voter, "Calamity Jane"))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        await pilot.pause()
        shown = screen_text(app).replace("\u00a0", " ").splitlines()
        start = next(n for n, line in enumerate(shown) if line.lstrip().startswith("Calamity Jane"))
        rows = [line.split("│")[0] for line in shown[start:start + 4]]
        # "Reverend" ended a row and "Ike" began the next
        for name in seven:
            assert any(name in row for row in rows), (name, rows)
    state = campaign.state
    plain = as_text([view.votes_grid(state)])
    assert "Reverend Ike" in plain and "\u00a0" not in plain
