"""The Day and night tab: the console of the day (votes, gifts, day powers) and of the night
(each player's choice, the Scum's kill, the resolution)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import ClassVar, TypedDict

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import SelectionList, Static

from gmscreen.games.dust import checks, view
from gmscreen.games.dust.commands import (
    ChooseKill,
    ChooseNight,
    CorrectGift,
    EndDay,
    GiveItem,
    ResolveNight,
    UseDayPower,
    Vote,
    WithdrawNight,
)
from gmscreen.games.dust.day_rules import (
    day_ending_question,
    day_power_question,
    end_day_question,
)
from gmscreen.games.dust.night import lot_ties
from gmscreen.games.dust.night_rules import (
    draw_lots,
    kept_lots,
    lots_from_text,
    lots_note,
    read_then_taken_back,
    resolving_question,
)
from gmscreen.games.dust.panes.base import DustPane
from gmscreen.games.dust.panes.deadline import ask_set_deadline, ask_tick_deadline
from gmscreen.games.dust.powers import AVATAR, power_head
from gmscreen.games.dust.state import NO_LYNCH, DustState, NightChoice, PowerUse
from gmscreen.journal.rules import RuleError
from gmscreen.ui import form
from gmscreen.ui.form import Form, Values, ask
from gmscreen.ui.keys_line import KeysLine
from gmscreen.ui.sections import GridTable
from gmscreen.ui.steps import Refusal

#: from this width the roster and the locations stand beside the console
WIDE = 150
#: the choice that withdraws a vote, or takes the Scum's kill back: longer than a player's
#: name may be (`checks.NAME_LIMIT`), so no player's is ever read as it
NONE = "(no player: the vote withdrawn, or no kill)"
#: the night form's choice that takes back an action entered for the wrong player
WITHDRAW = "withdraw"

Options = list[tuple[str, str]]


def packed(*parts: str) -> str:
    """A choice's value made of several names ("use", a source, a power): written as JSON,
    so a name holding any character at all (a comma, a separator) comes back whole."""
    return json.dumps(parts, ensure_ascii=False)


def unpacked(value: str) -> list[str]:
    """The names `packed` put in a value; none in any other ("stay", a blank)."""
    return [str(part) for part in json.loads(value)] if value.startswith("[") else []


def people(state: DustState) -> Options:
    return [(p.name, p.name) for p in state.living]


def gift_note(state: DustState) -> str:
    kept = checks.kept_back(state)
    return "The receiver is told he was given it, never by whom." + (
        f" {kept}." if kept else "")


class CyclePane(DustPane):
    """The day (votes, gifts, the generator) and the night (each player's secret choice, the
    Scum's kill, the resolution)."""

    DEFAULT_CSS = """
    CyclePane #dust-status { height: auto; background: $boost; padding: 0 1; }
    CyclePane GridTable { height: 1fr; }
    CyclePane #dust-board-note { height: auto; color: $text-muted; padding: 0 1; }
    CyclePane #dust-console { width: 1fr; }
    CyclePane #dust-side { display: none; width: 1fr; border-left: solid $primary; }
    CyclePane.-wide #dust-side { display: block; }
    CyclePane #dust-last-post { display: none; height: auto; max-height: 50%; padding: 0 1;
                                border-top: solid $primary; }
    CyclePane.-wide #dust-last-post { display: block; }
    CyclePane #dust-places-now { height: auto; max-height: 12; padding: 0 1;
                                 border-top: solid $primary; }
    """
    WIDE_FROM = WIDE
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("v", "vote", "Vote", id="dust.vote",
                tooltip="Cast or withdraw a vote (Enter on a wagon of the board: a vote "
                        "for it)"),
        Binding("g", "give", "Give item", id="dust.give",
                tooltip="By day, until the hammer falls: a player hands an item he holds to "
                        "another living player, who is told what he got, never by whom (the "
                        "Relic and the Black Book cannot be given)"),
        # a mistake's mending: by key and palette, named on the Keys line once a gift is made
        Binding("G", "correct_gift", "Correct a gift", id="dust.correct_gift", show=False,
                tooltip="Today's gift entered to the wrong receiver: it goes to the right "
                        "one, and both are told"),
        # rare: by key and palette, so the day's footer fits 80 columns
        Binding("p", "day_power", "Day power", id="dust.day_power", show=False,
                tooltip="Light the church, or the Innocent's vouch"),
        Binding("e", "end_day", "End day", id="dust.end_day",
                tooltip="End the day with no lynch (at the deadline, or when the votes stall): "
                        "night falls; asked first"),
        # the day's deadline clock, the table's to see: named in the day's head line
        Binding("d", "tick_deadline", "Move the deadline", id="dust.tick_deadline",
                show=False, tooltip="Move today's deadline clock forward (or back) for the "
                                    "time gone; at the deadline, End day ends it"),
        Binding("D", "set_deadline", "Deadline clock", id="dust.set_deadline", show=False,
                tooltip="Keep a deadline clock for each day (4, 6, 8 or 12 segments), shown "
                        "to the table; it goes with its day"),
        Binding("a", "night_action", "Action", id="dust.night_action",
                tooltip="A player's choice for the night: a power, an item or scavenging; "
                        "opens on the highlighted player's choice, to correct it"),
        Binding("k", "night_kill", "Kill", id="dust.night_kill",
                tooltip="The Scum's night kill: its target and the Scum who carries it out"),
        Binding("r", "resolve", "Resolve", id="dust.resolve",
                tooltip="Resolve the night with lots the app draws: post the deaths and "
                        "send the messages"),
        # rare: by key and palette, named in the question r asks
        Binding("t", "resolve_typed", "Draw or type the lots", id="dust.resolve_typed",
                show=False, tooltip="The night's lots (who is served first where finds run "
                                    "short): the app's draw offered to edit, or typed as "
                                    "your table drew them; then the night is resolved"),
    ]

    #: the palette finds a step by the game's words ("lynch", "gift", "vouch", "church",
    #: "scavenge"), where the footer's word alone found nothing for them
    PALETTE_NAMES: ClassVar[dict[str, str]] = {
        "vote": "Vote toward a lynch", "give": "Give item (a gift)",
        "day_power": "Day power: light the church, vouch", "end_day": "End day (no lynch)",
        "night_action": "Night action: power, item, scavenge",
        "night_kill": "Scum's night kill", "resolve": "Resolve the night"}

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="dust-console"):
                # the head, and under it the keys the footer leaves out, to be clicked
                yield KeysLine(id="dust-status", markup=False)
                # the day's wagons (the night's choices by night): Enter or a double
                # click opens the vote on one
                board = GridTable(id="dust-board")
                board.opens = self._vote_on
                yield board
                # the board's abbreviations, explained under it
                yield Static(id="dust-board-note", markup=False)
                yield Static(id="dust-last-post", markup=False)
            # beside the console when there is room: who holds what, and where to scavenge
            with Vertical(id="dust-side"):
                roster = GridTable(id="dust-roster")
                roster.cursor_type = "none"  # only to read
                yield roster
                yield Static(id="dust-places-now", markup=False)

    def why_not(self, action: str) -> Refusal:
        if self.campaign is None:
            return None
        asked = {"vote": checks.why_not_vote, "give": checks.why_not_give,
                 "correct_gift": checks.why_not_correct_gift,
                 "day_power": checks.why_not_day_power, "end_day": checks.why_not_end_day,
                 "tick_deadline": checks.why_not_tick_deadline,
                 "set_deadline": checks.why_not_set_deadline,
                 "night_action": checks.why_not_choose_night,
                 "night_kill": checks.why_not_kill, "resolve": checks.why_not_resolve,
                 "resolve_typed": checks.why_not_resolve}.get(action)
        return asked(self.state) if asked is not None else None

    def worth_naming(self, action: str) -> bool:
        # at night the board needs every row at 80x24: the line is given only to the table's
        # own draw, and only where the lots settle something tonight (the next day's clock,
        # D, is in the palette)
        if self.state.phase != "night":
            return True
        return action == "resolve_typed" and bool(lot_ties(self.state))

    def redraw(self) -> None:
        if self.campaign is None:
            return
        state = self.state
        self.draw_head()
        # the last column wraps: the moderator reads every wagon and choice whole at 80
        board = view.board_grid(state)
        table = self.query_one("#dust-board", GridTable)
        table.show(board)
        # an empty board's note (no vote yet) right under its heading, not at the foot
        table.styles.height = "1fr" if board.rows else "auto"
        note = self.query_one("#dust-board-note", Static)
        note.update(self.keyed(board.note))
        note.display = bool(board.note)
        self.query_one("#dust-roster", GridTable).show(view.roster_grid(state))
        self.query_one("#dust-places-now", Static).update(Text("\n".join(view.places_now(state))))
        last = view.last_post(state)
        self.query_one("#dust-last-post", Static).update(
            Text("\n".join((last.title, *last.lines))))
        self.refresh_bindings()

    def draw_head(self) -> None:
        """The console's head, each name in its lists kept whole (the kit's lines break at
        plain spaces only, so between names), and the keys the footer leaves out."""
        if self.campaign is None:
            return
        shown = self.query_one("#dust-status", KeysLine)
        # the opening's line names its key on the Characters tab, as the Dealer set it
        head = Text(self.keyed("\n".join(view.status_lines(self.state, kept=True))))
        hint = self.keys_hint()
        if hint:
            head.append("\n")
            head.append_text(hint)
        shown.update(head)

    # -- the day -----------------------------------------------------------------------------

    def _vote_on(self, row: int) -> None:
        # Enter (or a click on the highlighted row) on a wagon of the day's board: a vote
        # for it, the voter to choose; refused as v is where no vote may be cast
        if self.state.phase == "day" and not self.explain("vote"):
            board = self.query_one("#dust-board", GridTable)
            self.action_vote(view.wagon_of(self.state, board.row_key_at(row)))

    def action_vote(self, wagon: str = "") -> None:
        """The vote form; opened from a wagon of the board (Enter or a double click), on it."""
        state = self.state
        targets = [*people(state), ("No lynch", NO_LYNCH), ("(withdraw the vote)", NONE)]
        ask(self, Form("Vote", on_change=on_to("voter", "target"), fields=[
            form.choose("voter", "Voter", people(state),
                        about="The living player who posted the vote; a new vote of his "
                              "replaces the one he had."),
            form.choose("target", "Votes for", targets, wagon,
                        about="A player, No lynch, or (withdraw the vote) to take his vote "
                              "back. Enter on a wagon of the board opens the form on it; "
                              "a hammer asks first.")]),
            vote_from, lambda vote: day_ending_question(self.state, vote))

    def action_give(self) -> None:
        state = self.state
        showing: list[str | None] = [None]

        def items_of(shown: Form) -> None:
            giver = shown.values().text("giver")
            player = state.player(giver)
            gifts = checks.gifts_of(state, player) if player else []
            shown.set_options("item", gifts)
            if shown.values().text("item") not in gifts:
                # the last giver's item is not his; his one item, nothing to choose
                shown.set_value("item", gifts[0] if len(gifts) == 1 else "")
            if giver != showing[0]:
                opening, showing[0] = showing[0] is None, giver
                # his one item filled in for him: the cursor goes on to the receiver, the
                # one choice left (Enter or Tab on the giver, not a Tab over the item); as
                # the form opens (a draft kept by escape too) it stays where it is
                if not opening and len(gifts) == 1 and shown.has_keyboard("giver", "item"):
                    shown.go_to("receiver")
            # a gift goes to another player
            shown.set_options("receiver", [p for p in people(state) if p[1] != giver])

        ask(self, Form("Give an item", [
            form.choose("giver", "Giver", checks.givers(state),
                        about="A living player holding an item he may give away."),
            form.choose("item", "Item", [],
                        about="One of the giver's items that may change hands: the Relic "
                              "and the Black Book never do."),
            form.choose("receiver", "Receiver", people(state))],
            note=gift_note(state), on_change=items_of),
            lambda v: GiveItem(v.text("giver"), v.text("item"), v.text("receiver")))

    def action_correct_gift(self) -> None:
        state = self.state
        gifts = [(f"{giver} gave {receiver} the {item}", packed(giver, item, receiver))
                 for giver, item, receiver in state.gifts]

        def others(shown: Form) -> None:
            # the right receiver is neither the giver nor the one entered
            parts = unpacked(shown.values().text("gift"))
            shown.set_options("receiver", [p for p in people(state) if p[1] not in parts])

        ask(self, Form("Put a gift right", [
            form.choose("gift", "Gift entered", gifts, gifts[-1][1]),
            form.choose("receiver", "Went to",
                        [p for p in people(state) if p[1] not in unpacked(gifts[-1][1])])],
            note="The one entered is told it is not his; the right one, that someone gave "
                 "it to him.", on_change=others, focus="receiver"),
            lambda v: gift_from(v))

    def action_day_power(self) -> None:
        options = [(f"{player}: {source} ({power})", packed(player, source, power))
                   for player, source, power in checks.day_powers(self.state)]
        # Enter (or a click) sends the highlighted power: the question names it first
        ask(self, Form("Use a day power", [form.pick(
            "use", "Power", options, options[0][1],
            about="Holder: role or item (power). The Generator lights the church tonight; "
                  "the Innocent's Vouch posts that he is TOWN.")],
                       note="Letters of a name or arrows to the power, then Enter (or a "
                            "double click): you are asked first, by name."),
            lambda v: UseDayPower(*unpacked(v.text("use"))),
            lambda used: day_power_question(self.state, used))

    def action_set_deadline(self) -> None:
        ask_set_deadline(self)

    def action_tick_deadline(self) -> None:
        ask_tick_deadline(self)

    def action_end_day(self) -> None:
        self.send(EndDay(), confirm=end_day_question(self.state))

    # -- the night ---------------------------------------------------------------------------

    def action_night_action(self) -> None:
        state = self.state

        # the highlighted player's choice as it stands: one action among several is
        # corrected in place (the new choice replaces his old one, one undo step)
        now = values_of(state, self.highlighted())
        showing = [now["player"]]
        # the whole night's action as it was filled in, to tell one the Dealer chose; and
        # whether the form is open yet (as it opens, on a draft too, the cursor stays put)
        chose = [now["action"]]
        opened = [False]

        def picked_again(shown: Form, key: str) -> None:
            # a line taken from the list of `key` that was already its value: no change is
            # told, yet the moderator picked (Enter) as for anyone else, and goes on as a
            # new pick would (escape, or Tab which moves on itself, is no pick here)
            if not getattr(shown.widget_of(key), "just_picked", False) or (
                    not shown.has_keyboard(key)):
                return
            name = shown.values().text("player")
            if key == "player" and name:
                shown.go_to("action")
            elif key == "action" and aimed(state, name, shown.values().text("action")):
                shown.go_to("target")

        def on_close(shown: Form, key: str) -> Callable[[bool], None]:
            def closed(expanded: bool) -> None:
                if not expanded:  # once the key that closed it is done with
                    shown.call_later(picked_again, shown, key)
            return closed

        def actions_of(shown: Form) -> None:
            opening, opened[0] = not opened[0], True
            if opening:
                for watched in ("player", "action"):
                    shown.watch(shown.widget_of(watched), "expanded",
                                on_close(shown, watched), init=False)
            name = shown.values().text("player")
            shown.set_options("action", actions(state, name, exclusive=True))
            shown.set_options("extra", actions(state, name, exclusive=False))
            # the kit's list comes back with no line highlighted, where space ticks nothing
            extra = shown.widget_of("extra")
            if isinstance(extra, SelectionList) and extra.highlighted is None and (
                    extra.option_count):
                extra.highlighted = 0
            if name != showing[0]:
                # another player chosen: his own choice as it stands (or nothing), never
                # what the form held for the last one
                showing[0] = name
                his = values_of(state, name)
                for key in ("action", "target", "target2", "extra", "note"):
                    shown.set_value(key, his[key])
                chose[0] = his["action"]
                # the player picked: the cursor goes on to his whole night
                if not opening and shown.has_keyboard("player"):
                    shown.go_to("action")
            action = shown.values().text("action")
            if action != chose[0]:
                chose[0] = action
                # his night changed to one no power of which takes a target (stay, a
                # search): the target of the night he had sent is let go, not refused
                now_in = shown.values()
                if not opening and not any(aimed(state, name, each) for each in (
                        action, *now_in.chosen("extra"), now_in.text("extra"))):
                    shown.set_value("target", "")
                    shown.set_value("target2", "")
                # a power aimed at a player chosen: the cursor goes on to its target
                if not opening and aimed(state, name, action) and shown.has_keyboard("action"):
                    shown.go_to("target")
            # what the powers chosen do, and why no place is offered, under the fields
            shown.show_preview(self.keyed(night_preview(state, shown.values())))

        everyone = people(state)
        # every field explains itself in two lines: the box under the form keeps its
        # height as the keyboard moves, so no field moves under a click
        ask(self, Form("Night action", [
            form.choose("player", "Player", everyone, now["player"],
                        about="Whose night it is. The form shows what he has sent so far, "
                              "or nothing; what you send replaces it."),
            form.choose("action", "Whole night", actions(state, now["player"], exclusive=True),
                        now["action"],
                        about="Stay in the church, scavenge at a place open tonight, one "
                              "power that takes the whole night, or take back what he sent."),
            form.choose("target", "Target", everyone, now["target"],
                        about="Whom the power chosen is aimed at: it goes to the one power "
                              "that takes a target. Blank for none."),
            form.choose("target2", "Second target", everyone, now["target2"],
                        about="For a power aimed at two players (Paranoia's Delusion): the "
                              "one the first target's actions land on instead."),
            form.many("extra", "Also (not excl.)",
                      actions(state, now["player"], exclusive=False), now["extra"],
                      about="Every power beside the whole night's action he sent "
                            "(space ticks): the Notebook, the Adrenaline, the Alcohol..."),
            form.text("note", "Note (Notebook)", now["note"],
                      about="The Notebook's note as he wrote it (tick the Notebook under "
                            "Also): found with the next day's post, even if he dies.")],
            note="As the player sent it; it replaces his earlier one.",
            aliases={"uses": "action", "scavenge": "action", "text": "note"},
            on_change=actions_of),
            lambda v: WithdrawNight(v.text("player")) if v.text("action") == WITHDRAW
            else ChooseNight(choice_from(state, v)))

    def highlighted(self) -> str:
        """The player on the board's highlighted row at night ("" if none)."""
        if view.board_grid(self.state).title != "Tonight":
            return ""
        return self.query_one("#dust-board", GridTable).highlighted or ""

    def action_night_kill(self) -> None:
        godfather = checks.kill_decider(self.state)
        killers, victims = checks.kill_choices(self.state)
        # tonight's kill as it stands, to be corrected in one field; a lone Scum carries it
        # out himself, and the cursor waits on the target
        kill = self.state.kill
        killer = kill.killer if kill else killers[0] if len(killers) == 1 else ""
        ask(self, Form("The Scum's kill", [
            form.choose("killer", "Carried out by", killers, killer,
                        about="The Scum who carries out the kill (it does not take him out "
                              "of the church): it is his whole night, so no other power of "
                              "his that takes the whole night goes with it."),
            form.choose("target", "Target", [*((f"{v} (Scum)", v) if v in killers else v
                                               for v in victims),
                                             ("(no kill tonight)", NONE)],
                        kill.target if kill else "",
                        about="Whom the Scum kill tonight; (no kill tonight) if they send "
                              "none, or to take back a kill entered.")],
            note=kill_note(self.state, godfather), on_change=on_to("killer", "target"),
            aliases={"by": "killer"}, focus="target" if killer and not kill else None),
            lambda v: kill_from(godfather, v))

    def action_resolve(self) -> None:
        assert self.campaign is not None
        self.send(ResolveNight(draw_lots(self.campaign)),
                  confirm=resolving_question(self.state, kept=kept_lots(self.campaign),
                                             read=read_then_taken_back(self.campaign)))

    def action_resolve_typed(self) -> None:
        """Resolve with the lots the table drew: the app's draw is offered, to be edited."""
        assert self.campaign is not None
        drawn = draw_lots(self.campaign)
        read = read_then_taken_back(self.campaign)
        # the draw whole in the note: the field shows one line of it
        ask(self, Form(f"Night {self.state.number}: the lots, first to last", [
            form.text("lots", "Lots", ", ".join(drawn),
                      about="Names first to last, commas between, as your table drew them; "
                            "anyone left out follows in the app's order.")],
            note=self.keyed(lots_note(self.state, drawn, kept=bool(kept_lots(self.campaign))))),
            lambda v: ResolveNight(lots_from_text(v.text("lots"), drawn)),
            lambda resolved: resolving_question(self.state, resolved.lots, read=read))


