"""The Wanted Clock tab of every game: the Dealer's own clocks, each on its face, made,
ticked forward or back with a reason, shown to the table or kept, put away. A game with a
clock of its own (A Fistful of Sixes' Wanted Clock, driven by its rules) has its pane shown
above the Dealer's clocks on the same tab, its keys and these side by side."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from gmscreen.journal import clocks
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.clocks import Clock, MakeClock, RemoveClock, ShowClock, TickClock
from gmscreen.journal.rules import RuleError
from gmscreen.ui import form
from gmscreen.ui.clock_face import SHORT, ClockFace, roomy
from gmscreen.ui.form import Form, ask
from gmscreen.ui.keymap import key_in_words
from gmscreen.ui.pane import GamePane
from gmscreen.ui.steps import Refusal, StepPane, action_name


class ClocksPane(StepPane[Any]):
    """The Dealer's clocks, and above them the game's own clock pane if it has one."""

    DEFAULT_CSS = """
    ClocksPane > VerticalScroll { height: 1fr; }
    ClocksPane #clocks-game { height: auto; }
    /* a game's pane fills a tab of its own; here it is as tall as it needs */
    ClocksPane #clocks-game > GamePane { height: auto; }
    ClocksPane #clocks-title { text-style: bold; color: $text-primary; margin-top: 1; }
    ClocksPane #clocks-none { color: $text-muted; }
    ClocksPane #clocks-faces { height: auto; }
    ClocksPane #clocks-faces.-lines { layout: vertical; }
    ClocksPane #clocks-moves { height: auto; color: $text-muted; margin-top: 1; }
    ClocksPane ClockFace { margin-right: 3; padding: 0 1; border: blank; }
    ClocksPane ClockFace.-chosen { border: round $accent; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add_clock", "New clock", id="clocks.add",
                tooltip="Start a clock of your own: 4, 6, 8 or 12 segments"),
        Binding("plus,equals_sign", "tick(1)", "Tick", id="clocks.tick",
                tooltip="Move the chosen clock forward, with the reason"),
        Binding("minus", "tick(-1)", "Back", id="clocks.back",
                tooltip="Move the chosen clock back, with the reason"),
        Binding("s", "show_to_table", "Show/keep", id="clocks.show",
                tooltip="Show the chosen clock on the players' screen, or keep it yours"),
        Binding("x", "put_away", "Put away", id="clocks.remove",
                tooltip="Take the chosen clock off the tab (undo brings it back)"),
        Binding("right_square_bracket", "choose(1)", "Next clock", id="clocks.next",
                show=False),
        Binding("left_square_bracket", "choose(-1)", "Previous clock", id="clocks.previous",
                show=False),
    ]
    LOOKING = frozenset({"choose"})

    def __init__(self, game_pane: GamePane | None = None) -> None:
        super().__init__()
        #: the game's own clock pane, shown above the Dealer's clocks
        self.game_pane = game_pane
        self.chosen = 0

    can_focus = True

    def allow_focus(self) -> bool:
        """A game's own clock pane with a widget to take the keyboard has it (these keys
        still work from there, as keys bubble up); else this pane takes it. Never both:
        this pane took it first (the tab shown, or Tabbed to) and handed it on a turn later,
        and a key typed straight after ("2w", Tab w) met these keys, not the game's: the
        Wanted Chart went unrolled."""
        inner = self.game_pane
        return inner is None or not any(
            widget.focusable for widget in (inner, *inner.query("*")))

    def compose(self) -> ComposeResult:
        # the scrolls take no keyboard of their own: it stays with the clocks' keys
        with VerticalScroll(can_focus=False):
            if self.game_pane is not None:
                with Vertical(id="clocks-game"):  # one scroll for both
                    yield self.game_pane
            yield Static("", id="clocks-title")
            yield Static("", id="clocks-none", markup=False)
            yield Horizontal(id="clocks-faces")
            yield Static("", id="clocks-moves", markup=False)

    @property
    def clocks(self) -> tuple[Clock, ...]:
        return tuple(getattr(self.campaign, "clocks", ())) if self.campaign else ()

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        if self.game_pane is not None:
            self.game_pane.show(campaign)
        self.query_one("#clocks-title", Static).update(Text(clocks.title(campaign.rules.referee)))
        shown = self.clocks
        self.chosen = min(self.chosen, max(0, len(shown) - 1))
        self.query_one("#clocks-none", Static).update(Text(
            "" if shown else f"None yet: {key_in_words(self.app, 'clocks.add', self)} starts "
            "one (a threat, a deadline, a rumour)."))
        faces = self.query_one("#clocks-faces", Horizontal)
        present = list(faces.query(ClockFace))
        if len(present) != len(shown):
            faces.remove_children()
            present = [ClockFace(c.name, c.segments, c.filled, _means(c)) for c in shown]
            faces.mount_all(present)
            self._fit_faces()
        for number, (face, clock) in enumerate(zip(present, shown, strict=True)):
            face.show(clock.name, clock.segments, clock.filled, _means(clock))
            face.set_class(number == self.chosen, "-chosen")
        self.query_one("#clocks-moves", Static).update(self._moves(campaign))

    def _moves(self, campaign: Campaign[Any]) -> Text:
        """Why the chosen clock stands where it does: its newest moves, from the journal."""
        clock = self._clock()
        if clock is None:
            return Text("")
        told = clocks.moves(campaign.events, clock.name, campaign.is_undone)
        lines = [f"#{event.seq} {clocks.describe(event)}" for event in told]
        other = " ([ and ] choose another clock)" if len(self.clocks) > 1 else ""
        return Text("\n".join([f"{clock.name}, the newest first{other}:", *lines]))

    def on_resize(self) -> None:
        self._fit_faces()

    def _fit_faces(self) -> None:
        # a screen under 120x40 gets the small dials, two to a row; a laptop's 24 rows a
        # line each, one under another: a dial took nine rows and put a game's own clock
        # pane's neighbours and the clock's moves out of sight
        small, short = not roomy(self.app.size), self.app.size.height < SHORT
        self.query_one("#clocks-faces").set_class(short, "-lines")
        # within the scroll bar and each face's margin, padding and border
        room = max(20, self.size.width - 9)
        for face in self.query("#clocks-faces ClockFace").results(ClockFace):
            if short:
                face.fit(room, "-line")
            else:
                face.set_class(False, "-line")
                face.set_class(small, "-small")

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        inner = self.game_pane.palette_commands() if self.game_pane is not None else []
        return [*inner, *super().palette_commands()]

    # -- what may be done now ---------------------------------------------------------------

    def _clock(self) -> Clock | None:
        shown = self.clocks
        return shown[self.chosen] if shown else None

    def why_not(self, action: str) -> Refusal:
        clock = self._clock()
        if action_name(action) in ("tick", "show_to_table", "put_away", "choose") and (
                clock is None):
            return RuleError("Clocks", "there is no clock yet; "
                             f"{key_in_words(self.app, 'clocks.add', self)} starts one")
        return None

    # -- actions ------------------------------------------------------------------------------

    def action_choose(self, step: int) -> None:
        if self.clocks:
            self.chosen = (self.chosen + step) % len(self.clocks)
            if self.campaign is not None:
                self.show(self.campaign)

    def action_add_clock(self) -> None:
        ask(self, Form("A clock of your own", [
            form.text("name", "Name", about="What fills it up: a threat, a deadline, a "
                      f"rumour spreading (at most {clocks.LONGEST_NAME} letters)."),
            form.one_of("segments", "Segments", [str(n) for n in clocks.SIZES], "6",
                        about="4 is soon, 12 is a long way off."),
            form.check("public", "Shown to the table",
                       about="Ticked, the players' screen and the recap show it."),
            form.text("why", "Why", about="A line for the log: why this clock exists."),
        ]), lambda v: MakeClock(v.text("name"), int(v.text("segments") or 6),
                                v.flag("public"), v.text("why")))

    def action_tick(self, direction: int) -> None:
        clock = self._clock()
        if clock is None:
            return
        moves = "forward" if direction > 0 else "back"
        ask(self, Form(f"{clock.name}: {moves}", [
            form.number("by", "Segments", 1),
            form.text("reason", "Why", about="Said in the log and the recap."),
        ], focus="reason"), lambda v: TickClock(clock.name, direction * v.number("by", least=1),
                                                v.text("reason")))

    def action_show_to_table(self) -> None:
        clock = self._clock()
        if clock is not None:
            self.send(ShowClock(clock.name, not clock.public))

    def action_put_away(self) -> None:
        clock = self._clock()
        if clock is not None:
            self.send(RemoveClock(clock.name), confirm=f"Put away {clock.name}?")


def _means(clock: Clock) -> str:
    shown = "shown to the table" if clock.public else "yours alone"
    full = " Full." if clock.full else ""
    return f"{clock.filled} of {clock.segments}, {shown}.{full}"
