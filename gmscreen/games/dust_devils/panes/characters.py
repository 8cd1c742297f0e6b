"""The Characters tab: every sheet with its ratings and what Difficulty left, Chips with
their reasons, the session's Devil ratings, the Road to Hell; forms to make and change a
sheet, set the Devil rating, give Chips and spend them."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Static

from gmscreen.games.dust_devils.commands import (
    BuyKnack,
    ChangeCharacter,
    GiveChips,
    MakeCharacter,
    RaiseAttribute,
    RaiseKnack,
    RecordFate,
    RuleCarryOver,
    SetDevilRating,
    SetSessionDevils,
    SetWinnerCard,
    Sheet,
)
from gmscreen.games.dust_devils.panes.form import (
    YES_NO,
    Field,
    Options,
    SheetForm,
    ask,
    number,
)
from gmscreen.games.dust_devils.panes.steps import StepPane
from gmscreen.games.dust_devils.sheet import ATTRIBUTES
from gmscreen.games.dust_devils.state import FATES, Character, DustDevilsState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError

_KNACK = re.compile(r"^\s*(.+?)\s+(-?\d+)\s*$")


def parse_knacks(text: str) -> tuple[tuple[str, int], ...]:
    """Knacks typed as "Shootin' 4, Drinkin' 1"; RuleError naming the bad one."""
    knacks = []
    for part in (p for p in text.split(",") if p.strip()):
        found = _KNACK.match(part)
        if found is None:
            raise RuleError("Knacks", f"{part.strip()!r}: write a Knack as its name and "
                            "rating, like Ridin' 2", field="knacks")
        knacks.append((found.group(1), int(found.group(2))))
    return tuple(knacks)


def devil_unset(ch: Character, state: DustDevilsState) -> bool:
    """A player character in play whose Devil rating is not yet set this session."""
    return (ch.player and ch.in_play and state.in_session
            and ch.devil_set_for != state.session)


def devil_fixed(ch: Character, state: DustDevilsState) -> str | None:
    """Why the Devil rating of `ch` cannot be set now (None when it can): a player's is set
    once, at a session's start; the Dealer sets his characters' whenever he likes."""
    if not ch.important:
        return f"{ch.name} has no Devil; e gives one on the sheet."
    if not ch.player:
        return None
    if not state.in_session:
        return "Devil ratings are set at a session's start: start one (f5)."
    if not devil_unset(ch, state):
        return (f"{ch.name}'s Devil is {ch.devil_rating} for session {state.session}; it "
                "holds until the session ends.")
    return None


def sheet_line(ch: Character, state: DustDevilsState) -> list[Text]:
    """A row of the characters table: player characters in bold, the others in italic
    (and no Chips), so the row fits 80 columns without a column for the kind."""
    cells = [Text(ch.name, style="bold" if ch.player else "italic")]
    for attribute in ATTRIBUTES:
        value, rating = ch.value(attribute), ch.rating(attribute)
        shown = f"{value}/{rating}" if value != rating else str(rating)
        cells.append(Text(shown, style="bold red" if value == 0 else
                          ("yellow" if value < rating else "")))
    devil = str(ch.devil_rating) if ch.devil_rating else "-"
    if devil_unset(ch, state):
        devil += "?"  # the sheet below says what to do
    cells.append(Text(devil))
    cells.append(Text(str(ch.chips) if ch.player else "-"))
    if ch.fate:
        status = "left play"  # the fate itself is on the sheet below
    elif ch.fate_due:
        status = "fate due"
    elif ch.on_last_leg:
        status = "last leg"
    else:
        status = ""
    cells.append(Text(status, style="bold red" if status else ""))
    return cells


def sheet_text(ch: Character, *, brief: bool = False) -> Text:
    """The whole sheet of one character, as plain text; `brief` leaves out the story and
    the Chips' history."""
    text = Text()
    text.append(ch.name, style="bold")
    if ch.vocation:
        text.append(f", {ch.vocation}")
    text.append("  (player character)" if ch.player else "  (non-player character)")
    if ch.description and not brief:
        text.append(f"\n{ch.description}")
    attrs = "  ".join(f"{a.symbol} {a} {ch.value(a)}"
                      + (f" of {ch.rating(a)}" if ch.value(a) != ch.rating(a) else "")
                      for a in ATTRIBUTES)
    text.append(f"\n{attrs}")
    if ch.fate_due:
        text.append("\nThe Road to Hell: the last conflict is over; the player records "
                    "the fate (t).", style="bold red")
    elif ch.on_last_leg:
        text.append("\nOn the Road to Hell: at 0 in "
                    + ", ".join(a.value for a in ch.at_zero)
                    + "; the next conflict using it is the last.", style="bold red")
    if ch.traits:
        text.append("\nTraits: " + "; ".join(ch.traits))
    if ch.knacks:
        text.append(f"\nKnacks ({len(ch.knacks)} of {ch.knack_limit}): "
                    + ", ".join(f"{k} {r}" for k, r in ch.knacks))
    if ch.devil or ch.devil_rating:
        text.append(f"\nDevil ({ch.devil_rating}): {ch.devil}")
    if ch.player:
        text.append(f"\nChips: {ch.chips} now, {ch.earned} earned, {ch.spent} spent")
        for entry in ch.ledger[-6:] if not brief else ():
            text.append(f"\n  session {entry.session}: {entry.change:+d} {entry.reason}")
    if brief:
        return text
    if ch.back_story:
        text.append(f"\nBack story: {ch.back_story}")
    if ch.notes:
        text.append(f"\nNotes: {ch.notes}")
    if ch.fate:
        text.append(f"\nFate: {ch.fate}", style="bold")
    return text