class NightValues(TypedDict):
    """The night form's fields: `extra` holds every power ticked beside the whole night's."""

    player: str
    action: str
    target: str
    target2: str
    extra: tuple[str, ...]
    note: str


def values_of(state: DustState, name: str) -> NightValues:
    """The night form's fields as `name`'s choice fills them (the inverse of `choice_from`);
    empty when he has sent nothing."""
    values = NightValues(player=name, action="", target="", target2="", extra=(), note="")
    choice = state.choice(name) if name else None
    if choice is None:
        return values
    values["action"] = packed("scavenge", choice.scavenge) if choice.scavenge else "stay"
    for use in choice.uses:
        power = state.power_of(name, use.source, use.power)
        chosen = packed("use", use.source, use.power)
        if power is None or power.exclusive:
            values["action"] = chosen
        else:
            values["extra"] = (*values["extra"], chosen)
        if use.targets:
            values["target"] = use.targets[0]
        if len(use.targets) > 1:
            values["target2"] = use.targets[1]
        values["note"] = use.text or values["note"]
    return values


def actions(state: DustState, name: str, *, exclusive: bool) -> Options:
    """What `name` may choose tonight (as the rules offer it): the whole night's actions, or
    those beside them."""
    places, powers = checks.night_choices(state, name)
    options: Options = []
    if exclusive and state.choice(name) is not None:
        # entered for him by mistake: back to nothing sent, still waited for
        options.append(("(nothing sent: take his action back)", WITHDRAW))
    if exclusive and state.player(name) is not None:
        options.append(("Stay in the church", "stay"))
        options += [(f"Scavenge: {place}", packed("scavenge", place)) for place in places]
    player = state.player(name)
    for source, power in powers:
        if power.exclusive != exclusive or player is None:
            continue
        # a role power's uses left, as his sheet counts them (line 38: never regained);
        # an item as he holds it, its copy's uses left
        own = source == player.role
        used = player.times_used(power.name) if own else None
        copy = next((h for h in player.items if h.item == source), None)
        held = state.held_label(copy) if copy and not own else source
        options.append((f"{held}: {power_head(power, used)}",
                        packed("use", source, power.name)))
    return options


