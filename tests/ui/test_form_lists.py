"""A form's drop-down lists typed in a burst (a quick moderator, tmux, a loaded machine):
"v", "Wyatt", Tab, "Calam", ctrl+s votes Wyatt for Calamity as typed slowly. The Tab took
the voter's highlighted line before the letters typed just before it had opened and
searched the list, and ctrl+s sent the open list's field empty ("choose whom"), Calamity
highlighted in sight."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from textual.binding import Binding, BindingType
from textual.screen import Screen

from gmscreen.ui import dialog
from gmscreen.ui.dialog import TypingAhead
from gmscreen.ui.form import Form, choose
from tests.pilot import burst, synchronous, type_in, until
from tests.ui.support import Host

PLAYERS = [("Calamity", "calamity"), ("[Doc] Holliday", "doc"), ("Wyatt_E", "wyatt"),
           ("Parson Brown", "parson")]


def vote() -> Form:
    return Form("Vote", [choose("voter", "Voter", PLAYERS, required=True),
                         choose("target", "Votes for", PLAYERS, required=True)])


class Day(Screen[None]):
    """The tab the vote is asked from: v opens the form."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("v", "vote", "Vote")]

    def __init__(self, sent: list[Any]) -> None:
        super().__init__()
        self.sent = sent

    def action_vote(self) -> None:
        self.app.push_screen(vote().answer_to(self.sent.append))


class Table(TypingAhead[None]):
    def __init__(self, tab: type[Day] | None = None) -> None:
        super().__init__()
        self.sent: list[Any] = []
        self.tab = tab or Day

    def on_mount(self) -> None:
        self.push_screen(self.tab(self.sent))


def voted(app: Table) -> list[tuple[str, str]]:
    return [(values.text("voter"), values.text("target")) for values in app.sent]


@pytest.mark.parametrize("ahead", [True, False], ids=["before-the-form-is-up", "in-the-form"])
@synchronous
async def test_a_vote_typed_in_one_burst_is_the_vote_typed_slowly(ahead: bool) -> None:
    app = Table()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, Day))
        keys = [*"Wyatt", "tab", *"Calam", "ctrl+s"]
        if ahead:
            burst(app, ["v", *keys])
        else:
            await pilot.press("v")
            await until(pilot, lambda: isinstance(app.screen, Form) and app.screen.ready)
            burst(app, keys)
        await until(pilot, lambda: app.sent)
        assert voted(app) == [("wyatt", "calamity")]


@synchronous
async def test_send_from_an_open_list_takes_its_highlighted_line() -> None:
    app = Table()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, Day))
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, Form) and app.screen.ready)
        form = app.screen
        assert isinstance(form, Form)
        await pilot.press(*"Wyatt", "tab", *"Parson")
        target = form.widget_of("target")
        await until(pilot, lambda: getattr(target, "expanded", False))
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.sent)
        assert voted(app) == [("wyatt", "parson")]


@synchronous
async def test_escape_and_enter_in_an_open_list_hold_back_no_key(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Escape in an open list closes the list, not the form: taken for the form's Cancel,
    it held every key typed after it until the cancel that never came was given up (half a
    second of a Judge's typing lost in the wait; here a minute, so the test sees it)."""
    monkeypatch.setattr(dialog, "HOLD_AT_MOST", 60.0)
    app = Table()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, Day))
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, Form) and app.screen.ready)
        burst(app, [*"Do", "escape", *"Wyatt", "enter", "tab", *"Calam", "enter", "enter"])
        await until(pilot, lambda: app.sent)
        assert voted(app) == [("wyatt", "calamity")]


def on_to_target(shown: Form) -> None:
    """The vote's watch, as Dust's: the voter picked, the keyboard goes on to "Votes for"."""
    if (shown.values().text("voter") and not shown.values().text("target")
            and shown.has_keyboard("voter")):
        shown.go_to("target")


