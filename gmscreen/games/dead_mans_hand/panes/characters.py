"""The Characters tab: the two posses side by side, the highlighted model's weapons and the
journal's notes about it, and the posse builder."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.widget import Widget
from textual.widgets import DataTable, Static

from gmscreen.core.text import reads_as
from gmscreen.games.dead_mans_hand import rules, turns, view
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Dismiss,
    EditModel,
    LoadScenario,
    NamePosse,
    NewMatch,
    Recruit,
    SwapSides,
)
from gmscreen.games.dead_mans_hand.pack import show
from gmscreen.games.dead_mans_hand.panes import shades
from gmscreen.games.dead_mans_hand.panes.keys import POSSES_KEYS
from gmscreen.games.dead_mans_hand.panes.named import step_key
from gmscreen.games.dead_mans_hand.posse import (
    CIVILIAN_BONUS,
    GUIDE,
    LEADER,
    RANK_AND_FILE,
    cost,
    has_leader,
    kit,
    left_after,
    points,
    recruit_guide,
)
from gmscreen.games.dead_mans_hand.results import on
from gmscreen.games.dead_mans_hand.scenarios import SCENARIOS
from gmscreen.games.dead_mans_hand.state import (
    COLOURS,
    Colour,
    Format,
    MatchState,
    Model,
    Phase,
    Posse,
    other,
    side,
)
from gmscreen.games.dead_mans_hand.weapons import (
    WEAPONS,
    Weapon,
    in_a_few_words,
    weapon_name,
)
from gmscreen.journal.notes import noted_lines
from gmscreen.journal.rules import RuleError
from gmscreen.ui import form
from gmscreen.ui.form import Field, Form, Values, ask, npc_names
from gmscreen.ui.kept_whole import KeptWhole
from gmscreen.ui.keys_line import KeysLine, keys_text
from gmscreen.ui.reading import ReadingScroll
from gmscreen.ui.sections import RowTable, fitted_widths
from gmscreen.ui.steps import Refusal, StepPane

#: before the title of the posse the keys act on (r, e, N): its shade alone was lost
#: without colour, and an empty table shows no cursor
KEYS_SIGN = "▸ "
#: below this width the posses stand one above the other, so every column shows
SIDE_BY_SIDE = 120
#: the keys kept off the footer, as the line over the posses names them while they are built
BUILDING_KEYS = (("scenario", "s a scenario"), ("format", "f the format"),
                 ("name_posse", "N a posse's name"))
#: between single games, where the players may swap sides (line 11)
SWAP_KEYS = (("swap_sides", "w swap sides"), ("name_posse", "N a posse's name and player"))
#: once a game is over: another match, the posses built anew
NEW_MATCH_KEYS = (("new_match", "M a new match"),)
#: and one with the same posses, as recruited, where the match kept them so
AGAIN_KEYS = (("match_again", "A the same posses again"),)
#: the steps of this tab, and the rule that says whether each applies now
STEPS = {"recruit": rules.why_not_recruit, "edit_model": rules.why_not_edit,
         "dismiss_model": rules.why_not_dismiss, "scenario": rules.why_not_load_scenario,
         "format": rules.why_not_choose_format, "new_match": rules.why_not_new_match,
         "swap_sides": rules.why_not_swap, "match_again": rules.why_not_match_again}


def comes_next(app: App[Any], state: MatchState) -> str:
    """Between games, the step that comes next on the Conflict tab, where it is taken: a new
    match is not the only way on (lines 145-151). Its key as the Dealer set it."""
    if turns.why_not_recover(state) is None:
        return f"{step_key(app, 'recover')} the fallen's draw on the Conflict tab · "
    if turns.why_not_set_up(state) is None:
        return f"{step_key(app, 'set_up')} game {state.game + 1} on the Conflict tab · "
    return ""


#: what the plunder's lines say, beside the points the posse keeps (said under the list)
PLUNDER_ABOUT = ("Each line: price, power (the cards it draws), reach after a move, then "
                 "standing still. What comes with a weapon stays when the weapon is lost.")


def chosen_colour(values: Values) -> Colour:
    """The posse chosen in a form's Posse field."""
    return "black" if values.text("colour") == "black" else "red"


