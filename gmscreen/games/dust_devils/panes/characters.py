"""The Characters tab: every sheet with its ratings and what Difficulty left, Chips with
their reasons, the session's Devil ratings, the Road to Hell, the journal's notes about the
character highlighted; forms to make and change a sheet, set the Devil rating, give Chips
and spend them. The table's text comes from `view`; what may be done now is asked of the
rules."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

from rich.color import Color as RichColor
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.widgets import DataTable, Static

from gmscreen.core.text import quoted
from gmscreen.games.dust_devils import rules, view
from gmscreen.games.dust_devils.cast import NON_PLAYERS, PLAYERS, SCENARIO, SEATS
from gmscreen.games.dust_devils.commands import (
    BuyKnack,
    ChangeCharacter,
    DropCharacter,
    GiveChips,
    MakeCharacter,
    MakeHangedManCast,
    RaiseAttribute,
    RaiseKnack,
    RecordFate,
    RuleCarryOver,
    SetDevilRating,
    SetSessionDevils,
    SetWinnerCard,
    Sheet,
)
from gmscreen.games.dust_devils.log import fate_line
from gmscreen.games.dust_devils.panes.tab import DustDevilsTab, FittedTable
from gmscreen.games.dust_devils.sheet import (
    ATTRIBUTE_ABOUT,
    ATTRIBUTES,
    CHIPS_ABOUT,
    CHIPS_HELD_ABOUT,
    DEVIL_ABOUT,
    DEVIL_DEALERS_ABOUT,
    DEVIL_RATING_ABOUT,
    DEVIL_RATING_BLANK,
    DEVIL_SESSION_ABOUT,
    KNACK_MAX,
    NEW_KNACK_COST,
    SHEET_RULES,
    attribute_split,
    parse_split,
    signed_number,
)
from gmscreen.games.dust_devils.state import FATES, Character
from gmscreen.journal.events import NOTE
from gmscreen.journal.rules import RuleError
from gmscreen.ui import form
from gmscreen.ui.form import Form, Values, ask, npc_names
from gmscreen.ui.keymap import shown_key
from gmscreen.ui.keys_line import KeysLine, clickable, more_keys
from gmscreen.ui.reading import ReadingScroll
from gmscreen.ui.sections import fit_columns
from gmscreen.ui.steps import Refusal

_KNACK = re.compile(r"^\s*(.+?)\s+([-+]?\d+)\s*$")


def parse_knacks(text: str) -> tuple[tuple[str, int], ...]:
    """Knacks typed as "Shootin' 4, Drinkin' 1"; RuleError naming the bad one."""
    knacks = []
    for part in (p for p in text.split(",") if p.strip()):
        found = _KNACK.match(part)
        if found is None:
            raise RuleError("Knacks", f"{quoted(part.strip())}: write a Knack as its name and "
                            "rating, like Ridin' 2", field="knacks")
        knacks.append((found.group(1), int(found.group(2))))
    return tuple(knacks)


def tally_number(typed: str) -> int:
    """An attribute as the tally under a new sheet counts it while it is typed: read as the
    field will be read when sent ("+4" is 4), 0 while it is no number yet."""
    found = signed_number(typed)
    return 0 if found is None else found


def sheet_fields(pane: DustDevilsTab, who: Character | None) -> list[form.Field]:
    ratings = who.ratings if who is not None else (0, 0, 0, 0)
    traits = (*who.traits, "", "") if who is not None else ("", "")
    knacks = ", ".join(f"{k} {r}" for k, r in who.knacks) if who is not None else ""
    return [
        form.text("name", "Name", who.name if who else "", suggest=npc_names(pane),
                  about="The name the table calls the character by, in every tab and the log"),
        form.check("player", "Player character", who is None or who.player,
                   about="Ticked: a player's character; empty: one of the Dealer's, with no "
                         "points to spend and no Chips"),
        form.text("vocation", "Vocation", who.vocation if who else ""),
        form.text("description", "Description", who.description if who else "",
                  about="How the character looks and carries himself, in a line: the "
                        "Dealer's sheet shows it under the name"),
        *(form.number(a.value.lower(), f"{a} {a.symbol}", r,
                      about=ATTRIBUTE_ABOUT)
          for a, r in zip(ATTRIBUTES, ratings, strict=True)),
        form.text("trait1", "Trait", traits[0]),
        form.text("trait2", "Trait", traits[1]),
        form.text("knacks", "Knacks", knacks,
                  about=f"Name and rating, 1 to {KNACK_MAX}, by commas: Ridin' 2, Ropin' 1"),
        form.text("devil", "Devil", who.devil if who else "", about=DEVIL_ABOUT),
        # blank on a new sheet: 1 was a trap for one of the Dealer's minor characters, who
        # has no Devil and is rated 0 (sheet_from reads the blank by the sheet)
        form.number("devil_rating", "Devil rating", who.devil_rating if who else "",
                    about=DEVIL_RATING_ABOUT, placeholder=DEVIL_RATING_BLANK),
        form.number("chips", "Chips", who.chips if who else 0,
                    about=CHIPS_HELD_ABOUT if who else CHIPS_ABOUT),
        form.text("back_story", "Back story", who.back_story if who else "",
                  about="The past behind the Devil, as much as is known; players may tell "
                        "more of it in flashbacks during play. The Dealer's alone"),
        form.text("notes", "Notes", who.notes if who else "",
                  about="Anything else the Dealer keeps on this sheet (kin, enemies, what "
                        "is owed); the table never sees it"),
    ]


def follow_tally(shown: Form) -> None:
    """The points a new sheet has spent, under its fields as they are typed."""
    values = shown.values()
    ratings = []
    for attribute in ATTRIBUTES:
        typed = values.text(attribute.value.lower())
        ratings.append(tally_number(typed))
    try:
        knacks: tuple[tuple[str, int], ...] | None = parse_knacks(values.text("knacks"))
    except RuleError:
        knacks = None
    shown.show_preview(view.sheet_tally(values.flag("player"), ratings, knacks))


#: the rules' names for the sheet's fields, where the form's differ
SHEET_ALIASES = {a.value: a.value.lower() for a in ATTRIBUTES} | {"attributes": "hand"}


def sheet_from(values: Values) -> Sheet:
    hand, eye, guts, heart = (values.number(a.value.lower()) for a in ATTRIBUTES)
    return Sheet(
        name=values.text("name"), player=values.flag("player"),
        ratings=(hand, eye, guts, heart), knacks=parse_knacks(values.text("knacks")),
        traits=tuple(t for t in (values.text("trait1"), values.text("trait2")) if t),
        devil=values.text("devil"), devil_rating=values.number("devil_rating", int(
            values.flag("player") or bool(values.text("devil").strip()))),
        vocation=values.text("vocation"), description=values.text("description"),
        back_story=values.text("back_story"), notes=values.text("notes"),
        chips=values.number("chips", 0),
    )


DEVIL_OPTIONS = [("1: kept under", "1"), ("2: simmering", "2"), ("3: a storm", "3")]


def _devil_held(who: Character) -> str:
    """The Devil rating the forms start on: the sheet's, or 1 where it holds none."""
    held = str(who.devil_rating)
    return held if any(held == value for _, value in DEVIL_OPTIONS) else "1"
