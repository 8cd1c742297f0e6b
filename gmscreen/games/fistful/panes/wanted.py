"""The Wanted Clock tab: the twelve-hour clock face with the hour large, what the populace
does at this hour and when to roll, the Wanted Chart roll, and every move of the clock with
its reason and the log line that caused it."""

from __future__ import annotations

from math import cos, pi, sin
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Digits, Static

from gmscreen.games.fistful.commands import (
    ChangeGlory,
    Crime,
    CunningDeal,
    DoTime,
    PayBounty,
    RollWantedChart,
)
from gmscreen.games.fistful.panes.form import Field, FistfulForm, ask, dice, number
from gmscreen.games.fistful.panes.steps import StepsPane
from gmscreen.games.fistful.state import FistfulState
from gmscreen.games.fistful.tables import Band
from gmscreen.games.fistful.wanted import HIGH_NOON, NO_PAYING_FROM, bands_reached, pay_off_cost
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError

#: the clock face's size in cells: (width, height) for an 80x24 screen and a large one
SMALL, LARGE = (27, 11), (51, 21)
HOW = {"crime": "crime", "carousing": "carousing", "paid": "paid off", "time": "time served",
       "deal": "cunning deal"}


def clock_face(hour: int, size: tuple[int, int] = SMALL) -> Text:
    """The clock as text: hours 1 to 12 round a face, those reached marked, a hand pointing
    at the current hour."""
    width, height = size
    grid = [[" "] * width for _ in range(height)]
    marks: dict[tuple[int, int], str] = {}
    cx, cy = width // 2, height // 2
    rx, ry = (width - 4) / 2, (height - 1.8) / 2
    steps = max(3, width // 7)
    for step in range(1, steps + 1):  # the hand, to three quarters of the way out
        angle = hour * pi / 6
        x = cx + round(rx * 0.75 * step / steps * sin(angle))
        y = cy - round(ry * 0.75 * step / steps * cos(angle))
        grid[y][x] = "•"
        marks[(y, x)] = "hand"
    grid[cy][cx] = "o"
    for h in range(1, 13):
        angle = h * pi / 6
        label = str(h)
        x = cx + round(rx * sin(angle)) - (len(label) - 1) // 2 - (1 if h == 12 else 0)
        y = cy - round(ry * cos(angle))
        for i, ch in enumerate(label):
            grid[y][x + i] = ch
            marks[(y, x + i)] = "now" if h == hour else "past" if h < hour else "ahead"
    styles = {"now": "bold reverse", "past": "bold", "ahead": "dim", "hand": "bold"}
    text = Text()
    for y, row in enumerate(grid):
        for x, ch in enumerate(row):
            text.append(ch, style=styles.get(marks.get((y, x), ""), ""))
        if y < height - 1:
            text.append("\n")
    return text


def _hours(each: Band) -> str:
    return str(each.first) if each.first == each.last else f"{each.first}-{each.last}"


class WantedPane(StepsPane):
    """The posse's infamy at a glance, and the buttons that move it."""

    DEFAULT_CSS = """
    WantedPane #ff-clock-side { width: 31; height: auto; padding: 0 1; }
    WantedPane #ff-face { height: auto; }
    WantedPane.-wide #ff-clock-side { width: 55; }
    WantedPane #ff-hour { width: auto; }
    WantedPane #ff-hour-row { height: 3; }
    WantedPane #ff-noon { width: 1fr; content-align: center middle; height: 3;
                          color: $error; text-style: bold; }
    WantedPane #ff-about { width: 1fr; height: 1fr; padding: 0 1; }
    """
    #: short words: the footer has 80 columns
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "chart", "Roll chart", id="fistful.wanted_chart",
                tooltip="The Wanted Chart, 2d6 by the app: at most the hour gives an entry"),
        Binding("W", "chart_typed", "Type chart", id="fistful.wanted_chart_typed",
                tooltip="The Wanted Chart: the 2d6 the table rolled"),
        Binding("c", "crime", "Crime", id="fistful.crime",
                tooltip="The Judge adds one hour or several for a crime"),
        Binding("p", "pay", "Pay off", id="fistful.pay",
                tooltip="$10 times the hour clears the top hour (not from 9 o'clock)"),
        Binding("t", "time", "Do time", id="fistful.time",
                tooltip="A member serves time: at most half the clock off"),
        Binding("d", "deal", "Deal", id="fistful.deal", tooltip="A cunning deal takes hours off"),
        Binding("g", "glory", "Glory", id="fistful.glory",
                tooltip="The optional Glory tally: how well known the posse is"),
    ]

    def why_not(self, action: str) -> str | None:
        hour = self.state.clock
        # what cannot be done at this hour is not offered: no chart at High Noon, no paying
        # off from 9 o'clock or at 1; Glory only with that optional rule
        if action in ("chart", "chart_typed") and hour >= HIGH_NOON:
            return "At High Noon the chart is not rolled: the manhunt is on."
        if action == "pay" and hour <= 1:
            return "The clock never goes below 1 o'clock."
        if action == "pay" and hour >= NO_PAYING_FROM:
            return (f"From {NO_PAYING_FROM} o'clock the bounty can no longer be paid off: "
                    "only doing time and cunning deals help.")
        if action == "glory" and not self.state.settings.glory:
            return "Glory is an optional rule that is off (O on the Conflict tab turns it on)."
        return None

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="ff-clock-side"):
                yield Static(id="ff-face")
                with Horizontal(id="ff-hour-row"):
                    yield Digits("1", id="ff-hour")
                    yield Static("", id="ff-noon", markup=False)
            with VerticalScroll(id="ff-about"):
                yield Static(id="ff-about-text", markup=False)

    def on_mount(self) -> None:
        self.redraw()

    def on_resize(self, event: events.Resize) -> None:
        wide = event.size.width >= 120 and event.size.height >= 30
        if wide != self.has_class("-wide"):
            self.set_class(wide, "-wide")
            self.redraw()

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        if self.is_mounted:
            self.redraw()

    @property
    def state(self) -> FistfulState:
        assert self.campaign is not None
        state: FistfulState = self.campaign.state
        return state

    def redraw(self) -> None:
        if self.campaign is None:
            return
        state = self.state
        hour = state.clock
        size = LARGE if self.has_class("-wide") else SMALL
        self.query_one("#ff-face", Static).update(clock_face(hour, size))
        self.query_one("#ff-hour", Digits).update(str(hour))
        self.query_one("#ff-noon", Static).update(
            "HIGH NOON!" if hour >= HIGH_NOON else "o'clock")
        text = Text()
        text.append(f"{state.posse or 'No posse yet'}: {hour} o'clock", style="bold")
        if state.history:
            text.append(f"\nHistory: {state.history}", style="italic")
        if state.purpose:
            text.append(f"\nPurpose: {state.purpose}", style="italic")
        reached = bands_reached(hour)
        text.append("\nThe folk (every hour reached counts):", style="bold")
        for each in reached:
            text.append(f"\n{_hours(each)}: {each.populace}")
        text.append("\nRoll the Wanted Chart:", style="bold")
        # at High Noon the manhunt is on: no earlier band's occasion to roll holds
        for each in reached[:1] if hour >= HIGH_NOON else reached:
            text.append(f"\n{_hours(each)}: {each.when_to_roll}")
        if hour < NO_PAYING_FROM and hour > 1:
            text.append(f"\nPaying off the top hour costs ${10 * hour}.")
        elif hour >= NO_PAYING_FROM:
            text.append("\nFrom 9 o'clock the bounty can no longer be paid off.")
        if state.settings.glory:
            text.append(f"\nGlory: {state.glory}")
        if state.chart_rolls:
            seq, total, entry = state.chart_rolls[-1]
            text.append(f"\n\nLast chart roll (#{seq}): {total}: ", style="bold")
            text.append(entry or "over the hour, nothing happens")
        if state.clock_moves:
            text.append("\n\nMoves of the clock", style="bold")
            for move in reversed(state.clock_moves):
                cause = f" (see #{move.cause})" if move.cause is not None else ""
                text.append(f"\n#{move.seq} {move.before} -> {move.after}, {HOW[move.how]}: "
                            f"{move.why}{cause}")
        self.query_one("#ff-about-text", Static).update(text)

    def action_chart(self) -> None:
        faces = dice(self, "", 2, "wanted-chart")
        self.send(RollWantedChart((faces[0], faces[1])))

    def action_chart_typed(self) -> None:
        def made(v: dict[str, str]) -> RollWantedChart:
            faces = dice(self, v["dice"], 2, "wanted-chart")
            if len(faces) != 2:
                raise RuleError("Wanted Chart", "type the two dice of 2d6", field="dice")
            return RollWantedChart((faces[0], faces[1]))

        ask(self, FistfulForm("The Wanted Chart: the table's 2d6", [Field("dice", "2d6")]),
            made)

    def action_crime(self) -> None:
        ask(self, FistfulForm("A crime adds to the clock", [
            Field("segments", "Hours", value="1"), Field("why", "The crime"),
            Field("cause", "Log line #", placeholder="optional")]),
            lambda v: Crime(number(v["segments"], "Wanted Clock", "segments"), v["why"],
                            number(v["cause"], "Log line", "cause") if v["cause"] else None))

    def _people(self) -> list[tuple[str, str]]:
        return [(c.name, c.name) for c in self.state.posse_members]

    def action_pay(self) -> None:
        cost = pay_off_cost(self.state.clock)
        # starting money cannot pay the bounty: each payer shows what they may spend
        payers = [(f"{c.name} (${c.dollars - c.start_purse} to spend)", c.name)
                  for c in self.state.posse_members]
        able = [c.name for c in self.state.posse_members if c.dollars - c.start_purse >= cost]
        ask(self, FistfulForm(f"Pay ${cost} to clear the top hour", [
            Field("payer", "Who pays", payers, able[0] if able else "")]),
            lambda v: PayBounty(v["payer"]))

    def action_time(self) -> None:
        people = self._people()
        ask(self, FistfulForm("Doing time (at most half the clock)", [
            Field("name", "Who", people, people[0][1] if people else ""),
            Field("segments", "Hours off"),
            Field("why", "Why")]),
            lambda v: DoTime(v["name"], number(v["segments"], "Doing time", "segments"), v["why"]))

    def action_deal(self) -> None:
        ask(self, FistfulForm("A cunning deal", [
            Field("segments", "Hours off", value="1"), Field("why", "The deal")]),
            lambda v: CunningDeal(number(v["segments"], "Cunning deal", "segments"), v["why"]))

    def action_glory(self) -> None:
        ask(self, FistfulForm("Glory (the optional rule)", [
            Field("amount", "Change", placeholder="+2 or -1"), Field("why", "Why")]),
            lambda v: ChangeGlory(number(v["amount"].lstrip("+"), "Glory", "amount"), v["why"]))