def _price(values: Values, posse: Callable[[Colour], Sequence[Model]],
           named: Callable[[Colour], str] = lambda colour: f"the {colour} posse") -> str:
    """What the plunder ticked costs, as the recruit form fills in, and what the posse
    chosen (`named`, as the tabs call it) keeps once the model joins it; or, where Recruit
    would refuse the plunder (a piece ticked beside what already brings it, a weapon no
    civilian uses), why."""
    civilian = values.flag("civilian")
    bought = list(values.chosen("weapons"))
    if civilian and values.flag("brawling"):
        bought.append("brawling")
    colour = chosen_colour(values)
    return plunder_line(bought, civilian, values.flag("horse"), posse(colour), named(colour))


def plunder_line(bought: Sequence[str], civilian: bool, horse: bool,
                 others: Sequence[Model], named: str) -> str:
    """What the plunder `bought` costs, and what the posse (`named`) keeps once a model
    with it stands beside `others`, its other models; or, where the plunder would be
    refused (a piece ticked beside what already brings it, a weapon no civilian uses),
    why."""
    try:
        price = cost(bought, civilian, horse)
    except ValueError:
        return ""
    try:
        kit(bought, civilian)
    except RuleError as refused:  # a Pistol beside Dual Pistols, say: it would not join
        return f"Plunder: {points(price)}, refused: {refused.message}"
    left, total = left_after(others, price, civilian=civilian)
    if left < 0:
        return (f"Plunder: {points(price)}: {-left} more than the {points(left + price)} "
                f"left to {named}")
    return f"Plunder: {points(price)}; {named} keeps {left} of its {total}"


def kit_field(fmt: Format, offered: Sequence[Weapon], ticked: Sequence[str], *,
              civilian: bool = False, about: str = "") -> Field:
    """What a model is recruited with, in the book's word for it: a Dramatic Showdown's
    Plunder, each piece at its price in points; in single games, where nothing is bought,
    the posse sheet's Weapons."""
    if fmt is Format.SHOWDOWN:
        return form.many("weapons", "Plunder", kit_options(fmt, offered, civilian), ticked,
                         about=about or PLUNDER_ABOUT, about_each=_whole_rows(offered))
    return form.many("weapons", "Weapons", kit_options(fmt, offered, civilian), ticked,
                     about=about, about_each=_whole_rows(offered))


def kit_options(fmt: Format, offered: Sequence[Weapon], civilian: bool) -> list[tuple[str, str]]:
    """The kit field's lines: each weapon with its row of the play sheet in a few words
    (power, reach), a civilian's where `civilian`, so a table buying plunder without the
    book knows what a Sawn-Off is beside a Shotgun; in a showdown, with its price."""
    if fmt is Format.SHOWDOWN:
        # "Shotgun, 3 pts", not "(3 pts)": a space typed to tick straight after a letter
        # went on the letters' search where a word ending in it stood before a space ("s "
        # found "Derringers (2 pts)")
        return [(f"{w.bought_as or w.name}, {points(w.price_for(civilian), short=True)}: "
                 f"{in_a_few_words(w.id, civilian)}", w.id) for w in offered]
    return [(f"{w.name}: {in_a_few_words(w.id, civilian)}", w.id) for w in offered]


def _whole_rows(offered: Sequence[Weapon]) -> dict[str, str]:
    """Each weapon's play-sheet rows, a practised hand's and a civilian's, and what comes
    with it: said under the list while its line is highlighted, as the line has room for
    one of them alone."""
    def civilians(w: Weapon) -> str:
        reach = in_a_few_words(w.id, True).removeprefix(f"power {w.power}, ")
        return "not for civilians" if reach == "not for civilians" else f"a civilian: {reach}"

    return {w.id: f"{w.bought_as or w.name}: {in_a_few_words(w.id)}; {civilians(w)}"
                  + (f"; comes with a {weapon_name(w.includes)}" if w.includes else "")
                  + "." for w in offered}


