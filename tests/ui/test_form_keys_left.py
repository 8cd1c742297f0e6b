"""A key a field does not take goes up to the form's keys from that field, even when a Tab
typed behind it has moved the keyboard on by then. Textual looks a key's binding up from
the widget with the keyboard at the time the key comes up: Dust's deadline clock, typed in
one burst (Backspace on the Segments choices, Tab, a reason), lost the reason's first
letter to the Backspace, and its new clock form (down, down on the Public box, shift+tab)
moved the Segments choice twice. And a key typed on a dialog's button and unused there
acts nowhere once the dialog has closed; those typed after the key that presses the button
go to the tab under it, and the Tabs typed after it move about the form those keys open."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.screen import Screen

from gmscreen.ui import form as kit
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.dialog import TypingAhead
from gmscreen.ui.form import Form
from tests.pilot import burst, synchronous, until
from tests.ui.support import Host

SEGMENTS = ["4", "6", "8", "12"]


@synchronous
async def test_a_key_the_field_left_did_not_take_does_not_act_in_the_next() -> None:
    form = Form("Deadline clock", [kit.one_of("segments", "Segments", SEGMENTS, "8"),
                                   kit.text("why", "Why")])
    app = Host(form)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: form.ready)
        burst(app, ["backspace", "tab", *"rms"])
        await until(pilot, lambda: form.values().text("why") == "rms")
        assert form.values().text("segments") == "8"


@synchronous
async def test_arrows_on_a_box_move_nothing_in_the_field_shift_tab_goes_back_to() -> None:
    form = Form("New clock", [kit.one_of("segments", "Segments", SEGMENTS, "6"),
                              kit.check("public", "Public")], focus="public")
    app = Host(form)
    async with app.run_test(size=(80, 24)) as pilot:
        segments = form.widget_of("segments")
        await until(pilot, lambda: form.ready and app.focused is form.widget_of("public"))
        burst(app, ["down", "down", "shift+tab", "x"])
        await until(pilot, lambda: app.focused is segments)
        for _ in range(10):
            await pilot.pause()
        assert form.values().text("segments") == "6"


class Tab(Screen[None]):
    """The tab under the form, with keys of its own."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("1", "mark('1')"),
                                             Binding("e", "mark('e')")]

    def __init__(self) -> None:
        super().__init__()
        self.marked: list[str] = []

    def action_mark(self, key: str) -> None:
        self.marked.append(key)


class Asker(TypingAhead[None]):
    """A bare app, taking keys typed ahead as the shell does, that asks one question over
    `under` and keeps the answer."""

    def __init__(self, question: Confirm, under: Screen[None]) -> None:
        super().__init__()
        self.question, self.under = question, under
        self.answers: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(self.under)
        self.push_screen(self.question, self.answers.append)


@synchronous
async def test_keys_typed_after_space_on_no_go_to_the_tab_and_those_before_do_not() -> None:
    """1, space, e in one burst on a question's No: the 1, typed on No and unused there,
    came up to the app once the question had closed and showed the tab's 1; the e, typed
    after the space, went nowhere. Typed slowly, the 1 does nothing and the e acts on the
    tab."""
    tab = Tab()
    app = Asker(Confirm("Vote?"), tab)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.question.ready)
        burst(app, ["1", "space", "e"])
        await until(pilot, lambda: app.answers and tab.marked)
        for _ in range(10):
            await pilot.pause()
    assert app.answers == [False]
    assert tab.marked == ["e"]


class Roster(Tab):
    """The tab under the form, whose a opens the next form (Fistful's Add an NPC)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("a", "add")]

    def __init__(self) -> None:
        super().__init__()
        self.added: list[Any] = []

    def action_add(self) -> None:
        self.app.push_screen(Form("Add an NPC", [kit.text("name", "Name"),
                                                 kit.text("side", "Side")])
                             .answer_to(self.added.append))


@synchronous
async def test_tabs_typed_behind_space_on_yes_move_about_the_next_form() -> None:
    """Fistful's Drop an NPC asked: Tab to Yes, space, a (Add an NPC), Tab, "Law" in one
    burst. The press reaches the question by a message, after the Tabs had come: they
    moved about the question being answered, and the next form got "Law" as the name, not
    the side."""
    roster = Roster()
    app = Asker(Confirm("Drop Ike?"), roster)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.question.ready)
        burst(app, ["tab", "space", "a", "tab", *"Law", "ctrl+s"])
        await until(pilot, lambda: app.answers and roster.added)
    assert app.answers == [True]
    assert [(v.text("name"), v.text("side")) for v in roster.added] == [("", "Law")]