def on_to(first: str, then: str) -> Callable[[Form], None]:
    """A form's watch: once `first` is picked (Enter, or Tab from its list), the cursor goes
    on to `then` while that is still blank: the next choice the step needs, no Tab to it."""
    showing: list[str | None] = [None]

    def watch(shown: Form) -> None:
        picked = shown.values().text(first)
        if picked != showing[0]:
            # as the form opens (a draft kept by escape too), the cursor stays where it is
            opening, showing[0] = showing[0] is None, picked
            if (not opening and picked and not shown.values().text(then)
                    and shown.has_keyboard(first)):
                shown.go_to(then)
    return watch


def aimed(state: DustState, name: str, chosen: str) -> bool:
    """Whether the night form's choice `chosen` is a power of `name`'s aimed at a player."""
    parts = unpacked(chosen)
    power = state.power_of(name, parts[1], parts[2]) if parts[:1] == ["use"] else None
    return power is not None and power.target != "none"


def kill_note(state: DustState, godfather: str) -> str:
    """Said above the kill form: who decides it, and on a lit night whom it can reach (book
    lines 88-90), so the moderator need not look it up while the Scum wait."""
    said = [f"Decided by Guilt ({godfather})."] if godfather else []
    fallen = [p.name for p in state.players if not p.alive and state.role_of(p.name).godfather]
    if not godfather and fallen:
        said.append(f"Guilt ({fallen[0]}) is dead: the living Scum choose the kill "
                    "together, and which of them carries it out.")
    if state.lit:
        said.append("The church is lit tonight: the kill reaches only a target who goes out "
                    "(scavenging, or a power that takes him out of the church).")
    return " ".join(said)


