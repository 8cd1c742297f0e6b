"""Looking into the past: undo to here (previewed first) and replay (read only)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Static

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.header import CampaignHeader
from gmscreen.ui.log_view import LogView
from gmscreen.ui.shell import ShellScreen
from gmscreen.ui.undo_preview import UndoPreview, plan_undo_to
from tests.tally_panes import TallyCharacters, TallyLedger, TallyWantedClock
from tests.ui.support import Notices, played, synchronous, to_tab, until


def tallies(campaign: Campaign[Any]) -> dict[str, int]:
    return dict(campaign.state.tallies)


async def cursor_to(pilot: Any, seq: int) -> None:
    """Put the log's cursor on event `seq`."""
    view = pilot.app.screen.query_one(LogView)
    view.cursor = next(i for i, line in enumerate(view.lines) if line.seq == seq)
    await pilot.pause()


# -- undo to here --------------------------------------------------------------------------


def test_the_plan_of_an_undo_is_what_the_undo_does(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    plan = plan_undo_to(campaign, 4)
    # newest first, though 5 and 6 were one step
    assert [e.seq for e in plan.taken_back] == [12, 11, 10, 9, 6, 5]
    assert plan.after.read_only
    assert len(campaign.events) == 12  # nothing saved by planning
    campaign.undo_to(4)
    assert plan.after.state == campaign.state
    assert (plan.after.session, plan.after.in_session) == (campaign.session, campaign.in_session)


def test_an_undo_that_cannot_be_planned_names_the_rule(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    for seq, words in ((12, "already the newest"), (7, "already undone"), (8, "not an undo")):
        try:
            plan_undo_to(campaign, seq)
        except RuleError as error:
            assert error.rule == "Undo" and words in error.message
        else:
            raise AssertionError(f"undo to {seq} was planned")


@synchronous
async def test_undo_to_here_shows_what_it_takes_back_then_does_it(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    notices = Notices()
    async with app.run_test(size=(80, 24)) as pilot:
        notices.watch(app)
        await to_tab(pilot, "5")
        await cursor_to(pilot, 4)
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, UndoPreview))
        preview = app.screen
        assert isinstance(preview, UndoPreview)
        question = str(preview.query_one("#undo-question", Static).content)
        assert question.startswith("Undo back to #4? 6 events will be taken back")
        listing = str(preview.query_one("#undo-events Static", Static).content)
        assert listing.splitlines() == [
            "#12 Ma Barker adds 1.", "#11 Session 2 begins.", "#10 Session 1 ends.",
            "#9 Note: Zeke owes the undertaker.", "#6 Zeke adds 7.", "#5 Zeke rolls [2, 5]."]
        # the game's tabs as they will be: Zeke back to 3, Ma Barker 2, one session begun
        characters = preview.query_one(TallyCharacters)
        assert characters.campaign is not None and characters.campaign.read_only
        assert tallies(characters.campaign) == {"Zeke": 3, "Ma Barker": 2}
        ledger = str(preview.query_one(TallyLedger).query_one(Static).content)
        assert ledger == "All tallies together: 5"
        assert len(campaign.events) == 12  # nothing yet
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        assert tallies(campaign) == {"Zeke": 3, "Ma Barker": 2}
        assert campaign.events[-1].kind == "undo"
        assert notices[-1].title == "Undone back to #4"
        assert notices[-1].message.startswith("Ma Barker adds 1. Session 2 begins.")
        assert notices[-1].message.endswith("(and 3 more)")


@synchronous
async def test_undo_to_here_can_be_kept(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "5")
        await cursor_to(pilot, 4)
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, UndoPreview))
        # the preview's tabs cannot change anything
        preview_pane = app.screen.query_one(TallyCharacters)
        preview_pane.action_add(1)
        await pilot.pause()
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        assert len(campaign.events) == 12


