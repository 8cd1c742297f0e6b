"""Looking into the past: undo to here (previewed first) and replay (read only)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import Static, TabPane
from textual.widgets._footer import FooterKey

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from gmscreen.ui import shell as shell_module
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.footer import KeysFooter
from gmscreen.ui.header import CampaignHeader
from gmscreen.ui.log_view import LogView
from gmscreen.ui.shell import ShellScreen
from gmscreen.ui.undo_preview import UndoPreview, plan_undo_to
from tests.pilot import footer_keys, from_palette
from tests.tally import tallies
from tests.tally_panes import TallyCharacters, TallyLedger, TallyWantedClock
from tests.ui.support import Notices, played, synchronous, to_tab, until


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
        assert question.startswith("Undo back to just after #4 (Ma Barker adds 2)? 6 events "
                                   "will be taken back")
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
        # told in the order played, from the point chosen on (steps were handed newest
        # first, each one's events oldest first: a mixed order)
        assert notices[-1].message.startswith(
            "Zeke rolls [2, 5]. Zeke adds 7. Note: Zeke owes the undertaker.")
        assert notices[-1].message.endswith("(and 3 more) (ctrl+y puts it back)")


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
        # nothing changes while replaying: not a pane's command, not undo, not a note; the
        # footer offers none of the shell's (it offered ^z, n and f6, then refused them)
        shown = footer_keys(app)
        assert not {"^z", "n", "f5", "f6"} & shown, shown
        await pilot.press("plus")
        await until(pilot, lambda: notices.of("warning"))
        assert notices.of("warning")[-1].title == "Replay"
        await pilot.press("ctrl+z", "n", "f6")
        await until(pilot, lambda: len(notices.of("warning")) == 4)
        assert isinstance(app.screen, ShellScreen)
        assert len(campaign.events) == 12
        await pilot.press("escape")
        await until(pilot, lambda: header_banner(app) == "")
        assert characters.campaign is campaign
        assert not characters.replaying


@pytest.mark.parametrize(("name", "size", "line"), [
    ("Saloon", (80, 24), " Saloon · Tally"),
    ("Tally: the long night", (80, 24), " Tally: the long night"),
    ("The Long Ride of the Younger Brothers from Missouri to Tombstone", (80, 24),
     " The Long Ride of the Younger Brothers from Missouri to Tombstone"),
    ("The Long Ride of the Younger Brothers from Missouri to Tombstone", (120, 24),
     " The Long Ride of the Younger Brothers from Missouri to Tombstone · Tally"),
])
@synchronous
async def test_the_header_names_the_game_where_the_campaigns_name_does_not_and_has_room(
        tmp_path: Path, name: str, size: tuple[int, int], line: str) -> None:
    # "Devils Bluff: a one-… · Devils Bluff" cut the campaign's name to say the game twice
    app = GmScreenApp(played(tmp_path, name))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        shown = str(app.screen.query_one(CampaignHeader).query_one("#header-line", Static)
                    .content)
        assert shown.rstrip().endswith("Session 2")
        assert shown.rstrip().removesuffix("Session 2").rstrip() == line


@synchronous
async def test_the_banner_and_the_header_keep_one_line_at_80_columns(tmp_path: Path) -> None:
    campaign = played(tmp_path, "The Long Ride of the Younger Brothers from Missouri to "
                      "Rattlesnake Wells")
    campaign.note("Zeke swears he saw the stage leave Tombstone at noon with the payroll "
                  "box still chained under the driver's seat, and nobody believes him.")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        header = app.screen.query_one(CampaignHeader)
        line = str(header.query_one("#header-line", Static).content)
        # the campaign's name gives way: the session stays in sight
        assert line.rstrip().endswith("Session 2") and "…" in line and len(line) <= 80
        await to_tab(pilot, "5")
        await cursor_to(pilot, len(campaign.events))
        await pilot.press("r")
        await until(pilot, lambda: header_banner(app) != "")
        banner = header_banner(app)
        assert banner.startswith(f"REPLAY after #{len(campaign.events)}: Note: Zeke swears")
        assert banner.endswith("…  (esc: back to now)") and len(banner) <= 78
        assert header.query_one("#header-replay", Static).region.height == 1


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
async def test_the_replay_keeps_its_own_footer_so_going_in_and_out_rebuilds_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rebuilt: list[str | None] = []
    recompose = KeysFooter.recompose

    async def counted(self: KeysFooter) -> None:
        before = list(self.children)
        await recompose(self)
        if list(self.children) != before:
            rebuilt.append(self.id)

    monkeypatch.setattr(KeysFooter, "recompose", counted)
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "5")

        def keys_in_sight() -> list[str]:
            return [key.description for footer in app.screen.query(KeysFooter)
                    if footer.display for key in footer.query(FooterKey) if key.display]

        live = keys_in_sight()
        assert "Back to now" not in live
        for replays in range(2):
            await cursor_to(pilot, 3 + replays)
            await pilot.pause()
            rebuilt.clear()
            await pilot.press("r")
            await until(pilot, lambda: header_banner(app) != "")
            await until(pilot, lambda: "Back to now" in keys_in_sight())
            await pilot.press("escape")
            await until(pilot, lambda: header_banner(app) == "")
            await until(pilot, lambda: keys_in_sight() == live)
            for _ in range(3):
                await pilot.pause()
            # the first replay builds its footer; after that, neither footer is rebuilt
            assert rebuilt == (["shell-replay-keys"] if replays == 0 else [])


@synchronous
async def test_replay_the_end_of_a_session_from_the_palette(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await from_palette(pilot, "Replay the end of session 1")
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


# -- a replay folded in a worker -----------------------------------------------------------


class HeldReplays:
    """Replays that are made only when the test lets them go, as a long fold would be."""

    def __init__(self, campaign: Campaign[Any], monkeypatch: pytest.MonkeyPatch) -> None:
        self.go = threading.Event()
        self.made: list[int] = []
        prepare = campaign.prepare_replay

        def held(upto: int) -> Callable[[], Campaign[Any]]:
            make = prepare(upto)

            def fold() -> Campaign[Any]:
                assert self.go.wait(20)
                self.made.append(upto)
                return make()

            return fold

        monkeypatch.setattr(campaign, "prepare_replay", held)
        monkeypatch.setattr(shell_module, "INLINE_REPLAY", 0)


def loading(app: GmScreenApp) -> bool:
    return any(pane.loading for pane in app.screen.query(TabPane))


@synchronous
async def test_the_screen_answers_while_a_replay_is_folded_and_escape_gives_it_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = played(tmp_path)
    held = HeldReplays(campaign, monkeypatch)
    app = GmScreenApp(campaign)
    notices = Notices()
    async with app.run_test(size=(80, 24)) as pilot:
        notices.watch(app)
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        await to_tab(pilot, "5")
        await cursor_to(pilot, 4)
        await pilot.press("r")
        # after a moment the tab says the replay is on its way; the rest still answers
        await until(pilot, lambda: loading(app))
        assert header_banner(app) == "" and shell.replay is None
        await to_tab(pilot, "2")
        assert str(shell.query_one(TallyWantedClock).query_one(Static).content) == (
            "Sessions begun: 2")  # now, not the past
        await to_tab(pilot, "5")
        assert loading(app)
        await pilot.press("ctrl+z")  # nothing changes while the past is on its way
        await until(pilot, lambda: notices.of("warning"))
        assert "after #4" in notices.of("warning")[-1].message
        assert len(campaign.events) == 12
        await pilot.press("escape")
        await until(pilot, lambda: not loading(app))
        assert notices[-1].message == "Back to now."
        held.go.set()  # the fold ends, unseen
        await until(pilot, lambda: held.made == [4])
        await pilot.pause(0.1)
        assert shell.replay is None and shell.replayed is None and header_banner(app) == ""
        assert isinstance(app.focused, LogView)  # the mark gave the keyboard back
        # asked again, and let go: the past is shown
        await to_tab(pilot, "5")
        await pilot.press("r")
        await until(pilot, lambda: header_banner(app) != "")
        assert header_banner(app).startswith("REPLAY after #4")
        assert shell.replay is not None and not loading(app)
        assert tallies(shell.replay) == {"Zeke": 3, "Ma Barker": 2}


@synchronous
async def test_a_replay_on_its_way_is_replaced_by_the_next_one_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = played(tmp_path)
    held = HeldReplays(campaign, monkeypatch)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        await to_tab(pilot, "5")
        await cursor_to(pilot, 4)
        await pilot.press("r")
        await until(pilot, lambda: loading(app))
        # the log is covered by the mark; the palette still offers the end of a session
        await from_palette(pilot, "Replay the end of session 1")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        held.go.set()
        await until(pilot, lambda: shell.replayed == 10)
        # the replay given up ends unseen: folded after all (its thread had begun), or
        # never begun at all (cancelled while it waited its turn, on a loaded machine)
        await until(pilot, lambda: 10 in held.made
                    and not any(w.name == "replay" for w in app.workers))
        assert sorted(held.made) in ([10], [4, 10])
        await pilot.pause(0.1)
        assert shell.replayed == 10 and header_banner(app).startswith("REPLAY after #10")
        assert tallies(shell.replay) == {"Zeke": 10, "Ma Barker": 2}  # type: ignore[arg-type]
        assert not loading(app)
        await pilot.press("escape")
        await until(pilot, lambda: header_banner(app) == "")


@settings(max_examples=10, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(picks=st.lists(st.integers(0, 12), min_size=1, max_size=4))
def test_every_replay_the_screen_shows_is_the_fold_from_event_1(
        tmp_path_factory: pytest.TempPathFactory, picks: list[int]) -> None:
    """Through the keys, in the worker: whatever events are replayed, the tabs are given the
    campaign folded from event 1 up to it."""
    campaign = played(tmp_path_factory.mktemp("past"))

    @synchronous
    async def drive() -> None:
        app = GmScreenApp(campaign)
        async with app.run_test(size=(80, 24)) as pilot:
            shell = app.screen
            assert isinstance(shell, ShellScreen)
            await to_tab(pilot, "5")
            for seq in picks:
                view = shell.query_one(LogView)
                if seq == 0:
                    view.cursor = 0  # a session's heading: replays how it ended
                    seq = campaign.last_seq_of_session(view.lines[0].session)
                else:
                    view.cursor = next(i for i, line in enumerate(view.lines) if line.seq == seq)
                await pilot.pause()
                if shell.replayed == seq:
                    await pilot.press("r")  # back to now first
                    await until(pilot, lambda: shell.replayed is None)
                await pilot.press("r")
                await until(pilot, lambda seq=seq: shell.replayed == seq)  # type: ignore[misc]
                folded = Campaign(campaign.rules, campaign.header, campaign.events[:seq])
                assert shell.replay is not None and shell.replay.state == folded.state
                assert (shell.replay.session, shell.replay.in_session) == (
                    folded.session, folded.in_session)
                characters = shell.query_one(TallyCharacters)
                assert characters.campaign is None or not characters.replaying or (
                    characters.campaign.state == folded.state)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(shell_module, "INLINE_REPLAY", 0)
        drive()


@synchronous
async def test_a_replay_inside_a_step_says_it_shows_the_step_part_way(tmp_path: Path) -> None:
    # event 5 is the roll of the step 5-6 (the roll, then its tally): the past shows the
    # roll without its tally, which the banner says
    campaign = played(tmp_path)
    assert campaign.step_cut(5) == (5, 6)
    assert [campaign.step_cut(n) for n in (0, 4, 6, 12)] == [None] * 4
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 24)) as pilot:
        await to_tab(pilot, "5")
        await cursor_to(pilot, 5)
        await pilot.press("r")
        await until(pilot, lambda: header_banner(app) != "")
        assert header_banner(app).startswith("REPLAY after #5: part way through #5-#6: Zeke "
                                             "rolls")
        await pilot.press("escape")
        await until(pilot, lambda: header_banner(app) == "")
        await cursor_to(pilot, 6)
        await pilot.press("r")
        await until(pilot, lambda: header_banner(app) != "")
        assert "part way" not in header_banner(app)
        assert "taken back" not in header_banner(app)
        # Ma Barker's 4 (#7) was undone at #8: its struck line shows a step since taken back
        await pilot.press("escape")
        await until(pilot, lambda: header_banner(app) == "")
        await cursor_to(pilot, 7)
        await pilot.press("r")
        await until(pilot, lambda: header_banner(app) != "")
        assert header_banner(app).startswith("REPLAY after #7: undone since, at #8: Ma Barker "
                                             "adds 4")


@synchronous
async def test_undo_to_a_line_inside_an_older_step_names_that_step_s_end(
        tmp_path: Path) -> None:
    # Zeke's roll (#5) and its tally (#6) are one step, kept whole: "just after #5" read as
    # if the tally would go
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "5")
        await cursor_to(pilot, 5)
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, UndoPreview))
        question = str(app.screen.query_one("#undo-question", Static).content)
        assert question.startswith("Undo back to the end of #5's step, just after #6 (Zeke "
                                   "adds 7)? 4 events will be taken back"), question
        await pilot.press("n")
