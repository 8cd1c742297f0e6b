"""Lots typed wrong: the night is undone (u on the Posts tab), and resolved again. The
lots it was resolved with are kept (the players may have been told their shares), and the
question says so, and how to change them: r asked "Resolve Night 1?" as over a fresh draw."""

from __future__ import annotations

from gmscreen.games.dust.commands import EndDay, ResolveNight
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from tests.dust.app import CONSOLE, app_of, question, sample_campaign
from tests.pilot import synchronous, to_tab, until


@synchronous
async def test_resolving_again_says_the_lots_of_the_night_undone_are_kept(tmp_path):
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        assert "kept" not in question(app)
        await pilot.press("n")
        await until(pilot, lambda: not isinstance(app.screen, Confirm))
        typed = tuple(reversed([p.name for p in campaign.state.living]))
        campaign.execute(ResolveNight(typed))
        campaign.undo()
        await pilot.pause()
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        asked = question(app)
        assert f"with the lots it was resolved with before ({typed[0]}, {typed[1]}, ...)" in (
            asked)
        assert "t shows them to change" in asked
        await pilot.press("n")
        await until(pilot, lambda: not isinstance(app.screen, Confirm))
        # t offers them to edit, saying whose they are
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, Form))
        lots = app.screen
        assert isinstance(lots, Form)
        assert lots.values().text("lots") == ", ".join(typed)
        note = str(lots.query_one(".form-note").render())
        assert "The lots it was resolved with before: " in note
        await pilot.press("escape")