def recruit_form(fmt: Format, colour: Colour, names: Callable[[], str],
                 posse: Callable[[Colour], Sequence[Model]],
                 named: Callable[[Colour], str] = lambda colour: f"the {colour} posse"
                 ) -> Form:
    """Recruit a model; in a showdown the form counts the plunder ticked against what
    `posse(colour)`, the models of the posse chosen, has left, naming the posse as
    `named(colour)` does."""
    showdown = fmt is Format.SHOWDOWN
    guide = recruit_guide(showdown)
    fields: list[Field] = [
        form.one_of("colour", "Posse", [(c.title(), c) for c in COLOURS], colour),
        form.text("name", "Name", suggest=names),
    ]
    if showdown:
        # ticked while the posse has no leader: a table recruits its leader first
        fields.append(form.check("leader", "Leader", not has_leader(posse(colour)),
                                 about=f"The one model of the posse at value {LEADER[0]} with "
                                 f"{LEADER[1]} hits; the rest start at value {RANK_AND_FILE[0]} "
                                 f"with {RANK_AND_FILE[1]}."))
    else:
        fields += [form.number("value", "Value", 8, about=guide["value"]),
                   form.number("hits", "Hits", 1, about=guide["hits"])]
    offered = [w for w in WEAPONS.values() if w.id != "brawling"]
    fields += [
        kit_field(fmt, offered, (), about="" if showdown else guide["weapons"]),
        form.check("civilian", "Civilian", about=guide["civilian"]),
        form.check("horse", "Horse", about=guide["horse"]),
        form.check("brawling", "Brawling (civilian)",
                   about="Everyone else brawls for nothing; a civilian buys it."),
    ]

    chosen = colour

    def price(shown: Form) -> None:
        nonlocal chosen
        values = shown.values()
        # Civilian ticked: the list gives a civilian's reach and says which weapons are
        # not for civilians (it kept a practised hand's: a Pistol's 40 yards, not 20)
        shown.set_options("weapons", kit_options(fmt, offered, values.flag("civilian")))
        if not showdown:
            return
        now = chosen_colour(values)
        if now != chosen:  # another posse: Leader ticked while it has none
            chosen = now
            shown.set_value("leader", not has_leader(posse(now)))
        shown.show_preview(_price(values, posse, named))

    return Form("Recruit a model", fields, send_label="Recruit",
                aliases={"value": "leader", "hits": "leader"} if showdown else None,
                focus="name", on_change=price)


def name_form(colour: Colour, posse: Callable[[Colour], Posse], *, swapping: bool) -> Form:
    """Name a posse and who plays it: the Posse chosen brings its name and player into the
    fields. Between single games (`swapping`) it opens on the Player: the sides swap."""
    chosen = colour

    def follow(shown: Form) -> None:
        nonlocal chosen
        now = chosen_colour(shown.values())
        if now != chosen:
            chosen = now
            shown.set_value("name", posse(now).name)
            shown.set_value("player", posse(now).player)

    return Form("Name a posse", [
        form.one_of("colour", "Posse", [(c.title(), c) for c in COLOURS], colour),
        # the glossary's Name is a model's: this one is the posse's
        form.text("name", "Name", posse(colour).name,
                  about="The posse's own name, as the tabs, the log and the players' screen "
                        "call it (a scenario names its sides; they may be renamed)."),
        form.text("player", "Player", posse(colour).player,
                  about="Who plays this posse (may be left blank). Swap the players "
                        "between games to play each side; each one's wins are counted.")],
        focus="player" if swapping else "name", on_change=follow)


def recruited(fmt: Format, values: Values) -> Recruit:
    weapons = list(values.chosen("weapons"))
    civilian = values.flag("civilian")
    if civilian and values.flag("brawling"):
        weapons.append("brawling")
    if fmt is Format.SHOWDOWN:
        value, hits = LEADER if values.flag("leader") else RANK_AND_FILE
    else:
        value, hits = values.number("value"), values.number("hits")
    return Recruit(chosen_colour(values), values.text("name"), value, hits, tuple(weapons),
                   civilian, values.flag("horse"))


def civilian_words(civilian: bool, fmt: Format) -> str:
    """What Edit's Civilian box says: the recruit form's words, and how its Brawling goes.
    At 80x24 a showdown's form has three lines for them: with the points a civilian brings
    and "Save, then Edit again to buy it Brawling." after them, they ran to a fourth and
    were cut off ("Save, then Edit again…", "Untick: it brawls for…")."""
    said = GUIDE["civilian"]
    if not civilian:
        said = said.replace("no free Brawling.", "no free Brawling (Edit again to buy it).")
    if fmt is Format.SHOWDOWN:
        said += f" Each brings {CIVILIAN_BONUS} more points."
    return said + (" Untick: it brawls for nothing." if civilian else "")