def scavenge_line(state: DustState, name: str, place: str) -> str:
    """What the moderator may want before he sends a search: what the place holds, next
    first, what its Avatar of Fear does tonight (book lines 187-189), and who else goes
    there (they share the finds by the night's lots)."""
    location = state.location(place)
    entries = location.entries if location is not None else ()
    said = (f"{place} holds, next first: {', '.join(entries)}." if entries
            else f"{place} holds nothing more.")
    if AVATAR in entries:
        said += (f" The {AVATAR} sends its finder back to the church with nothing more."
                 if state.number < 3 else
                 f" The {AVATAR} kills its finder, like the Scum's kill.")
    others = [p.name for p in state.living if p.name != name
              and (choice := state.choice(p.name)) is not None and choice.scavenge == place]
    if others:
        said += f" Also going there tonight: {', '.join(others)} (the lots share the finds)."
    return said


def night_preview(state: DustState, values: Values) -> str:
    """The line under the night form's fields: what each power chosen does and when it
    works, as his sheet words it, and for a search what the place holds (`scavenge_line`),
    so a moderator who never read the book need not look it up before he sends it; then,
    for a player who may not scavenge, the rule that keeps the places off his Whole night."""
    name = values.text("player")
    said: list[str] = []
    kill = state.kill
    if kill is not None and kill.killer == name:
        # his Whole night reads "(none)": the kill entered with k is it, and a power that
        # takes the night is refused beside it
        said.append(f"Tonight {name} carries out the Scum's kill on {kill.target}: it is his "
                    "whole night (k changes it); only a power that is not exclusive goes "
                    "beside it, under Also.")
    for chosen in (values.text("action"), *values.chosen("extra")):
        parts = unpacked(chosen)
        power = (state.power_of(name, parts[1], parts[2]) if parts[:1] == ["use"]
                 else None)
        if power is not None:
            said.append(f"{power_head(power)}: {power.text}")
        if parts[:1] == ["scavenge"]:
            said.append(scavenge_line(state, name, parts[1]))
    refused = checks.why_not_scavenge(state, name) if state.player(name) else None
    if refused is not None:
        said.append(f"No place to scavenge is offered ({refused.rule}): {refused.message}.")
    return " ".join(said)


