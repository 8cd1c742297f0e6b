"""Round 32: the leftovers of rounds 29 to 31. The hiring pool is on the players' screen
as soon as it is laid out (module 171-173: the players make it and pick from it in front
of each other), not only from the roll-off."""

from __future__ import annotations

import random
from pathlib import Path

from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import LayOutPool, RollOffForPicks
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from tests.devils_bluff.helpers import table_sections, two_gangs
from tests.devils_bluff.test_third_look import fresh

POOL = "Hank (Shotgun), Dutch, Slim (rifle), Ez (RF Rifle), Bo, Cy, Di, Ed, Fa, Gus"


def test_the_players_screen_shows_the_pool_as_soon_as_it_is_laid_out(tmp_path: Path) -> None:
    # the book has both players make the pool and pick from it in the open: the screen
    # showed it only from the roll-off, so the table asked the Dealer what was in it
    campaign = fresh(tmp_path, *two_gangs("Ma", "Cole"), LayOutPool(POOL))
    known = view.table_knows(campaign.state)
    assert known.pool[:2] == (("Hank", "Shotgun"), ("Dutch", "Revolver"))
    shown = repr(table_sections(known))
    assert "In the pool, 10: Hank (Shotgun), Dutch (Revolver), Slim (Rifle)" in shown
    assert "Making the gangs" in shown
    # laid out again (a change of mind), the screen follows the list as it stands
    campaign.execute(LayOutPool("Hank (Shotgun), Dutch, Slim (Rifle), Gus, Abe, Cy, Di, "
                                "Ed, Fa, Bo"))
    shown = repr(table_sections(view.table_knows(campaign.state)))
    assert "Abe" in shown and "Ez" not in shown
    # the recap still leaves each laying out to the Dealer's copy (a draft at home is
    # not told), and the roll-off keeps the pool on the screen
    assert "pool is laid out" not in render(build(campaign, 0, view), "txt")
    campaign.execute(RollOffForPicks(shuffle_order(random.Random(3))))
    assert "In the pool, 10: Hank" in repr(table_sections(view.table_knows(campaign.state)))
    # undone, the laying out takes it off the screen again
    campaign.undo()
    campaign.undo()
    assert "Ez" in repr(table_sections(view.table_knows(campaign.state)))
    campaign.undo()
    assert view.table_knows(campaign.state).pool == ()
    campaign.close()
