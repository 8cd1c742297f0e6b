"""A form's fields by their letters: alt and the letter underlined in a label take the
keyboard to that field from any other (a box far down a form took a Tab for each field
above it), and tick or untick a box, in the order the keys were typed."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Label

from gmscreen.ui import form as kit
from gmscreen.ui.dialog import TypingAhead
from gmscreen.ui.dropdown import Dropdown
from gmscreen.ui.form import LETTER_KEYS_HINT, Form, field_letters
from gmscreen.ui.tick import Tick
from tests.pilot import synchronous, until


@pytest.mark.parametrize(("labels", "letters"), [
    # the first letter of a word, else of any word, not taken by a field above
    (["Active side", "its Attribute", "its Stakes", "its dice"], ["A", "i", "S", "d"]),
    # b and f are a terminal's keys for a word back and on: never a field's
    (["Bank Misfortune", "Fold", "Bet"], ["M", "o", "e"]),
    # every letter taken: no letter (Tab still goes there)
    (["Ace", "Ca", "A"], ["A", "C", None]),
    # a to z alone: a sign or an accent is typed with alt by no keyboard the same way
    (["É 2", "Écu"], [None, "c"]),
])
def test_each_field_has_the_first_free_letter_of_its_label(
        labels: list[str], letters: list[str | None]) -> None:
    found = field_letters(labels)
    assert [label[place] if place is not None else None
            for label, place in zip(labels, found, strict=True)] == letters


def underlined(shown: object) -> list[tuple[int, int]]:
    """Where a label's words are underlined."""
    assert isinstance(shown, Content)
    return [(span.start, span.end) for span in shown.spans
            if getattr(span.style, "underline", False)]


def three() -> Form:
    return Form("Raise the Stakes", [kit.text("name", "Who"), kit.number("amount", "Stakes"),
                                     kit.check("wild", "Jokers wild")])