def choice_from(state: DustState, values: Values) -> NightChoice:
    """The choice the form describes: the targets go to the power that takes targets, the
    note's text to the Notebook. A target or a note that no power chosen takes is refused,
    naming its field (it was dropped, and the player read as staying in), as is a second
    target without a first (it was taken as the first)."""
    name = values.text("player")
    scavenge = ""
    uses: list[PowerUse] = []
    if values.text("target2") and not values.text("target"):
        raise RuleError("Targets", "a second target is chosen without a first: the first "
                                   "is the one his power is aimed at", field="target")
    targets = tuple(t for t in (values.text("target"), values.text("target2")) if t)
    aimed = noted = False
    for chosen in (values.text("action"), *values.chosen("extra"), values.text("extra")):
        parts = unpacked(chosen)
        if parts[:1] == ["scavenge"]:
            scavenge = parts[1]
        elif parts[:1] == ["use"]:
            power = state.power_of(name, parts[1], parts[2])
            takes_target = power is not None and power.target != "none"
            takes_note = power is not None and power.effect == "note"
            aimed, noted = aimed or takes_target, noted or takes_note
            uses.append(PowerUse(parts[1], parts[2], targets if takes_target else (),
                                 values.text("note") if takes_note else ""))
    if targets and not aimed:
        raise RuleError("Targets", "a target is chosen, but no power chosen takes one: "
                                   "choose the power, or leave the target blank",
                        field="target")
    if values.text("note") and not noted:
        raise RuleError("Notes", "a note is typed, but the Notebook is not ticked under "
                                 "Also: tick it, or clear the note", field="note")
    return NightChoice(name, scavenge, tuple(uses))


def vote_from(values: Values) -> Vote:
    """The vote the form describes; "Votes for" left blank is refused, naming the field (a
    blank was read as withdrawing the vote)."""
    voter, target = values.text("voter"), values.text("target")
    if voter and not target:
        raise RuleError("Votes", "choose whom he votes for first: a player, No lynch, or "
                                 "(withdraw the vote)", field="target")
    return Vote(voter, "" if target == NONE else target)


def gift_from(values: Values) -> CorrectGift:
    """The correction the form describes; no gift chosen is refused, naming the field."""
    parts = unpacked(values.text("gift"))
    if len(parts) != 3:
        raise RuleError("Gifts", "choose the gift entered first", field="gift")
    giver, item, was = parts
    return CorrectGift(giver, item, was, values.text("receiver"))


def kill_from(godfather: str, values: Values) -> ChooseKill:
    """The Scum's kill the form describes; a target left blank is refused, naming the field
    (a blank was read as no kill tonight, taking back a kill already chosen)."""
    killer, target = values.text("killer"), values.text("target")
    if not target:
        raise RuleError("Night kill", "choose the target first: a player, or (no kill "
                                      "tonight)", field="target")
    return ChooseKill(godfather or killer, killer, "" if target == NONE else target)
