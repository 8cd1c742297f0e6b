"""A no to the question a form's step asks (the hammer's "Go on?") sends nothing, and the
form opened again before any other step holds what was typed, as after escape: n on the
hammer by mistake lost the voter and his target, to be chosen again (round 64)."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dust.commands import Vote
from gmscreen.ui.confirm import Confirm
from tests.dust.app import CONSOLE, app_of, day_one
from tests.pilot import opened, synchronous, to_tab, until


@synchronous
async def test_no_to_the_hammers_question_keeps_the_vote_typed(tmp_path: Path) -> None:
    # round 64: n on "Finn's vote is the hammer ... Go on?" sent nothing, as it should, but
    # the vote form opened again blank: the voter and his target to choose again
    campaign = day_one(tmp_path)
    for voter in ("Bob", "Cat", "Dan", "Van", "Rev", "Wat", "Tom"):
        campaign.execute(Vote(voter, "Pat"))
    app, _ = app_of(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, CONSOLE)
        await opened(pilot, "v")
        await pilot.press(*"Vig", "tab", *"Pat", "tab", "ctrl+s")
        await until(pilot, lambda: isinstance(pilot.app.screen, Confirm))
        await pilot.press("n")
        await until(pilot, lambda: pilot.app.screen is pilot.app.screen_stack[0])
        assert campaign.state.phase == "day"
        again = await opened(pilot, "v")
        assert again.values().text("voter") == "Vig"
        assert again.values().text("target") == "Pat"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(pilot.app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: campaign.state.phase == "night")
