"""Dust Devils without its keys (round 24): each step found in the palette by the tab's
words and the game's own, and a short evening by the mouse alone: a row of the Characters
table clicked is the one its steps then take, a form's check, number, Send and Cancel, the
rulings' words, the earlier conflicts shown and closed, and a long table scrolled by the
wheel, its highlighted row still the one a key takes."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.binding import Binding
from textual.fuzzy import Matcher
from textual.widgets import Checkbox, DataTable

from gmscreen.games.dust_devils.commands import MakeCharacter, Sheet
from gmscreen.games.dust_devils.panes.characters import CharactersPane
from gmscreen.games.dust_devils.sample import ZEKE
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.commands import shell_commands
from gmscreen.ui.form import Form
from gmscreen.ui.shell import ShellScreen
from tests.dust_devils.game import sample
from tests.dust_devils.test_at_the_table import _blank
from tests.pilot import Notices, click_key, form_up, screen_text, synchronous, to_tab, until


def watched(app: GmScreenApp) -> Notices:
    notices = Notices()
    notices.watch(app)
    return notices


@synchronous
async def test_the_palette_finds_each_step_by_the_games_words(tmp_path: Path) -> None:
    # the palette matches a command's name only: "give" found no Chips, "road" and "hell"
    # no Fate, "withdraw" no Take out, "stakes" and "stud" neither the open nor the end,
    # "heal" nothing, "damage" only the ruling on it (round 24)
    campaign = sample(tmp_path / "a")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        titles = [c.title for c in shell_commands(app, screen)]

        def found(typed: str) -> list[str]:
            matcher = Matcher(typed)
            return [t for t in titles if t.startswith(("Characters:", "Conflict:"))
                    and matcher.match(t)]

        wanted = {"give": ("Characters: Chips",), "road": ("Characters: Fate",),
                  "hell": ("Characters: Fate",), "withdraw": ("Conflict: Take out",),
                  "stakes": ("Conflict: Open conflict", "Conflict: End conflict"),
                  "stud": ("Conflict: Open conflict",),
                  "heal": ("Conflict: Add entrant", "Conflict: Open conflict"),
                  "patient": ("Conflict: Open conflict",),
                  "damage": ("Conflict: Difficulty",)}
        missed = {typed: found(typed) for typed, starts in wanted.items()
                  if not all(any(t.startswith(s) for t in found(typed)) for s in starts)}
        assert not missed, missed
        # and each step still by its footer's word, the names starting with it
        for title in ("Characters", "Conflict"):
            for binding in screen.panes[title].BINDINGS:
                assert isinstance(binding, Binding)
                assert found(binding.description), binding.description
    campaign.close()


@synchronous
async def test_a_row_clicked_is_the_one_the_footers_step_takes(tmp_path: Path) -> None:
    campaign = sample(tmp_path / "a")
    app = GmScreenApp(campaign)
    notices = watched(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#--content-tab-tab-characters")
        table = app.screen.query_one("#dd-characters", DataTable)
        await until(pilot, lambda: table.row_count)
        # Zeke's row (the second) clicked: highlighted, his sheet shown
        await pilot.click(table, offset=(3, 2))
        pane = app.screen.query_one(CharactersPane)
        await until(pilot, lambda: (w := pane.selected()) is not None and w.name == ZEKE.name)
        # his Chips by the footer's key: the form is his; Cancel sends nothing
        count = len(campaign.events)
        await click_key(pilot, "g")
        form = await form_up(pilot)
        assert ZEKE.name in form.title_text
        await pilot.click("#form-cancel")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        assert len(campaign.events) == count
        # again: the number field clicked and typed, the reason too, Send clicked once
        await click_key(pilot, "g")
        form = await form_up(pilot)
        await pilot.click(form.widget_of("chips"))
        await pilot.press("end", "backspace", "2")
        await pilot.click(form.widget_of("reason"))
        await pilot.press(*"a good line")
        await pilot.click("#form-send")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        given = campaign.events[count:]
        assert [(e.kind, e.data["name"], e.data["change"]) for e in given] == [
            ("dust_devils.chips_changed", ZEKE.name, 2)], given
        # the keyboard is still in the tab, on his row: the next key is his too
        await pilot.press("g")
        form = await form_up(pilot)
        assert ZEKE.name in form.title_text
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        # a new sheet's Player character box clicked: unticked, a Dealer's character
        await click_key(pilot, "m")
        form = await form_up(pilot)
        box = form.widget_of("player")
        assert isinstance(box, Checkbox) and box.value
        await pilot.click(box)
        await until(pilot, lambda: not form.values().flag("player"))
        await pilot.click("#form-cancel")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    assert not notices.of("error"), notices.of("error")
    campaign.close()


@synchronous
async def test_the_rulings_words_change_a_ruling_when_clicked(tmp_path: Path) -> None:
    campaign = sample(tmp_path / "a")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        rulings = app.screen.query_one("#dd-rulings")
        before = campaign.state.winner_card
        await pilot.click(rulings, offset=(4, 0))
        await until(pilot, lambda: campaign.state.winner_card != before)
    campaign.close()


@synchronous
async def test_a_long_table_scrolled_by_the_wheel_keeps_the_row_a_key_takes(
        tmp_path: Path) -> None:
    def many(campaign: object) -> None:
        for n in range(14):
            campaign.execute(MakeCharacter(Sheet(  # type: ignore[attr-defined]
                name=f"Deputy {n:02}", player=False, ratings=(2, 2, 2, 2), knacks=(),
                traits=(), devil="", devil_rating=0)))

    campaign = sample(tmp_path / "a", many)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        table = app.screen.query_one("#dd-characters", DataTable)
        pane = app.screen.query_one(CharactersPane)
        await until(pilot, lambda: table.row_count > 15)
        await pilot.click(table, offset=(3, 2))
        await until(pilot, lambda: table.cursor_row == 1)
        held = pane.selected()
        assert held is not None
        assert table.max_scroll_y > 0
        # the wheel over the table scrolls it, four times: the cursor stays on his row
        for _ in range(4):
            await pilot._post_mouse_events([events.MouseScrollDown], table, offset=(3, 3))
        await until(pilot, lambda: table.scroll_y > 0)
        assert table.cursor_row == 1 and pane.selected() == held
        # a row clicked in the scrolled table is the row under the pointer
        await pilot.click(table, offset=(3, 3))
        await until(pilot, lambda: table.cursor_row != 1)
        row = table.cursor_row
        assert row == int(table.scroll_y) + 2, (row, table.scroll_y)
        clicked = pane.selected()
        assert clicked is not None
        # scrolled back by the scrollbar's drag (the sheet below by the wheel): the key takes
        # the row highlighted, out of sight or not
        for _ in range(4):
            await pilot._post_mouse_events([events.MouseScrollUp], table, offset=(3, 3))
        await until(pilot, lambda: table.scroll_y == 0)
        await pilot.press("e")
        form = await form_up(pilot)
        assert clicked.name in form.title_text
        await pilot.press("escape")
    campaign.close()


@synchronous
async def test_a_new_campaigns_cast_is_made_by_a_click_on_its_words(tmp_path: Path) -> None:
    # the empty tab said "press m, or H for The Hanged Man's cast" as plain words: H is off
    # the footer, and a Dealer at the mouse had only the palette to make the cast
    campaign = _blank(tmp_path / "c")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#--content-tab-tab-characters")
        words = "No characters yet: press m, or "
        await until(pilot, lambda: "H for The Hanged Man's cast" in screen_text(app))
        line = app.screen.query_one("#dd-none")
        await pilot.click(line, offset=(len(words) + 3, 0))
        form = await form_up(pilot)
        assert "The Hanged Man" in form.title_text
        await pilot.click("#form-send")
        await until(pilot, lambda: len(campaign.state.characters) == 7)
    campaign.close()
    campaign = _blank(tmp_path / "d")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await until(pilot, lambda: "press m" in screen_text(app))
        line = app.screen.query_one("#dd-none")
        await pilot.click(line, offset=(3, 0))
        await pilot.pause()
        assert not isinstance(app.screen, Form)
        await pilot.click(line, offset=(len("No characters yet: pr"), 0))
        form = await form_up(pilot)
        assert form.title_text == "New character sheet"
    campaign.close()
