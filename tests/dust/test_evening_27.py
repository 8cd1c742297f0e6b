"""An evening with rounds 24 to 26 together (round 27): the Dealer's own keys, the palette
by the game's words, the mouse (a Keys word, the footer, a double click on the log), and a
terminal without colour, met in one night of Dust. Each was tested on its own; here they
meet. Found so, both the kit's and fixed there (f14bd209): without colour (NO_COLOR) the night's
form ended the app for a player with nothing to use beside the night's one choice (its
empty "Also" list); with undo moved to ctrl+u, ctrl+z still took the newest step back."""

from __future__ import annotations

from typing import Any

import pytest

from gmscreen.games.dust.commands import ChooseKill
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from gmscreen.ui.log_view import LogView
from gmscreen.ui.shell import ShellScreen
from tests.dust.app import CONSOLE, app_of, night_with_three_extras, pane, refusals
from tests.dust.test_by_mouse import click_on, form_open
from tests.pilot import click_key, from_palette, synchronous, to_tab, until

#: the keys an unusual Dealer moved: five steps of the night and the day, undo, the note
MOVED = {
    "dust.vote": "V", "dust.night_action": "A", "dust.night_kill": "ctrl+k",
    "dust.resolve": "f7", "dust.end_day": "E", "dust.set_deadline": "J", "undo": "ctrl+u",
    "note": "N",
}


@synchronous
async def test_without_colour_the_night_form_opens_for_a_player_with_nothing_beside(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR=1 in a real terminal: the Day and night tab at night, a player whose role
    and items give nothing beside the night's one choice highlighted, `a`: the app ended
    with a traceback (AttributeError in textual/filter.py), the Dealer's night lost at the
    keys (the journal kept)."""
    monkeypatch.setenv("NO_COLOR", "1")
    app, _ = app_of(night_with_three_extras(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.no_color
        await to_tab(pilot, CONSOLE)
        await pilot.press("down", "down")  # Cat, a Vanilla Town with no item
        await pilot.press("a")
        form = await form_open(pilot)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is form and app.is_running


@synchronous
async def test_a_night_by_the_moved_keys_the_palette_and_the_mouse(tmp_path: Any) -> None:
    """The night with the keys moved: a moved key out of its phase says the rule's reason,
    its old key does nothing; the action from the palette, the footer's moved key clicked,
    the kill by ctrl+k, the night resolved by f7 and taken back by ctrl+u, the same as
    before it; by day a Keys line's moved key clicked; a double click on the log replays
    to a line."""
    campaign = night_with_three_extras(tmp_path)
    app, notices = app_of(campaign)
    app.set_keymap(MOVED)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, CONSOLE)
        cycle: Any = pane(app, CONSOLE)
        # the vote by its moved key at night: the rule's reason; by its old key nothing
        await pilot.press("V")
        await until(pilot, lambda: refusals(notices))
        assert "night" in refusals(notices)[-1][1].lower(), refusals(notices)
        before = len(notices)
        # the moved vote key again after them: its refusal, once come, tells that the old
        # keys before it were taken in turn (a time waited only guessed it)
        await pilot.press("v", "a", "k", "r", "V")
        await until(pilot, lambda: len(notices) > before)
        await pilot.pause()
        assert app.screen is app.screen_stack[0] and len(notices) == before + 1
        assert refusals(notices)[-1] == refusals(notices)[-2]
        # the night action from the palette, by the game's word for it, then cancelled
        await from_palette(pilot, "Day and night: Night action: power, item, scavenge")
        form = await form_open(pilot)
        await click_on(pilot, form, "Cancel")
        await until(pilot, lambda: app.screen is app.screen_stack[0])
        # the footer's moved key clicked opens the same form
        await click_key(pilot, "A")
        form = await form_open(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.screen_stack[0])
        await pilot.press("ctrl+k")
        assert isinstance(await form_open(pilot), Form)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.screen_stack[0])
        campaign.execute(ChooseKill("Gus", "Eve", "Ann"))
        await pilot.pause()
        night = campaign.state
        await pilot.press("f7")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: campaign.state.phase == "day")
        after = campaign.state
        await pilot.press("ctrl+u")
        await until(pilot, lambda: campaign.state.phase == "night")
        assert campaign.state == night
        await pilot.press("ctrl+y")
        await until(pilot, lambda: campaign.state == after)
        assert cycle is pane(app, CONSOLE)
        # Day 2: the Keys line names the moved key, and its words clicked take the step
        await click_on(pilot, app.screen, "J deadline clock")
        form = await form_open(pilot)
        await click_on(pilot, form, "Cancel")
        await until(pilot, lambda: app.screen is app.screen_stack[0])
        # the log: a double click on a line replays the campaign to it
        await to_tab(pilot, "5")
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        await pilot.click(LogView, offset=(10, 2), times=2)
        await until(pilot, lambda: screen.replayed is not None)
        await pilot.press("escape")
        await until(pilot, lambda: screen.replayed is None)


@synchronous
async def test_the_old_undo_key_does_nothing_once_undo_is_moved(tmp_path: Any) -> None:
    """A Dealer who moved undo to ctrl+u (his terminal or tmux keeps ctrl+z) pressed
    ctrl+z at night: Day 1's end was taken back ("Undone ... (^y puts it back)")."""
    campaign = night_with_three_extras(tmp_path)
    app, notices = app_of(campaign)
    app.set_keymap(MOVED)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, CONSOLE)
        night = campaign.state
        # the moved vote key after it: its refusal, once come, tells that ctrl+z was taken
        await pilot.press("ctrl+z", "V")
        await until(pilot, lambda: notices)
        await pilot.pause()
        assert campaign.state == night and len(notices) == 1, notices
        assert "night" in refusals(notices)[0][1].lower(), notices
