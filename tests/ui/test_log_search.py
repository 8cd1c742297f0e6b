"""The Encounter Log's search, driven by keys: `/` opens it, the list keeps the lines that
match as the Dealer types, f3 and shift+f3 (enter, up and down in the box) step along them,
escape shows the whole log again on the same line; with the filters, in replay, read only,
and over 100,000 events."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Select, Static

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.store import JournalStore
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.log import EncounterLog
from gmscreen.ui.log_lines import LogLine
from gmscreen.ui.shell import ShellScreen
from tests.pilot import Notices, burst, footer_keys, screen_text
from tests.tally import RULES, Add
from tests.ui.support import (
    hold_learning,
    new_campaign,
    played,
    synchronous,
    to_tab,
    until,
    with_fixed_times,
)
from tests.ui.test_log import big_campaign, seqs


def shell_log(app: GmScreenApp) -> EncounterLog:
    return app.screen.query_one(EncounterLog)


def hits(log: EncounterLog) -> str:
    return str(log.query_one("#log-search-hits", Static).content)


def with_markup(folder: Path) -> Any:
    """The played journal, then a note about Ma Barker that does not name her, written in
    what Rich would read as markup."""
    campaign = played(folder)
    campaign.note("[bold]Doc[/bold] owes [red]her[/red] a horse.", about=["Ma Barker"])  # 13
    campaign.execute(Add("Zeke", 1))                                                     # 14
    (folder / "again").mkdir()
    return with_fixed_times(campaign, folder / "again")


def keys_of(text: str) -> list[str]:
    names = {" ": "space", "[": "left_square_bracket", "]": "right_square_bracket",
             "/": "slash"}
    return [names.get(letter, letter) for letter in text]


async def open_search(pilot: Any) -> EncounterLog:
    log = shell_log(pilot.app)
    await pilot.press("slash")
    box = log.query_one("#log-search-input", Input)
    await until(pilot, lambda: box.has_focus)
    return log


@synchronous
async def test_slash_opens_a_one_line_box_and_the_list_narrows_as_one_types(
        tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "5")
        assert "f3" not in footer_keys(app) and "slash" in footer_keys(app)
        log = await open_search(pilot)
        bar = log.query_one("#log-search")
        assert bar.region.height == 1 and bar.region.bottom <= app.size.height - 1
        assert {"f3", "shift+f3", "escape"} <= footer_keys(app)
        assert "Next" in screen_text(app) and "Close search" in screen_text(app)
        assert len(log.view.lines) == 15 and hits(log) == "type to search"
        await pilot.press("z")  # every key narrows the list at once
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 3, 5, 6, 9])
        await pilot.press(*keys_of("eke ro"))
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 5])
        assert hits(log) == "1 of 1"
        await pilot.press("backspace", "backspace", "backspace")
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 3, 5, 6, 9])
        # the cursor was at the end: it is on the newest line found
        assert log.view.line == LogLine(1, 9) and hits(log) == "4 of 4"


@synchronous
async def test_words_typed_straight_after_slash_go_into_the_box(tmp_path: Path) -> None:
    """ "/zeke" in one burst (a quick Dealer, a paste, a loaded machine): the letters came to
    the list before / had moved the keyboard to the box, were taken as the list's keys (e:
    "no note") and the box opened empty. In the box, / is typed as any letter."""
    app = GmScreenApp(played(tmp_path))
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "5")
        burst(app, "/zeke")  # in one turn: the machine takes none before all come
        log = shell_log(app)
        box = log.query_one("#log-search-input", Input)
        await until(pilot, lambda: box.value == "zeke")
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 3, 5, 6, 9])
        await pilot.press("slash")
        await until(pilot, lambda: box.value == "zeke/")
        assert box.has_focus and notices.of("warning") == []
        # and in the same burst as the / that opened the box: "/2/8" searched for "28"
        await pilot.press("escape")
        await until(pilot, lambda: app.focused is log.view)
        burst(app, "/2/8")
        await until(pilot, lambda: box.value == "2/8")


@synchronous
async def test_a_search_looks_in_the_names_and_the_kind_too(tmp_path: Path) -> None:
    app = GmScreenApp(with_markup(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        log = await open_search(pilot)
        # the note does not name Ma Barker, but is about her; every word, in any order
        await pilot.press(*keys_of("horse barker"))
        await until(pilot, lambda: seqs(log.view.lines) == ["S2", 13])
        await pilot.press(*(["backspace"] * len("horse barker")), *keys_of("NOTE"))
        # the kind's readable name: the notes (and no line says "note" but them)
        await until(pilot, lambda: seqs(log.view.lines) == ["S0", 1, "S1", 9, "S2", 13])


@synchronous
async def test_what_is_searched_for_is_text_never_markup(tmp_path: Path) -> None:
    app = GmScreenApp(with_markup(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        log = await open_search(pilot)
        await pilot.press(*keys_of("[bold]"))
        await until(pilot, lambda: seqs(log.view.lines) == ["S2", 13])
        assert log.query_one("#log-search-input", Input).value == "[bold]"
        assert "[bold]Doc[/bold] owes [red]her[/red] a horse." in screen_text(app)
        # the words found are marked, as written
        view = log.view
        view.scroll_to(y=0, animate=False, immediate=True)
        marked = [segment.text for segment in view.render_line(1)
                  if segment.style is not None and segment.style.underline]
        assert marked == ["[bold]"]
        await pilot.press("backspace", "backspace", *keys_of("*(.)"))  # nor a pattern
        await until(pilot, lambda: hits(log) == "no line matches")
        assert len(view.lines) == 0
        # the empty list says why, not that the campaign has nothing
        assert "No line is left by the search" in screen_text(app)
        assert "No events yet" not in screen_text(app)


@synchronous
async def test_f3_and_shift_f3_step_along_the_lines_found_and_round(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        log = await open_search(pilot)
        await pilot.press(*keys_of("adds"))  # the undo says what it took back
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 3, 4, 6, 7, 8, "S2", 12])
        view = log.view
        await until(pilot, lambda: view.line == LogLine(2, 12) and hits(log) == "6 of 6")
        # each key's step waited for: the cursor moves as the key reaches the search box
        await pilot.press("f3")  # past the last: round to the first, over the heading
        await until(pilot, lambda: view.line == LogLine(1, 3) and hits(log) == "1 of 6")
        await pilot.press("shift+f3")
        await until(pilot, lambda: view.line == LogLine(2, 12))
        await pilot.press("shift+f3")  # over the session's heading
        await until(pilot, lambda: view.line == LogLine(1, 8))
        await pilot.press("enter")  # in the box, enter is the next one
        await until(pilot, lambda: view.line == LogLine(2, 12))
        await pilot.press("up", "up", "up")
        await until(pilot, lambda: view.line == LogLine(1, 6) and hits(log) == "3 of 6")
        await pilot.press("down")
        await until(pilot, lambda: view.line == LogLine(1, 7))
        # the keyboard stayed in the box all along: typing goes on searching
        assert log.query_one("#log-search-input", Input).has_focus
        await pilot.press(*keys_of(" ma"))
        # the search goes on from the line stepped to
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 4, 7, 8, "S2", 12])
        assert view.line == LogLine(1, 7)


@synchronous
async def test_escape_shows_the_whole_log_on_the_line_the_cursor_was_on(
        tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        log = await open_search(pilot)
        await pilot.press(*keys_of("zeke"))
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 3, 5, 6, 9])
        await pilot.press("shift+f3", "shift+f3")
        await until(pilot, lambda: log.view.line == LogLine(1, 5))
        await pilot.press("escape")
        await until(pilot, lambda: len(log.view.lines) == 15)
        assert log.view.line == LogLine(1, 5) and log.view.has_focus
        assert not log.query_one("#log-search").display or not log.searching
        assert log.query_one("#log-search").region.height == 0
        assert "f3" not in footer_keys(app)
        # the last line found, too (the whole list then goes on past it)
        log = await open_search(pilot)
        await pilot.press(*keys_of("undertaker"))
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 9])
        await pilot.press("escape")
        await until(pilot, lambda: len(log.view.lines) == 15)
        assert log.view.line == LogLine(1, 9)
        # nothing found: back where the search began
        log = await open_search(pilot)
        await pilot.press(*keys_of("nobody"))
        await until(pilot, lambda: len(log.view.lines) == 0)
        await pilot.press("escape")
        await until(pilot, lambda: len(log.view.lines) == 15)
        assert log.view.line == LogLine(1, 9)
        # a fresh search box each time
        log = await open_search(pilot)
        assert log.query_one("#log-search-input", Input).value == ""
        assert len(log.view.lines) == 15


@synchronous
async def test_the_search_works_with_the_filters(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        log = shell_log(app)
        log.query_one("#log-who", Select).value = "Zeke"
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 3, 5, 6, 9])
        await open_search(pilot)
        await pilot.press(*keys_of("adds"))
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 3, 6])
        log.query_one("#log-who", Select).clear()
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 3, 4, 6, 7, 8, "S2", 12])
        log.query_one("#log-session", Select).value = 2
        await until(pilot, lambda: seqs(log.view.lines) == ["S2", 12])
        await pilot.press("escape")  # the search goes, the filter stays
        await until(pilot, lambda: seqs(log.view.lines) == ["S2", 11, 12])


@synchronous
async def test_the_search_works_in_a_replay_and_escape_closes_it_first(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        log = await open_search(pilot)
        await pilot.press(*keys_of("ma barker"))
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 4, 7, 8, "S2", 12])
        await pilot.press("up", "up", "up")
        await until(pilot, lambda: log.view.line == LogLine(1, 4))
        log.view.focus()  # to the list (a click or tab), to replay the line found
        await until(pilot, lambda: log.view.has_focus)
        await pilot.press("r")
        await until(pilot, lambda: shell.replayed == 4)
        assert seqs(log.view.lines) == ["S1", 4, 7, 8, "S2", 12]  # still searching
        await pilot.press("slash")  # the box has the keyboard before the words are typed
        await until(pilot, lambda: log.query_one("#log-search-input", Input).has_focus)
        await pilot.press(*keys_of(" 4"))
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 7, 8])
        await pilot.press("escape")  # the search first
        await until(pilot, lambda: len(log.view.lines) == 15)
        assert shell.replayed == 4 and log.view.line == LogLine(1, 7)
        await pilot.press("escape")  # then the replay
        await until(pilot, lambda: shell.replayed is None)


@synchronous
async def test_the_search_works_read_only(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    campaign.locked_by = "host 7 (pid 42)"
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "5")
        log = await open_search(pilot)
        await pilot.press(*keys_of("session"))
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 2, 10, "S2", 11])
        assert len(campaign.events) == 12


@synchronous
async def test_a_new_event_that_matches_joins_the_lines_found(tmp_path: Path) -> None:
    campaign = played(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        log = await open_search(pilot)
        await pilot.press(*keys_of("zeke adds"))
        await until(pilot, lambda: seqs(log.view.lines) == ["S1", 3, 6])
        campaign.execute(Add("Zeke", 2))  # as the Dealer's other window would
        campaign.execute(Add("Doc", 2))
        log.show(campaign)
        assert [line.seq for line in log.view.lines][-1] == 13
        assert 14 not in [line.seq for line in log.view.lines]


@synchronous
async def test_a_hundred_thousand_events_are_searched_without_a_freeze(
        monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = big_campaign(100_000)
    # the subjects and texts of so many events are worked out in a worker, held here
    go = hold_learning(monkeypatch)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "5")
        log = await open_search(pilot)
        view = log.view
        await pilot.press(*keys_of("rider 36"))
        # not known yet: the whole log stays, and the box says why
        await until(pilot, lambda: hits(log) == "reading the log…")
        assert len(view.lines) == 100_101
        go.set()
        riders = sum(1 for e in campaign.events if e.data.get("name") == "Rider 36")
        await until(pilot, lambda: view.lines and len(view.lines) < 10_000)
        found = [line for line in view.lines if not line.is_heading]
        assert len(found) == riders
        assert hits(log) == f"{riders} of {riders}"
        # each key to the lines drawn: the whole search again, on the app's thread
        for key in ("backspace", "backspace", "3", "6"):
            await pilot.press(key)
            await until(pilot, lambda: "of" in hits(log), seconds=5)
        assert len([line for line in view.lines if not line.is_heading]) == riders


@synchronous
async def test_a_session_past_midnight_shows_its_new_day(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path)
    campaign.start_session()
    for name in ("Zeke", "Ann", "Zeke"):
        campaign.execute(Add(name, 1))
    campaign.end_session()
    campaign.start_session()
    campaign.execute(Add("Ann", 2))
    # session 1 from 23:58 to 00:02; session 2 three days later
    start = datetime(2026, 11, 21, 23, 58, tzinfo=UTC)
    events = [replace(e, at=start + timedelta(minutes=e.seq - 1)
                      + timedelta(days=3 if e.session == 2 else 0)) for e in campaign.events]
    campaign.close()
    store = JournalStore.create(tmp_path / "late.toml", campaign.header, events)
    late = Campaign.load(RULES, store.load(), store)
    app = GmScreenApp(late)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        log = shell_log(app)
        assert seqs(log.view.lines) == ["S1", 1, 2, "D1", 3, 4, 5, "S2", 6, 7]
        text = screen_text(app)
        assert "── Session 1 · Sat 21 Nov 2026 ──" in text
        assert "┄┄ Sun 22 Nov 2026 · Session 1, continued ┄┄" in text
        assert "── Session 2 · Wed 25 Nov 2026 ──" in text
        # r on the day's heading: how that day ended (the session ended on it)
        view = log.view
        view.move_to(3)
        await pilot.pause()
        assert "went on into another day" in str(log.query_one("#log-detail",
                                                               Static).content)
        await pilot.press("r")
        shell = app.screen
        assert isinstance(shell, ShellScreen)
        await until(pilot, lambda: shell.replayed == 5)


def test_the_search_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    """The picture: the lines found under their headings, the words marked, the box at
    the foot with its count, the keys to step in the footer."""
    app = GmScreenApp(played(tmp_path))
    app.animation_level = "none"

    async def searched(pilot: Any) -> None:
        await to_tab(pilot, "5")
        log = await open_search(pilot)
        await pilot.press(*keys_of("zeke"), "shift+f3")
        await until(pilot, lambda: hits(log) == "3 of 4")

    assert snap_compare(app, run_before=searched, terminal_size=(80, 24))