#: the keys that act on the character highlighted
ON_SELECTED = frozenset({"change", "devil", "give", "raise_attribute", "raise_knack",
                         "buy_knack", "fate", "drop"})


class CharactersPane(DustDevilsTab):
    """Every character's sheet; the highlighted one in full below."""

    #: the names drawn last (None in a replay): a sheet added since is the one shown
    _drawn: tuple[str, ...] | None = None

    DEFAULT_CSS = """
    CharactersPane DataTable { height: auto; max-height: 50%; }
    CharactersPane #dd-note { height: auto; padding: 0 1; color: $text-muted; }
    CharactersPane #dd-rulings { height: auto; padding: 0 1; text-style: italic; }
    CharactersPane #dd-sheet { height: 1fr; border-top: solid $primary; }
    """
    #: the palette's names hold the words a Dealer types for the step, where the footer's
    #: one word found nothing ("give" found no Chips, "road" or "hell" no Fate)
    PALETTE_NAMES: ClassVar[dict[str, str]] = {
        "give": "Chips given or taken",
        "fate": "Fate on the Road to Hell",
        "devil": "Devil rating",
        "session_devils": "Devils this session: every player's rating",
        "raise_attribute": "Attribute raised for Chips",
        "raise_knack": "Knack raised for Chips",
        "buy_knack": "New Knack for Chips",
        "drop": "Drop a character the table never met (plans changed)",
    }
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "make", "Make", id="dust_devils.make",
                tooltip="Make a character's sheet (checked against the book)"),
        Binding("e", "change", "Edit", id="dust_devils.change",
                tooltip="Correct the highlighted sheet, checked against the book (Enter or "
                "a double click on a row opens it too)"),
        Binding("H", "hanged_man", "The Hanged Man's cast", id="dust_devils.hanged_man",
                show=False, tooltip="Make the book's scenario's sheets at once: the player "
                "characters the table plays (all four offered, Gentleman Jim first) and its "
                "three non-player characters"),
        Binding("v", "devil", "Devil", id="dust_devils.devil",
                tooltip="Set the highlighted character's Devil rating (a player's once a "
                "session), or correct one typed wrong"),
        Binding("V", "session_devils", "Devils", id="dust_devils.session_devils",
                tooltip="Every player not yet set sets the Devil rating for this session"),
        # before the Chips' keys: when a fate is due it is the step of the moment, in sight
        # at 80 columns
        Binding("t", "fate", "Fate", id="dust_devils.fate",
                tooltip="The Road to Hell: how the character leaves play (the one "
                "highlighted, or the first whose fate is due); one of yours the table met "
                "may leave the story at any time outside a conflict"),
        Binding("g", "give", "Chips", id="dust_devils.give",
                tooltip="Give or take Chips from the highlighted character, with the reason"),
        Binding("a", "raise_attribute", "Attribute", id="dust_devils.raise_attribute",
                tooltip="Raise an attribute a point for Chips, between conflicts: twice the new "
                "rating, at most 5"),
        Binding("k", "raise_knack", "Knack", id="dust_devils.raise_knack",
                tooltip="Raise a Knack a point for Chips, between conflicts: its new rating"),
        Binding("K", "buy_knack", "New Knack", id="dust_devils.buy_knack",
                tooltip="Spend two Chips for a new Knack at 1, between conflicts, within the "
                "Knack limit"),
        # the Dealer's change of plans (round 30): on the footer only on one of his own the
        # table never met, where the Chips' keys are off it
        Binding("x", "drop", "Drop", id="dust_devils.drop",
                tooltip="Take the highlighted character off the Dealer's sheets: one of his "
                "own the table never met (the players went elsewhere); undo brings the sheet "
                "back"),
        Binding("W", "winner_card", "Winner's card rule", id="dust_devils.winner_card",
                show=False, tooltip="Turn the optional rule on or off: the winners of a "
                "conflict get a card more in one that goes on from it at once (Follows the "
                "last, as it opens)"),
        Binding("O", "carry_over", "Damage carries over", id="dust_devils.carry_over",
                show=False, tooltip="Rule that damage carries over at this session's end "
                "(or not): when the story leaves the characters no time to rest, nothing "
                "comes back; otherwise all but an attribute at 0 does"),
    ]

    def compose(self) -> ComposeResult:
        # the characters: a click chooses a row, a double click (or Enter) opens its sheet
        table = FittedTable(self.redraw, id="dd-characters")
        table.opens = self._row_opened
        yield table
        yield Static(id="dd-note", markup=False)
        # the rulings in force, in sight whatever sheet is shown: W and O change them
        yield KeysLine(id="dd-rulings", markup=False)
        with ReadingScroll(id="dd-sheet"):
            # with no sheet yet: what comes first, its words clicked as their keys (H is
            # off the footer)
            yield KeysLine(id="dd-none", markup=False)
            yield Static(id="dd-sheet-text", markup=False)

    def on_mount(self) -> None:
        # before the tab's own on_mount draws the rows (Textual calls both, this one first)
        self.query_one("#dd-characters", DataTable).add_columns(*view.CHARACTER_COLUMNS)
        # the marks' colours are the theme's: drawn again in the new one's (ctrl+t)
        self.app.theme_changed_signal.subscribe(self, lambda _: self.redraw())

    def why_not(self, action: str) -> Refusal:
        state = self.state
        if action == "session_devils":
            return rules.why_not_session_devils(state)
        if action == "carry_over":
            return rules.why_not_carry_over(state)
        if action == "hanged_man":
            return rules.why_not_cast(state)
        if action not in ON_SELECTED:
            return None
        who = self.selected()
        if who is None:
            return RuleError("Characters", "there is no character yet: make one first "
                             f"({self._key_of('make')})")
        if action == "change":
            return rules.why_not_change(state, who.name)
        if action == "devil":
            return rules.why_not_devil(state, who.name)
        if action == "give":
            return rules.why_not_give(state, who.name)
        if action == "fate":
            return rules.why_not_fate(state, self._fate_for(who).name)
        if action == "raise_attribute":
            return rules.why_not_raise_attribute(state, who.name)
        if action == "drop":
            return rules.why_not_drop(state, who.name)
        if action == "raise_knack":
            return rules.why_not_raise_knack(state, who.name)
        return rules.why_not_buy_knack(state, who.name)

    def quiet(self, action: str) -> bool:
        # a Devil set this session and corrected (a slip, rare) is named on the rulings'
        # line: on the footer all session long it pushed n Note off at 80 columns. Setting
        # it, the step ahead as a session begins, stays on the footer
        who = self.selected()
        return action == "devil" and who is not None \
            and rules.devil_corrected(self.state, who.name)

    # -- drawing ---------------------------------------------------------------------------

    def redraw(self) -> None:
        if self.campaign is None:
            return
        state = self.state
        table = self.query_one("#dd-characters", DataTable)
        row = table.cursor_row
        drawn = view.character_grid(state)
        # the columns fitted to the room: a long name is cut short (the sheet says it
        # whole), so the numbers beside it stay in sight
        fit_columns(table, drawn, table.size.width or self.app.size.width, wrap=False)
        listed = view.listed(state)
        # no sheet yet: no headings over no row, nor a key to marks no row has
        # the key says only the marks the rows show ("3/4" and "?" under rows with neither
        # read as marks to look for)
        note = self.query_one("#dd-note", Static)
        note.update(drawn.note)
        table.display = bool(listed)
        note.display = bool(listed) and bool(drawn.note)
        for who, cells in zip(listed, drawn.rows, strict=True):
            table.add_row(*self._styled(who, cells), key=who.name)
        # a sheet just made is the one shown: the Dealer checks what he typed, gives its
        # Chips (a sheet renamed is in its place already). It is listed among its own
        # kind, not last
        names = tuple(who.name for who in listed)
        before = self._drawn if self._drawn is not None and not self.replaying else None
        made = set(names) - set(before or ())
        if before is not None and len(names) == len(before) + 1 and len(made) == 1:
            row = names.index(made.pop())
        elif before is not None and 0 <= row < len(before) and before[row] in names:
            # the one highlighted stays so as his place moves (his fate recorded: below
            # the living), his sheet still the one shown
            row = names.index(before[row])
        self._drawn = None if self.replaying else names
        if state.characters:
            table.move_cursor(row=min(max(row, 0), len(state.characters) - 1))
        self.describe_selected()

    @property
    def _marks(self) -> tuple[str, str]:
        """The error and warning colours of the marks: the theme's text ones, taken a
        little toward its text colour where one would read at under 3 to 1 on either of the
        table's stripes (textual-light's amber on its darker rows, round 27)."""
        colours = self.app.theme_variables
        table = self.query_one("#dd-characters", DataTable)
        grounds = [table.get_component_rich_style(f"datatable--{stripe}-row").bgcolor
                   for stripe in ("odd", "even")]
        text = colours.get("foreground", colours.get("text", ""))
        return (readable(colours.get("text-error", "red"), grounds, text),
                readable(colours.get("text-warning", "yellow"), grounds, text))

    def _styled(self, who: Character, cells: tuple[str, ...]) -> list[Text]:
        """The row's text from the view, styled: player characters in bold, the others in
        italic; an attribute at 0 and the Road to Hell's word in the theme's error colour,
        one Difficulty took from in its warning colour. The words say each as well ("0/2",
        "3/4", "left play"); the colours are the theme's text ones, read on its background
        in daylight (textual-light) and without colour (NO_COLOR), where the terminal's own
        red and yellow were dark grey on near black and orange on light grey."""
        error, warning = self._marks
        styled = [Text(cells[0], style="bold" if who.player else "italic", no_wrap=True,
                       overflow="ellipsis")]
        for attribute, cell in zip(ATTRIBUTES, cells[1:5], strict=True):
            value, rating = who.value(attribute), who.rating(attribute)
            styled.append(Text(cell, style=f"bold {error}" if value == 0 else
                               warning if value < rating else ""))
        styled += [Text(cells[5]), Text(cells[6]), Text(cells[7], style=f"bold {error}")]
        return styled

    def on_data_table_row_highlighted(self, _: DataTable.RowHighlighted) -> None:
        self.describe_selected()

    async def _row_opened(self, _row: int) -> None:
        # Enter or a double click on a character's row: his sheet to correct, as e (Edit)
        # opens it, and refused with its reason where e is (round 28: both did nothing)
        await self.run_from_palette("change")

    def selected(self) -> Character | None:
        if self.campaign is None:
            return None
        state = self.state
        table = self.query_one("#dd-characters", DataTable)
        if not state.characters or table.row_count == 0:
            return None
        listed = view.listed(state)
        return listed[min(table.cursor_row, len(listed) - 1)]

    def describe_selected(self) -> None:
        who = self.selected()
        none = self.query_one("#dd-none", KeysLine)
        none.display = who is None
        self.query_one("#dd-sheet-text", Static).display = who is not None
        if who is None:
            # the book's scenario's seven sheets were typed from the book, one by one
            text = Text()
            none.update(clickable([
                ("", "No characters yet: "), ("make", f"press {self._key_of('make')}"),
                ("", ", or "), ("hanged_man", f"{self._cast_key()} for {SCENARIO}'s cast"),
                ("", " (the book's scenario, its sheets made at once).")]))
        else:
            assert self.campaign is not None  # a sheet is shown once there is a campaign
            # the notes about him under any name his sheet had before one typed wrong
            # was put right
            notes = self.campaign.notes_about(*self.state.names_of(who.name))
            shown = [*view.sheet_lines(who, self.state), *view.noted(notes)]
            text = Text.styled(shown[0], "bold")  # the name alone
            text.append("\n" + "\n".join(shown[1:]))
        self.query_one("#dd-sheet-text", Static).update(text)
        # each ruling's words change it when clicked, as its key does
        pieces: list[tuple[str, str]] = []
        for action, ruling in zip(("winner_card", "carry_over"), view.rulings(self.state),
                                  strict=False):
            pieces += [("", "; ")] * bool(pieces) + [(action, ruling)]
        # O rules on the session under way: between sessions it is refused
        rulings = ["winner_card", *["carry_over"] * self.state.in_session]
        pieces.append(("", f" ({', '.join(self._key_of(action) for action in rulings)})"))
        # the Devil's correction, kept off the footer (`quiet`), on a line of its own
        if who is not None and more_keys(self, [("devil", "")]):
            pieces += [("", "\n"), ("devil", f"v corrects {who.name}'s Devil "
                                              f"({who.devil_rating} this session)")]
        self.query_one("#dd-rulings", Static).update(clickable(pieces))
        self.refresh_bindings()

    def _highlighted(self) -> Character:
        who = self.selected()
        assert who is not None  # why_not refuses every key on a sheet when there is none
        return who

    # -- the forms -------------------------------------------------------------------------

    def action_make(self) -> None:
        ask(self, Form("New character sheet", sheet_fields(self, None), note=SHEET_RULES,
                       aliases=SHEET_ALIASES, on_change=follow_tally, preview_docked=True),
            lambda v: MakeCharacter(sheet_from(v)))

    def _cast_key(self) -> str:
        """The key that makes The Hanged Man's cast, as the Dealer set it."""
        return self._key_of("hanged_man")

    def _key_of(self, action: str) -> str:
        """The key of this tab's step `action`, as the Dealer set it."""
        binding = next(b for b in self.BINDINGS if isinstance(b, Binding) and b.action == action)
        return shown_key(self.app, binding)

    def action_hanged_man(self) -> None:
        least, most = SEATS
        names = [s.name for s in NON_PLAYERS]
        others = f"{', '.join(names[:-1])} and {names[-1]}"
        ask(self, Form(f"{SCENARIO}: the book's cast", [
            form.many("players", "Player characters", [s.name for s in PLAYERS],
                      [s.name for s in PLAYERS],
                      about=f"Those the table plays, {least} to {most} as the book has "
                            f"it, one player should run {PLAYERS[0].name}; untick any a "
                            f"player replaces with his own character ({self._key_of('make')}), "
                            "tied in as strongly (space ticks or unticks)")],
            note=f"The book's sheets, its numbers and Chips as printed; {others} come too, "
                 "the Dealer's. Each player then sets his Devil rating for the session."),
            lambda v: MakeHangedManCast(v.chosen("players")))

    def action_change(self) -> None:
        who = self._highlighted()
        fields = sheet_fields(self, who)
        now = ", ".join(f"{a} {v}" for a, v in zip(ATTRIBUTES, who.values, strict=True))
        # the values now, below the ratings: Difficulty placed on the wrong attribute is
        # mended here, where undo would take back every step since
        at = next(i for i, f in enumerate(fields) if f.key == "heart") + 1
        fields.insert(at, form.text("now", "Now", now, about="The values after Difficulty: "
                                    "type an attribute to correct it, like Guts 1"))

        def changed(v: Values) -> ChangeCharacter:
            typed = v.text("now")
            if typed == now:
                return ChangeCharacter(who.name, sheet_from(v))
            corrected = attribute_split(parse_split(typed, "Attributes", "now"),
                                        "Attributes", "now")
            return ChangeCharacter(who.name, sheet_from(v), values=tuple(
                corrected.get(a, value) for a, value in zip(ATTRIBUTES, who.values,
                                                            strict=True)))

        ask(self, Form(f"Correct {who.name}'s sheet", fields, note=SHEET_RULES,
                       aliases=SHEET_ALIASES | {"values": "now"}), changed)

    def action_devil(self) -> None:
        who = self._highlighted()
        if rules.devil_corrected(self.state, who.name):
            # set this session and typed wrong: the other two ratings, told as a correction
            others = [(words, value) for words, value in DEVIL_OPTIONS
                      if value != str(who.devil_rating)]
            ask(self, Form(f"Correct {who.name}'s Devil rating (set at {who.devil_rating} "
                           "this session)", [
                form.pick("devil_rating", "Devil rating", others, others[0][1])],
                note="A slip mended: the rating holds from now on; the cards dealt by it "
                     "stand."),
                lambda v: SetDevilRating(who.name, v.number("devil_rating"), corrects=True))
            return
        # a list to pick from, so that Enter (or a double click) sends the rating picked; the
        # sheet's own first, a digit goes to its line
        ask(self, Form(f"{who.name}'s Devil rating this session", [
            form.pick("devil_rating", "Devil rating", DEVIL_OPTIONS, _devil_held(who),
                      about=DEVIL_SESSION_ABOUT if who.player else DEVIL_DEALERS_ABOUT)]),
            lambda v: SetDevilRating(who.name, v.number("devil_rating")))

    def action_session_devils(self) -> None:
        players = rules.devils_to_set_now(self.state)
        # one player: a list where Enter (or a double click) sends the rating picked
        kind = form.pick if len(players) == 1 else form.one_of
        ask(self, Form("The Devils' ratings this session",
                       [kind(f"d{i}", w.name, DEVIL_OPTIONS, _devil_held(w),
                             about=DEVIL_SESSION_ABOUT)
                        for i, w in enumerate(players)]),
            lambda v: SetSessionDevils(tuple((w.name, v.number(f"d{i}"))
                                             for i, w in enumerate(players))))

    def action_give(self) -> None:
        who = self._highlighted()
        ask(self, Form(f"Chips for {who.name} (negative takes them)", [
            form.number("chips", "Chips", 1,
                        about="How many to hand over; a negative number takes them back"),
            form.text("reason", "Reason", about="For the log: a good line at the table, "
                      "Stakes paid by hand, a Chip spent outside a conflict")]),
            lambda v: GiveChips(who.name, v.number("chips"), v.text("reason")))

    def action_raise_attribute(self) -> None:
        who = self._highlighted()
        # only the raises the rules let the Chips held pay for (the key says why when none)
        options = view.attribute_raise_choices(self.state, who.name)
        ask(self, Form(f"{who.name} raises an attribute (has {who.chips} Chips)", [
            form.pick("attribute", "Attribute", options, options[0][1] if options else "",
                      about="The attribute a point is bought for: its new rating, and the "
                            "Chips it costs")]),
            lambda v: RaiseAttribute(who.name, v.text("attribute")))

    def action_raise_knack(self) -> None:
        who = self._highlighted()
        options = view.knack_raise_choices(self.state, who.name)
        ask(self, Form(f"{who.name} raises a Knack (has {who.chips} Chips)", [
            form.pick("knack", "Knack", options, options[0][1] if options else "",
                      about="The Knack a point is bought for: its new rating, and the Chips "
                            "it costs")]),
            lambda v: RaiseKnack(who.name, v.text("knack")))

    def action_buy_knack(self) -> None:
        who = self._highlighted()
        ask(self, Form(f"{who.name} learns a new Knack at 1 ({NEW_KNACK_COST} Chips; has "
                       f"{who.chips})", [form.text(
                           "knack", "Knack", about="The new Knack's name as the sheet will "
                           "list it, like Trackin'")],
                       note=view.new_knack_note(who)),
            lambda v: BuyKnack(who.name, v.text("knack")))

    def _fate_for(self, highlighted: Character) -> Character:
        """Whose fate t records: the one highlighted when it is due, else the first whose
        fate is due (the Conflict tab sends the Dealer here to record it), else the one
        highlighted, refused with its reason."""
        if highlighted.fate_due:
            return highlighted
        return next((c for c in self.state.characters if c.fate_due), highlighted)

    def action_fate(self) -> None:
        who = self._fate_for(self._highlighted())
        # a list to pick from, so that Enter sends the fate picked (letters go to one)
        # asked before it is kept: the list opens on "dies", and Enter alone, meant to see
        # the fates, ended the character
        ask(self, Form(f"How {who.name} leaves play", [
            form.pick("fate", "Fate", FATES, FATES[0]),
            form.text("other", "Or in words", about="Another end, told as the player likes")]),
            lambda v: RecordFate(who.name, v.text("other") or v.text("fate")),
            # asked as the log and the recap will tell it: a fate told in words is the
            # player's own sentence ("leaves play: ..."), never glued after the name
            confirm=lambda fated: f"{fate_line(fated.name, fated.fate)}? Undo "
                                  "brings the character back.")

    def action_drop(self) -> None:
        who = self._highlighted()
        heard = self._heard_of(who)
        told = "" if not heard else (
            ", though it heard the name in a note written for it ("
            + ", ".join(f"#{seq}" for seq in heard[:3]) + ", and more" * (len(heard) > 3)
            + "); the note stays as written")
        self.send(DropCharacter(who.name), confirm=f"Drop {who.name} from your sheets? The "
                  f"table never met this character{told}; undo brings the sheet back.")

    def _heard_of(self, who: Character) -> list[int]:
        """The numbers of the notes written for the table (standing, not struck out) that
        name `who`, among those they are about or in their words (round 32): the table
        never met him, but heard his name, and a Dealer dropping the sheet is told so."""
        if self.campaign is None:
            return []
        names = self.state.names_of(who.name)
        about = {note.seq for note in self.campaign.notes_about(*names)}
        words = re.compile("|".join(rf"(?<!\w){re.escape(name)}(?!\w)" for name in names), re.I)
        heard = []
        for event in self.campaign.events:
            if event.kind != NOTE or self.campaign.is_undone(event):
                continue
            note = self.campaign.note_now(event)
            if note.data.get("public") is not True or note.data.get("struck") is True:
                continue
            if event.seq in about or words.search(str(note.data.get("text", ""))):
                heard.append(event.seq)
        return heard

    def action_winner_card(self) -> None:
        self.send(SetWinnerCard(not self.state.winner_card))

    def action_carry_over(self) -> None:
        self.send(RuleCarryOver(not self.state.carry_over))


def _luminance(colour: Color) -> float:
    def channel(value: int) -> float:
        value_ = value / 255
        return value_ / 12.92 if value_ <= 0.03928 else ((value_ + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b)


def readable(colour: str, grounds: Sequence[RichColor | None], text: str) -> str:
    """`colour`, or as near it as reads at 3 to 1 or more on every one of `grounds`: taken a
    tenth at a time toward `text` (the theme's own text colour, which reads on them). A
    colour or a ground that is no colour (a terminal's "red", none given) is left as it is."""
    try:
        mark, toward = Color.parse(colour), Color.parse(text)
        backs = [Color(*ground.get_truecolor()) for ground in grounds if ground is not None]
    except Exception:  # a name Textual cannot parse: the terminal's own colour stands
        return colour
    if not backs:
        return colour

    def worst(candidate: Color) -> float:
        ratios = []
        for back in backs:
            light, dark = sorted((_luminance(candidate), _luminance(back)), reverse=True)
            ratios.append((light + 0.05) / (dark + 0.05))
        return min(ratios)

    for tenth in range(11):
        candidate = mark.blend(toward, tenth / 10)
        if worst(candidate) >= 3:
            return colour if tenth == 0 else candidate.hex
    return colour
