"""Lines 130 and 143: a showdown posse has 40 points of plunder, 3 more for each civilian. The
recruit form says, as the plunder is ticked, what the posse has left once this model joins,
so the Dealer building a posse never adds it up on paper."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from gmscreen.games.dead_mans_hand.commands import Recruit
from gmscreen.games.dead_mans_hand.posse import left_after
from gmscreen.games.dead_mans_hand.state import Model
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dead_mans_hand.helpers import Table, new_campaign
from tests.pilot import opened, set_field, synchronous, until


def preview(shown: Form) -> str:
    """The tally under the recruit form."""
    return str(shown.query_one("#form-preview", Static).render())


async def ticked(pilot: Pilot[None], shown: Form, **values: object) -> None:
    """Fields of the form set as the Dealer leaves them, one at a time."""
    for field, value in values.items():
        set_field(shown, field, value)
        await pilot.pause()


def red_models(*recruits: Recruit) -> tuple[Model, ...]:
    return Table(*recruits).state.red.models


def test_the_points_left_count_the_recruits_cost_and_a_civilians_three() -> None:
    posse = red_models(Recruit("red", "Slim", 6, 2, ("rifle",)))  # 6 of 40
    assert left_after(posse, 3, civilian=False) == (31, 40)
    assert left_after(posse, 9, civilian=True) == (28, 43)  # a civilian's horse, +3 to spend
    assert left_after(posse, 40, civilian=False) == (-6, 40)
    assert left_after((), 0, civilian=False) == (40, 40)


@synchronous
async def test_the_recruit_form_says_what_the_posse_keeps(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(Recruit("red", "Slim", 6, 2, ("rifle", "dual-pistols"), horse=True))
    app = GmScreenApp(campaign)  # Slim spent 18 of the red posse's 40
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = await opened(pilot, "r")
        await ticked(pilot, shown, name="Quickdraw", weapons=["pistol"])
        await until(pilot, lambda: preview(shown) == (
            "Plunder: 3 points; the red posse keeps 19 of its 40"))
        await ticked(pilot, shown, weapons=["rifle", "dual-pistols", "shotgun", "sawn-off", "bow"])
        await until(pilot, lambda: preview(shown) == (
            "Plunder: 21 points; the red posse keeps 1 of its 40"))
        await ticked(pilot, shown, weapons=["rifle", "dual-pistols", "shotgun", "sawn-off", "bow",
                              "derringers"])
        await until(pilot, lambda: preview(shown) == (
            "Plunder: 23 points: 1 more than the 22 points left to the red posse"))
        await ticked(pilot, shown, civilian=True, weapons=["pistol"])
        await until(pilot, lambda: preview(shown) == (
            "Plunder: 3 points; the red posse keeps 22 of its 43"))
        assert len(campaign.state.red.models) == 1  # nothing sent


@synchronous
async def test_the_recruit_form_says_beside_the_tally_when_the_plunder_is_refused(
        tmp_path: Path) -> None:
    """Dual Pistols bring their Pistol: a Pistol ticked beside them was counted in the tally
    ("Plunder: 9 points; the red posse keeps 31 of its 40") as if the recruit would join,
    and only Recruit said it would not. The tally says so as the pair is ticked."""
    campaign = new_campaign(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = await opened(pilot, "r")
        await ticked(pilot, shown, name="Quickdraw", weapons=["pistol", "dual-pistols"])
        await until(pilot, lambda: preview(shown) == (
            "Plunder: 9 points, refused: Dual Pistols already come with a Pistol"))
        await ticked(pilot, shown, weapons=["dual-pistols"])
        await until(pilot, lambda: preview(shown) == (
            "Plunder: 6 points; the red posse keeps 34 of its 40"))
        await ticked(pilot, shown, civilian=True)
        await until(pilot, lambda: preview(shown) == (
            "Plunder: 6 points, refused: a civilian cannot use Dual Pistols"))
        assert not campaign.state.red.models  # nothing sent


@synchronous
async def test_the_edit_form_says_what_the_posse_keeps_as_the_plunder_is_put_right(
        tmp_path: Path) -> None:
    """Putting a showdown model's plunder right (Edit) counts it as Recruit does, the model's
    own plunder given back first: the Dealer making Dutch a rider, or no civilian, saw the
    sum only once Save refused it ("the posse would spend 52 of its 43")."""
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(Recruit("red", "Slim", 6, 2, ("rifle", "dual-pistols"), horse=True))
    campaign.execute(Recruit("red", "Dutch", 8, 1, ("shotgun",), civilian=True))
    app = GmScreenApp(campaign)  # Slim spent 18, Dutch 3, of the red posse's 43
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down")  # Dutch, under Slim
        shown = await opened(pilot, "e")
        await until(pilot, lambda: preview(shown) == (
            "Plunder: 3 points; the red posse keeps 22 of its 43"))
        await ticked(pilot, shown, horse=True)  # a civilian's horse: 9
        await until(pilot, lambda: preview(shown) == (
            "Plunder: 12 points; the red posse keeps 13 of its 43"))
        await ticked(pilot, shown, civilian=False)  # no civilian: 6, and 3 points fewer
        await until(pilot, lambda: preview(shown) == (
            "Plunder: 9 points; the red posse keeps 13 of its 40"))
        await ticked(pilot, shown, weapons=["shotgun", "rifle", "sawn-off", "derringers",
                                            "pistol"])
        await until(pilot, lambda: preview(shown) == (
            "Plunder: 23 points: 1 more than the 22 points left to the red posse"))
        dutch = campaign.state.find("Dutch")
        assert dutch is not None and dutch.kit == ("shotgun",)  # nothing sent
