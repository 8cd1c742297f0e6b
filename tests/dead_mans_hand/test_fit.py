"""Every tab and every form of Dead Man's Hand, opened with the sample showdown loaded, fits
the screen at 80x24 and at 200x50: no widget cut off (what does not fit whole lies in a
container that scrolls to it), and no column of a table narrower than its heading or out of
sight. Each form is opened at a moment its key applies."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from gmscreen.games import rules_for
from gmscreen.games.dead_mans_hand.commands import (
    Dismiss,
    GoAllIn,
    MakeAttack,
    PlayResult,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes.characters import PossesPane
from gmscreen.games.dead_mans_hand.sample import SAMPLES
from gmscreen.games.dead_mans_hand.state import MatchState
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import deploy_all, settled
from tests.dead_mans_hand.test_showdown import BLACK
from tests.pilot import Notices, looked_at, synchronous, to_tab, until

SIZES = [(80, 24), (200, 50)]
SHOWDOWN = SAMPLES[0]


def sample(folder: Path, *commands: object) -> Campaign[MatchState]:
    """The sample showdown, then `commands`."""
    folder.mkdir()
    campaign: Campaign[MatchState] = open_campaign(write_sample(SHOWDOWN, folder), rules_for)
    for command in commands:
        campaign.execute(command)
    return campaign


def placed(folder: Path, *commands: object) -> Campaign[MatchState]:
    """Game 1 set up (red first) and every model placed, then `commands`."""
    campaign = sample(folder, SetUpGame("5h"))
    deploy_all(campaign)
    for command in commands:
        campaign.execute(command)
    return campaign


async def run(campaign: Campaign[Any], size: tuple[int, int], tab: str,
              looks: Sequence[tuple[str, tuple[str, ...]]]) -> None:
    """On `tab`, find nothing cut off; then open each form by its keys and look again."""
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=size) as pilot:
        await to_tab(pilot, tab)
        await looked_at(pilot, f"the {tab} tab")
        for what, keys in looks:
            await looked_at(pilot, f"{tab} {what}", keys)
        assert notices.of("warning") == [], notices.of("warning")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_the_characters_tab_and_its_forms_fit(tmp_path: Path,
                                                    size: tuple[int, int]) -> None:
    # one of black's eight dismissed: with both posses full Recruit is refused, not opened
    await run(sample(tmp_path / "building", Dismiss(BLACK[-1])), size, "Characters",
              [("recruit", ("r",)), ("edit", ("e",)), ("name the posse", ("N",)),
               ("format", ("f",))])
    await run(placed(tmp_path / "playing", UseModel("Slim", Move.STILL)), size, "Characters",
              [("edit during a game", ("e",))])
    everybody = [Dismiss(m.name) for m in sample(tmp_path / "names").state.models()]
    await run(sample(tmp_path / "empty", *everybody), size, "Characters",
              [("scenario", ("s",))])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_the_conflict_tab_and_its_forms_fit(tmp_path: Path, size: tuple[int, int]) -> None:
    await run(sample(tmp_path / "building"), size, "Conflict", [("set up", ("g",))])
    await run(placed(tmp_path / "placed"), size, "Conflict",
              [("use", ("u",)), ("leave", ("l",)), ("surrender", ("y",))])
    await run(placed(tmp_path / "in use", UseModel("Slim", Move.STILL)), size, "Conflict",
              [("attack", ("a",))])
    await run(placed(tmp_path / "drawn", UseModel("Slim", Move.STILL),
                     MakeAttack("Stubby", "rifle", 60, ("Qc", "2s")), GoAllIn("Ah")),
              size, "Conflict", [("play", ("p",))])
    await run(placed(tmp_path / "all in", UseModel("Slim", Move.STILL),
                     MakeAttack("Stubby", "rifle", 60, ("Qc", "2s"))),
              size, "Conflict", [("All In", ("i",)), ("undo the attack", ("z",))])
    shots = (UseModel("Slim", Move.STILL), MakeAttack("Stubby", "rifle", 60, ("Kh", "2c")),
             PlayResult("Kh"), UseModel("Long Tom", Move.STILL),
             MakeAttack("Quickdraw", "rifle", 70, ("9s", "3d")), PlayResult("9s"))
    gives_up = [Surrender(name) for name in BLACK if name != "Stubby"]
    await run(placed(tmp_path / "fallen", *shots, *gives_up), size, "Conflict",
              [("recovery draw", ("v",))])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_the_posses_are_drawn_once_as_the_tab_first_shows_and_again_on_a_resize(
        tmp_path: Path, size: tuple[int, int], monkeypatch: Any) -> None:
    # the first resize, to the room the tab was first drawn for, drew every table again
    # (a layout and a drawing more at every start)
    drawn: list[int] = []
    redraw = PossesPane.redraw

    def counted(pane: PossesPane) -> None:
        drawn.append(pane.size.width)
        redraw(pane)

    monkeypatch.setattr(PossesPane, "redraw", counted)
    app = GmScreenApp(sample(tmp_path / "c"))
    async with app.run_test(size=size) as pilot:
        await to_tab(pilot, "Characters")
        await until(pilot, lambda: drawn)
        await settled(pilot)  # a second drawing asked after a refresh has come by now
        assert len(drawn) == 1
        pane = app.screen.query_one(PossesPane)
        assert pane.has_class("-stacked") == (size[0] < 120)
        # across the line where the posses go side by side, and back: drawn for each
        other = 200 if size[0] < 120 else 80
        await pilot.resize_terminal(other, size[1])
        await until(pilot, lambda: drawn == [drawn[0], other])
        await pilot.resize_terminal(*size)
        await until(pilot, lambda: drawn == [drawn[0], other, size[0]])
