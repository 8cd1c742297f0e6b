"""The Characters tab: players, roles, items and locations; the set-up of a new game."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from gmscreen.core.text import quoted
from gmscreen.games.dust import checks, roster, view
from gmscreen.games.dust.commands import (
    AddLocation,
    AddPlayer,
    CorrectModKill,
    CorrectPlayer,
    DealRoles,
    ModKill,
    RemoveLocation,
    RemovePlayer,
    ReplacePlayer,
    StartGame,
    UseBookSetUp,
    WriteOpening,
)
from gmscreen.games.dust.panes.base import DustPane, sheet_text
from gmscreen.games.dust.panes.cycle import WIDE
from gmscreen.games.dust.panes.power_editor import (
    NEW_POWER,
    defined,
    field_named,
    power_fields,
    which_power,
)
from gmscreen.games.dust.powers import (
    AVATAR,
    ItemDef,
    LocationDef,
    RoleDef,
    TableError,
    godfather_choice,
)
from gmscreen.games.dust.rules import (
    book_set_up_question,
    deal_question,
    next_seat,
    start_question,
    told_of_correction,
)
from gmscreen.games.dust.state import DustState
from gmscreen.journal.rules import RuleError
from gmscreen.ui import form
from gmscreen.ui.form import Form, Values, ask
from gmscreen.ui.keys_line import KeysLine
from gmscreen.ui.reading import ReadingScroll
from gmscreen.ui.sections import GridTable
from gmscreen.ui.steps import Refusal

#: what the tab lists, in the order `o` goes through them
VIEWS = ("players", "items", "places", "roles")
#: what the seat forms' name and item hold, said under them
FORUM_NAME = "His name on the forum, as the thread, the posts and the vote count write it."
STARTING_ITEM = ("The item he holds as Day 1 starts; blank for none. In the book's set-up "
                 "three Vanilla Town start with one each.")


class CharactersPane(DustPane):
    """Players with their roles, sides and items; the selected one's sheet in full; `o`
    goes on to the items and their powers, the locations and what is left in them, then
    the roles with their powers and who is seated in each.
    From WIDE columns the sheet stands beside the list, the tab's whole height."""

    DEFAULT_CSS = """
    CharactersPane #dust-lists { height: 1fr; }
    CharactersPane GridTable { height: 1fr; }
    CharactersPane #dust-note { height: auto; color: $text-muted; padding: 0 1; }
    CharactersPane #dust-detail { height: 9; border-top: solid $primary; }
    CharactersPane.-guide #dust-detail { height: 2fr; }
    CharactersPane.-wide { layout: horizontal; }
    CharactersPane.-wide #dust-lists { width: auto; max-width: 70%; }
    CharactersPane.-wide #dust-detail { width: 1fr; height: 1fr; border-top: none;
                                        border-left: solid $primary; padding-left: 1; }
    """
    WIDE_FROM = WIDE
    BINDINGS: ClassVar[list[BindingType]] = [
        # the footer offers what fits 80 columns; the others by key and palette, named
        # in the hint above the sheet when they apply
        Binding("o", "toggle_places", "Lists", id="dust.toggle_places",
                tooltip="Show the players, the items, the locations or the roles"),
        Binding("b", "book_setup", "Book's roles and items", id="dust.book_setup", show=False,
                tooltip="Define the book's roles, items and locations; choose how Guilt "
                        "reads"),
        Binding("p", "add_player", "Add player", id="dust.add_player",
                tooltip="Before Day 1: a forum name, his secret role and the item he starts "
                        "with; the next seat of the book's table is offered"),
        Binding("c", "correct_player", "Correct player", id="dust.correct_player",
                show=False, tooltip="Before Day 1: put the highlighted player's name, role "
                                    "or item right in his seat, or take him off the list; "
                                    "in play: take back his removal (mod-kill) made today "
                                    "or tonight by mistake"),
        Binding("d", "deal", "Deal roles", id="dust.deal_roles", show=False,
                tooltip="Before Day 1: deal the seats' roles and starting items among the "
                        "players at random (each keeps his place in the list)"),
        # once a game: named in the Keys line, so Undo and Note keep their place in the
        # set-up's footer at 80 columns
        Binding("i", "write_opening", "Opening", id="dust.write_opening", show=False,
                tooltip="Before Day 1: your own opening, the story you read the table as "
                        "the game begins, at the head of Day 1's post (put right, or "
                        "emptied to take it out)"),
        Binding("s", "start", "Day 1", id="dust.start",
                tooltip="Send every player his role and post Day 1"),
        Binding("l", "add_location", "Add location", id="dust.add_location", show=False,
                tooltip="A new place to scavenge; the highlighted one edited, before Day 1 or "
                        "while it is not yet open to the players"),
        Binding("x", "remove_location", "Remove location", id="dust.remove_location",
                show=False, tooltip="Take the highlighted location off the list (before "
                                    "Day 1, or while it is not yet open to the players)"),
        Binding("e", "edit_power", "Edit power", id="dust.edit_power", show=False,
                tooltip="Change or add a power of the highlighted player's role or item; "
                        "in play it asks first, and the log shows the change"),
        Binding("R", "replace_player", "Replace player", id="dust.replace_player",
                show=False, tooltip="A new forum user takes over the highlighted player's "
                                    "slot"),
        Binding("K", "modkill", "Mod-kill", id="dust.modkill", show=False,
                tooltip="Remove the highlighted player from the game"),
    ]
    #: the palette finds a step by the game's words ("start", "setup", "remove", "scavenge")
    PALETTE_NAMES: ClassVar[dict[str, str]] = {
        "toggle_places": "Lists: players, items, locations, roles",
        "book_setup": "Book's roles and items (the set-up)", "start": "Start the game: Day 1",
        "write_opening": "Opening of Day 1's post: your story for the table",
        "add_location": "Add location (a new place)",
        "modkill": "Mod-kill: remove a player"}
    LOOKING = frozenset({"toggle_places"})
    view = "players"

    def compose(self) -> ComposeResult:
        with Vertical(id="dust-lists"):
            for name in VIEWS:
                yield GridTable(id=f"dust-{name}")
            # the shown list's abbreviations, explained under it
            yield Static(id="dust-note", markup=False)
        with ReadingScroll(id="dust-detail"):
            yield KeysLine(id="dust-detail-text", markup=False)

    def on_mount(self) -> None:
        for name in VIEWS:
            self.query_one(f"#dust-{name}", GridTable).display = name == self.view
        super().on_mount()

    def redraw(self) -> None:
        state = self.state
        notes = {}
        for name, shown in (("players", view.players_grid(state)),
                            ("items", view.items_grid(state)),
                            ("places", view.places_grid(state)),
                            ("roles", view.roles_grid(state))):
            self.query_one(f"#dust-{name}", GridTable).show(shown)
            notes[name] = shown.note
        note = self.query_one("#dust-note", Static)
        note.update(self.keyed(notes[self.view]))
        note.display = bool(notes[self.view])
        self.describe_selected()

    def on_data_table_row_highlighted(self, event: GridTable.RowHighlighted) -> None:
        self.describe_selected()
        self.refresh_bindings()  # the keys for the highlighted player follow him

    def describe_selected(self) -> None:
        if self.campaign is None:
            return
        state = self.state
        if self.view == "items":
            parts = view.item_sheet(state, self.highlighted("items") or "")
        elif self.view == "roles":
            parts = view.role_sheet(state, self.highlighted("roles") or "")
        elif self.view == "places":
            parts = view.place_sheet(state, self.highlighted("places") or "")
        else:
            name = self.highlighted("players") or ""
            player = state.player(name)
            # the slot's notes under every name it was played by (a replacement's too)
            notes = self.campaign.notes_about(*(player.names if player else ()))
            parts = [*view.player_sheet(state, name), *view.noted(notes)]
            # no player yet: what to set up first, and what next, with the room the empty
            # list does not need
            guide = [] if parts else view.set_up_guide(state)
            self.set_class(bool(guide), "-guide")
            parts = parts or guide
        if self.view != "players":
            # the guide's room is the empty players list's: another list needs its rows
            self.set_class(False, "-guide")
        self.query_one("#dust-detail-text", Static).update(
            sheet_text(parts, self.keys_hint(), self.keyed))

    def highlighted(self, name: str) -> str | None:
        """The key (a name) of the highlighted row of list `name`, if it is shown."""
        return self.query_one(f"#dust-{name}", GridTable).highlighted if self.view == name else None

    # -- what may be done now: asked of the rules ---------------------------------------------

    def why_not(self, action: str) -> Refusal:
        if self.campaign is None:
            return None
        state = self.state
        if action == "book_setup":
            return checks.why_not_set_up(state)
        if action == "add_player":
            return checks.why_not_add_player(state)
        if action == "start":
            return checks.why_not_start(state)
        if action == "write_opening":
            return checks.why_not_write_opening(state)
        if action == "deal":
            return checks.why_not_deal(state)
        if action == "correct_player":
            if state.phase != "setup":
                return roster.why_not_correct_modkill(state) or self._one_highlighted(
                    roster.why_not_correct_modkill)
            return None if self.highlighted("players") else (
                "Show the players (o) and highlight one first.")
        if action == "remove_location":
            place = self.highlighted("places")
            return checks.why_not_edit_tables(state) or (
                "Show the locations (o) and highlight one first." if place is None
                else checks.why_not_change_place(state, place))
        if action == "add_location":
            return checks.why_not_edit_tables(state)
        if action == "edit_power":
            return checks.why_not_edit_tables(state) or (
                None if self.selected_holder() else
                "Highlight a player (for his role), a role or an item first (o shows "
                "them).")
        if action == "replace_player":
            return roster.why_not_replace(state) or self._one_highlighted(
                roster.why_not_replace)
        if action == "modkill":
            return roster.why_not_modkill(state) or self._one_highlighted(
                roster.why_not_modkill)
        return None

    def _one_highlighted(self, why_not: Callable[[DustState, str], RuleError | None]
                         ) -> Refusal:
        name = self.highlighted("players")
        if name is None:
            return "Show the players (o) and highlight one first."
        return why_not(self.state, name)

    # -- the set-up ---------------------------------------------------------------------------

    def action_book_setup(self) -> None:
        """The book's set-up, with the choices a table makes: how Guilt reads, and the
        Veteran's own win (line 82 does not say it)."""
        ask(self, Form("The book's roles, items and locations", [
            form.pick("godfather", "Guilt reads as", [
                ("Scum, as the book has it", "book"),
                (f"Town: {godfather_choice()} (not the book)", "town")], "book",
                about="What the Cop's look and the Flashlight say of Guilt: Scum by the "
                      "book, or Town as many forum tables play their godfather."),
            form.one_of("veteran", "Veteran's own win", [
                ("alive at the end", "survive"), ("none", "team")], "survive",
                about="The book gives the Veteran a win of his own and does not say it: "
                      "ours, alive at the end; none: he wins with the Town.")]),
            lambda v: UseBookSetUp(godfather_reads_town=v.text("godfather") == "town",
                                   veteran_survives=v.text("veteran") != "team"),
            # pressed again, it says which of the table's own changes it puts back
            lambda command: book_set_up_question(self.state, command))

    def action_add_player(self) -> None:
        state = self.state
        roles = [(f"{r.name} ({r.alignment.upper()})", r.name) for r in state.roles]
        # the next seat of the book's table is offered: fifteen players, a name and Enter each
        role, items = next_seat(state) or ("", ())
        showing = [role]

        def item_of(shown: Form) -> None:
            # another role chosen: the item its next seat starts with (none for most)
            chosen = shown.values().text("role")
            if chosen != showing[0]:
                showing[0] = chosen
                _, held = next_seat(state, chosen) or ("", ())
                shown.set_value("item", held[0] if held else "")

        ask(self, Form("Add a player", [
            form.text("name", "Forum name", about=FORUM_NAME),
            form.choose("role", "Role", roles, role,
                        about="His secret role; the next seat of the book's table is "
                              "offered, fifteen in all."),
            form.choose("item", "Starting item", [i.name for i in state.items],
                        items[0] if items else "", about=STARTING_ITEM)],
            on_change=item_of),
            lambda v: AddPlayer(v.text("name"), v.text("role"),
                                (v.text("item"),) if v.text("item") else ()))

    def action_correct_player(self) -> None:
        player = self.state.player(self.highlighted("players") or "")
        if player is None:
            return
        if self.state.phase != "setup":
            # in play a seat is put right only by taking back a removal made by mistake
            self.send(CorrectModKill(player.name),
                      confirm=roster.correct_modkill_question(self.state, player.name))
            return
        held = [h.item for h in player.items]
        roles = [(f"{r.name} ({r.alignment.upper()})", r.name) for r in self.state.roles]
        ask(self, Form(f"Correct {player.name}'s seat (before Day 1)", [
            form.text("name", "Forum name", player.name, about=FORUM_NAME),
            form.choose("role", "Role", roles, player.role),
            form.choose("item", "Starting item", [i.name for i in self.state.items],
                        held[0] if held else "", about=STARTING_ITEM),
            form.check("remove", "Remove him",
                       about="Added by mistake: his seat is taken off the list (the rest "
                             "of the form is not read); the others keep theirs.")],
            note="Put right in his seat; the players added after him keep theirs."),
            # a second item he starts with (set by a command, not this form) stays his
            lambda v: RemovePlayer(player.name) if v.flag("remove") else CorrectPlayer(
                player.name, v.text("name"), v.text("role"),
                (*([v.text("item")] if v.text("item") else []), *held[1:])))

    def action_deal(self) -> None:
        assert self.campaign is not None
        names = [p.name for p in self.state.players]
        # drawn from the campaign's generator; the order travels in the command
        self.campaign.rng("dust.deal").shuffle(names)
        self.send(DealRoles(tuple(names)), confirm=deal_question(self.state))

    def action_start(self) -> None:
        in_session = self.campaign is None or self.campaign.in_session
        self.send(StartGame(), confirm=start_question(self.state, in_session=in_session))

    def action_write_opening(self) -> None:
        state = self.state
        ask(self, Form("Your opening for Day 1's post", [
            form.area("text", "Opening", "\n\n".join(state.opening),
                      about="The story you read the table as the game begins, in your own "
                            "words (Enter starts a paragraph): it heads Day 1's post and the "
                            "players' screen from Day 1, never before. Empty: no opening.")]),
            lambda v: WriteOpening(v.text("text")))

    def action_add_location(self) -> None:
        state = self.state
        # the highlighted place is edited (saved under its name, it is replaced) before Day 1,
        # and after it while it is not yet on the players' list (line 26)
        highlighted = self.highlighted("places") or ""
        place = (state.location(highlighted)
                 if checks.why_not_change_place(state, highlighted) is None else None)
        title = (f"Edit {place.name} (a new name adds a location)" if place
                 else "Add a location")
        ask(self, Form(title, [
            form.text("name", "Name", place.name if place else ""),
            form.number("opens", "First night", place.opens if place else "",
                        about="The first night it can be searched: the book's places open "
                              "on night 1, 2 or 3."),
            form.number("closes", "Closed from night",
                        place.closes if place and place.closes else "",
                        placeholder="blank: open to the end",
                        about="The night it can no longer be searched (the book's night-1 "
                              "places close from night 3). Blank: open to the end."),
            form.text("entries", "Finds, in order", ", ".join(place.entries) if place else "",
                      about="Items and Avatars of Fear, commas between, the first found "
                            "first")]),
            lambda v: self.keyed_step(location_from, state, v, place.name if place else None))

    def action_remove_location(self) -> None:
        name = self.highlighted("places")
        if name is not None:
            self.send(RemoveLocation(name))

    # -- powers -------------------------------------------------------------------------------

    def action_edit_power(self) -> None:
        holder = self.selected_holder()
        if holder is None:
            return
        if not holder.powers:
            self.edit(holder, NEW_POWER)
            return
        kind = "role" if isinstance(holder, RoleDef) else "item"

        def picked(values: Values | None) -> None:
            if values is not None and values.text("power"):
                self.edit(holder, values.text("power"))

        self.app.push_screen(Form(f"Which power of the {holder.name} {kind}?",
                                  [which_power(holder)]), picked)

    def edit(self, holder: RoleDef | ItemDef, old: str) -> None:
        kind = "role" if isinstance(holder, RoleDef) else "item"
        power = holder.power(old)
        title = (f"The {holder.name} {kind}: {power.name}" if power
                 else f"The {holder.name} {kind}: a new power")
        # in play, a correction is asked for: the night may already count on the power
        what = f"Correct the {power.name} power of" if power else "Add a power to"
        told = told_of_correction(self.state, holder.name)
        sent = (f"The corrected power is sent to {', '.join(told)} (the Posts tab lists it)."
                if told else "No living player holds it: no one is told.")
        confirm = (None if checks.why_not_set_up(self.state) is None else
                   f"{what} the {holder.name} {kind} in play? {sent} The log shows the "
                   "change; ctrl+z takes it back.")
        ask(self, Form(title, power_fields(power)), lambda v: defined(holder, old, v),
            confirm)

    def selected_holder(self) -> RoleDef | ItemDef | None:
        """The role of the highlighted player, the highlighted role, or the highlighted
        item."""
        state = self.state
        item = self.highlighted("items")
        if item is not None:
            return state.item(item)
        role = self.highlighted("roles")
        if role is not None:
            return state.role(role)
        player = state.player(self.highlighted("players") or "")
        return state.role(player.role) if player else None

    # -- the roster in play -------------------------------------------------------------------

    def action_replace_player(self) -> None:
        name = self.highlighted("players")
        if name is not None:
            ask(self, Form(f"Who replaces {name}?", [form.text(
                "name", "Forum name", about="The new forum user's name: he takes the slot "
                                            "whole, role, items, votes and what it was told.")]),
                lambda v: ReplacePlayer(name, v.text("name")))

    def action_modkill(self) -> None:
        name = self.highlighted("players")
        if name is not None:
            state = self.state
            fields = [form.text("reason", "Why (told to all)")]
            # line 42 says only that a majority lynches: whether one the removal brings
            # lynches at once is the moderator's call, asked only when it would
            if roster.brings_the_hammer(state, name):
                fields.append(form.one_of(
                    "hammer", "The majority", [("lynches now", "now"), ("waits for a vote",
                                                                         "wait")], "now",
                    about="The removal leaves a wagon holding the smaller majority: it "
                          "lynches at once, or waits for the next vote cast (your call)."))
            ask(self, Form(f"Mod-kill {name}", fields),
                lambda v: ModKill(name, v.text("reason"),
                                  hammer=v.text("hammer") != "wait" if "hammer" in v else True),
                lambda made: roster.modkill_question(state, name, hammer=made.hammer))

    def action_toggle_places(self) -> None:
        self.view = VIEWS[(VIEWS.index(self.view) + 1) % len(VIEWS)]
        for name in VIEWS:
            table = self.query_one(f"#dust-{name}", GridTable)
            table.display = name == self.view
            if name == self.view:
                table.focus()
        self.redraw()
        self.refresh_bindings()


