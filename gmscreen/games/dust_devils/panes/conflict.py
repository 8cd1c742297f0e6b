"""The Conflict tab: a conflict step by step. Set up (who enters, with which attributes and
goals, the Stakes and the Dealer's stud hand), the Deal (the app deals from the campaign's
seeded pack, or the Dealer types the physical cards), the Draw, Folds, the Call (the best
lay, and the lay that keeps the high card when it differs), narration bids, Difficulty, the
narrator's restored point, and the end with the Stakes paid. The last few earlier conflicts
are listed below; h shows them all.

Before the Call each hand's chance of winning is estimated in a worker thread (never
blocking the screen), each hand drawing as its Draw may (see `odds`).
"""

from __future__ import annotations

from random import Random
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import DataTable, Input, Select, Static
from textual.worker import get_current_worker

from gmscreen.core.cards import card_codes, cards_from_codes, parse_cards
from gmscreen.core.poker import evaluate
from gmscreen.games.dust_devils.call import (
    auto_split,
    difficulty_attributes,
    difficulty_points,
    lay_choices,
)
from gmscreen.games.dust_devils.commands import (
    BidForNarration,
    Call,
    CloseThread,
    Deal,
    DealerFolds,
    Draw,
    EndConflict,
    Entrant,
    Fold,
    OpenConflict,
    RestorePoint,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.deal import (
    STUD_NAMES,
    deal_hands,
    draw_from_pack,
    plain_discards,
)
from gmscreen.games.dust_devils.log import cards, goal_sentence
from gmscreen.games.dust_devils.odds import seats, win_chances
from gmscreen.games.dust_devils.panes.characters import sheet_text
from gmscreen.games.dust_devils.panes.earlier import EarlierConflicts, record_line
from gmscreen.games.dust_devils.panes.form import (
    YES_NO,
    Field,
    Options,
    SheetForm,
    ask,
    number,
)
from gmscreen.games.dust_devils.panes.steps import StepPane
from gmscreen.games.dust_devils.recovery import recovery_bands
from gmscreen.games.dust_devils.sheet import ATTRIBUTES, parse_attribute
from gmscreen.games.dust_devils.state import Conflict, DustDevilsState, Participant
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from gmscreen.ui.pane import GamePane

ATTRIBUTE_OPTIONS: Options = [(f"{a} {a.symbol}", a.value) for a in ATTRIBUTES]
#: the Devil in the Deal: out of it, or its whole rating for or against the character
DEVIL_SWAY: Options = [("stays out", "0"), ("helps: + its rating", "+"),
                       ("hinders: - its rating", "-")]
DEVIL_SIGN = {"0": 0, "+": 1, "-": -1}
CHANCE_TRIALS = 10_000
RECOVERY_HELP = ("A recovery: a healing or consoling Knack against a stud hand of "
                 + ", ".join(f"{stud} for {least}+ points" for least, stud in recovery_bands())
                 + "; name the patient and the points, like Guts 1, Heart 1.")
OPEN_HELP = ("A stud hand's card more costs the Dealer a Chip to each player present. "
             + RECOVERY_HELP)


def typed_cards(text: str, label: str) -> tuple[str, ...]:
    """Cards the Dealer typed, as codes; RuleError naming the field otherwise."""
    try:
        return tuple(card_codes(parse_cards(text)))
    except ValueError as error:
        raise RuleError(label, str(error), field=label) from None


def parse_split(text: str) -> tuple[tuple[str, int], ...]:
    """A split typed as "Guts 2, Heart 1"."""
    split = []
    for part in (p for p in text.replace(",", " , ").split(",") if p.strip()):
        words = part.split()
        if len(words) != 2 or not words[1].lstrip("-").isdigit():
            raise RuleError("Difficulty", f"{part.strip()!r}: write an attribute and its "
                            "points, like Guts 2", field="split")
        split.append((parse_attribute(words[0]).value, int(words[1])))
    return tuple(split)


PHASES = {"deal": "the Deal", "draw": "the Draw", "resolve": "resolution"}


def next_step(conflict: Conflict | None, pending: int) -> str:
    if conflict is None:
        if pending:
            return "Add more with a, or open the conflict with o (title, Stakes, stud hand)."
        return "Add each character entering the conflict with a, then open it with o."
    return {
        "deal": "Deal: d deals from the app's pack, D takes the cards dealt at the table. "
                "Folds: f (a player's Chip), F (the Dealer's).",
        "draw": "Draw: w for each hand that changes cards; then the Call with l. "
                "Folds: f, F.",
        "resolve": "Resolution: b bids for narration, k places a loser's Difficulty, "
                   "K the narrator's own, r restores the narrator's point, e ends it "
                   "and pays the Stakes.",
    }[conflict.phase]


class DrawForm(SheetForm):
    """The Draw's form: picking another hand offers that hand's plain discards."""

    def __init__(self, title: str, fields: list[Field], help_text: str, *,
                 plain: dict[str, str]) -> None:
        super().__init__(title, fields, help_text)
        self.plain = plain

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "f-name" and isinstance(event.value, str):
            self.query_one("#f-discards", Input).value = self.plain.get(event.value, "")


class ConflictPane(StepPane):
    """The conflict under way (or the one being set up), with every hand and its chances."""

    REFUSAL_TITLE = "Conflict"

    DEFAULT_CSS = """
    ConflictPane #dd-title { height: auto; padding: 0 1; background: $boost; }
    ConflictPane #dd-main { height: 1fr; }
    ConflictPane DataTable { height: auto; max-height: 1fr; }
    ConflictPane #dd-below { height: 1fr; border-top: solid $primary; padding: 0 1; }
    ConflictPane #dd-side { width: 70; border-left: solid $primary; padding: 0 1; }
    ConflictPane.-narrow #dd-side { display: none; }
    """
    #: below this width the hands' sheets beside the table are left out
    WIDE = 140
    #: the Cards column: seven cards a line at 80 columns, twelve when wide
    CARDS_NARROW = 27
    CARDS_WIDE = 48
    BEFORE_CALL = ("Hand", "Deal", "Cards", "Status", "Win")
    AFTER_CALL = ("Hand", "Laid", "Made", "Result")
    #: the earlier conflicts the tab has room for at 80x24; h shows them all
    EARLIER_SHOWN = 4
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add_entrant", "Add entrant", id="dust_devils.add_entrant",
                tooltip="A character enters the conflict: goal, two attributes, extras"),
        Binding("x", "clear_entrants", "Clear entrants", id="dust_devils.clear_entrants",
                show=False, tooltip="Forget the entrants not yet in a conflict"),
        Binding("o", "open", "Open conflict", id="dust_devils.open",
                tooltip="Title, Stakes and the Dealer's stud hand; then the Deal"),
        Binding("t", "close_thread", "Close thread", id="dust_devils.close_thread",
                tooltip="An open thread (an unresolved conflict) is over or abandoned"),
        Binding("d", "deal", "Deal", id="dust_devils.deal",
                tooltip="Deal every hand from a freshly shuffled pack of 54"),
        Binding("D", "type_deal", "Type deal", id="dust_devils.type_deal",
                tooltip="Type the cards dealt from the physical pack"),
        Binding("w", "draw", "Draw", id="dust_devils.draw",
                tooltip="A hand discards and redraws (Knack, Chip, Devil at 0)"),
        Binding("f", "fold", "Fold", id="dust_devils.fold",
                tooltip="A player spends a Chip to fold before the Call"),
        Binding("F", "dealer_folds", "Dealer folds", id="dust_devils.dealer_folds",
                show=False, tooltip="The Dealer gives each player present a Chip and folds"),
        Binding("l", "call", "Call", id="dust_devils.call",
                tooltip="Every hand lays up to five cards"),
        Binding("b", "bid", "Narration", id="dust_devils.bid",
                tooltip="Players spend Chips to take narration"),
        Binding("k", "difficulty", "Difficulty", id="dust_devils.difficulty",
                tooltip="The next loser places the Difficulty"),
        Binding("K", "narrator_difficulty", "Narrator's Difficulty",
                id="dust_devils.narrator_difficulty", show=False,
                tooltip="The narrator hands Difficulty to anyone, as the book allows"),
        Binding("r", "restore", "Restore", id="dust_devils.restore",
                tooltip="The narrator who paid Chips restores a point of this conflict's"),
        Binding("e", "end", "End conflict", id="dust_devils.end",
                tooltip="Pay the Stakes and close the conflict"),
        Binding("u", "undo_conflict", "Undo conflict", id="dust_devils.undo_conflict",
                tooltip="Take the whole conflict back as one step"),
        Binding("h", "earlier", "Earlier", id="dust_devils.earlier",
                tooltip="Every earlier conflict, session by session"),
    ]

    #: the actions of each step; the footer offers only the current step's (80 columns)
    STEPS: ClassVar[dict[str, frozenset[str]]] = {
        "set up": frozenset({"add_entrant", "clear_entrants", "open", "close_thread"}),
        "deal": frozenset({"deal", "type_deal", "fold", "dealer_folds"}),
        "draw": frozenset({"draw", "fold", "dealer_folds", "call"}),
        "resolve": frozenset({"bid", "difficulty", "narrator_difficulty", "restore", "end"}),
    }

    def __init__(self) -> None:
        super().__init__()
        self.pending: list[Entrant] = []
        self.chances: dict[str, float] = {}
        self._chances_for = -1
        self._headings: tuple[str, ...] = ()

    def compose(self) -> ComposeResult:
        yield Static(id="dd-title", markup=False)
        with Horizontal(id="dd-main"):
            with Vertical():
                yield DataTable(id="dd-hands", cursor_type="row", zebra_stripes=True)
                with VerticalScroll(id="dd-below"):
                    yield Static(id="dd-detail", markup=False)
            with VerticalScroll(id="dd-side"):
                yield Static(id="dd-sheets", markup=False)

    def on_resize(self) -> None:
        narrow = self.size.width < self.WIDE
        if narrow != self.has_class("-narrow"):
            self.set_class(narrow, "-narrow")
            self._headings = ()  # the Cards column's width follows the room
            self.redraw()

    def on_mount(self) -> None:
        self.redraw()

    def _columns(self, headings: tuple[str, ...]) -> None:
        """Before the Call a row shows the hand held; after it, what was laid and the
        result. Long hands wrap in the Cards column, so 80 columns show every column."""
        if headings == self._headings:
            return
        self._headings = headings
        table = self.query_one("#dd-hands", DataTable)
        table.clear(columns=True)
        for heading in headings:
            width = None
            if heading == "Cards":
                width = self.CARDS_NARROW if self.has_class("-narrow") else self.CARDS_WIDE
            table.add_column(heading, width=width, key=heading)

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        if self.is_mounted:
            self.redraw()

    @property
    def state(self) -> DustDevilsState | None:
        return self.campaign.state if self.campaign is not None else None

    def why_not(self, action: str) -> str | None:
        state = self.state
        if state is None or not any(action in actions for actions in self.STEPS.values()):
            return None
        conflict = state.conflict
        if action == "close_thread" and not state.open_threads:
            return "No open threads: a conflict that ends unresolved becomes one."
        if action in self.STEPS["set up" if conflict is None else conflict.phase]:
            return None
        if conflict is None:
            return "No conflict is under way. " + next_step(None, len(self.pending))
        return f"Not a step of {PHASES[conflict.phase]}. " + next_step(conflict, 0)

    # -- drawing ---------------------------------------------------------------------------

    def redraw(self) -> None:
        state = self.state
        if state is None:
            return
        conflict = state.conflict
        title = self.query_one("#dd-title", Static)
        table = self.query_one("#dd-hands", DataTable)
        self._columns(self.AFTER_CALL if conflict is not None and conflict.phase == "resolve"
                      else self.BEFORE_CALL)
        table.clear()
        if conflict is None:
            title.update(Text(f"No conflict under way ({len(state.past)} held so far)",
                              style="bold"))
            for e in self.pending:
                extras = [w for w, on in (("trait", e.trait), ("Chip", e.chip)) if on]
                if e.devil:
                    extras.append(f"Devil {e.devil:+d}")
                suits = "".join(parse_attribute(a).symbol for a in e.attributes)
                table.add_row(Text(e.name), Text(suits), Text(", ".join(extras)),
                              Text("entering"), Text(""), height=None)
        else:
            # the entrants are in the conflict now that it is open
            self.pending.clear()
            stud = f", the Dealer's {STUD_NAMES[conflict.stud]}" if conflict.stud else ""
            stakes = f", Stakes {conflict.stakes}" if conflict.stakes else ", no Stakes"
            phase = PHASES[conflict.phase]
            title.update(Text(f"Conflict {conflict.number}: {conflict.title}{stakes}{stud}"
                              f" — {phase}", style="bold"))
            for p in conflict.participants:
                table.add_row(*self._row(conflict, p), key=p.name, height=None)
            self._start_chances(conflict)
        self.query_one("#dd-detail", Static).update(self._detail(state))
        self.query_one("#dd-sheets", Static).update(self._sheets(state))
        self.refresh_bindings()

    def _sheets(self, state: DustDevilsState) -> Text:
        """The sheets of the characters in the conflict (or entering it), for the Dealer's
        rulings on Knacks, traits and Devils."""
        names = ([p.name for p in state.conflict.participants] if state.conflict is not None
                 else [e.name for e in self.pending])
        text = Text()
        for name in names:
            who = state.character(name)
            if who is not None:
                text.append_text(sheet_text(who, brief=True))
                text.append("\n\n")
        return text or Text("The sheets of those in the conflict show here.")

    def _row(self, conflict: Conflict, p: Participant) -> list[Text]:
        name = Text(p.name)
        if conflict.phase == "resolve":
            if p.folded or not p.laid:
                return [name, Text("-"), Text(""), Text("folded", style="italic")]
            won = p.name in conflict.winners
            result = Text("WON" if won else "lost", style="bold" if won else "")
            if p.name == conflict.narrator:
                result.append(", narrates")
            made = evaluate(cards_from_codes(p.laid)).category.label
            return [name, Text(cards(p.laid)), Text(made), result]
        suits = "".join(parse_attribute(a).symbol for a in p.attributes) or "stud"
        held = cards(p.hand) if p.hand else "-"
        if p.drawn and p.discarded:
            held += f" (threw {len(p.discarded)})"
        status = [w for w, on in (("at 0", p.at_zero), ("drawn", p.drawn),
                                  ("folded", p.folded)) if on]
        chance = self.chances.get(p.name)
        win = f"{chance:.0%}" if chance is not None else ""
        return [name, Text(f"{suits} {p.cards_due}"), Text(held),
                Text(", ".join(status), style="bold" if p.at_zero else ""), Text(win)]

    def _detail(self, state: DustDevilsState) -> Text:
        conflict = state.conflict
        text = Text(next_step(conflict, len(self.pending)) + "\n", style="italic")
        goals = [(e.name, e.goal) for e in self.pending] if conflict is None else [
            (p.name, p.goal) for p in conflict.participants]
        for name, goal in goals:
            if goal:
                text.append("\n" + goal_sentence(name, goal))
        if conflict is not None and conflict.phase == "draw":
            draws = {s.name: s.draw for s in seats(state)}
            for p in conflict.active:
                choice = lay_choices(cards_from_codes(p.hand))
                text.append(f"\n{p.name}: best lay {choice.best.describe()}")
                if choice.keeps_high_card is not None:
                    text.append(f"; or keep the high card: "
                                f"{choice.keeps_high_card.describe()}")
                if not p.drawn and not p.is_stud:
                    text.append(f"; may change {draws.get(p.name, 0)}"
                                + (f" ({p.knack})" if p.knack else " (no Knack named)"))
        if conflict is not None and conflict.phase == "resolve":
            combo = cards(conflict.combination)
            winning = evaluate(cards_from_codes(conflict.combination))
            allowed = ", ".join(a.value for a in difficulty_attributes(winning))
            text.append(f"\nWinning combination {combo}: each loser loses "
                        f"{difficulty_points(winning)} from {allowed}.")
            if conflict.high_card:
                text.append(f"\nHigh card {cards([conflict.high_card])} laid by "
                            f"{conflict.high_card_holder}. Narrator: "
                            f"{conflict.narrator or 'nobody'}.")
            lost: dict[str, list[str]] = {}
            for who, attribute, points in conflict.difficulty:
                lost.setdefault(who, []).append(f"{attribute} {points}")
            for who, taken in lost.items():
                text.append(f"\n{who} lost {', '.join(taken)}.")
        if conflict is not None:
            for p in conflict.active:
                if p.at_zero:
                    text.append(f"\n{p.name} enters at 0: the last conflict on the Road to "
                                "Hell.", style="bold")
        due = [ch.name for ch in state.characters if ch.fate_due]
        if due:
            text.append(f"\n\nFate due: {', '.join(due)}. The last conflict is over; "
                        "record the fate on the Characters tab (t).", style="bold")
        threads = state.open_threads
        if threads:
            text.append("\n\nOpen threads: " + "; ".join(r.title for r in threads))
        if state.past:
            shown = state.past[-self.EARLIER_SHOWN:]
            more = len(state.past) - len(shown)
            text.append("\n\nEarlier" + (f" (the last {len(shown)}; h shows all "
                                           f"{len(state.past)})" if more else "") + ": ")
            text.append("; ".join(record_line(r) for r in shown))
        return text

    # -- win chances in a worker -----------------------------------------------------------

    def _start_chances(self, conflict: Conflict) -> None:
        if conflict.phase == "resolve" or self.campaign is None:
            return
        key = len(self.campaign.events)
        if key == self._chances_for:
            return
        self._chances_for = key
        self.chances = {}
        hands = seats(self.campaign.state)
        seed = f"{self.campaign.header.seed}:{key}:chances"

        def work() -> None:
            worker = get_current_worker()
            found = win_chances(hands, Random(seed), CHANCE_TRIALS,
                                stop=lambda: worker.is_cancelled)
            if found and not worker.is_cancelled:
                self.app.call_from_thread(self._show_chances, key, found)

        self.run_worker(work, thread=True, exclusive=True, group="dust_devils.chances")

    def _show_chances(self, key: int, found: dict[str, float]) -> None:
        if key != self._chances_for:
            return
        self.chances = found
        state = self.state
        if state is None or state.conflict is None or state.conflict.phase == "resolve":
            return
        table = self.query_one("#dd-hands", DataTable)
        for p in state.conflict.participants:
            if p.name in found and p.name in table.rows:
                table.update_cell(p.name, "Win", Text(f"{found[p.name]:.0%}"),
                                  update_width=True)

    # -- actions ---------------------------------------------------------------------------

    def _conflict(self) -> Conflict | None:
        state = self.state
        if state is None or state.conflict is None:
            self.app.notify("No conflict is under way: add entrants (a), then open it (o).",
                            title="Conflict")
            return None
        return state.conflict

    def action_add_entrant(self) -> None:
        state = self.state
        if state is None:
            return
        names = {e.name for e in self.pending}
        entering = [c for c in state.characters
                    if c.important and c.in_play and c.name not in names]
        options: Options = [(c.name, c.name) for c in entering]
        knacks: Options = sorted({(k, k) for c in entering for k, _ in c.knacks})
        fields = [
            Field("name", "Character", options),
            Field("goal", "Goal"),
            Field("first", "Attribute", ATTRIBUTE_OPTIONS),
            Field("second", "Attribute", ATTRIBUTE_OPTIONS),
            Field("knack", "Relevant Knack", knacks),
            Field("trait", "A trait fits", YES_NO, "no"),
            Field("devil", "The Devil", DEVIL_SWAY, "0"),
            Field("chip", "Buy a card (Chip)", YES_NO, "no"),
        ]

        def add(v: dict[str, str]) -> None:
            who = state.character(v["name"])
            if who is None:
                raise RuleError("Conflict", "pick the character who enters", field="name")
            if not v["goal"].strip():
                raise RuleError("The Deal", f"{who.name} declares a goal before the Deal",
                                field="goal")
            if v["knack"] and not who.knack(v["knack"]):
                raise RuleError("Knacks", f"{who.name} has no Knack {v['knack']!r}; theirs: "
                                + ", ".join(f"{k} {r}" for k, r in who.knacks), field="knack")
            self.pending.append(Entrant(
                who.name, v["goal"].strip(), (v["first"], v["second"]),
                trait=v["trait"] == "yes", devil=DEVIL_SIGN.get(v["devil"], 0) * who.devil_rating,
                chip=v["chip"] == "yes", knack=v["knack"]))
            self.redraw()

        ask(self, SheetForm("A character enters the conflict", fields,
                            "Cards: the two attributes' current values (the Devil rating "
                            "for one at 0), +1 trait, +/- the Devil rating, +1 Chip. "
                            "The relevant Knack sets the Draw (none: no draw)."),
            add)

    def action_clear_entrants(self) -> None:
        self.pending.clear()
        self.redraw()

    def action_open(self) -> None:
        if not self.pending:
            self.app.notify("Add the characters who enter first (a).", title="Conflict")
            return
        entrants = tuple(self.pending)
        state = self.state
        hurt: Options = [(c.name, c.name) for c in (state.characters if state else ())
                         if c.in_play and c.values != c.ratings]
        fields = [
            Field("title", "Conflict"),
            Field("stakes", "Stakes (0-3 Chips)", value="0"),
            Field("stud", "Dealer's stud hand",
                  [("none: an important NPC plays", "0"),
                   ("3 cards: minor, no Stakes", "3"),
                   ("5 cards", "5"), ("7 cards: hazardous, Stakes 1+", "7")], "5"),
            Field("stud_goal", "Stud hand's goal"),
            Field("stud_chip", "+1 stud card", YES_NO, "no"),
            Field("patient", "A recovery for", hurt),
            Field("recover", "Points back"),
        ]
        threads: Options = [(f"{r.number}. {r.title}", str(r.number))
                            for r in (state.open_threads if state else ())]
        if threads:
            fields.append(Field("takes_up", "Takes up again", threads))
        help_text = OPEN_HELP
        if state is not None and state.winner_card and state.last_winners:
            fields.append(Field("continues", "Goes on from the last", YES_NO, "no"))
            help_text += (" When the conflict just called goes on at once, its winners get "
                          "a card more.")

        def opened(v: dict[str, str]) -> OpenConflict:
            recovery = (v["patient"], parse_split(v["recover"])) if v["patient"] else None
            return OpenConflict(v["title"], entrants, stakes=number(v, "stakes", "Stakes", 0),
                                stud=number(v, "stud", "Stud hand", 0),
                                stud_goal=v["stud_goal"], stud_chip=v["stud_chip"] == "yes",
                                recovery=recovery,
                                takes_up=number(v, "takes_up", "Open threads", 0),
                                continues=v.get("continues") == "yes")

        ask(self, SheetForm("Open the conflict", fields, help_text), opened)

    def action_deal(self) -> None:
        conflict = self._conflict()
        if conflict is None or self.campaign is None:
            return
        hands = deal_hands(self.campaign.rng("deal"),
                           {p.name: p.cards_due for p in conflict.participants})
        self.send(Deal(tuple(hands.items())))

    def action_type_deal(self) -> None:
        conflict = self._conflict()
        if conflict is None:
            return
        fields = [Field(f"h{i}", f"{p.name} ({p.cards_due})")
                  for i, p in enumerate(conflict.participants)]
        ask(self, SheetForm("The cards dealt at the table", fields,
                            "Write cards like As 10h Qd 2c, a joker as * or Joker."),
            lambda v: Deal(tuple((p.name, typed_cards(v[f"h{i}"], p.name))
                                 for i, p in enumerate(conflict.participants))))

    def action_draw(self) -> None:
        conflict = self._conflict()
        state = self.state
        if conflict is None or state is None:
            return
        waiting = [p for p in conflict.active if not p.drawn]
        options: Options = [(p.name, p.name) for p in waiting]
        knacks: Options = sorted({(k, k) for c in state.characters for k, _ in c.knacks
                                  if conflict.participant(c.name) is not None})
        # the form covers the table: it shows each hand and the plain play to throw
        limits = {s.name: s.draw for s in seats(state)}
        plain = {p.name: plain_discards(p.hand, limits.get(p.name, 0)) for p in waiting}
        holds = "".join(f"\n{p.name} holds {cards(p.hand)}; may change "
                        f"{limits.get(p.name, 0)}"
                        + (f", say {cards(plain[p.name])}" if plain[p.name] else "")
                        for p in waiting)
        first = cards(plain[waiting[0].name]) if waiting and plain[waiting[0].name] else ""
        fields = [
            Field("name", "Hand", options, options[0][1] if options else ""),
            Field("discards", "Discards", value=first),
            Field("knack", "Another Knack", knacks),
            Field("chip", "One more (Chip)", YES_NO, "no"),
            Field("drawn", "Cards drawn"),
        ]
        campaign = self.campaign

        def drawn(v: dict[str, str]) -> Draw:
            discards = typed_cards(v["discards"], "Discards")
            new = typed_cards(v["drawn"], "Cards drawn") if v["drawn"].strip() else (
                draw_from_pack(campaign.rng("draw"), conflict.seen, len(discards))
                if campaign is not None else ())
            return Draw(v["name"], discards, new, knack=v["knack"], chip=v["chip"] == "yes")

        ask(self, DrawForm("The Draw", fields,
                           "Up to the rating of the Knack named when the hand entered (or "
                           "another the Dealer rules relevant), +1 for a Chip, + the Devil "
                           "rating at 0. Leave 'Cards drawn' empty and the app draws them; "
                           "nothing discarded stands pat." + holds,
                           plain={n: cards(c) if c else "" for n, c in plain.items()}), drawn)

    def action_fold(self) -> None:
        conflict = self._conflict()
        state = self.state
        if conflict is None or state is None:
            return
        options: Options = [(p.name, p.name) for p in conflict.active
                            if (c := state.character(p.name)) is not None and c.player]
        ask(self, SheetForm("A player spends a Chip to fold", [Field("name", "Who", options)]),
            lambda v: Fold(v["name"]))

    def action_dealer_folds(self) -> None:
        if self._conflict() is not None:
            self.send(DealerFolds(), confirm="The Dealer folds: a Chip to each player "
                      "present, and the conflict stays unresolved. Fold?")

    def action_call(self) -> None:
        conflict = self._conflict()
        if conflict is None:
            return
        active = conflict.active
        fields = []
        for i, p in enumerate(active):
            choice = lay_choices(cards_from_codes(p.hand))
            best = card_codes(choice.best.cards)
            options: Options = [(f"best: {choice.best.describe()}", " ".join(best))]
            if choice.keeps_high_card is not None:
                keeps = card_codes(choice.keeps_high_card.cards)
                options.append((f"keeps the high card: {choice.keeps_high_card.describe()}",
                                " ".join(keeps)))
            fields.append(Field(f"c{i}", p.name, options, options[0][1]))
            fields.append(Field(f"l{i}", "  or lay these"))

        def laid(v: dict[str, str], i: int, name: str) -> tuple[str, ...]:
            typed = v[f"l{i}"].strip()
            return typed_cards(typed or v[f"c{i}"], name)

        ask(self, SheetForm("The Call: what each hand lays", fields,
                            "Each lays five cards (or all it holds): its best hand, or the "
                            "lay that keeps its highest card for narration, or any other."),
            lambda v: Call(tuple((p.name, laid(v, i, p.name)) for i, p in enumerate(active))))

    def action_bid(self) -> None:
        conflict = self._conflict()
        state = self.state
        if conflict is None or state is None:
            return
        players = [c for c in state.players if c.in_play]
        fields = [Field(f"b{i}", f"{c.name} ({c.chips})", value="0")
                  for i, c in enumerate(players)]
        ask(self, SheetForm("Chips bid for narration", fields,
                            f"{conflict.high_card_holder or 'Nobody'} holds the high card "
                            "and keeps narration by meeting the highest bid. Only the "
                            "narrator pays."),
            lambda v: BidForNarration(tuple((c.name, number(v, f"b{i}", "Narration", 0))
                                            for i, c in enumerate(players))))

    def action_difficulty(self) -> None:
        conflict = self._conflict()
        state = self.state
        if conflict is None or state is None:
            return
        waiting = [p for p in conflict.active if p.laid and p.name not in conflict.winners
                   and p.name not in conflict.placed and not p.is_stud]
        who = state.character(waiting[0].name) if waiting else None
        if who is None:
            self.app.notify("No loser is waiting to place Difficulty.", title="Difficulty")
            return
        winning = evaluate(cards_from_codes(conflict.combination))
        points = difficulty_points(winning)
        allowed = difficulty_attributes(winning)
        split = auto_split(points, allowed, {a: who.value(a) for a in ATTRIBUTES})
        ask(self, SheetForm(f"{who.name} loses {points} points", [
            Field("split", "Split", value=", ".join(f"{a} {n}" for a, n in split.items()))],
            f"From {', '.join(f'{a} {who.value(a)}' for a in allowed)}; none below 0."),
            lambda v: TakeDifficulty(who.name, parse_split(v["split"])))

    def action_narrator_difficulty(self) -> None:
        conflict = self._conflict()
        if conflict is None:
            return
        options: Options = [(p.name, p.name) for p in conflict.active if not p.is_stud]
        ask(self, SheetForm("The narrator hands out Difficulty", [
            Field("name", "To", options), Field("split", "Split", value="Guts 1")]),
            lambda v: TakeDifficulty(v["name"], parse_split(v["split"]), by_narrator=True))

    def action_restore(self) -> None:
        conflict = self._conflict()
        if conflict is None:
            return
        lost: Options = sorted({(a, a) for w, a, _ in conflict.difficulty
                                if w == conflict.narrator})
        ask(self, SheetForm(f"{conflict.narrator or 'The narrator'} restores a point",
                            [Field("attribute", "Attribute", lost,
                                   lost[0][1] if lost else "")]),
            lambda v: RestorePoint(v["attribute"]))

    def action_close_thread(self) -> None:
        state = self.state
        threads: Options = [(f"{r.number}. {r.title}", str(r.number))
                            for r in (state.open_threads if state else ())]
        ask(self, SheetForm("An open thread is over", [
            Field("number", "Thread", threads, threads[0][1] if threads else ""),
            Field("reason", "How it ended")]),
            lambda v: CloseThread(number(v, "number", "Open threads"), v["reason"]))

    def action_end(self) -> None:
        if self._conflict() is not None:
            self.send(EndConflict())

    def action_earlier(self) -> None:
        if self.state is not None:
            self.app.push_screen(EarlierConflicts(self.state.past))

    def action_undo_conflict(self) -> None:
        campaign = self.campaign
        if campaign is None:
            return
        opened = [e for e in campaign.events if e.kind == "dust_devils.conflict_opened"
                  and not campaign.is_undone(e)]
        if not opened:
            self.app.notify("No conflict to take back.", title="Undo")
            return
        self.post_message(GamePane.UndoRequested(self, opened[-1].seq - 1))

