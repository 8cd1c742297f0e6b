"""The twentieth look: a new Dealer's first evening, from an empty journal, and what the
look before left alone (a hand left face up under a dialog over the Conflict tab)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from gmscreen.ui.shell import ShellScreen
from tests.pilot import click_key, synchronous, to_tab, until


@synchronous
async def test_a_hand_shown_is_turned_face_down_under_any_dialog(tmp_path: Path) -> None:
    """Both players read one screen: a hand looked at, then a note begun (n, or its key
    clicked in the footer) or the palette opened over the tab, is turned face down, as at
    any other key; it stays face down when the dialog closes."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    first = campaign.state.players[0]
    card = str(campaign.state.hand(first)[0])
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        hands = shell.query_one("#bluff-hands", Static)
        for opens in ("n", "click n", "ctrl+p"):
            await pilot.press("h")
            await until(pilot, lambda: card in str(hands.render()))
            if opens.startswith("click"):
                await click_key(pilot, opens.split()[1])
            else:
                await pilot.press(opens)
            await until(pilot, lambda: app.screen is not shell)
            await pilot.pause()
            assert card not in str(hands.render()), opens
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is shell)
            assert card not in str(hands.render()), opens
        assert not isinstance(app.screen, Form)
    campaign.close()
