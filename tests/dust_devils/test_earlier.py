"""Every earlier conflict is in reach: the Conflict tab shows the last four, and h shows all
of them session by session in a scrolling box that fits 80x24."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.widgets import Static

from gmscreen.games import rules_for
from gmscreen.games.dust_devils.commands import DealerFolds
from gmscreen.games.dust_devils.panes.earlier import EarlierConflicts
from gmscreen.games.dust_devils.sample import SAMPLES
from gmscreen.games.dust_devils.state import ConflictRecord
from gmscreen.games.dust_devils.view import earlier_sections
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.sections import as_text
from gmscreen.samples import write_sample
from gmscreen.ui.sections import SectionsView
from tests.dust_devils.test_panes import watched
from tests.dust_devils.test_session import press, send
from tests.pilot import screen_text, synchronous, to_tab, until


def test_the_list_is_grouped_by_session_with_the_threads_state() -> None:
    past = [ConflictRecord(1, "A dare", "Jim won; Jim narrated"),
            ConflictRecord(2, "The jail", "every player folded", unresolved=True,
                           closed="abandoned", session=1),
            ConflictRecord(3, "[b]The[/b] mayor", "every player folded", unresolved=True,
                           session=1),
            ConflictRecord(4, "The bounty", "Zeke won; Tom narrated", session=2)]
    assert as_text(earlier_sections(past)).splitlines() == [
        "Before the first session",
        "========================",
        "1. A dare (Jim won; Jim narrated)",
        "",
        "Session 1",
        "=========",
        "2. The jail (every player folded); thread closed: abandoned",
        "3. [b]The[/b] mayor (every player folded); an open thread",
        "",
        "Session 2",
        "=========",
        "4. The bounty (Zeke won; Tom narrated)"]
    assert "No conflict has ended yet." in as_text(earlier_sections([]))


def test_a_record_keeps_the_session_it_ended_in(tmp_path: Path) -> None:
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for)
    assert [r.session for r in campaign.state.past] == [1, 1, 1, 1]
    campaign.end_session(under_way="carry")  # the jail conflict goes on next session
    campaign.start_session()
    campaign.execute(DealerFolds())  # the jail conflict ends unresolved in session 2
    assert [r.session for r in campaign.state.past] == [1, 1, 1, 1, 2]
    past = campaign.state.past
    campaign.close()
    assert open_campaign(path, rules_for).state.past == past  # the file replays to it


@synchronous
async def test_h_shows_every_earlier_conflict(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        detail = app.screen.query_one("#dd-detail", Static)
        assert "h shows all" not in str(detail.content)  # four: all in sight already
        for _ in range(2):  # the jail conflict played out: the fifth
            await send(pilot, "w")
        await send(pilot, "l")
        await send(pilot, "k")
        await press(pilot, "e")
        assert len(campaign.state.past) == 5
        shown = str(detail.content)
        assert "Earlier (the last 4; h shows all 5): 2. A bent spoon" in shown
        assert "1. Whose body" not in shown
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, EarlierConflicts))
        await pilot.pause()
        box = app.screen
        shown = screen_text(app)
        assert "Session 1" in shown
        assert "1. Whose body is on the gallows?" in shown
        assert "5. The bounty money at the jail" in shown
        scroll = box.query_one(SectionsView)
        assert scroll.region.bottom <= 23 and scroll.region.right <= 80
        assert box.focused is scroll  # the arrows and page keys scroll it
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.screen_stack[0])


@synchronous
async def test_a_long_list_scrolls_from_the_newest() -> None:
    past = [ConflictRecord(n, f"Conflict {n}", "Jim won; Jim narrated", session=1 + n // 10)
            for n in range(1, 31)]

    class Screen(App[None]):
        def on_mount(self) -> None:
            self.push_screen(EarlierConflicts(past))

    app = Screen()
    async with app.run_test(size=(80, 24)) as pilot:
        # the box scrolls to the newest after its first refresh, and Textual's scroll_end
        # after the next: one pause read the box still at the top on a loaded machine
        await until(pilot, lambda: app.screen.query_one(SectionsView).max_scroll_y > 0)
        box = app.screen.query_one(SectionsView)
        await until(pilot, lambda: box.scroll_y == box.max_scroll_y)  # the newest
        assert box.region.bottom <= 23, "the footer stays in sight"
        await pilot.press("pageup", "pageup", "pageup")
        await until(pilot, lambda: box.scroll_y == 0)
