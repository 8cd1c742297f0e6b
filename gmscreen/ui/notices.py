"""Notices that take rows of their own above the footer (`themes/gmscreen.tcss` puts
Textual's toast rack in the screen's layout, so a notice never lies over the tab), one of a
kind at a time, and that give every row back once they have faded.

A refusal replaces the one still shown, and an undo or a redo every one: keys mistyped in a
row leave their last answer, where each took rows of the tab for its five seconds. A notice
of the same kind replaces its like ("Session 1 ends." by "Session 2 begins.", one undo's by
the next), where the second was cut at 80x24 until the first faded. Errors stay, each to be
read. The choice is made as Textual adds the notice, not as it is asked for: `notify` only
posts it, so keys refused in one burst each found none of the others shown and all stayed.

Textual takes a replaced notice's words away but not the row holding them (its toast rack
removes the toast and keeps the toast's holder), and leaves the rack shown once its last
notice has faded by itself. On Textual's own layer above the screen nothing showed; in the
layout, a burst of refusals left nine blank rows over the footer for good."""

from __future__ import annotations

from typing import TypeVar

from textual.app import App, ScreenStackError
from textual.css.query import NoMatches
from textual.notifications import Notification, Notify, SeverityLevel
from textual.widgets._toast import ToastHolder, ToastRack

R = TypeVar("R")


#: the titles of the notices of a step taken back or put back, which leave every refusal
#: standing stale: it answered a key pressed before ("All In: an attack goes all in once"
#: stood over the "Undone" of the ctrl+z that followed)
_STEP_MOVED = ("Undone", "Redone")

#: the titles of the notices of a step that puts a new table in place of the old (a Dead
#: Man's Hand scenario loaded), which leave every notice before it stale: "Undo brings Big
#: Oaf back" stood beside the scenario that undo would now take back
TABLE_REPLACED = ("Scenario loaded",)


def replaces(new: Notification, shown: Notification) -> bool:
    """Whether `new` takes the place of `shown`: a refusal (a warning) any refusal, a
    notice another of its title; an undo's or a redo's notice any refusal too."""
    if shown.severity == "warning" and new.severity == "information" and \
            new.title.startswith(_STEP_MOVED):
        return True
    if new.severity == "information" and new.title in TABLE_REPLACED \
            and shown.severity != "error":
        return True
    if new.severity != shown.severity:
        return False
    return new.severity == "warning" or (
        new.severity == "information" and bool(new.title) and new.title == shown.title)


class NoticesInRows(App[R]):
    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        # without colour (NO_COLOR) a refusal's title looked like any notice's, and Textual
        # draws a notice's title in colour and bold alone: a sign says it
        if self.no_color and severity != "information" and title:
            title = f"⚠ {title}"
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def _on_notify(self, event: Notify) -> None:
        for shown in [n for n in self._notifications if replaces(event.notification, n)]:
            self._unnotify(shown, refresh=False)
        super()._on_notify(event)

    def _refresh_notifications(self) -> None:
        super()._refresh_notifications()
        # after the rack's own update, which Textual also runs later
        self.call_after_refresh(self._give_rows_back)

    def _unnotify(self, notification: Notification, refresh: bool = True) -> None:
        super()._unnotify(notification, refresh)
        # a notice fading by itself refreshes nothing
        self.call_after_refresh(self._give_rows_back)

    def _give_rows_back(self) -> None:
        try:
            rack = self.screen.get_child_by_type(ToastRack)
        except (NoMatches, ScreenStackError):
            return
        shown = {ToastRack._toast_id(notice) for notice in self._notifications}
        for holder in rack.query_children(ToastHolder):
            if holder.id not in shown:
                holder.remove()
        rack.display = bool(shown)
