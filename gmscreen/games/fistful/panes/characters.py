"""The Characters tab: the posse and its NPCs as a table, the highlighted sheet in full with
the journal's notes about it, and the forms that make and change them (posse creation, a
new character, an NPC by rank, the sheet's words and equipment, harm, rest, Carousing,
advancement, money). What may be done to the highlighted sheet is asked of the rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container
from textual.widgets import DataTable, Static

from gmscreen.games.fistful import (
    between,
    between_rules,
    conflict_rules,
    fight_rules,
    rules,
    view,
)
from gmscreen.games.fistful.between import flips_a_coin, rolls_again
from gmscreen.games.fistful.characters import (
    ATTRIBUTES,
    EQUIPMENT_EXAMPLE,
    EQUIPMENT_HELP,
    RANKS,
    equipment_text,
    guts_max,
    parse_equipment,
    rank_words,
    rolled_attributes,
    stacked,
    verify_equipment,
)
from gmscreen.games.fistful.commands import (
    AddNpc,
    Advance,
    Buy,
    Carouse,
    CreateCharacter,
    DropNpc,
    EaseStress,
    EditSheet,
    FormPosse,
    HandOver,
    LoseWealth,
    PayDebt,
    PutRight,
    Rest,
    Sell,
    ShareTake,
    TakeHarm,
)
from gmscreen.games.fistful.conflict import verify_stakes
from gmscreen.games.fistful.events import KINDS, Bought, Sold
from gmscreen.games.fistful.panes.common import (
    choose_optional_rules,
    mark_lost,
    revive,
    roll_out_of_action,
    spend_luck,
)
from gmscreen.games.fistful.panes.fit import Fit, fitted, show_rows
from gmscreen.games.fistful.panes.keys import keys_of, palette_steps
from gmscreen.games.fistful.panes.rolls import (
    FLOATING_ABOUT,
    TYPE_OR_ROLL,
    coins,
    faces,
    floating_options,
)
from gmscreen.games.fistful.state import Character, FistfulState
from gmscreen.games.fistful.tables import (
    book_price,
    carousing_table,
    price_categories,
    price_words,
)
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event
from gmscreen.journal.notes import noted_lines
from gmscreen.journal.rules import RuleError
from gmscreen.ui import form
from gmscreen.ui.form import Form, Values, ask, npc_names
from gmscreen.ui.keys_line import KeysLine, keys_text, more_keys
from gmscreen.ui.reading import ReadingScroll
from gmscreen.ui.sections import RowTable
from gmscreen.ui.steps import Refusal, StepPane

ATTRIBUTE_OPTIONS = [(a.title(), a) for a in ATTRIBUTES]
BOUGHT, SOLD = KINDS.kind_of_class(Bought), KINDS.kind_of_class(Sold)
TRADES = (BOUGHT, SOLD)
#: from this width the sheet sits beside the table (which needs about 90 columns)
WIDE = 150
#: the lines the sheet keeps below the table on a narrower screen (its rule included)
SHEET_LINES = 7
#: under a creature's natural weapon, as it is made and on its sheet
NATURAL_ABOUT = ("A creature's claws, teeth or horns and their damage modifier (+0 or more: "
                 "harder than a fist)")
#: under a trade's dice: they are the price's, not a test's
#: the price categories' dice (lines 205-221), under the Buy and Sell forms' Category
PRICES = ("; ".join(f"{c.name} {price_words(c)}" for c in price_categories().values())
          + "; some goods are rolled 2 or 4 times, added; a used item sells for half")
PRICE_DICE = ("The price's dice: the category's dice for each time the price is rolled; "
              "left blank, the app rolls")


def scores_typed(making: Form) -> None:
    """A new character's watcher: the table's six dice typed, the scores they give (the swap
    chosen made) and the Guts, under the fields; nothing till six faces are typed."""
    values = making.values()
    first, _, second = values.text("swap").partition(",")
    try:
        typed = values.faces("dice", 6)
        made = (rolled_attributes(typed, (first, second) if second else None)
                if typed is not None else None)
    except RuleError:
        made = None
    making.show_preview("" if made is None else ", ".join(
        f"{a.title()} {made[a]}" for a in ATTRIBUTES) + f"; Guts {guts_max(made['grit'])}")


def priced_by_the_book(free_incidentals: bool = False, selling: bool = False
                       ) -> Callable[[Form], None]:
    """A Buy or Sell form's watcher: an item the book lists puts its category and the times
    its price is rolled in the form (the Judge may change them), and says so under the
    fields; asked only when the item changes, so a category chosen by hand stays.
    `free_incidentals`: the Judge lets Incidentals go for nothing when bought (round 22),
    and when sold (`selling`, round 23)."""
    seen = [""]

    def changed(priced: Form) -> None:
        item = priced.values().text("item")
        if item == seen[0]:
            return
        seen[0] = item
        listed = book_price(item)
        if listed is None:
            priced.show_preview("Not on the book's list: choose its category" if item else "")
            return
        category, rolls = listed
        priced.set_value("category", category)
        priced.set_value("rolls", str(rolls))
        try:  # a stack bought ("x3") rolls the price for each of it
            count = sum(i.count for i in parse_equipment(item))
        except RuleError:
            count = 1
        each = f" for each of the {count}" if count > 1 else ""
        # the dice with it: asked what a revolver costs, the Judge reads it here
        kind = price_categories()[category]
        free = (f" ({'sold' if selling else 'let go'} for nothing: Incidentals free, O)"
                if free_incidentals and kind.dice == 0 else "")
        priced.show_preview(f"The book's list: {category}, "
                            f"{price_words(kind, rolls)}{each}{free}")

    return changed



class Body(Container):
    """The table above the sheet (beside it on a wide screen): a long table scrolls, so the
    sheet keeps its lines."""

    def on_resize(self, event: events.Resize) -> None:
        table = self.query_one(DataTable)
        table.styles.max_height = (None if event.size.width >= WIDE
                                   else max(event.size.height - SHEET_LINES, 3))


class CharactersPane(StepPane[FistfulState]):
    """Everyone at the table; the highlighted sheet in full below (or beside, when wide)."""

    DEFAULT_CSS = """
    CharactersPane #ff-posse { height: auto; color: $text-muted; }
    CharactersPane #ff-body { layout: vertical; }
    CharactersPane DataTable { height: auto; }
    CharactersPane #ff-sheet { height: 1fr; border-top: solid $primary; }
    CharactersPane.-wide #ff-body { layout: horizontal; }
    CharactersPane.-wide DataTable { width: auto; height: 1fr; max-height: 100%; }
    CharactersPane.-wide #ff-sheet { width: 1fr; height: 1fr; border-top: none;
                                     border-left: solid $primary; padding: 0 1; }
    """
    #: named in the palette with the book's words a Judge would type there, where the
    #: footer's one word finds nothing by them ("guts", "bounty", "who goes first")
    PALETTE_NAMES: ClassVar[dict[str, str]] = {
        "harm": "Harm: Guts lost to damage or a wound", "lost": "Lost for good, presumed dead",
        "advance": "Advance: the Advancement Test (XP)",
        "take": "Take a share of the takings (XP)", "edit": "Edit the sheet and its equipment"}

    #: the footer has 80 columns: it offers what fits the highlighted sheet; making people
    #: is named on the posse line ("Keys:")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("P", "form_posse", "Form posse", id="fistful.form_posse",
                tooltip="Name the posse and set the Wanted Clock (1 to 5)"),
        Binding("e", "edit", "Edit", id="fistful.edit",
                tooltip="The sheet's words and equipment"),
        Binding("h", "harm", "Harm", id="fistful.harm",
                tooltip="Guts lost, and why: at 0 the character is out of action"),
        Binding("o", "out_of_action", "Out of action", id="fistful.out_of_action",
                tooltip="Roll the d6 table for a character at 0 Guts"),
        Binding("v", "revive", "Revive", id="fistful.revive",
                tooltip="Back on their feet once the table is rolled: 1d6 Guts"),
        Binding("d", "lost", "Lost", id="fistful.lost",
                tooltip="The posse lost the fight or could not get them back: lost for good, "
                        "presumed dead"),
        Binding("r", "rest", "Rest", id="fistful.rest",
                tooltip="Sleep and rations: a Grit test with no Challenge"),
        Binding("l", "spend_luck", "Luck", id="fistful.spend_luck",
                tooltip="Spend the Luck just rolled on an effect"),
        Binding("u", "carouse", "Carouse", id="fistful.carouse",
                tooltip="A night out: Stress off and advancement dice bought, the bill, "
                        "the d6 table"),
        Binding("A", "advance", "Advance", id="fistful.advance",
                tooltip="Advancement Test with the dice bought while Carousing"),
        Binding("m", "take", "Take", id="fistful.take",
                tooltip="Share the session's takings, one share or the whole posse's split evenly "
                        "($10 = 1 XP at session end)"),
        Binding("O", "optional_rules", "Optional rules", id="fistful.characters_optional_rules",
                show=False, tooltip="Scene stakes, Glory, 5 under, Stress for Luck, Double or "
                "Nothing coins: on or off; the sword's and the Gatling's harm; "
                "Incidentals free: chosen as the posse is set up, changed at any time"),
        Binding("b", "buy", "Buy", id="fistful.buy",
                tooltip="An item at its category's rolled price"),
        Binding("s", "sell", "Sell", id="fistful.sell", tooltip="Used items sell for half"),
        Binding("S", "ease_stress", "An item eases Stress…", id="fistful.ease_stress",
                show=False, tooltip="Stress taken off by an item on the sheet (a tincture, "
                "an elixir...)"),
        Binding("g", "hand_over", "Hand over…", id="fistful.hand_over", show=False,
                tooltip="Dollars and an item passed to another of the posse: a fallen "
                        "comrade's purse and guns, a loan"),
        Binding("D", "pay_debt", "Pay a debt…", id="fistful.pay_debt", show=False,
                tooltip="Pay back some of what Carousing left owing"),
        Binding("dollar_sign", "pay_out", "Dollars lost or paid…", id="fistful.pay_out",
                show=False, tooltip="Dollars lost or paid outside a trade: robbed, fined, a "
                "bribe, a fare (to an NPC or gone)"),
        Binding("p", "put_right", "Put a figure right…", id="fistful.put_right", show=False,
                tooltip="Guts, Stress, Luck or Dollars a step took wrong, set straight with "
                        "the steps since kept (an undo takes back the newest step whole)"),
        Binding("c", "create", "Character", id="fistful.create", show=False,
                tooltip="A new character: 2d6+9 three times, one swap, the starting purse"),
        Binding("a", "add_npc", "An NPC by rank…", id="fistful.add_npc", show=False,
                tooltip="Poor, Common, Ornery, Infamous, or a creature; its name typed or "
                        "drawn in the form"),
        Binding("X", "drop_npc", "Drop an NPC…", id="fistful.drop_npc", show=False,
                tooltip="An NPC prepared and no longer needed, off the Judge's sheets; the "
                        "table never hears of it"),
    ]
    #: the keys the footer leaves out, as the posse line names them (when they apply); g,
    #: handing on, is named on a fallen one's sheet instead (it ran this line to two rows);
    #: $, Dollars lost or paid, by the mending form (p) and in ctrl+p, for the same reason
    MORE_KEYS = (("create", "c a new character"), ("add_npc", "a an NPC by rank"),
                 ("edit", "e edit"), ("harm", "h harm"), ("buy", "b buy"), ("sell", "s sell"),
                 ("pay_debt", "D pay a debt"), ("pay_out", "$ dollars lost or paid"),
                 ("ease_stress", "S an item eases Stress"), ("put_right", "p mend"))
    #: named too while the posse is set up, before the first session (the Conflict tab's
    #: Keys line names it in play)
    SETTING_UP = (("optional_rules", "O optional rules"),)
    #: the steps for the highlighted sheet, each with the rule that says whether it may be
    #: taken now
    ON_SHEET: ClassVar[dict[str, Callable[[FistfulState, str], RuleError | None]]] = {
        "harm": fight_rules.why_not_harm,
        "out_of_action": fight_rules.why_not_roll_out_of_action,
        "revive": fight_rules.why_not_revive, "lost": fight_rules.why_not_lose,
        "rest": fight_rules.why_not_rest, "spend_luck": conflict_rules.why_not_spend_luck,
        "carouse": between_rules.why_not_carouse, "advance": between_rules.why_not_advance,
        "take": between_rules.why_not_take, "buy": between_rules.why_not_trade,
        "sell": between_rules.why_not_sell, "pay_debt": between_rules.why_not_pay_debt,
        "hand_over": between_rules.why_not_hand_over,
        "ease_stress": fight_rules.why_not_ease_stress,
        "pay_out": conflict_rules.why_not_pay_out,
    }

    def why_not(self, action: str) -> Refusal:
        state = self.state
        action = action.partition("(")[0]
        if action == "form_posse":
            return rules.why_not_form_posse(state)
        if action == "create":
            return rules.why_not_create(state)
        if action == "drop_npc" and not self._droppable():
            return RuleError("Characters", "no NPC to drop: none is made, or each is in the "
                             "fight (one leaves it first)")
        if action not in self.ON_SHEET and action not in ("edit", "put_right"):
            return None
        who = self.selected()
        if who is None:
            return RuleError("Characters", "nobody yet: make a character or an NPC first")
        asked = self.ON_SHEET.get(action)
        return asked(state, who.name) if asked is not None else None

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        return [*super().palette_commands(), *palette_steps(self, (
            ("Roll on the Out of action table…", "The d6 for the highlighted character at 0 "
             "Guts: typed, or left blank for the app's", "out_of_action"),
            ("Roll on the Carousing table…", "A night out for the highlighted posse member: "
             "the bill, the d6 table, the dice again, the coin; each typed or left blank",
             "carouse"),
            ("Roll the Advancement Test…", "The dice bought while Carousing, against an "
             "Attribute: typed, or left blank", "advance"),
            ("Roll a new character…", "Grit, Gumption and Grace at 2d6+9 each, one swap, and "
             "the purse (a d6 an hour of the Wanted Clock, times $10): typed, or left blank",
             "create"),
            ("Roll an item's price to buy…", "By its category: Incidental $1, Common d6, "
             "Boutique 2d6 x5, Bespoke 4d6 x10 (some items roll it more than once): typed, or "
             "left blank", "buy"),
            ("Roll an item's price to sell…", "The category's dice again, half for a used item: "
             "typed, or left blank", "sell")))]

    def quiet(self, action: str) -> bool:
        # the Advancement Test, due once Carousing bought its dice, comes before buying and
        # the sheet's edit and harm (named above the table instead): with the shell's f5
        # between sessions, the footer has room for no more at 80 columns.
        # Selling, the rarer trade, is named there always
        return action == "sell" or (action in ("buy", "edit", "harm")
                                    and not self.why_not("advance"))

    def compose(self) -> ComposeResult:
        yield KeysLine(id="ff-posse", markup=False)
        with Body(id="ff-body"):
            yield RowTable(id="ff-people", cursor_type="row", zebra_stripes=True)
            with ReadingScroll(id="ff-sheet"):
                yield Static(id="ff-sheet-text", markup=False)

    def on_resize(self, event: events.Resize) -> None:
        # a wide screen shows the sheet beside the table, in full
        self.set_class(event.size.width >= WIDE, "-wide")
        self.redraw()

    def __init__(self) -> None:
        super().__init__()
        #: the newest trade already told to the Judge (None until the first showing, so
        #: the trades already in the journal are not told again)
        self._trade_told: int | None = None
        #: the table's columns now
        self._shown: Fit | None = None

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        self.tell_trade()

    def last_trade(self) -> Event | None:
        """The newest step when it is a purchase or a sale (so the status says what it
        cost), else None."""
        assert self.campaign is not None
        newest = self.campaign.newest_step()
        if newest is None or newest.kind not in TRADES:
            return None
        return newest

    def tell_trade(self) -> None:
        """A trade just made is told at once: the dice, the price, the money left."""
        trade = self.last_trade()
        seq = trade.seq if trade else 0
        if self._trade_told is not None and trade is not None and seq > self._trade_told:
            assert self.campaign is not None
            self.notify(self.campaign.describe(trade), markup=False,
                        title="Bought" if trade.kind == BOUGHT else "Sold")
        if self._trade_told is None or seq > self._trade_told:
            self._trade_told = seq

    def redraw(self) -> None:
        if self.campaign is None:
            return
        state = self.state
        table = self.query_one("#ff-people", DataTable)
        row = table.cursor_row
        rows = view.characters_grid(state).rows
        # on a narrow screen the sheet below gives the XP and a long name whole; the sheet
        # beside the table on a wide one leaves it all the room it needs
        room = WIDE if self.has_class("-wide") else self.size.width - 2  # a scrollbar's
        fit = fitted(view.SHEET_COLUMNS, rows, room, spared=("XP",), narrowed=("Name",))
        show_rows(table, view.SHEET_COLUMNS, rows, fit, self._shown)
        self._shown = fit
        # no heading over an empty list (the table stays, to hold the keyboard): the posse's
        # line above says what to do first
        table.show_header = bool(rows)
        if state.characters:
            table.move_cursor(row=min(max(row, 0), len(state.characters) - 1))
        self.describe_selected()

    def tell_posse(self) -> None:
        """The posse's line, the keys the footer leaves out for the sheet highlighted, and
        the trade just made."""
        assert self.campaign is not None
        state = self.state
        form_posse = keys_of(self)("fistful.form_posse")
        status = Text(view.posse_line(state) + ("" if state.formed else
                                                f" Press {form_posse} to form one."))
        words = self.MORE_KEYS + (self.SETTING_UP if not self.campaign.session else ())
        # one row: the sheets' table keeps its rows, and the count names what is left out
        more = (keys_text(more_keys(self, words), " (also in ctrl+p)", one_row=True)
                if state.formed else Text())
        if more:
            status.append("\n")
            status.append_text(more)
        trade = self.last_trade()
        if trade is not None:
            status.append(f"\n#{trade.seq} {self.campaign.describe(trade)}", style="bold")
        self.query_one("#ff-posse", Static).update(status)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.describe_selected()
        # the footer offers what fits the highlighted sheet
        self.screen.refresh_bindings()

    def selected(self) -> Character | None:
        if self.campaign is None or not self.state.characters:
            return None
        table = self.query_one("#ff-people", DataTable)
        return self.state.characters[min(table.cursor_row, len(self.state.characters) - 1)]

    def describe_selected(self) -> None:
        self.tell_posse()
        who = self.selected()
        text = Text()
        if who is not None:
            assert self.campaign is not None  # a sheet is highlighted once there is one
            name, *rest = view.sheet_lines(
                who, between_sessions=self.state.between_sessions,
                house=self.state.settings.house(), key_of=keys_of(self),
                lineup=self.state.lineup)
            rest += noted_lines(self.campaign.notes_about(who.name))
            text.append(name, style="bold")
            text.append(f"  {rest[0]}\n" + "\n".join(rest[1:]))
        self.query_one("#ff-sheet-text", Static).update(text)

    # -- forms -------------------------------------------------------------------------------

    def _people(self, *, npcs: bool = True) -> list[str]:
        return [c.name for c in self.state.characters if npcs or not c.is_npc]

    def _who(self, *, npcs: bool = True) -> form.Field:
        """Who the step is for, the highlighted sheet chosen to start with."""
        who = self.selected()
        return form.choose("name", "Who", self._people(npcs=npcs), who.name if who else "",
                           required=True)

    def action_form_posse(self) -> None:
        ask(self, Form("Form the posse", [
            form.text("name", "Posse name", about="A gang often goes by its leader's name"),
            form.number("clock", "Wanted Clock (1-5)", 3,
                        about="The hour the posse starts at: 1 to 5, by how bad their past. "
                        "Each new character's purse is as many d6 times $10 (3 o'clock: "
                        "3d6 x $10), money that cannot pay off the bounty"),
            form.text("history", "History", about="What they did together, and how it put "
                      "them on the Wanted Clock"),
            form.text("purpose", "Purpose", about="The gang's goal: what keeps them "
                      "together")]),
            lambda v: FormPosse(v.text("name"), v.number("clock"), v.text("history"),
                                v.text("purpose")))

    def action_create(self) -> None:
        swaps = [("none", ""), *((f"{a.title()} <-> {b.title()}", f"{a},{b}")
                                 for i, a in enumerate(ATTRIBUTES) for b in ATTRIBUTES[i + 1:])]
        clock = rules.purse_dice(self.state)

        def made(v: Values) -> CreateCharacter | None:
            by_app = v.faces("dice", 6) is None
            rolled = faces(self, v, "dice", 6, "attributes")
            purse = faces(self, v, "purse", clock, "purse")
            first, _, second = v.text("swap").partition(",")
            command = CreateCharacter(v.text("name"), rolled, purse,
                                      (first, second) if second else None,
                                      v.text("background"), v.text("gender"),
                                      v.text("hometown"))
            if not by_app or command.swap is not None:
                return command
            # the book swaps two scores once they are rolled: the app's roll is shown first
            self.check(command)
            self.call_after_refresh(self._ask_swap, command)
            return None

        ask(self, Form("New character", [
            form.text("name", "Name"),
            form.dice("dice", "2d6 x3 (6 faces)",
                      about="Grit, Gumption, Grace in order: two dice each, +9"),
            form.choose("swap", "Swap two", swaps, "",
                        about="With the dice left blank, asked once the app's roll is shown"),
            form.dice("purse", f"Purse ({clock}d6)", about=f"{clock}d6, the hour the posse "
                      "was formed at, times $10"),
            form.text("background", "Background", about="Short and telling: once a "
                      "session it gives a floating die to a test it fits"),
            form.text("gender", "Gender"), form.text("hometown", "Hometown")],
            note=f"{TYPE_OR_ROLL} Starting gear is bought with the purse once they are "
            "made: b Buy.", on_change=scores_typed), made)

    def _ask_swap(self, command: CreateCharacter) -> None:
        """The scores the app rolled for `command`, and the one swap of two the book allows
        once they are seen, each choice with the scores it leaves."""
        def scores(swap: tuple[str, str] | None) -> str:
            made = rolled_attributes(command.dice, swap)
            return ", ".join(f"{a.title()} {made[a]}" for a in ATTRIBUTES)

        choices = [(f"none: {scores(None)}", ""), *(
            (f"{a.title()} <-> {b.title()}: {scores((a, b))}", f"{a},{b}")
            for i, a in enumerate(ATTRIBUTES) for b in ATTRIBUTES[i + 1:])]

        def swapped(v: Values) -> CreateCharacter:
            first, _, second = v.text("swap").partition(",")
            return replace(command, swap=(first, second) if second else None)

        ask(self, Form(f"{command.name} rolled {scores(None)}", [
            form.pick("swap", "Swap two", choices, "",
                      about="Two scores may swap places once rolled (Enter keeps them)")],
            note="The dice: " + " ".join(map(str, command.dice)) + "; two each, +9."),
            swapped)

    def action_add_npc(self) -> None:
        def made(v: Values) -> AddNpc:
            attributes = _typed_scores(v)
            return AddNpc(v.text("name"), v.text("rank") or "Common",
                          v.text("strong") or "grit", v.text("second") or None, attributes,
                          parse_equipment(v.text("equipment")), v.text("notes"),
                          v.text("side"), v.text("natural"))

        sides = sorted({c.side for c in self.state.npcs if c.side}, key=str.casefold)
        ask(self, Form("Add an NPC", [
            form.text("name", "Name", suggest=npc_names(self)),
            form.choose("rank", "Rank", [*((rank_words(r), r) for r in RANKS),
                                         ("Creature: its own scores", "Creature")],
                        "Common", required=True),
            form.text("side", "Side", placeholder=", ".join(sides) or "blank: stands alone",
                      about="The band it stands with, for morale; blank: it stands alone"),
            form.one_of("strong", "Strong Attribute", ATTRIBUTE_OPTIONS, "grit",
                        about="The one its speciality needs, at the rank's strong score"),
            form.choose("second", "Infamous: the 20", [("none", ""), *ATTRIBUTE_OPTIONS], "",
                        about="An Infamous NPC's second Attribute, at 20"),
            form.text("attributes", "Own scores", placeholder="Grit Gumption Grace",
                      about="A creature's own three scores (or a human's, by hand)"),
            form.text("natural", "Natural weapon", placeholder="a creature's: claws +2",
                      about=NATURAL_ABOUT),
            form.text("equipment", "Equipment", placeholder=EQUIPMENT_EXAMPLE,
                      about=EQUIPMENT_HELP), form.text("notes", "Notes")]), made)

    def action_edit(self) -> None:
        who = self.selected()
        if who is None:
            return
        # what a night out left to write: the form opens on its field, saying so
        due = {"background": "background", "back story": "notes"}.get(who.story_due, "")
        written = ("Secrets revealed: write the new background here"
                   if who.story_due == "background"
                   else "Truth Comes Out: write the change to the back story here")
        fields = [
            form.text("background", "Background", who.background,
                      about=written if due == "background" else ""),
            form.text("gender", "Gender", who.gender),
            form.text("hometown", "Hometown", who.hometown),
            form.text("notes", "Notes", who.notes, about=written if due == "notes" else ""),
            form.text("equipment", "Equipment", equipment_text(who.equipment),
                      placeholder=EQUIPMENT_EXAMPLE, about=EQUIPMENT_HELP)]
        if who.is_npc:
            fields.append(form.text("side", "Side", who.side, placeholder="blank: stands alone"))
        creature = who.rank == "Creature"
        if creature:
            fields.append(form.text("natural", "Natural weapon", who.natural,
                                    placeholder="claws +2", about=NATURAL_ABOUT))
        if who.is_npc:
            # the Judge's change of plans (line 255: tweak the scores as he likes); his
            # sheet is his own, so the table hears nothing of either
            fields.extend([
                form.text("attributes", "Scores", f"{who.grit} {who.gumption} {who.grace}",
                          placeholder="Grit Gumption Grace",
                          about="Tweaked past the rank's as you like (the most Guts follow "
                                "the Grit); the table never sees them"),
                form.text("new_name", "Name", who.name,
                          about="Another name for this NPC (not while in the fight)"),
                form.choose("outlook", "Outlook", [
                    ("as it is", ""), ("none: rolled when met", "0"),
                    *((f"{total}: {conflict_rules.reaction_entry(total).split(':')[0].rstrip('.')}",
                       str(total))
                      for total in range(rules.REACTION_LOW, rules.REACTION_HIGH + 1))], "",
                    about="Towards the posse, decided ahead (a reaction is rolled for one "
                          "with none)"),
                form.check("never_runs", "Never runs", who.never_runs,
                           about="Line 261: a foe with no interest in fleeing stays when his "
                                 "side's morale breaks (a line-up ticks it anew)")])
        ask(self, Form(f"{who.name}'s sheet", fields, focus=due or None),
            lambda v: EditSheet(who.name, v.text("background"), v.text("gender"),
                                v.text("hometown"), v.text("notes"),
                                parse_equipment(v.text("equipment")),
                                v.text("side") if who.is_npc else None,
                                v.text("natural") if creature else None,
                                _typed_scores(v) if who.is_npc else None,
                                v.text("new_name") if who.is_npc else None,
                                int(v.text("outlook")) if who.is_npc and v.text("outlook")
                                else None,
                                v.flag("never_runs") if who.is_npc else None))

    def _droppable(self) -> list[str]:
        return [n.name for n in self.state.npcs if rules.why_not_drop(self.state, n.name) is None]

    def action_drop_npc(self) -> None:
        """An NPC prepared and not wanted after all, off the sheets; one in the fight stays."""
        npcs = self._droppable()
        if not npcs:
            return
        who = self.selected()
        ask(self, Form("Drop an NPC", [
            form.choose("name", "Who", npcs,
                        who.name if who is not None and who.name in npcs else npcs[0])],
            note="Off your sheets; the table never hears of it. Undo takes it back."),
            lambda v: DropNpc(v.text("name")))

    def action_put_right(self) -> None:
        """One figure a step took wrong, set straight; the form starts on the sheet's
        figures now, the keyboard on Guts."""
        who = self.selected()
        if who is None:
            return
        key = keys_of(self, self.screen)
        figures = [form.number(field, word, getattr(who, field))
                   for field, word in rules.FIGURES.items()
                   if not (field == "luck" and who.is_npc)]
        ask(self, Form(f"Put {who.name}'s figures right", [
            *figures, form.text("why", "What was wrong", placeholder="#45's harm was 3, not 5")],
            note="For one fact a step took wrong, the steps since kept: the log keeps the "
                 f"step and tells this after it. {key('undo')} takes back the newest step "
                 f"whole. Dollars robbed, fined or paid in the story: {key('fistful.pay_out')} "
                 "instead."),
            lambda v: PutRight(who.name, v.text("why"), **{
                field: v.number(field) for field in rules.FIGURES
                if not (field == "luck" and who.is_npc)}))

    def action_harm(self) -> None:
        # Who starts on the highlighted sheet: the keyboard starts on what is typed
        ask(self, Form("Harm", [
            self._who(), form.number("amount", "Guts lost", about="The harm the story deals "
                                     "(a fall, a fire, a blow the fight tracker did not "
                                     "roll): at 0 Guts they are out of action"),
            form.text("why", "Why")], focus="amount"),
            lambda v: TakeHarm(v.text("name"), v.number("amount"), v.text("why")))

    def action_out_of_action(self) -> None:
        who = self.selected()
        roll_out_of_action(self, fight_rules.due_the_table(self.state), who.name if who else "")

    def action_revive(self) -> None:
        who = self.selected()
        if who is not None:
            revive(self, who)

    def action_lost(self) -> None:
        who = self.selected()
        if who is not None:
            mark_lost(self, who)

    def action_rest(self) -> None:
        def made(v: Values) -> Rest:
            # a rest is a test: a die may float on it, as on any (line 58)
            floating = v.text("floating") or None
            stakes = v.number("stakes")
            sleeper = self.state.character(v.text("name"))
            if sleeper is not None:
                # the Stakes on their own field first: -1 or a number past any die is never
                # rolled (no die to roll, or the machine's memory run out rolling it)
                verify_stakes(stakes, sleeper.stress)
            if v.text("removed") and not floating:
                raise RuleError("Floating dice", "a face is taken away only when a die "
                                "floats: choose the floating die, or leave this blank",
                                field="removed")
            thrown = rules.dice_thrown(self.state, stakes, floating)
            rolled = faces(self, v, "dice", thrown, "rest")
            removed = v.faces("removed", 1) if floating else None
            return Rest(v.text("name"), rolled, v.text("luck") != "bank",
                        v.flag("bank_misfortune"), v.flag("rations"), floating,
                        removed[0] if removed else None)

        scene = rules.pool_of(self.state, ())
        # those the rules let rest: the living still in play, not down before the table
        resting = [c.name for c in self.state.posse_members
                   if fight_rules.why_not_rest(self.state, c.name) is None]
        highlighted = self.selected()
        # the highlighted one, unless resting gives them nothing (Guts full, no Stress):
        # then the first who has Guts or Stress to rest off
        state = self.state
        first = next((n for n in (*([highlighted.name] if highlighted else ()), *resting)
                      if n in resting and fight_rules.rest_helps(state, n)),
                     highlighted.name if highlighted and highlighted.name in resting
                     else resting[0] if resting else "")
        chosen = [first]

        def rest_odds(asked: Form) -> None:
            # the chances of the Stakes typed, as the Conflict tab's odds give a test's
            values = asked.values()
            found = self.state.character(values.text("name"))
            try:
                stakes = int(values.text("stakes"))
            except ValueError:
                stakes = 0
            if found is not None and found.name != chosen[0]:
                # another sleeper: their floating die offers only what they can float
                chosen[0] = found.name
                asked.set_options("floating", floating_options(self.state, found.name))
            floating = asked.values().text("floating") or None
            asked.show_preview(view.rest_odds(found, stakes, scene[0] if scene else None,
                                              floating,
                                              five_under=self.state.settings.five_under)
                               if found is not None else "")

        ask(self, Form("Rest: Grit, no Challenge, one Guts per die", [
            form.choose("name", "Who", resting, first, required=True),
            form.number("stakes", "Stakes (dice)", 3),
            form.dice("dice", "Dice", about="" if not scene else
                      f"The scene's die, showing {scene[0]}, is one of the Stakes: one die "
                      "fewer is thrown"),
            form.one_of("floating", "Floating die", floating_options(self.state, first), "",
                        about=FLOATING_ABOUT + " One die more is typed with the Stakes."),
            form.text("removed", "Face taken away",
                      placeholder="blank: the best (the Judge: the worst)"),
            form.one_of("luck", "A Luck rolled", [("takes a Stress off", "stress"),
                                                  ("is banked", "bank")], "stress"),
            form.check("bank_misfortune", "Bank Misfortune", True,
                       about="Ticked: the Judge banks the Misfortune a Bust's doubles give "
                       "him; unticked: he lets it go"),
            form.check("rations", "Rations eaten", True,
                       about="Ticked: a day's rations come off the sheet (when it carries "
                       "some); unticked: fed otherwise, a meal bought or given")],
            note="A night's sleep and rations both: the Judge's call.", focus="stakes",
            on_change=rest_odds), made)

    def action_carouse(self) -> None:
        def made(v: Values) -> Carouse:
            stress_off = v.number("stress_off", 0)
            bought = v.number("advancement_dice", 0)
            found = self.state.character(v.text("name"))
            if found is not None:
                # what the night is had for, on its own fields, before the bill is rolled
                rules.refuse(between_rules.why_not_carouse(self.state, found.name))
                between.verify_night(found.dollars, found.stress, stress_off, bought,
                                     found.xp, found.advancement_dice, found.name)
            bill = faces(self, v, "bill", stress_off + bought, "bill")
            table = faces(self, v, "table", 1, "carousing")[0]
            # dice again or a coin typed where the table calls for none go to the rules,
            # which refuse them (a misread table die), rather than being dropped
            again = (faces(self, v, "again", len(bill), "again") if rolls_again(table)
                     else v.faces("again") or ())
            coin = (coins(self, v, "coin", 1, "wanted") if flips_a_coin(table)
                    else v.text("coin"))
            return Carouse(v.text("name"), stress_off, bought, bill, table, again, coin,
                           v.text("story"), v.text("owed_to"))

        ask(self, Form("Carousing", [
            self._who(npcs=False), form.number(
                "stress_off", "Stress to remove", 0,
                about="Each Stress the night takes away adds a d6 to the bill"),
            form.number("advancement_dice", "Advancement dice", 0,
                        about="One XP buys one die for the Advancement Test"),
            form.dice("bill", "Bill (1d6 each)",
                      about="1d6 for each Stress removed and each advancement die"),
            form.dice("table", "Table (d6)", about="The Carousing table: " + ", ".join(
                f"{face} {name}" for face, (name, _) in sorted(carousing_table().items()))),
            form.dice("again", "Dice again (1 or 5)",
                      about="A jackpot (1) or a fine (5): the bill's dice rolled again"),
            form.text("coin", "Coin (6: H/T)", placeholder="blank: the app flips",
                      about="Wanted (6): heads, the Wanted Clock moves an hour"),
            form.text("story", "Background/story",
                      about="A new background (2) or the back story changed (3)"),
            form.text("owed_to", "Owed to", placeholder="if the bill runs past the money",
                      about="Whom a bill past the money leaves them owing, and how badly "
                      "they want it back: the Judge's call, kept on the sheet")],
            note=TYPE_OR_ROLL, focus="stress_off",
            on_change=self._advancement_odds("advancement_dice", bill=True)), made)

    def _advancement_odds(self, dice_key: str | None, *, bill: bool = False
                          ) -> Callable[[Form], None]:
        """A form's watcher: under the fields, the chance of each Attribute rising on the
        Advancement Test, for the one chosen and the dice they will have (`dice_key`: the
        dice being bought now, on top of those bought before; None: those bought); with
        `bill` (a night out), what the bill may come to first."""
        def changed(asked: Form) -> None:
            values = asked.values()
            who = self.state.character(values.text("name"))
            if who is None or who.is_npc:
                asked.show_preview("")
                return
            try:
                more = values.number(dice_key, 0) if dice_key else 0
                stress_off = values.number("stress_off", 0) if bill else 0
            except RuleError:
                more = stress_off = 0
            dice = who.advancement_dice + more
            billed = view.bill_words(who, stress_off + more) if bill else ""
            # dice past the XP are refused on sending: said as they are typed, no odds
            past = between.dice_past_xp(who.name, who.xp, who.advancement_dice, more)
            if past:
                asked.show_preview("\n".join(line for line in (billed, past) if line))
                return
            # dice that can raise nothing are said so first, before the bill is paid
            warning = view.advancement_warning(who, dice, buying=dice_key is not None)
            odds = ((f"{warning}\n" if warning else "") + "Advancement Test, "
                    + view.advancement_odds(who, dice) if dice > 0 else "")
            asked.show_preview("\n".join(line for line in (billed, odds) if line))
        return changed

    def action_advance(self) -> None:
        # the Attribute likeliest to rise is chosen to start with, for whoever is chosen
        odds = self._advancement_odds(None)
        who = self.selected()
        chosen = [who.name if who else ""]

        def changed(asked: Form) -> None:
            name = asked.values().text("name")
            found = self.state.character(name)
            if name != chosen[0] and found is not None:
                chosen[0] = name
                asked.set_value("attribute", between_rules.likeliest_to_rise(found) or "grit")
            odds(asked)

        start = (between_rules.likeliest_to_rise(who) if who else "") or "grit"
        ask(self, Form("Advancement Test", [
            self._who(npcs=False), form.one_of(
                "attribute", "Attribute", ATTRIBUTE_OPTIONS, start,
                about="The one the dice bought are rolled against; it starts on the one "
                "likeliest to rise"),
            form.dice("dice", "Dice", about="The dice bought while Carousing: above the "
                      "Attribute raises it by 1")], on_change=changed,
            # on the highlighted sheet, with its likeliest Attribute: what is left is the dice
            focus="dice" if who else None),
            lambda v: Advance(v.text("name"), v.text("attribute") or "grit", faces(
                self, v, "dice", self._bought(v.text("name")), "advance")))

    def _bought(self, name: str) -> int:
        who = self.state.character(name)
        return who.advancement_dice if who else 0

    def action_optional_rules(self) -> None:
        choose_optional_rules(self)

    def action_take(self) -> None:
        who = self.selected()
        ask(self, Form("Share of the take", [
            form.choose("name", "Who", [*self._people(npcs=False),
                                        ("The whole posse, split evenly", "")],
                        who.name if who is not None and not who.is_npc else "",
                        required=True),
            form.number("dollars", "Dollars", about="One's share, or the whole take to "
                        "split: each $10 of a share is 1 XP as the session ends")],
            focus="dollars"),
            lambda v: ShareTake(v.text("name"), v.number("dollars")))

    def action_ease_stress(self) -> None:
        who = self.selected()
        if who is None:
            return
        items = [(f"{i.slot}: {i.name}" + (f" x{i.count}" if i.count > 1 else ""), i.name)
                 for i in who.equipment]
        ask(self, Form(f"An item eases {who.name}'s Stress ({who.stress} now)", [
            form.choose("item", "Item", items, items[0][1] if items else "", required=True),
            form.number("stress", "Stress off", 1,
                        about="The book names no item nor how much: the Judge's call"),
            form.check("used_up", "Used up", True, about="One of it is gone")]),
            lambda v: EaseStress(who.name, v.text("item"), v.number("stress"),
                                 v.flag("used_up")))

    def action_pay_debt(self) -> None:
        who = self.selected()
        if who is None:
            return
        ask(self, Form(f"{who.name} pays back a debt: ${who.debt} owed, ${who.dollars} in hand",
                       [form.number("dollars", "Dollars", min(who.debt, who.dollars),
                                    about="How much of the debt is paid back now, out of "
                                    "the money in hand (the starting money first)"),
                        form.text("why", "To whom", who.owed_to,
                                  about="Whom Carousing left them owing, as the Judge "
                                  "decided")]),
            lambda v: PayDebt(who.name, v.number("dollars"), v.text("why")))

    def action_pay_out(self) -> None:
        """Dollars lost or paid outside a trade or a duel: a robbery, a fine, a bribe, a
        fare; to an NPC (his purse grows) or gone."""
        who = self.selected()
        if who is None:
            return
        npcs = [n.name for n in self.state.npcs if not n.dead and n.name != who.name]
        ask(self, Form(f"{who.name} loses or pays Dollars: ${who.dollars} in hand", [
            form.number("dollars", "Dollars", placeholder=f"1 to {who.dollars}",
                        about="How many are lost or paid (the starting money first, as a "
                        "purchase spends it)"),
            form.text("why", "Why", about="Robbed, a fine, a bribe, a fare: the log and the "
                      "recap tell it"),
            form.choose("to", "To", [("nobody: gone", ""), *((n, n) for n in npcs)], "",
                        about="An NPC paid (his purse grows), or gone; within the posse, g "
                        "hands over")]),
            lambda v: LoseWealth(who.name, v.text("to"), v.text("why"),
                                 dollars=v.number("dollars")))

    def action_hand_over(self) -> None:
        """The form: from the highlighted one of the posse (a fallen comrade's whole purse
        offered), to another still in play, dollars and one item of the giver's."""
        who = self.selected()
        if who is None:
            return
        state = self.state
        givers = [c.name for c in state.posse_members
                  if between_rules.why_not_hand_over(state, c.name) is None]
        takers = list(between_rules.hand_over_takers(state, who.name))

        def carried(name: str) -> list[tuple[str, str]]:
            found = self.state.character(name)
            return [("none", ""), *((i.name, i.name) for i in (found.equipment if found
                                                              else ()))]

        def changed(handing: Form) -> None:
            name = handing.values().text("giver")
            if name != chosen[0]:
                chosen[0] = name
                handing.set_options("item", carried(name))

        chosen = [who.name]
        ask(self, Form("Hand over within the posse", [
            form.choose("giver", "From", givers, who.name, required=True),
            form.choose("taker", "To", takers, takers[0] if takers else "", required=True),
            form.number("dollars", "Dollars", who.dollars if who.condition != "ready" else 0,
                        about="Handed on, the starting money first (it still cannot pay "
                        "the bounty); no take, so no XP"),
            form.choose("item", "Item", carried(who.name), ""),
            form.number("slot", "Slot", "", placeholder="blank: the slot it had",
                        about="Where the item goes on the taker's sheet")],
            on_change=changed),
            lambda v: HandOver(v.text("giver"), v.text("taker"), v.number("dollars", 0),
                               v.text("item"), v.number("slot", 0)))

    def action_spend_luck(self) -> None:
        who = self.selected()
        spend_luck(self, who.name if who else "")

    def _category(self, v: Values) -> tuple[str, int, int]:
        """The item's price category, how many times it is rolled, and the dice it needs."""
        category = price_categories().get(v.text("category"))
        if category is None:
            raise RuleError("Prices", "choose the item's category", field="category")
        rolls = v.number("rolls", 1)
        # the times on their own field, before a die is rolled (-1 or a million never are)
        between_rules.verify_rolls(category.name, rolls)
        return category.name, rolls, category.dice * rolls

    def action_buy(self) -> None:
        categories = [(f"{c.name} {price_words(c)}: {c.examples}"[:50], c.name)
                      for c in price_categories().values()]

        def made(v: Values) -> Buy:
            items = parse_equipment(v.text("item"))
            if len(items) != 1:
                raise RuleError("Equipment", "one item, written 'slot name'", field="item")
            category, rolls, count = self._category(v)
            found = self.state.character(v.text("name"))
            if found is not None and items[0].count > 1:
                # a stack that cannot be carried is refused before its prices are rolled
                # (x99999 would be as many rolls)
                try:
                    verify_equipment(stacked(found.equipment, items[0]), found.grit)
                except RuleError as error:
                    raise RuleError(error.rule, error.message, field="item") from None
            # a price is rolled for each of a stack ("2 Box of shells x3")
            return Buy(v.text("name"), items[0], category,
                       faces(self, v, "dice", count * items[0].count, "price"), rolls)

        ask(self, Form("Buy", [
            self._who(), form.text("item", "Item", placeholder="slot, name: 6 Rifle large",
                                   about="Slot, then name; 'x3' after a small item buys a "
                                   "stack, priced each; 'large' or 'quick' if not the "
                                   "book's weapon"),
            form.choose("category", "Category", categories, "Common", required=True,
                        about=PRICES),
            form.number("rolls", "Times price rolled", 1,
                        about="2 or 4 for the items the book marks"),
            form.dice("dice", "Dice", about=PRICE_DICE)], focus="item",
            on_change=priced_by_the_book(self.state.settings.free_incidentals)), made)

    def action_sell(self) -> None:
        who = self.selected()
        if who is None:
            return
        items = [i.name for i in who.equipment]

        def made(v: Values) -> Sell:
            category, rolls, count = self._category(v)
            return Sell(who.name, v.text("item"), category, faces(self, v, "dice", count, "price"),
                        v.text("used") != "new", rolls, round_up=v.text("used") == "up")

        ask(self, Form(f"Sell ({who.name})", [
            form.choose("item", "Item", items, items[0] if items else "", required=True),
            form.choose("category", "Category", list(price_categories()), "Common",
                        required=True, about=PRICES),
            form.number("rolls", "Times price rolled", 1),
            # half an odd price is a part of a dollar: let go or rounded up, the Judge's
            # call (line 203)
            form.one_of("used", "Condition", [("used: half", "used"),
                                              ("used: half, rounded up", "up"),
                                              ("as new", "new")], "used"),
            form.dice("dice", "Dice", about=PRICE_DICE)],
            on_change=priced_by_the_book(self.state.settings.free_incidentals, selling=True)),
            made)


def _typed_scores(v: Values) -> tuple[int, int, int] | None:
    """The three scores typed in the form's Scores field (Grit Gumption Grace), or None."""
    if not v.text("attributes"):
        return None
    typed = v.text("attributes").replace(",", " ").split()
    if len(typed) != 3 or not all(t.isdecimal() for t in typed):
        raise RuleError("Attributes", "three numbers: Grit Gumption Grace",
                        field="attributes")
    return (int(typed[0]), int(typed[1]), int(typed[2]))
