"""Dust's preparation, round 29: what the moderator prepares before the table sits down, and
the change of plans once the game runs. Line 26 has the moderator keep the list of places
and add to it while the game runs: the list is his to keep; a place he prepared
for a later night that the players have not yet been told of is his to edit, rename (a new
place, the old one taken off) or drop, and nothing of it reaches the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from gmscreen import cli
from gmscreen.games.dust import view
from gmscreen.games.dust.commands import (
    AddLocation,
    AddPlayer,
    EndDay,
    RemoveLocation,
    ResolveNight,
    StartGame,
    UseBookSetUp,
)
from gmscreen.games.dust.powers import LocationDef
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from tests.dust.app import CHARACTERS, app_of, new_campaign, night_one, pane
from tests.dust.game import CAST, lots, new_game, run
from tests.pilot import fill, opened, synchronous, to_tab, until


def test_a_place_not_yet_open_to_the_players_is_edited_or_dropped_after_day_one():
    # Day 1: the night-1 places are on the players' list; night 2's and night 3's are not
    state = new_game()
    assert "The Hospital" not in view.table_knows(state).open_places
    edited = run(state, AddLocation(LocationDef("The Lake", 3, None, ("Relic",))))
    lake = edited.location("The Lake")
    assert lake is not None and lake.entries == ("Relic",)
    dropped = run(edited, RemoveLocation("The Asylum"))
    assert dropped.location("The Asylum") is None
    assert [loc.name for loc in dropped.locations].count("The Lake") == 1
    # at night 1 too, before its resolution
    night = run(state, EndDay(), RemoveLocation("The Hospital"))
    assert night.location("The Hospital") is None


def test_a_place_the_players_have_on_their_list_is_neither_edited_nor_dropped():
    state = new_game()
    for command in (RemoveLocation("The Cafe"),
                    AddLocation(LocationDef("The Cafe", 1, 3, ("Gun",)))):
        with pytest.raises(RuleError) as refused:
            run(state, command)
        assert refused.value.rule == "Locations"
        assert "the players have had it on their list since Day 1" in refused.value.message
    # on Day 2 the night-2 places are on the list: the Hospital is theirs now
    day2 = run(state, EndDay(), ResolveNight(lots(run(state, EndDay()))))
    assert day2.phase == "day" and day2.number == 2
    with pytest.raises(RuleError, match="since Day 2"):
        run(day2, RemoveLocation("The Hospital"))
    # a case-blind twin is refused as before
    with pytest.raises(RuleError, match="The Lake is already on the list"):
        run(state, AddLocation(LocationDef("the lake", 3, None, ("Gun",))))


def _journal(campaign: Campaign[Any]) -> Path:
    assert campaign.store is not None
    return campaign.store.path


def test_a_place_prepared_then_dropped_never_reaches_the_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    campaign = new_campaign(tmp_path)
    path = _journal(campaign)
    campaign.execute(UseBookSetUp())
    campaign.execute(AddLocation(LocationDef("The Mine", 2, None, ("Gun", "Rucksack"))))
    for name, role in CAST.items():
        campaign.execute(AddPlayer(name, role))
    campaign.start_session()
    campaign.execute(StartGame())
    campaign.execute(EndDay())
    # the players went another way: the Mine, never on their list, is dropped at night 1
    campaign.execute(RemoveLocation("The Mine"))
    campaign.execute(ResolveNight(lots(campaign.state)))
    campaign.end_session()
    campaign.start_session()
    campaign.execute(EndDay())
    campaign.execute(ResolveNight(lots(campaign.state)))
    assert "The Mine" not in view.table_knows(campaign.state).open_places
    for session in ("0", "1", "2"):
        for shape in ("txt", "md", "bbcode", "html"):
            assert cli.main(["recap", str(path), "--session", session, "--format", shape]) == 0
            assert "Mine" not in capsys.readouterr().out, (session, shape)
    assert cli.main(["show", str(path), "--print"]) == 0
    assert "Mine" not in capsys.readouterr().out
    assert cli.main(["show", str(path), "--print", "--player", "Ann"]) == 0
    assert "Mine" not in capsys.readouterr().out


@synchronous
async def test_x_and_l_on_a_place_not_yet_open_change_it_and_on_an_open_one_say_why_not(
        tmp_path: Path) -> None:
    campaign = night_one(tmp_path)
    app, notices = app_of(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, CHARACTERS)
        characters = pane(app, CHARACTERS)
        await pilot.press("o")
        await pilot.press("o")
        await pilot.pause()
        places = characters.query_one("#dust-places", DataTable)
        names = [loc.name for loc in campaign.state.locations]
        # the Lake, prepared for night 3: l opens it to edit, as before Day 1
        places.move_cursor(row=names.index("The Lake"))
        await pilot.pause()
        lake = (await opened(pilot, "l")).values()
        assert [lake[key] for key in ("name", "opens", "entries")] == [
            "The Lake", "3", "Avatar of Fear, Black Book"]
        await fill(pilot, entries="Black Book")
        await until(pilot, lambda: campaign.state.location("The Lake").entries == ("Black Book",))
        places.move_cursor(row=names.index("The Asylum"))
        await pilot.pause()
        await pilot.press("x")
        await until(pilot, lambda: campaign.state.location("The Asylum") is None)
        # the Cafe, on the players' list since Day 1: refused, with the reason
        names = [loc.name for loc in campaign.state.locations]
        places.move_cursor(row=names.index("The Cafe"))
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert campaign.state.location("The Cafe") is not None
        said = " ".join(n.message for n in notices)
        assert "the players have had it on their list since Day 1" in said
