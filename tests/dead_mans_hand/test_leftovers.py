"""Round 28: the leftovers of rounds 24 to 27 a Dealer at the table would have changed."""

from __future__ import annotations

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.state import Phase, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.sections import as_text
from tests.dead_mans_hand.helpers import Table, deploy_all


def duel_ended_by_a_joker() -> Table:
    """Duel between Rivals, single games: the Sly Shooter fires at the Big Oaf and the
    Joker is played, both take a hit: the Shooter, on his one hit, goes down and red wins."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2s"))
    deploy_all(table)
    table.do(UseModel("Sly Shooter", Move.STILL))
    table.do(MakeAttack("Big Oaf", "pistol", 10, ("*", "2h")))
    table.do(PlayResult("*"))
    assert table.state.phase is Phase.AFTER_GAME
    return table


def test_between_single_games_a_survivor_reads_the_hits_the_game_left_it() -> None:
    """Between single games the Oaf, hit by the Joker, read "3/3" beside the Shooter's
    "0/1 on Joker": the survivors mended as a showdown mends them, the fallen left as the
    game ended for them. Both now read how the game ended; the next set-up takes every
    model afresh, as before."""
    table = duel_ended_by_a_joker()
    oaf = table.model("Big Oaf")
    assert (oaf.hits_left, oaf.hits, oaf.status) == (2, 3, Status.RESERVE)
    assert not oaf.moving_target
    told = as_text(view.table_sections(view.table_knows(table.state)))
    assert "2/3" in told and "3/3" not in told
    table.do(SetUpGame("3s"))
    assert table.model("Big Oaf").hits_left == 3
    assert table.model("Sly Shooter").hits_left == 1
