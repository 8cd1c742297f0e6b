"""Round 28: what rounds 24 to 27 noticed and left, taken up where a Dealer wants it. A
character's row opened by Enter or a double click: the sheet's correction form, as e (Edit)
opens it, refused with the same reason where e is; a single click still only chooses."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from gmscreen.games.dust_devils.panes.characters import CharactersPane
from gmscreen.games.dust_devils.sample import JACK, ZEKE
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dust_devils.game import sample
from tests.pilot import Notices, burst, form_up, synchronous, until


@synchronous
async def test_a_characters_row_opens_its_sheet_by_enter_or_a_double_click(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path / "a")
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#--content-tab-tab-characters")
        table = app.screen.query_one("#dd-characters", DataTable)
        await until(pilot, lambda: table.row_count)
        pane = app.screen.query_one(CharactersPane)
        count = len(campaign.events)
        # a click chooses Jack's row; a click again on it, alone, only chooses still
        for _ in range(2):
            await pilot.click(table, offset=(3, 3))
            await pilot.pause()
            assert not isinstance(app.screen, Form)
        assert (who := pane.selected()) is not None and who.name == JACK.name  # in no conflict
        # a double click opens his sheet's correction, as e does; escape sends nothing
        await pilot.click(table, offset=(3, 3), times=2)
        form = await form_up(pilot)
        assert form.title_text == f"Correct {JACK.name}'s sheet"
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        # Enter on the row highlighted, the keyboard in the table: the same
        table.focus()
        await pilot.press("enter")
        form = await form_up(pilot)
        assert form.title_text == f"Correct {JACK.name}'s sheet"
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        assert len(campaign.events) == count
        assert not notices.of("warning"), notices
    campaign.close()


@synchronous
async def test_a_row_opened_where_edit_is_refused_says_why(tmp_path: Path) -> None:
    # Zeke is in the conflict under way (the sample's jail, at the Draw): Enter or a double
    # click on his row is refused with the rule's reason, as e is, and opens nothing
    campaign = sample(tmp_path / "a")
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#--content-tab-tab-characters")
        table = app.screen.query_one("#dd-characters", DataTable)
        await until(pilot, lambda: table.row_count)
        pane = app.screen.query_one(CharactersPane)
        count = len(campaign.events)
        await pilot.click(table, offset=(3, 2))
        await until(pilot, lambda: (w := pane.selected()) is not None and w.name == ZEKE.name)
        for way in ("e", "enter", "double click"):
            notices.clear()
            if way == "double click":
                await pilot.click(table, offset=(3, 2), times=2)
            else:
                await pilot.press(way)
            await until(pilot, lambda: notices.of("warning"))
            refused = notices.of("warning")[-1]
            assert (refused.title, refused.message) == (
                "Characters", f"{ZEKE.name} is in the conflict under way; change the sheet "
                "after it ends"), (way, notices)
            await pilot.pause()
            assert not isinstance(app.screen, Form), way
        assert len(campaign.events) == count
    campaign.close()


@synchronous
async def test_enter_on_a_row_acts_on_that_row_whatever_is_typed_after_it(
        tmp_path: Path) -> None:
    # Enter on Zeke's row (in the conflict under way) with a down typed straight after it,
    # in one burst: the table's word of the Enter came after the down had moved the
    # cursor, and the sheet below opened, where typed one by one Zeke's is refused with its
    # reason and the down moves on from his row
    campaign = sample(tmp_path / "a")
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#--content-tab-tab-characters")
        table = app.screen.query_one("#dd-characters", DataTable)
        await until(pilot, lambda: table.row_count)
        pane = app.screen.query_one(CharactersPane)
        await pilot.click(table, offset=(3, 2))
        await until(pilot, lambda: (w := pane.selected()) is not None and w.name == ZEKE.name)
        zekes = table.cursor_row
        burst(app, ["enter", "down"])
        await until(pilot, lambda: notices.of("warning"))
        assert notices.of("warning")[-1].message.startswith(f"{ZEKE.name} is in the conflict")
        await pilot.pause(0.3)
        assert not isinstance(app.screen, Form)
        # and the down, typed after the Enter, moved on after it, as one by one
        assert table.cursor_row == zekes + 1
    campaign.close()
