"""Round 30: what round 29 left on paper. A reaction rolled for an NPC whose outlook the
Judge set ahead (line 265: the table is for one with none) says it replaces it, and the
keys ask first."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful import commands as c
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event
from gmscreen.journal.sections import as_text
from gmscreen.ui.confirm import Confirm
from tests.fistful.game import posse, prepared_campaign, refused, run, said
from tests.fistful.test_fit import sample
from tests.fistful.test_panes import judged, on_the_conflict_tab, text_of
from tests.fistful.test_preparation import shown, table_reads
from tests.pilot import fill, footer_keys, opened, set_field, synchronous, to_tab, until

SUSPICIOUS = c.EditSheet("Jake", "", "", "", "", (), outlook=7)


def test_a_reaction_rolled_over_the_judges_outlook_says_it_replaces_it() -> None:
    state = run(posse(), SUSPICIOUS)
    [event] = RULES.decide(state, c.RollReaction((2, 1), name="Jake"))
    assert event.data["replaces"] == 7
    assert said(event) == ("Jake's reaction 3: Helpful: offers help, supplies or advice. "
                           "It replaces the outlook the Judge set (Suspicious).")
    # one rolled before is no outlook set: the new roll says nothing of it
    rolled = run(posse(), c.RollReaction((3, 4), name="Jake"))
    [again] = RULES.decide(rolled, c.RollReaction((2, 1), name="Jake"))
    assert again.data.get("replaces", 0) == 0
    assert "replaces" not in said(again)
    # a stranger's reaction leaves Jake's set outlook be
    [stranger] = RULES.decide(state, c.RollReaction((2, 1)))
    assert stranger.data.get("replaces", 0) == 0
    assert run(state, c.RollReaction((2, 1))).character("Jake") == state.character("Jake")


@synchronous
async def test_x_asks_before_a_roll_replaces_the_outlook_the_judge_set(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path / "s")
    campaign.execute(c.EditSheet("Deputy Hal", "", "", "", "", (), outlook=9))
    async with on_the_conflict_tab(campaign) as (pilot, pane):
        while (pane.current() or pane).name != "Deputy Hal":
            await pilot.press("p")
            await pilot.pause()
        before = len(campaign.events)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(pilot.app.screen, Confirm))
        assert "Deputy Hal's outlook ahead: Calls for reinforcements" in str(
            pilot.app.screen.question)  # type: ignore[attr-defined]
        await pilot.press("n")  # kept as set: nothing rolled, nothing saved
        await pilot.pause()
        assert len(campaign.events) == before
        hal = campaign.state.character("Deputy Hal")
        assert hal is not None and (hal.outlook, hal.outlook_set) == (9, True)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(pilot.app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: len(campaign.events) > before)
        assert campaign.events[-1].data["replaces"] == 9
        assert "It replaces the outlook the Judge set (Calls for reinforcements)." in (
            campaign.describe(campaign.events[-1]))
        hal = campaign.state.character("Deputy Hal")
        assert hal is not None and not hal.outlook_set
        # the typed roll asks too, once the form names him
        campaign.execute(c.EditSheet("Deputy Hal", "", "", "", "", (), outlook=4))
        await pilot.pause()
        steps = len(campaign.events)
        await pilot.press("R")
        await fill(pilot, name="Deputy Hal", dice="3 3")
        await until(pilot, lambda: isinstance(pilot.app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: len(campaign.events) > steps)
        assert campaign.events[-1].data["replaces"] == 4
        # one undo brings the Judge's outlook back
        campaign.undo()
        hal = campaign.state.character("Deputy Hal")
        assert hal is not None and (hal.outlook, hal.outlook_set) == (4, True)
    campaign.close()


# -- an encounter prepared as a set (round 29 left it on paper) ------------------------------


def test_the_judge_lines_up_a_fight_ahead_and_brings_it_in_in_one_step() -> None:
    state = run(posse(), c.AddNpc("Black Bart", "Infamous", strong="gumption",
                                  second="grit", side="Bart's gang"),
                c.AddNpc("Curly Bill", "Ornery", side="Bart's gang"),
                c.LineUp("Black Bart", "Nearby", never_runs=True),
                c.LineUp("Curly Bill", "Faraway"), c.LineUp("Jake", "Faraway"))
    assert state.lineup == (("Black Bart", "Nearby", True), ("Curly Bill", "Faraway", False),
                            ("Jake", "Faraway", False))
    assert state.fight == ()
    # kept off the table's side: the players' screen has none of them
    told = as_text(view.table_sections(view.table_knows(state)))
    assert not [n for n in ("Black Bart", "Curly Bill", "Jake") if n in told]
    assert view.lineup_words(state) == (
        "Lined up, unseen by the table: Black Bart at Nearby (never runs), Curly Bill at "
        "Faraway, Jake at Faraway. U brings them in.")
    # changed and taken off before the fight
    state = run(state, c.LineUp("Jake", ""), c.LineUp("Curly Bill", "Distant"))
    assert [one[0] for one in state.lineup] == ["Black Bart", "Curly Bill"]
    events = RULES.decide(state, c.BringInLineUp())
    assert [said(event) for event in events] == [
        "The line-up is brought into the fight: Black Bart and Curly Bill; Black Bart never "
        "runs",
        "Black Bart joins the fight at Nearby", "Curly Bill joins the fight at Distant"]
    fought = run(state, c.BringInLineUp())
    assert [(f.name, f.band) for f in fought.fight] == [("Black Bart", "Nearby"),
                                                       ("Curly Bill", "Distant")]
    assert fought.lineup == ()
    bart = fought.character("Black Bart")
    assert bart is not None and bart.never_runs
    assert "Never runs: stays in the fight when his side breaks" in view.sheet_lines(bart)
    refused(fought, c.BringInLineUp(), "Turns")  # nobody lined up now


def test_a_line_up_is_refused_by_the_rule_that_forbids_it() -> None:
    state = run(posse(), c.JoinFight("Jake", "Close"))
    refused(state, c.LineUp("Ann", "Close"), "Turns")  # the posse joins at the table
    refused(state, c.LineUp("Jake", "Faraway"), "Turns")  # in the fight already
    refused(posse(), c.LineUp("Jake", ""), "Turns")  # not lined up to take off
    refused(posse(), c.LineUp("Jake", "Across the river"), "Range")
    # lined up, then put in the fight by j: the line-up names him
    joined = run(posse(), c.LineUp("Jake", "Faraway"), c.JoinFight("Jake", "Close"))
    refused(joined, c.BringInLineUp(), "Turns")
    # renamed or dropped behind the screen: the line-up follows
    renamed = run(posse(), c.LineUp("Jake", "Faraway"),
                  c.EditSheet("Jake", "", "", "", "", (), new_name="Jake Slade"))
    assert renamed.lineup == (("Jake Slade", "Faraway", False),)
    assert run(renamed, c.DropNpc("Jake Slade")).lineup == ()


def test_one_who_never_runs_stays_when_his_side_breaks() -> None:
    state = run(posse(), c.AddNpc("Black Bart", "Infamous", strong="gumption",
                                  second="grit", side="the gang"),
                c.AddNpc("Kid", "Poor", side="the gang"),
                c.LineUp("Black Bart", "Close", never_runs=True), c.LineUp("Kid", "Close"),
                c.BringInLineUp())
    # a Bust: 4d6 over the gang's best Grit
    events = RULES.decide(state, c.CheckMorale("Kid", (6, 6, 6, 6), coin="H"))
    assert events[0].data["stays"] == ["Black Bart"]
    assert said(events[0]).endswith("; Black Bart never runs and stays")
    after = run(state, c.CheckMorale("Kid", (6, 6, 6, 6), coin="H"))
    assert [f.name for f in after.fight] == ["Black Bart"]
    # the table sees him stay on the tracker, and is told so
    new = events[0]
    told = view.table_tells(Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1))
    assert told == "Kid's side broke: they fled; Black Bart stays and fights on"


@pytest.fixture
def prepared(tmp_path: Path) -> Iterator[Campaign[FistfulState]]:
    campaign = prepared_campaign(
        tmp_path / "prep.toml",
        c.AddNpc("Black Bart", "Infamous", strong="gumption", second="grit",
                 side="Bart's gang"),
        c.AddNpc("Curly Bill", "Ornery", side="Bart's gang"),
        c.LineUp("Black Bart", "Nearby", never_runs=True), c.LineUp("Curly Bill", "Faraway"))
    yield campaign
    campaign.close()


def test_a_line_up_made_at_home_reaches_the_table_only_when_brought_in(
        prepared: Campaign[FistfulState]) -> None:
    names = ("Black Bart", "Curly Bill", "Bart's gang", "line-up", "lined up", "never run")
    assert shown(table_reads(prepared), names) == []
    prepared.start_session()
    prepared.execute(c.JoinFight("Sam Colter", "Nearby"))
    assert shown(table_reads(prepared), names) == []
    before = table_reads(prepared)
    prepared.execute(c.BringInLineUp())
    # in, together: their names on the tracker, never the line-up nor who never runs
    assert shown(table_reads(prepared), names) == ["Black Bart", "Curly Bill"]
    assert "Black Bart joined the fight at Nearby" in table_reads(prepared)
    # one undo takes the whole line-up back out, and lines it up again
    prepared.undo()
    assert table_reads(prepared) == before
    assert prepared.state.lineup == (("Black Bart", "Nearby", True), ("Curly Bill", "Faraway",
                                                                      False))
    prepared.redo()
    assert [f.name for f in prepared.state.fight] == ["Sam Colter", "Black Bart",
                                                      "Curly Bill"]


@synchronous
async def test_u_lines_up_the_next_fight_and_shift_u_brings_it_in(tmp_path: Path) -> None:
    campaign = sample(tmp_path / "s")
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        assert "U" not in footer_keys(app)  # nobody lined up
        await fill(pilot, "u", name="Deputy Hal", band="Faraway", never_runs=True)
        # the next form starts on one not lined up, as one who may run; picking one lined
        # up shows where he stands
        lining = await opened(pilot, "u")
        assert not lining.values().flag("never_runs")
        set_field(lining, "name", "Deputy Hal")
        await pilot.pause()
        assert lining.values().flag("never_runs") and lining.values().text("band") == "Faraway"
        set_field(lining, "name", "Widow Parker")
        await pilot.pause()
        assert not lining.values().flag("never_runs")
        await pilot.press("escape")
        await pilot.pause()
        await fill(pilot, "u", name="Widow Parker", band="Close")
        assert campaign.state.lineup == (("Deputy Hal", "Faraway", True),
                                         ("Widow Parker", "Close", False))
        assert campaign.describe(campaign.events[-1]) == (
            "Widow Parker is lined up for the next fight at Close (unseen)")
        head = text_of(app, "#ff-round")
        assert "Lined up, unseen by the table: Deputy Hal at Faraway (never runs)" in head
        assert "U" in footer_keys(app)
        steps = campaign.in_effect
        await pilot.press("U")
        await until(pilot, lambda: campaign.in_effect > steps)
        assert {f.name: f.band for f in campaign.state.fight} == {
            "Deputy Hal": "Faraway", "Widow Parker": "Close"}
        assert not campaign.state.lineup
        assert "U" not in footer_keys(app)
    campaign.close()
