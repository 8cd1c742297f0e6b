"""The Characters tab: players, roles, items and locations; the set-up of a new game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Static

from gmscreen.games.dust.commands import (
    AddLocation,
    AddPlayer,
    DefineRole,
    StartGame,
    UseBookSetUp,
)
from gmscreen.games.dust.panes.form import DustForm, Field, Options, ask, state_of
from gmscreen.games.dust.powers import (
    EFFECTS,
    TARGETS,
    TIMINGS,
    WORKS_IF,
    LocationDef,
    Power,
    TableError,
)
from gmscreen.games.dust.state import DustState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.pane import GamePane


class CharactersPane(GamePane):
    """Players with their roles, sides and items; the selected one's powers in full; `o`
    switches to the locations and what is left in them."""

    DEFAULT_CSS = """
    CharactersPane DataTable { height: 1fr; }
    CharactersPane #dust-detail { height: 9; border-top: solid $primary; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "toggle_places", "Players/locations", id="dust.places"),
        Binding("b", "book_setup", "Book's roles and items", id="dust.book_setup",
                tooltip="Define the book's roles, items and locations"),
        Binding("p", "add_player", "Add player", id="dust.add_player"),
        Binding("s", "start", "Start Day 1", id="dust.start",
                tooltip="Send every player his role and post Day 1"),
        Binding("l", "add_location", "Add location", id="dust.add_location"),
        Binding("e", "edit_power", "Edit role power", id="dust.edit_power",
                tooltip="Change or add a role's power before the game starts"),
    ]
    SETUP_ACTIONS = frozenset({"book_setup", "add_player", "start", "edit_power"})

    def compose(self) -> ComposeResult:
        yield DataTable(id="dust-players", cursor_type="row", zebra_stripes=True)
        yield DataTable(id="dust-places", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="dust-detail"):
            yield Static(id="dust-detail-text", markup=False)

    def on_mount(self) -> None:
        players = self.query_one("#dust-players", DataTable)
        players.add_columns("Player", "Role", "Side", "Items", "Status")
        places = self.query_one("#dust-places", DataTable)
        places.add_columns("Location", "Nights", "Left (in order)", "Open tonight")
        places.display = False
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
        places = self.query_one("#dust-places", DataTable)
        places.clear()
        for loc in state.locations:
            nights = f"{loc.opens}-{loc.closes - 1}" if loc.closes else f"{loc.opens}+"
            places.add_row(Text(loc.name), Text(nights), Text(", ".join(loc.entries) or "empty"),
                           Text("yes" if loc.is_open(state.number) else "no"))
        self.describe_selected()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.describe_selected()

    def describe_selected(self) -> None:
        state = state_of(self)
        players = self.query_one("#dust-players", DataTable)
        text = Text()
        if state is not None and state.players and players.row_count:
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
                    text.append(f"\n- {power.name} ({', '.join(power.conditions)}{left}): "
                                f"{power.text}")
            if not player.alive:
                text.append(f"\nDead: {player.death}.")
            for held in player.items:
                item = state.item(held.item)
                text.append(f"\n* {held.item}: {item.text if item else '?'}")
        self.query_one("#dust-detail-text", Static).update(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = state_of(self)
        if action in self.SETUP_ACTIONS:
            return state is not None and state.phase == "setup"
        if action == "add_location":
            return state is not None and state.phase != "over"
        return True

    def action_book_setup(self) -> None:
        self.send(UseBookSetUp())

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
        if state is None:
            return

        def choices(values: Sequence[str]) -> Options:
            return [(v, v) for v in values]

        yes_no = [("yes", "yes"), ("no", "no")]
        ask(self, DustForm("Edit a role's power (a new name adds one)", [
            Field("role", "Role", [(r.name, r.name) for r in state.roles]),
            Field("name", "Power name", None),
            Field("effect", "Effect", choices(sorted(EFFECTS))),
            Field("timing", "When", choices(sorted(TIMINGS))),
            Field("target", "Target", choices(sorted(TARGETS))),
            Field("works_if_target", "Works if target", choices(sorted(WORKS_IF))),
            Field("exclusive", "Exclusive", yes_no),
            Field("leaves_church", "Leaves church", yes_no),
            Field("stays_in_church", "Only in church", yes_no),
            Field("uses", "Uses (blank: all)", None),
            Field("text", "Text", None)]), lambda v: self.role_with_power(state, v))

    def role_with_power(self, state: DustState, values: dict[str, str]) -> DefineRole | None:
        """The role with the form's power put in, or None (said) when the form is wrong."""
        role = state.role(values.get("role", ""))
        uses = values.get("uses", "").strip()
        data: dict[str, Any] = {
            key: values[key] for key in ("name", "effect", "timing", "target",
                                         "works_if_target", "text") if values.get(key)}
        data.update({key: values.get(key) == "yes"
                     for key in ("exclusive", "leaves_church", "stays_in_church")})
        try:
            if role is None:
                raise TableError("pick a role")
            if uses and not uses.isdigit():
                raise TableError(f"uses must be a number, not {uses!r}")
            power = Power.from_data({**data, "uses": int(uses) if uses else None})
        except TableError as error:
            self.notify(str(error), title="Roles", severity="warning", markup=False)
            return None
        kept = tuple(p for p in role.powers if p.name != power.name)
        return DefineRole(replace(role, powers=(*kept, power), default_powers=False))

    def action_add_location(self) -> None:
        ask(self, DustForm("Add a location", [
            Field("name", "Name", None), Field("opens", "First night", None),
            Field("closes", "Closed from night", None),
            Field("entries", "Finds, in order", None)]), self.location_from)

    def location_from(self, values: dict[str, str]) -> AddLocation | None:
        """The form's location, or None (said to the moderator) when a number is not one."""
        numbers: dict[str, int | None] = {}
        for key, label in (("opens", "First night"), ("closes", "Closed from night")):
            text = values.get(key, "").strip()
            if not text and key == "closes":
                numbers[key] = None
            elif text.isdigit():
                numbers[key] = int(text)
            else:
                self.notify(f"{label} must be a night number, not {text!r}.",
                            title="Locations", severity="warning", markup=False)
                return None
        entries = tuple(e.strip() for e in values.get("entries", "").split(",") if e.strip())
        try:
            location = LocationDef.from_data({"name": values.get("name", ""), "entries": entries,
                                              "opens": numbers["opens"],
                                              "closes": numbers["closes"]})
        except TableError as error:
            self.notify(str(error), title="Locations", severity="warning", markup=False)
            return None
        return AddLocation(location)

    def action_toggle_places(self) -> None:
        players = self.query_one("#dust-players", DataTable)
        places = self.query_one("#dust-places", DataTable)
        players.display, places.display = places.display, players.display
