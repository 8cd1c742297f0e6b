"""The campaign's names are Dust's players (the note form's completion, the log's filter),
and a player's notes from the journal are listed under his sheet on the Characters tab."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from gmscreen.games.dust import view
from gmscreen.games.dust.commands import ModKill, ReplacePlayer
from gmscreen.games.dust.sample import FIFTEEN
from gmscreen.games.dust.state import DustState
from gmscreen.ui.sections import GridTable
from tests.dust.app import CHARACTERS, app_of, pane, sample_campaign
from tests.pilot import synchronous, to_tab, until


def test_the_names_are_every_player_living_or_dead_under_his_name_now(tmp_path: Path) -> None:
    campaign = sample_campaign(tmp_path)
    assert view.names(DustState()) == []
    assert view.names(campaign.state) == [name for name, _, _ in FIFTEEN]
    campaign.execute(ModKill("Tumbleweed", "never posted"))
    campaign.execute(ReplacePlayer("Wyatt_E", "Wyatt Earp"))
    names = view.names(campaign.state)
    assert "Tumbleweed" in names and "Wyatt Earp" in names and "Wyatt_E" not in names


@synchronous
async def test_a_players_notes_are_listed_under_his_sheet(tmp_path: Path) -> None:
    campaign = sample_campaign(tmp_path)
    campaign.note("Claims Cop in the thread [b]loudly[/b].", ("Whisperer",), public=True)
    campaign.note("Voted with the Scum twice.", ("whisperer", "Calamity"))
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        shell = app.screen_stack[0]
        assert shell.names() == view.names(campaign.state)  # type: ignore[attr-defined]
        players = pane(app, CHARACTERS).query_one("#dust-players", GridTable)
        players.move_cursor(row=[n for n, _, _ in FIFTEEN].index("Whisperer"))
        detail = pane(app, CHARACTERS).query_one("#dust-detail-text", Static)
        await until(pilot, lambda: "Claims Cop" in str(detail.render()))
        shown = str(detail.render())
        assert shown.endswith(
            "Notes about him\n"
            "Session 1 (told to the table): Claims Cop in the thread [b]loudly[/b].\n"
            "Session 1: Voted with the Scum twice.")
        players.move_cursor(row=0)  # Calamity: only the note about him too
        await until(pilot, lambda: "Claims Cop" not in str(detail.render()))
        assert str(detail.render()).endswith(
            "Notes about him\nSession 1: Voted with the Scum twice.")


@synchronous
async def test_a_slots_notes_follow_it_to_its_replacement_and_a_correction_moves_one(
        tmp_path: Path) -> None:
    # a note about Wyatt_E stays about the slot when Wyatt Earp takes it over; a note put
    # right (e on its line in the Encounter Log) is listed, as corrected, under the player
    # it is about now and no longer under the one it first named
    campaign = sample_campaign(tmp_path)
    campaign.note("Pushes the wagon on Calamity.", ("Wyatt_E",))
    wrong = campaign.note("Quiet all day.", ("Calamity",))[-1]
    campaign.execute(ReplacePlayer("Wyatt_E", "Wyatt Earp"))
    [fix] = campaign.correct_note(wrong.seq, "Quiet all day, then a claim.", ("Wyatt Earp",))
    app, _ = app_of(campaign)
    names = [n for n, _, _ in FIFTEEN]
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        players = pane(app, CHARACTERS).query_one("#dust-players", GridTable)
        detail = pane(app, CHARACTERS).query_one("#dust-detail-text", Static)
        players.move_cursor(row=names.index("Wyatt_E"))
        await until(pilot, lambda: "Wyatt Earp" in str(detail.render()))
        assert str(detail.render()).endswith(
            "Notes about him\nSession 1: Pushes the wagon on Calamity.\n"
            f"Session 1, corrected at #{fix.seq}: Quiet all day, then a claim.")
        players.move_cursor(row=names.index("Calamity"))
        await until(pilot, lambda: "Wyatt Earp" not in str(detail.render()))
        assert "Quiet all day" not in str(detail.render())
