"""The Conflict tab: the console of the day (votes, gifts, day powers) and the night (each
player's choice, the Scum's kill, the resolution)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Static

from gmscreen.games.dust import RULES, checks
from gmscreen.games.dust.commands import (
    ChooseKill,
    ChooseNight,
    EndDay,
    GiveItem,
    ResolveNight,
    UseDayPower,
    Vote,
)
from gmscreen.games.dust.panes.form import DustForm, Field, Options, ask, people, state_of
from gmscreen.games.dust.panes.keys import ExplainedKeys
from gmscreen.games.dust.state import NO_LYNCH, DustState, NightChoice, PowerUse
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError

#: from this width the roster and the locations stand beside the console
WIDE = 150


class CyclePane(ExplainedKeys):
    """The day (votes, gifts, the generator) and the night (each player's secret choice, the
    Scum's kill, the resolution)."""

    DEFAULT_CSS = """
    CyclePane #dust-status { height: auto; background: $boost; padding: 0 1; }
    CyclePane DataTable { height: 1fr; }
    CyclePane #dust-console { width: 1fr; }
    CyclePane #dust-side { display: none; width: 1fr; border-left: solid $primary; }
    CyclePane.-wide #dust-side { display: block; }
    CyclePane #dust-last-post { display: none; height: auto; max-height: 50%; padding: 0 1;
                                border-top: solid $primary; }
    CyclePane.-wide #dust-last-post { display: block; }
    CyclePane #dust-places-now { height: auto; max-height: 12; padding: 0 1;
                                 border-top: solid $primary; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("v", "vote", "Vote", id="dust.vote", tooltip="Cast or withdraw a vote"),
        Binding("g", "give", "Give item", id="dust.give"),
        # rare: by key and palette, so the day's footer fits 80 columns
        Binding("p", "day_power", "Day power", id="dust.day_power", show=False,
                tooltip="Light the church, or the Innocent's vouch"),
        Binding("e", "end_day", "End day", id="dust.end_day", tooltip="No lynch: night falls"),
        Binding("a", "night_action", "Action", id="dust.night_action",
                tooltip="A player's choice for the night: a power, an item or scavenging; "
                        "opens on the highlighted player's choice, to correct it"),
        Binding("k", "night_kill", "Kill", id="dust.night_kill",
                tooltip="The Scum's night kill: its target and the Scum who carries it out"),
        Binding("r", "resolve", "Resolve", id="dust.resolve",
                tooltip="Resolve the night: post the deaths and send the messages"),
        # rare: by key and palette, named in the question r asks
        Binding("t", "resolve_typed", "Resolve with typed lots", id="dust.resolve_typed",
                show=False, tooltip="Resolve the night with the lots your table drew (who "
                                    "is served first where finds run short)"),
    ]
    DAY_ACTIONS = frozenset({"vote", "give", "day_power", "end_day"})
    NIGHT_ACTIONS = frozenset({"night_action", "night_kill", "resolve", "resolve_typed"})

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="dust-console"):
                yield Static(id="dust-status", markup=False)
                yield DataTable(id="dust-board", cursor_type="row", zebra_stripes=True)
                yield Static(id="dust-last-post", markup=False)
            # beside the console when there is room: who holds what, and where to scavenge
            with Vertical(id="dust-side"):
                yield DataTable(id="dust-roster", cursor_type="none", zebra_stripes=True)
                yield Static(id="dust-places-now", markup=False)

    def on_resize(self) -> None:
        self.set_class(self.size.width >= WIDE, "-wide")
        self.call_after_refresh(self.redraw)  # the wagons wrap to the new width

    def why_not(self, action: str) -> str:
        state = state_of(self)
        if state is None or action not in self.DAY_ACTIONS | self.NIGHT_ACTIONS:
            return ""
        if state.phase == "setup":
            return "The game has not started: set it up on the Characters tab (1)."
        if state.phase == "over":
            return state.result
        if action in self.DAY_ACTIONS and state.phase != "day":
            return (f"It is Night {state.number}: the hammer has fallen, so votes, gifts and "
                    "day powers wait for the next day.")
        if action == "give" and not any(p.items for p in state.living):
            return "No living player holds an item to give."
        if action == "day_power" and not day_powers(state):
            return ("No day power can be used now: the generator needs Gasoline or Alcohol "
                    "and runs once a day; the Innocent is vouched for once.")
        if action in self.NIGHT_ACTIONS and state.phase != "night":
            return (f"It is Day {state.number}: night actions, the Scum's kill and the "
                    "resolution come once the day ends (a lynch, or e).")
        return ""

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
        if state.phase == "day":
            # the voters wrap: the moderator reads every wagon whole, even at 80 columns
            fill(board, ("Votes for", "Count", "Voters"), [
                (Text(target), Text(f"{len(voters)}/{state.majority}"), Text(", ".join(voters)))
                for target, voters in sorted(state.tally().items(), key=lambda kv: -len(kv[1]))],
                 room=board.size.width)
        elif state.phase == "night":
            fill(board, ("Player", "Tonight"), [
                (Text(p.name), Text(self.tonight(state, p.name))) for p in state.living])
        else:
            fill(board, (), [])
        self.draw_side(state)
        self.refresh_bindings()

    def draw_side(self, state: DustState) -> None:
        votes = dict(state.votes)
        rows = []
        for player in state.players:
            role = state.role(player.role)
            side = role.alignment.upper() if role else "?"
            items = ", ".join(h.item for h in player.items) or "-"
            status = votes.get(player.name, "") if player.alive else player.death
            rows.append((Text(player.name, style="" if player.alive else "dim strike"),
                         Text(player.role), Text(side), Text(items), Text(status)))
        fill(self.query_one("#dust-roster", DataTable),
             ("Player", "Role", "Side", "Items", "Voting for"), rows)
        night = state.number if state.phase != "setup" else 1
        lines = [f"Open on night {night}{' (the church is lit)' if state.lit else ''}:"]
        for loc in state.open_locations(night):
            left = loc.items_left
            lines.append(f"  {loc.name}: next {', '.join(loc.entries[:3]) or 'nothing'}"
                         f"{' ...' if len(loc.entries) > 3 else ''} "
                         f"({left} item{'' if left == 1 else 's'})")
        if len(lines) == 1:
            lines.append("  nowhere")
        self.query_one("#dust-places-now", Static).update(Text("\n".join(lines)))
        last = state.posts[-1] if state.posts else None
        self.query_one("#dust-last-post", Static).update(
            Text(f"Last post: {last.title}\n" + "\n".join(last.lines)) if last
            else Text("Nothing posted yet."))

    @staticmethod
    def status(state: DustState) -> Text:
        if state.phase == "setup":
            return Text("Setting up: add players, then start Day 1.")
        if state.phase == "over":
            return Text(state.result, style="bold")
        alive = len(state.living)
        lit = "  The church is LIT tonight." if state.lit else ""
        if state.phase == "day":
            silent = [p.name for p in state.living if p.name not in dict(state.votes)]
            return Text(f"Day {state.number}: {alive} alive, {state.majority} votes lynch.{lit}"
                        f"\nNot voting ({len(silent)}): {', '.join(silent) or 'nobody'}")
        kill = state.kill
        chosen = (f"Scum kill: {kill.killer} on {kill.target} (by {kill.by})" if kill
                  else "Scum kill: not chosen")
        waiting = not_sent(state)
        return Text(f"Night {state.number} (twilight): {alive} alive. {chosen}.{lit}"
                    f"\nNothing sent yet ({len(waiting)}): {', '.join(waiting) or 'nobody'}")

    @classmethod
    def tonight(cls, state: DustState, name: str) -> str:
        """What `name` does tonight, the Scum's kill included (it is his whole night)."""
        kill = state.kill
        if kill is not None and kill.killer == name:
            return f"carries out the Scum's kill on {kill.target}"
        return cls.choice_text(state.choice(name))

    @staticmethod
    def choice_text(choice: NightChoice | None) -> str:
        if choice is None:
            return "nothing sent: stays in the church"
        if choice.is_empty:
            return "stays in the church"
        parts = [f"scavenges at {choice.scavenge}"] if choice.scavenge else []
        for use in choice.uses:
            target = f" on {' then '.join(use.targets)}" if use.targets else ""
            note = f" \u201c{use.text}\u201d" if use.text else ""
            parts.append(f"{use.source}: {use.power}{target}{note}")
        return "; ".join(parts)

    # -- the day -----------------------------------------------------------------------------

    def action_vote(self) -> None:
        state = state_of(self)
        if state is None:
            return
        targets = [*people(state), ("No lynch", NO_LYNCH), ("(withdraw the vote)", "-")]
        ask(self, DustForm("Vote", [Field("voter", "Voter", people(state)),
                                   Field("target", "Votes for", targets)]),
            lambda v: Vote(v["voter"], "" if v["target"] == "-" else v["target"]),
            self.ends_the_day)

    def ends_the_day(self, vote: Vote) -> str | None:
        """The question a vote that ends the day asks first (None: it does not end it)."""
        return None if self.campaign is None else day_ending_question(self.campaign.state, vote)

    def action_give(self) -> None:
        state = state_of(self)
        if state is None:
            return

        def items_of(values: dict[str, str]) -> dict[str, Options]:
            player = state.player(values.get("giver", ""))
            held = [h.item for h in player.items] if player else []
            return {"item": [(i, i) for i in dict.fromkeys(held)]}

        ask(self, DustForm("Give an item (the receiver never learns from whom)", [
            Field("giver", "Giver", people(state)), Field("item", "Item", []),
            Field("receiver", "Receiver", people(state))], items_of),
            lambda v: GiveItem(v["giver"], v["item"], v["receiver"]))

    def action_day_power(self) -> None:
        state = state_of(self)
        if state is None:
            return
        ask(self, DustForm("Use a day power", [Field("use", "Power", day_powers(state))]),
            day_power_used)

    def action_end_day(self) -> None:
        state = state_of(self)
        if state is not None:
            self.send(EndDay(), confirm=f"End Day {state.number} without a lynch?")

    # -- the night ---------------------------------------------------------------------------

    def action_night_action(self) -> None:
        state = state_of(self)
        if state is None:
            return

        def actions_of(values: dict[str, str]) -> dict[str, Options]:
            return {"action": self.actions(state, values.get("player", ""), exclusive=True),
                    "extra": self.actions(state, values.get("player", ""), exclusive=False)}

        # the highlighted player's choice as it stands: one action among several is
        # corrected in place (the new choice replaces his old one, one undo step)
        name = self.highlighted(state)
        now = self.values_of(state, name)
        everyone = people(state)
        ask(self, DustForm("Night action (as the player sent it; it replaces his earlier one)", [
            Field("player", "Player", everyone, name),
            Field("action", "Whole night", actions_of(now)["action"], now["action"]),
            Field("target", "Target", everyone, now["target"]),
            Field("target2", "Second target", everyone, now["target2"]),
            Field("extra", "Also (not excl.)", actions_of(now)["extra"], now["extra"]),
            Field("note", "Note (Notebook)", None, now["note"])], actions_of),
            lambda v: ChooseNight(self.choice_from(state, v)))

    def highlighted(self, state: DustState) -> str:
        """The living player on the board's highlighted row at night ("" if none)."""
        board = self.query_one("#dust-board", DataTable)
        living = state.living
        if state.phase != "night" or not 0 <= board.cursor_row < len(living):
            return ""
        return living[board.cursor_row].name

    @classmethod
    def values_of(cls, state: DustState, name: str) -> dict[str, str]:
        """The night form's fields as `name`'s choice fills them (the inverse of
        `choice_from`); empty when he has sent nothing."""
        values = {"player": name, "action": "", "target": "", "target2": "", "extra": "",
                  "note": ""}
        choice = state.choice(name) if name else None
        if choice is None:
            return values
        values["action"] = f"scavenge\x1f{choice.scavenge}" if choice.scavenge else "stay"
        for use in choice.uses:
            power = state.power_of(name, use.source, use.power)
            key = "action" if power is None or power.exclusive else "extra"
            values[key] = f"use\x1f{use.source}\x1f{use.power}"
            for field, target in zip(("target", "target2"), use.targets, strict=False):
                values[field] = target
            values["note"] = use.text or values["note"]
        return values

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
        state = state_of(self)
        if state is None:
            return
        godfather = next((p.name for p in state.living if state.role_of(p.name).godfather), "")
        targets = [*people(state, scum=False), ("(no kill tonight)", "-")]
        ask(self, DustForm(f"The Scum's kill{' (Guilt: ' + godfather + ')' if godfather else ''}",
                          [Field("killer", "Carried out by", people(state, scum=True)),
                           Field("target", "Target", targets)]),
                 lambda v: ChooseKill(godfather or v["killer"], v["killer"],
                                      "" if v["target"] == "-" else v["target"]))

    def action_resolve(self) -> None:
        state = state_of(self)
        if state is not None and self.campaign is not None:
            self.send(ResolveNight(draw_lots(self.campaign)), confirm=self.resolving(state))

    def action_resolve_typed(self) -> None:
        """Resolve with the lots the table drew: the app's draw is offered, to be edited."""
        state = state_of(self)
        if state is None or self.campaign is None:
            return
        drawn = draw_lots(self.campaign)
        ask(self, DustForm(f"Night {state.number}: the lots, first to last (names, commas "
                           "between; those left out follow in the order shown)", [
            Field("lots", "Lots", None, ", ".join(drawn))]),
            lambda v: ResolveNight(lots_from_text(v["lots"], drawn)), self.resolving(state))

    @staticmethod
    def resolving(state: DustState) -> str:
        """The question asked before a night is resolved, with what is still missing."""
        missing = [*([] if state.kill else ["the Scum have chosen no kill"]),
                   *([f"nothing sent by {len(not_sent(state))} players"] if not_sent(state)
                     else [])]
        warning = f" Note: {' and '.join(missing)}." if missing else ""
        return (f"Resolve Night {state.number}? The messages and the Day {state.number + 1} "
                "post are written (undo takes the whole night back; t resolves with the lots "
                f"your table drew).{warning}")


def lots_from_text(text: str, drawn: Sequence[str]) -> tuple[str, ...]:
    """The lots the moderator typed: names with commas between (a name may hold a comma
    itself), first to last; every living player left out follows in the drawn order. A name
    that is no living player's, or one named twice, is refused, naming the field."""
    def key(name: str) -> str:
        return ",".join(part.strip() for part in name.split(",")).casefold()

    known = {key(name): name for name in drawn}
    parts = [part.strip() for part in text.split(",")]
    typed: list[str] = []
    start = 0
    while start < len(parts):
        if not parts[start]:
            start += 1
            continue
        # the longest run of parts that makes a name: "Smith, J" is one player
        end = next((end for end in range(len(parts), start, -1)
                    if key(",".join(parts[start:end])) in known), None)
        if end is None:
            raise RuleError("Lots", f"no living player is named {parts[start]!r}", field="lots")
        name = known[key(",".join(parts[start:end]))]
        if name in typed:
            raise RuleError("Lots", f"{name} is named twice", field="lots")
        typed.append(name)
        start = end
    return (*typed, *(name for name in drawn if name not in typed))


def day_ending_question(state: DustState, vote: Vote) -> str | None:
    """What to ask before a vote that ends the day (None: it does not): the hammer cannot be
    taken back at the table, any more than a day ended without a lynch."""
    kinds = {e.kind for e in RULES.decide(state, vote)}
    if "dust.player_lynched" in kinds:
        return (f"{vote.voter}'s vote is the hammer: {vote.target} is lynched and flipped, "
                f"and Day {state.number} ends. Go on?")
    if "dust.day_ended" in kinds:
        return (f"{vote.voter}'s vote makes a majority for no lynch: Day {state.number} ends. "
                "Go on?")
    return None


def not_sent(state: DustState) -> list[str]:
    """The living players the moderator has no night choice from (the killer has his)."""
    kill = state.kill
    return [p.name for p in state.living
            if state.choice(p.name) is None and not (kill and kill.killer == p.name)]


def day_power_used(values: dict[str, str]) -> UseDayPower:
    """The day power the form names ("player\x1fsource\x1fpower")."""
    if not values["use"]:
        raise RuleError("Day powers", "choose the power to use", field="use")
    return UseDayPower(*values["use"].split("\x1f"))


def day_powers(state: DustState) -> Options:
    """The day powers that can be used now, as (label, "player\x1fsource\x1fpower")."""
    options: Options = []
    for player in state.living:
        for source in [player.role, *dict.fromkeys(h.item for h in player.items)]:
            holder = state.role(source) if source == player.role else state.item(source)
            for power in holder.powers if holder else ():
                if power.timing == "day" and checks.can(
                        checks.verify_day_power, state, player.name, source, power.name):
                    options.append((f"{player.name}: {source} ({power.name})",
                                    f"{player.name}\x1f{source}\x1f{power.name}"))
    return options


def fill(table: DataTable[Any], columns: tuple[str, ...], rows: Sequence[tuple[Text, ...]],
         room: int = 0) -> None:
    """Redraw `table` with columns as wide as their widest cell: measured here, because a
    table refilled while a form covers it keeps the widths of its headings. With `room`
    (the columns the table has), the last column is held to what is left and wraps."""
    table.clear(columns=True)
    widths = [max([len(label), *(row[index].cell_len for row in rows)])
              for index, label in enumerate(columns)]
    if room and widths:
        # each cell has a column of padding on either side; two more for a scrollbar
        left = room - sum(widths[:-1]) - 2 * len(widths) - 2
        widths[-1] = max(len(columns[-1]), min(widths[-1], left))
    for label, width in zip(columns, widths, strict=True):
        table.add_column(label, width=width)
    for row in rows:
        table.add_row(*row, height=None if room else 1)


def draw_lots(campaign: Campaign[Any]) -> tuple[str, ...]:
    """Every living player once, in an order drawn from the campaign's seeded generator.

    A night resolved again after an undo keeps the lots it was first resolved with (while
    they still name the living), so shares the players may already have been told stay."""
    state: DustState = campaign.state
    names = [p.name for p in state.living]
    for event in reversed(campaign.events):
        if (event.kind == "dust.night_resolved" and event.data.get("night") == state.number
                and campaign.is_undone(event)
                and sorted(event.data.get("lots", [])) == sorted(names)):
            return tuple(event.data["lots"])
    campaign.rng("dust.lots").shuffle(names)
    return tuple(names)
