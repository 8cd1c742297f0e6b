"""Round 27: an evening with rounds 24 to 26 in play together (docs/rules/devils-bluff.md,
"An evening with rounds 24 to 26 (round 27)"): the Dealer's own keys, the palette found by
the game's words, the mouse, and the light theme, on one table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.commands import shell_commands
from gmscreen.ui.form import Form
from gmscreen.ui.log_view import LogView
from gmscreen.ui.shell import ShellScreen
from gmscreen.ui.tabs import tab_id
from tests.devils_bluff.test_round_twenty_five import keys_set
from tests.devils_bluff.test_round_twenty_four import first_found
from tests.pilot import Notices, click_key, footer_keys, synchronous, tab_ready, to_tab, until

#: the evening's settings.toml: five of the most used steps, undo, note and two tabs moved
EVENING = {"undo": "ctrl+u", "note": "ctrl+n", "tab.1": "f10", "tab.3": "f11",
           "devils_bluff.start_round": "f7", "devils_bluff.activate": "f8",
           "devils_bluff.attack": "f9", "devils_bluff.draw": "f4",
           "devils_bluff.end_activation": "f12", "devils_bluff.enlist": "ctrl+e"}


async def to_moved_tab(pilot: Pilot[Any], key: str, title: str) -> None:
    """Press a tab's key as the Dealer set it and wait until that tab is shown, built, with
    the keyboard in it (as `tests.pilot.to_tab`): a first pause guessed the tab bar settled,
    and under a starved wait the key was taken back to the first tab (the kit's, fixed in
    round 36)."""
    await pilot.press(key)
    await until(pilot, lambda: tab_ready(pilot.app, tab_id(title)))


@synchronous
async def test_the_palette_finds_deploy_by_the_word_deployment(tmp_path: Path) -> None:
    """The tab says "picks a deployment area"; a Dealer typing "deployment" into ctrl+p
    found only "Deploy, typed cards" (its help says "deployment roll-off"): the Deploy by
    the app's own draw, the one a table without its own pack wants, was not listed."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await first_found(pilot, "deployment") == (
            "Conflict: Deploy: the deployment roll-off, who deploys first")
        await pilot.press("escape")
        await pilot.pause()
        assert await first_found(pilot, "deploy") == (
            "Conflict: Deploy: the deployment roll-off, who deploys first")
    campaign.close()


@synchronous
async def test_an_evening_s_moved_keys_the_mouse_and_the_log_in_daylight(
        tmp_path: Path) -> None:
    """The evening's keys set, in textual-light at 80x24: the tabs by their moved keys, the
    footer's moved key clicked gives the rule's reason as the key does, the old key does
    nothing of its step, the moved undo takes back, and a double click on a log line
    replays it."""
    keys_set(EVENING)
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    path = campaign.path
    assert path is not None
    journal = path.read_bytes()
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "textual-light"
        await to_moved_tab(pilot, "f11", "Conflict")
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        assert {"f8", "f4"} <= footer_keys(app) and not {"a", "d"} & footer_keys(app)
        # the footer's f8 clicked opens Activate, as the key does
        await click_key(pilot, "f8")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        # the old keys do nothing of their steps
        for old in ("a", "f", "r", "e"):
            await pilot.press(old)
            await pilot.pause(0.2)
            assert not isinstance(app.screen, Form), old
        assert path.read_bytes() == journal
        # f8 and Enter activate; f9 opens the Attack form; f8 again is refused, saying why
        await pilot.press("f8")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("enter")
        await until(pilot, lambda: path.read_bytes() != journal)
        activated = path.read_bytes()
        await until(pilot, lambda: "f9" in footer_keys(app) and "f12" in footer_keys(app))
        await pilot.press("f8")
        await until(pilot, lambda: notices.of("warning"))
        assert "activating" in notices.of("warning")[-1].message
        # ctrl+u, the undo as set, takes the activation back
        await pilot.press("ctrl+u")
        await until(pilot, lambda: path.read_bytes() != activated)
        await until(pilot, lambda: "f8" in footer_keys(app))
        # the log: a double click replays the line clicked
        await to_tab(pilot, "4")
        view = screen.query_one(LogView)
        await pilot.click(LogView, offset=(10, 2), times=2)
        await until(pilot, lambda: screen.replayed is not None)
        await pilot.press("escape")
        await until(pilot, lambda: screen.replayed is None)
        await to_moved_tab(pilot, "f10", "Characters")
        assert view is not None
    campaign.close()


@synchronous
async def test_the_palette_finds_each_hand_by_the_tab_s_word_look(tmp_path: Path) -> None:
    """The tab says "(h to look)": a Dealer typing "look" into ctrl+p found the Wanted
    Clock's Show/keep first, and "look at hand" nothing, before and after the Conflict tab
    was shown (the hands' lines said "Show or hide")."""
    keys_set({"devils_bluff.hand_first": "f2"})
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    first, second = campaign.state.players
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await first_found(pilot, "look at hand") == (
            f"Conflict: Hand 1 ({first}'s): look or hide")
        await pilot.press("escape")
        await to_tab(pilot, "Conflict")
        found = []
        for word in ("look", "look at hand", "hide"):
            found.append(await first_found(pilot, word))
            await pilot.press("escape")
            await pilot.pause()
        assert found == [f"Conflict: Hand 1 ({first}'s): look or hide"] * 3
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        said = {c.title: c.help for c in shell_commands(app, screen)}
        assert said[f"Conflict: Hand 2 ({second}'s): look or hide"] == (
            f"Look at or hide {second}'s hand, for their eyes only (H)")
        assert said[f"Conflict: Hand 1 ({first}'s): look or hide"].endswith("only (f2)")
    campaign.close()
