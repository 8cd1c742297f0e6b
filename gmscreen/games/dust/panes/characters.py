"""The Characters tab: players, roles, items and locations; the set-up of a new game."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Static

from gmscreen.games.dust.commands import (
    AddLocation,
    AddPlayer,
    DefineItem,
    DefineRole,
    ModKill,
    RemoveLocation,
    ReplacePlayer,
    StartGame,
    UseBookSetUp,
)
from gmscreen.games.dust.panes.form import DustForm, Field, ask, field_named, state_of
from gmscreen.games.dust.panes.keys import ExplainedKeys
from gmscreen.games.dust.panes.power_editor import NEW_POWER, defined, power_fields, which_power
from gmscreen.games.dust.powers import (
    ItemDef,
    LocationDef,
    Power,
    RoleDef,
    TableError,
    godfather_choice,
)
from gmscreen.games.dust.state import DustState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError

#: what the tab lists, in the order `o` goes through them
VIEWS = ("players", "items", "places")


def _keys_hint(phase: str) -> str:
    """The tab's keys the footer leaves out, for the phase (each is in the palette too)."""
    if phase == "setup":
        return ("Keys: b the book's roles and items, e edit a power, l add (or edit the "
                "highlighted) location, x remove it, R rename a player, o players/items/"
                "places\n")
    if phase == "over":
        return "Keys: o players/items/places\n"
    # one line at 80 columns: `o` is in the footer
    return "Keys: R replace a player, K mod-kill, l add a location, e correct a power\n"