def edit_form(model: Model, may: rules.Editable, fmt: Format,
              others: Sequence[Model] = (), named: str = "its posse") -> Form:
    """Put a model right: while the posses are built its plunder; during a game what it still
    carries, its hits left and its markers (the form opens on the hits); between games only
    its name (the rules say which). Putting a showdown model's plunder right, the form
    counts it as Recruit does against what the posse (`named`) has left beside `others`,
    its other models: the Dealer saw the sum only once Save refused it."""
    fields = [form.text("name", "Name", model.name)]
    if may.stats:
        guide = recruit_guide(showdown=False)
        fields += [form.number("value", "Value", model.value, about=guide["value"]),
                   form.number("hits", "Hits", model.hits, about=guide["hits"])]
    if may.weapons == "plunder":
        included = {WEAPONS[w].includes for w in model.kit}
        free = set() if model.civilian else {"brawling"}
        offered = [w for w in WEAPONS.values()
                   if w.id not in free and (w.civilians or not model.civilian)]
        fields.append(kit_field(
            fmt, offered, [w for w in model.kit if w not in included and w not in free],
            civilian=model.civilian,
            about="What it was recruited with"
                  + (", each at its price in points" if fmt is Format.SHOWDOWN else "")
                  + ": tick or untick to put it right."))
        # a scenario's sheet leaves Civilian? Yes / No for the table to circle
        fields.append(form.check("civilian", "Civilian", model.civilian,
                                 about=civilian_words(model.civilian, fmt)))
    elif may.weapons == "carried":
        # the glossary's Weapons is the column's: this is the model's own kit, one by one
        fields.append(form.many("weapons", "Still carries",
                                [(weapon_name(w), w) for w in model.kit], model.weapons,
                                about="Untick a weapon it no longer has (an Ace took it, or "
                                      "it ran out); tick one back taken off by mistake."))
    if may.horse:
        fields.append(form.check("horse", "Horse", model.horse))
    if may.markers:
        down = (f"Down {on(model.coffin)}: its hits left, 1 to the {model.hits} it started "
                "the game with, stand it up again where it lay." if model.coffin else "")
        fields += [form.number("hits_left", "Hits left", model.hits_left,
                               about=down or f"As marked beside the model: 1 to the "
                               f"{model.hits} it started the game with (0 lays it down on "
                               "its coffin card)."),
                   form.check("moving_target", "Moving Target", model.moving_target),
                   form.check("pinned", "Jack", model.pinned,
                              about="Pinned by a Jack: no move at its next use."),
                   form.check("shaken", "Queen", model.shaken,
                              about="Stopped by a Queen: no attack at its next use, nor "
                              "answer till that use is over.")]
        if model.on_table:
            fields.append(form.cards("coffin", "Coffin card", placeholder="with 0 hits left",
                                     about="With no hits left it lies down on the card "
                                     "that took its last, one turned over this game."))
        elif model.coffin:
            fields.append(form.cards("turned", "Card turned", placeholder="as typed",
                                     about=f"If the {show(model.coffin)} was typed wrong: "
                                     "the card the table really turned over (the one typed "
                                     "goes back to the pile)."))
    note = "Between games only the name changes." if len(fields) == 1 else ""

    def price(shown: Form) -> None:
        values = shown.values()
        civilian = values.flag("civilian") if "civilian" in values else model.civilian
        horse = values.flag("horse") if "horse" in values else model.horse
        shown.show_preview(plunder_line(values.chosen("weapons"), civilian, horse, others,
                                        named))

    counted = may.weapons == "plunder" and fmt is Format.SHOWDOWN
    # in play the hits and markers are what is mended, far more often than a name
    return Form(f"Put {model.name} right", fields, note=note, send_label="Save",
                aliases={"markers": "moving_target"},
                focus="hits_left" if may.markers else None,
                on_change=price if counted else None)


def _one_card(values: Values, key: str) -> str:
    """The one card typed in the field `key` ("" for none, or no such field)."""
    typed = values.cards(key, 1) if key in values else None
    return typed[0].code if typed else ""


def edited(model: Model, values: Values) -> EditModel:
    weapons = values.chosen("weapons") if "weapons" in values else model.weapons
    horse = values.flag("horse") if "horse" in values else model.horse
    hits = values.number("hits_left") if "hits_left" in values else None
    # read as the game's other card fields are: a bad card names its field (Coffin card)
    coffin, turned = (_one_card(values, key) for key in ("coffin", "turned"))
    value = values.number("value") if "value" in values else None
    recruited_hits = values.number("hits") if "hits" in values else None
    civilian = values.flag("civilian") if "civilian" in values else None
    return EditModel(model.name, values.text("name"), tuple(weapons), horse,
                     values.flag("moving_target"), values.flag("pinned"), values.flag("shaken"),
                     hits, coffin or None, turned or None, value, recruited_hits,
                     None if civilian == model.civilian else civilian)


#: the fewest rows a posse keeps stacked: its title, its headings and two models (a posse
#: of one needs three)
STACKED_FLOOR = 5


