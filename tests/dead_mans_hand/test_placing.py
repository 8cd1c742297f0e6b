"""Placing the models (lines 23-25): the set-up card's colour places first, then the sides
take turns until everyone is on the table. The Dealer sees at every moment who is on the
table and who still waits, and `d` places the model highlighted, or says which rule stops it.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import Deploy, SetUpGame
from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane
from gmscreen.games.dead_mans_hand.sample import SAMPLES, showdown_commands
from gmscreen.games.dead_mans_hand.state import MatchState, Phase, Status
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, deploy_all
from tests.pilot import Notices, synchronous, to_tab, until


def whose(state: MatchState) -> str:
    return view.whose(view.table_knows(state))


def test_the_line_over_the_table_counts_who_is_placed_on_each_side() -> None:
    table = Table(*showdown_commands(), SetUpGame("5s"))  # a black card: black places first
    assert whose(table.state) == ("Placing models: black places next "
                                  "(red 0 of 8, black 0 of 8 placed).")
    table.do(Deploy("Deacon"))
    assert whose(table.state) == ("Placing models: red places next "
                                  "(red 0 of 8, black 1 of 8 placed).")
    table.do(Deploy("Big Jim"))
    table.do(Deploy("Archer"))
    assert whose(table.state) == ("Placing models: red places next "
                                  "(red 1 of 8, black 2 of 8 placed).")


def test_those_still_to_place_say_so_and_the_next_to_place_comes_first() -> None:
    table = Table(*showdown_commands(), SetUpGame("5s"))
    table.do(Deploy("Deacon"))
    known = view.table_knows(table.state)
    listed = view.listed(known)
    # red places next: a red model still waiting heads the list, not one already placed
    assert listed[0].colour == "red" and listed[0].status is Status.RESERVE
    cells = {m.name: view.model_cells(m, placing=view.to_place(known, m)) for m in listed}
    assert cells["Deacon"][4] == ""
    assert cells["Archer"][4] == "to place"
    assert cells["Big Jim"][4] == "to place horse"
    assert cells["Sawbones"][4] == "to place civ"
    # the players' screen reads the same in the posses' tables
    posses = [s for s in view.table_sections(known) if "Black Hats" in s.title]
    assert "to place" in str(posses[0])
    deploy_all(table)
    known = view.table_knows(table.state)
    assert not any(view.to_place(known, m) for m in view.listed(known))
    assert "to place" not in str(view.table_sections(known))


def sample(folder: Path, *commands: object) -> Campaign[MatchState]:
    folder.mkdir()
    campaign: Campaign[MatchState] = open_campaign(write_sample(SAMPLES[0], folder), rules_for)
    for command in commands:
        campaign.execute(command)
    return campaign


@synchronous
async def test_d_places_the_highlighted_model_and_refuses_one_out_of_turn(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path / "c", SetUpGame("5s"))
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.query_one(ConflictPane)
        table = pane.query_one("#models", DataTable)
        await pilot.press("d")  # black's first model waiting is highlighted
        await until(pilot, lambda: campaign.state.find("Deacon") is not None
                    and campaign.state.find("Deacon").on_table)  # type: ignore[union-attr]
        # now red places; a black model still waiting is highlighted and refused
        black_row = next(row for row in range(table.row_count)
                         if str(table.get_row_at(row)[0]).startswith("B ")
                         and "to place" in str(table.get_row_at(row)[3]))
        table.move_cursor(row=black_row)
        await pilot.pause()
        count = len(campaign.events)
        await pilot.press("d")
        await until(pilot, lambda: bool(notices.of("warning")))
        warned = " ".join(notice.message for notice in notices.of("warning"))
        assert "placing alternates: red places next" in warned
        assert len(campaign.events) == count  # nothing placed
        # a red model picked by hand is the one placed
        kid_row = next(row for row in range(table.row_count)
                       if str(table.get_row_at(row)[0]) == "R Kid")
        table.move_cursor(row=kid_row)
        await pilot.pause()
        await pilot.press("d")
        await until(pilot, lambda: len(campaign.events) == count + 1)
        kid = campaign.state.find("Kid")
        assert kid is not None and kid.on_table
        assert campaign.state.phase is Phase.DEPLOYING


@synchronous
async def test_d_typed_before_the_tab_is_drawn_again_places_the_next_model(
        tmp_path: Path) -> None:
    """A d typed quickly after the last (d d d, or tmux's keys at 200x50 on a busy machine)
    can come once the model is placed but before the tab is drawn again: it places the
    next model to place, as the table then highlights it, where it took the model the
    table still highlighted, placed already, and was refused ('Deacon is on table, not
    waiting to be placed'): five of sixteen d's were lost so."""
    campaign = sample(tmp_path / "c", SetUpGame("5h"))
    count = len(campaign.events)
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(200, 50)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("d")  # Big Jim, red's first; then black's first is highlighted
        await until(pilot, lambda: len(campaign.events) == count + 1)
        await pilot.pause()
        table = app.query_one(ConflictPane).query_one("#models", DataTable)
        assert str(table.get_row_at(table.cursor_row)[0]) == "B Deacon"
        campaign.execute(Deploy("Deacon"))  # placed, and the tab not yet drawn again
        await pilot.press("d")
        await until(pilot, lambda: len(campaign.events) == count + 3)
    assert notices.of("warning") == []
    slim = campaign.state.find("Slim")
    assert slim is not None and slim.on_table  # red's next to place
