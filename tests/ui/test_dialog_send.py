"""The keys typed behind a key that sends a dialog wait for that send, and for no other: the
wait of a send refused before must not end the wait of the next (a stale wait let `z`, typed
after the second Enter, into the field before the send took it: "Coraz" sent)."""

from __future__ import annotations

import pytest
from textual import events
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Input

from gmscreen.ui import dialog
from gmscreen.ui.dialog import Dialog, TypingAhead
from gmscreen.ui.in_order import InOrderInput
from tests.pilot import burst, synchronous, until
from tests.ui.support import KeysGiven


class Ask(Dialog[str]):
    """A dialog whose send comes `delays` seconds after Enter (a loaded machine), one delay
    a send; "Nobody" is refused."""

    def __init__(self, delays: list[float]) -> None:
        super().__init__()
        self.delays = delays
        self.refused = 0

    def compose(self) -> ComposeResult:
        yield InOrderInput(id="who")

    def sends_by(self, field: Widget, key: events.Key) -> bool:
        return key.key == "enter"

    def on_input_submitted(self) -> None:
        self.set_timer(self.delays.pop(0), self.arrive)

    def arrive(self) -> None:
        who = self.query_one(Input).value
        if who == "Nobody":
            self.refused += 1
            self._after_sending()  # refused: the form stays
        else:
            self.dismiss(who)


class Table(TypingAhead[None]):
    def __init__(self) -> None:
        super().__init__()
        self.ask = Ask([0.5, 0.75])
        self.sent: list[str | None] = []

    def on_mount(self) -> None:
        self.push_screen(KeysGiven())
        self.push_screen(self.ask.answer_to(self.sent.append))


@synchronous
async def test_a_send_refused_before_does_not_end_the_wait_of_the_next(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialog, "HOLD_AT_MOST", 1.0)
    app = Table()
    async with app.run_test(size=(80, 24)) as pilot:
        ask = app.ask
        await until(pilot, lambda: ask.ready)
        field = ask.query_one(Input)
        await pilot.press(*"Nobody", "enter")
        await until(pilot, lambda: ask.refused == 1)  # half a second on: its wait ends at 1
        field.value = "Cora"
        burst(app, ["enter", "z"])  # in one turn; this send comes after the first wait's end
        await until(pilot, lambda: app.sent)
        assert app.sent == ["Cora"]
        tab = app.screen
        assert isinstance(tab, KeysGiven)
        await until(pilot, lambda: tab.keys)
        assert tab.keys == ["z"]  # typed after the send: the tab's