def posse_widths(rows: Sequence[Sequence[str]], room: int, scrollbar: int
                 ) -> tuple[tuple[int, ...], bool]:
    """The widths of a posse's columns (`rows` under view.POSSE_COLUMNS) in `room`
    columns, and whether its Weapons are cut short. The Notes, last, wrap within the room
    the others leave, but never narrower than their longest word: at 120 columns the six
    raiders of Skirmish on the Plains, their names as long as each other's and their
    weapons the longest of any scenario's, left the Notes less than their heading, and
    "horse" read "hors" under "Note". Where the columns overrun so, the Weapons give the
    room (ending in an ellipsis); the line under the tables names them in full."""
    headings = view.POSSE_COLUMNS
    widths = fitted_widths(headings, rows, room, scrollbar=scrollbar)
    notes, weapons = headings.index("Notes"), headings.index("Weapons")
    natural = max([cell_len(headings[notes]), *(cell_len(row[notes]) for row in rows)])
    word = max([0, *(cell_len(w) for row in rows for w in row[notes].split())])
    widths[notes] = max(widths[notes], min(word, natural))
    over = sum(widths) + 2 * len(widths) + scrollbar - room
    if over <= 0:
        return tuple(widths), False
    widths[weapons] = max(cell_len(headings[weapons]), widths[weapons] - over)
    return tuple(widths), True


