"""The Conflict tab: a conflict step by step. Set up (who enters, with which attributes and
goals, the Stakes and the Dealer's stud hand), the Deal (the app deals from the campaign's
seeded pack, or the Dealer types the physical cards), the Draw, folds, the Call (the best
lay, and the lay that keeps the high card when it differs), narration bids, Difficulty, the
narrator's restored point, and the end with the Stakes paid. The last few earlier conflicts
are listed below; h shows them all. The words under the hands name the steps of the moment,
and take them when clicked (`keys`). The text comes from `view`; what may be done now is
asked of the rules.

An opening taken back (u, or ctrl+z) is offered again by o on what it said: the characters
added before it stay; one that gave its characters with it, in one step (an older journal,
the sample), leaves nobody entering, so o opens it again with them as they entered. So a
character added wrong (a goal, an attribute) and a loss placed wrong (its loser, split or
words), taken back by the newest undo with no step since: a, k or K opens on what was sent,
said in the form's note, to mend the one field and send; once another step is taken the
forms open as before.

Before the Call each hand's chance of winning is estimated in a worker thread (never
blocking the screen), each hand drawing as its Draw may (see `odds`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Input, Static
from textual.worker import get_current_worker

from gmscreen.core.cards import Card, card_codes, cards_from_codes
from gmscreen.core.text import plural
from gmscreen.games.dust_devils import conflict as steps
from gmscreen.games.dust_devils import resolution, view
from gmscreen.games.dust_devils.call import (
    lay_choices,
    lay_narrator,
)
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
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
    WithdrawEntrants,
)
from gmscreen.games.dust_devils.deal import deal_hands, draw_from_pack, plain_discards
from gmscreen.games.dust_devils.events import (
    KINDS,
    SIDES,
    Called,
    CardsDealt,
    CardsDrawn,
    CharacterChanged,
    CharacterMade,
    ConflictOpened,
    DifficultyTaken,
    Entered,
    EntrantAdded,
    NarrationBid,
)
from gmscreen.games.dust_devils.log import cards, named, quoted, shown
from gmscreen.games.dust_devils.odds import seats, win_chances
from gmscreen.games.dust_devils.panes.characters import CharactersPane
from gmscreen.games.dust_devils.panes.earlier import EarlierConflicts
from gmscreen.games.dust_devils.panes.tab import DustDevilsTab, FittedTable
from gmscreen.games.dust_devils.recovery import recoverable, recovery_bands, recovery_stud
from gmscreen.games.dust_devils.rules import (
    OutOfStep,
    devils_first,
    devils_to_set_now,
    refusal_of,
)
from gmscreen.games.dust_devils.sheet import ATTRIBUTES, Attribute, parse_split
from gmscreen.games.dust_devils.state import DEALER, Conflict, DustDevilsState
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from gmscreen.ui import form
from gmscreen.ui.form import Form, Values, ask
from gmscreen.ui.kept_whole import KeptWhole, WholeWords
from gmscreen.ui.keymap import find_binding, shown_key
from gmscreen.ui.keys_line import KeysLine, clickable, more_keys
from gmscreen.ui.one_of import OneOf
from gmscreen.ui.reading import ReadingScroll
from gmscreen.ui.sections import fitted_widths
from gmscreen.ui.steps import Refusal

ATTRIBUTE_OPTIONS = [(f"{a} {a.symbol}", a.value) for a in ATTRIBUTES]
#: under the character entering a conflict (book l.172-174, 260, 371)
ENTERING_ABOUT = ("Who enters with a hand of his own: a player character, one of the "
                  "Dealer's with a Devil, or, when the Dealer likes, one without (whom the "
                  "stud hand, set as the conflict opens, usually plays)")
#: under each hand's lay at the Call (book l.202-204)
LAY_ABOUT = ("The best poker hand laid wins; the single highest card laid narrates, so a "
             "lay that keeps the hand's highest card may be worth a weaker hand")
#: under the entrant form's two attributes (book l.168-170)
PAIR_ABOUT = ("Two different attributes, the player's pick with the Dealer's approval: "
              "two that fit (or make the best scene), first those of his last conflict. "
              "Their values now are the cards dealt; a third that fits gives none")
#: the Devil in the Deal: out of it, or its whole rating for or against the character
DEVIL_SWAY = [("stays out", "0"), ("helps: +", "+"), ("hinders: -", "-")]
DEVIL_SIGN = {"0": 0, "+": 1, "-": -1}
#: the side an entrant's hand plays on (`events.SIDES`; "usual" for ""), on one line
SIDE_OPTIONS = [(word, side or "usual") for side, word in SIDES.items()]
SIDE_ABOUT = ("Usual: the players' characters together against the Dealer's hands. Set "
              "it where goals part them (a player's character with the Dealer's, one of "
              "his with the players): no side takes Difficulty from its own winner")
#: side by side on one line at 80 columns, one always chosen: "none" (an important NPC
#: plays a hand of his own) is itself a choice
STUD_OPTIONS = [("none", "0"), ("3 cards", "3"), ("5 cards", "5"), ("7 cards", "7")]
CHANCE_TRIALS = 10_000
RECOVERY_HELP = ("A recovery: a healing or consoling Knack (named as the healer is added) "
                 "against a stud hand of "
                 + ", ".join(f"{stud} for {least}+ points" for least, stud in recovery_bands())
                 + "; name the patient and the points, like Guts 1, Heart 1.")
OPEN_HELP = ("A stud hand's card more costs the Dealer a Chip to each player present. "
             + RECOVERY_HELP)


#: the columns a form's field has beside its label (a form is 78 wide), with a scroll bar
FIELD_ROOM = 52


def lines_side_by_side(labels: Sequence[str], room: int = FIELD_ROOM) -> int:
    """The lines that choices side by side take in a form's field: each a box and its
    label (five columns more than the label), two columns between two on a line."""
    lines, used = 1, 0
    for label in labels:
        size = len(label) + 5
        if used and used + 2 + size > room:
            lines, used = lines + 1, size
        else:
            used += (2 if used else 0) + size
    return lines


#: each step's keys in the order of play, and what each does (after its key), by the
#: conflict's phase
STEP_KEYS = {
    "deal": (("deal", "deals from the app's pack"),
             ("type_deal", "takes the cards dealt at the table"),
             ("fold", "folds (a player's Chip)"), ("dealer_folds", "the Dealer folds")),
    "draw": (("draw", "for each hand that changes cards"), ("call", "calls"),
             ("fold", "folds (a player's Chip)"), ("dealer_folds", "the Dealer folds")),
    "resolve": (("bid", "bids for narration"),
                ("difficulty", "places a loser's Difficulty"),
                ("narrator_difficulty", "the narrator hands anyone Difficulty"),
                ("restore", "restores the narrator's point"),
                ("end", "ends it")),
}
STEP_NAMES = {"deal": "Deal", "draw": "Draw", "resolve": "Resolution"}


def book_key(action: str) -> str:
    """The key the book's keymap gives the step `action` of the Conflict tab (or, for the
    Devils the Conflict tab sends the Dealer to, of the Characters tab)."""
    return next(b.key for pane in (ConflictPane, CharactersPane) for b in pane.BINDINGS
                if isinstance(b, Binding) and b.action == action)


def next_step(state: DustDevilsState,
              why_not: Callable[[str], RuleError | None] = lambda action: None,
              key_of: Callable[[str], str] = book_key) -> str:
    """The keys of the step the conflict is at that apply now (`why_not` asks the rules,
    as the footer does); after the Call, what the end waits for, in the rules' words.
    `key_of`: a step's key as the Dealer set it (the book's, by default)."""
    return "".join(words for _, words in step_words(state, why_not, key_of=key_of))


def step_words(state: DustDevilsState,
               why_not: Callable[[str], RuleError | None] = lambda action: None,
               start_key: str = "f5", key_of: Callable[[str], str] = book_key,
               ) -> list[tuple[str, str]]:
    """`next_step` in pieces, (action, words) each: the words that name a step with the
    action they take ("" for the words between); `start_key`, the key that starts a
    session, and `key_of`, each step's key, as the Dealer set them (round 25: a refusal
    named the book's keys, and the words ending in a key kept it, changed or not)."""
    conflict = state.conflict
    add, open_ = key_of("add_entrant"), key_of("open")
    if conflict is None:
        if state.entering:
            return [("add_entrant", f"Add more with {add}"), ("", ", "),
                    ("withdraw", f"take one out with {key_of('withdraw')}"), ("", ", or "),
                    ("open", f"open the conflict with {open_}"),
                    ("", " (title, Stakes, stud hand).")]
        # a session begun: the Devils come first (book l.115), and once the notice that
        # said so has gone, only the Characters tab's "?" said it
        setting = [who.name for who in devils_to_set_now(state)]
        if setting:
            first = devils_first(state.session, setting, ())[0]
            return [("", f"{first[0].upper()}{first[1:]} "
                     f"({key_of('session_devils')} on the Characters tab); then "),
                    ("add_entrant", f"add each character entering the conflict with {add}"),
                    ("", f", and open it with {open_}.")]
        refused = why_not("add_entrant")
        if refused is not None:
            # nobody may enter (no sheet made, or all gone from play): a offered here was
            # refused at the key
            return [("", f"{refused.message[0].upper()}{refused.message[1:]}.")]
        if not state.in_session:
            # before the first session (or between two) the session comes first: its
            # start is where each player sets the Devil rating (book l.115)
            return [("", f"{start_key} starts session {state.session + 1}, where each "
                     "player sets the Devil rating; then "),
                    ("add_entrant", f"add each character entering the conflict with {add}"),
                    ("", f", and open it with {open_}.")]
        return [("add_entrant", f"Add each character entering the conflict with {add}"),
                ("", f", then open it with {open_}.")]
    steps = STEP_KEYS[conflict.phase]
    # the end pays Stakes only when a player character is due some: "pays the Stakes" of
    # none, or of a conflict the Dealer's hands won, misled; whom and how many, for the
    # Chips handed across the table
    paid = view.stakes_paid(state)
    ends = f"{key_of('end')} ends it" + (f" and pays the Stakes ({paid})" if paid else "")
    now = [(action, ends if action == "end" else f"{key_of(action)} {words}")
           for action, words in steps if why_not(action) is None]
    told: list[tuple[str, str]] = [("", f"{STEP_NAMES[conflict.phase]}: ")]
    for at, piece in enumerate(now):
        told += [("", ", ")] * bool(at) + [piece]
    told.append(("", "." if now else "nothing now."))
    ending = why_not("end") if conflict.phase == "resolve" else None
    if ending is not None:
        told += [("", " Then "), ("end", ends), ("", f": {ending.message}.")]
    return told


