"""The Encounter Log: its lines and filters (pure), and the tab driven by keys and mouse."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.style import Style
from textual.widgets import Select

from gmscreen.journal import campaign as campaign_module
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import SESSION_START, Event
from gmscreen.journal.store import new_header
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.log import EncounterLog
from gmscreen.ui.log_lines import LogFilter, LogIndex, LogLine, search_text
from gmscreen.ui.log_view import LogView
from gmscreen.ui.shell import ShellScreen
from tests.tally import RULES, Add
from tests.ui.support import hold_learning, new_campaign, played, synchronous, to_tab, until


def seqs(lines: Any) -> list[int | str]:
    """Lines as event numbers, with a session heading as "S<n>" and a day's as "D<n>"."""
    return [f"{'D' if line.day else 'S'}{line.session}" if line.is_heading else line.seq
            for line in lines]


# -- the lines, without a screen -----------------------------------------------------------


def test_every_event_is_a_line_under_its_sessions_heading(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    lines = LogIndex().lines(campaign, LogFilter())
    assert seqs(lines) == ["S0", 1, "S1", 2, 3, 4, 5, 6, 7, 8, 9, 10, "S2", 11, 12]


def test_filters_by_session_character_and_kind(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    index = LogIndex()
    assert seqs(index.lines(campaign, LogFilter(session=2))) == ["S2", 11, 12]
    # the note about Zeke counts as about him; his roll is two events
    assert seqs(index.lines(campaign, LogFilter(who="Zeke"))) == ["S1", 3, 5, 6, 9]
    assert seqs(index.lines(campaign, LogFilter(kind="note"))) == ["S0", 1, "S1", 9]
    assert seqs(index.lines(campaign, LogFilter(session=1, who="Ma Barker"))) == ["S1", 4, 7]
    assert index.names == {"Zeke", "Ma Barker"}
    assert index.sessions == {0, 1, 2}
    assert "tally.rolled" in index.kinds


def test_lines_grow_with_the_journal(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    index = LogIndex()
    before = index.lines(campaign, LogFilter(who="Doc"))
    assert len(before) == 0 and list(before) == []
    campaign.execute(Add("Doc", 2))
    assert seqs(index.lines(campaign, LogFilter(who="Doc"))) == ["S2", 13]
    assert "Doc" in index.names


def test_a_session_taken_back_and_begun_again_gets_its_heading_again(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path)
    campaign.start_session()
    campaign.execute(Add("Zeke", 1))
    campaign.undo(2)
    campaign.execute(Add("Zeke", 2))  # back before the session: session 0 again
    lines = LogIndex().lines(campaign, LogFilter())
    # the undo is the first line under the heading it explains
    assert seqs(lines) == ["S1", 1, 2, "S0", 3, 4]
    # said to be the earlier session taken up again, not a session after the one above it
    when = f"{campaign.events[3].at:%a %d %b %Y}"
    assert LogIndex.heading(campaign, lines, 3) == \
        f"Before the first session again, after an undo · {when}"
    assert LogIndex.heading(campaign, lines, 0) == f"Session 1 · {when}"


def test_a_session_begun_again_by_a_redo_is_under_its_own_heading_at_once(
        tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path)
    campaign.start_session()
    campaign.end_session()
    campaign.start_session()  # 3
    campaign.undo()  # 4: session 1 again
    campaign.redo()  # 5: session 2 begins again, told under its heading, not session 1's
    campaign.execute(Add("Zeke", 1))
    lines = LogIndex().lines(campaign, LogFilter())
    assert seqs(lines) == ["S1", 1, 2, "S2", 3, "S1", 4, "S2", 5, 6]
    assert LogIndex.heading(campaign, lines, 5).startswith("Session 1 again, after an undo")
    assert LogIndex.heading(campaign, lines, 7).startswith("Session 2 ·")


def test_a_heading_names_the_day_of_its_first_event(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    lines = LogIndex().lines(campaign, LogFilter())
    assert LogIndex.heading(campaign, lines, 0) == "Before the first session · Sat 21 Nov 2026"
    assert LogIndex.heading(campaign, lines, 12) == "Session 2 · Sat 28 Nov 2026"


# -- the tab -------------------------------------------------------------------------------


def line_text(view: LogView, index: int) -> str:
    """The words on line `index` of the list as drawn."""
    view.scroll_to(y=0, animate=False, immediate=True)
    return view.render_line(index).text


def line_styles(view: LogView, index: int) -> list[Style]:
    view.scroll_to(y=0, animate=False, immediate=True)
    return [segment.style for segment in view.render_line(index) if segment.style]


@synchronous
async def test_undone_events_are_struck_through(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        view = app.screen.query_one(LogView)
        # line 8 is event 7, "Ma Barker adds 4.", undone by event 8
        assert "Ma Barker adds 4." in line_text(view, 8)
        assert any(style.strike for style in line_styles(view, 8))
        assert "Undid: Ma Barker adds 4." in line_text(view, 9)
        assert not any(style.strike for style in line_styles(view, 9))
        assert not any(style.strike for style in line_styles(view, 7))


@synchronous
async def test_filters_narrow_the_list(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        log = app.screen.query_one(EncounterLog)
        log.query_one("#log-who", Select).value = "Zeke"
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 3, 5, 6, 9])
        log.query_one("#log-kind", Select).value = "note"
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 9])
        log.query_one("#log-who", Select).clear()
        log.query_one("#log-session", Select).value = 0
        await until(pilot, lambda: seqs(log.view.lines) == ["S0", 1])


@synchronous
async def test_a_filter_is_chosen_by_keys(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        await pilot.press("f")
        session = app.screen.query_one("#log-session", Select)
        await until(pilot, lambda: session.has_focus)
        # the list offers: every session, Before the first session, Session 1, Session 2
        await pilot.press("enter")
        await until(pilot, lambda: session.expanded)
        await pilot.press("down", "down", "down", "enter")
        log = app.screen.query_one(EncounterLog)
        await until(pilot, lambda: seqs(log.view.lines) == ["S2", 11, 12])


@synchronous
async def test_the_cursor_moves_by_keys_and_by_click(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        view = app.screen.query_one(LogView)
        await until(pilot, lambda: view.has_focus)
        assert view.line == LogLine(2, 12)  # the newest event
        # each key's move waited for: the cursor moves as the key reaches the list
        await pilot.press("home")
        await until(pilot, lambda: view.line == LogLine(0, 0))
        await pilot.press("down", "down", "down")
        await until(pilot, lambda: view.line == LogLine(1, 2))
        await pilot.press("end", "up")
        await until(pilot, lambda: view.line == LogLine(2, 11))
        await pilot.press("pageup")
        await until(pilot, lambda: view.cursor == 0)
        await pilot.press("pagedown")
        await until(pilot, lambda: view.cursor > 5)
        await pilot.click(LogView, offset=(10, 4))
        await until(pilot, lambda: view.cursor == 4)
        detail = str(app.screen.query_one("#log-detail").content)  # type: ignore[attr-defined]
        assert detail.startswith("#3 2026-11-21 19:03 · Added · about Zeke")
        assert detail.endswith("Zeke adds 3.")


@synchronous
async def test_a_double_click_on_a_line_replays_to_it_as_enter_does(tmp_path: Path) -> None:
    # a Dealer with a trackpad: one click picks the line, two replay the campaign to it
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        view = screen.query_one(LogView)
        await pilot.click(LogView, offset=(10, 4))
        await until(pilot, lambda: view.cursor == 4)
        await pilot.pause(0.3)
        assert screen.replayed is None  # one click only picks it
        await pilot.click(LogView, offset=(10, 4), times=2)
        await until(pilot, lambda: screen.replayed == 3)
        assert view.line == LogLine(1, 3)


@synchronous
async def test_a_line_clicked_twice_stays_the_line_clicked(tmp_path: Path) -> None:
    # the words under the list took as many rows as the line picked had: at the list's
    # foot a line of one row picked after one of three grew the list, the lines slid down,
    # and a second click at the same place took the line above (round 24)
    campaign = played(tmp_path)
    for points in range(1, 25):
        campaign.execute(Add("Zeke", points))
    campaign.end_session()
    campaign.start_session()
    campaign.note("Zeke owes the undertaker, the barber, the livery stable and the widow "
                  "Malone a dollar each, and means to pay none of them before Sunday.")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "5")
        view = app.screen.query_one(LogView)
        await pilot.press("end")
        await until(pilot, lambda: view.cursor == len(view.lines) - 1)
        heading = next(at for at in range(len(view.lines) - 1, -1, -1)
                       if view.lines[at].is_heading)
        row = heading - int(view.scroll_offset.y)
        await pilot.click(LogView, offset=(10, row))
        await until(pilot, lambda: view.cursor == heading)
        await pilot.pause(0.3)  # past a double click
        await pilot.click(LogView, offset=(10, row))
        await pilot.pause()
        assert view.cursor == heading


@synchronous
async def test_new_events_appear_at_the_end_and_the_cursor_follows(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")  # the log is built when it is first shown
        view = app.screen.query_one(LogView)
        await to_tab(pilot, "1")
        await pilot.press("plus")
        await until(pilot, lambda: len(campaign.events) == 13)
        assert len(view.lines) == 15  # a hidden log is drawn when it is shown
        await to_tab(pilot, "5")
        # the new event is of today, not of the session's first day: a day's heading
        today = campaign.events[12].at.date() != campaign.events[11].at.date()
        assert len(view.lines) == 16 + today
        assert view.lines[-2] == LogLine(2, 0, day=True) if today else LogLine(2, 12)
        assert view.line == LogLine(2, 13)


@synchronous
async def test_lines_shown_between_a_resize_and_its_refresh_keep_the_cursor_in_sight(
        tmp_path: Path) -> None:
    """A loaded machine once gave this order as the log was first shown: the list resized
    with no lines yet (the cursor at the top), then the lines shown (the cursor at the end),
    then the resize's own scroll, which took the cursor's line as it was at the resize and
    put the log back at its top, the cursor out of sight below, until the next key."""
    from textual import events
    from textual.geometry import Size
    campaign = played(tmp_path)
    for _ in range(30):
        campaign.execute(Add("Zeke", 1))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "5")
        view = app.screen.query_one(LogView)
        lines = view.lines
        view.show(campaign, (), view.index, None)  # no lines: the cursor at the top
        view.on_resize(events.Resize(view.size, Size(view.size.width, len(lines))))
        view.show(campaign, lines, view.index, None)  # before the resize's refresh
        await pilot.pause()
        await pilot.pause()
        top = int(view.scroll_offset.y)
        assert view.cursor == len(lines) - 1
        assert top <= view.cursor < top + view.scrollable_content_region.height, top


def big_campaign(events: int) -> Campaign[Any]:
    """A campaign of `events` events (a session every thousand), kept in memory."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    made = [Event(seq, start + timedelta(seconds=seq), (seq - 1) // 1000 + 1,
                  SESSION_START if seq % 1000 == 1 else "tally.added",
                  {} if seq % 1000 == 1 else {"name": f"Rider {seq % 37}", "amount": 1}, seq)
            for seq in range(1, events + 1)]
    return Campaign(RULES, new_header("tally", "The Long Trail", 1), made)


@synchronous
async def test_a_hundred_thousand_events_scroll_and_offer_every_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = big_campaign(100_000)
    # the subjects and texts of so many events are worked out in a worker, held here
    go = hold_learning(monkeypatch)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "5")
        view = app.screen.query_one(LogView)
        # the events, a heading a session, and a day's heading in session 87, which runs
        # past midnight (an event a second from midnight on New Year's Day)
        assert len(view.lines) == 100_101
        assert isinstance(app.screen, ShellScreen)
        await pilot.press("home")
        assert view.line == LogLine(1, 0)
        await pilot.press("end")
        assert view.line == LogLine(100, 100_000)
        assert view.render_line(view.cursor - int(view.scroll_offset.y)).text.startswith(
            " 100000 ")
        log = app.screen.query_one(EncounterLog)
        who = log.query_one("#log-who", Select)
        assert who.is_blank() and not log.index.names  # the names are on their way
        go.set()
        await until(pilot, lambda: len(log.index.names) == 37)
        who.value = "Rider 5"  # offered by now: a value not offered is refused
        await until(pilot, lambda: len(view.lines) < 10_000)
        riders = sum(1 for e in campaign.events if e.data.get("name") == "Rider 5")
        assert len(view.lines) == riders + 101  # and a heading a session, and the day
        assert all(campaign.events[line.seq - 1].data["name"] == "Rider 5"
                   for line in view.lines if not line.is_heading)


def reference_lines(campaign: Campaign[Any], log_filter: LogFilter) -> list[LogLine]:
    """The lines of a filter, plainly: a heading wherever the session changes among the
    events kept, a day's heading wherever the day changes within a session."""
    lines: list[LogLine] = []
    last: Event | None = None
    for event in campaign.events:
        if log_filter.keeps(event, campaign.subjects(event), search_text(campaign, event)):
            if last is None or last.session != event.session:
                lines.append(LogLine(event.session, 0))
            elif last.at.date() != event.at.date():
                lines.append(LogLine(event.session, 0, day=True))
            lines.append(LogLine(event.session, event.seq))
            last = event
    return lines


class Clock(datetime):
    """The journal's clock in a test: `now()` is `Clock.at`, moved by the test."""

    at = datetime(2026, 11, 21, 22, 0, tzinfo=UTC)

    @classmethod
    def now(cls, tz: Any = None) -> Any:
        return cls.at


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.sampled_from(["add", "session", "undo", "later"]),
                                st.sampled_from(["Zeke", "Ann", "Doc"])), max_size=40),
       filters=st.lists(st.builds(LogFilter, st.none() | st.integers(0, 4),
                                  st.none() | st.sampled_from(["Zeke", "Ann"]),
                                  st.none() | st.sampled_from(["tally.added", "undo"]),
                                  st.sampled_from([(), ("zeke",), ("adds", "ann"), ("undid",),
                                                   ("session", "begins"), ("nobody",)])),
                        min_size=1, max_size=4),
       cut=st.integers(0, 40))
