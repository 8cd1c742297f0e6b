"""A notice never lies over what the Dealer is working on: it takes rows of its own above the
footer, and the tab gives them up while it shows."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from textual.widgets import Footer
from textual.widgets._toast import Toast, ToastHolder

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui import theme
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.log_view import LogView
from gmscreen.ui.sections import GridTable
from gmscreen.ui.theme import ThemeProblem
from tests.pilot import synchronous, to_tab, until
from tests.ui.support import played


@synchronous
async def test_a_notice_covers_neither_the_tab_nor_the_footer(tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await to_tab(pilot, "Encounter Log")
        tabs = app.screen.query_one("#shell-tabs")
        whole = tabs.region
        await pilot.press("ctrl+z")  # the undo says what it took back
        await until(pilot, lambda: bool(app.screen.query(Toast)))
        await pilot.pause()
        toast = app.screen.query_one(Toast).region
        assert not toast.overlaps(tabs.region)
        assert not toast.overlaps(app.screen.query_one(Footer).region)
        assert tabs.region.height < whole.height  # the tab gave up the rows
        # and the log, shorter, still shows the line its cursor is on (the newest)
        log = app.screen.query_one(LogView)
        top = int(log.scroll_offset.y)
        assert top <= log.cursor < top + log.scrollable_content_region.height


@synchronous
async def test_a_long_notice_leaves_the_table_some_rows(tmp_path: Path) -> None:
    """At 80x24 a notice of several lines takes rows of the tab; Devils Bluff's roster, the
    table the Dealer works on, keeps its heading and three rows rather than shrinking to
    its heading alone."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        table = app.screen.query_one(GridTable)
        app.notify("A notice long enough to wrap over many lines of a narrow screen. " * 4,
                   timeout=30, markup=False)
        await until(pilot, lambda: bool(app.screen.query(Toast)))
        await pilot.pause()
        assert app.screen.query_one(Toast).region.height >= 6
        assert table.region.height >= 4


@synchronous
async def test_a_refusal_replaces_the_one_still_shown(tmp_path: Path) -> None:
    """Keys refused in a row leave their last answer, not a stack of them over the tab; a
    notice that is no refusal (what an undo took back) stays beside it."""
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await to_tab(pilot, "Encounter Log")
        await pilot.press("ctrl+z")
        await until(pilot, lambda: bool(app.screen.query(Toast)))
        for said in ("first refusal", "second refusal", "third refusal"):
            app.notify(said, title="Rule", severity="warning", markup=False)
            await pilot.pause()
        await pilot.pause()
        shown = [n for n in app._notifications]
        assert [n.message for n in shown if n.severity == "warning"] == ["third refusal"]
        assert [n.title for n in shown if n.severity != "warning"] == ["Undone"]
        assert len(app.screen.query(Toast)) == 2


@synchronous
async def test_an_undo_takes_the_refusal_before_it_away(tmp_path: Path) -> None:
    """A refusal stood over the "Undone" of the ctrl+z that followed it, answering a key
    pressed in a state that was no more."""
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await to_tab(pilot, "Encounter Log")
        app.notify("An attack goes all in once", title="All In", severity="warning",
                   markup=False)
        await pilot.pause()
        await pilot.press("ctrl+z")
        await until(pilot, lambda: [n.title for n in app._notifications] == ["Undone"])
        app.notify("another refusal", title="Rule", severity="warning", markup=False)
        await pilot.press("ctrl+y")
        await until(pilot, lambda: [n.title for n in app._notifications] == ["Undone",
                                                                             "Redone"])


@synchronous
async def test_a_notice_replaces_its_like_and_leaves_the_others(tmp_path: Path) -> None:
    """"Session 2 begins." straight after "Session 1 ends." was cut at 80x24 until the first
    faded; one undo's notice after another's stacked the same way."""
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: not app.campaign.in_session)
        await pilot.press("f5")
        await until(pilot, lambda: app.campaign.in_session)
        app.notify("a theme is broken", title="Themes", severity="error", markup=False)
        app.notify("another theme is broken", title="Themes", severity="error", markup=False)
        await pilot.press("ctrl+z", "ctrl+z")
        await pilot.pause()
        shown = [(n.title, n.message) for n in app._notifications]
        assert [m for t, m in shown if t == "Session"] == ["Session 3 begins."]
        assert len([m for t, m in shown if t == "Undone"]) == 1
        assert [m for t, m in shown if t == "Themes"] == ["a theme is broken",
                                                          "another theme is broken"]


