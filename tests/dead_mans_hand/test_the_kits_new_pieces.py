"""The kit's new pieces, and what round 10 left alone (round 11).

- The players' screen drew the posses' tables with the short words at any width: on a TV
  at 200 columns "Toma./Blade/Fists", with a hundred columns to spare, and a key of two
  lines for the short words.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import SetUpGame
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import MatchState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.sections import Grid
from gmscreen.ui.players import PlayersApp
from gmscreen.ui.sections import for_room
from tests.dead_mans_hand.helpers import new_campaign
from tests.pilot import screen_text, synchronous, until


def showdown(path: Path, *more: Any) -> Campaign[MatchState]:
    """The showdown sample's posses, ready for the first game, and then `more`."""
    campaign = new_campaign(path)
    for command in (*showdown_commands(), *more):
        campaign.execute(command)
    return campaign


def posses(state: MatchState) -> list[Grid]:
    return [s for s in view.table_sections(view.table_knows(state)) if isinstance(s, Grid)]


@synchronous
async def test_the_players_screen_on_a_tv_reads_the_weapons_whole(tmp_path: Path) -> None:
    campaign = showdown(tmp_path / "c.toml")
    app = PlayersApp(campaign.store.path)  # type: ignore[union-attr]
    async with app.run_test(size=(200, 50)) as pilot:
        await until(pilot, lambda: "Hatchet" in screen_text(app))
        await pilot.pause()
        shown = screen_text(app)
        assert "Thrown Tomahawks, Big Blade, Brawling" in shown
        assert "Big Blade, Sawn-Off Shotgun, Brawling" in shown
        assert "Toma." not in shown and "Fists" not in shown
        # the key says no short word, but still what Val, Hits and the markers are
        said = " ".join(shown.split())
        assert "Val: value (2 best)" in said and "Toma.: Thrown Tomahawks" not in said
        assert "moving: Moving Target" in said
        # on a laptop's 80 columns the short words, as the window is made smaller
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: "Dual/Pistol/Fists" in screen_text(app))
    # and as it opens there
    app = PlayersApp(campaign.store.path)  # type: ignore[union-attr]
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Big Jim" in screen_text(app))
        await pilot.pause()
        assert "Dual/Pistol/Fists" in screen_text(app)
    campaign.close()


def test_the_players_tables_never_swap_their_words_as_a_marker_comes(tmp_path: Path) -> None:
    """As the game is set up Big Jim's Notes grow from "horse" to "to place horse": at a
    width where the whole names fitted the shorter notes alone, the table swapped to the
    short words. The whole rows are chosen with the Notes counted at that room, as the
    Dealer's tabs choose them."""
    campaign = showdown(tmp_path / "c.toml")
    building = posses(campaign.state)
    campaign.execute(SetUpGame("As"))
    placing = posses(campaign.state)
    assert "to place horse" in {row[-1] for grid in placing for row in grid.wide}
    for room in range(60, 130):
        for before, after in zip(building, placing, strict=True):
            assert (for_room(before, room).rows == before.wide) == (
                for_room(after, room).rows == after.wide), room
    campaign.close()
