"""Found on an eighth look, a whole campaign evening with the players' screen beside the
Dealer's: what the table must know to go on (who deploys first, whose pick it is from the
pool) and what the odds line counts."""

from __future__ import annotations

from random import Random

from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import (
    ChooseSetUp,
    Deploy,
    Enlist,
    FoundGang,
    RollOffForPicks,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import LEADER, Recruit
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from gmscreen.journal.sections import as_text
from tests.devils_bluff.helpers import Table, before_deployment
from tests.devils_bluff.hidden import assert_table_keeps_hidden


def players_screen(table: Table) -> str:
    return as_text(view.table_sections(view.table_knows(table.state)))


def test_the_players_screen_says_who_deploys_first_and_the_scouts_to_place() -> None:
    """After the deployment roll-off the players' screen read only "Game 1 · deploying":
    the Dealer's tab said who had won it and picks an area, the table did not, so the
    players had to look over the Dealer's shoulder to learn who sets up first. Now it
    says so, in the table's words (no keys), with the scouts still to place."""
    table = before_deployment()
    assert "deployment roll-off is still to draw" in players_screen(table)
    table.stack("2c Kd")  # Hendry's 2 against Cole's King
    table.execute(Deploy(("Cal Hendry",)))
    shown = players_screen(table)
    assert (f"{COLE} picks a deployment area and deploys first, the whole gang, then "
            f"{HENDRY}; all wholly within their own area") in shown, shown
    assert "Then the scouts one at a time" in shown and "Cal Hendry" in shown, shown
    assert "Press" not in shown, shown
    assert_table_keeps_hidden(table.state)


def test_the_players_screen_says_whose_pick_it_is_from_the_pool() -> None:
    """Hiring from a shared pool, the players' screen never said who had won the roll-off
    nor whose pick came next: the players pick by turns at the table, and only the
    Dealer's tab knew. Now it says whose pick it is, without the Dealer's key."""
    table = Table()
    table.execute(ChooseSetUp("campaign", "pool"))
    table.execute(FoundGang("Ann", "The Crows"))
    table.execute(FoundGang("Ben", "Law Dogs"))
    table.execute(Enlist("Ann", Recruit("Black Jack", LEADER, "Rifle", ("Deadly",))))
    table.execute(Enlist("Ben", Recruit("Kane", LEADER, "Revolver", ("Cunning",))))
    table.execute(RollOffForPicks(order_by=shuffle_order(Random(3))))
    picker = table.state.picker
    assert picker in ("Ann", "Ben")
    shown = players_screen(table)
    assert f"{picker} picks next from the pool." in shown, shown
    assert "(e enlists)" not in shown
    table.execute(Enlist(picker, Recruit("Curly", "Gunslinger", "Revolver", (), "", True)))
    assert f"{table.state.picker} picks next from the pool." in players_screen(table)
