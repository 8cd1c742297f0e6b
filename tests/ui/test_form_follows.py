"""A form's `on_change` acts before the next key typed into the form, however quickly it
comes: keys typed ahead of a loaded machine give the form the Dealer would get typing them
slowly. A field's change reached the form a few hops after the field changed, and a key
typed meanwhile acted on the form as it was before `on_change` had set it (Devils Bluff's
hand boxes: space, shift+tab, space ticked both where typed slowly they untick both)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual import events

from gmscreen.ui import dialog
from gmscreen.ui.dialog import TypingAhead
from gmscreen.ui.form import Form, check, one_of, text
from gmscreen.ui.in_order import InOrder
from tests.pilot import burst, synchronous, type_in, until
from tests.ui.support import Host, KeysGiven


def follows() -> Any:
    """Ticking "Others lay hands" ticks "Attacker plays hand"; unticking the latter unticks
    the former (the one that changed is told by what each was)."""
    was: dict[str, bool] = {}

    def follow(form: Form) -> None:
        values = form.values()
        mine, theirs = values.flag("hand"), values.flag("against")
        if theirs and not mine:
            if not was.get("against", False):
                form.set_value("hand", True)
                mine = True
            else:
                form.set_value("against", False)
                theirs = False
        was["hand"], was["against"] = mine, theirs

    return follow


class Table(TypingAhead[None]):
    def __init__(self) -> None:
        super().__init__()
        self.form = Form("The attack", [check("hand", "Attacker plays hand"),
                                        check("against", "Others lay hands")],
                         focus="against", on_change=follows())

    def on_mount(self) -> None:
        self.push_screen(self.form)


@pytest.mark.parametrize("one_turn", [True, False])
@synchronous
async def test_keys_typed_ahead_of_a_follow_give_the_form_typed_slowly(one_turn: bool) -> None:
    app = Table()
    async with app.run_test(size=(80, 24)) as pilot:
        form = app.form
        await until(pilot, lambda: form.ready and app.focused is form.widget_of("against"))
        await type_in(pilot, ["space", "shift+tab", "space"], in_one_burst=one_turn)
        await until(pilot, lambda: app.focused is form.widget_of("hand"))
        for _ in range(5):
            await pilot.pause()
        values = form.values()
        assert (values.flag("hand"), values.flag("against")) == (False, False)


class Sent(TypingAhead[None]):
    def __init__(self) -> None:
        super().__init__()
        self.form = Form("Who and why", [text("who", "Who"), text("why", "Why")])
        self.sent: list[Any] = []
        self.under = KeysGiven()

    def on_mount(self) -> None:
        self.push_screen(self.under)
        self.push_screen(self.form.answer_to(self.sent.append))


@pytest.mark.parametrize("send", ["ctrl+s", "enter"])
@synchronous
async def test_a_send_typed_after_tab_sends_once_with_both_fields(
        send: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The keys held behind a Tab (until the field left has taken its own) include keys the
    field does not take (ctrl+s, the form's): sent on, they reach the form once, as typed.
    The field left is made slow to take its keys (a loaded machine), so the next field's
    keys come to it first and are held."""
    taking = InOrder._on_key

    async def slowly(self: Any, event: events.Key) -> None:
        if getattr(self, "id", None) == "f-who":
            await asyncio.sleep(0.05)
        await taking(self, event)

    monkeypatch.setattr(InOrder, "_on_key", slowly)
    sends: list[Form] = []
    sending = Form.action_send

    def counted(self: Form) -> None:
        sends.append(self)
        sending(self)

    monkeypatch.setattr(Form, "action_send", counted)
    # the waits that let keys go when what they wait for never comes, out of reach: the
    # send must not come by them (sent round again as a key newly typed, ctrl+s was kept
    # behind itself and went on only when that wait ended)
    monkeypatch.setattr(dialog, "HOLD_AT_MOST", 60.0)
    app = Sent()
    async with app.run_test(size=(80, 24)) as pilot:
        form = app.form
        await until(pilot, lambda: form.ready and app.focused is form.widget_of("who"))
        burst(app, ["C", "o", "tab", "x", send])
        await until(pilot, lambda: app.sent)
        for _ in range(5):
            await pilot.pause()
        assert [(v.text("who"), v.text("why")) for v in app.sent] == [("Co", "x")]
        assert len(sends) == 1 and app.under.keys == [], app.under.keys


#: the discards each hand is offered (The Hanged Man's Draw)
OFFERED = {"Zeke": "2♣ 4♥", "Tom": "7♠ 8♦ Q♦"}


def draw() -> Form:
    shown = ["Zeke"]

    def offer(form: Form) -> None:
        hand = form.values().text("hand")
        if hand != shown[0]:  # another hand: its discards offered
            shown[0] = hand
            form.set_value("discards", OFFERED[hand])

    return Form("The Draw", [one_of("hand", "Hand", list(OFFERED), "Zeke"),
                             text("discards", "Discards", OFFERED["Zeke"])], on_change=offer)


@pytest.mark.parametrize("one_turn", [True, False])
@synchronous
async def test_a_tab_typed_after_a_change_comes_to_the_field_on_change_has_filled(
        one_turn: bool) -> None:
    """Right (another hand), Tab, "sm": the letters replace the discards offered to the hand
    chosen, as the whole text is chosen when the keyboard comes to it. In one burst the
    Tab moved before `on_change` had offered the new hand's discards: the text chosen was
    the first hand's, as long, and "sm Q♦" was left."""
    app = Host(draw(), lambda values: values.text("discards"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.form.ready)
        await type_in(pilot, ["right", "tab", "s", "m", "enter"], in_one_burst=one_turn)
        await until(pilot, lambda: app.answers)
    assert app.answers == ["sm"]