def _split_words(split: Mapping[Attribute, int]) -> str:
    """A split as the Split field holds it: "Guts 2, Heart 1"."""
    return ", ".join(f"{a} {n}" for a, n in split.items())


def _dealt_about(name: str, count: int) -> str:
    """What goes in a hand's field of the Deal typed from the table's pack."""
    whose = "the stud hand" if name == DEALER else name
    return f"The {count} cards dealt to {whose} from the table's pack; blank: the app deals them"


#: said under a Difficulty form filled in with the loss taken back
_AGAIN = " The loss taken back is filled in."


def _told_field(told: str = "") -> form.Field:
    """The narrator's words for a loss, kept with it: a recovery must fit them."""
    return form.text("told", "Told as", told,
                     placeholder="a wound, shame, fear: the narrator's words",
                     about="What the loss is, as the narrator tells it; a recovery's "
                           "treatment must fit it")


def _sway(devil: int) -> str:
    """The entrant form's choice of the Devil for the cards it moved (`DEVIL_SWAY`)."""
    return "+" if devil > 0 else "-" if devil < 0 else "0"


def _offer_chip(shown: Form, refused: RuleError | None, label: str) -> str:
    """The form's Chip box ticks only when the rules let the hand have a Chip's card
    (`refused` says why not): a tick it refuses is taken off again. The box is never
    disabled, which would take it out of the Tab order: the Dealer tabbing to the field
    after it would land further on, on the buttons, and type the cards there. Returns the
    words for the form's preview line, naming the box by its `label` ("" when a Chip may
    be spent)."""
    box = shown.widget_of("chip")
    if refused is not None and shown.values().flag("chip"):
        shown.set_value("chip", False)
    box.tooltip = refused.message if refused is not None else None
    return f" {label}: {refused.message}." if refused is not None else ""


def _typed(values: Values, key: str, count: int | None = None) -> list[Card]:
    return values.cards(key, count) or []


class Marks(WholeWords):
    """A cell of marks ("trait, Chip, Devil +2"): it wraps between them, never inside one
    ("Devil" / "+2" read as two), and reads as written."""

    def kept(self) -> list[tuple[int, int]]:
        spans = [m.span() for m in re.finditer(r"[^,]+", self.plain)]
        return [(a + (self.plain[a] == " "), b) for a, b in spans]