@synchronous
async def test_a_notice_takes_the_width_of_an_80_column_screen(tmp_path: Path) -> None:
    """An undo's three steps were cut off at 80x24 in a notice half the screen wide; its
    rows are its own, so it takes the width and says them whole."""
    app = GmScreenApp(played(tmp_path))
    told = ("Cassie Boone enters the conflict with Eye and Shootin' (Seven Card Stud). "
            "Elias Ward enters the conflict with Hand and Brawlin' (Seven Card Stud). "
            "Judge Amos Whitlock enters with Heart and Lyin' (Five Card Stud). (and 2 more)")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.notify(told, title="Undone", markup=False)
        await until(pilot, lambda: bool(app.screen.query(Toast)))
        await pilot.pause()
        toast = app.screen.query_one(Toast)
        assert toast.region.width >= 70
        # its title and every line of what it says are in sight
        lines = len(textwrap.wrap(told, toast.content_region.width))
        assert toast.content_region.height >= 1 + lines


@synchronous
async def test_every_broken_theme_is_told_though_a_refusal_follows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = [ThemeProblem(Path(f"{name}.toml"), "no colours") for name in ("dusk", "dawn")]
    monkeypatch.setattr(theme, "load_themes", lambda folder: ([], broken))
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.notify("not now", title="Rule", severity="warning", markup=False)
        await pilot.pause()
        told = [n.message for n in app._notifications]
        assert told == ["theme dusk.toml: no colours", "theme dawn.toml: no colours", "not now"]


@synchronous
async def test_a_burst_of_refusals_gives_the_tab_back_whole_once_they_fade(
        tmp_path: Path) -> None:
    """Keys mistyped in quick bursts (as a terminal hands them over, some at a time) each
    found none of the others shown and all stayed, and, once they faded, left nine blank rows
    over the footer for good: Textual took the replaced notices' words away but kept the
    rows that held them, and the rows we give notices are the tab's."""
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await to_tab(pilot, "Encounter Log")
        tabs = app.screen.query_one("#shell-tabs")
        whole = tabs.region.height
        for burst in range(6):
            for key in range(8):
                app.notify(f"refusal {burst}.{key}", title="Rule", severity="warning",
                           timeout=1, markup=False)
            await pilot.pause()
        assert [n.message for n in app._notifications] == ["refusal 5.7"]
        await pilot.pause()
        assert [str(t.render()) for t in app.screen.query(Toast)] == ["Rule\nrefusal 5.7"]
        await until(pilot, lambda: not app._notifications)
        await pilot.pause(0.3)
        assert tabs.region.height == whole
        assert not app.screen.query(ToastHolder)


@synchronous
async def test_a_refusal_under_a_long_notice_is_read_whole(tmp_path: Path) -> None:
    """At 80x24 a notice of several lines, then a refusal: the rack holds at most 40% of the
    screen, and it showed the older notice and the refusal's title alone, its reason (the
    point of it) cut off under the footer until the first faded. The newest is in sight."""
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.notify("Rattlesnake Jake's attacks are closed. " * 5, title="Closed", timeout=30,
                   markup=False)
        await until(pilot, lambda: len(app.screen.query(Toast)) == 1)
        await pilot.pause()
        app.notify("one who rode off at 6 Stress rests no more " * 2, title="Rest",
                   severity="warning", timeout=30, markup=False)
        await until(pilot, lambda: len(app.screen.query(Toast)) == 2)
        for _ in range(3):
            await pilot.pause()
        newest = app.screen.query(Toast).last()
        assert "Rest" in str(newest.render())
        # every row of the refusal in sight, over the footer
        assert newest.region.bottom <= app.screen.query_one(Footer).region.y, newest.region
