"""A form's drop-down lists typed in a burst (a quick moderator, tmux, a loaded machine):
"v", "Wyatt", Tab, "Calam", ctrl+s votes Wyatt for Calamity as typed slowly. The Tab took
the voter's highlighted line before the letters typed just before it had opened and
searched the list, and ctrl+s sent the open list's field empty ("choose whom"), Calamity
highlighted in sight."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from textual import events
from textual.binding import Binding, BindingType
from textual.screen import Screen

from gmscreen.ui.dialog import TypingAhead
from gmscreen.ui.form import Form, choose
from tests.pilot import synchronous, until

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
    def __init__(self) -> None:
        super().__init__()
        self.sent: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(Day(self.sent))


def burst(app: Table, keys: list[str]) -> None:
    """`keys` in one turn: the machine takes none of them before all have come."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


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