class PossesPane(StepPane[MatchState]):
    """Both posses: every model's value, hits, weapons, horse and markers."""

    DEFAULT_CSS = """
    PossesPane #summary { height: auto; padding: 0 1; }
    PossesPane .posse { width: 1fr; }
    PossesPane .posse-title { height: auto; padding: 0 1; text-style: bold; }
    PossesPane .posse.-keyboard .posse-title { background: $primary 30%; }
    PossesPane DataTable { height: 1fr; }
    PossesPane #about { height: auto; max-height: 35%; padding: 0 1;
                        border-top: solid $primary; }
    PossesPane.-stacked #posses { layout: vertical; min-height: 10; }
    PossesPane.-stacked .posse { width: 100%; height: 1fr; min-height: 5; }  /* _share_rows */
    """
    # a notice takes rows of the tab (the kit's): the model's notes under the tables give
    # them up first, their share of the tab shrinking with it, and stacked at 80x24 each
    # posse keeps its title, its header and two rows, the notes cut short below it

    BINDINGS: ClassVar[list[BindingType]] = POSSES_KEYS

    #: the palette finds a step by its name only (see the Conflict tab's)
    PALETTE_NAMES: ClassVar[dict[str, str]] = {
        "recruit": "Recruit a model (hire)",
        "edit_model": "Edit model: hits, weapons, markers",
        "dismiss_model": "Dismiss model",
        "scenario": "Load a scenario",
        "format": "Format: showdown or single games",
    }

    def __init__(self) -> None:
        super().__init__()
        #: each posse's table (by id): the widths of its columns now
        self._widths: dict[str, tuple[int, ...]] = {}
        #: the state the tables were drawn from last
        self._drawn: MatchState | None = None
        #: the layout the tables were last drawn for (`_laid_out`)
        self._drawn_for: tuple[int, bool] | None = None
        #: the model just recruited: the keyboard goes to it once the tables show it
        self._recruited: str | None = None
        #: the tables show the weapons by their whole names (there is room for them)
        self._full = False
        #: the posse of the table the keyboard is in, or was in last (from the notes under
        #: the tables a key acts on the model highlighted there)
        self._table: Colour = "red"
        #: each posse's title as the view words it, before _mark_table marks one
        self._titles: dict[Colour, str] = {}

    def why_not(self, action: str) -> Refusal:
        step = STEPS.get(action)
        return step(self.state) if step is not None else None

    def compose(self) -> ComposeResult:
        yield KeysLine("", id="summary", markup=False)
        with Horizontal(id="posses"):
            for colour in COLOURS:
                with Vertical(classes="posse", id=f"{colour}-posse"):
                    yield Static("", id=f"{colour}-title", classes="posse-title", markup=False)
                    table: DataTable[Text] = RowTable(id=colour, cursor_type="row",
                                                       zebra_stripes=True)
                    table.add_columns(*view.POSSE_COLUMNS)
                    yield table
        with ReadingScroll(id="about"):
            yield Static("", id="detail", markup=False)

    def on_resize(self) -> None:
        # the tables' columns fit their new width once the posses are laid out anew; a
        # resize to the room they were drawn for (the tab's first) is not drawn twice
        if self.campaign is not None and self._laid_out() != self._drawn_for:
            self.call_after_refresh(self.redraw)

    def on_mount(self) -> None:
        # the fallen are named in the theme's own muted colour (`shades`): drawn again in
        # the new theme's
        self.app.theme_changed_signal.subscribe(self, lambda _: self._theme_changed())
        # the posse acted on follows the keyboard as it moves, not the DescendantFocus that
        # says so a turn later: Tab then e typed in one burst put right the model of the
        # table left, and a table passed through on the way to another widget was not the
        # one "left last" (`_table`)
        self.watch(self.screen, "focused", self._keyboard_moved, init=False)

    def _keyboard_moved(self, focused: Widget | None) -> None:
        if focused is not None and focused.id in COLOURS and self in focused.ancestors:
            self._table = "black" if focused.id == "black" else "red"

    def _theme_changed(self) -> None:
        if self.campaign is not None and self.is_mounted:
            self._redraw_guarded()

    def _laid_out(self) -> tuple[int, bool]:
        """The room each posse has and whether they are stacked, the layout set to it."""
        self.set_class((self.size.width or self.app.size.width) < SIDE_BY_SIDE, "-stacked")
        return self._room(), self.has_class("-stacked")

    def redraw(self) -> None:
        state = self.state
        self._drawn = state
        self._drawn_for = self._laid_out()
        known = view.table_knows(state)
        what = ("Dramatic Showdown, best of three: 8 models, 40 points of plunder"
                if state.format is Format.SHOWDOWN else "Single games: any models")
        scenario = SCENARIOS.get(state.scenario or "")
        if scenario is not None:
            what = f"Scenario: {scenario.title}"
        summary = Text.styled("The posses", "bold")  # the title alone
        summary.append(f" · {what}")
        if state.phase is Phase.BUILDING:
            summary.append("\n")
            # once a game may be set up, the next step is on another tab: say which
            label = (f"Ready: {step_key(self.app, 'set_up')} on the Conflict tab · "
                     if turns.why_not_set_up(state) is None else "Building: ")
            summary.append_text(keys_text(BUILDING_KEYS, style="dim", label=label))
        elif rules.why_not_new_match(state) is None:
            # w only where it applies (one player on both sides, or none named yet, it is
            # refused, and a click on its words said only why); N names the players
            swap = (() if not rules.between_single_games(state) else SWAP_KEYS
                    if rules.why_not_swap(state) is None else SWAP_KEYS[1:])
            summary.append("\n")
            # once the showdown is won no game remains: "between games" would mislead
            label = ("The showdown is won: " if state.phase is Phase.OVER
                     else f"Between games: {comes_next(self.app, state)}")
            again = AGAIN_KEYS if rules.why_not_match_again(state) is None else ()
            summary.append_text(keys_text((*swap, *NEW_MATCH_KEYS, *again), style="dim",
                                          label=label))
        self.query_one("#summary", Static).update(summary)
        self._full = self._fits_full(known)
        for colour in COLOURS:
            self._titles[colour] = view.posse_title(known, colour)
            table: DataTable[Text] = self.query_one(f"#{colour}", DataTable)
            row = table.cursor_row
            models = view.roster(state.posse(colour).models)
            rows = self._rows(models, known)
            cut = self._fit(table, rows)
            table.clear()
            fallen = shades.out_of_it(self.app)
            for model, (name, value, hits, weapons, notes) in zip(models, rows, strict=True):
                dim = fallen if view.out_of_it(model) else ""
                # the notes, last, wrap within the room the other columns leave; weapons
                # cut short end in an ellipsis on their one line (the line under the
                # tables names the highlighted model's in full)
                kit = Text(weapons)
                if cut is not None:
                    kit.truncate(cut, overflow="ellipsis")
                table.add_row(Text(name, style=dim), Text(value), Text(hits), kit,
                              Text(notes), key=model.name, height=None)
            # an empty table shows no headings with nothing under them: its title says
            # "no models yet"
            table.show_header = bool(table.row_count)
            if table.row_count:
                table.move_cursor(row=min(row, table.row_count - 1))
        self._share_rows()
        self._to_recruited()
        self._mark_table()
        self._show_detail()

    def _share_rows(self) -> None:
        """Stacked (80 columns), each posse's share of the rows as its table is long: a
        scenario's lone gunman left four rows empty under him while the militia's seven
        were cut to five. Side by side, each has the whole height."""
        stacked = self.has_class("-stacked")
        for colour in COLOURS:
            posse = self.query_one(f"#{colour}-posse")
            # its title, the headings and its rows, no fewer than the stacked floor
            rows = 2 + max(1, len(self.state.posse(colour).models))
            posse.styles.height = f"{rows}fr" if stacked else None
            posse.styles.min_height = min(rows, STACKED_FLOOR) if stacked else None

    def _to_recruited(self) -> None:
        """The model just recruited highlighted, in its posse's table with the keyboard: the
        next r recruits into that posse, and e puts the model right."""
        model = next((m for m in self.state.models()
                      if reads_as(m.name) == reads_as(self._recruited or "")), None)
        if model is None:
            return
        self._recruited = None
        table: DataTable[Text] = self.query_one(f"#{model.colour}", DataTable)
        table.focus()
        table.move_cursor(row=view.roster(self.state.posse(model.colour).models).index(model))

    def _room(self) -> int:
        """The room the layout gives each posse, from the pane's width and whether they are
        stacked: the table's own size lags a change of layout by a frame, so at 80 columns
        the first drawing found the half width of side by side and kept it."""
        pane = self.size.width or self.app.size.width
        return pane if self.has_class("-stacked") else pane // 2

    def _rows(self, models: Sequence[Model], known: view.TableKnows
              ) -> list[tuple[str, str, str, str, str]]:
        """The models' rows, their weapons by their whole names where every row of both
        posses fits whole with them (a wide screen), else by the short words the key under
        the tables explains: at 200 columns "Toma./Blade/Fists" stood in a column with room
        for "Thrown Tomahawks, Big Blade, Brawling"."""
        return [view.model_cells(m, placing=view.to_place(known, m), full=self._full)
                for m in models]

    def _fits_full(self, known: view.TableKnows) -> bool:
        """Whether both posses' tables fit whole with the weapons' whole names (one choice
        for both, so the key under them holds for both)."""
        scrollbar = self.query_one("#red", DataTable).styles.scrollbar_size_vertical
        return all(view.fits_whole(
            view.POSSE_COLUMNS,
            [view.model_cells(m, placing=view.to_place(known, m), full=True)
             for m in known.posse(colour).models], self._room(), scrollbar)
            for colour in COLOURS)

    def _fit(self, table: DataTable[Text], rows: Sequence[Sequence[str]]) -> int | None:
        """The table's columns as wide as their cells, but the Notes, last, held to the room
        the others leave (side by side at 120 columns a posse has about 60), and the
        Weapons cut short where even so they leave the notes too little: then the width
        they are cut to."""
        widths, cut = posse_widths(rows, self._room(), table.styles.scrollbar_size_vertical)
        if widths != self._widths.get(str(table.id)):
            self._widths[str(table.id)] = widths
            table.clear(columns=True)
            for heading, width in zip(view.POSSE_COLUMNS, widths, strict=True):
                table.add_column(Text(heading), width=width)
        return widths[view.POSSE_COLUMNS.index("Weapons")] if cut else None

    def on_data_table_row_highlighted(self) -> None:
        self._show_detail()

    def on_descendant_focus(self) -> None:
        self._mark_table()
        self._show_detail()  # the other posse's table: its highlighted model

    def _mark_table(self) -> None:
        """The title of the posse whose table has the keyboard (or had it last) stands out:
        an empty table shows no cursor to tell. It begins with a sign as well as its shade:
        without colour (NO_COLOR) the two titles' backgrounds read alike."""
        for colour in COLOURS:
            marked = colour == self._table
            self.query_one(f"#{colour}-posse").set_class(marked, "-keyboard")
            if colour in self._titles:
                self.query_one(f"#{colour}-title", Static).update(
                    (KEYS_SIGN if marked else "") + self._titles[colour])

    def _show_detail(self) -> None:
        """The highlighted model's weapons in full and what the journal notes about it,
        then the key to the tables' short words."""
        if self.campaign is None:
            return
        model = self._highlighted()
        # wrapped at plain spaces only: a name, a weapon or a key's entry stays on its row
        text = Text()
        if model is not None:
            text.append(view.model_detail(model) + "\n", style="bold")
            for line in noted_lines(self.campaign.notes_about(model.name)):
                text.append(line + "\n")
        if not self.state.models():
            # a key to tables with no row in them explained nothing
            text.append(f"No models yet: {step_key(self.app, 'recruit')} recruits one.",
                        style="dim")
        else:
            text.append(view.key_line(self.state.models(), weapons=not self._full),
                        style="dim")
        self.query_one("#detail", Static).update(KeptWhole(text, ()))

    def _highlighted(self) -> Model | None:
        table: DataTable[Text] = self.query_one(f"#{self._table}", DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key.value
        return self.state.find(str(key)) if key is not None else None

    def _chosen(self) -> Model | None:
        """The highlighted model, once the tables show the campaign as it is now (a key
        typed straight after a step comes before the tab is drawn again); when there is
        none, the Dealer is told so."""
        if self.campaign is not None and self.state is not self._drawn:
            self.redraw()
        model = self._highlighted()
        if model is None:
            self.notify(f"the {self._table} posse has nobody yet", title="Models",
                        severity="warning", markup=False)
        return model

    def action_recruit(self) -> None:
        fmt = self.state.format
        # the posse of the table the keyboard is in, unless it has no room and the other has
        colour = self._table
        if (rules.why_not_join(self.state, colour) is not None
                and rules.why_not_join(self.state, other(colour)) is None):
            colour = other(colour)

        def recruiting(values: Values) -> Recruit:
            command = recruited(fmt, values)
            self._recruited = command.name
            return command

        def named(colour: Colour) -> str:
            # as the tab over the form calls it: "The Callahan Gang (red)" where it read
            # "the red posse"
            return side(self.state.posse(colour).name, colour)

        ask(self, recruit_form(fmt, colour, npc_names(self),
                               lambda colour: self.state.posse(colour).models, named),
            recruiting)

    def action_edit_model(self) -> None:
        model = self._chosen()
        if model is not None:
            others = [m for m in self.state.posse(model.colour).models if m is not model]
            ask(self, edit_form(model, rules.editable(self.state, model), self.state.format,
                                others, side(self.state.posse(model.colour).name,
                                             model.colour)),
                lambda values: edited(model, values))

    def action_dismiss_model(self) -> None:
        """Asks nothing (a model leaves only while the posses are built or between single
        games, carrying nothing its recruit form does not give back), but says whom it took
        and the way back: a row gone from a posse of eight left the Dealer to see which."""
        model = self._chosen()
        if model is None:
            return
        posse = side(self.state.posse(model.colour).name, model.colour)
        self.send(Dismiss(model.name))
        if self.state.find(model.name) is None:
            self.notify(f"{model.name} leaves {posse}. Undo brings {model.name} back.",
                        title="Dismissed", markup=False)

    def action_name_posse(self) -> None:
        colour = self._table
        mine, theirs = self.state.posse(colour), self.state.posse(other(colour))
        # while the posses are built, the one still unnamed once this one has its name; at
        # any moment, the one whose player is still unnamed once this one's is (a scenario
        # names both sides, and the players name themselves one after the other)
        if ((self.state.phase is Phase.BUILDING and mine.name and not theirs.name)
                or (mine.player and not theirs.player)):
            colour = other(colour)
        ask(self, name_form(colour, self.state.posse,
                            swapping=rules.between_single_games(self.state)),
            lambda values: NamePosse(chosen_colour(values), values.text("name"),
                                     values.text("player")))

    def action_scenario(self) -> None:
        options = [(f"{s.title}: {s.pitch}", s.id) for s in SCENARIOS.values()]
        # on the scenario loaded, if any: Enter alone then changes nothing
        ask(self, Form("Load a scenario", [form.pick(
            "scenario", "Scenario", options, self.state.scenario or options[0][1],
            about="It brings both posses and names the sides, in place of another "
                  "scenario's not yet played; each player keeps the side chosen. Uneven "
                  "fights may bend the placing rules; to be fair, play twice, swapping "
                  f"({step_key(self.app, 'swap_sides')}).")]),
            lambda values: LoadScenario(values.text("scenario")),
            then=lambda: self.notify(view.scenario_loaded_notice(self.state),
                                     title="Scenario loaded", markup=False))

    def action_swap_sides(self) -> None:
        self.send(SwapSides())

    def action_new_match(self) -> None:
        self.send(NewMatch(), confirm=f"{rules.match_left(self.state)}. Start a new match?")

    def action_match_again(self) -> None:
        self.send(NewMatch(again=True),
                  confirm=f"{rules.match_left(self.state, again=True)}. Start a new match?")

    def action_format(self) -> None:
        options = [("Dramatic Showdown (best of three, built posses)", Format.SHOWDOWN.value),
                   ("Single games (free rosters)", Format.SINGLE.value)]
        ask(self, Form("Format", [form.pick(
            "format", "Format", options, self.state.format.value,
            about="A showdown is chosen before anyone is recruited: two posses of 8 bought "
                  "with points, best of three, survivors tougher, the fallen drawing to live. "
                  "Single games take any models, each game afresh.")]),
            lambda values: ChooseFormat(Format(values.text("format"))))
