"""A form's `on_change` acts before the next key typed into the form, however quickly it
comes: keys typed ahead of a loaded machine give the form the Dealer would get typing them
slowly. A field's change reached the form a few hops after the field changed, and a key
typed meanwhile acted on the form as it was before `on_change` had set it (Devils Bluff's
hand boxes: space, shift+tab, space ticked both where typed slowly they untick both)."""

from __future__ import annotations

from typing import Any

import pytest
from textual import events

from gmscreen.ui.dialog import TypingAhead
from gmscreen.ui.form import Form, check
from tests.pilot import synchronous, until


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


def typed(key: str) -> events.Key:
    return events.Key(key, " " if key == "space" else None)


@pytest.mark.parametrize("one_turn", [True, False])
@synchronous
async def test_keys_typed_ahead_of_a_follow_give_the_form_typed_slowly(one_turn: bool) -> None:
    app = Table()
    async with app.run_test(size=(80, 24)) as pilot:
        form = app.form
        await until(pilot, lambda: form.ready and app.focused is form.widget_of("against"))
        for key in ("space", "shift+tab", "space"):
            app.post_message(typed(key))
            if not one_turn:  # each key's work done before the next is typed
                for _ in range(5):
                    await pilot.pause()
        await until(pilot, lambda: app.focused is form.widget_of("hand"))
        for _ in range(5):
            await pilot.pause()
        values = form.values()
        assert (values.flag("hand"), values.flag("against")) == (False, False)
