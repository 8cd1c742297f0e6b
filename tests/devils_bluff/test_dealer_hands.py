"""The Dealer's hands: a whole session by keys at 80x24, then by the mouse (a sixteenth
look). A step the rules refuse whatever the form holds is not offered: with both gangs at
ten models (module lines 11, 95), e no longer opens an Enlist form only to refuse it once
filled ("Gang size: 11 models")."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.devils_bluff.commands import CloseAftermath, EndGame
from gmscreen.games.devils_bluff.hiring import why_not_enlist
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff import helpers as tables
from tests.devils_bluff.helpers import campaign_sample
from tests.pilot import Notices, footer_keys, synchronous, to_tab, until


@synchronous
async def test_with_both_gangs_full_enlisting_is_refused_before_any_form(
        tmp_path: Path) -> None:
    campaign = campaign_sample(tmp_path)
    campaign.execute(EndGame())
    refusal = why_not_enlist(campaign.state)
    assert refusal is not None
    assert (refusal.rule, refusal.message) == (
        "Gang size", "both gangs have 10 models, the most a gang may have")
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.pause()
        assert "e" not in footer_keys(app)
        await pilot.press("e")
        await until(pilot, lambda: notices.of("warning"))
        assert not isinstance(app.screen, Form)
        assert notices.of("warning")[-1].title == "Gang size"
    campaign.close()
    # the aftermath closed, the hired guns move on and leave room
    table = tables.campaign()
    table.execute(EndGame())
    assert why_not_enlist(table.state) is not None
    table.execute(CloseAftermath())
    assert why_not_enlist(table.state) is None