class ConflictPane(DustDevilsTab):
    """The conflict under way (or the one being set up), with every hand and its chances."""

    DEFAULT_CSS = """
    ConflictPane #dd-title { height: auto; padding: 0 1; background: $boost; }
    ConflictPane #dd-main { height: 1fr; }
    ConflictPane DataTable { height: auto; max-height: 1fr; }
    ConflictPane #dd-note { height: auto; padding: 0 1; color: $text-muted; }
    ConflictPane #dd-below { height: 1fr; border-top: solid $primary; padding: 0 1; }
    ConflictPane #dd-side { width: 45%; min-width: 70; border-left: solid $primary;
                            padding: 0 1; }
    ConflictPane.-narrow #dd-side { display: none; }
    ConflictPane.-nobody #dd-side { display: none; }
    """
    #: below this width the hands' sheets beside the table are left out
    WIDE = 140
    #: the Cards column: seven cards a line at 80 columns, twelve when wide
    CARDS_NARROW = 27
    CARDS_WIDE = 48
    #: the earlier conflicts the tab has room for at 80x24; h shows them all
    EARLIER_SHOWN = 4
    LOOKING = frozenset({"earlier"})
    #: the palette's names hold the words a Dealer types for the step, where the footer's
    #: short label found nothing ("stakes", "stud", "withdraw", "heal", "damage")
    PALETTE_NAMES: ClassVar[dict[str, str]] = {
        "add_entrant": "Add entrant, a healer too",
        "withdraw": "Take out (withdraw an entrant)",
        "open": "Open conflict (title, Stakes, stud hand, a healing's patient)",
        "difficulty": "Difficulty to a loser (damage)",
        "end": "End conflict, paying the Stakes",
        "earlier": "Earlier conflicts",
    }
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add_entrant", "Add entrant", id="dust_devils.add_entrant",
                tooltip="A character enters the conflict: goal, two attributes, extras"),
        Binding("x", "withdraw", "Take out", id="dust_devils.withdraw",
                show=False, tooltip="Take a character (or everyone) out of the conflict "
                "being set up"),
        Binding("o", "open", "Open conflict", id="dust_devils.open",
                tooltip="Title, Stakes and the Dealer's stud hand; then the Deal"),
        Binding("d", "deal", "Deal", id="dust_devils.deal",
                tooltip="Deal every hand from a freshly shuffled pack of 54 (two jokers, wild)"),
        Binding("D", "type_deal", "Type deal", id="dust_devils.type_deal",
                tooltip="Type the cards dealt from the table's own pack"),
        Binding("w", "draw", "Draw", id="dust_devils.draw",
                tooltip="A hand changes cards: up to its relevant Knack's rating, one more for a "
                "Chip, its Devil rating more at 0; the stud hand only for a Chip to each "
                "player"),
        Binding("f", "fold", "Fold", id="dust_devils.fold",
                tooltip="A player spends a Chip to fold before the Call: no Difficulty, no Stakes"),
        Binding("F", "dealer_folds", "Dealer folds", id="dust_devils.dealer_folds",
                show=False, tooltip="The Dealer gives each player present a Chip and folds, only "
                "with an important NPC in the conflict: nobody takes Difficulty"),
        Binding("l", "call", "Call", id="dust_devils.call",
                tooltip="Every hand lays five cards (all it holds, if fewer): the best poker "
                "hand wins, the single highest card narrates"),
        # the labels short: at 80 columns a longer one pushed ^z Undo off the footer
        Binding("b", "bid", "Bid", id="dust_devils.bid",
                tooltip="Players bid Chips to narrate; the high card's holder keeps "
                "narration by meeting the top bid"),
        Binding("k", "difficulty", "Difficulty", id="dust_devils.difficulty",
                tooltip="The next loser places the Difficulty"),
        Binding("K", "narrator_difficulty", "Narrator's Difficulty",
                id="dust_devils.narrator_difficulty", show=False,
                tooltip="The narrator hands Difficulty to anyone, as the book allows"),
        Binding("r", "restore", "Restore", id="dust_devils.restore",
                tooltip="The narrator who paid Chips for narration gets back a point of "
                "this conflict's Difficulty"),
        Binding("e", "end", "End conflict", id="dust_devils.end",
                tooltip="Pay the Stakes to the winning players and close the conflict"),
        # after the steps, and named under them rather than on the footer (`quiet`)
        Binding("t", "close_thread", "Close thread", id="dust_devils.close_thread",
                tooltip="An open thread (an unresolved conflict) is over or abandoned"),
        Binding("u", "undo_conflict", "Undo conflict", id="dust_devils.undo_conflict",
                tooltip="Take the whole conflict back as one step; the characters added "
                "to it stay, to open it again"),
        Binding("h", "earlier", "Earlier", id="dust_devils.earlier",
                tooltip="Every earlier conflict, session by session"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.chances: dict[str, float] = {}
        self._chances_for = -1
        #: the step the columns were made for, their headings and their widths
        self._columns_made: tuple[object, ...] = ()
        #: whether the Dealer put the table's cursor on a hand (clicked it, or moved to it):
        #: the steps then open for that hand. Resting on the first row picks nobody
        self._picked = False
        #: while the tab makes the rows anew: the cursor it moves picks nobody
        self._drawing = False

    def compose(self) -> ComposeResult:
        yield Static(id="dd-title", markup=False)
        with Horizontal(id="dd-main"):
            with Vertical():
                yield FittedTable(self.redraw, id="dd-hands")
                yield Static(id="dd-note", markup=False)
                with ReadingScroll(id="dd-below"):
                    yield KeysLine(id="dd-detail", markup=False)
            with ReadingScroll(id="dd-side"):
                yield Static(id="dd-sheets", markup=False)

    def on_mount(self) -> None:
        # before the tab's own on_mount draws the rows (Textual calls both, this one first).
        # A hand is picked as the cursor moves, not when the table's message saying so
        # comes: a step's key typed straight after the arrow (in one burst, or handed over
        # together by a loaded machine) ran before that message, and its form opened on the
        # first hand that could take it, not on the row the cursor was on (round 35)
        self.watch(self.query_one("#dd-hands", DataTable), "cursor_coordinate",
                   self._cursor_moved, init=False)

    def _cursor_moved(self) -> None:
        if not self._drawing:
            self._picked = True

    @property
    def narrow(self) -> bool:
        """Whether the tab is too narrow for the sheets beside the table (before it is laid
        out, whether the screen is)."""
        return (self.size.width or self.app.size.width) < self.WIDE

    def on_resize(self) -> None:
        if self.narrow != self.has_class("-narrow"):
            self.set_class(self.narrow, "-narrow")  # the table's width follows, and its columns

    @property
    def conflict(self) -> Conflict:
        """The conflict under way (the keys that need one are refused without it)."""
        conflict = self.state.conflict
        assert conflict is not None
        return conflict

    def quiet(self, action: str) -> bool:
        # u (take a conflict back whole, a mending step), h (the earlier conflicts, a look)
        # and t while a conflict is set up or under way (a thread is closed between them)
        # are named under the steps (`_detail`). On the footer they pushed ^z Undo, ^y Redo
        # (offered right after an undo, whose notice names it) and n Note off at 80 columns
        if action == "close_thread":
            return self.state.conflict is not None or bool(self.state.entering)
        return action in {"undo_conflict", "earlier"}

    def why_not(self, action: str) -> Refusal:
        refused = self._rule_against(action)
        if isinstance(refused, OutOfStep):
            # not the moment for it: the steps are the keys, say which apply now (unless
            # they are this refusal again: nobody may enter a conflict)
            steps_now = next_step(self.state, self._rule_against, self._key_for)
            if steps_now.lower().startswith(refused.message.lower()):
                return RuleError(refused.rule, refused.message)
            return RuleError(refused.rule, f"{refused.message}. {steps_now}")
        return refused

    def _rule_against(self, action: str) -> RuleError | None:
        state = self.state
        asked = {
            "add_entrant": steps.why_not_add_entrant, "withdraw": steps.why_not_withdraw,
            "deal": steps.why_not_deal,
            "type_deal": steps.why_not_deal, "draw": steps.why_not_draw,
            "fold": steps.why_not_fold, "dealer_folds": steps.why_not_dealer_folds,
            "call": steps.why_not_call, "bid": resolution.why_not_bid,
            "difficulty": resolution.why_not_difficulty,
            "narrator_difficulty": resolution.why_not_narrator_difficulty,
            "restore": resolution.why_not_restore, "end": resolution.why_not_end,
            "close_thread": resolution.why_not_close_thread,
        }.get(action)
        if asked is not None:
            return asked(state)
        if action == "open":
            if self._reopened() is not None:
                return None  # its characters given again with it, checked as it opens
            return steps.why_not_withdraw(state)  # one is under way, or nobody is entering
        if action == "undo_conflict" and self._last_opened() is None:
            return RuleError("Undo", "no conflict to take back")
        return None

    # -- drawing ---------------------------------------------------------------------------

    def _columns(self, headings: tuple[str, ...], step: str,
                 rows: Sequence[Sequence[str]]) -> None:
        """Before the Call a row shows the hand held; after it, what was laid and the
        result. Long hands wrap in the Cards column, and a long name is cut short (the
        sheets say it whole), so 80 columns show every column. Each column is as wide as
        its cells need now, the columns made anew when the `step` (the set up, each step
        of a conflict) or those widths change: left to itself a column kept the widest
        cell it ever held ("entering, at 0" in the set up pushed the Win column past 80
        columns at the Draw)."""
        table = self.query_one("#dd-hands", DataTable)
        narrow = self.narrow
        cards = self.CARDS_NARROW if narrow else self.CARDS_WIDE
        # the Cards column as wide as its cards wrap at, the Win column with room for "100%"
        # (the rows have no cell of it)
        widest = tuple("100%" if h == "Win" else " " * cards if h == "Cards" else ""
                       for h in headings)
        # the Status column fitted as wide as its longest mark, then given what room is
        # left: several marks ("trait, Chip, Devil +2, drawn") wrap in it as the cards do,
        # where they cut every name to a few letters
        sized = [widest, *(tuple("" if h == "Cards" else
                                 max(cell.split(", "), key=len) + "," if h == "Status" and cell
                                 else cell
                                 for h, cell in zip(headings, (*row, ""), strict=False))
                           for row in rows)]
        # narrow, the table has the tab's whole width: the sheets are left out, though the
        # tab, just narrowed, may not have said so yet (a table squeezed beside them for a
        # moment cut the names to three letters)
        room = (self.size.width if narrow else table.size.width) or self.app.size.width
        widths = fitted_widths(headings, sized, room, None, [0],
                               table.styles.scrollbar_size_vertical)
        if "Status" in headings:
            at = headings.index("Status")
            spare = room - sum(widths) - 2 * len(widths) - table.styles.scrollbar_size_vertical
            whole = max((len(row[at]) for row in rows if len(row) > at), default=0)
            widths[at] = max(widths[at], min(whole, widths[at] + max(spare, 0)))
        if (step, *headings, *widths) == self._columns_made:
            return
        self._columns_made = (step, *headings, *widths)
        table.clear(columns=True)
        for heading, width in zip(headings, widths, strict=True):
            table.add_column(heading, width=width, key=heading)

    def redraw(self) -> None:
        if self.campaign is None:
            return
        # the rows made anew move the cursor: no hand is picked by that
        self._drawing = True
        try:
            with self.prevent(DataTable.RowHighlighted):
                self._draw_hands()
        finally:
            self._drawing = False
        self.query_one("#dd-detail", Static).update(self._detail(self.state))
        self.query_one("#dd-sheets", Static).update(self._sheets(self.state))
        # between conflicts no sheet is beside the table: the tab's whole width is the
        # steps', where an empty column took 45% of it at 200 columns
        self.set_class(self.state.conflict is None and not self.state.entering, "-nobody")
        self.refresh_bindings()

    @on(DataTable.RowHighlighted, "#dd-hands")
    @on(DataTable.RowSelected, "#dd-hands")
    def _hand_picked(self) -> None:
        self._picked = True

    def _draw_hands(self) -> None:
        state = self.state
        conflict = state.conflict
        title = self.query_one("#dd-title", Static)
        table = self.query_one("#dd-hands", DataTable)
        note = self.query_one("#dd-note", Static)
        if conflict is None:
            note.update(view.entering_note(state) if state.entering else "")
            note.display = bool(state.entering)
            # between conflicts no hand is listed: no headings over no rows
            table.display = bool(state.entering)
            rows = [view.entering_row(state, e) for e in state.entering]
            self._columns((*view.BEFORE_CALL, "Win"), "entering", rows)
            table.clear()
            # "(0 held so far)" counted before anything was held
            title.update(Text(f"No conflict under way ({len(state.past)} held so far)"
                              if state.past else "No conflict held yet", style="bold"))
            for e, row in zip(state.entering, rows, strict=True):
                cells = self._cells(row)
                cells[3].stylize("bold" if view.entering_last(state, e) else "")
                table.add_row(*cells, Text(""), height=None)
        else:
            # first, so that a step's new cards never show the chances of the cards before
            # it: blank until those of the cards now are worked out
            self._start_chances(conflict)
            hands = view.hands_grid(conflict, state)
            called = conflict.phase == "resolve"
            self._columns(hands.columns if called else (*hands.columns, "Win"),
                          f"{conflict.number} {conflict.phase}", hands.rows)
            note.update(hands.note if called else self._win_note(hands.note))
            note.display = table.display = True
            picked = self._cursor_on()  # kept picked as the rows are made anew
            table.clear()
            # wrapped at plain spaces only: the stud hand's name stays whole
            title.update(KeptWhole(Text(hands.title, style="bold"), ()))
            for p, row in zip(conflict.participants, hands.rows, strict=True):
                cells = self._cells(row)
                if called:
                    cells[3].stylize("bold" if p.name in conflict.winners else "")
                else:
                    cells[3].stylize("bold" if p.at_zero else "")
                    chance = self.chances.get(p.name)
                    cells.append(Text(view.chance_words(chance) if chance is not None else ""))
                table.add_row(*cells, key=p.name, height=None)
            if conflict.participant(picked) is not None:
                table.move_cursor(row=table.get_row_index(picked))
                return
        self._picked = False  # the hand picked is in no conflict now

    @staticmethod
    def _cells(row: Sequence[str]) -> list[Text]:
        """A hand's row as text: its name on one line, cut short where the room is short."""
        name, *others = row
        # a mark of the Status column kept whole where it wraps ("Devil" / "+2" read as two)
        return [Text(name, no_wrap=True, overflow="ellipsis"),
                *(Marks(c) if at == 2 else Text(c)
                  for at, c in enumerate(others))]

    def _sheets(self, state: DustDevilsState) -> Text:
        """The sheets of the characters in the conflict (or entering it), for the Dealer's
        rulings on Knacks, traits and Devils."""
        names = ([p.name for p in state.conflict.participants] if state.conflict is not None
                 else [e.name for e in state.entering])
        text = Text()
        for name in names:
            who = state.character(name)
            if who is not None:
                shown = view.sheet_lines(who, state, brief=True)
                text.append(shown[0], style="bold")
                text.append("\n" + "\n".join(shown[1:]) + "\n\n")
        return text or Text("The sheets of those in the conflict show here.")

    def _key_for(self, action: str) -> str:
        """The key of the step `action` of this tab (or, for the Devils, of the Characters
        tab), as the Dealer set it: for the words that name it in a refusal or on the tab."""
        return next(self._key(b) for pane in (self, CharactersPane) for b in pane.BINDINGS
                    if isinstance(b, Binding) and b.action == action)

    def _start_key(self) -> str:
        """The key that starts a session, as the Dealer set it (the shell's)."""
        binding = find_binding("start_session", self.screen)
        # the book's f5 on a screen without the shell's keys
        return "f5" if binding is None else shown_key(self.app, binding)

    def _detail(self, state: DustDevilsState) -> Text:
        # the steps named take themselves when clicked
        again = self._reopened()
        reason = self.campaign.read_only_reason if self.campaign is not None else None
        if reason is not None:
            # a replay, an undo's preview, a campaign another window holds (the banner or
            # the preview says which): no key here takes a step, and the footer offers none;
            # the steps named as keys read as if they did
            text = Text("Read only: no step is taken here.", style="italic")
        elif again is not None:
            # opened in one step and taken back whole: nobody is left entering, and the
            # Dealer is told how to open it again rather than to add everyone anew
            names = [e.name for e in again.entrants if e.name != DEALER]
            text = clickable([
                ("", f"Conflict {again.number}, {again.title}, is taken back: "),
                ("open", f"o opens it again with {' and '.join(names)} as they entered"),
                ("", ", or "), ("add_entrant", "a sets one up anew"), ("", ".")],
                style="italic")
        else:
            text = clickable(step_words(state, self._rule_against, self._start_key(),
                                        self._key_for), style="italic")
        last = self._last_opened()
        if last is not None and reason is None and more_keys(self, [("undo_conflict", "")]):
            ended = KINDS.read(last)
            assert isinstance(ended, ConflictOpened)
            # held in a session ended since: its end (the recovery) goes back with it
            earlier = last.session > 0 and (last.session != state.session
                                            or not state.in_session)
            held = f", of session {last.session}," if earlier else ","
            title = quoted(ended.title)  # "Roof?," read as a slip
            text.append_text(clickable([("", "\n"), (
                "undo_conflict", f"u takes back conflict {ended.number}, {title}{held} "
                "and every step since" + (", that session's end too" if earlier else "")),
                ("", ".")], style="italic"))
        text.append("\n")
        if state.conflict is None:
            text.append("".join(f"\n{line}"
                                for line in view.entering_lines(state, state.entering)))
        # t, left out of the footer, is named at the end of the open threads' line, where a
        # line of its own above took a row the outcome needs at 80x24
        closing = more_keys(self, [("close_thread", "")])
        for line in view.conflict_lines(state):
            if closing and line.startswith(view.OPEN_THREADS):
                text.append(f"\n{line.removesuffix('.')} (")
                text.append_text(clickable([("close_thread", "t closes one")],
                                           style="italic"))
                text.append(").")
            else:
                text.append(f"\n{line}")
        if state.past:
            shown = state.past[-self.EARLIER_SHOWN:]
            more = len(state.past) - len(shown)
            text.append_text(clickable([
                ("", f"\n\nEarlier (the last {len(shown)}; "),
                ("earlier", f"h shows all {len(state.past)}"), ("", ")")] if more else [
                ("", "\n\nEarlier ("), ("earlier", "h shows them by session"), ("", ")")]))
            text.append(": ")
            text.append("; ".join(view.record_line(r) for r in shown))
        return text

    # -- win chances in a worker -----------------------------------------------------------

    def _win_note(self, note: str) -> str:
        """The key under the hands before the Call, with the chances by side once they are
        in (a hand on the winner's side wins with it)."""
        by_side = view.side_chances(self.state, self.chances)
        return f"{note} {view.WIN_NOTE}" + (f"\n{by_side}" if by_side else "")

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

        # the kit's advice: a fault in the chances is said in a notice, never quits the app
        self.advise(work, group="dust_devils.chances", what="The win chances")

    def _show_chances(self, key: int, found: dict[str, float]) -> None:
        if key != self._chances_for:
            return
        self.chances = found
        conflict = self.state.conflict
        if conflict is None or conflict.phase == "resolve":
            return
        table = self.query_one("#dd-hands", DataTable)
        self.query_one("#dd-note", Static).update(self._win_note(view.BEFORE_NOTE))
        for p in conflict.participants:
            if p.name in found and p.name in table.rows:
                table.update_cell(p.name, "Win", Text(view.chance_words(found[p.name])),
                                  update_width=True)

    # -- setting a conflict up -----------------------------------------------------------------

    def action_add_entrant(self) -> None:
        state = self.state
        # only those the rules let enter: not one who has left play, nor one whose fate is
        # due, nor one added already
        names = list(steps.entrants_left(state))

        def knacks_of(name: str) -> list[tuple[str, str]]:
            return view.knack_choices(state.character(name))

        def entrant(v: Values) -> Entrant:
            who = state.character(v.text("name"))
            rating = who.devil_rating if who is not None else 0
            side = v.text("side")
            return Entrant(v.text("name"), v.text("goal"), (v.text("first"), v.text("second")),
                           trait=v.flag("trait"),
                           devil=DEVIL_SIGN.get(v.text("devil"), 0) * rating,
                           chip=v.flag("chip"), knack=v.text("knack"),
                           side="" if side == "usual" else side)

        def follow(shown: Form) -> None:
            # read before his Knacks are listed: a Knack the one before was offered and this
            # one lacks is emptied by the list, and his own was then never offered (round 34)
            values = shown.values()
            name = values.text("name")
            shown.set_options("knack", knacks_of(name))
            now, then = offered(name), shown_offer[0]
            if now != then:
                # another character: his own last choices, where the Dealer kept the offer
                for key, was, offer in zip(("first", "second", "knack"), then, now, strict=True):
                    if values.text(key) == was:
                        shown.set_value(key, offer)
                shown_offer[0] = now
            # a player's card more costs a Chip held: none, and the box does not tick
            chip = _offer_chip(shown, steps.why_not_chip(state, name, "Extra card"),
                               "Buy a card (Chip)")
            # the traits and the Devil the Dealer rules on, and the cards the choices deal
            shown.show_preview(view.entrant_preview(state, entrant(shown.values())) + chip)

        def add(v: Values) -> AddEntrant:
            who = state.character(v.text("name"))
            if who is None:
                raise RuleError("Conflict", "pick the character who enters", field="name")
            if DEVIL_SIGN.get(v.text("devil"), 0) and not who.important:
                # his rating is 0: the sway would be sent as none, and the Dealer's choice
                # lost without a word (the rules refuse a sway of one without a Devil)
                raise RuleError("The Devil's due", f"{who.name} has no Devil to sway the "
                                "Deal: the Devil stays out", field="devil")
            return AddEntrant(entrant(v))

        # a character added wrong and taken back (ctrl+z): what he was added with, to mend
        # the one field and send
        again = self._entrant_taken_back(names)
        # the first who usually enters with a hand of his own: a minor character of the
        # Dealer's (no Devil) is usually the stud hand's, picked on purpose
        first = again.name if again is not None else next(
            (n for n in names if (w := state.character(n)) is not None and w.important),
            names[0] if names else "")
        # the book has no usual pair of attributes nor Knack: each character is offered the
        # ones he entered his last conflict with (a fight goes on as a fight), following
        # the character picked until the Dealer picks his own (round 33)
        last = self._last_entries(names)

        def offered(name: str) -> tuple[str, str, str]:
            entered, who = last.get(name), state.character(name)
            if who is None:
                return ("Hand", "Eye", "")
            # an attribute now at 0 would make it his last conflict: never by a default, nor
            # by the Hand and Eye offered instead (round 34): the first two standing, in the
            # sheet's order (Hand and Eye where both stand)
            standing = sorted(ATTRIBUTES, key=lambda a: who.value(a) == 0)
            usual = (standing[0].value, standing[1].value)
            if entered is None:
                return (*usual, "")
            pair = usual if any(who.value(a) == 0 for a in entered.attributes) \
                else (entered.attributes[0].value, entered.attributes[1].value)
            knack = entered.knack if who.knack(entered.knack) else ""
            return (*pair, knack)

        shown_offer = [offered(first)]
        # side by side while the names take two lines at most; more, and a drop-down that
        # letters open at the name (what the form says of the one picked must stay above
        # its buttons at 80x24)
        side_by_side = lines_side_by_side(names) <= 2
        ask(self, Form("A character enters the conflict", [
            form.one_of("name", "Character", names, first, about=ENTERING_ABOUT)
            if side_by_side else form.choose("name", "Character", names, first,
                                             required=True, about=ENTERING_ABOUT),
            form.text("goal", "Goal", again.goal if again is not None else "",
                      about="Declared before the Deal: what the character wants out of it"),
            form.one_of("first", "Attribute", ATTRIBUTE_OPTIONS,
                        again.attributes[0].value if again is not None
                        else shown_offer[0][0], about=PAIR_ABOUT),
            form.one_of("second", "Attribute", ATTRIBUTE_OPTIONS,
                        again.attributes[1].value if again is not None
                        else shown_offer[0][1], about=PAIR_ABOUT),
            form.choose("knack", "Relevant Knack", knacks_of(first),
                        again.knack if again is not None else shown_offer[0][2],
                        about="The Knack the Dealer rules relevant sets the Draw (none: no "
                        "draw)"),
            form.check("trait", "A trait fits", again is not None and again.trait,
                       about="Ticked when a trait fits the way he meets it: a card more in "
                             "the Deal"),
            form.one_of("devil", "The Devil", DEVIL_SWAY,
                        _sway(again.devil) if again is not None else "0",
                        about="Its whole rating, for or against, as the Dealer rules"),
            form.check("chip", "Buy a card (Chip)", again is not None and again.chip,
                       about="A card more in the Deal: a player pays a Chip for his own "
                             "hand; for a character of the Dealer's, the Dealer gives each "
                             "player in the conflict a Chip as it opens"),
            # last: most conflicts play the usual sides, and the fields above stay in sight
            form.one_of("side", "Side", SIDE_OPTIONS,
                        (again.side if again is not None else "") or "usual",
                        about=SIDE_ABOUT),
        ], note="Cards: the two attributes' current values (the Devil rating for one at 0), "
                "+1 trait, +/- the Devil rating, +1 Chip."
                # one line more would push the Devil out of sight at 80x24
                + (" As added before the undo." if again is not None else ""),
            aliases={"entrants": "name", "attributes": "first"}, on_change=follow,
            # one character left to add: the Dealer starts with the goal
            focus="goal" if len(names) == 1 else None), add)

    def _last_entries(self, names: Sequence[str]) -> dict[str, EntrantAdded | Entered]:
        """What each of `names` entered his newest conflict with (added to a set up, or in
        an opening that named its characters), as the journal stands: none for one who
        never entered."""
        found: dict[str, EntrantAdded | Entered] = {}
        campaign = self.campaign
        if campaign is None:
            return found
        # each sought by the name he went by at the event read: a name put right since (a
        # sheet corrected) is followed back (round 34: a rename lost his last pair)
        went_by = {name: name for name in names}
        for event in reversed(campaign.events):
            if len(found) == len(names):
                break
            if event.kind not in ("dust_devils.entrant_added", "dust_devils.conflict_opened",
                                  "dust_devils.character_changed",
                                  "dust_devils.character_made") \
                    or campaign.is_undone(event):
                continue
            payload = KINDS.read(event)
            if isinstance(payload, CharacterChanged | CharacterMade):
                # before his sheet was made, a name is another's (one gone from play)
                was = payload.old_name if isinstance(payload, CharacterChanged) else ""
                for name, then in went_by.items():
                    if then == payload.name:
                        went_by[name] = was
                continue
            entered: Sequence[EntrantAdded | Entered] = \
                payload.entrants if isinstance(payload, ConflictOpened) else \
                (payload,) if isinstance(payload, EntrantAdded) else ()
            for e in entered:
                now = next((n for n, then in went_by.items() if then == e.name), None)
                if now is not None and now not in found and len(e.attributes) == 2:
                    found[now] = e
        return found

    def _newest_taken_back(self, kind: str) -> object | None:
        """What the journal's newest event, an undo, took back, where it is an event of
        `kind` (a character added or a loss placed wrong, then ctrl+z): its payload, to fill
        the form that takes the step again (None otherwise: a step or a redo since, and play
        goes on from there)."""
        if self.campaign is None:
            return None
        return next((KINDS.read(taken) for taken in self.campaign.newly_undone()
                     if taken.kind == kind), None)

    def _draw_taken_back(self, waiting: Sequence[str]) -> CardsDrawn | None:
        """The Draw the newest undo took back, while its hand is still to draw: what it
        threw, with which Knack and Chip, and what it drew (None otherwise)."""
        drew = self._newest_taken_back("dust_devils.cards_drawn")
        return drew if isinstance(drew, CardsDrawn) and drew.name in waiting else None

    def _lays_taken_back(self) -> dict[str, tuple[str, ...]]:
        """The lays of the Call the newest undo took back, by hand (none otherwise)."""
        called = self._newest_taken_back("dust_devils.called")
        if not isinstance(called, Called):
            return {}
        return {laid.name: tuple(card_codes(laid.cards)) for laid in called.lays}

    def _bids_taken_back(self) -> dict[str, int]:
        """The bids for narration the newest undo took back, by player (none otherwise)."""
        bid = self._newest_taken_back("dust_devils.narration_bid")
        if not isinstance(bid, NarrationBid):
            return {}
        return {b.name: b.chips for b in bid.bids}

    def _entrant_taken_back(self, names: Sequence[str]) -> EntrantAdded | None:
        """The character the newest undo took out of the set up, while he may enter now:
        what he was added with (None otherwise)."""
        added = self._newest_taken_back("dust_devils.entrant_added")
        return added if isinstance(added, EntrantAdded) and added.name in names else None

    def _loss_taken_back(self, names: Sequence[str], by_narrator: bool) -> DifficultyTaken | None:
        """The loss the newest undo took back (a loser's, or one the narrator handed out),
        while its character may take it now: its split and words (None otherwise)."""
        lost = self._newest_taken_back("dust_devils.difficulty_taken")
        return lost if isinstance(lost, DifficultyTaken) and lost.name in names \
            and lost.by_narrator == by_narrator else None

    def action_withdraw(self) -> None:
        entering = [e.name for e in self.state.entering]
        # chosen by place in the set up ("all" for everyone): a name may be any text
        options = [(name, str(i)) for i, name in enumerate(entering)]
        if len(entering) > 1:
            options.append((f"everyone ({len(entering)})", "all"))

        def taken_out(v: Values) -> WithdrawEntrants:
            chosen = v.text("names")
            if chosen == "all":
                return WithdrawEntrants(tuple(entering))
            if not chosen.isdecimal() or int(chosen) >= len(entering):
                raise RuleError("Conflict", "pick who is taken out", field="names")
            return WithdrawEntrants((entering[int(chosen)],))

        ask(self, Form("Taken out of the conflict being set up", [
            form.pick("names", "Who", options, options[-1][1] if options else "")]),
            taken_out)

    def action_open(self) -> None:
        state = self.state
        # an opening of these entrants taken back (the Stakes typed wrong, then u or
        # ctrl+z): what it said, to mend the one field and send; one opened in one step
        # opens again with its characters as they entered
        again = self._opening_taken_back() or self._reopened()
        entrants = state.entering or (self._as_entered(again) if again is not None else ())
        stud_goal = next((e.goal for e in again.entrants if e.name == DEALER), "") \
            if again is not None else ""
        fields = [
            form.text("title", "Conflict", again.title if again is not None else "",
                      about="Its title, as the log, the recap and an open thread name it"),
            form.number("stakes", "Stakes (0-3 Chips)", again.stakes if again is not None else 0,
                        about=steps.stakes_advised(entrants)),
            form.one_of("stud", "Dealer's stud hand", STUD_OPTIONS,
                        str(again.stud if again is not None else steps.stud_offered(state)),
                        about="3 cards: a minor conflict, no Stakes; 5: the usual hazards; "
                              "7: a very hazardous one, Stakes 1 or more; none: an important "
                              "NPC plays a hand of his own"),
            form.text("stud_goal", "Stud hand's goal", stud_goal,
                      about="What the hazards want, said before the Deal like a "
                            "character's goal"),
            form.check("stud_chip", "+1 stud card",
                       about="A card more for the stud hand, paid by a Chip to each player "
                             "present"),
            form.choose("patient", "A recovery for", view.recovery_choices(state),
                        about="The patient a healing Knack treats in this conflict "
                              "(none: no recovery)"),
            # no example points: with no patient picked they read as a recovery set up
            form.text("recover", "Points back", placeholder="none without a recovery",
                      about="Filled in with all the patient can get back; fewer points "
                            "may call for a smaller stud hand, which follows them"),
        ]
        threads = [(f"{r.number}. {r.title}", str(r.number)) for r in state.open_threads]
        if threads:
            fields.append(form.choose("takes_up", "Takes up again", threads))
        if steps.can_continue(state):
            # a label of twenty letters or more runs on to a second line
            fields.append(form.check("continues", "Follows the last",
                                     about="It goes on from the conflict just called: its "
                                           "winners get a card more"))

        def opened(v: Values) -> OpenConflict:
            patient = v.text("patient")
            if v.text("recover") and not patient:
                # points typed for nobody were dropped without a word as the conflict opened
                raise RuleError("Recovery", "points come back only to a patient: pick whom "
                                "the recovery is for, or clear Points back", field="patient")
            recovery = (patient, parse_split(v.text("recover"), "Recovery", "recover")) \
                if patient else None
            return OpenConflict(v.text("title"), entrants, stakes=v.number("stakes", 0),
                                stud=v.number("stud", 0), stud_goal=v.text("stud_goal"),
                                stud_chip=v.flag("stud_chip"), recovery=recovery,
                                takes_up=v.number("takes_up", 0),
                                continues=v.flag("continues"))

        patient_shown = [""]
        # the Stakes the form offers follow the stud hand picked (book l.178, 184) until the
        # Dealer types his own: the reading's default, never his number overwritten
        stakes_start = again.stakes if again is not None else 0
        # what the Stakes were offered for: the stud hand, and whether it is a recovery's (a
        # patient picked after seven cards must take their hazard's Chip away again)
        offered = [str(stakes_start),
                   str(again.stud if again is not None else steps.stud_offered(state))]
        recovering = [again is not None and again.recovery is not None]

        def follow(shown: Form) -> None:
            follow_stakes(shown)
            follow_patient(shown)
            follow_points(shown)
            follow_thread(shown)

        # a thread taken up again names the conflict until the Dealer types his own title:
        # picked with the title blank, Enter was refused ("name the conflict")
        thread_titles = {str(r.number): r.title for r in state.open_threads}
        title_given = [""]

        def follow_thread(shown: Form) -> None:
            if not thread_titles:
                return
            title = shown.widget_of("title")
            assert isinstance(title, Input)
            if title.value.strip() not in ("", title_given[0]):
                return  # the Dealer's own title
            title_given[0] = thread_titles.get(shown.values().text("takes_up"), "")
            if title.value != title_given[0]:
                title.value = title_given[0]

        def follow_stakes(shown: Form) -> None:
            stud, stakes = shown.values().text("stud"), shown.widget_of("stakes")
            assert isinstance(stakes, Input)
            recovery = bool(shown.values().text("patient"))
            if (stud, recovery) == (offered[1], recovering[0]):
                return
            offered[1], recovering[0] = stud, recovery
            if stakes.value.strip() != offered[0]:
                return  # the Dealer's own number
            picked = int(stud) if stud.isdigit() else 0
            offered[0] = str(steps.stakes_for_stud(picked, stakes_start, recovery=recovery))
            stakes.value = offered[0]

        def follow_patient(shown: Form) -> None:
            # a patient chosen: all he can get back, and the stud hand that calls for
            who = state.character(shown.values().text("patient"))
            if (who.name if who else "") == patient_shown[0]:
                return
            recover, stud = shown.widget_of("recover"), shown.widget_of("stud")
            assert isinstance(recover, Input) and isinstance(stud, OneOf)
            if who is None:
                # no recovery now: the points filled in for the last patient go with him
                patient_shown[0] = ""
                shown.show_preview("")
                recover.value = ""
                return
            patient_shown[0] = who.name
            # how the loss was told: the healer's Knack must fit it
            shown.show_preview(view.recovery_told(who))
            back = recoverable(who)
            recover.value = view.recovery_split(who)
            if back:
                stud.value = str(recovery_stud(sum(back.values())))

        points_seen = [""]

        def follow_points(shown: Form) -> None:
            # fewer points typed than the patient's all call for a smaller stud hand (l.264-
            # 279): it follows them, as it follows the patient, where it was refused at Send
            typed = shown.values().text("recover")
            if typed == points_seen[0]:
                return
            points_seen[0] = typed
            stud = shown.widget_of("stud")
            assert isinstance(stud, OneOf)
            try:
                hoped = sum(n for _, n in parse_split(typed, "Recovery", "recover"))
                if shown.values().text("patient") and hoped > 0:
                    stud.value = str(recovery_stud(hoped))
            except RuleError:
                return  # half typed: the refusal at Send names it

        ask(self, Form("Open the conflict", fields, note=OPEN_HELP,
                       aliases={"recovery": "recover", "split": "recover"},
                       on_change=follow), opened)

    def _opening_taken_back(self) -> ConflictOpened | None:
        """The newest opening that undo took back since the last conflict, if it opened
        the characters entering now (None otherwise)."""
        campaign = self.campaign
        if campaign is None:
            return None
        entering = [e.name for e in self.state.entering]
        for event in reversed(campaign.events):
            if event.kind in ("dust_devils.conflict_ended", "dust_devils.dealer_folded",
                              "dust_devils.conflict_opened") and not campaign.is_undone(event):
                return None  # a conflict since: nothing of this set up was taken back
            if event.kind == "dust_devils.conflict_opened":
                opened = KINDS.read(event)
                assert isinstance(opened, ConflictOpened)
                named = [e.name for e in opened.entrants if e.name != DEALER]
                return opened if named == entering else None
        return None

    def _reopened(self) -> ConflictOpened | None:
        """An opening that gave its characters with it, in one step (as a journal older
        than the set up kept step by step did), taken back whole since the last conflict,
        with nobody entering now: o opens it again with them (None otherwise)."""
        campaign = self.campaign
        if campaign is None or self.state.conflict is not None or self.state.entering:
            return None
        taken_back: ConflictOpened | None = None
        for event in reversed(campaign.events):
            if event.kind == "dust_devils.entrant_added":
                return None  # its characters were added step by step, and taken out since
            if event.kind in ("dust_devils.conflict_ended", "dust_devils.dealer_folded",
                              "dust_devils.conflict_opened") and not campaign.is_undone(event):
                return taken_back  # the set up of this conflict starts here
            if event.kind == "dust_devils.conflict_opened" and taken_back is None:
                opened = KINDS.read(event)
                assert isinstance(opened, ConflictOpened)
                taken_back = opened if all(len(e.attributes) == 2 for e in opened.entrants
                                           if e.name != DEALER) else None
        return taken_back

    @staticmethod
    def _as_entered(opened: ConflictOpened) -> tuple[Entrant, ...]:
        """The characters of `opened` as they entered it (the stud hand is the form's)."""
        return tuple(Entrant(e.name, e.goal, (e.attributes[0].value, e.attributes[1].value),
                             e.trait, e.devil, e.chip, e.knack)
                     for e in opened.entrants if e.name != DEALER)

    def action_close_thread(self) -> None:
        state = self.state
        open_now = resolution.threads_to_close(state)
        threads = [(f"{r.number}. {r.title}", str(r.number)) for r in state.open_threads
                   if r.number in open_now]
        ask(self, Form("An open thread is over", [
            form.choose("number", "Thread", threads, threads[0][1] if threads else "",
                        required=True),
            form.text("reason", "How it ended",
                      about="For the log: how the table settled it away from the cards")]),
            lambda v: CloseThread(v.number("number"), v.text("reason")))

    def _last_opened(self) -> Event | None:
        campaign = self.campaign
        if campaign is None:
            return None
        opened = [e for e in campaign.events if e.kind == "dust_devils.conflict_opened"
                  and not campaign.is_undone(e)]
        return opened[-1] if opened else None

    def action_undo_conflict(self) -> None:
        opened = self._last_opened()
        if opened is not None:
            self.undo_from(opened)

    def action_earlier(self) -> None:
        self.app.push_screen(EarlierConflicts(self.state.past))

    def _cursor_on(self) -> str:
        """The name of the hand whose row the table's cursor is on ("" with none)."""
        table = self.query_one("#dd-hands", DataTable)
        if not table.row_count or self.state.conflict is None:
            return ""
        return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value or "")

    def _picked_hand(self) -> str:
        """The hand the Dealer picked in the table ("" when he picked none)."""
        return self._cursor_on() if self._picked else ""

    def _passed_over(self, picked: str, offered: str, step: str,
                     why: Callable[[], RuleError | str | None]) -> str:
        """Where the hand picked in the table cannot take `step`, the form opens on the
        first that can (one key, as before), and says so first: why the row picked cannot
        and whom the step is offered to. It named whom only, and a Dealer reading "Long
        Tom" in a form he opened on Zeke's row took it for his pick ("" where the one
        picked is the one offered, or nobody was picked)."""
        if not picked or not offered or picked == offered:
            return ""
        p = self.conflict.participant(picked)
        refused = f"{named(picked)} has folded" if p is not None and p.folded else why()
        if refused is None:
            return ""
        words = refused.message if isinstance(refused, RuleError) else refused
        return f"{words[:1].upper()}{words[1:]}: {step} is offered to {named(offered)}. "

    # -- the Deal and the Draw ---------------------------------------------------------------

    def action_deal(self) -> None:
        assert self.campaign is not None
        # a hand folded before the Deal is out of the conflict: no cards for it
        hands = deal_hands(self.campaign.rng("deal"),
                           {p.name: p.cards_due for p in self.conflict.active})
        self.send(Deal(tuple(hands.items())))

    def action_type_deal(self) -> None:
        conflict = self.conflict
        campaign = self.campaign
        assert campaign is not None
        hands = list(enumerate(conflict.active))

        def dealt(v: Values) -> Deal:
            typed = {p.name: card_codes(_typed(v, f"h{i}", p.cards_due)) for i, p in hands}
            # a hand left blank is dealt by the app from what the typed hands left
            seen = [code for codes in typed.values() for code in codes]
            rng = campaign.rng("deal")
            for _, p in hands:
                if not typed[p.name]:
                    typed[p.name] = list(draw_from_pack(rng, seen, p.cards_due))
                    seen += typed[p.name]
            return Deal(tuple((name, tuple(codes)) for name, codes in typed.items()))

        # a Deal of this conflict taken back (one card typed wrong, then ctrl+z): its cards,
        # to mend the one and send
        again = self._deal_taken_back()
        ask(self, Form("The cards dealt at the table",
                       # the count said where it is typed, in its unit: "Dealer (5)" beside
                       # the bids' "Zeke Munroe (3)", Chips held, was a number read twice
                       [form.cards(f"h{i}", p.name, again.get(p.name, ""),
                                   about=_dealt_about(p.name, p.cards_due),
                                   placeholder=f"{plural(p.cards_due, 'card')}; blank: the "
                                               "app deals them")
                        for i, p in hands],
                       note="Write cards like As 10h Qd 2c, a joker as * or Joker; a hand "
                            "left blank is dealt by the app."
                            + (" The Deal taken back is filled in." if again else ""),
                       aliases={p.name: f"h{i}" for i, p in hands}), dealt)

    def _deal_taken_back(self) -> dict[str, str]:
        """The hands of the newest Deal of the conflict under way that undo took back, as
        the Dealer reads them, by name ({} when there is none)."""
        campaign = self.campaign
        opened = self._last_opened()
        if campaign is None or opened is None:
            return {}
        for event in reversed(campaign.events):
            if event.seq <= opened.seq:
                break
            if event.kind == "dust_devils.cards_dealt" and campaign.is_undone(event):
                payload = KINDS.read(event)
                assert isinstance(payload, CardsDealt)
                return {h.name: shown(h.cards) for h in payload.hands}
        return {}

    def action_draw(self) -> None:
        state = self.state
        conflict = self.conflict
        campaign = self.campaign
        assert campaign is not None
        waiting = steps.to_draw(conflict)

        def knacks_of(name: str) -> list[tuple[str, str]]:
            return view.draw_knack_choices(state, name)

        def plain(name: str, knack: str = "", chip: bool = False) -> str:
            """The plain play: the lowest cards outside the best combination, as many as
            the Knack (and a Chip's card more, when ticked) allow."""
            p = conflict.participant(name)
            thrown = plain_discards(p.hand if p is not None else (),
                                    steps.draw_allowed(state, name, knack, chip=chip))
            return cards(thrown) if thrown else ""

        # a Draw taken back (ctrl+z): its hand, discards, Knack and Chip, to mend the one
        # field and send; the cards drawn only where the Dealer typed them from the table's
        # deck (the app's are drawn afresh, as the pack is shuffled anew, line 208)
        again = self._draw_taken_back(waiting)
        # the hand picked in the table (clicked, or its row moved to), if it is still to
        # draw; else the first that may change a card
        picked = self._picked_hand()
        first = again.name if again is not None else \
            picked if picked in waiting else steps.first_to_draw(state)
        shown_for = [first]
        passed = "" if again is not None else self._passed_over(
            picked, first, "the Draw",
            lambda: refusal_of(lambda: steps.draw(state, Draw(picked, (), ()))))
        entered = conflict.participant(first)
        knack = "" if again is None or entered is None or again.knack == entered.knack \
            else again.knack
        chip = again is not None and again.chip
        # the discards the form offered last: they follow the hand, its Knack and the Chip
        # until the Dealer types his own (the ones taken back are his own)
        offered = [plain(shown_for[0], knack, chip) if shown_for[0] else ""]
        thrown = (shown(again.discards) if again.discards else "") if again is not None \
            else offered[0]
        typed = shown(again.drawn) if again is not None and again.typed else ""

        def follow(shown: Form) -> None:
            values = shown.values()
            name = values.text("name")
            discards = shown.widget_of("discards")
            assert isinstance(discards, Input)
            other = name != shown_for[0]
            if other:
                # another hand: offer its Knacks and its plain discards
                shown_for[0] = name
                # the first choice keeps its value ("": the Knack named at entry), not its
                # words: the box shows the new hand's
                shown.set_options("knack", knacks_of(name))
            refused = steps.why_not_chip(state, name, "Additional card")
            chip = _offer_chip(shown, refused, "One more (Chip)")
            values = shown.values()  # as the new hand's choices and the box left them
            ticked = values.flag("chip") and refused is None
            if other or discards.value == offered[0]:
                offered[0] = plain(name, values.text("knack"), ticked)
                if discards.value != offered[0]:
                    discards.value = offered[0]
            p = conflict.participant(name)
            if p is not None:
                limit = steps.draw_allowed(state, name, values.text("knack"), chip=ticked)
                # a Dealer's hand's card more is paid by a Chip to each player, not one of
                # his own (he holds none): said as it is ticked
                paid = steps.dealers_chip(state, name) if ticked else ""
                empty = " The pack is empty: every card is out." \
                    if not steps.pack_left(conflict) else ""
                shown.show_preview(f"{name} holds {cards(p.hand)}; may change {limit}."
                                   + empty + chip + (f" One more: {paid}." if paid else ""))

        def drawn(v: Values) -> Draw:
            discards = card_codes(_typed(v, "discards"))
            # no count asked of the kit: the Draw's refusal says why so many (as thrown)
            new = v.cards("drawn")
            codes = card_codes(new) if new is not None else \
                draw_from_pack(campaign.rng("draw"), conflict.seen, len(discards))
            return Draw(v.text("name"), tuple(discards), tuple(codes), knack=v.text("knack"),
                        chip=v.flag("chip"), typed=new is not None)

        ask(self, Form("The Draw", [
            form.one_of("name", "Hand", waiting, first,
                        about="Whose hand changes cards now: each changes once, or stands "
                              "pat"),
            form.text("discards", "Discards", thrown,
                      about="The cards thrown; none stands pat"),
            form.choose("knack", "Knack", knacks_of(first), knack,
                        about="The relevant Knack the Draw uses: the one named when the "
                              "hand entered, or another the Dealer rules relevant"),
            form.check("chip", "One more (Chip)", chip,
                       about="One card more to change: a player pays a Chip for his own "
                             "hand; for a hand of the Dealer's, the Dealer gives each player "
                             "present a Chip"),
            form.cards("drawn", "Cards drawn", typed, placeholder="blank: the app draws",
                       about="The new cards as the table drew them, as many as thrown; "
                             "blank: the app draws them from its pack"),
        ], note=passed + "Up to the rating of the relevant Knack, +1 for a Chip, + the Devil "
                "rating at 0." + ("" if again is None else " The Draw taken back is filled in"
                           + ("." if again.typed or not again.discards
                              else "; the app draws afresh.")),
            on_change=follow,
            # a hand that entered with no Knack named changes nothing until the Dealer
            # rules one relevant: the form starts there, the discards following it
            focus="knack" if again is None and first and knacks_of(first)[1:]
            and not steps.draw_allowed(state, first) else None), drawn)

    def action_fold(self) -> None:
        may = view.fold_choices(self.state)
        # the player picked in the table, if he can fold; else the first who can
        names = [name for _, name in may]
        picked = self._picked_hand()
        first = picked if picked in names else names[0] if names else ""

        def why() -> str | None:
            refused = steps.why_not_fold_for(self.state, picked)
            if refused is None or steps.is_players(self.state, picked) or \
                    steps.why_not_dealer_folds(self.state) is not None:
                return refused.message if refused is not None else None
            # one of the Dealer's hands: his own fold may have been meant
            return f"{refused.message} ({self._key_for('dealer_folds')} folds the Dealer's hands)"

        ask(self, Form("A player spends a Chip to fold", [
            form.pick("name", "Who", may, first, about=view.FOLD_WHO)],
            note=self._passed_over(picked, first, "the fold", why)
            + view.fold_note(self.state)),
            lambda v: Fold(v.text("name")))

    def action_dealer_folds(self) -> None:
        self.send(DealerFolds(), confirm="The Dealer folds: a Chip to each player present, "
                  "and the conflict stays unresolved. Fold?")

    def action_call(self) -> None:
        active = self.conflict.active
        # a Call taken back (ctrl+z): each hand's lay as it was sent, a lay offered chosen
        # again and any other typed again
        again = self._lays_taken_back()
        fields = []
        for i, p in enumerate(active):
            choice = lay_choices(cards_from_codes(p.hand))
            options = [(f"best: {choice.best.describe()}",
                        " ".join(card_codes(choice.best.cards)))]
            keeps = choice.keeps_high_card
            if keeps is not None:  # named by the card it keeps, to fit 80 columns
                options.append((f"keeps {lay_narrator(keeps.cards)}: {keeps.describe()}",
                                " ".join(card_codes(keeps.cards))))
            sent = again.get(p.name)
            chosen = next((value for _, value in options
                           if sent is not None and sorted(value.split()) == sorted(sent)),
                          None)
            typed = cards(sent) if sent is not None and chosen is None else ""
            # the lays the rules offer, one always chosen: no blank that lays nothing
            fields.append(form.one_of(f"c{i}", p.name, options, chosen or options[0][1],
                                      about=LAY_ABOUT))
            fields.append(form.cards(f"l{i}", "  or lay these", typed,
                                     placeholder="blank: the lay chosen above",
                                     about="Any other cards of the hand, typed (As Kd 10h "
                                           "...): five, or all it holds when fewer"))

        def laid(v: Values, i: int) -> tuple[str, ...]:
            typed = v.cards(f"l{i}")
            return tuple(card_codes(typed)) if typed is not None else \
                tuple(v.text(f"c{i}").split())

        ask(self, Form("The Call: what each hand lays", fields,
                       note="Each lays five cards (or all it holds): its best hand, or the "
                            "lay that keeps its highest card for narration, or any other."
                            + (" The lays taken back are filled in." if again else ""),
                       aliases={p.name: f"l{i}" for i, p in enumerate(active)}),
            lambda v: Call(tuple((p.name, laid(v, i)) for i, p in enumerate(active))))

    # -- after the Call -------------------------------------------------------------------

    #: above this many Chips a bid is chosen from a drop-down, not side by side
    BIDS_SIDE_BY_SIDE = 9

    def action_bid(self) -> None:
        state = self.state
        # only the players who may bid and hold a Chip, each up to the Chips held
        players = [w for w in state.players if w.name in resolution.bidders(state)]
        # bids taken back (ctrl+z): each as it was sent, to mend the one and send
        again = self._bids_taken_back()

        def bid_field(i: int, name: str, chips: int) -> form.Field:
            bids = view.bid_choices(state, name)
            # one bidder: a list where Enter (or a double click) sends the bid picked
            kind = (form.pick if len(players) == 1 else
                    form.one_of if chips <= self.BIDS_SIDE_BY_SIDE else form.choose)
            sent = str(again.get(name, 0))
            # the name alone: the choices stop at the Chips held, as the words say
            return kind(f"b{i}", name, bids, sent if (sent, sent) in bids else "0",
                        about=f"The Chips {name} bids to narrate, up to the {chips} held; "
                              "0 bids none")

        ask(self, Form("Chips bid for narration", [
            bid_field(i, w.name, w.chips) for i, w in enumerate(players)],
            note=view.bid_note(state)
            + (" The bids taken back are filled in." if again else ""),
            aliases={w.name: f"b{i}" for i, w in enumerate(players)}),
            lambda v: BidForNarration(tuple((w.name, v.number(f"b{i}", 0))
                                            for i, w in enumerate(players))))

    def action_difficulty(self) -> None:
        state = self.state
        waiting = resolution.losers_waiting(state)
        # a loss placed wrong and taken back (ctrl+z): its loser, split and words, to mend
        # the one and send
        again = self._loss_taken_back(waiting, by_narrator=False)
        # the loser picked in the table (clicked, or his row moved to), else the first
        picked = self._picked_hand()
        asked = view.difficulty_asked(state, again.name if again is not None else picked)

        def why() -> RuleError | str | None:
            p = self.conflict.participant(picked)
            if p is not None and p.is_stud:
                return "the stud hand places no Difficulty"
            refused = refusal_of(lambda: resolution.difficulty(state, TakeDifficulty(picked, ())))
            if refused is not None and refused.field == "name":
                return refused  # a winner, one on the winner's side, one who has placed
            return f"{picked} has no point left to lose where this hand deals from"

        passed = "" if again is not None else \
            self._passed_over(picked, asked.name, "the Difficulty", why)
        fields = [form.text("split", "Split", _split_words(
                      {p.attribute: p.points for p in again.split} if again is not None
                      else asked.split),
                            about="The points lost, by attribute, split as the player "
                                  "likes, like Guts 2, Heart 1; filled in with one way"),
                  _told_field(again.told if again is not None else "")]
        if len(waiting) == 1:
            ask(self, Form(asked.title, fields,
                           note=passed + asked.note + _AGAIN * (again is not None),
                           aliases={a.value: "split" for a in ATTRIBUTES}),
                lambda v: TakeDifficulty(asked.name, parse_split(v.text("split")),
                                         told=v.text("told")))
            return
        # losers place in the order the table takes them: the Dealer picks whose, and the
        # split and the words follow the loser picked
        shown = [asked.name]

        def follow(opened: Form) -> None:
            name = opened.values().text("name")
            if name and name != shown[0]:
                shown[0] = name
                opened.set_value("split", _split_words(view.difficulty_asked(state, name).split))
            now = view.difficulty_asked(state, name)
            opened.show_preview(f"{now.title}. {now.note}")

        ask(self, Form("Difficulty to place", [
            form.one_of("name", "Loser", list(waiting), asked.name,
                        about="Whose points are placed now: each loser the winning "
                              "combination beat places his own, in any order"), *fields],
            note=_AGAIN.strip() if again is not None else passed.strip(),
            aliases={a.value: "split" for a in ATTRIBUTES}, on_change=follow),
            lambda v: TakeDifficulty(v.text("name"), parse_split(v.text("split")),
                                     told=v.text("told")))

    def action_narrator_difficulty(self) -> None:
        conflict = self.conflict
        names = [p.name for p in conflict.active if not p.is_stud]
        # a winner, whom only the narrator hands Difficulty, and not the narrator
        likely = [n for n in names if n in conflict.winners and n != conflict.narrator]

        def follow(opened: Form) -> None:
            # the points are the narrator's to tell: the form says what the one picked holds
            who = self.state.character(opened.values().text("name"))
            opened.show_preview(view.holds_now(who) if who is not None else "")

        # a loss the narrator handed out and took back (ctrl+z): to whom, its points and
        # words, to mend the one and send
        again = self._loss_taken_back(names, by_narrator=True)
        # the one picked in the table (clicked, or his row moved to), if he holds a hand
        picked = self._picked_hand()
        first = again.name if again is not None else picked if picked in names \
            else (likely or names or [""])[0]
        passed = "" if again is not None else self._passed_over(
            picked, first, "the Difficulty", lambda: "the stud hand takes no Difficulty")
        # no points filled in: Enter on a split the narrator never told handed them out
        ask(self, Form("The narrator hands out Difficulty", [
            form.one_of("name", "To", names, first,
                        about="Anyone in the conflict, a winner too: whoever the "
                              "narrator's telling hurts, as much as he tells"),
            form.text("split", "Split", _split_words(
                {p.attribute: p.points for p in again.split}) if again is not None else "",
                      placeholder="as the narrator tells them",
                      about="The points, by attribute, as the narrator tells them, like "
                            "Guts 1, Heart 1"),
            _told_field(again.told if again is not None else "")],
            note=passed + view.narrator_difficulty_note(self.state)
            + _AGAIN * (again is not None),
            aliases={a.value: "split" for a in ATTRIBUTES}, on_change=follow),
            lambda v: TakeDifficulty(v.text("name"), parse_split(v.text("split")),
                                     by_narrator=True, told=v.text("told")))

    def action_restore(self) -> None:
        conflict = self.conflict
        lost = view.restore_choices(self.state)
        ask(self, Form(f"{conflict.narrator or 'The narrator'} restores a point", [
            form.pick("attribute", "Attribute", lost, lost[0][1] if lost else "",
                      about="Where the point the narrator paid Chips for comes back")]),
            lambda v: RestorePoint(v.text("attribute")))

    def action_end(self) -> None:
        # the narrator's paid point not yet taken back is asked about first (l.295)
        self.send(EndConflict(), confirm=view.point_left_unclaimed(self.state))
