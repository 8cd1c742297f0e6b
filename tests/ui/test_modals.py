"""The dialogs (end-session question, note, undo preview) show their keys in a footer and
answer to the mouse; every key of the shell is also a command in the palette."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.binding import Binding
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static, TabbedContent, TextArea
from textual.widgets._footer import FooterKey

from gmscreen.journal.campaign import Damaged
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.log import EncounterLog
from gmscreen.ui.log_view import LogView
from gmscreen.ui.note import NoteScreen
from gmscreen.ui.shell import ShellScreen
from gmscreen.ui.tabs import tab_id
from gmscreen.ui.undo_preview import UndoPreview
from tests.ui.support import played, synchronous, to_tab, until


async def footer_of(pilot: Pilot[Any], screen: Screen[Any]) -> dict[str, str]:
    """The keys the footer of `screen` shows, as {key: description}."""
    await until(pilot, lambda: screen.query(FooterKey))
    return {key.key: key.description for key in screen.query(FooterKey)}


async def open_preview(pilot: Pilot[Any], seq: int) -> UndoPreview:
    await to_tab(pilot, "5")
    view = pilot.app.screen.query_one(LogView)
    view.cursor = next(i for i, line in enumerate(view.lines) if line.seq == seq)
    await pilot.press("u")
    await until(pilot, lambda: isinstance(pilot.app.screen, UndoPreview))
    screen = pilot.app.screen
    assert isinstance(screen, UndoPreview)
    return screen


@synchronous
async def test_the_end_session_question_shows_its_keys_and_takes_a_click(
        tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        keys = await footer_of(pilot, app.screen)
        assert keys["y"] == "Yes" and keys["n"] == "No"
        await pilot.click("#confirm-yes")
        await until(pilot, lambda: not campaign.in_session)
        assert isinstance(app.screen, ShellScreen)


@synchronous
async def test_the_note_dialog_shows_its_keys_and_saves_on_a_click(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    count = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.focused, TextArea))
        keys = await footer_of(pilot, app.screen)
        assert keys["ctrl+s"] == "Save the note" and keys["escape"] == "Cancel"
        await pilot.press(*"Dust storm")
        await pilot.click("#note-save")
        await until(pilot, lambda: len(campaign.events) == count + 1)
        assert campaign.events[-1].data["text"] == "Dust storm"
        assert not isinstance(app.screen, NoteScreen)


@synchronous
async def test_the_undo_preview_shows_its_keys_and_answers_clicks(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    count = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        preview = await open_preview(pilot, 4)
        keys = await footer_of(pilot, preview)
        assert keys["y"] == "Undo" and keys["n"] == "Don't undo"
        await pilot.click("#undo-no")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        assert len(campaign.events) == count  # kept: nothing saved
        await open_preview(pilot, 4)
        await pilot.click("#undo-yes")
        await until(pilot, lambda: len(campaign.events) == count + 1)
        assert dict(campaign.state.tallies) == {"Zeke": 3, "Ma Barker": 2}
        # its tabs by their digits, as behind it (tab and arrows alone reached them)
        preview = await open_preview(pilot, 3)
        tabbed = preview.query_one(TabbedContent)
        assert tabbed.active == "undo-taken-back"
        shell = app.screen_stack[0]
        assert isinstance(shell, ShellScreen)
        for number, title in enumerate(shell.titles[:-1], start=1):  # each on its own key
            await pilot.press(str(number))
            wanted = f"undo-{tab_id(title)}"
            await until(pilot, lambda: tabbed.active == wanted)  # noqa: B023
        await pilot.press(str(len(shell.titles)))  # what is taken back, on the log's
        await until(pilot, lambda: tabbed.active == "undo-taken-back")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        # one event is "it": "redo brings them back" was said of one
        one = await open_preview(pilot, 3)
        question = str(one.query_one("#undo-question", Static).content)
        assert "1 event will be taken back (struck through in the log; redo brings it back)" in (
            question)


#: every key of the shell and the log that has a description, and its palette command
PALETTE_OF = {
    "undo": "Undo",
    "redo": "Redo",
    "note": "Add a note",
    "start_session": "Start session",
    "end_session": "End session",
    "back_to_now": "Return to now",
    "quit": "Quit",
    "theme": "Theme: western",
    "log.replay": "Replay an event",
    "log.replay_enter": "Replay an event",
    "log.undo_to_here": "Replay an event",  # the log is where a line is picked
    "log.correct_note": "Correct a note",
    "log.strike_note": "Correct a note",
    "log.filter": "Filter the log",
    "log.search": "Search the log",
    "log.next_hit": "Search the log",  # the search's own keys, said where it is opened
    "log.previous_hit": "Search the log",
    "log.close_search": "Search the log",
    "help": "Help",
    "curtain": "Curtain",
    "campaigns": "Open campaign…",
    "take_over": "Write here",
    "set_aside": "Set aside the damaged step",
}


@synchronous
async def test_every_key_of_the_shell_is_in_the_palette(tmp_path: Path) -> None:
    bindings = [*ShellScreen.BINDINGS, *GmScreenApp.BINDINGS, *EncounterLog.BINDINGS]
    # the digits have a "Show <tab>" command each, checked below
    ids = {b.id for b in bindings if isinstance(b, Binding) and b.description and b.id
           and not b.id.startswith("tab.")}
    assert ids == set(PALETTE_OF)
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        shell.replay_to(4)  # so "Return to now" is offered
        app.campaign.locked_by, app._lock_freed = "another window", True  # and "Write here"
        await pilot.pause()
        titles = {command.title for command in app.get_system_commands(shell)}
        app.campaign.locked_by = None  # and a damaged step to set aside
        app.campaign.damaged = Damaged(1, None, "event 1 cannot be applied", 1, (1,), 0)
        await pilot.pause()
        titles |= {command.title for command in app.get_system_commands(shell)}
        assert set(PALETTE_OF.values()) <= titles
        for number, title in enumerate(shell.titles, start=1):
            assert f"Show {title}" in titles, number


@synchronous
async def test_search_the_log_from_the_palette(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        command = next(c for c in app.get_system_commands(app.screen)
                       if c.title == "Search the log")
        await command.callback()  # the log, never shown yet, is built first
        await until(pilot, lambda: app.focused is not None
                    and app.focused.id == "log-search-input")


@synchronous
async def test_filter_the_log_from_the_palette(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        command = next(c for c in app.get_system_commands(app.screen)
                       if c.title == "Filter the log")
        await command.callback()  # the log, never shown yet, is built first
        await until(pilot, lambda: app.focused is not None and app.focused.id == "log-session")


@synchronous
async def test_space_presses_the_focused_button_of_a_dialog(tmp_path: Path) -> None:
    """As in most programs a Dealer knows, space presses the button that has the keyboard,
    as Enter does (Textual's Button takes only Enter). A dialog of fields (a note) gives
    its buttons no keyboard: Tab goes round its fields, and the note is saved by its key."""
    campaign = played(tmp_path)
    count = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.focused, TextArea))
        await pilot.press(*"Dust storm")
        app.screen.query_one("#note-save").focus()
        assert isinstance(app.focused, TextArea)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: len(campaign.events) == count + 1)
        assert campaign.events[-1].data["text"] == "Dust storm"
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        app.screen.query_one("#confirm-yes").focus()
        await pilot.press("space")
        await until(pilot, lambda: not campaign.in_session)
