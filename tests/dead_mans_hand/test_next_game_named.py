"""Lines 145-151, between a showdown's games. While the posses were built the Characters tab
said where play goes on once they were ready ("Ready: g on the Conflict tab"); between games
it offered only "Between games: M a new match", as if a new match were the one step left.
A Dealer opening session 3 on the Characters tab, the showdown at one game each, read no word
of game 3, nor, with the fallen still to draw for, of the draw that comes first. The line
names the step that comes next on the Conflict tab before the new match."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand.commands import (
    DrawForTheFallen,
    MakeAttack,
    PlayResult,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import MatchState
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import deploy_all, new_campaign
from tests.pilot import synchronous, to_tab


def game_one_won(path: Path) -> Campaign[MatchState]:
    """Slim's rifle lays Stubby down on the 9♥ and the rest of black gives up."""
    campaign = new_campaign(path)
    for command in (*showdown_commands(), SetUpGame("5h")):
        campaign.execute(command)
    deploy_all(campaign)
    for command in (UseModel("Slim", Move.STILL),
                    MakeAttack("Stubby", "rifle", 60, ("9h", "2c")), PlayResult("9h")):
        campaign.execute(command)
    for fighter in campaign.state.black.on_table():
        campaign.execute(Surrender(fighter.name))
    return campaign


async def summary_line(campaign: Campaign[MatchState]) -> str:
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        # the line of keys, however it wraps under the title
        _, keys = str(app.screen.query_one("#summary").render()).split("\n", 1)
        return " ".join(keys.split())


@synchronous
async def test_the_draw_for_the_fallen_then_the_next_game_are_named(tmp_path: Path) -> None:
    assert await summary_line(game_one_won(tmp_path / "drawing.toml")) == (
        "Between games: v the fallen's draw on the Conflict tab · M a new match, A the same "
        "posses again")
    campaign = game_one_won(tmp_path / "drawn.toml")
    campaign.execute(DrawForTheFallen((("Stubby", "Jd"),)))
    assert await summary_line(campaign) == (
        "Between games: g game 2 on the Conflict tab · M a new match, A the same posses "
        "again")
