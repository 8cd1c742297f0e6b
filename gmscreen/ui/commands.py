"""Every action of the shell and of the game's tabs, for the command palette (ctrl+p)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from inspect import isawaitable
from typing import Any

from textual.app import App, SystemCommand

from gmscreen.ui import theme
from gmscreen.ui.keymap import key_in_words, key_named
from gmscreen.ui.log import EncounterLog
from gmscreen.ui.shell import ShellScreen


def shell_commands(app: App[Any], screen: ShellScreen) -> Iterator[SystemCommand]:
    """The shell's actions, then each tab's own, each under its tab's name."""
    yield from app_commands(app, screen)
    for number, title in enumerate(screen.titles, start=1):
        shown = key_named(app, f"tab.{number}", screen)  # as set: "f12" where it was moved
        yield SystemCommand(f"Show {title}", f"Switch to the {title} tab ({shown})",
                            partial(screen.show_tab, number))
    cycles = key_in_words(app, "theme", app)
    for name in theme.OFFERED:
        yield SystemCommand(f"Theme: {name}", f"Switch to this colour theme ({cycles} cycles)",
                            partial(setattr, app, "theme", name), discover=False)
    for title, pane in screen.panes.items():
        for name, help_text, callback in pane.palette_commands():
            yield SystemCommand(f"{title}: {name}", help_text,
                                partial(_in_tab, screen, pane, callback))


def app_commands(app: App[Any], screen: ShellScreen) -> Iterator[SystemCommand]:
    """The shell's own actions, which no tab holds (help lists them: some have no key)."""
    campaign = screen.campaign

    def key(binding_id: str) -> str:
        """The key of a binding of the app, the shell, the campaigns list or the log, as
        set."""
        from gmscreen.ui.campaigns import CampaignsScreen

        return key_named(app, binding_id, app, screen, CampaignsScreen, EncounterLog)

    yield SystemCommand("Undo", f"Take back the newest step ({key('undo')})",
                        screen.action_undo)
    yield SystemCommand("Redo", f"Put back the step last undone ({key('redo')})",
                        screen.action_redo)
    yield SystemCommand("Start session",
                        f"Begin the next game session ({key('start_session')})",
                        screen.action_start_session)
    yield SystemCommand("End session", "End the running session, after a question "
                        f"({key('end_session')})", screen.action_end_session)
    yield SystemCommand("Add a note", f"Write a note into the journal ({key('note')})",
                        screen.action_note)
    yield SystemCommand("Correct a note", "List the notes in the Encounter Log: "
                        f"{key('log.correct_note')} on one puts it right, "
                        f"{key('log.strike_note')} strikes it out",
                        partial(_notes_in_log, screen))
    yield SystemCommand("Help", "The keys of this tab and every tab, and the game's words "
                        f"({key('help')})", screen.action_help)
    yield SystemCommand("Open campaign…", "Another campaign from the campaigns folder "
                        f"({key('campaigns')})", getattr(app, "action_campaigns", _nothing))
    yield SystemCommand("New campaign…", "Start a campaign of any of the games "
                        f"({key('campaigns')}, then {key('campaigns.new')})",
                        partial(_new_campaign, app))
    yield SystemCommand("Recap this session", "The session told as a story: shown, saved "
                        "beside the campaign, or copied (p, n: other sessions)",
                        screen.action_recap)
    yield SystemCommand("Recap the last session", "The session before this one told as a "
                        "story, to remind the table where it stands",
                        screen.action_recap_last)
    yield SystemCommand("Free roll…", "Roll dice for something no rule covers (journaled)",
                        screen.action_free_roll)
    yield SystemCommand("Free draw…", "Draw cards for something no rule covers (journaled)",
                        screen.action_free_draw)
    if app.check_action("take_over", ()):
        yield SystemCommand("Write here", "Open this campaign for writing, now the other "
                            f"program has let go ({key('take_over')})",
                            getattr(app, "action_take_over", _nothing))
    if app.check_action("set_aside", ()):
        yield SystemCommand("Set aside the damaged step", "Go on without the step the game "
                            "cannot apply: an undo of it and of every step after it "
                            f"({key('set_aside')})", getattr(app, "action_set_aside", _nothing))
    yield SystemCommand("Curtain", "Blank the players' screen, or lift the blank "
                        f"({key('curtain')})", screen.action_curtain)
    if getattr(app, "served", None) is None:
        yield SystemCommand("Serve the players' screen", "To browsers: a TV, or phones at "
                            "the table (a link and a QR code)", getattr(app, "action_serve",
                                                                         _nothing))
    else:
        yield SystemCommand("Players' screen links", "The links and the QR code again",
                            getattr(app, "action_serve", _nothing))
        yield SystemCommand("Stop serving", "Stop serving the players' screen to browsers",
                            getattr(app, "action_stop_serving", _nothing))
    if screen.replayed is not None:
        yield SystemCommand("Return to now", f"Leave the replay ({key('back_to_now')})",
                            screen.action_back_to_now)
    yield SystemCommand("Replay an event",
                        f"Open the Encounter Log: {key('log.replay')} on a line shows the campaign "
                        "right after it",
                        partial(screen.show_tab, len(screen.titles)))
    yield SystemCommand("Filter the log", "Choose the session, character and kind the log "
                        f"lists ({key('log.filter')} in the log)", partial(_filter_log, screen))
    yield SystemCommand("Search the log", "List only the lines holding the words typed "
                        f"({key('log.search')} in the log; {key('log.next_hit')} and "
                        f"{key('log.previous_hit')} step along them, "
                        f"{key('log.close_search')} closes)", partial(_search_log, screen))
    sessions = sorted({event.session for event in campaign.events if event.session > 0})
    for session in sessions:
        yield SystemCommand(f"Replay the end of session {session}",
                            f"Show every tab as session {session} ended",
                            partial(screen.replay_session_end, session), discover=False)


async def _filter_log(screen: ShellScreen) -> None:
    await screen.show_tab(len(screen.titles))  # the log is built on its first showing
    screen.query_one(EncounterLog).action_filter()


async def _notes_in_log(screen: ShellScreen) -> None:
    await screen.show_tab(len(screen.titles))  # the log is built on its first showing
    screen.query_one(EncounterLog).show_notes()


async def _search_log(screen: ShellScreen) -> None:
    await screen.show_tab(len(screen.titles))  # the log is built on its first showing
    screen.query_one(EncounterLog).action_search()


async def _in_tab(screen: ShellScreen, pane: Any, callback: Callable[[], Any]) -> Any:
    """Show the pane's tab first (built and drawn), so the Dealer sees what the command
    does."""
    await screen.show_tab_of(pane)
    result = callback()
    return await result if isawaitable(result) else result


def _nothing() -> None:
    """For an app without the action (a test's)."""


async def _new_campaign(app: App[Any]) -> None:
    """The campaigns list with its New form open at once."""
    action = getattr(app, "action_campaigns", None)
    if action is None:
        return
    action()
    from gmscreen.ui.campaigns import CampaignsScreen

    await app.wait_for_refresh()
    if isinstance(app.screen, CampaignsScreen):
        app.screen.action_new()
