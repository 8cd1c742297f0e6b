"""Line 126: a showdown posse has one leader (value 6, two hits) and seven others. The recruit
form opened with Leader unticked whatever the posse held, so the leader, whom a table
usually recruits first, took a Tab and a space more, and a posse built without the tick
was refused only at the set-up ("nobody starts at value 6 with 2 hits"). Leader starts
ticked while the posse chosen has no leader, and unticked once it has one, following the
posse picked in the form."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox

from gmscreen.games.dead_mans_hand.commands import Recruit
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import new_campaign
from tests.pilot import opened, set_field, synchronous, until


@synchronous
async def test_leader_is_ticked_while_the_posse_chosen_has_none(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = await opened(pilot, "r")
        assert shown.values().flag("leader")
        await pilot.press(*"Big Jim", "enter")  # Enter in the name sends
        await until(pilot, lambda: bool(campaign.state.red.models))
        (jim,) = campaign.state.red.models
        assert (jim.value, jim.hits) == (6, 2)

        shown = await opened(pilot, "r")  # red has its leader now
        assert not shown.values().flag("leader")
        set_field(shown, "colour", "black")  # black has none
        await until(pilot, lambda: shown.values().flag("leader"))
        set_field(shown, "colour", "red")
        await until(pilot, lambda: not shown.values().flag("leader"))
        leader = shown.widget_of("leader")
        assert isinstance(leader, Checkbox)


@synchronous
async def test_single_games_have_no_leader_box(tmp_path: Path) -> None:
    from gmscreen.games.dead_mans_hand.commands import ChooseFormat
    from gmscreen.games.dead_mans_hand.state import Format

    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(ChooseFormat(Format.SINGLE))
    campaign.execute(Recruit("red", "Slim", 8, 1, ("pistol",)))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = await opened(pilot, "r")
        assert "leader" not in [field.key for field in shown.fields]


@synchronous
async def test_with_the_red_posse_full_the_form_opens_on_black(tmp_path: Path) -> None:
    """Line 126: eight models a posse. With red's eight recruited and the keyboard still in
    red's table, the form opened on red, which can take nobody more."""
    from gmscreen.games.dead_mans_hand.sample import showdown_commands

    campaign = new_campaign(tmp_path / "c.toml")
    for command in showdown_commands():
        if isinstance(command, Recruit) and command.colour == "red":
            campaign.execute(command)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = await opened(pilot, "r")
        assert shown.values().text("colour") == "black"
        assert shown.values().flag("leader")  # black has no leader yet
