"""A tab's advice worked out in a thread (a conflict's win chances) that fails costs the
advice, said in a notice, and never the session: a worker's error used to quit the app."""

from __future__ import annotations

import threading
from typing import Any

from textual.app import App

from gmscreen.ui.pane import GamePane
from tests.pilot import Notices, synchronous, until


class Advising(GamePane):
    """A tab that works out two pieces of advice: one fails, one is shown."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[str] = []

    def on_mount(self) -> None:
        def fails() -> None:
            raise ValueError("sample larger than population")

        self.advise(fails, group="odds", what="The win chances")

    def advise_again(self) -> None:
        def works() -> None:
            self.app.call_from_thread(self.shown.append, threading.current_thread().name)

        self.advise(works, group="odds", what="The win chances")


class Table(App[None]):
    def compose(self) -> Any:
        yield Advising()


@synchronous
async def test_advice_that_fails_is_said_in_a_notice_and_the_app_goes_on() -> None:
    app, notices = Table(), Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: notices)
        message, title, severity = notices[0].message, notices[0].title, notices[0].severity
        assert title == "The win chances" and severity == "warning"
        assert message.startswith("The win chances could not be worked out (ValueError: "
                                  "sample larger than population). Nothing is lost")
        assert app.is_running and app.return_code is None
        # the tab works on: the next advice is worked out, in a thread of its own
        pane = app.query_one(Advising)
        pane.advise_again()
        await until(pilot, lambda: pane.shown)
        assert pane.shown != [threading.main_thread().name]
        assert len(notices) == 1
