"""A place the moderator adds in play (book line 26: he may add places to the list as the
game goes) for the night now or next reached the players' screen's list of open places, but
never the thread: the day's post had named the night's places before it came, and no post
told of it, so a table reading the forum never heard of it (round 64)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen import cli
from gmscreen.games.dust import view
from gmscreen.games.dust.commands import (
    AddLocation,
    AddPlayer,
    EndDay,
    StartGame,
    UseBookSetUp,
)
from gmscreen.games.dust.powers import LocationDef
from tests.dust.app import new_campaign
from tests.dust.game import CAST, new_game, run


def test_a_place_added_by_day_for_tonight_is_posted_to_the_thread() -> None:
    state = run(new_game(), AddLocation(LocationDef("The Armory", 1, None, ("Gun",))))
    known = view.table_knows(state)
    assert "The Armory" in known.open_places
    assert known.latest is not None
    assert known.latest.title == "Day 1: a new place"
    assert known.latest.lines == ("Open for scavenging tonight: The Armory.",)
    # the day's own post stays under it, as under the generator's
    assert known.today is not None and known.today.title == "Day 1"


def test_a_place_added_at_twilight_for_tonight_is_posted_as_of_the_night() -> None:
    state = run(new_game(), EndDay(),
                AddLocation(LocationDef("The Armory", 1, None, ("Gun",))))
    known = view.table_knows(state)
    assert known.latest is not None
    assert known.latest.title == "Night 1: a new place"


def test_a_place_prepared_for_a_later_night_is_not_posted_before_its_day() -> None:
    state = new_game()
    before = view.table_knows(state).latest
    later = run(state, AddLocation(LocationDef("The Armory", 3, None, ("Gun",))))
    known = view.table_knows(later)
    assert "The Armory" not in known.open_places
    assert known.latest == before


def test_the_table_recap_tells_the_new_place(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    for name, role in CAST.items():
        campaign.execute(AddPlayer(name, role))
    campaign.start_session()
    campaign.execute(StartGame())
    campaign.execute(AddLocation(LocationDef("The Armory", 1, None, ("Gun",))))
    assert campaign.store is not None
    assert cli.main(["recap", str(campaign.store.path)]) == 0
    assert "Day 1: a new place: Open for scavenging tonight: The Armory." in (
        capsys.readouterr().out)
