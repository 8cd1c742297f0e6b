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
from gmscreen.games.dust import RULES
from gmscreen.games.dust.commands import ChooseKill, ModKill, Vote
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.events import Event
from gmscreen.journal.payload import PayloadError
from tests.dust.app import sample_campaign
from tests.dust.game import new_game, night_of, run


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
