"""The Encounter Log of a damaged journal (an event the game cannot apply): the tabs show the
campaign as it was before that event, and the log lists the events left out after the rest,
under a heading that says why, each said to be left out (as `gmscreen log` lists them), so
that the Dealer deciding whether to set the damaged step aside sees all it would take back.
A step on one of their lines (replay, undo to here, a note put right) is refused, said why,
and writes nothing; the filters and the search keep them by session, kind and words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Select, Static

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.store import JournalStore
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.log import EncounterLog
from gmscreen.ui.log_lines import LogFilter, LogIndex, LogLine
from tests.pilot import Notices, screen_text
from tests.tally import RULES
from tests.ui.support import played, synchronous, to_tab, until

#: Zeke's first tally (event 3), its amount typed as a word
DAMAGE = ('data = { name = "Zeke", amount = 3 }', 'data = { name = "Zeke", amount = "three" }')


def damaged(folder: Path) -> tuple[Campaign[Any], Path]:
    """The played tally journal (two sessions, 12 events) with event 3 damaged: events 3 to
    12 are left out, across both sessions."""
    campaign = played(folder)
    assert campaign.store is not None
    path = campaign.store.path
    campaign.close()
    text = path.read_text(encoding="utf-8")
    assert text.count(DAMAGE[0]) == 1
    path.write_text(text.replace(*DAMAGE), encoding="utf-8")
    store = JournalStore.open(path, writable=False)
    opened = Campaign.load(RULES, store.load(), store)
    assert opened.damaged is not None and opened.damaged.seq == 3
    return opened, path


def shell_log(app: GmScreenApp) -> EncounterLog:
    return app.screen.query_one(EncounterLog)


def shown(log: EncounterLog) -> list[str]:
    """Each line of the log as drawn at the log's width."""
    view = log.view
    assert view.campaign is not None
    return [view._text(view.campaign, index, 200).plain.rstrip(" ─")
            for index in range(len(view.lines))]


def detail(log: EncounterLog) -> str:
    return str(log.query_one("#log-detail", Static).content)


async def cursor_to(pilot: Any, log: EncounterLog, seq: int) -> None:
    index = next(i for i, line in enumerate(log.view.lines) if line.seq == seq)
    log.view.move_to(index)
    await pilot.pause()


@synchronous
async def test_the_events_left_out_are_listed_after_the_rest_under_headings_that_say_why(
        tmp_path: Path) -> None:
    campaign, _ = damaged(tmp_path)
    assert len(campaign.events) == 2
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        log = shell_log(app)
        await until(pilot, lambda: len(log.view.lines) > 3)
        lines = shown(log)
        assert [line.seq for line in log.view.lines] == [0, 1, 0, 2, 0, 3, 4, 5, 6, 7, 8, 9,
                                                         10, 0, 11, 12]
        assert lines[4] == "── Left out: event 3, which cannot be applied, and the 9 events " \
                           "after it"
        assert "Cannot be applied (" in lines[5] and "three" in lines[5]
        assert lines[6].endswith("Left out: Ma Barker adds 2.")
        # where the session changes among them, a heading says so
        assert lines[13] == "── Left out: Session 2"
        assert lines[15].endswith("Left out: Ma Barker adds 1.")
        # the events shown before the damage read as always
        assert lines[3].endswith("Session 1 begins.") and "Left out" not in lines[3]
        assert "Left out" in screen_text(app)
        await cursor_to(pilot, log, 12)
        assert detail(log).startswith("#12 ") and "Left out: Ma Barker adds 1." in detail(log)
        log.view.move_to(4)
        await pilot.pause()
        assert detail(log) == ("Not in what the tabs show, which stop before event 3: ctrl+w "
                               "sets the damaged step aside and goes on without them, or put "
                               "the journal right by hand.")


@synchronous
async def test_a_step_on_a_line_left_out_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    campaign, path = damaged(tmp_path)
    before = path.read_bytes()
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        notices = Notices()
        notices.watch(app)
        await to_tab(pilot, "5")
        log = shell_log(app)
        await until(pilot, lambda: len(log.view.lines) > 3)
        await cursor_to(pilot, log, 9)  # a note, left out
        for key in ("r", "u", "e"):
            await pilot.press(key)
        await until(pilot, lambda: len(notices) >= 3)
        said = [notice.message for notice in notices]
        assert said[0] == ("Event 9 is left out: the campaign is shown as it was before "
                           "event 3, which cannot be applied, so there is no replay to it.")
        assert said[1] == said[0].replace("there is no replay", "there is nothing to undo")
        assert said[2].startswith("#9 is left out")
        assert log.replayed is None  # no replay began
        log.view.move_to(4)  # the heading over them
        await pilot.pause()
        await pilot.press("r")
        await until(pilot, lambda: len(notices) >= 4)
        assert notices[3].message.startswith("These events are left out")
        assert log.replayed is None
    assert path.read_bytes() == before


@synchronous
async def test_the_filters_and_the_search_keep_the_events_left_out_by_session_kind_and_words(
        tmp_path: Path) -> None:
    campaign, _ = damaged(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, "5")
        log = shell_log(app)
        await until(pilot, lambda: len(log.view.lines) > 3)
        sessions = log.query_one("#log-session", Select)
        # session 2 is offered though all its events are left out
        sessions.value = 2
        await until(pilot, lambda: [line.seq for line in log.view.lines] == [0, 11, 12])
        # the first heading says why, and the session no line above it says
        assert shown(log)[0] == ("── Left out: event 3, which cannot be applied, and the 9 "
                                 "events after it · Session 2")
        sessions.value = 1
        await until(pilot, lambda: log.view.lines[0] == LogLine(1, 0))
        assert [line.seq for line in log.view.lines] == [0, 2, 0, 3, 4, 5, 6, 7, 8, 9, 10]
        sessions.clear()
        await pilot.press("slash", *"undertaker")
        await until(pilot, lambda: [line.seq for line in log.view.lines] == [0, 9])
        assert str(log.query_one("#log-search-hits", Static).content) in (
            "1 of 1", "1 found")


def test_whom_an_event_left_out_is_about_is_not_known_so_a_filter_by_name_keeps_none(
        tmp_path: Path) -> None:
    campaign, _ = damaged(tmp_path)
    index = LogIndex()
    every = index.lines(campaign, LogFilter())
    assert [line.seq for line in every][-3:] == [0, 11, 12]
    by_name = index.lines(campaign, LogFilter(who="Zeke"))
    assert not any(line.left_out or line.seq >= 3 for line in by_name)
    by_kind = index.lines(campaign, LogFilter(kind="tally.rolled"))
    assert [line.seq for line in by_kind] == [0, 5] and by_kind[0].left_out
