"""Dust without its keys (round 24): every step found in the palette by a word a moderator
would type, the palette's step the key's (the same form, the same refusal), and the tab
worked by the mouse alone: rows clicked and scrolled by the wheel and the scrollbar, the
Keys line's words, a form's Cancel, a question's No.

Found so: the palette searches the commands' names only, and the names were the footer's
one word, so "lynch", "gift", "vouch", "church", "scavenge", "start" (the game, not the
session), "setup", "remove" (a player), "format" and "notebook" found nothing or the wrong
step; and a step clicked on the Characters tab's Keys line left the keyboard in the sheet
box under it (it scrolls, so it takes the keyboard on the mouse's press): the form closed,
up and down scrolled the sheet while the list's highlight stayed put."""

from __future__ import annotations

from typing import Any

import pytest
from textual import events
from textual.binding import Binding
from textual.fuzzy import Matcher
from textual.widget import Widget

from gmscreen.games.dust.commands import EndDay
from gmscreen.ui.commands import shell_commands
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from gmscreen.ui.sections import GridTable
from gmscreen.ui.shell import ShellScreen
from tests.dust.app import CHARACTERS, CONSOLE, POSTS, app_of, pane, sample_campaign
from tests.dust.test_by_mouse import click_on, click_tab, form_open
from tests.pilot import Notices, click_key, shell_up, synchronous, to_tab, until

#: a word a moderator would type, and the step it must find (its tab's name first)
WORDS = [
    ("lynch", "Day and night: Vote toward a lynch"),
    ("no lynch", "Day and night: End day (no lynch)"),
    ("gift", "Day and night: Give item (a gift)"),
    ("vouch", "Day and night: Day power: light the church, vouch"),
    ("church", "Day and night: Day power: light the church, vouch"),
    ("scavenge", "Day and night: Night action: power, item, scavenge"),
    ("kill", "Day and night: Scum's night kill"),
    ("lots", "Day and night: Draw or type the lots"),
    ("start game", "Characters: Start the game: Day 1"),
    ("deal", "Characters: Deal roles"),
    ("setup", "Characters: Book's roles and items (the set-up)"),
    ("remove player", "Characters: Mod-kill: remove a player"),
    ("modkill", "Characters: Mod-kill: remove a player"),
    ("replace", "Characters: Replace player"),
    ("location", "Characters: Add location (a new place)"),
    ("roles", "Characters: Lists: players, items, locations, roles"),
    ("format", "Posts: Format: BBCode/Markdown/plain"),
    ("thread", "Posts: Copy post for the thread"),
    ("notebook", "Posts: Dead's note (his Notebook)"),
    ("vote count", "Posts: Copy vote count"),
    ("deadline", "Wanted Clock: Move the deadline"),
]