def test_the_lines_of_any_filter_are_the_plain_reading(
        tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
        steps: list[tuple[str, str]], filters: list[LogFilter], cut: int) -> None:
    Clock.at = datetime(2026, 11, 21, 22, 0, tzinfo=UTC)
    monkeypatch.setattr(campaign_module, "datetime", Clock)
    campaign = new_campaign(tmp_path_factory.mktemp("lines"))
    index = LogIndex()
    seen: list[tuple[Sequence[LogLine], list[LogLine]]] = []
    for number, (what, name) in enumerate(steps):
        if what == "add":
            campaign.execute(Add(name, 1))
        elif what == "undo" and campaign.can_undo:
            campaign.undo()
        elif what == "session":
            (campaign.end_session if campaign.in_session else campaign.start_session)()
        elif what == "later":  # three hours on: past midnight the first time
            Clock.at += timedelta(hours=3)
        if number == cut:  # the index is asked midway, and grows from there
            for log_filter in filters:
                seen.append((index.lines(campaign, log_filter),
                             reference_lines(campaign, log_filter)))
    for log_filter in filters:
        seen.append((index.lines(campaign, log_filter), reference_lines(campaign, log_filter)))
    for lines, expected in seen:  # lines once given never change
        assert list(lines) == expected
        assert len(lines) == len(expected)
        if expected:
            assert lines[-1] == expected[-1] and lines[-len(expected)] == expected[0]
            assert lines[1:3] == expected[1:3]
        with pytest.raises(IndexError):
            lines[len(expected)]
    campaign.close()
