"""The Characters tab: the posse and its NPCs as a table, the chosen sheet in full, and the
forms that make and change them (posse creation, a new character, an NPC by rank, the sheet's
words and equipment, harm, rest, Carousing, advancement, money)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, VerticalScroll
from textual.widgets import DataTable, Static

from gmscreen.games.fistful.between import FINE, JACKPOT, WANTED
from gmscreen.games.fistful.characters import (
    ATTRIBUTES,
    RANKS,
    equipment_text,
    parse_equipment,
    slots_used,
)
from gmscreen.games.fistful.commands import (
    AddNpc,
    Advance,
    Buy,
    Carouse,
    CreateCharacter,
    EditSheet,
    FormPosse,
    Lost,
    Rest,
    Revive,
    RollOutOfAction,
    Sell,
    ShareTake,
    SpendLuck,
    TakeHarm,
)
from gmscreen.games.fistful.conflict import stakes_limit
from gmscreen.games.fistful.panes.form import Field, FistfulForm, ask, coins, dice, number
from gmscreen.games.fistful.panes.steps import StepsPane
from gmscreen.games.fistful.state import Character, FistfulState
from gmscreen.games.fistful.tables import price_categories
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError

ATTRIBUTE_OPTIONS = [(a.title(), a) for a in ATTRIBUTES]
TYPE_OR_ROLL = "leave dice blank and the app rolls them"
BOUGHT, SOLD = "fistful.bought", "fistful.sold"
TRADES = (BOUGHT, SOLD)
#: from this width the sheet sits beside the table (which needs about 90 columns)
WIDE = 150


class CharactersPane(StepsPane):
    """Everyone at the table; the highlighted sheet in full below."""

    DEFAULT_CSS = """
    CharactersPane #ff-posse { height: auto; color: $text-muted; }
    CharactersPane #ff-body { layout: vertical; }
    CharactersPane DataTable { height: auto; max-height: 1fr; }
    CharactersPane #ff-sheet { height: 1fr; min-height: 7; border-top: solid $primary; }
    CharactersPane.-wide #ff-body { layout: horizontal; }
    CharactersPane.-wide DataTable { width: auto; height: 1fr; max-height: 100%; }
    CharactersPane.-wide #ff-sheet { width: 1fr; height: 1fr; border-top: none;
                                     border-left: solid $primary; padding: 0 1; }
    """
    #: the footer has 80 columns: it offers what fits the highlighted sheet; making people
    #: is named on the posse line ("Keys:")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("P", "form_posse", "Form posse", id="fistful.form_posse",
                tooltip="Name the posse and set the Wanted Clock (1 to 5)"),
        Binding("e", "edit", "Edit", id="fistful.edit",
                tooltip="The sheet's words and equipment"),
        Binding("h", "harm", "Harm", id="fistful.harm"),
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
                tooltip="Spend a banked Luck"),
        Binding("u", "carouse", "Carouse", id="fistful.carouse"),
        Binding("A", "advance", "Advance", id="fistful.advance",
                tooltip="Advancement Test with the dice bought while Carousing"),
        Binding("m", "take", "Take", id="fistful.take",
                tooltip="Share the session's takings ($10 = 1 XP at session end)"),
        Binding("b", "buy", "Buy", id="fistful.buy",
                tooltip="An item at its category's rolled price"),
        Binding("s", "sell", "Sell", id="fistful.sell", tooltip="Used items sell for half"),
        Binding("c", "create", "Character", id="fistful.create", show=False,
                tooltip="A new character: 2d6+9 three times, one swap, the starting purse"),
        Binding("a", "add_npc", "NPC", id="fistful.add_npc", show=False,
                tooltip="An NPC by rank (Poor, Common, Ornery, Infamous) or a creature"),
    ]
    #: what a posse member between fights does, not offered for one out of action
    BETWEEN = frozenset({"spend_luck", "carouse", "advance", "take", "buy", "sell"})

    def why_not(self, action: str) -> str | None:
        state = self.state
        if action == "form_posse":
            return f"The posse {state.posse} is formed already." if state.formed else None
        if not state.formed:
            return "Form the posse first: P."
        if action in ("create", "add_npc"):
            return None
        who = self.selected()
        if who is None:
            return "Nobody yet: c makes a character, a an NPC."
        if who.dead:
            return f"{who.name} is dead."
        if action in ("out_of_action", "revive", "lost") and not who.out_of_action:
            return f"{who.name} is not out of action (at 0 Guts)."
        if action == "revive" and not who.out_of_action_rolled:
            return (f"{who.name} is at 0 Guts: o rolls the Out of action table first (a 6 is "
                    "death).")
        if action == "out_of_action" and who.out_of_action_rolled:
            return (f"{who.name}'s fall is rolled already: v gets them up, d if the posse "
                    "lost them.")
        if action in ("rest", *self.BETWEEN) and who.out_of_action:
            return f"{who.name} is out of action: o rolls the table, v revives."
        if action in ("carouse", "take", "buy", "sell") and who.is_npc:
            return f"{who.name} is an NPC: Carousing, takings and trade are the posse's."
        if action == "spend_luck" and who.luck == 0:
            return f"{who.name} has no Luck banked."
        if action == "advance" and who.advancement_dice == 0:
            return (f"{who.name} has bought no advancement dice: they are bought with XP "
                    "while Carousing (u).")
        return None

    def compose(self) -> ComposeResult:
        yield Static(id="ff-posse", markup=False)
        with Container(id="ff-body"):
            yield DataTable(id="ff-people", cursor_type="row", zebra_stripes=True)
            with VerticalScroll(id="ff-sheet"):
                yield Static(id="ff-sheet-text", markup=False)

    def on_resize(self, event: events.Resize) -> None:
        # a wide screen shows the sheet beside the table, in full
        self.set_class(event.size.width >= WIDE, "-wide")

    def on_mount(self) -> None:
        table = self.query_one("#ff-people", DataTable)
        table.add_columns("Name", "Rank", "Grit", "Gum", "Gra", "Guts", "Str", "Luck", "$",
                          "XP", "State")
        self.redraw()

    def __init__(self) -> None:
        super().__init__()
        #: the newest trade already told to the Judge (None until the first showing, so
        #: the trades already in the journal are not told again)
        self._trade_told: int | None = None

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        self.tell_trade()
        if self.is_mounted:
            self.redraw()

    def last_trade(self) -> Event | None:
        """The newest step when it is a purchase or a sale (so the status says what it
        cost), else None."""
        assert self.campaign is not None
        newest = next((e for e in reversed(self.campaign.events)
                       if not self.campaign.is_undone(e)), None)
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

    @property
    def state(self) -> FistfulState:
        assert self.campaign is not None
        state: FistfulState = self.campaign.state
        return state

    def redraw(self) -> None:
        if self.campaign is None:
            return
        state = self.state
        head = (f"{state.posse}: Wanted Clock {state.clock} o'clock, the Judge's Misfortune "
                f"{state.misfortune}/3" if state.formed
                else "No posse yet: press P to form one.")
        if state.settings.glory:
            head += f", Glory {state.glory}"
        if state.formed:
            head += "\nKeys: c a new character, a an NPC by rank (also in ctrl+p)"
        status = Text(head)
        trade = self.last_trade()
        if trade is not None:
            status.append(f"\n#{trade.seq} {self.campaign.describe(trade)}", style="bold")
        self.query_one("#ff-posse", Static).update(status)
        table = self.query_one("#ff-people", DataTable)
        row = table.cursor_row
        table.clear()
        for c in state.characters:
            table.add_row(Text(c.name), Text(c.rank or "posse"), str(c.grit),
                          str(c.gumption), str(c.grace), f"{c.guts}/{c.guts_max}",
                          str(c.stress), str(c.luck), str(c.dollars), str(c.xp),
                          Text(c.condition), key=c.name)
        if state.characters:
            table.move_cursor(row=min(max(row, 0), len(state.characters) - 1))
        self.describe_selected()

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
        who = self.selected()
        text = Text()
        if who is not None:
            text.append(who.name, style="bold")
            side = (f"side: {who.side}" if who.side else "stands alone") if who.is_npc else ""
            details = [who.rank or "posse member", side, who.gender, who.hometown]
            text.append(f"  ({', '.join(d for d in details if d)})")
            text.append(f"\nStakes up to {stakes_limit(who.stress)} dice; ")
            text.append(f"debt ${who.debt}; " if who.debt else "")
            text.append(f"advancement dice bought {who.advancement_dice}; "
                        if who.advancement_dice else "")
            text.append(f"slots {slots_used(who.equipment, who.grit)}/{who.grit}")
            if who.background:
                used = " (its floating die is used this session)" if who.background_used else ""
                text.append(f"\nBackground: {who.background}{used}")
            gear = "; ".join(f"{i.slot}: {i.name}" + (f" x{i.count}" if i.count > 1 else "")
                             + (" (quick)" if i.quickdraw else "")
                             + (f" ({i.size})" if i.size != "small" else "")
                             for i in who.equipment)
            text.append(f"\nEquipment: {gear or 'none'}")
            if who.notes:
                text.append(f"\n{who.notes}")
        self.query_one("#ff-sheet-text", Static).update(text)

    # -- forms -------------------------------------------------------------------------------

    def _people(self, *, npcs: bool = True) -> list[tuple[str, str]]:
        return [(c.name, c.name) for c in self.state.characters if npcs or not c.is_npc]

    def _chosen(self) -> str:
        who = self.selected()
        return who.name if who else ""

    def action_form_posse(self) -> None:
        ask(self, FistfulForm("Form the posse", [
            Field("name", "Posse name"), Field("clock", "Wanted Clock (1-5)", value="3"),
            Field("history", "History"), Field("purpose", "Purpose")]),
            lambda v: FormPosse(v["name"], number(v["clock"], "Posse creation", "clock"),
                                v["history"], v["purpose"]))

    def action_create(self) -> None:
        swaps = [(f"{a.title()} <-> {b.title()}", f"{a},{b}")
                 for i, a in enumerate(ATTRIBUTES) for b in ATTRIBUTES[i + 1:]]

        def made(v: dict[str, str]) -> CreateCharacter:
            rolled = dice(self, v["dice"], 6, "attributes")
            purse = dice(self, v["purse"], self.state.clock, "purse", "purse", "Purse")
            swap = tuple(v["swap"].split(",")) if v["swap"] else None
            return CreateCharacter(v["name"], rolled, purse,
                                   (swap[0], swap[1]) if swap else None, v["background"],
                                   v["gender"], v["hometown"], "",
                                   parse_equipment(v["equipment"]))

        ask(self, FistfulForm("New character", [
            Field("name", "Name"),
            Field("dice", "2d6 x3 (6 faces)", placeholder="Grit, Gumption, Grace in order"),
            Field("swap", "Swap two", swaps),
            Field("purse", f"Purse ({self.state.clock}d6)", placeholder="x $10"),
            Field("background", "Background"), Field("gender", "Gender"),
            Field("hometown", "Hometown"),
            Field("equipment", "Equipment", placeholder="1 Revolver quick; 6 Rifle large")],
            hint=TYPE_OR_ROLL), made)

    def action_add_npc(self) -> None:
        ranks = [(r, r) for r in (*RANKS, "Creature")]

        def made(v: dict[str, str]) -> AddNpc:
            attributes = None
            if v["attributes"]:
                typed = v["attributes"].replace(",", " ").split()
                parts = [number(p, "Attributes", "attributes") for p in typed]
                if len(parts) != 3:
                    raise RuleError("Attributes", "three numbers: Grit Gumption Grace",
                                    field="attributes")
                attributes = (parts[0], parts[1], parts[2])
            return AddNpc(v["name"], v["rank"] or "Common", v["strong"] or "grit",
                          v["second"] or None, attributes, parse_equipment(v["equipment"]),
                          v["notes"], v["side"])

        sides = sorted({c.side for c in self.state.npcs if c.side}, key=str.casefold)
        ask(self, FistfulForm("Add an NPC", [
            Field("name", "Name"), Field("rank", "Rank", ranks, "Common"),
            Field("side", "Side", placeholder=", ".join(sides) or "blank: stands alone"),
            Field("strong", "Strong Attribute", ATTRIBUTE_OPTIONS, "grit"),
            Field("second", "Infamous: the 20", ATTRIBUTE_OPTIONS),
            Field("attributes", "Own scores", placeholder="Grit Gumption Grace (creatures)"),
            Field("equipment", "Equipment"), Field("notes", "Notes")]), made)

    def action_edit(self) -> None:
        who = self.selected()
        if who is None:
            return
        fields = [
            Field("background", "Background", value=who.background),
            Field("gender", "Gender", value=who.gender),
            Field("hometown", "Hometown", value=who.hometown),
            Field("notes", "Notes", value=who.notes),
            Field("equipment", "Equipment", value=equipment_text(who.equipment))]
        if who.is_npc:
            fields.append(Field("side", "Side", value=who.side,
                                placeholder="blank: stands alone"))
        ask(self, FistfulForm(f"{who.name}'s sheet", fields),
            lambda v: EditSheet(who.name, v["background"], v["gender"], v["hometown"],
                                v["notes"], parse_equipment(v["equipment"]), v.get("side")))

    def action_harm(self) -> None:
        ask(self, FistfulForm("Harm", [
            Field("name", "Who", self._people(), self._chosen()),
            Field("amount", "Guts lost"), Field("why", "Why")]),
            lambda v: TakeHarm(v["name"], number(v["amount"], "Harm", "amount"), v["why"]))

    def action_out_of_action(self) -> None:
        ask(self, FistfulForm("Out of action (d6)", [
            Field("name", "Who", self._people(), self._chosen()),
            Field("face", "d6", placeholder="blank: the app rolls")]),
            lambda v: RollOutOfAction(v["name"], dice(self, v["face"], 1, "out", "face")[0]))

    def action_revive(self) -> None:
        ask(self, FistfulForm("Back on their feet (1d6 Guts)", [
            Field("name", "Who", self._people(), self._chosen()),
            Field("face", "d6", placeholder="blank: the app rolls")]),
            lambda v: Revive(v["name"], dice(self, v["face"], 1, "revive", "face")[0]))

    def action_lost(self) -> None:
        who = self.selected()
        if who is None:
            return
        ask(self, FistfulForm(f"{who.name} is lost for good, presumed dead", [
            Field("why", "Why", value="the posse lost the fight")]),
            lambda v: Lost(who.name, v["why"]))

    def action_rest(self) -> None:
        def made(v: dict[str, str]) -> Rest:
            rolled = dice(self, v["dice"], number(v["stakes"], "Stakes", "stakes"), "rest")
            return Rest(v["name"], rolled, v["luck"] != "bank")

        ask(self, FistfulForm("Rest: Grit, no Challenge, one Guts per die", [
            Field("name", "Who", self._people(npcs=False), self._chosen()),
            Field("stakes", "Stakes (dice)", value="3"),
            Field("dice", "Dice", placeholder="blank: the app rolls"),
            Field("luck", "A Luck rolled", [("takes a Stress off", "stress"),
                                            ("is banked", "bank")], "stress")]), made)

    def action_carouse(self) -> None:
        def made(v: dict[str, str]) -> Carouse:
            stress_off = number(v["stress_off"], "Carousing", "stress_off", 0)
            bought = number(v["advancement_dice"], "Carousing", "advancement_dice", 0)
            bill = dice(self, v["bill"], stress_off + bought, "bill", "bill", "Bill")
            table = dice(self, v["table"], 1, "carousing", "table", "Carousing")[0]
            again: tuple[int, ...] = ()
            if table in (JACKPOT, FINE):
                again = dice(self, v["again"], len(bill), "again", "again", "Carousing")
            coin = coins(self, v["coin"], 1, "wanted") if table == WANTED else ""
            return Carouse(v["name"], stress_off, bought, bill, table, again, coin, v["story"])

        ask(self, FistfulForm("Carousing", [
            Field("name", "Who", self._people(npcs=False), self._chosen()),
            Field("stress_off", "Stress to remove", value="0"),
            Field("advancement_dice", "Advancement dice", value="0"),
            Field("bill", "Bill (1d6 each)"), Field("table", "Table (d6)"),
            Field("again", "Dice again (1 or 5)"), Field("coin", "Coin (6: H/T)"),
            Field("story", "New background/story")], hint=TYPE_OR_ROLL), made)

    def action_advance(self) -> None:
        who = self.selected()
        count = who.advancement_dice if who else 0
        ask(self, FistfulForm(f"Advancement Test ({count} dice bought)", [
            Field("name", "Who", self._people(npcs=False), self._chosen()),
            Field("attribute", "Attribute", ATTRIBUTE_OPTIONS, "grit"),
            Field("dice", "Dice", placeholder="blank: the app rolls")]),
            lambda v: Advance(v["name"], v["attribute"] or "grit", dice(
                self, v["dice"], self._bought(v["name"]), "advance")))

    def _bought(self, name: str) -> int:
        who = self.state.character(name)
        return who.advancement_dice if who else 0

    def action_take(self) -> None:
        ask(self, FistfulForm("Share of the take", [
            Field("name", "Who", self._people(npcs=False), self._chosen()),
            Field("dollars", "Dollars")]),
            lambda v: ShareTake(v["name"], number(v["dollars"], "Dollars", "dollars")))

    def action_spend_luck(self) -> None:
        options = [("Yes: one Stress off (optional rule)", "yes")]
        ask(self, FistfulForm("Spend a Luck", [
            Field("name", "Who", self._people(npcs=False), self._chosen()),
            Field("why", "On what"), Field("stress", "On Stress", options)]),
            lambda v: SpendLuck(v["name"], v["why"], v["stress"] == "yes"))

    def action_buy(self) -> None:
        categories = [(f"{c.name}: {c.examples}"[:60], c.name)
                      for c in price_categories().values()]

        def made(v: dict[str, str]) -> Buy:
            items = parse_equipment(v["item"])
            if len(items) != 1:
                raise RuleError("Equipment", "one item, written 'slot name'", field="item")
            category = price_categories().get(v["category"])
            if category is None:
                raise RuleError("Prices", "choose the item's category", field="category")
            rolls = number(v["rolls"], "Prices", "rolls", 1)
            faces = dice(self, v["dice"], category.dice * rolls, "price", "dice", "Prices")
            return Buy(v["name"], items[0], category.name, faces, rolls)

        ask(self, FistfulForm("Buy", [
            Field("name", "Who", self._people(), self._chosen()),
            Field("item", "Item", placeholder="slot, name, large if so: 6 Rifle large"),
            Field("category", "Category", categories, "Common"),
            Field("rolls", "Times price rolled", value="1",
                  placeholder="2 or 4 for the items the book marks"),
            Field("dice", "Dice", placeholder="blank: the app rolls")]), made)

    def action_sell(self) -> None:
        who = self.selected()
        items = [(i.name, i.name) for i in who.equipment] if who else []
        categories = [(c.name, c.name) for c in price_categories().values()]

        def made(v: dict[str, str]) -> Sell | None:
            category = price_categories().get(v["category"])
            if who is None or category is None:
                raise RuleError("Prices", "choose the item's category", field="category")
            rolls = number(v["rolls"], "Prices", "rolls", 1)
            return Sell(who.name, v["item"], category.name,
                        dice(self, v["dice"], category.dice * rolls, "price", "dice", "Prices"),
                        v["used"] != "new", rolls)

        ask(self, FistfulForm(f"Sell ({who.name if who else 'nobody chosen'})", [
            Field("item", "Item", items), Field("category", "Category", categories, "Common"),
            Field("rolls", "Times price rolled", value="1"),
            Field("used", "Condition", [("used: half", "used"), ("as new", "new")], "used"),
            Field("dice", "Dice", placeholder="blank: the app rolls")]), made)