@synchronous
async def test_the_palette_finds_each_step_by_a_word_of_the_game(tmp_path):
    app, _ = app_of(sample_campaign(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        # the shell up with its first tab (a test that ended while the tabs were still
        # being mounted met them on their way out as the app closed)
        await shell_up(pilot)
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        titles = [command.title for command in shell_commands(app, screen)]
        missed = [(word, title) for word, title in WORDS
                  if title not in titles or Matcher(word).match(title) <= 0]
        assert missed == []
        # every step of the game's tabs is in it, under its tab's name
        for title in (CHARACTERS, "Wanted Clock", CONSOLE, POSTS):
            shown = pane(app, title)
            shown = getattr(shown, "game_pane", None) or shown
            for binding in shown.BINDINGS:
                assert isinstance(binding, Binding)
                name = shown.PALETTE_NAMES.get(binding.action, binding.description)
                assert f"{title}: {name}" in titles


def _said(app: Any, notices: Notices, since: int) -> tuple[str, tuple[str, ...]]:
    screen = app.screen
    shown = (screen.title_text if isinstance(screen, Form) else
             "question" if isinstance(screen, Confirm) else type(screen).__name__)
    return shown, tuple(f"{n.title}: {n.message}" for n in notices[since:])


async def _back(pilot: Any) -> None:
    app = pilot.app
    while not isinstance(app.screen, ShellScreen):
        await pilot.press("escape")
        await pilot.pause()


@pytest.mark.slow
@pytest.mark.parametrize("phase", ["day", "night"])
@synchronous
async def test_the_palettes_step_is_the_keys_in_and_out_of_its_phase(tmp_path, phase):
    """Each step of the day and night tab and the Characters tab, by its key on its tab and
    from the palette on another tab: the same form or question, or the same refusal."""
    campaign = sample_campaign(tmp_path)
    if phase == "night":
        campaign.execute(EndDay())
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        for title in (CHARACTERS, CONSOLE):
            shown = pane(app, title)
            for binding in shown.BINDINGS:
                if binding.action == "toggle_places":
                    continue  # it changes the list shown, and is looked at below
                await to_tab(pilot, title)
                since, events = len(notices), len(campaign.events)
                await pilot.press(binding.key)
                await pilot.pause(0.2)
                by_key = _said(app, notices, since)
                await _back(pilot)
                await to_tab(pilot, POSTS)
                screen = app.screen
                assert isinstance(screen, ShellScreen)
                commands = {c.title: c for c in shell_commands(app, screen)}
                name = shown.PALETTE_NAMES.get(binding.action, binding.description)
                since = len(notices)
                await commands[f"{title}: {name}"].callback()
                await pilot.pause(0.2)
                assert _said(app, notices, since) == by_key, binding.action
                await _back(pilot)
                assert len(campaign.events) == events


async def _wheel(pilot: Any, widget: Widget, lines: int) -> None:
    """Turn the mouse wheel over `widget` (down for lines > 0)."""
    region = widget.region
    kind = events.MouseScrollDown if lines > 0 else events.MouseScrollUp
    for _ in range(abs(lines)):
        widget.post_message(kind(widget, 2, 1, 0, 0, 0, False, False, False,
                                 screen_x=region.x + 2, screen_y=region.y + 1))
        await pilot.pause()


@synchronous
async def test_a_step_clicked_on_the_keys_line_leaves_the_arrows_on_the_list(tmp_path):
    campaign = sample_campaign(tmp_path)
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await click_tab(pilot, CHARACTERS)
        players = app.screen.query_one("#dust-players", GridTable)
        await click_on(pilot, players, "Tumbleweed")
        await until(pilot, lambda: players.highlighted == "Tumbleweed")
        # the Keys line under the list: its form, cancelled by its button, or by escape
        for close in ("Cancel", "escape"):
            await click_on(pilot, app.screen, "K mod-kill")
            form = await form_open(pilot)
            assert form.title_text == "Mod-kill Tumbleweed"
            if close == "escape":
                await pilot.press("escape")
            else:
                await click_on(pilot, form, "Cancel")
            await until(pilot, lambda: isinstance(app.screen, ShellScreen))
            await pilot.pause()
            await pilot.press("up")
            await until(pilot, lambda: players.highlighted == "Old Sarge")
            await pilot.press("down")
            await until(pilot, lambda: players.highlighted == "Tumbleweed")
        # another step there leaves the arrows on the list too
        await click_on(pilot, app.screen, "R replace player")
        await form_open(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        await pilot.pause()
        await pilot.press("up")
        await until(pilot, lambda: players.highlighted == "Old Sarge")
        assert notices.of("warning") == []


@synchronous
async def test_rows_clicked_and_scrolled_by_the_mouse_are_the_ones_a_key_acts_on(tmp_path):
    campaign = sample_campaign(tmp_path)
    campaign.execute(EndDay())
    app, notices = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await click_tab(pilot, CHARACTERS)
        players = app.screen.query_one("#dust-players", GridTable)
        # fifteen players, ten rows in sight at 80x24, once laid out
        await until(pilot, lambda: players.max_scroll_y > 0)
        await click_on(pilot, players, "Bounty Belle")
        await until(pilot, lambda: players.highlighted == "Bounty Belle")
        await click_on(pilot, players, "Bounty Belle", times=2)  # Enter does nothing here
        assert isinstance(app.screen, ShellScreen)
        # the wheel scrolls the list; the highlight stays where the click put it
        await _wheel(pilot, players, 5)
        await until(pilot, lambda: players.scroll_y > 0)
        assert players.highlighted == "Bounty Belle"
        await click_on(pilot, app.screen, "K mod-kill")
        form = await form_open(pilot)
        assert form.title_text == "Mod-kill Bounty Belle"
        await click_on(pilot, form, "Cancel")
        # the form gone before the scrollbar is aimed at
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        # the scrollbar dragged back to the top: the highlight stays again
        bar = players.vertical_scrollbar.region
        await pilot.mouse_down(offset=(bar.x, bar.bottom - 1))
        await pilot.hover(offset=(bar.x, bar.y))
        await pilot.mouse_up(offset=(bar.x, bar.y))
        await until(pilot, lambda: players.scroll_y == 0)
        assert players.highlighted == "Bounty Belle"
        # a row out of sight, brought in by the wheel and clicked
        await _wheel(pilot, players, 5)
        await click_on(pilot, players, "Widow Grey")
        await until(pilot, lambda: players.highlighted == "Widow Grey")
        await click_on(pilot, app.screen, "e edit power")
        form = await form_open(pilot)
        assert "Despair" in form.title_text
        await click_on(pilot, form, "Cancel")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        # the night's board: a click highlights a player, the footer's Action opens on him
        await click_tab(pilot, CONSOLE)
        board = app.screen.query_one("#dust-board", GridTable)
        await _wheel(pilot, board, 3)
        await click_on(pilot, board, "Old Sarge")
        await until(pilot, lambda: board.highlighted == "Old Sarge")
        await click_key(pilot, "a")
        form = await form_open(pilot)
        assert form.values().text("player") == "Old Sarge"
        await click_on(pilot, form, "Cancel")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        # a question's No changes nothing, and the next key goes to the tab
        events = len(campaign.events)
        await click_key(pilot, "r")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.pause()
        await click_on(pilot, app.screen, "No (n)")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        assert len(campaign.events) == events
        await pilot.press("k")
        form = await form_open(pilot)
        assert form.title_text == "The Scum's kill"
        assert notices.of("warning") == []
