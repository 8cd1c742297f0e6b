"""Line 159, over a showdown's games: those who gave up or died take no part in the games
that follow, yet each posse's table listed its models in the order they were recruited, the
dead and those who gave up among the rest. At 80x24 a posse's table shows five rows, so by
game 2 or 3 a Dealer looked for who was left to field by scrolling past the dead: with six
of the Black Hats given up, Long Tom and Sawbones, recruited last, were out of sight. Those
still in the showdown are listed first, in the order they were recruited, then those out
for good; the players' screen and the replay name those out for good in a line under the
rows of those still in it (test_out_for_good_in_a_line)."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import SetUpGame, Surrender
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.journal.sections import as_text
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import deploy_all, new_campaign
from tests.pilot import screen_text, synchronous, to_tab

GAVE_UP = ("Deacon", "Archer", "Hatchet", "Two-Gun", "Scattergun", "Stubby")


def black_gives_up_six(path: Path) -> GmScreenApp:
    campaign = new_campaign(path)
    for command in showdown_commands():
        campaign.execute(command)
    campaign.execute(SetUpGame("5h"))
    deploy_all(campaign)
    for name in GAVE_UP:
        campaign.execute(Surrender(name))
    return GmScreenApp(campaign)


@synchronous
async def test_those_left_to_field_are_in_sight_at_80x24(tmp_path: Path) -> None:
    app = black_gives_up_six(tmp_path / "six.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        seen = screen_text(app)
        assert " Long Tom " in seen
        assert " Sawbones " in seen


def test_the_players_screen_lists_those_out_for_good_last(tmp_path: Path) -> None:
    app = black_gives_up_six(tmp_path / "six.toml")
    seen = as_text(view.table_sections(view.table_knows(app.campaign.state)))
    black = seen[seen.index("BLACK"):]
    order = [name for name in ("Long Tom", "Sawbones", *GAVE_UP) if name in black]
    assert sorted(order, key=black.index) == ["Long Tom", "Sawbones", *GAVE_UP]