@synchronous
async def test_undo_to_here_on_the_newest_event_says_why_not(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    notices = Notices()
    async with app.run_test(size=(80, 24)) as pilot:
        notices.watch(app)
        await to_tab(pilot, "5")
        await pilot.press("u")
        await until(pilot, lambda: notices)
        assert notices[-1] .title == "Undo"
        assert "already the newest" in notices[-1].message
        assert isinstance(app.screen, ShellScreen)


@synchronous
async def test_a_pane_asks_to_undo_a_conflict_as_one_step(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "3")
        await pilot.press("b")  # back before Zeke's roll, event 5
        await until(pilot, lambda: isinstance(app.screen, UndoPreview))
        assert isinstance(app.screen, UndoPreview) and app.screen.plan.seq == 4
        await pilot.press("y")
        await until(pilot, lambda: tallies(campaign) == {"Zeke": 3, "Ma Barker": 2})


# -- replay --------------------------------------------------------------------------------


def header_banner(app: GmScreenApp) -> str:
    banner = app.screen.query_one(CampaignHeader).query_one("#header-replay", Static)
    return str(banner.content) if banner.has_class("-shown") else ""


@synchronous
async def test_replay_shows_every_tab_as_it_was_and_changes_nothing(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    notices = Notices()
    async with app.run_test(size=(80, 24)) as pilot:
        notices.watch(app)
        await to_tab(pilot, "5")
        await cursor_to(pilot, 4)
        await pilot.press("r")
        await until(pilot, lambda: header_banner(app) != "")
        assert header_banner(app) == "REPLAY after #4: Ma Barker adds 2.  (esc: back to now)"
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        # the log marks the event shown
        view = shell.query_one(LogView)
        assert view.render_line(view.cursor - int(view.scroll_offset.y)).text.startswith("▶")
        # each tab shows the past once it is in sight
        await to_tab(pilot, "2")
        clock = str(shell.query_one(TallyWantedClock).query_one(Static).content)
        assert clock == "Sessions begun: 1"
        await to_tab(pilot, "1")
        characters = shell.query_one(TallyCharacters)
        assert characters.replaying
        assert tallies(characters.campaign) == {"Zeke": 3, "Ma Barker": 2}  # type: ignore[arg-type]
        # nothing changes while replaying: not a pane's command, not undo, not a note
        await pilot.press("plus")
        await until(pilot, lambda: notices.of("warning"))
        assert notices.of("warning")[-1].title == "Replay"
        await pilot.press("ctrl+z", "n")
        await until(pilot, lambda: len(notices.of("warning")) == 3)
        assert isinstance(app.screen, ShellScreen)
        assert len(campaign.events) == 12
        await pilot.press("escape")
        await until(pilot, lambda: header_banner(app) == "")
        assert characters.campaign is campaign
        assert not characters.replaying


@synchronous
async def test_replay_again_on_the_same_line_returns_to_now(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "5")
        await cursor_to(pilot, 3)
        await pilot.press("r")
        await until(pilot, lambda: header_banner(app) != "")
        await pilot.press("r")
        await until(pilot, lambda: header_banner(app) == "")


@synchronous
async def test_replay_the_end_of_a_session_from_the_palette(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p", *"Replay the end of session 1")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await until(pilot, lambda: header_banner(app) != "")
        assert header_banner(app).startswith("REPLAY after #10: Session 1 ends.")
        shell = app.screen
        assert isinstance(shell, ShellScreen) and shell.replay is not None
        assert not shell.replay.in_session and shell.replay.session == 1
        titles = [c.title for c in app.get_system_commands(shell)]
        assert "Return to now" in titles


@synchronous
async def test_replay_of_a_session_heading_shows_how_it_ended(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "5")
        view = app.screen.query_one(LogView)
        view.cursor = 2  # the heading of session 1
        await pilot.press("r")
        await until(pilot, lambda: header_banner(app) != "")
        assert header_banner(app).startswith("REPLAY after #10")
