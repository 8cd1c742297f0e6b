"""At 200x50 the Conflict tab's right-hand panel holds the attack above the play sheet. Left
scrolled down the sheet (h, or the arrows after Tab), it kept its place as the attack was
drawn and played, and the last attack stayed out of sight. An attack that changes brings
the panel back to its top; a redraw that changes nothing leaves the Dealer's place alone."""

from __future__ import annotations

from pathlib import Path

from textual.containers import VerticalScroll

from gmscreen.games.dead_mans_hand.commands import MakeAttack, PlayResult
from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import model_in_use
from tests.pilot import synchronous, to_tab, until


@synchronous
async def test_the_attack_comes_into_sight_when_it_changes(tmp_path: Path) -> None:
    campaign = model_in_use(tmp_path / "sight.toml", "duel-between-rivals", "2h", "Big Oaf")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(200, 50)) as pilot:
        await to_tab(pilot, "Conflict")
        panel = app.query_one("#attack-scroll", VerticalScroll)
        await pilot.press("h")  # down to the play sheet
        await until(pilot, lambda: panel.scroll_y > 0)
        read_at = panel.scroll_y
        pane = app.screen.query_one(ConflictPane)
        pane.redraw()  # nothing changed: the place is kept
        await pilot.pause()
        assert panel.scroll_y == read_at
        pane.send(MakeAttack("Sly Shooter", "pistol", 10, ("5c", "Qd")))
        await until(pilot, lambda: campaign.state.attack is not None)
        await until(pilot, lambda: panel.scroll_y == 0)
        await pilot.press("h")
        await until(pilot, lambda: panel.scroll_y > 0)
        pane.send(PlayResult("5c"))
        await until(pilot, lambda: campaign.state.attack is None)
        await until(pilot, lambda: panel.scroll_y == 0)  # the last attack, in sight
