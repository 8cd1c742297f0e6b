"""The Conflict tab: whose turn it is, the models on the table with their markers, and the
attack step by step (the cards drawn, what each would do, the odds of All In).

The app deals from its own pack with the campaign's seeded generator; the players may type
the cards they turned over instead: each step that draws (set up, the attack, All In, a
recovery draw) asks for its cards in a form, and left blank, the app draws. Either way the
cards go into the command, so the journal replays without the generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Static

from gmscreen.core.cards import Deck, card_codes, parse_cards
from gmscreen.games.dead_mans_hand import fight, turns, view
from gmscreen.games.dead_mans_hand.advice import (
    all_in_advice,
    all_in_words,
    attack_preview,
    best_card,
    cards_wanted,
    second_card,
)
from gmscreen.games.dead_mans_hand.attack import (
    card_count,
    judged,
    move_words,
    moved_far,
    moves_allowed,
)
from gmscreen.games.dead_mans_hand.commands import (
    DeclineSecondResult,
    Deploy,
    DrawForTheFallen,
    EndTurn,
    GoAllIn,
    LeaveTable,
    MakeAttack,
    PlayResult,
    Reshuffle,
    SetUpGame,
    Surrender,
    TakeSecondResult,
    UseModel,
)
from gmscreen.games.dead_mans_hand.events import (
    KINDS,
    AttackDrawn,
    GameSetUp,
    RecoveryDrawn,
    WentAllIn,
)
from gmscreen.games.dead_mans_hand.pack import FULL_PACK, colour_of, show
from gmscreen.games.dead_mans_hand.panes import shades
from gmscreen.games.dead_mans_hand.panes.keys import CONFLICT_KEYS
from gmscreen.games.dead_mans_hand.panes.named import on_tab, step_key
from gmscreen.games.dead_mans_hand.results import resolve
from gmscreen.games.dead_mans_hand.rules import why_not_drawn
from gmscreen.games.dead_mans_hand.sheet import placing_rules, play_sheet
from gmscreen.games.dead_mans_hand.state import Format, MatchState, Model, Phase
from gmscreen.games.dead_mans_hand.weapons import Move, reaches, weapon_name
from gmscreen.journal.rules import RuleError
from gmscreen.ui import form
from gmscreen.ui.form import Form, Values, ask
from gmscreen.ui.kept_whole import KeptWhole, wrap_kept
from gmscreen.ui.keys_line import KeysLine, keys_text, more_keys
from gmscreen.ui.reading import ReadingScroll
from gmscreen.ui.sections import RowTable, fitted_widths
from gmscreen.ui.steps import Refusal, StepPane

NO_CARD = "none"
ATTACK_DRAWN = KINDS.kind_of_class(AttackDrawn)

#: what a form says when it holds the cards of a step taken back
TAKEN_BACK = ("The {what} taken back {are} typed in, as the table turned {them} over: "
              "clear {them} for the app to deal anew.")
#: what the attack form says when it holds the whole attack taken back, at its own target
ATTACK_TAKEN_BACK = ("The attack taken back is typed in as it was sent, its cards as the "
                     "table turned them over: change what was wrong; clear the cards for "
                     "the app to deal anew.")

#: the Notes column is never held narrower than this while a name can give it room (the
#: name is cut short then; the line under the table names the highlighted model in full)
NOTES_FLOOR = 12
#: the Weapons column is cut short no narrower than this (its cells end in an ellipsis; the
#: line under the table names the highlighted model's in full) before it goes altogether
WEAPONS_FLOOR = 14

#: under the table of models while neither posse has one
def nobody_yet(app: App[Any]) -> str:
    """The words under an empty table: where the models come from, the keys as set."""
    return f"No models yet: {on_tab(app, 'recruit', 'Characters', 1)} recruits them."

#: the keys kept off the footer, as the "Keys:" line over the table names them
MORE_KEYS = (("surrender", "y surrender"), ("undo_attack", "z undo attack"),
             ("reshuffle", "R reshuffle"), ("sheet", "h play sheet"))

def _parts_fitted(line: str, width: int, separator: str, *, taken: int = 0,
                  kept: str = "") -> str:
    """`line`, its parts parted by `separator`, broken onto as many lines as `width` columns
    need (after `taken` columns of the first line), between two parts, never inside one; a
    line broken ends on `kept` (the separator's own stop), and a part wider than a whole line
    wraps as it must. Unbroken when `width` is not known yet (0 or less)."""
    if width <= 0:
        return line
    parts = line.split(separator)
    fitted = parts[0]
    used = taken + cell_len(parts[0])
    for part in parts[1:]:
        if used + cell_len(separator + part) <= width:
            fitted += separator + part
            used += cell_len(separator + part)
        else:
            fitted += kept + "\n" + part
            used = cell_len(part)
    return fitted


def facts_fitted(line: str, width: int, taken: int = 0) -> str:
    """`line`, its facts parted by " · ", broken between two facts, never inside one (a name
    cut from its score), after `taken` columns of the first line."""
    return _parts_fitted(line, width, " · ", taken=taken)


def sentences_fitted(line: str, width: int) -> str:
    """`line` broken between its sentences where it is wider than `width` columns: after a
    game, "Game 1 goes to The Callahan Gang (red), the only posse left on the table. Draw for
    the fallen: Stubby." was cut as "... Draw" / "for the fallen: Stubby.", the step to take
    torn in two."""
    return _parts_fitted(line, width, ". ", kept=".")


#: once the showdown is won: the next step, which is on the Characters tab
def next_match(app: App[Any]) -> str:
    """Once the match is over: the step that comes next, on the other tab, the keys as set."""
    return f"Next: {on_tab(app, 'new_match', 'Characters', 1)} begins a new match."

#: each step of the tab, and the rule that says whether it applies now
STEPS: dict[str, Callable[[MatchState], RuleError | None]] = {
    "set_up": turns.why_not_set_up, "deploy": turns.why_not_deploy, "use": turns.why_not_use,
    "leave": turns.why_not_leave, "attack": fight.why_not_attack,
    "all_in": fight.why_not_all_in, "play": fight.why_not_play,
    "end_turn": turns.why_not_end_turn, "surrender": turns.why_not_surrender,
    "recover": turns.why_not_recover, "reshuffle": turns.why_not_reshuffle,
    "undo_attack": fight.why_not_undo_attack,
}


def move_form(model: Model, *, leaving: bool = False) -> Form:
    """The moves the model may make, one to pick; the note says why others are not there
    (a Jack), or what a Queen forbids."""
    notes = []
    if model.pinned:
        notes.append("Pinned by a Jack: it may not move this time, only stand still.")
    if model.shaken and not leaving:
        notes.append("Stopped by a Queen: it may not attack this time, so its move ends "
                     "the turn.")
    options = [(move_words(model, move, leaving=leaving), move.value)
               for move in moves_allowed(model, leaving=leaving)]
    title = (f"{model.name} leaves by a table edge with" if leaving
             else f"How does {model.name} move?")
    # the glossary's words for Move are every model's ("Stand still (Long Shot allowed)",
    # "no attack unless mounted"): under a Jack the form offers one move of the four, and
    # what the Dealer needs is when the others come back; under a Queen no move attacks, and
    # what lasts till when; a civilian's stand reaches its Normal range, not the Long Shot
    lasting = []
    if model.pinned:
        lasting.append("The Jack lasts this use only: the other moves come back at its next.")
    if model.shaken:
        lasting.append("The Queen lasts this use only: it may attack at its next, and "
                       "answer attacks once this one is over.")
    about = " ".join(lasting)
    if not about and model.civilian:
        about = ("A civilian standing still reaches its Normal range where others reach "
                 "the Long Shot (its rifle, 50 yards); after a move, its Civilian range, and "
                 "no rifle.")
    if leaving:  # the glossary's words for Move began with standing still, not offered here
        about = ("The move that takes it off the table: slow (up to 10 yards), quick (up to "
                 "20) or flat out (up to 30). Off the table it is safe and out of this game "
                 "(in a showdown, a survivor for the next).")
    # the move it made at its last use this game comes first where it is still allowed: a
    # model used over and over (the book's sharpshooter, line 35) mostly moves as it did
    start = next((value for _, value in options if value == model.last_move), options[0][1])
    return Form(title, [form.pick("move", "Move", options, start, about=about)],
                note="\n".join(notes))


def turn_row(state: MatchState, models: Sequence[Model]) -> int:
    """The row to highlight as the move passes to a side: the model it used last this game,
    where it may be used again, else its first. The book's sharpshooter is used every turn
    (line 35): it stays under the cursor; a posse moved model by model has the next one a
    row below, where the first row cost an arrow for each model moved before."""
    turn = state.turn
    if turn is None or turn.in_use is not None:
        return 0
    rows = [(model.used_turn, row) for row, model in enumerate(models)
            if model.colour == turn.colour and model.used_turn
            and turns.why_not_use(state, model.name) is None]
    return max(rows)[1] if rows else 0


def said_of(key: str, blank: str, drawn: str,
            refused: Callable[[Sequence[str]], str | None]) -> Callable[[Form], None]:
    """A form's line under its field `key` of one card, as it is typed: `blank` while it is
    empty (the app will draw), else the card read (a card typed into another field is not),
    one too many for the step `drawn`, and why the step would refuse it."""
    def say(shown: Form) -> None:
        shown.show_preview(view.typed_cards(shown.values().text(key), blank, 1, refused,
                                            drawn))
    return say


def deal(pile: tuple[str, ...], discard: tuple[str, ...], count: int,
         rng: random.Random) -> tuple[str, ...]:
    """`count` cards from the shuffled pile, and the discard shuffled back when it runs short
    (the decider then takes the discard back into the pile first, as the event says)."""
    count = min(count, len(pile) + len(discard))
    deck = Deck.from_codes(pile, discard).shuffled(rng)
    dealt, _ = deck.deal(count, rng, reshuffle_discards=True)
    return tuple(card_codes(dealt))


def without(cards: tuple[str, ...], taken: Sequence[str]) -> tuple[str, ...]:
    """`cards` less those `taken` (each once: the pack holds two Jokers)."""
    left = list(cards)
    for code in taken:
        if code in left:
            left.remove(code)
    return tuple(left)


def fitted_columns(rows: Sequence[Sequence[str]], room: int, scrollbar: int
                   ) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The columns of the table of models (`rows` under view.TABLE_COLUMNS) in `room`
    columns, and their widths: the Weapons column when every row fits whole with it, or
    with the longest name alone cut short, no narrower than the next longest (the line
    under the table names the highlighted model in full), or with every name whole, the
    notes wrapping down to NOTES_FLOOR and the weapons cut short down to WEAPONS_FLOOR;
    else the line under the table names the highlighted model's weapons in full, and the
    Notes column is held to the room the others leave, so its words wrap rather than run
    out of sight, and a name too long to leave it NOTES_FLOOR is cut short."""
    headings: tuple[str, ...] = view.TABLE_COLUMNS
    widths = fitted_widths(headings, rows, room, wrapped=None, scrollbar=scrollbar)
    name = 0
    over = sum(widths) + 2 * len(widths) + scrollbar - room
    # the showdown's sixteen at 120 columns lost their Weapons to one cell of "Man with No
    # Hat" (stop 63): the longest name gives what it has over the next longest
    names = sorted((cell_len(row[name]) for row in rows), reverse=True)
    spare = widths[name] - max([cell_len(headings[name]), *(names[1:2] or names[:1])])
    if over <= spare:
        widths[name] -= max(over, 0)
        return headings, tuple(widths)
    # else, the names whole, the notes wrap down to their floor and the weapons end in an
    # ellipsis no narrower than WEAPONS_FLOOR: at 120 columns the Hardbitten Gunman's
    # "Dual/Pistol/Sawn-off/Fists" and the six Apache Raiders' weapons, a few columns too
    # wide, took the Weapons column from every model on the table
    notes, weapons = headings.index("Notes"), headings.index("Weapons")
    floor = max(cell_len(headings[notes]), min(widths[notes], NOTES_FLOOR))
    gives = ((notes, widths[notes] - floor), (weapons, max(0, widths[weapons] - WEAPONS_FLOOR)))
    if over <= sum(given for _, given in gives):
        for column, given in gives:
            step = min(over, given)
            widths[column] -= step
            over -= step
        return headings, tuple(widths)
    headings, widths = headings[:-1], widths[:-1]
    notes = headings.index("Notes")
    left = room - (2 * len(widths) + scrollbar) - (sum(widths) - widths[notes])
    wanted = min(widths[notes], max(NOTES_FLOOR, cell_len(headings[notes])))
    if left < wanted:  # the name gives what it can
        given = min(wanted - left, widths[name] - cell_len(headings[name]))
        widths[name] -= given
        left += given
    widths[notes] = max(cell_len(headings[notes]), min(widths[notes], left))
    return headings, tuple(widths)


def table_rows(known: view.TableKnows, models: Sequence[Model], *, full: bool = False
               ) -> list[tuple[str, str, str, str, str]]:
    """The rows of the table of models under view.TABLE_COLUMNS, each name after its side's
    letter; `full`: the weapons by their whole names."""
    rows = []
    for model in models:
        name, value, hits, weapons, notes = view.model_cells(
            model, placing=view.to_place(known, model), full=full)
        rows.append((("R " if model.colour == "red" else "B ") + name, value, hits, notes,
                     weapons))
    return rows


def attack_panel(state: MatchState, red: str = "red") -> Text:
    """The attack under way, its cards numbered and coloured (a heart or diamond in `red`,
    the tab passes its theme's readable red), or the last one."""
    known = view.table_knows(state)
    if state.phase is Phase.DEPLOYING:
        # at each model placed the table asks where it may go: that first, then how yards
        # are measured and the table (set up already). At 80x24 the placing lay under "No
        # attack under way." and the table's size, out of sight (no attack comes while
        # placing, and setting a game up forgets the last)
        text = Text.styled("Placing the models\n", "bold")
        text.append("\n".join(placing_rules(placing=True)))
        return text
    title = view.attack_title(known)
    text = Text.styled(title + "\n", "bold")  # the title alone
    if state.attack is None:
        text.append("\n".join(view.attack_lines(known)),
                    style="" if state.last_attack else "dim")
        if turns.why_not_set_up(state) is None:
            # the table and where a model may go, asked as a game is set up: not left at
            # the sheet's foot
            text.append("\n\n" + "\n".join(placing_rules()))
        return text
    text = Text.styled(view.attack_head(state.attack) + "\n", "bold")
    for number, (card, says, open_) in enumerate(view.card_lines(known), start=1):
        text.append(f" {number} ", style="reverse" if open_ else "dim")
        text.append(f" {card:>3} ", style=f"bold {red}" if card[-1] in "♥♦" else "bold")
        text.append(says + "\n", style="" if open_ else "dim")
    advice = all_in_advice(state)
    if advice:
        text.append(advice + "\n", style="italic")
    text.append(view.next_step(state.attack), style="bold")
    return text


def sheet_text(key: str) -> Text:
    """The play sheet below the attack, its title naming the key that shows it (`key`)."""
    # the title alone stands out (a style given to Text() is the whole text's)
    text = Text.styled(f"\nThe play sheet (key {key})", "bold reverse")
    for heading, lines in play_sheet():
        text.append(f"\n{heading}\n", style="bold")
        text.append("\n".join(lines) + "\n")
    return text


class ModelsTable(RowTable):
    """The table of models, which has its tab fit the columns anew when its own width
    changes (`refit`): the tab's Resize comes before the layout its narrow class asks for,
    so the table's width read then is the old layout's (round 35)."""

    def __init__(self, refit: Callable[[], None], **options: Any) -> None:
        super().__init__(**options)
        self._refit = refit

    def on_resize(self) -> None:
        self._refit()


class ConflictPane(StepPane[MatchState]):
    """The game on the table."""

    DEFAULT_CSS = """
    ConflictPane #tracker { height: auto; padding: 0 1; border-bottom: solid $primary; }
    ConflictPane Horizontal { height: 1fr; }
    ConflictPane #table-side { width: 1fr; min-width: 48; height: 1fr; }
    ConflictPane DataTable { height: 1fr; }
    /* the lines under the table give way before the table does: in the undo preview's
       tabs at 80x24 they took every row the dialog left, and not one model showed */
    ConflictPane #detail { height: auto; max-height: 50%; padding: 0 1;
                           border-top: solid $primary; }
    ConflictPane #attack-scroll { width: 1fr; min-width: 32; height: 1fr; padding: 0 1; }
    /* under 80 columns (the undo preview's tabs are 78) the two no longer fitted side by
       side and the attack panel was pushed out of sight: the table gives two columns */
    ConflictPane.-narrow #table-side { min-width: 46; }
    """

    BINDINGS: ClassVar[list[BindingType]] = CONFLICT_KEYS
    LOOKING: ClassVar[frozenset[str]] = frozenset({"sheet"})
    #: the palette finds a step by its name only: each names the word a Dealer types for it,
    #: the book's and the table's ("shoot", "deploy", "move", "give up"), which found nothing
    #: or only the tabs where the key's own words were the name
    PALETTE_NAMES: ClassVar[dict[str, str]] = {
        "set_up": "Set up game: deal the set-up card",
        "deploy": "Place model (deploy)",
        "use": "Use model: its move",
        "attack": "Attack: shoot or brawl",
        "play": "Play card: the result",
        "end_turn": "End turn (pass)",
        "leave": "Leave the table (flee)",
        "surrender": "Surrender (give up)",
        "recover": "Draw for the fallen (recovery)",
    }

    _mover: tuple[Phase, str | None] | None = None
    #: the state the tab was drawn from last
    _drawn: MatchState | None = None
    #: the columns the table of models has now, and their widths
    _columns: tuple[str, ...] = ()
    _widths: tuple[int, ...] = ()
    #: the words of the attack panel as drawn last
    _attack_shown: str | None = None
    #: the table shows the weapons by their whole names (there is room for them)
    _full: bool = False
    #: the width the table's columns were fitted to last
    _room: int = 0
    #: the rows the lines under the table have taken since the tab was drawn last: moving
    #: the highlight never shortens them (see `_show_detail`)
    _detail_rows: int = 0

    #: the red the attack panel was drawn in last (the theme's)
    _red_shown: str = ""

    def why_not(self, action: str) -> Refusal:
        step = STEPS.get(action)
        return step(self.state) if step is not None else None

    def on_mount(self) -> None:
        # the red side's names, red cards and the fallen are in the theme's own readable
        # colours (`shades`): drawn again in the new theme's
        self.app.theme_changed_signal.subscribe(self, lambda _: self._theme_changed())

    def _theme_changed(self) -> None:
        if self.campaign is not None and self.is_mounted:
            self._redraw_guarded()

    def red(self) -> str:
        return shades.red(self.app)

    def compose(self) -> ComposeResult:
        yield KeysLine("", id="tracker", markup=False)
        with Horizontal():
            with Vertical(id="table-side"):
                yield ModelsTable(self._table_resized, id="models", cursor_type="row")
                yield Static("", id="detail", markup=False)
            with ReadingScroll(id="attack-scroll"):
                yield Static("", id="attack", markup=False)
                yield Static(sheet_text(step_key(self.app, "sheet")), id="sheet")

    def on_resize(self) -> None:
        self.set_class(self.size.width < 80, "-narrow")
        if self.campaign is not None:
            self.redraw()  # the columns fit the width anew (Weapons, the notes' wrap)

    def _table_resized(self) -> None:
        """The columns fitted again to the table's width as it is once laid out: under 80
        columns (the undo preview's tabs, a narrow terminal) the tab's Resize found the
        table at the width of the layout before its narrow class, 78 where it is given 46,
        and the Weapons column came in, out of sight to the right."""
        table = self.query_one("#models", DataTable)
        if self.campaign is not None and table.size.width not in (0, self._room):
            self._redraw_guarded()

    def redraw(self) -> None:
        state = self.state
        self._drawn = state
        known = view.table_knows(state)
        # the tracker's padding takes a column each side
        match, whose, pack = view.match_lines(known, self.size.width - 2)
        tracker = Text.styled("The gunfight", "bold")  # the title alone
        tracker.append(facts_fitted(" · " + match, self.size.width - 2,
                                    cell_len("The gunfight")) + "\n")
        tracker.append(sentences_fitted(whose, self.size.width - 2) + "\n")
        tracker.append(pack, style="dim")
        more = more_keys(self, MORE_KEYS)
        if more:
            tracker.append("\n")
            tracker.append_text(keys_text(more, " (also in ctrl+p)", "dim"))
        if state.phase is Phase.OVER:
            # no step of this tab is left: say where the next one is (as the session's
            # notice does), or the footer leaves the Dealer nothing to go on
            tracker.append("\n" + next_match(self.app), style="dim")
        self.query_one("#tracker", Static).update(tracker)
        reds = self.red()
        attack = attack_panel(state, reds)
        if attack.plain != self._attack_shown:
            # an attack drawn, played or ended comes into sight, though the panel was left
            # scrolled down the play sheet (h, the arrows)
            self._attack_shown = attack.plain
            self.query_one("#attack", Static).update(attack)
            self.query_one("#attack-scroll", VerticalScroll).scroll_home(animate=False)
        elif reds != self._red_shown:
            self.query_one("#attack", Static).update(attack)  # another theme: where it is
        self._red_shown = reds
        table: DataTable[Text] = self.query_one("#models", DataTable)
        models = view.listed(known)
        # before the first layout, the half of the screen the table will take
        room = table.size.width or max(48, self.app.size.width // 2)
        self._room = room
        scrollbar = table.styles.scrollbar_size_vertical
        # the weapons by their whole names where every row fits whole with them (a wide
        # screen), else by the short words the key under the table explains
        rows = table_rows(known, models, full=True)
        self._full = view.fits_whole(view.TABLE_COLUMNS, rows, room, scrollbar)
        if not self._full:
            rows = table_rows(known, models)
        # when the move passes to the other side, highlight the model it used last (round
        # 33), or its first; else the row highlighted stays, read before the columns are
        # laid anew (a model with the longest name gone, the Name column narrows), which
        # puts the cursor on the first
        mover = (state.phase, state.turn.colour if state.turn else state.deploying)
        row = table.cursor_row if mover == self._mover else turn_row(state, models)
        self._mover = mover
        columns, widths = fitted_columns(rows, room, scrollbar)
        if (columns, widths) != (self._columns, self._widths):
            table.clear(columns=True)
            for heading, width in zip(columns, widths, strict=True):
                table.add_column(Text(heading), width=width)
            self._columns, self._widths = columns, widths
        table.clear()
        colour, fallen = reds, shades.out_of_it(self.app)
        for model, (name, value, hits, notes, weapons) in zip(models, rows, strict=True):
            red = model.colour == "red"
            dim = fallen if view.out_of_it(model) else ""
            # the name on one line, cut short when it must give the notes room; the notes
            # wrap within their column
            named = Text(name[:2], style=f"bold {colour}" if red else "bold", no_wrap=True,
                         overflow="ellipsis")
            named.append(name[2:], style=dim)
            kit = Text(weapons)
            if "Weapons" in columns:  # cut short on one line where the column is narrower
                kit.truncate(widths[columns.index("Weapons")], overflow="ellipsis")
            cells = [named, Text(value), Text(hits), Text(notes), kit]
            table.add_row(*cells[:len(columns)], key=model.name, height=None)
        # no model recruited yet: no headings with nothing under them
        table.show_header = bool(table.row_count)
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))
        self._detail_rows = 0  # drawn anew: the lines take the rows the model's need
        self._show_detail()

    def on_data_table_row_highlighted(self) -> None:
        self._show_detail()

    def _show_detail(self) -> None:
        """The highlighted model's weapons in full, then the key to the table's short
        words."""
        if self.campaign is None:
            return
        model = self._highlighted()
        listed = view.listed(view.table_knows(self.state))
        if not self.state.models():
            # a key to a table with no row in it explained nothing
            self.query_one("#detail", Static).update(Text(nobody_yet(self.app), style="dim"))
            return
        # wrapped at plain spaces only: a name, a weapon or a key's entry stays on its row
        text = Text(view.model_detail(model) + "\n" if model else "")
        text.append(view.key_line(listed, sides=True,
                                  weapons="Weapons" in self._columns and not self._full),
                    style="dim")
        # a model whose weapons take fewer rows than the last one's leaves the rows blank:
        # shorter lines gave the table a row, and scrolled to its foot, its rows slid down
        # one under the mouse, so a second click (a double click) took the model above
        detail = self.query_one("#detail", Static)
        width = detail.content_region.width
        if width > 0:
            rows = len(wrap_kept(text, width, ()))
            text.append("\n" * max(0, self._detail_rows - rows))
            self._detail_rows = max(rows, self._detail_rows)
        detail.update(KeptWhole(text, ()))

    def _highlighted(self) -> Model | None:
        table: DataTable[Text] = self.query_one("#models", DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key.value
        return self.state.find(str(key)) if key is not None else None

    def _chosen(self) -> Model | None:
        """The highlighted model, once the table shows the campaign as it is now: a key
        typed straight after a step (d d d, quickly) comes before the tab is drawn again,
        and took the model highlighted before that step (placed already, so refused)."""
        if self.campaign is not None and self.state is not self._drawn:
            self.redraw()
        return self._highlighted()

    def _rng(self, purpose: str) -> random.Random:
        assert self.campaign is not None
        return self.campaign.rng(f"dead-mans-hand.{purpose}")

    def _taken_back(self) -> list[object]:
        """What the undo just done took back of this game, newest first: the steps undone
        since the newest one still standing (a note or a clock between is passed over).
        Taken again, a step that draws offers the cards the table already turned over,
        where the app would deal new ones (and an undo would be a way to better cards)."""
        campaign = self.campaign
        assert campaign is not None
        found: list[object] = []
        for event in reversed(campaign.events):
            if not event.kind.startswith(KINDS.prefix):
                continue
            if not campaign.is_undone(event):
                break
            found.append(KINDS.read(event))
        return found

    def _refused(self, refusal: RuleError | None) -> bool:
        """Tell the Dealer why the highlighted model cannot take this step (True)."""
        if refusal is not None:
            self.notify(refusal.message, title=refusal.rule, severity="warning", markup=False)
        return refusal is not None

    # -- actions ----------------------------------------------------------------------------

    def action_set_up(self) -> None:
        def set_up(values: Values) -> SetUpGame:
            typed = values.cards("card", 1)
            if typed is not None:
                return SetUpGame(typed[0].code)
            # a Joker has no colour: the players draw again, and so does the app
            order = card_codes(Deck.from_codes(FULL_PACK).shuffled(self._rng("setup")))
            return SetUpGame(next(c for c in order if colour_of(c) is not None))

        again = next((p.card for p in self._taken_back()
                      if isinstance(p, GameSetUp) and p.game == self.state.game + 1), "")
        note = TAKEN_BACK.format(what="set-up card", are="is", them="it") if again else ""
        rematch = None if again else turns.rematch_card(self.state)
        if rematch is not None:  # the uneven fight again, sides swapped (line 261)
            again, note = rematch, turns.rematch_said(self.state, rematch)
        ask(self, Form("Set up a game", [form.cards(
            "card", "Set-up card", again, placeholder="blank: the app draws",
            about="The card turned over: its colour places first and acts first.")],
            note=note,
            on_change=said_of("card", "Left blank, the app draws the set-up card.",
                              "a set-up turns over", turns.setup_card_refused)), set_up)

    def action_deploy(self) -> None:
        """Place the highlighted model (the next side's first model still to place is
        highlighted after each); one that cannot be placed now is refused, naming why."""
        model = self._chosen()
        if model is None or self._refused(turns.why_not_deploy(self.state, model.name)):
            return
        self.send(Deploy(model.name))

    def action_use(self) -> None:
        model = self._chosen()
        if model is None or self._refused(turns.why_not_use(self.state, model.name)):
            return
        if moves_allowed(model) == (Move.STILL,):
            # pinned by a Jack, standing still is the one move the rules leave it (line 110):
            # a form of one choice asked a key for nothing; the notice says why, undo takes
            # it back
            self.send(UseModel(model.name, Move.STILL))
            queen = (" Stopped by a Queen too: no attack, so the turn passes."
                     if model.shaken else "")
            self.notify(f"{model.name} stands still: pinned by a Jack, it may not move this "
                        f"time.{queen}", markup=False)
            return
        ask(self, move_form(model), lambda v: UseModel(model.name, Move(v.text("move"))))

    def action_leave(self) -> None:
        model = self._chosen()
        if model is None or self._refused(turns.why_not_leave(self.state, model.name)):
            return
        ask(self, move_form(model, leaving=True),
            lambda v: LeaveTable(model.name, Move(v.text("move"))))

    def action_attack(self) -> None:
        state = self.state
        turn = state.turn
        attacker = state.find(turn.in_use) if turn and turn.in_use else None
        assert turn is not None and turn.move is not None and attacker is not None
        move = turn.move
        targets = fight.targets(state)
        # an enemy highlighted in the table is the one the Dealer means (round 33): the form
        # opens on it and on the Yards, as for the enemy attacked last; the highlight stays
        # on the attacker after its use, so only a row moved to on purpose counts
        highlighted = self._chosen()
        taken = next((p for p in self._taken_back()
                      if isinstance(p, AttackDrawn) and p.attacker == attacker.name), None)
        again = " ".join(taken.cards) if taken is not None else ""
        # an attack taken back is taken again at its own target (round 34): its cards are
        # typed in, and the enemy attacked before it, offered with the keys on the Yards,
        # took them (5 Enter sent the cards the table turned over at one enemy at another)
        retaken = taken.target if taken is not None and taken.target in targets else None
        aimed = (highlighted.name if highlighted is not None and highlighted.name in targets
                 else retaken or fight.aimed_target(state))
        # and at that target the whole attack comes back as it was sent, its yards and boxes
        # too (stop 63): undone for a modifier forgotten, only the Cards came back, and the
        # table measured again and ticked every box anew to change one
        as_sent = taken if taken is not None and aimed == taken.target else None
        boxes = judged(as_sent.modifiers if as_sent is not None else ())

        def as_taken_back(text: str) -> bool:
            """Whether the field holds the cards taken back, as they were: short of the
            count (a friend near forgotten), the table turns the rest over, and so does
            the app. Cards typed by hand must be all there."""
            try:
                return bool(again) and [c.code for c in parse_cards(text)] == again.split()
            except ValueError:
                return False
        weapons = [(weapon_name(w), w) for w in attacker.weapons]
        # the first weapon that fires after this move (a rifle fires only standing, lines
        # 52-54), where the first carried was offered and Draw refused
        firing = next((w for w in attacker.weapons if reaches(w, attacker.civilian, move)),
                      weapons[0][1] if weapons else "")
        # and with its own weapon, where it still fires: the first one's power dealt a card
        # more to the cards taken back (round 34)
        if (taken is not None and taken.weapon in attacker.weapons
                and reaches(taken.weapon, attacker.civilian, move)):
            firing = taken.weapon

        def ticked(values: Values) -> dict[str, bool]:
            return {"friends_near": values.flag("friends"), "from_behind": values.flag("behind"),
                    "cover": values.flag("cover")}

        def preview(shown: Form) -> None:
            values = shown.values()
            yards = values.text("yards")
            # the lines' room, once the form is laid out, less the scroll bar its fields
            # bring when they run long: the odds break between chances
            laid = shown.query_one("#form-preview").size.width
            room = laid - shown.styles.scrollbar_size_vertical if laid else None
            shown.show_preview(attack_preview(
                self.state, values.text("target"), values.text("weapon"),
                int(yards) if yards.isdecimal() else None, **ticked(values),
                # left blank, the field itself says the app deals them: a line for it cost
                # the All In odds their last row at 80x24 with eight targets
                width=room, cards=view.typed_cards(
                    values.text("cards"), "",
                    cards_wanted(self.state, values.text("target"), values.text("weapon"),
                                 **ticked(values)),
                    self.drawable, rest_dealt=as_taken_back(values.text("cards")))))

        def attack(values: Values) -> MakeAttack:
            target, weapon = values.text("target"), values.text("weapon")
            yards = values.number("yards", least=0)
            typed = values.cards("cards")
            aimed = self.state.find(target)
            count = card_count(weapon, **ticked(values),
                               target_moving=aimed.moving_target if aimed else False,
                               attacker_moved_far=moved_far(move))
            pack = self.state.pack
            if typed is not None:
                codes = tuple(c.code for c in typed)
                if as_taken_back(values.text("cards")) and len(codes) < count.total:
                    codes += deal(without(pack.pile, codes), without(pack.discard, codes),
                                  count.total - len(codes), self._rng("attack"))
                return MakeAttack(target, weapon, yards, codes, **ticked(values))
            cards = deal(pack.pile, pack.discard, count.total, self._rng("attack"))
            return MakeAttack(target, weapon, yards, cards, **ticked(values))

        ask(self, Form(f"{attacker.name} attacks", [
            # an explanation of one line for each field: the box under the form is as tall
            # as the explanation of the field with the keyboard, and a form that grew or
            # shrank as a click moved the keyboard moved the field from under the pointer,
            # so the click was lost (the first click on Target never opened it)
            # the weapon that fires after the move is offered already, so it comes first and
            # the keys start on the Target: Target, Yards and Cards follow one Tab apart
            form.choose("weapon", "Weapon", weapons, firing,
                        required=True,
                        about="Its power is the cards drawn; the lines below say its reach."),
            # side by side, letters typed choose one; the form opens on it unless the rules
            # offer one with reason (the enemy attacked last, the only one), then on Yards
            form.one_of("target", "Target", targets, aimed or (targets[0] if targets else ""),
                        about="The enemy attacked: in reach of the weapon, and in sight."),
            form.number("yards", "Yards", as_sent.yards if as_sent is not None else "",
                        about="Base centre to base centre, at any moment; a card's length is "
                        "10 yards."),
            form.cards("cards", "Cards turned over", again, placeholder="blank: the app deals",
                       about="From the table's own pack; left blank, the app deals them."),
            # a model alone on the table has no friend to stand near it (line 69)
            *([form.check("friends", "Friend near", boxes["friends_near"],
                          about="A friend of the attacker within 10 yards of it: +1 card.")]
              if fight.friends_on_table(state) else []),
            form.check("behind", "From behind", boxes["from_behind"], about="From more than "
                       "90 degrees off the way the target faces: +1 card."),
            # one line at 80x24, as each of the others: a second line under every field
            # took a row from the odds over it
            form.check("cover", "Cover", boxes["cover"], about="Scenery hides at least 25% of "
                       "the target from the attacker: -1 card."),
        ], focus="yards" if aimed else "target", send_label="Draw", on_change=preview,
            note=ATTACK_TAKEN_BACK if as_sent is not None
            else TAKEN_BACK.format(what="attack's cards", are="are", them="them")
            if again else ""), attack)

    def drawable(self, cards: Sequence[str]) -> str | None:
        """Why the pack as it stands now cannot give the cards typed."""
        return why_not_drawn(self.state, cards)

    def action_all_in(self) -> None:
        def all_in(values: Values) -> GoAllIn:
            typed = values.cards("card", 1)
            if typed is not None:
                return GoAllIn(typed[0].code)
            pack = self.state.pack
            (card,) = deal(pack.pile, pack.discard, 1, self._rng("all-in"))
            return GoAllIn(card)

        attack = self.state.attack
        again = next((p.card for p in self._taken_back() if isinstance(p, WentAllIn)
                      and attack is not None and p.attacker == attack.attacker), "")
        ask(self, Form("All In: one card more", [form.cards(
            "card", "All In card", again, placeholder="blank: the app draws",
            about=all_in_words(self.state))],
            send_label="Draw",
            note=TAKEN_BACK.format(what="All In card", are="is", them="it") if again else "",
            on_change=said_of("card", "Left blank, the app draws the All In card.",
                              "All In draws", self.drawable)), all_in,
            then=self._card_if_due)

    def _card_if_due(self) -> None:
        """Once All In is drawn, or the attacker's card after it leaves the target its
        choice, the card to play is the one step left: its form follows by itself (Escape
        leaves it to its key). Not over another screen the Dealer opened meanwhile."""
        if self.app.screen is self.screen and fight.card_to_play(self.state):
            self.action_play()

    def action_play(self) -> None:
        """The cards left to play, one line each; an Ace whose loser picks the weapon it
        gives up (line 108) is a line for each pick, so the line chosen is the whole play."""
        state = self.state
        attack = state.attack
        assert attack is not None
        second = attack.awaiting_second
        who = attack.target if second else attack.attacker
        lines = view.card_lines(view.table_knows(state))
        attacker, target = state.find(attack.attacker), state.find(attack.target)

        def picks(card: str) -> tuple[str, tuple[str, ...]]:
            """The loser and the weapons it picks among, when `card` is an Ace that needs it."""
            if attacker is None or target is None:
                return "", ()
            outcome = resolve(card, attacker, target, attack.weapon, attack.yards)
            return (outcome.loser or "", outcome.choices) if outcome.needs_choice else ("", ())

        options: list[tuple[str, str]] = []
        pickers: list[str] = []  # who picks the weapon an Ace takes
        for number, (card, says, open_) in enumerate(lines):
            if not open_:
                continue
            loser, lost = picks(attack.cards[number])
            options += [(f"{card}: {loser} loses {weapon_name(w)}, its pick", f"{number} {w}")
                        for w in lost] or [(f"{card}: {says}", str(number))]
            if lost and loser not in pickers:
                pickers.append(loser)
        best = best_card(state)
        start = next((value for _, value in options
                      if attack.cards[int(value.split()[0])] == best),
                     options[0][1] if options else "")
        if second:
            options.append(("Take no second card", NO_CARD))
            best = second_card(state)
            start = next((value for _, value in options if value != NO_CARD
                          and attack.cards[int(value.split()[0])] == best), NO_CARD)

        def play(values: Values) -> object:
            picked, _, lost = values.text("card").partition(" ")
            if picked in ("", NO_CARD):
                return DeclineSecondResult()
            card = attack.cards[int(picked)]
            return (TakeSecondResult(card, lost or None) if second
                    else PlayResult(card, lost or None))

        about = view.opened_on(state)
        if second:  # why the target chooses now, which a table new to All In asks
            about = ("All In: the target may take one of the cards left as its own, or none. "
                     + about)
        for loser in pickers:  # line 108: the loser picks, the cheapest listed first
            about += (f" For an Ace, {loser}'s player picks the weapon it gives up (the "
                      "cheapest first).")
        ask(self, Form(f"{who} takes which second card?" if second
                       else f"{who} plays which card?",
                       [form.pick("card", "Card", options, start, about=about)],
                       send_label="Play", aliases={"weapon_lost": "card"}), play,
            then=self._card_if_due)

    def action_end_turn(self) -> None:
        self.send(EndTurn())

    def action_surrender(self) -> None:
        model = self._chosen()
        if model is None or self._refused(turns.why_not_surrender(self.state, model.name)):
            return
        out = ("for the rest of the showdown" if self.state.format is Format.SHOWDOWN
               else "of this game")
        self.send(Surrender(model.name), confirm=f"{model.name} surrenders and is out {out}?")

    def action_recover(self) -> None:
        """The draws for all the fallen in one form: a card field for each model a card may
        save (blank, the app draws); those on a King or a Joker are buried with them, and
        when nobody else lies down, a question asks before they are."""
        state = self.state
        drawing = turns.drawing(state)
        keys = {turns.card_field(index): name for index, name in enumerate(drawing)}

        def typed(values: Values) -> dict[str, str]:
            return {name: values.text(key) for key, name in keys.items()}

        if not drawing:
            said = " ".join(view.fallen_lines(state, {}))
            self.send(DrawForTheFallen(), confirm=f"{said} Bury the fallen?")
            return

        def draw(values: Values) -> DrawForTheFallen:
            cards: dict[str, str] = {}
            for key, name in keys.items():
                typed_card = values.cards(key, 1)
                if typed_card is not None:
                    cards[name] = typed_card[0].code
            pack = self.state.pack
            pile = tuple(card for card in pack.pile if card not in cards.values())
            blank = [name for name in drawing if name not in cards]
            dealt = deal(pile, (), len(blank), self._rng("recovery"))
            cards |= dict(zip(blank, dealt, strict=True))
            return DrawForTheFallen(tuple((name, cards[name]) for name in drawing))

        again = {p.name: p.card for p in self._taken_back() if isinstance(p, RecoveryDrawn)
                 and p.name in drawing}

        def lying(name: str) -> str:
            model = state.find(name)
            return f"{name} on {show(model.coffin)}" if model and model.coffin else name

        ask(self, Form("Draw for the fallen", [
            form.cards(key, lying(name), again.get(name, ""), placeholder="blank: the app draws",
                       about="The card turned over for it: a number at least its coffin "
                       "card's, or a Jack, Queen or King, brings it back for the games left; a "
                       "lower number, an Ace or a Joker is death, its weapons and horse lost.")
            for key, name in keys.items()
        ], note=TAKEN_BACK.format(what="draws' cards", are="are", them="them") if again else "",
            on_change=lambda shown: shown.show_preview("\n".join(
                view.fallen_lines(self.state, typed(shown.values()))))), draw)

    def action_sheet(self) -> None:
        """Bring the play sheet into sight; the arrows scroll it."""
        self.query_one("#attack-scroll", VerticalScroll).focus()
        self.query_one("#sheet", Static).scroll_visible(top=True, animate=False)

    def action_reshuffle(self) -> None:
        """The discard back into the pile, asked first: a shuffle is not taken back at the
        table, and a table turning its own cards shuffles its discard back with it. `R`
        took effect at once, one capital letter from `r`."""
        if self._refused(turns.why_not_reshuffle(self.state)):
            return
        count = len(self.state.pack.discard)
        cards = f"{count} card{'' if count == 1 else 's'}"
        self.send(Reshuffle(), confirm=(
            f"Reshuffle? The discard ({cards}) goes back into the pile; a table turning its "
            "own cards shuffles its discard back too."))

    def action_undo_attack(self) -> None:
        """Back to just before the newest attack still standing in the journal."""
        campaign = self.campaign
        assert campaign is not None
        drawn = [e for e in campaign.events if e.kind == ATTACK_DRAWN
                 and not campaign.is_undone(e)]
        if not drawn:
            self.notify("There is no attack to take back.", severity="warning", markup=False)
            return
        self.undo_from(drawn[-1])
