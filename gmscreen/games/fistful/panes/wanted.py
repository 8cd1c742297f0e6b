"""The Wanted Clock tab: the clock's face (twelve segments, each hour passed filled in its
populace band's colour, the hour large beside it), what the folk do at every hour reached
and when to roll the Wanted Chart, and every move of the clock with its reason and the log
line that caused it. Whether a move may be made now is asked of the rules.

Its keys (w, W, b, c, p, t, d, g) stay clear of the Dealer's own clocks' (a, +, -, s, x, [, ]),
which may share the tab."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical
from textual.geometry import Size
from textual.widgets import Static

from gmscreen.games.fistful import view, wanted_rules
from gmscreen.games.fistful.commands import (
    BringInChartResult,
    ChangeGlory,
    Crime,
    CunningDeal,
    DoTime,
    PayBounty,
    RollWantedChart,
)
from gmscreen.games.fistful.panes.characters import CharactersPane
from gmscreen.games.fistful.panes.keys import keys_of
from gmscreen.games.fistful.panes.rolls import TYPE_OR_ROLL, faces, rolled
from gmscreen.games.fistful.state import FistfulState
from gmscreen.games.fistful.wanted import HIGH_NOON, entry_name, pay_off_cost
from gmscreen.journal.events import REDO, UNDO
from gmscreen.journal.rules import RuleError
from gmscreen.ui import form
from gmscreen.ui.clock_face import ClockFace, roomy
from gmscreen.ui.form import Form, Values, ask
from gmscreen.ui.keys_line import KeysLine, keys_text, more_keys
from gmscreen.ui.pane import GamePane
from gmscreen.ui.sections import SectionsView
from gmscreen.ui.steps import Refusal, StepPane

#: a screen shorter than this draws the Wanted Clock as a line, not a dial
SHORT = 30


class WantedPane(StepPane[FistfulState]):
    """The posse's infamy at a glance, and the keys that move it."""

    DEFAULT_CSS = """
    WantedPane #ff-wanted { layout: vertical; height: 1fr; }
    WantedPane ClockFace { padding: 0 1; }
    WantedPane.-wide #ff-wanted { layout: horizontal; }
    WantedPane #ff-wanted-side { height: 1fr; }
    WantedPane #ff-wanted-keys { height: auto; color: $text-muted; padding: 0 1; }
    WantedPane.-wide #ff-wanted-side { padding-left: 2; }
    /* inside another pane (the Dealer's own clocks below it, one scroll for both), it
       takes the height it needs */
    WantedPane.-nested, WantedPane.-nested #ff-wanted, WantedPane.-nested #ff-wanted-side,
    WantedPane.-nested SectionsView {
        height: auto;
    }
    """
    #: named in the palette with the book's words a Judge would type there, where the
    #: footer's one word finds nothing by them ("guts", "bounty", "who goes first")
    PALETTE_NAMES: ClassVar[dict[str, str]] = {"pay": "Pay off the bounty"}

    #: short words: the footer has 80 columns
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "chart", "Chart", id="fistful.wanted_chart",
                tooltip="The Wanted Chart, 2d6 by the app: at most the hour gives an entry"),
        Binding("W", "chart_typed", "Roll on the Wanted Chart…",
                id="fistful.wanted_chart_typed", show=False,
                tooltip="2d6 at the hour: the table's own typed, or left blank for the app's"),
        Binding("b", "bring_in", "Brought in", id="fistful.chart_brought_in",
                tooltip="A Wanted Chart result comes into play in the story"),
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

    def why_not(self, action: str) -> Refusal:
        asked = {"chart": wanted_rules.why_not_chart, "chart_typed": wanted_rules.why_not_chart,
                 "bring_in": wanted_rules.why_not_bring_in,
                 "pay": wanted_rules.why_not_pay, "glory": wanted_rules.why_not_glory,
                 "crime": wanted_rules.why_not_move_clock,
                 "time": wanted_rules.why_not_do_time,
                 "deal": wanted_rules.why_not_deal}.get(action.partition("(")[0])
        return asked(self.state) if asked is not None else None

    #: the keys the footer leaves out, as the line above the sections names them
    MORE_KEYS = (("chart_typed", "W the chart by the table's own 2d6"),)

    def __init__(self) -> None:
        super().__init__()
        #: the chart rolls the sections showed last (a new one scrolls them to the top);
        #: None till the first drawing, which is at the top already and scrolls nothing
        self._rolls_shown: int | None = None
        #: the screen's size the clock's face was last fitted to
        self._fitted_for: Size | None = None

    def compose(self) -> ComposeResult:
        with Container(id="ff-wanted"):
            # the shell builds the tab before handing it the campaign: until the first
            # `redraw` the face has no hour to show, so it keeps its place unseen (it showed
            # a made-up "1 of 12" for a moment)
            face = ClockFace("Wanted Clock", HIGH_NOON, 0, colours=view.clock_colours())
            face.visible = False
            yield face
            with Vertical(id="ff-wanted-side"):
                yield KeysLine(id="ff-wanted-keys", markup=False)
                yield SectionsView()

    def on_mount(self) -> None:
        self.query_one(ClockFace).add_class("-small")
        self.screen.screen_layout_refresh_signal.subscribe(self, self._fitted)
        self.set_class(any(isinstance(a, GamePane) for a in self.ancestors), "-nested")

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _fitted(self, _screen: object) -> None:
        # the screen laid out again: resized, perhaps, where the pane, as tall as its
        # content on a tab shared with other clocks, was not (24 rows to 40 kept the line)
        if self.app.size != self._fitted_for:
            self._fit()

    def _fit(self) -> None:
        # the screen's size, not the pane's: on a tab shared with other clocks, the pane
        # is as tall as it needs
        self._fitted_for = self.app.size
        wide = roomy(self.app.size)
        self.set_class(wide, "-wide")
        face = self.query_one(ClockFace)
        if not wide and self.app.size.height < SHORT:
            # a laptop's 24 rows: the clock as one line, its words under it; its dial took
            # eleven rows, the chart's "When to roll" and the Judge's own clocks below sight.
            # The words wrap in the pane's own width, less the face's padding: sharing a
            # scroll with the Dealer's clocks, the pane loses two columns to its bar, and
            # wrapped at the screen's width the line ran under it ("an infamous hunte")
            face.fit((self.size.width or self.app.size.width) - 2, "-line")
            return
        face.set_class(False, "-line")
        face.set_class(wide, "-large")
        face.set_class(not wide, "-small")

    def redraw(self) -> None:
        if self.campaign is None:
            return
        state = self.state
        face = self.query_one(ClockFace)
        face.show("Wanted Clock", HIGH_NOON, state.clock, view.clock_means(state.clock))
        face.visible = True
        sections = self.query_one(SectionsView)
        sections.show(view.wanted_sections(state, face=True,
                                           key_of=keys_of(self, CharactersPane)))
        if self._rolls_shown is None:
            # the tab's first drawing: its top is in sight already. Scrolled there anyway,
            # after the next refresh, it took back the Dealer's own scroll made meanwhile
            # (the tab's End typed straight after its digit, on a loaded machine)
            self._rolls_shown = len(state.chart_rolls)
        elif len(state.chart_rolls) != self._rolls_shown:
            # a chart roll is shown at the top of the sections: bring it into sight, and
            # the tab's top too when it shares a scroll with the Dealer's own clocks
            self._rolls_shown = len(state.chart_rolls)
            sections.scroll_home(animate=False)
            self.scroll_visible(top=True, animate=False)
        self.query_one("#ff-wanted-keys", Static).update(
            keys_text(more_keys(self, self.MORE_KEYS), " (all in ctrl+p)"))

    def action_chart(self) -> None:
        first, second = rolled(self, 2, "wanted-chart")
        self.send(RollWantedChart((first, second)))

    def action_chart_typed(self) -> None:
        def made(v: Values) -> RollWantedChart:
            first, second = faces(self, v, "dice", 2, "wanted-chart")
            return RollWantedChart((first, second))

        ask(self, Form("The Wanted Chart", [form.dice("dice", "2d6")], note=TYPE_OR_ROLL),
            made)

    def action_bring_in(self) -> None:
        waiting = wanted_rules.chart_waiting(self.state)
        # each result by its name, its words under the form while it is highlighted: whole,
        # two results filled the box at 80x24 and a third ran below it
        choices = [(f"#{seq}: {total}: {entry_name(entry)[0]}", str(seq))
                   for seq, total, entry in waiting]
        # a list to pick one from (Enter sends): a drop-down alone took Enter to open it
        ask(self, Form("A Wanted Chart result comes into play", [
            form.pick("seq", "Which", choices, choices[0][1] if choices else "",
                      about="Brought in when it fits the story (Enter): results need not "
                      "show at once",
                      about_each={str(seq): entry_name(entry)[1] or entry
                                  for seq, _, entry in waiting})]),
            lambda v: BringInChartResult(v.number("seq")))

    def action_crime(self) -> None:
        # the crime points at a line the log already holds (the rules check it is #1 or
        # later; only the journal knows its newest line)
        written = len(self.campaign.events) if self.campaign is not None else None
        ask(self, Form("A crime adds to the clock", [
            form.number("segments", "Hours", 1, about="The Judge's call: a minor crime (a "
                        "brawl, petty theft) 1; a severe one (murder, kidnapping, rustling) "
                        "several"),
            form.text("why", "The crime"),
            form.number("cause", "Log line #", placeholder="optional",
                        about="The Encounter Log's number of the event that was the crime")],
            # the crime is always named, the hours mostly the book's one for a small one:
            # the form opens on the crime (round 33)
            note=view.crime_room(self.state.clock), focus="why"),
            lambda v: Crime(v.number("segments"), v.text("why"), self._cause(v, written)))

    def _cause(self, values: Values, written: int | None) -> int | None:
        """The crime's line of the log, typed: one still told, never a step taken back
        (struck through in the log) nor an undo's own line: "see #19" pointed the clock's
        move at an attack undone, which the table never saw."""
        if not values.text("cause"):
            return None
        seq = values.number("cause", most=written)
        campaign = self.campaign
        found = (next((e for e in campaign.events if e.seq == seq), None)
                 if campaign is not None else None)
        if found is not None and campaign is not None and (
                campaign.is_undone(found) or found.kind in (UNDO, REDO)):
            said = ("is an undo's own line" if found.kind == UNDO
                    else "is a redo's own line" if found.kind == REDO
                    else "was taken back (struck through in the log)")
            raise RuleError("Wanted Clock", f"#{seq} {said}: name the line of a crime still "
                            "told, or leave it blank", field="cause")
        return seq

    def action_pay(self) -> None:
        state = self.state
        cost = pay_off_cost(state.clock)
        payers = wanted_rules.bounty_payers(state)
        parts = wanted_rules.suggested_shares(state)
        keys = {payer.name: f"share{at}" for at, payer in enumerate(payers)}

        def made(v: Values) -> PayBounty:
            return PayBounty(shares=tuple(
                (name, dollars) for name, key in keys.items()
                if (dollars := v.number(key, 0)) != 0))

        # starting money cannot pay the bounty: the note says what each may spend
        spend = ", ".join(f"{payer.name} ${wanted_rules.spendable(payer)}" for payer in payers)
        ask(self, Form(f"Pay ${cost} to clear {state.clock} o'clock", [
            form.number(keys[payer.name], payer.name, parts.get(payer.name, ""),
                        placeholder=f"${wanted_rules.spendable(payer)} to spend")
            for payer in payers],
            note=f"The posse may pool its money: the parts come to ${cost}. Not starting "
                 f"money: {spend}.",
            aliases={"shares": next(iter(keys.values()), "")},
            # the keyboard on the part suggested, not on the first of the posse (who may have
            # nothing to spend): Enter pays it as it stands
            focus=next((keys[name] for name in parts if name in keys), None)), made)

    def action_time(self) -> None:
        # one of the posse alive and in play does time (line 165)
        people = [c.name for c in self.state.posse_in_play]
        ask(self, Form("Doing time (at most half the clock)", [
            form.choose("name", "Who", people, people[0] if people else "", required=True),
            form.number("segments", "Hours off"), form.text("why", "Why")]),
            lambda v: DoTime(v.text("name"), v.number("segments"), v.text("why")))

    def action_deal(self) -> None:
        ask(self, Form("A cunning deal", [
            form.number("segments", "Hours off", 1), form.text("why", "The deal")],
            note=view.deal_room(self.state.clock)),
            lambda v: CunningDeal(v.number("segments"), v.text("why")))

    def action_glory(self) -> None:
        ask(self, Form("Glory (the optional rule)", [
            form.number("amount", "Change", placeholder="+2 or -1",
                        about="Up for a deed folk will talk of, or as the bounty grows (the "
                        "Wanted Clock); down as the posse is forgotten. Never below 0"),
            form.text("why", "Why")], note=f"The posse's Glory now: {self.state.glory}"
            f"{view.glory_behind(self.state)}"),
            lambda v: ChangeGlory(v.number("amount"), v.text("why")))
