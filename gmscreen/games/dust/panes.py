"""Dust's tabs: Characters (players, roles, items, locations), Conflict (the day and night
console) and Night (the resolution, the post and the private messages, ready to paste).

Every action has a key shown in the footer and in the palette; each opens a small form of
selects (keyboard first: tab between fields, enter to pick, ctrl+s to send). Player names
and notes are shown as text, never as markup.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Input, Label, Select, Static

from gmscreen.games.dust.commands import (
    AddLocation,
    AddPlayer,
    ChooseKill,
    ChooseNight,
    DefineRole,
    EndDay,
    GiveItem,
    ResolveNight,
    StartGame,
    UseBookSetUp,
    UseDayPower,
    Vote,
)
from gmscreen.games.dust.messages import (
    message_bbcode,
    message_markdown,
    post_bbcode,
    post_markdown,
)
from gmscreen.games.dust.night import resolve_night
from gmscreen.games.dust.powers import (
    EFFECTS,
    TARGETS,
    TIMINGS,
    WORKS_IF,
    LocationDef,
    Power,
    TableError,
)
from gmscreen.games.dust.state import NO_LYNCH, DustState, Message, NightChoice, Post, PowerUse
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.pane import GamePane

Options = list[tuple[str, str]]

#: a form field's value meaning "nothing chosen"
NONE = ""


@dataclass(frozen=True)
class Field:
    key: str
    label: str
    #: None: a line of text; otherwise the (label, value) choices
    options: Options | None


class DustForm(ModalScreen[dict[str, str] | None]):
    """A small form of selects and text lines; ctrl+s sends it, escape cancels."""

    DEFAULT_CSS = """
    DustForm { align: center middle; }
    DustForm > Vertical {
        width: 72; max-width: 100%; height: auto; max-height: 100%; overflow-y: auto;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    DustForm .dust-form-row { height: auto; margin-top: 1; }
    DustForm .dust-form-row > Label { width: 18; }
    DustForm.-dense .dust-form-row { margin-top: 0; }
    DustForm Select, DustForm Input { width: 1fr; }
    DustForm .dust-form-buttons { height: auto; align-horizontal: right; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "send", "Send", id="dust.form.send"),
        Binding("escape", "cancel", "Cancel", id="dust.form.cancel"),
    ]

    def __init__(self, title: str, fields: Sequence[Field],
                 refresh: Callable[[dict[str, str]], dict[str, Options]] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.fields = list(fields)
        self.refresh_options = refresh
        #: a long form drops the blank lines between its fields to fit 80x24
        self.set_class(len(self.fields) > 7, "-dense")
        #: the choices each refreshed field shows now
        self.shown: dict[str, Options] = {f.key: f.options for f in fields if f.options}

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.title_text, style="bold"))
            for field in self.fields:
                with Horizontal(classes="dust-form-row"):
                    yield Label(Text(field.label))
                    if field.options is None:
                        yield Input(id=f"f-{field.key}", compact=True)
                    else:
                        yield Select([(Text(label), value) for label, value in field.options],
                                     id=f"f-{field.key}", prompt="(none)", compact=True)
            with Horizontal(classes="dust-form-buttons"):
                yield Button("Send (ctrl+s)", id="send", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def values(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for field in self.fields:
            widget = self.query_one(f"#f-{field.key}")
            if isinstance(widget, Input):
                found[field.key] = widget.value
            elif isinstance(widget, Select):
                found[field.key] = NONE if widget.is_blank() else str(widget.value)
        return found

    def on_select_changed(self, event: Select.Changed) -> None:
        if self.refresh_options is None:
            return
        changed = (event.select.id or "").removeprefix("f-")
        refreshed = self.refresh_options(self.values())
        if changed in refreshed:
            return  # only the fields the others depend on refresh the choices
        for key, options in refreshed.items():
            if self.shown.get(key) == options:
                continue
            self.shown[key] = options
            select: Select[str] = self.query_one(f"#f-{key}", Select)
            keep = select.value
            select.set_options([(Text(label), value) for label, value in options])
            if any(value == keep for _, value in options):
                select.value = keep

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "send":
            self.action_send()
        else:
            self.action_cancel()

    def action_send(self) -> None:
        self.dismiss(self.values())

    def action_cancel(self) -> None:
        self.dismiss(None)


def _state(pane: GamePane) -> DustState | None:
    return pane.campaign.state if pane.campaign is not None else None


def _people(state: DustState, *, scum: bool | None = None) -> Options:
    return [(p.name, p.name) for p in state.living
            if scum is None or state.is_scum(p.name) == scum]


# -- Characters -------------------------------------------------------------------------------


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
        state = _state(self)
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
        state = _state(self)
        if action in self.SETUP_ACTIONS:
            return state is not None and state.phase == "setup"
        if action == "add_location":
            return state is not None and state.phase != "over"
        return True

    def action_book_setup(self) -> None:
        self.send(UseBookSetUp())

    def action_add_player(self) -> None:
        state = _state(self)
        if state is None:
            return
        roles = [(f"{r.name} ({r.alignment.upper()})", r.name) for r in state.roles]
        items = [(i.name, i.name) for i in state.items]
        ask(self, DustForm("Add a player", [
            Field("name", "Forum name", None), Field("role", "Role", roles),
            Field("item", "Starting item", items)]),
            lambda v: AddPlayer(v["name"], v["role"], (v["item"],) if v["item"] else ()))

    def action_start(self) -> None:
        state = _state(self)
        if state is not None:
            self.send(StartGame(), confirm=f"Start Day 1 with {len(state.players)} players? "
                                           "Every player's role message is written.")

    def action_edit_power(self) -> None:
        state = _state(self)
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


# -- Conflict: the day and night console --------------------------------------------------------


class CyclePane(GamePane):
    """The day (votes, gifts, the generator) and the night (each player's secret choice, the
    Scum's kill, the resolution)."""

    DEFAULT_CSS = """
    CyclePane #dust-status { height: auto; background: $boost; padding: 0 1; }
    CyclePane DataTable { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("v", "vote", "Vote", id="dust.vote", tooltip="Cast or withdraw a vote"),
        Binding("g", "give", "Give item", id="dust.give"),
        Binding("p", "day_power", "Day power", id="dust.day_power",
                tooltip="Light the church, or the Innocent's vouch"),
        Binding("e", "end_day", "End day", id="dust.end_day", tooltip="No lynch: night falls"),
        Binding("a", "night_action", "Night action", id="dust.night_action"),
        Binding("k", "night_kill", "Scum kill", id="dust.night_kill"),
        Binding("r", "resolve", "Resolve night", id="dust.resolve"),
    ]
    DAY_ACTIONS = frozenset({"vote", "give", "day_power", "end_day"})
    NIGHT_ACTIONS = frozenset({"night_action", "night_kill", "resolve"})

    def compose(self) -> ComposeResult:
        yield Static(id="dust-status", markup=False)
        yield DataTable(id="dust-board", cursor_type="row", zebra_stripes=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = _state(self)
        phase = state.phase if state else ""
        if action in self.DAY_ACTIONS:
            return phase == "day"
        if action in self.NIGHT_ACTIONS:
            return phase == "night"
        return True

    def on_mount(self) -> None:
        self.redraw()

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        if self.is_mounted:
            self.redraw()

    def redraw(self) -> None:
        if self.campaign is None:
            return
        state: DustState = self.campaign.state
        self.query_one("#dust-status", Static).update(self.status(state))
        board = self.query_one("#dust-board", DataTable)
        board.clear(columns=True)
        if state.phase == "day":
            board.add_columns("Votes for", "Count", "Voters")
            for target, voters in sorted(state.tally().items(), key=lambda kv: -len(kv[1])):
                board.add_row(Text(target), Text(f"{len(voters)}/{state.majority}"),
                              Text(", ".join(voters)))
            silent = [p.name for p in state.living if p.name not in dict(state.votes)]
            board.add_row(Text("(not voting)"), Text(str(len(silent))), Text(", ".join(silent)))
        elif state.phase == "night":
            board.add_columns("Player", "Tonight")
            for player in state.living:
                choice = state.choice(player.name)
                board.add_row(Text(player.name), Text(self.choice_text(choice)))
        self.refresh_bindings()

    @staticmethod
    def status(state: DustState) -> Text:
        if state.phase == "setup":
            return Text("Setting up: add players, then start Day 1.")
        if state.phase == "over":
            return Text(f"The game is over: the {state.winner} won.", style="bold")
        alive = len(state.living)
        lit = "  The church is LIT tonight." if state.lit else ""
        if state.phase == "day":
            return Text(f"Day {state.number}: {alive} alive, {state.majority} votes lynch.{lit}")
        kill = state.kill
        chosen = (f"Scum kill: {kill.killer} on {kill.target} (by {kill.by})" if kill
                  else "Scum kill: not chosen")
        return Text(f"Night {state.number} (twilight): {alive} alive. {chosen}.{lit}")

    @staticmethod
    def choice_text(choice: NightChoice | None) -> str:
        if choice is None or choice.is_empty:
            return "stays in the church"
        parts = [f"scavenges at {choice.scavenge}"] if choice.scavenge else []
        for use in choice.uses:
            target = f" on {' then '.join(use.targets)}" if use.targets else ""
            note = f" \u201c{use.text}\u201d" if use.text else ""
            parts.append(f"{use.source}: {use.power}{target}{note}")
        return "; ".join(parts)

    # -- the day -----------------------------------------------------------------------------

    def action_vote(self) -> None:
        state = _state(self)
        if state is None:
            return
        targets = [*_people(state), ("No lynch", NO_LYNCH), ("(withdraw the vote)", "-")]
        ask(self, DustForm("Vote", [Field("voter", "Voter", _people(state)),
                                   Field("target", "Votes for", targets)]),
                 lambda v: Vote(v["voter"], "" if v["target"] == "-" else v["target"]))

    def action_give(self) -> None:
        state = _state(self)
        if state is None:
            return

        def items_of(values: dict[str, str]) -> dict[str, Options]:
            player = state.player(values.get("giver", ""))
            held = [h.item for h in player.items] if player else []
            return {"item": [(i, i) for i in dict.fromkeys(held)]}

        ask(self, DustForm("Give an item (the receiver never learns from whom)", [
            Field("giver", "Giver", _people(state)), Field("item", "Item", []),
            Field("receiver", "Receiver", _people(state))], items_of),
            lambda v: GiveItem(v["giver"], v["item"], v["receiver"]))

    def action_day_power(self) -> None:
        state = _state(self)
        if state is None:
            return
        options: Options = []
        for player in state.living:
            sources = [player.role, *dict.fromkeys(h.item for h in player.items)]
            for source in sources:
                holder = state.role(source) if source == player.role else state.item(source)
                for power in holder.powers if holder else ():
                    if power.timing == "day":
                        options.append((f"{player.name}: {source} ({power.name})",
                                        f"{player.name}\x1f{source}\x1f{power.name}"))
        ask(self, DustForm("Use a day power", [Field("use", "Power", options)]),
                 lambda v: UseDayPower(*v["use"].split("\x1f")))

    def action_end_day(self) -> None:
        state = _state(self)
        if state is not None:
            self.send(EndDay(), confirm=f"End Day {state.number} without a lynch?")

    # -- the night ---------------------------------------------------------------------------

    def action_night_action(self) -> None:
        state = _state(self)
        if state is None:
            return

        def actions_of(values: dict[str, str]) -> dict[str, Options]:
            return {"action": self.actions(state, values.get("player", ""), exclusive=True),
                    "extra": self.actions(state, values.get("player", ""), exclusive=False)}

        everyone = _people(state)
        ask(self, DustForm("Night action (as the player sent it)", [
            Field("player", "Player", everyone),
            Field("action", "Whole night", []),
            Field("target", "Target", everyone), Field("target2", "Second target", everyone),
            Field("extra", "Also (not excl.)", []),
            Field("note", "Note (Notebook)", None)], actions_of),
            lambda v: ChooseNight(self.choice_from(state, v)))

    @staticmethod
    def actions(state: DustState, name: str, *, exclusive: bool) -> Options:
        player = state.player(name)
        if player is None:
            return []
        options: Options = []
        if exclusive:
            options.append(("Stay in the church", "stay"))
            if not state.is_scum(name):
                options += [(f"Scavenge: {loc.name}", f"scavenge\x1f{loc.name}")
                            for loc in state.open_locations()]
        for source in [player.role, *dict.fromkeys(h.item for h in player.items)]:
            holder = state.role(source) if source == player.role else state.item(source)
            for power in holder.powers if holder else ():
                if power.timing == "night" and power.exclusive == exclusive:
                    options.append((f"{source}: {power.name} ({', '.join(power.conditions)})",
                                    f"use\x1f{source}\x1f{power.name}"))
        return options

    @staticmethod
    def choice_from(state: DustState, values: dict[str, str]) -> NightChoice:
        """The choice the form describes: the targets go to the power that takes targets,
        the note's text to the Notebook."""
        name = values.get("player", "")
        scavenge = ""
        uses: list[PowerUse] = []
        targets = tuple(t for t in (values.get("target", ""), values.get("target2", "")) if t)
        for key in ("action", "extra"):
            parts = values.get(key, "").split("\x1f")
            if parts[0] == "scavenge":
                scavenge = parts[1]
            elif parts[0] == "use":
                power = state.power_of(name, parts[1], parts[2])
                aimed = power is not None and power.target != "none"
                note = power is not None and power.effect == "note"
                uses.append(PowerUse(parts[1], parts[2], targets if aimed else (),
                                     values.get("note", "") if note else ""))
        return NightChoice(name, scavenge, tuple(uses))

    def action_night_kill(self) -> None:
        state = _state(self)
        if state is None:
            return
        godfather = next((p.name for p in state.living if state.role_of(p.name).godfather), "")
        targets = [*_people(state, scum=False), ("(no kill tonight)", "-")]
        ask(self, DustForm(f"The Scum's kill{' (Guilt: ' + godfather + ')' if godfather else ''}",
                          [Field("killer", "Carried out by", _people(state, scum=True)),
                           Field("target", "Target", targets)]),
                 lambda v: ChooseKill(godfather or v["killer"], v["killer"],
                                      "" if v["target"] == "-" else v["target"]))

    def action_resolve(self) -> None:
        state = _state(self)
        if state is None or self.campaign is None:
            return
        self.send(ResolveNight(draw_lots(self.campaign)),
                  confirm=f"Resolve Night {state.number}? The messages and the Day "
                          f"{state.number + 1} post are written (undo takes the whole night back).")


def ask(pane: GamePane, form: DustForm, command: Callable[[dict[str, str]], object | None]) -> None:
    """Show a form; what it sends becomes a command (None: nothing to send)."""
    def sent(values: dict[str, str] | None) -> None:
        made = command(values) if values is not None else None
        if made is not None:
            pane.send(made)
    pane.app.push_screen(form, sent)


def draw_lots(campaign: Campaign[Any]) -> tuple[str, ...]:
    """Every living player once, in an order drawn from the campaign's seeded generator."""
    names = [p.name for p in campaign.state.living]
    campaign.rng("dust.lots").shuffle(names)
    return tuple(names)


# -- Night: the resolution and the messages ---------------------------------------------------


class NightPane(GamePane):
    """The last night's resolution step by step, the post that opened the day, and every
    private message, as BBCode, Markdown or plain text; during a night, a preview."""

    DEFAULT_CSS = """
    NightPane #dust-night { height: 1fr; }
    NightPane .dust-heading { text-style: bold; background: $boost; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "cycle_format", "BBCode/Markdown/plain", id="dust.format"),
        Binding("c", "copy_post", "Copy post", id="dust.copy_post"),
        Binding("m", "copy_messages", "Copy messages", id="dust.copy_messages"),
        Binding("u", "undo_night", "Undo night", id="dust.undo_night",
                tooltip="Take the last resolved night back as one step"),
    ]
    FORMATS = ("BBCode", "Markdown", "plain")

    def __init__(self) -> None:
        super().__init__()
        self.format = "BBCode"
        self.post: Post | None = None
        self.messages: list[Message] = []

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dust-night"):
            yield Static(id="dust-night-title", classes="dust-heading", markup=False)
            yield Static(id="dust-night-steps", markup=False)
            yield Static("The post", classes="dust-heading", markup=False)
            yield Static(id="dust-night-post", markup=False)
            yield Static("Private messages", classes="dust-heading", markup=False)
            yield Static(id="dust-night-messages", markup=False)

    def on_mount(self) -> None:
        self.redraw()

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        if self.is_mounted:
            self.redraw()

    def redraw(self) -> None:
        campaign = self.campaign
        if campaign is None:
            return
        state: DustState = campaign.state
        if state.phase == "night":
            outcome = resolve_night(state, draw_lots(campaign))
            title = f"Night {state.number}: PREVIEW of the resolution (nothing is sent yet)"
            steps = outcome.steps
            self.post = outcome.post
            when = f"Night {state.number}"
            self.messages = [Message(when, p, lines) for p, lines in outcome.messages]
        else:
            night = state.number - 1
            title = f"Night {night}: resolved" if night > 0 else "No night resolved yet"
            steps = tuple(s for s in state.steps if s.night == night)
            self.post = next((p for p in reversed(state.posts)
                              if p.title == f"Day {state.number}"), None)
            self.messages = [m for m in state.messages if m.when == f"Night {night}"]
        self.query_one("#dust-night-title", Static).update(Text(title))
        self.query_one("#dust-night-steps", Static).update(
            Text("\n".join(f"{s.stage:>13}  {s.text}" for s in steps) or "-"))
        self.redraw_text()

    def formatted_post(self) -> str:
        if self.post is None:
            return ""
        if self.format == "BBCode":
            return post_bbcode(self.post)
        if self.format == "Markdown":
            return post_markdown(self.post)
        return "\n".join([self.post.title, *self.post.lines])

    def formatted_messages(self) -> str:
        render = {"BBCode": message_bbcode, "Markdown": message_markdown}.get(self.format)
        if render is None:
            return "\n\n".join(f"To {m.player}:\n" + "\n".join(m.lines) for m in self.messages)
        return "\n\n".join(render(m) for m in self.messages)

    def redraw_text(self) -> None:
        self.query_one("#dust-night-post", Static).update(
            Text(f"({self.format})\n" + (self.formatted_post() or "-")))
        self.query_one("#dust-night-messages", Static).update(
            Text(self.formatted_messages() or "-"))

    def action_cycle_format(self) -> None:
        self.format = self.FORMATS[(self.FORMATS.index(self.format) + 1) % len(self.FORMATS)]
        self.redraw_text()

    def action_copy_post(self) -> None:
        self.app.copy_to_clipboard(self.formatted_post())
        self.notify(f"The post is copied ({self.format}).")

    def action_copy_messages(self) -> None:
        self.app.copy_to_clipboard(self.formatted_messages())
        self.notify(f"{len(self.messages)} messages are copied ({self.format}).")

    def action_undo_night(self) -> None:
        if self.campaign is None:
            return
        resolved = [e for e in self.campaign.events
                    if e.kind == "dust.night_resolved" and not self.campaign.is_undone(e)]
        if not resolved:
            self.notify("No night has been resolved.", severity="warning")
            return
        self.post_message(GamePane.UndoRequested(self, resolved[-1].step - 1))


def make_panes() -> dict[str, GamePane]:
    return {"Characters": CharactersPane(), "Conflict": CyclePane(), "Night": NightPane()}