def sheet_fields(ch: Character | None) -> list[Field]:
    def v(attr: str, default: str = "") -> str:
        return str(getattr(ch, attr)) if ch is not None else default

    ratings = ch.ratings if ch is not None else (0, 0, 0, 0)
    traits = (*ch.traits, "", "") if ch is not None else ("", "")
    return [
        Field("name", "Name", value=v("name")),
        Field("player", "Player character", YES_NO,
              "yes" if ch is None or ch.player else "no"),
        Field("vocation", "Vocation", value=v("vocation")),
        Field("description", "Description", value=v("description")),
        *(Field(a.value.lower(), f"{a} {a.symbol}", value=str(r))
          for a, r in zip(ATTRIBUTES, ratings, strict=True)),
        Field("trait1", "Trait", value=traits[0]),
        Field("trait2", "Trait", value=traits[1]),
        Field("knacks", "Knacks", value=", ".join(f"{k} {r}" for k, r in ch.knacks)
              if ch is not None else ""),
        Field("devil", "Devil", value=v("devil")),
        Field("devil_rating", "Devil rating", value=v("devil_rating", "1")),
        Field("chips", "Chips", value=v("chips", "0")),
        Field("back_story", "Back story", value=v("back_story")),
        Field("notes", "Notes", value=v("notes")),
    ]


def sheet_from(values: dict[str, str]) -> Sheet:
    ratings = tuple(number(values, a.value.lower(), a.value) for a in ATTRIBUTES)
    return Sheet(
        name=values["name"].strip(), player=values["player"] != "no",
        ratings=(ratings[0], ratings[1], ratings[2], ratings[3]),
        knacks=parse_knacks(values["knacks"]),
        traits=tuple(t.strip() for t in (values["trait1"], values["trait2"]) if t.strip()),
        devil=values["devil"].strip(),
        devil_rating=number(values, "devil_rating", "Devil rating", 0),
        vocation=values["vocation"].strip(), description=values["description"].strip(),
        back_story=values["back_story"].strip(), notes=values["notes"].strip(),
        chips=number(values, "chips", "Chips", 0),
    )


DEVIL_OPTIONS: Options = [("1: kept under", "1"), ("2: simmering", "2"), ("3: a storm", "3")]
SHEET_HELP = ("Player characters: 13 attribute points, none above 5; two traits; Knacks "
              "rated 1 to 4 from 11 points, no more Knacks than Hand + Eye or 6; a Devil "
              "rated 1 to 3. Non-player characters: anything goes. Knacks: Ridin' 2, ...")