class Opener(TypingAhead[None]):
    """An app whose key m opens the form, as a tab's key does."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("m", "make", "Make")]

    def __init__(self, form: Form) -> None:
        super().__init__()
        self.form = form
        self.answers: list[Any] = []

    def action_make(self) -> None:
        self.push_screen(self.form, self.answers.append)


def typed(app: App[Any], *keys: str) -> None:
    """Keys as a terminal sends them, all at once: alt and a letter carries the letter, as
    a field of text would type it."""
    for key in keys:
        app.post_message(events.Key(key, key[-1] if key.startswith("alt+") or len(key) == 1
                                    else None))


@synchronous
async def test_alt_and_a_letter_goes_to_its_field_and_ticks_a_box() -> None:
    app = Opener(three())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        form = app.form
        await until(pilot, lambda: form.focused is not None)
        # underlined in its label, and said once at the foot
        label = form.query_one("#l-amount", Label)
        shown = label.render()
        assert str(shown) == "Stakes"
        assert underlined(shown) == [(0, 1)]
        assert str(form.query_one("#form-letters", Label).render()) == LETTER_KEYS_HINT
        typed(app, "Z", "e", "d", "alt+s", "ctrl+u", "4", "alt+j")
        await until(pilot, lambda: form.values().flag("wild"))
        assert isinstance(form.focused, Tick)
        assert form.values().text("name") == "Zed"  # no "s" typed into Who
        assert form.values().text("amount") == "4"
        typed(app, "alt+j")  # again: unticked
        await until(pilot, lambda: not form.values().flag("wild"))
        typed(app, "alt+z", "alt+x")  # no field's letters: nothing moves, nothing typed
        await pilot.pause()
        assert isinstance(form.focused, Tick)
        assert dict(form.values()) == {"name": "Zed", "amount": "4", "wild": False}


@synchronous
async def test_letters_typed_before_the_form_is_up_wait_their_turn() -> None:
    app = Opener(three())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        typed(app, "m", "A", "l", "alt+s", "7", "alt+j", "alt+w", "B", "o")
        # as Tab back to a field, the letter selects what it holds: typing replaces it
        await until(pilot, lambda: app.form.values().text("name") == "Bo")
        assert dict(app.form.values()) == {"name": "Bo", "amount": "7", "wild": True}


@synchronous
async def test_a_form_of_one_field_has_no_letters() -> None:
    app = Opener(Form("Note", [kit.text("note", "Note")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await until(pilot, lambda: app.form.focused is not None)
        assert not app.form.query("#form-letters")
        assert underlined(app.form.query_one("#l-note", Label).render()) == []
        typed(app, "alt+n", "x")
        await until(pilot, lambda: app.form.values().text("note") == "x")


@synchronous
async def test_enter_straight_after_a_line_taken_from_a_drop_down_sends_the_form() -> None:
    """The Draw's Knack found by letters and taken by Enter: a second Enter sends, where it
    opened the list again; Enter on a box not just chosen in still opens it."""
    form = Form("Draw", [kit.text("title", "Title", "Jail"),
                         kit.choose("knack", "Knack", ["Shootin'", "Sneakin'", "Ridin'"])])
    app = Opener(form)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await until(pilot, lambda: form.focused is not None)
        await pilot.press("tab", "enter")  # a box not just chosen in: the list opens
        await until(pilot, lambda: bool(form.query_one("#f-knack", Dropdown).expanded))
        await pilot.press("escape")
        await pilot.press("s", "n", "enter")  # found and taken...
        await until(pilot, lambda: form.values().text("knack") == "Sneakin'")
        assert not app.answers
        # left for another field (alt+t) and come back to (alt+k): Enter opens it again
        await pilot.press("alt+t", "alt+k", "enter")
        await until(pilot, lambda: bool(form.query_one("#f-knack", Dropdown).expanded))
        await pilot.press("enter")  # the line taken again...
        assert not app.answers
        await pilot.press("enter")  # ...and sent
        await until(pilot, lambda: app.answers)
    assert app.answers == [{"title": "Jail", "knack": "Sneakin'"}]


@synchronous
async def test_enter_twice_at_once_in_a_field_sends_once_and_the_app_goes_on() -> None:
    """The second Enter of a double tap reached the field after the first had closed the
    form, and sent it again: Textual's "no screen to pop" quit the app mid-game."""
    app = Opener(Form("Score", [kit.text("objective", "Objective"),
                                kit.number("points", "Points", 1)]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await until(pilot, lambda: app.form.focused is not None)
        typed(app, "G", "o", "l", "d", "enter", "enter")
        await until(pilot, lambda: app.answers)
        await pilot.pause()
        await pilot.pause()
        assert app.answers == [{"objective": "Gold", "points": "1"}]
        assert app.is_running and not isinstance(app.screen, Form)


@synchronous
async def test_a_list_picked_then_gone_back_to_by_its_letter_opens_on_enter() -> None:
    """A Knack picked (letters, Enter), then alt and its letter to change it, Enter: the
    form was sent with the pick the Dealer meant to change (the Enter straight after a pick
    sends). Come back to by its letter, the list opens again, and the form stays."""
    form = Form("Enter the conflict", [
        kit.text("goal", "Goal"), kit.choose("knack", "Knack", ["Ridin'", "Shootin'",
                                                                 "Snoopin'"])])
    app = Opener(form)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await until(pilot, lambda: form.focused is not None)
        typed(app, "alt+k", "S", "n", "enter")
        await until(pilot, lambda: form.values().text("knack") == "Snoopin'")
        typed(app, "alt+k", "enter")
        dropdown = form.widget_of("knack")
        assert isinstance(dropdown, Dropdown)
        await until(pilot, lambda: dropdown.expanded)
        assert app.answers == [] and app.screen is form
        typed(app, "up", "enter", "enter")  # Shootin' taken, then sent
        await until(pilot, lambda: app.answers)
    assert app.answers[0].text("knack") == "Shootin'"