class CharactersPane(ExplainedKeys):
    """Players with their roles, sides and items; the selected one's powers in full; `o`
    goes on to the items and their powers, then the locations and what is left in them."""

    DEFAULT_CSS = """
    CharactersPane DataTable { height: 1fr; }
    CharactersPane #dust-detail { height: 9; border-top: solid $primary; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        # the footer offers what fits 80 columns; the others by key and palette, named
        # in the setup hint
        Binding("o", "toggle_places", "Lists", id="dust.places",
                tooltip="Show the players, the items or the locations"),
        Binding("b", "book_setup", "Book's roles and items", id="dust.book_setup", show=False,
                tooltip="Define the book's roles, items and locations; choose how Guilt "
                        "reads"),
        Binding("p", "add_player", "Add player", id="dust.add_player"),
        Binding("s", "start", "Day 1", id="dust.start",
                tooltip="Send every player his role and post Day 1"),
        Binding("l", "add_location", "Add location", id="dust.add_location", show=False,
                tooltip="A new place to scavenge; before Day 1, the highlighted one edited"),
        Binding("x", "remove_location", "Remove location", id="dust.remove_location",
                show=False, tooltip="Take the highlighted location off the list (before Day 1)"),
        Binding("e", "edit_power", "Edit power", id="dust.edit_power", show=False,
                tooltip="Change or add a power of the highlighted player's role or item; "
                        "in play it asks first, and the log shows the change"),
        Binding("R", "replace_player", "Replace player", id="dust.replace", show=False,
                tooltip="A new forum user takes over the highlighted player's slot"),
        Binding("K", "modkill", "Mod-kill", id="dust.modkill", show=False,
                tooltip="Remove the highlighted player from the game"),
    ]
    IN_GAME_ACTIONS = frozenset({"replace_player", "modkill"})
    #: the game over, these no longer apply either
    PLAYING_ACTIONS = frozenset({*IN_GAME_ACTIONS, "add_location", "edit_power"})
    view = "players"
    SETUP_ACTIONS = frozenset({"book_setup", "add_player", "start", "remove_location"})

    def compose(self) -> ComposeResult:
        yield DataTable(id="dust-players", cursor_type="row", zebra_stripes=True)
        yield DataTable(id="dust-items", cursor_type="row", zebra_stripes=True)
        yield DataTable(id="dust-places", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="dust-detail"):
            yield Static(id="dust-detail-text", markup=False)

    def on_mount(self) -> None:
        players = self.query_one("#dust-players", DataTable)
        players.add_columns("Player", "Role", "Side", "Items", "Status")
        places = self.query_one("#dust-places", DataTable)
        # short headings: the last column still shows at 80 columns
        places.add_columns("Location", "Nights", "Open", "Left (in order)")
        items = self.query_one("#dust-items", DataTable)
        items.add_columns("Item", "Uses", "Gift", "Powers")
        places.display = items.display = False
        self.redraw()

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        if self.is_mounted:
            self.redraw()

    def redraw(self) -> None:
        if self.campaign is None:
            return
        state: DustState = self.campaign.state
        players = self.query_one("#dust-players", DataTable)
        row = players.cursor_row
        players.clear()
        for p in state.players:
            role = state.role(p.role)
            side = role.alignment.upper() if role else "?"
            status = "alive" + (", vouched" if p.vouched else "") if p.alive else p.death
            items = ", ".join(h.item + (f" ({h.used} used)" if h.used else "") for h in p.items)
            players.add_row(Text(p.name), Text(p.role), Text(side), Text(items or "-"),
                            Text(status), key=p.name)
        if state.players:
            players.move_cursor(row=min(row, len(state.players) - 1))
        item_table = self.query_one("#dust-items", DataTable)
        row = item_table.cursor_row
        item_table.clear()
        for item in state.items:
            powers = ", ".join(f"{p.name} ({p.effect})" for p in item.powers)
            item_table.add_row(Text(item.name), Text(str(item.uses)),
                               Text("yes" if item.tradeable else "no"), Text(powers or "-"),
                               key=item.name)
        if state.items:
            item_table.move_cursor(row=min(row, len(state.items) - 1))
        places = self.query_one("#dust-places", DataTable)
        places.clear()
        for loc in state.locations:
            nights = f"{loc.opens}-{loc.closes - 1}" if loc.closes else f"{loc.opens}+"
            places.add_row(Text(loc.name), Text(nights),
                           Text("yes" if loc.is_open(state.number) else "no"),
                           Text(", ".join(loc.entries) or "empty"), key=loc.name)
        self.describe_selected()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.describe_selected()

    def describe_selected(self) -> None:
        state = state_of(self)
        players = self.query_one("#dust-players", DataTable)
        text = Text()
        if state is not None:
            text.append(_keys_hint(state.phase), style="italic")
        item = state.item(self._highlighted("#dust-items") or "") if state else None
        if self.view == "items" and item is not None:
            text.append(f"{item.name}", style="bold")
            text.append(f" ({item.uses} use{'s' if item.uses > 1 else ''} a copy"
                        f"{'' if item.tradeable else ', cannot be given'})\n{item.text}")
            for power in item.powers:
                text.append(f"\n- {_power_line(power)}")
        elif self.view == "players" and state is not None and state.players and players.row_count:
            player = state.players[min(players.cursor_row, len(state.players) - 1)]
            role = state.role(player.role)
            text.append(f"{player.name}: {player.role}", style="bold")
            if role is not None:
                text.append(f" ({role.alignment.upper()})")
                if role.default_powers:
                    text.append("  [default powers: the book names the role only]",
                                style="italic")
                text.append(f"\n{role.text}")
                if role.claim:
                    text.append(f"\nFalse claim offered: the {role.claim}.")
                for power in role.powers:
                    left = (f", {power.uses - player.times_used(power.name)} left"
                            if power.uses else "")
                    text.append(f"\n- {_power_line(power, left)}")
            if not player.alive:
                text.append(f"\nDead: {player.death}.")
            for held in player.items:
                item = state.item(held.item)
                text.append(f"\n* {held.item}: {item.text if item else '?'}")
            # who knows what: everything this player was told, the newest first
            told = [m for m in state.messages if m.player == player.name]
            if told:
                text.append("\nWhat he has been told, newest first:", style="bold")
            for message in reversed(told):
                text.append(f"\n{message.when}: {' '.join(message.lines)}")
        self.query_one("#dust-detail-text", Static).update(text)

    def why_not(self, action: str) -> str:
        state = state_of(self)
        phase = state.phase if state else ""
        if action in self.SETUP_ACTIONS and phase != "setup":
            return ("The game has started: players, roles and places are set before Day 1 "
                    "(now R replaces a player, K removes one, l adds a location, e corrects "
                    "a power).")
        if action == "modkill" and phase == "setup":
            return ("The game has not started: no one can be removed yet (ctrl+z takes back "
                    "a player added by mistake; R renames one).")
        if action in self.PLAYING_ACTIONS and phase == "over":
            return state.result if state else ""
        return ""

    def action_book_setup(self) -> None:
        """The book's set-up, with the one choice a table makes: how Guilt reads."""
        ask(self, DustForm("The book's roles, items and locations", [
            Field("godfather", "Guilt reads as", [
                ("Scum, as the book has it", "book"),
                (f"Town: {godfather_choice()} (not the book)", "town")], "book")]),
            lambda v: UseBookSetUp(godfather_reads_town=v["godfather"] == "town"))

    def action_add_player(self) -> None:
        state = state_of(self)
        if state is None:
            return
        roles = [(f"{r.name} ({r.alignment.upper()})", r.name) for r in state.roles]
        items = [(i.name, i.name) for i in state.items]
        ask(self, DustForm("Add a player", [
            Field("name", "Forum name", None), Field("role", "Role", roles),
            Field("item", "Starting item", items)]),
            lambda v: AddPlayer(v["name"], v["role"], (v["item"],) if v["item"] else ()))

    def action_start(self) -> None:
        state = state_of(self)
        if state is not None:
            self.send(StartGame(), confirm=f"Start Day 1 with {len(state.players)} players? "
                                           "Every player's role message is written.")

    def action_edit_power(self) -> None:
        state = state_of(self)
        holder = self.selected_holder()
        if state is None or holder is None:
            self.notify("Highlight a player (for his role) or an item first.",
                        title="Powers", severity="warning", markup=False)
            return
        kind = "role" if isinstance(holder, RoleDef) else "item"

        def edit(old: str) -> None:
            power = holder.power(old)
            title = (f"The {holder.name} {kind}: {power.name}" if power
                     else f"The {holder.name} {kind}: a new power")
            # in play, a correction is asked for: the night may already count on the power
            what = (f"Correct the {power.name} power of" if power else "Add a power to")
            confirm = (None if state.phase == "setup" else
                       f"{what} the {holder.name} {kind} in play? The log shows the change; "
                       "ctrl+z takes it back.")
            ask(self, DustForm(title, power_fields(power)), lambda v: self.saved(holder, old, v),
                confirm)

        def picked(values: dict[str, str] | None) -> None:
            if values is not None and values.get("power"):
                edit(values["power"])

        if not holder.powers:
            edit(NEW_POWER)
            return
        self.app.push_screen(DustForm(f"Which power of the {holder.name} {kind}?",
                                      [which_power(holder)]), picked)

    def saved(self, holder: RoleDef | ItemDef, old: str,
              values: dict[str, str]) -> DefineRole | DefineItem | None:
        """The command saving the edited power; RuleError names the field that is wrong."""
        try:
            return defined(holder, old, values)
        except TableError as error:
            raise RuleError("Powers", str(error), field=field_named(str(error), values)
                            ) from None

    def selected_holder(self) -> RoleDef | ItemDef | None:
        """The role of the highlighted player, or the highlighted item."""
        state = state_of(self)
        if state is None:
            return None
        if self.view == "items":
            key = self._highlighted("#dust-items")
            return state.item(key) if key else None
        if self.view == "players":
            key = self._highlighted("#dust-players")
            player = state.player(key) if key else None
            return state.role(player.role) if player else None
        return None

    def _highlighted(self, table_id: str) -> str | None:
        table = self.query_one(table_id, DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key.value
        return str(key) if key is not None else None

    def _living_highlighted(self) -> str | None:
        state = state_of(self)
        name = self._highlighted("#dust-players") if self.view == "players" else None
        player = state.player(name) if state is not None and name else None
        if player is None or not player.alive:
            self.notify("Highlight a living player first.", severity="warning", markup=False)
            return None
        return player.name

    def action_replace_player(self) -> None:
        name = self._living_highlighted()
        if name is not None:
            ask(self, DustForm(f"Who replaces {name}?", [Field("name", "Forum name", None)]),
                lambda v: ReplacePlayer(name, v["name"]))

    def action_modkill(self) -> None:
        name = self._living_highlighted()
        if name is None:
            return

        ask(self, DustForm(f"Mod-kill {name}", [Field("reason", "Why (told to all)", None)]),
            lambda v: ModKill(name, v["reason"]),
            f"Remove {name} from the game? He dies and is flipped.")

    def action_add_location(self) -> None:
        state = state_of(self)
        # before Day 1 the highlighted place is edited (saved under its name, it is replaced)
        place = (state.location(self._highlighted("#dust-places") or "")
                 if state is not None and state.phase == "setup" and self.view == "places"
                 else None)
        title = (f"Edit {place.name} (a new name adds a location)" if place
                 else "Add a location")
        ask(self, DustForm(title, [
            Field("name", "Name", None, place.name if place else ""),
            Field("opens", "First night", None, str(place.opens) if place else ""),
            Field("closes", "Closed from night", None,
                  str(place.closes) if place and place.closes else ""),
            Field("entries", "Finds, in order", None,
                  ", ".join(place.entries) if place else "")]), self.location_from)

    def action_remove_location(self) -> None:
        name = self._highlighted("#dust-places") if self.view == "places" else None
        if name is None:
            self.notify("Show the locations (o) and highlight one first.", title="Locations",
                        severity="warning", markup=False)
            return
        self.send(RemoveLocation(name))

    def location_from(self, values: dict[str, str]) -> AddLocation:
        """The form's location; RuleError names the field that is wrong."""
        numbers: dict[str, int | None] = {}
        for key, label in (("opens", "First night"), ("closes", "Closed from night")):
            text = values.get(key, "").strip()
            if not text and key == "closes":
                numbers[key] = None
            elif text.isdigit():
                numbers[key] = int(text)
            else:
                raise RuleError("Locations", f"{label} must be a night number, not {text!r}",
                                field=key)
        entries = tuple(e.strip() for e in values.get("entries", "").split(",") if e.strip())
        try:
            location = LocationDef.from_data({"name": values.get("name", ""), "entries": entries,
                                              "opens": numbers["opens"],
                                              "closes": numbers["closes"]})
        except TableError as error:
            raise RuleError("Locations", str(error), field=field_named(str(error), values)
                            ) from None
        return AddLocation(location)

    def action_toggle_places(self) -> None:
        self.view = VIEWS[(VIEWS.index(self.view) + 1) % len(VIEWS)]
        for view in VIEWS:
            table = self.query_one(f"#dust-{view}", DataTable)
            table.display = view == self.view
            if view == self.view:
                table.focus()
        self.describe_selected()


def _power_line(power: Power, left: str = "") -> str:
    return f"{power.name} ({', '.join(power.conditions)}{left}): {power.text}"