class CharactersPane(StepPane):
    """Every character's sheet; the selected one in full below."""

    REFUSAL_TITLE = "Characters"

    DEFAULT_CSS = """
    CharactersPane DataTable { height: auto; max-height: 50%; }
    CharactersPane #dd-sheet { height: 1fr; border-top: solid $primary; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "make", "Make", id="dust_devils.make",
                tooltip="Make a character's sheet (checked against the book)"),
        Binding("e", "change", "Edit", id="dust_devils.change",
                tooltip="Correct the selected sheet (checked against the book)"),
        Binding("v", "devil", "Devil", id="dust_devils.devil",
                tooltip="Set the selected character's Devil rating (a player's once a "
                "session)"),
        Binding("V", "session_devils", "Devils", id="dust_devils.session_devils",
                tooltip="Every player not yet set sets the Devil rating for this session"),
        Binding("g", "give", "Chips", id="dust_devils.give",
                tooltip="Give or take Chips from the selected character, with the reason"),
        Binding("a", "raise_attribute", "Buy attr", id="dust_devils.raise_attribute",
                tooltip="Spend Chips: twice the new rating, at most 5"),
        Binding("k", "raise_knack", "Buy Knack", id="dust_devils.raise_knack",
                tooltip="Spend Chips: the new rating, one point at a time"),
        Binding("K", "buy_knack", "New Knack", id="dust_devils.buy_knack",
                tooltip="Spend two Chips for a new Knack at 1, within the Knack limit"),
        Binding("t", "fate", "Fate", id="dust_devils.fate",
                tooltip="The Road to Hell: how the character leaves play"),
        Binding("W", "winner_card", "Winner's card rule", id="dust_devils.winner_card",
                show=False, tooltip="Turn the optional rule on or off: the last winners "
                "get a card more"),
        Binding("O", "carry_over", "Damage carries over", id="dust_devils.carry_over",
                show=False, tooltip="Rule that damage carries over at this session's end "
                "(or not)"),
    ]

    def compose(self) -> ComposeResult:
        yield DataTable(id="dd-characters", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="dd-sheet"):
            yield Static(id="dd-sheet-text", markup=False)

    def on_mount(self) -> None:
        table = self.query_one("#dd-characters", DataTable)
        table.add_columns("Name", "Hand♠", "Eye♦", "Guts♣", "Heart♥", "Devil", "Chips",
                          "Status")
        self.redraw()

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        if self.is_mounted:
            self.redraw()

    @property
    def state(self) -> DustDevilsState | None:
        return self.campaign.state if self.campaign is not None else None

    def why_not(self, action: str) -> str | None:
        # the footer has 80 columns: it offers what fits the selected sheet and the session
        state = self.state
        if state is None:
            return None
        ch = self.selected()
        unset = any(devil_unset(c, state) for c in state.players)
        if action == "session_devils" and not unset:
            if not state.in_session:
                return "Devil ratings are set at a session's start: start one (f5)."
            return (f"Every player has set the Devil for session {state.session}; it holds "
                    "until the session ends.")
        if action not in ("devil", "give", "raise_attribute", "raise_knack", "buy_knack",
                          "fate"):
            return None
        if ch is None:
            return "Make a character first (m)."
        if action == "fate":
            return None if ch.fate_due else (
                f"The Road to Hell: {ch.name}'s fate is not due. It is recorded when a "
                "conflict that used an attribute at 0 ends.")
        if not ch.in_play:
            return f"{ch.name} has left play ({ch.fate})."
        if action == "devil":
            return devil_fixed(ch, state)
        if not ch.player:
            return (f"Chips are for player characters; {ch.name} is a non-player character "
                    "(e corrects the sheet).")
        if action != "give" and ch.fate_due:
            return (f"The Road to Hell: {ch.name}'s last conflict is over; record the fate "
                    "first (t).")
        return None

    def redraw(self) -> None:
        state = self.state
        if state is None:
            return
        table = self.query_one("#dd-characters", DataTable)
        row = table.cursor_row
        table.clear()
        for ch in state.characters:
            table.add_row(*sheet_line(ch, state), key=ch.name)
        if state.characters:
            table.move_cursor(row=min(max(row, 0), len(state.characters) - 1))
        self.describe_selected()

    def on_data_table_row_highlighted(self, _: DataTable.RowHighlighted) -> None:
        self.describe_selected()

    def selected(self) -> Character | None:
        state = self.state
        table = self.query_one("#dd-characters", DataTable)
        if state is None or not state.characters or table.row_count == 0:
            return None
        return state.characters[min(table.cursor_row, len(state.characters) - 1)]

    def describe_selected(self) -> None:
        ch = self.selected()
        text = sheet_text(ch) if ch is not None else Text("No characters yet: press m.")
        state = self.state
        if state is not None:
            if ch is not None and devil_unset(ch, state):
                text.append("\nThe Devil's rating is not set for this session yet: V sets "
                            "every player's.", style="bold")
            rules = [f"Winner's extra card: {'on' if state.winner_card else 'off'} (W)"]
            if state.in_session:
                rules.append("damage carries over this session" if state.carry_over
                             else "damage recovers at session end (O)")
            text.append("\n" + "; ".join(rules), style="italic")
        self.query_one("#dd-sheet-text", Static).update(text)
        self.refresh_bindings()

    def _need(self) -> Character | None:
        ch = self.selected()
        if ch is None:
            self.app.notify("Make a character first (m).", title="Characters")
        return ch

    def action_make(self) -> None:
        ask(self, SheetForm("New character sheet", sheet_fields(None), SHEET_HELP),
            lambda v: MakeCharacter(sheet_from(v)))

    def action_change(self) -> None:
        ch = self._need()
        if ch is not None:
            ask(self, SheetForm(f"Correct {ch.name}'s sheet", sheet_fields(ch), SHEET_HELP),
                lambda v: ChangeCharacter(ch.name, sheet_from(v)))

    def action_devil(self) -> None:
        ch = self._need()
        if ch is not None:
            ask(self, SheetForm(f"{ch.name}'s Devil rating this session",
                                [Field("rating", "Devil rating", DEVIL_OPTIONS,
                                       str(ch.devil_rating))]),
                lambda v: SetDevilRating(ch.name, number(v, "rating", "Devil rating")))

    def action_session_devils(self) -> None:
        state = self.state
        if state is None:
            return
        players = [c for c in state.players if devil_unset(c, state)]
        if not players:
            self.app.notify("No player has a Devil rating left to set.", title="Characters")
            return
        ask(self, SheetForm("The Devils' ratings this session",
                            [Field(f"d{i}", c.name, DEVIL_OPTIONS, str(c.devil_rating))
                             for i, c in enumerate(players)]),
            lambda v: SetSessionDevils(tuple(
                (c.name, number(v, f"d{i}", "Devil rating")) for i, c in enumerate(players))))

    def action_give(self) -> None:
        ch = self._need()
        if ch is not None:
            ask(self, SheetForm(f"Chips for {ch.name} (negative takes them)",
                                [Field("chips", "Chips", value="1"),
                                 Field("reason", "Reason")]),
                lambda v: GiveChips(ch.name, number(v, "chips", "Chips"), v["reason"]))

    def action_raise_attribute(self) -> None:
        ch = self._need()
        if ch is not None:
            options: Options = [(f"{a} to {ch.rating(a) + 1} ({2 * (ch.rating(a) + 1)} "
                                 "Chips)", a.value) for a in ATTRIBUTES if ch.rating(a) < 5]
            ask(self, SheetForm(f"{ch.name} raises an attribute ({ch.chips} Chips)",
                                [Field("attribute", "Attribute", options)]),
                lambda v: RaiseAttribute(ch.name, v["attribute"]))

    def action_raise_knack(self) -> None:
        ch = self._need()
        if ch is not None:
            options: Options = [(f"{k} to {r + 1} ({r + 1} Chips)", k)
                                for k, r in ch.knacks if r < 4]
            ask(self, SheetForm(f"{ch.name} raises a Knack ({ch.chips} Chips)",
                                [Field("knack", "Knack", options)]),
                lambda v: RaiseKnack(ch.name, v["knack"]))

    def action_buy_knack(self) -> None:
        ch = self._need()
        if ch is not None:
            ask(self, SheetForm(f"{ch.name} learns a new Knack at 1 (2 Chips; has "
                                f"{ch.chips})", [Field("knack", "Knack")]),
                lambda v: BuyKnack(ch.name, v["knack"]))

    def action_fate(self) -> None:
        ch = self._need()
        if ch is not None:
            ask(self, SheetForm(f"How {ch.name} leaves play",
                                [Field("fate", "Fate", [(f, f) for f in FATES]),
                                 Field("other", "Or in words")]),
                lambda v: RecordFate(ch.name, v["other"].strip() or v["fate"]))

    def action_winner_card(self) -> None:
        if self.state is not None:
            self.send(SetWinnerCard(not self.state.winner_card))

    def action_carry_over(self) -> None:
        if self.state is not None:
            self.send(RuleCarryOver(not self.state.carry_over))
