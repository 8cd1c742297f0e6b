"""Escape closes a form at once, and keeps what was typed in it: the same form opened again
before any other step holds it again; Escape on it with nothing changed forgets it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.shell import ShellScreen
from tests.pilot import Notices, opened, set_field, synchronous, to_tab, until
from tests.ui.support import high_card


async def closed(pilot: Any) -> None:
    await pilot.press("escape")
    await until(pilot, lambda: isinstance(pilot.app.screen, ShellScreen))


@synchronous
async def test_a_form_closed_by_mistake_holds_what_was_typed_when_opened_again(
        tmp_path: Path) -> None:
    table = high_card(tmp_path)
    app = GmScreenApp(table)
    notices = Notices()
    async with app.run_test(size=(80, 24)) as pilot:
        notices.watch(app)
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "s")
        await pilot.press(*"Ma Barker", "tab")
        set_field(form, "chips", "35")
        await closed(pilot)
        assert any("what you typed is back" in n.message for n in notices)
        again = await opened(pilot, "s")
        assert again is not form
        assert again.values().text("name") == "Ma Barker"
        assert again.values().text("chips") == "35"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
    assert [p.name for p in table.state.players] == ["Zeke", "Ma Barker"]
    assert [p.chips for p in table.state.players] == [10, 35]


@synchronous
async def test_escape_on_the_form_given_back_unchanged_forgets_it(tmp_path: Path) -> None:
    app = GmScreenApp(high_card(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await opened(pilot, "s")
        await pilot.press(*"Ma Barker")
        await closed(pilot)
        assert (await opened(pilot, "s")).values().text("name") == "Ma Barker"
        await closed(pilot)  # nothing changed: the Dealer means it
        assert (await opened(pilot, "s")).values().text("name") == ""


@synchronous
async def test_a_step_taken_after_escape_makes_what_was_typed_stale(tmp_path: Path) -> None:
    table = high_card(tmp_path)
    app = GmScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await opened(pilot, "s")
        await pilot.press(*"Ma Barker")
        await closed(pilot)
        table.note("The stranger asks for whisky.")  # another step, here a note
        assert (await opened(pilot, "s")).values().text("name") == ""


@synchronous
async def test_a_form_opened_untouched_and_closed_keeps_nothing(tmp_path: Path) -> None:
    app = GmScreenApp(high_card(tmp_path))
    notices = Notices()
    async with app.run_test(size=(80, 24)) as pilot:
        notices.watch(app)
        await to_tab(pilot, "Characters")
        await opened(pilot, "s")
        await closed(pilot)
        assert not notices
        assert (await opened(pilot, "s")).values().text("chips") == "20"
