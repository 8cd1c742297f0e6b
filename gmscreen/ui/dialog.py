"""The one base of every dialog the app opens over a tab (a form, a note, a question, the
help): a modal screen that is not styled twice as it first shows.

Textual styles each widget as it is mounted, then, as the screen is first shown, the whole
screen again, though nothing has changed in between. With the styling of widgets not yet
mounted that the app skips (`GmScreenApp.update_styles`), a form of forty widgets opens in
about 85 ms of CPU here, where it took 110 to 120. Shown again later (a question above it
closed), it is restyled or not as Textual decides."""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.screen import ModalScreen

R = TypeVar("R")


class Dialog(ModalScreen[R]):
    #: shown once already, its widgets styled since they were mounted
    _resumed = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False
