"""The day's deadline clock, the table's to see: its forms (D keeps one for each day, d moves
today's), asked from the Day and night tab and from the clocks tab, where `DeadlinePane`
shows it above the moderator's own clocks. A moderator who looks there for a clock to count
down the day finds the game's own, which goes with its day (one of his own would stay on
the players' screen through the days after and past the end)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from gmscreen.games.dust import checks, view
from gmscreen.games.dust.commands import SetDeadline, TickDeadline
from gmscreen.games.dust.panes.base import DustPane
from gmscreen.games.dust.state import DustState
from gmscreen.ui import form
from gmscreen.ui.clock_face import ClockFace, roomy
from gmscreen.ui.form import Form, ask
from gmscreen.ui.steps import Refusal


def ask_set_deadline(pane: DustPane) -> None:
    state = pane.state
    sizes = [("none", "0"), *((str(n), str(n)) for n in checks.DEADLINE_SIZES)]
    whose = (f"Day {state.number}'s (what is gone of it stays gone) and each day's after"
             if state.phase == "day" else "each day's, from the next day")
    ask(pane, Form("The deadline clock", [
        form.one_of("segments", "Segments", sizes, str(state.deadline or 8),
                    about="How many parts a day's time is cut into: 8 for a 48-hour day is "
                          "six hours a part. none keeps no clock."),
        form.text("why", "What it counts", about="What a segment is worth (\"six hours\"), "
                                                  "as the table reads it in the recap.")],
        note=f"Shown to the table; this size is {whose}. Each day starts its own clock with "
             "nothing gone, and none shows at night or after the end."),
        lambda v: SetDeadline(v.number("segments"), v.text("why")))


def ask_tick_deadline(pane: DustPane) -> None:
    state = pane.state
    ask(pane, Form(f"The Day {state.number} deadline: "
                   f"{state.deadline_gone} of {state.deadline} gone", [
        form.number("by", "Segments", 1, about="How many segments the time gone fills (a "
                                               "minus takes them back)."),
        form.text("reason", "Why", about="What time has passed, as the table will read it "
                                         "in the recap.")]),
        lambda v: TickDeadline(v.number("by"), v.text("reason")))


class DeadlinePane(DustPane):
    """Today's deadline clock as the table sees it, with its keys, on the clocks tab."""

    DEFAULT_CSS = """
    DeadlinePane { height: auto; padding: 0 1; }
    DeadlinePane #dust-deadline-title { text-style: bold; color: $text-primary; }
    DeadlinePane #dust-deadline-note { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("D", "set_deadline", "Deadline clock", id="dust.clocks.set_deadline",
                tooltip="Keep a deadline clock for each day (4, 6, 8 or 12 segments), shown "
                        "to the table; it goes with its day"),
        Binding("d", "tick_deadline", "Move the deadline", id="dust.clocks.tick_deadline",
                tooltip="Move today's deadline clock forward (or back) for the time gone"),
    ]

    # the clocks tab hands the keyboard to a game's pane that takes it: d and D work there,
    # and the tab's own keys still bubble up to it
    can_focus = True

    def compose(self) -> ComposeResult:
        yield Static("The day's deadline", id="dust-deadline-title")
        yield ClockFace("", 8, 0, id="dust-deadline-face")
        yield Static(id="dust-deadline-note", markup=False)

    def on_mount(self) -> None:
        self._fit_dial()
        # the screen's size read again after each layout: read once, as the tab was first
        # built, a terminal made larger (or smaller) after it kept the first dial
        self.screen.screen_layout_refresh_signal.subscribe(self, self._fit_dial,
                                                           immediate=True)
        super().on_mount()

    def _fit_dial(self, _screen: object = None) -> None:
        # the tab's own clocks stay in sight below it at 80x24
        small = roomy(self.app.size)
        face = self.query_one(ClockFace)
        face.set_class(small, "-small")
        face.set_class(not small, "-tiny")

    def why_not(self, action: str) -> Refusal:
        asked = {"tick_deadline": checks.why_not_tick_deadline,
                 "set_deadline": checks.why_not_set_deadline}.get(action)
        return asked(self.state) if asked is not None else None

    def action_set_deadline(self) -> None:
        ask_set_deadline(self)

    def action_tick_deadline(self) -> None:
        ask_tick_deadline(self)

    def redraw(self) -> None:
        if self.campaign is None:
            return
        state = self.state
        shown = view.table_clocks(view.table_knows(state))
        face = self.query_one(ClockFace)
        face.display = bool(shown)
        if shown:
            face.show(shown[0].name, shown[0].segments, shown[0].filled, shown[0].means)
        self.query_one("#dust-deadline-note", Static).update(Text(self.keyed(deadline_note(state))))
        self.refresh_bindings()


def deadline_note(state: DustState) -> str:
    """What the clocks tab says of the deadline now, and which key does what."""
    if state.phase == "over":
        return "The game is over: no day is left to have a deadline."
    if not state.deadline:
        return ("No deadline clock is kept. D keeps one for each day, shown to the table; "
                "it goes with its day, as one of the clocks below would not.")
    if state.phase != "day":
        return (f"Each day has a deadline clock of {state.deadline} segments: the next "
                "day's starts with nothing gone (D changes its size).")
    return (f"d moves it for the time gone; at the deadline, e on the Day and night tab "
            f"ends the day without a lynch. D changes its size ({state.deadline} now).")
