"""Dust Devils without its keys (round 24): each step found in the palette by the tab's
words and the game's own, and a short evening by the mouse alone: a row of the Characters
table clicked is the one its steps then take, a form's check, number, Send and Cancel, the
rulings' words, the earlier conflicts shown and closed, and a long table scrolled by the
wheel, its highlighted row still the one a key takes."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from inspect import isawaitable
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.binding import Binding
from textual.fuzzy import Matcher
from textual.widgets import Checkbox, DataTable

from gmscreen.games.dust_devils.commands import MakeCharacter, Sheet
from gmscreen.games.dust_devils.panes.characters import CharactersPane
from gmscreen.games.dust_devils.panes.earlier import EarlierConflicts
from gmscreen.games.dust_devils.sample import TOM, ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.commands import shell_commands
from gmscreen.ui.form import Form
from gmscreen.ui.one_of import OneOf
from gmscreen.ui.shell import ShellScreen
from gmscreen.ui.steps import StepPane
from tests.dust_devils.game import click_shown, hands_laid_out, sample
from tests.dust_devils.test_at_the_table import _blank
from tests.dust_devils.test_by_enter import a_new_session
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
        await click_shown(pilot, "#form-cancel")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        assert len(campaign.events) == count
        # again: the number field clicked and typed, the reason too, Send clicked once
        await click_key(pilot, "g")
        form = await form_up(pilot)
        await click_shown(pilot, form.widget_of("chips"))
        await pilot.press("end", "backspace", "2")
        await click_shown(pilot, form.widget_of("reason"))
        await pilot.press(*"a good line")
        await click_shown(pilot, "#form-send")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        given = campaign.events[count:]
        assert [(e.kind, e.data["name"], e.data["change"]) for e in given] == [
            ("dust_devils.chips_changed", ZEKE.name, 2)], given
        # a refused Send by the button: the form stays, the refusal at its foot, the
        # keyboard in the field it names, all selected to be typed afresh
        await click_key(pilot, "g")
        form = await form_up(pilot)
        await click_shown(pilot, form.widget_of("chips"))
        await pilot.press("end", "backspace", "x")
        await click_shown(pilot, "#form-send")
        await until(pilot, lambda: str(form.query_one("#form-refusal").render()).strip())
        assert isinstance(app.screen, Form) and len(campaign.events) == count + 1
        await pilot.press("3")
        assert form.values().text("chips") == "3"
        await click_shown(pilot, "#form-cancel")
        await until(pilot, lambda: not isinstance(app.screen, Form))
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
        await click_shown(pilot, "#form-cancel")
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
        # the Devil's correction, off the footer, by its words on the line below
        await pilot.click(offset=words_at(app, "v corrects"))
        form = await form_up(pilot)
        assert form.title_text.startswith("Correct") and "Devil rating" in form.title_text
        await click_shown(pilot, "#form-cancel")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    campaign.close()


@synchronous
async def test_a_long_table_scrolled_by_the_wheel_keeps_the_row_a_key_takes(
        tmp_path: Path) -> None:
    def many(campaign: Campaign[DustDevilsState]) -> None:
        for n in range(14):
            campaign.execute(MakeCharacter(Sheet(
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
        # scrolled back by the wheel: the key takes the row highlighted, out of sight or not
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
        await click_shown(pilot, "#form-send")
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


@synchronous
async def test_a_conflict_by_the_mouse_a_hands_row_and_the_earlier_list(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path / "a")  # the jail conflict at the Draw: Zeke, Long Tom
    app = GmScreenApp(campaign)
    notices = watched(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#--content-tab-tab-conflict")
        await hands_laid_out(pilot)
        table = app.screen.query_one("#dd-hands", DataTable)
        # Long Tom's row clicked (the second hand: its row under the first's lines)
        tom_row = table.get_row_index(TOM.name)
        await pilot.click(table, offset=(3, 1 + sum(
            table.rows[table.ordered_rows[i].key].height for i in range(tom_row))))
        await until(pilot, lambda: table.cursor_row == tom_row)
        await click_key(pilot, "w")
        form = await form_up(pilot)
        assert form.values().text("name") == TOM.name
        await click_shown(pilot, "#form-cancel")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        # the keyboard is in the tab still: w again is Tom's
        await pilot.press("w")
        form = await form_up(pilot)
        assert form.values().text("name") == TOM.name
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        # the steps' box scrolled by the wheel to the earlier conflicts, whose words
        # clicked show them all; the footer's Close clicked closes them
        below = app.screen.query_one("#dd-below")
        for _ in range(10):
            await pilot._post_mouse_events([events.MouseScrollDown], below, offset=(3, 1))
        await until(pilot, lambda: "h shows them by session" in screen_text(app))
        await pilot.click(offset=words_at(app, "h shows them by session"))
        await until(pilot, lambda: isinstance(app.screen, EarlierConflicts))
        await click_key(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        # the keyboard back in the tab: l calls
        count = len(campaign.events)
        await pilot.press("l")
        await until(pilot, lambda: len(campaign.events) > count or isinstance(app.screen, Form))
    assert not notices.of("error"), notices.of("error")
    campaign.close()


def words_at(app: GmScreenApp, words: str) -> tuple[int, int]:
    """Where on the screen `words` begin (a little inside them, to be clicked)."""
    for y, line in enumerate(screen_text(app).splitlines()):
        if words in line:
            return line.index(words) + 1, y
    raise AssertionError(f"{words!r} not on the screen")


@synchronous
async def test_a_sessions_end_and_the_devils_by_the_mouse(tmp_path: Path) -> None:
    campaign = sample(tmp_path / "a")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        # the session's end on the Conflict tab's footer (the Characters tab's keys leave
        # it no room at 80 columns: help, the palette or this tab have it)
        await pilot.click("#--content-tab-tab-conflict")
        await until(pilot, lambda: app.screen.query("#dd-hands"))
        # f6 clicked with the jail conflict under way: its form cancelled by its button,
        # nothing written; again, "Leave it off" clicked and Do it
        count = len(campaign.events)
        await click_key(pilot, "f6")
        form = await form_up(pilot)
        await click_shown(pilot, "#form-cancel")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        assert len(campaign.events) == count and campaign.state.in_session
        await click_key(pilot, "f6")
        form = await form_up(pilot)
        then = form.widget_of("what")  # a pick list: a click highlights its line
        await pilot.click(then, offset=(3, 2))
        await until(pilot, lambda: form.values().text("what") == "abandon")
        await click_shown(pilot, "#form-send")
        await until(pilot, lambda: not campaign.state.in_session)
        assert campaign.state.conflict is None
        await click_key(pilot, "f5")
        await until(pilot, lambda: campaign.state.in_session)
        # the Devils' form the session opens with, on the Characters tab (round 33b);
        # cancelled by its button, it is V's: V clicked
        form = await form_up(pilot)
        await click_shown(pilot, "#form-cancel")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        await until(pilot, lambda: app.screen.query("#dd-characters"))
        # a choice side by side clicked for each player, sent by the button
        await click_key(pilot, "V")
        form = await form_up(pilot)
        choices = [f for f in form.fields if f.key.startswith("d")]
        assert len(choices) > 1
        for field in choices:
            widget = form.widget_of(field.key)
            assert isinstance(widget, OneOf)
            at = str(widget.render()).index("2: simmering")
            await pilot.click(widget, offset=(at + 1, 0))
            await until(pilot, partial(lambda w: w.value == "2", widget))
        await click_shown(pilot, "#form-send")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        players = [c for c in campaign.state.characters if c.player and not c.fate]
        assert {c.devil_rating for c in players} == {2}, [(c.name, c.devil_rating)
                                                           for c in players]
    campaign.close()


def between_sessions(campaign: Campaign[DustDevilsState]) -> None:
    """The jail conflict left off and the session ended: nothing under way."""
    campaign.end_session(under_way="abandon")


@pytest.mark.parametrize("change", [None, between_sessions, a_new_session])
@synchronous
async def test_each_step_from_the_palette_does_what_its_key_does(
        tmp_path: Path, change: Callable[[Campaign[DustDevilsState]], None] | None) -> None:
    """At the jail conflict's Draw, between sessions and as one begins, every step of both
    tabs taken by its key and then from the palette: the same form, or the same refusal
    with the rule's reason."""
    campaign = sample(tmp_path / "a", change or (lambda c: None))
    app = GmScreenApp(campaign)
    notices = watched(app)
    # the steps that act at once where they apply (a ruling, the Deal): their refusals only
    acting = {"winner_card", "carry_over", "deal", "call"}
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ShellScreen)

        async def outcome(take: Callable[[], Any]) -> str:
            count, said = len(campaign.events), len(notices)
            taken = take()
            if isawaitable(taken):
                await taken
            await until(pilot, lambda: len(notices) > said or not isinstance(
                app.screen, ShellScreen) or len(campaign.events) > count)
            await pilot.pause()
            shown = app.screen
            if isinstance(shown, Form):
                what = f"form: {shown.title_text}"
            elif not isinstance(shown, ShellScreen):
                what = f"screen: {type(shown).__name__}"
            else:
                notice = notices[-1]
                what = f"refused: {notice.title}: {notice.message}"
            while not isinstance(app.screen, ShellScreen):
                await pilot.press("escape")
                await pilot.pause()
            assert len(campaign.events) == count, what
            return what

        compared = 0
        for title in ("Characters", "Conflict"):
            await to_tab(pilot, title)
            pane = screen.panes[title]
            assert isinstance(pane, StepPane)
            commands = {c.title: c for c in shell_commands(app, screen)}
            for binding in pane.BINDINGS:
                assert isinstance(binding, Binding)
                if binding.action in acting and pane.refusal(binding.action) is None:
                    continue
                name = pane.PALETTE_NAMES.get(binding.action, binding.description)
                command = commands[f"{title}: {name}"]
                by_key = await outcome(partial(pilot.press, binding.key))
                from_palette = await outcome(command.callback)
                assert by_key == from_palette, (binding.key, by_key, from_palette)
                compared += 1
        assert compared >= 18
    campaign.close()
