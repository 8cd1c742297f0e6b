"""The Wanted Clock tab in every game: the Dealer's own clocks made, ticked with a reason,
shown to the table and put away by keys, every move journaled and undoable."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from gmscreen.journal.clocks import MakeClock, TickClock
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.clock_face import ClockFace
from gmscreen.ui.clocks_pane import ClocksPane
from tests.pilot import Notices, fill, refusal_shown, screen_text, synchronous, to_tab, until
from tests.ui.support import played


@synchronous
async def test_a_clock_by_keys_from_start_to_put_away(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Wanted Clock")
        assert "None yet" in screen_text(app)
        await pilot.press("plus")  # nothing to tick yet: said, naming the rule
        await until(pilot, lambda: notices and notices[-1].title == "Clocks")
        await fill(pilot, "a", name="The truth about Jim", segments="6",
                   why="Last Oak hanged the wrong man")
        await until(pilot, lambda: len(campaign.clocks) == 1)
        await until(pilot, lambda: len(app.screen.query(ClockFace)) == 1)
        await fill(pilot, "plus", by="2", reason="")
        refusal_shown(app, "Clocks")
        await fill(pilot, reason="The widow talks")
        await until(pilot, lambda: campaign.clocks[0].filled == 2)
        await until(pilot, lambda: "2 of 6, yours alone" in screen_text(app))
        await pilot.press("s")
        await until(pilot, lambda: campaign.clocks[0].public)
        await fill(pilot, "minus", by="1", reason="The sheriff burns the letter")
        await until(pilot, lambda: campaign.clocks[0].filled == 1)
        def moves() -> str:  # below the dials: at 80x24 scrolled out of sight
            return str(app.screen.query_one("#clocks-moves", Static).render())

        await until(pilot, lambda: "The sheriff burns the letter" in moves())
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.clocks[0].filled == 2)
        # the tab says why the clock stands where it does, the newest move first; an undone
        # move is not among them
        await until(pilot, lambda: "The sheriff burns" not in moves())
        shown = moves()
        assert shown.index("The widow talks") < shown.index("Last Oak hanged the wrong man")
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("y")
        await until(pilot, lambda: campaign.clocks == ())
        assert isinstance(app.focused, ClocksPane)
    told = [campaign.describe(e) for e in campaign.events if e.kind.startswith("clock.")]
    assert told[:2] == [
        "A clock of 6, The truth about Jim, is started: Last Oak hanged the wrong man.",
        "The truth about Jim moves forward 2 segments: The widow talks"]


@synchronous
async def test_a_laptops_24_rows_show_each_clock_as_a_line_and_its_moves_in_sight(
        tmp_path: Path) -> None:
    # a dial took nine rows each: the clocks' moves, and on Fistful's tab the Dealer's
    # clocks themselves, were out of sight at 80x24
    campaign = played(tmp_path)
    for name in ("The truth about Jim", "The posse rides north"):
        campaign.execute(MakeClock(name, 6, public=False))
    campaign.execute(TickClock("The truth about Jim", 2, "The widow talks"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Wanted Clock")
        await until(pilot, lambda: len(app.screen.query(ClockFace)) == 2)
        await pilot.pause()
        faces = list(app.screen.query(ClockFace))
        assert all(face.has_class("-line") for face in faces)
        assert faces[1].region.y >= faces[0].region.bottom  # one under the other
        shown = screen_text(app)
        assert "The truth about Jim" in shown and "2 of 6" in shown
        assert "The widow talks" in shown  # the chosen clock's moves
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: not any(face.has_class("-line")
                                           for face in app.screen.query(ClockFace))
                    and faces[1].region.x > faces[0].region.x)  # dials side by side again
