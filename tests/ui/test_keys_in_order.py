"""Keys typed into a dialog just opened reach it in the order typed, however slow the
machine: those typed before it was up come back to it from the tab, a longer way than those
typed after, which went straight to its field and overtook them ("Zeke owes" typed after
`n` was saved as "Ze eokwes")."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import textual._wait
import textual.app
import textual.pilot
from textual import events
from textual.widgets import TextArea

from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.note import NoteScreen
from tests.pilot import synchronous, until
from tests.ui.support import played


async def one_turn(min_sleep: float = 0, max_sleep: float = 1) -> None:
    await asyncio.sleep(0)


@pytest.fixture
def starved(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pilot's wait for the app to be idle cut to one turn of the loop: the order a
    machine slower than the typist gives, every time (a busy laptop, a pasted line)."""
    for module in (textual._wait, textual.app, textual.pilot):
        monkeypatch.setattr(module, "wait_for_idle", one_turn)


@pytest.mark.usefixtures("starved")
@synchronous
async def test_a_note_typed_straight_after_its_key_keeps_its_letters_in_order(
        tmp_path: Path) -> None:
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", *"Zeke owes Ma Barker")
        await until(pilot, lambda: isinstance(app.screen, NoteScreen)
                    and len(app.screen.query_one(TextArea).text) == 19)
        assert app.screen.query_one(TextArea).text == "Zeke owes Ma Barker"


@synchronous
async def test_keys_typed_once_the_keys_before_them_are_in_are_not_held(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing is held where nothing can overtake: keys typed once the note is up, and
    after a key the app takes itself (ctrl+q's question, answered by `n`), go on at once;
    a key held waits up to `HOLD_AT_MOST`, felt at the table."""
    from gmscreen.ui.app import QuitQuestion
    from gmscreen.ui.dialog import TypingAhead
    held: list[str] = []
    hold = TypingAhead._hold

    def counted(self: TypingAhead[None], key: events.Key) -> None:
        held.append(key.key)
        hold(self, key)

    monkeypatch.setattr(TypingAhead, "_hold", counted)
    app = GmScreenApp(played(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NoteScreen))
        await pilot.press(*"Zeke")
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, QuitQuestion))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NoteScreen))
        await pilot.press(*" owes")
        await until(pilot, lambda: app.screen.query_one(TextArea).text == "Zeke owes")
    assert held == []