@pytest.mark.parametrize("quick", [True, False], ids=["in-one-burst", "one-by-one"])
@synchronous
async def test_enter_after_a_pick_that_moves_the_keyboard_on_is_the_next_fields(
        quick: bool) -> None:
    """A form that goes on to the next choice once a line is picked: "w", space, Enter in
    one burst sent the vote with "Votes for" blank (the Enter came to the voter, straight
    after a pick), where typed one by one it opens "Votes for". The keys after it are that
    field's too: "c" finds Calamity, Enter takes her, Enter sends."""
    form = Form("Vote", [choose("voter", "Voter", PLAYERS), choose("target", "Votes for", PLAYERS)],
                on_change=on_to_target)
    app = Host(form)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: form.ready)
        await type_in(pilot, ["w", "space", "enter", "c", "enter", "enter"],
                      in_one_burst=quick)
        await until(pilot, lambda: app.answers)
        assert form.refusal == ""
    assert app.answers == [{"voter": "wyatt", "target": "calamity"}]


#: what each player holds, the items the gift form offers once he is chosen
HOLDS = {"calamity": ["Alcohol"], "doc": ["Crowbar", "Bible"], "wyatt": ["Crucifix"],
         "parson": []}


def gift() -> Form:
    def offer(form: Form) -> None:
        form.set_options("item", HOLDS.get(form.values().text("giver"), []))

    return Form("Give an item", [choose("giver", "Giver", PLAYERS, required=True),
                                 choose("item", "Item", [], required=True),
                                 choose("receiver", "Receiver", PLAYERS, required=True)],
                on_change=offer)


class Gifts(Day):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("g", "give", "Give")]

    def action_give(self) -> None:
        self.app.push_screen(gift().answer_to(self.sent.append))


@synchronous
async def test_a_list_another_field_fills_is_filled_before_the_letters_typed_into_it() -> None:
    """g, "Doc", Tab, "Bib", Tab, "Parson", ctrl+s in one burst: the item list was filled
    from the giver chosen (the form's on_change) only once that change had reached the form,
    after the letters typed into the item's list had searched the first giver's items (Dust:
    the gift refused, the receiver lost)."""
    app = Table(Gifts)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, Gifts))
        burst(app, ["g", *"Doc", "tab", *"Bib", "tab", *"Parson", "ctrl+s"])
        await until(pilot, lambda: app.sent)
        assert [(v.text("giver"), v.text("item"), v.text("receiver")) for v in app.sent] == [
            ("doc", "Bible", "parson")]


def gift_going_on() -> Form:
    """The gift form as Dust's: a giver with one item to give has it chosen for him, and
    the cursor goes on from the giver to the receiver."""
    shown = [""]

    def offer(form: Form) -> None:
        giver = form.values().text("giver")
        items = HOLDS.get(giver, [])
        form.set_options("item", items)
        if giver != shown[0]:
            shown[0] = giver
            if len(items) == 1:
                form.set_value("item", items[0])
                if form.has_keyboard("giver", "item"):
                    form.go_to("receiver")

    return Form("Give an item", [choose("giver", "Giver", PLAYERS),
                                 choose("item", "Item", []),
                                 choose("receiver", "Receiver", PLAYERS)],
                on_change=offer)


@pytest.mark.parametrize("in_one_burst", [True, False], ids=["in-one-burst", "a-key-at-a-time"])
@synchronous
async def test_a_line_taken_as_the_keyboard_leaves_its_list_is_worked_out_there(
        in_one_burst: bool) -> None:
    """"Wy", shift+tab (Wyatt_E taken, the keyboard to Send), Tab, Tab: typed slowly the
    keyboard ends on the Item, as the pick was worked out while it was on Send. In one
    burst the pick was worked out only as the second Tab left the giver: the cursor went
    on to the receiver, and that Tab on past it."""
    app = Host(gift_going_on())
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.form.ready)
        await type_in(pilot, [*"Wy", "shift+tab", "tab", "tab"], in_one_burst=in_one_burst)
        await until(pilot, lambda: app.focused is app.form.widget_of("item"))
        for _ in range(10):
            await pilot.pause()
        assert app.focused is app.form.widget_of("item")
        assert app.form.values().text("item") == "Crucifix"