def location_from(state: DustState, values: Values, edited: str | None = None
                  ) -> AddLocation:
    """The form's location; RuleError names the field that is wrong. The finds are read as
    the items are named, so an item whose name holds a comma is one find.

    Before Day 1 a location saved under a name on the list replaces that place: only the
    place the form edits (`edited`) is replaced so; "Add a location" under The School's
    name emptied the book's School with no word, and an edit renamed onto another place
    replaced it."""
    other = next((loc.name for loc in state.locations if loc.name != edited and
                  loc.name.casefold() == values.text("name").strip().casefold()), None)
    if other is not None and checks.why_not_set_up(state) is None:
        raise RuleError("Locations", f"{other} is already on the list: highlight it (o "
                        "lists the places) and press l to edit it, or choose another name",
                        field="name")
    opens = values.number("opens", least=1)
    closes = values.number("closes", least=2) if values.text("closes") else None
    if closes is not None and closes <= opens:
        # the rules' words, before the table's own ("Mill: closes must be ...")
        raise RuleError("Locations", f"it closes after it opens: night {opens + 1} or later",
                        field="closes")
    entries = tuple(checks.typed_names(
        values.text("entries"), [AVATAR, *(item.name for item in state.items)],
        lambda part: RuleError("Locations", f"no item named {quoted(part)}", field="entries")))
    try:
        location = LocationDef.from_data({"name": values.text("name"), "entries": entries,
                                          "opens": opens, "closes": closes})
    except TableError as error:
        raise RuleError("Locations", str(error), field=field_named(str(error), values)
                        ) from None
    return AddLocation(location)

