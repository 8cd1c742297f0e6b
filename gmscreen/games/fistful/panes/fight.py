"""The Fight tab: the turn tracker. Who is in the fight and at which range band, who has
moved and acted this round, who goes first; attacks from here are opposed tests with the
range worked out from the two fighters' bands, and what a win would take off the target
told before the dice; one of the posse who falls rolls the Out of action table here (f), as
the book has it rolled. What the highlighted fighter may do now is asked of the rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from gmscreen.games.fistful import conflict_rules, fight_rules, view
from gmscreen.games.fistful import events as e
from gmscreen.games.fistful.characters import ATTRIBUTES
from gmscreen.games.fistful.commands import (
    BringInLineUp,
    EndFight,
    EndTurn,
    FlipInitiative,
    JoinFight,
    LeaveFight,
    LineUp,
    MoveInFight,
    OpposedTest,
    Side,
)
from gmscreen.games.fistful.events import KINDS
from gmscreen.games.fistful.fight import attack_range
from gmscreen.games.fistful.harm import COVER, RANGE_BANDS, attack_attribute
from gmscreen.games.fistful.panes.common import (
    check_ammunition,
    facing,
    mark_lost,
    revive,
    roll_out_of_action,
    spend_luck,
)
from gmscreen.games.fistful.panes.conflict import (
    BANK_ABOUT,
    SIDE_ALIASES,
    ConflictPane,
    ask_morale,
    ask_opposed,
    typed_coin,
)
from gmscreen.games.fistful.panes.fit import Fit, fitted, show_rows
from gmscreen.games.fistful.panes.keys import keys_of
from gmscreen.games.fistful.panes.rolls import (
    FLOATING_ABOUT,
    attack_options,
    flipped,
    floating_options,
    side_dice,
)
from gmscreen.games.fistful.state import Character, Fighter, FistfulState
from gmscreen.journal.rules import RuleError
from gmscreen.ui import form
from gmscreen.ui.form import Form, Values, ask
from gmscreen.ui.keys_line import KeysLine, keys_text, more_keys
from gmscreen.ui.sections import RowTable
from gmscreen.ui.steps import Refusal, StepPane

#: the line-up form's band that takes one off it
OFF_THE_LINE_UP = "off the line-up"

ATTRIBUTE_OPTIONS = [(a.title(), a) for a in ATTRIBUTES]


class FightPane(StepPane[FistfulState]):
    """The fighters, their bands and turns; the highlighted one is the one keys act on."""

    DEFAULT_CSS = """
    FightPane #ff-round { height: auto; padding: 0 1; }
    FightPane DataTable { height: 1fr; }
    """
    #: the footer has 80 columns: it offers the steps of the round's moment and of the
    #: highlighted fighter; the rarer ones are on the "Keys:" line
    #: named in the palette as on the Conflict tab, where the footer's word is cut to fit
    #: and with the book's words a Judge would type there ("who goes first", "turn", "move")
    PALETTE_NAMES: ClassVar[dict[str, str]] = {
        "ammo": "Roll the ammunition die…", "initiative": "Round: who goes first, by a coin",
        "attack": "Attack: shoot or strike", "end_turn": "Done: the fighter's turn ends",
        "closer": "Closer: move a band nearer", "farther": "Farther: move a band away",
        "line_up": "Line up the next fight's foes, unseen by the table…",
        "bring_in": "Bring in the line-up: the foes join the fight together"}

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "attack", "Attack", id="fistful.attack",
                tooltip="An opposed attack by the highlighted fighter"),
        Binding("space", "end_turn", "Done", id="fistful.end_turn",
                tooltip="The highlighted fighter's turn is done"),
        Binding("comma", "closer", "Closer", id="fistful.closer",
                tooltip="The highlighted fighter moves one band closer"),
        Binding("full_stop", "farther", "Farther", id="fistful.farther",
                tooltip="The highlighted fighter moves one band away"),
        Binding("t", "close_on", "Close on…", id="fistful.close_on", show=False,
                tooltip="The highlighted fighter's move spent closing one band on a foe"),
        Binding("i", "initiative", "Round", id="fistful.round",
                tooltip="A new round: flip the coin (heads, the posse acts first)"),
        Binding("c", "typed_coin", "Round (typed coin)", id="fistful.round_typed",
                show=False, tooltip="A new round on the coin the table flipped"),
        Binding("I", "choose_order", "Buy the order", id="fistful.choose_order", show=False,
                tooltip="The posse spends 3 Luck between them to choose who goes first"),
        Binding("j", "join", "Join", id="fistful.join_fight",
                tooltip="Someone joins the fight at a range band"),
        Binding("u", "line_up", "Line up…", id="fistful.line_up", show=False,
                tooltip="Line up a foe ahead for the next fight, at the band he will join "
                        "at, and whether he never runs: unseen by the table till brought in"),
        Binding("U", "bring_in", "Bring in the line-up", id="fistful.bring_in",
                tooltip="Everyone lined up joins the fight together, each at his band, "
                        "in one step (one undo)"),
        Binding("k", "leave", "Leaves fight", id="fistful.leave_fight", show=False,
                tooltip="The highlighted fighter leaves the tracker"),
        Binding("b", "ammo", "Roll the ammo die…", id="fistful.fight_ammo",
                tooltip="The ammunition check after a firefight: 1-2 on a d6 uses a box "
                        "(the app's die or the table's); in the footer while a gun or bow "
                        "fired waits for its die"),
        Binding("L", "spend_luck", "Spend the Luck just rolled…",
                id="fistful.fight_spend_luck", show=False,
                tooltip="A Luck buys an effect as it is rolled: a second hit, cover "
                        "destroyed (banked, it floats a die)"),
        Binding("g", "morale", "Roll morale…", id="fistful.fight_morale", show=False,
                tooltip="4d6 (5d6 below half Guts) against the side's best Grit: offered "
                        "when a side's morale is in question"),
        Binding("f", "out_of_action", "Out of action table", id="fistful.fight_out_of_action",
                show=False, tooltip="The d6 of the Out of action table for one of the posse "
                "who fell in the fight"),
        Binding("v", "revive", "Up again", id="fistful.fight_revive", show=False,
                tooltip="One down in the fight back on their feet with 1d6 Guts (the "
                        "Judge's aid for an NPC; one of the posse after the table)"),
        Binding("d", "lost", "Lost", id="fistful.fight_lost", show=False,
                tooltip="One down in the fight lost for good, presumed dead"),
        Binding("E", "end_fight", "End fight", id="fistful.end_fight",
                tooltip="The fight is over (who won, when one of the posse is down); then "
                        "the ammunition check"),
    ]
    #: the keys the footer leaves out, as the "Keys:" line names them (when they apply)
    MORE_KEYS = (("out_of_action", "f the Out of action table"),
                 ("revive", "v up with 1d6"), ("lost", "d lost for good"),
                 ("close_on", "t close on a foe"), ("join", "j join"),
                 ("typed_coin", "c type the coin"),
                 ("choose_order", "I buy the order with 3 Luck"),
                 ("leave", "k leaves the fight"), ("ammo", "b ammo check"),
                 ("line_up", "u line up the next fight"),
                 ("spend_luck", "L spend the Luck just rolled"))
    #: those of them that act on the highlighted fighter, named after him
    FIGHTERS_KEYS = frozenset({"close_on", "leave"})

    def why_not(self, action: str) -> Refusal:
        state = self.state
        action = action.partition("(")[0]
        if action == "join":
            return fight_rules.why_not_join(state)
        if action == "bring_in":
            return fight_rules.why_not_bring_in(state)
        if action == "line_up":
            if not any(n.is_npc and not n.dead for n in state.characters):
                return RuleError("Turns", "no NPC to line up: add one first (a, on the "
                                 "Characters tab)")
            return None
        if action == "spend_luck":
            return conflict_rules.why_not_spend_any_luck(state)
        if action == "morale":
            # the side in the fight the rules call into question, tested without leaving
            # the tracker (any side at all: the Conflict tab's g)
            return fight_rules.why_not_morale(state)
        if action == "ammo":
            # the book's roll comes after the firefight: the tracker may be empty by then;
            # but with nobody made yet there is nobody to roll for (the Keys line offered it
            # on a blank campaign)
            if not any(not c.dead for c in state.characters):
                return RuleError("Ammunition", "nobody yet: make the characters first")
            return None
        if action == "out_of_action":
            # rolled as one of the posse falls, whoever is highlighted
            return fight_rules.why_not_roll_in_fight(state)
        if action == "revive":
            return fight_rules.why_not_up_in_fight(state)
        if action == "lost":
            return fight_rules.why_not_lose_in_fight(state)
        refused = fight_rules.why_not_track(state)
        if refused is not None:
            return refused
        fighter = self.highlighted()
        name = fighter.name if fighter is not None else ""
        if action in ("initiative", "typed_coin"):
            return fight_rules.why_not_new_round(state)
        if action == "choose_order":
            # straight after the round's coin it buys that round's order
            return (None if fight_rules.just_flipped(state)
                    else fight_rules.why_not_new_round(state)) or (
                fight_rules.why_not_choose_order(state))
        if action == "attack":
            return fight_rules.why_not_attack(state, name)
        if action == "end_turn":
            return fight_rules.why_not_end_turn(state, name)
        if action == "close_on":
            return fight_rules.why_not_close_on(state, name)
        if action == "closer":
            return fight_rules.why_not_closer(state, name)
        if action == "farther":
            return fight_rules.why_not_farther(state, name)
        return None

    def quiet(self, action: str) -> bool:
        # while the highlighted fighter's turn is open, its steps come first; the
        # ammunition check is the next step once the firefight is over and a gun or bow
        # fired waits for its die, else it stays on the Keys line
        if action == "ammo":
            state = self.state
            return bool(state.fight or state.combat_round
                        or not fight_rules.ammunition_due(state))
        return action in ("join", "bring_in") and not self.why_not("end_turn")

    def compose(self) -> ComposeResult:
        yield KeysLine(id="ff-round", markup=False)
        yield RowTable(id="ff-fighters", cursor_type="row", zebra_stripes=True)

    def __init__(self) -> None:
        super().__init__()
        #: the table's columns now
        self._shown: Fit | None = None
        #: who had a turn still open when the tracker was last drawn
        self._open: frozenset[str] = frozenset()
        #: who had had their turn when the tracker was last drawn
        self._turns_had: frozenset[str] = frozenset()
        #: the round the tracker was last drawn in
        self._round = 0

    def on_resize(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        if self.campaign is None:
            return
        state = self.state
        table = self.query_one("#ff-fighters", DataTable)
        row = table.cursor_row
        rows = view.fight_grid(state).rows
        # a long side's name gives way first, then a long fighter's; "posse" and "NPC"
        # stay whole
        fit = fitted(view.FIGHT_COLUMNS, rows, self.size.width - 2,  # a scrollbar's width
                     narrowed=("Side", "Fighter"), whole=view.FIGHT_SIDES)
        show_rows(table, view.FIGHT_COLUMNS, rows, fit, self._shown)
        self._shown = fit
        # no heading over an empty tracker: the line above says how a fight starts
        table.show_header = bool(rows)
        if table.row_count:
            table.move_cursor(row=min(max(row, 0), table.row_count - 1))
        # a turn just over (Done, or its move and its action both taken, in either order):
        # the highlight goes on to whoever acts next, their keys in the footer; a turn
        # refused, or nobody left to act, leaves it where it was
        # a new round, too, starts the highlight on the first to act, by the coin; and a
        # turn given back (an undo of its Done, its attack, or of the round's coin) takes
        # it to whoever acts now, as the turn's end had taken it on
        open_now = frozenset(f.name for f in state.fight if not f.turn_over)
        closed_now = frozenset(f.name for f in state.fight if f.turn_over)
        fighter = self.highlighted()
        after = fight_rules.next_to_act(state)
        over = fighter is not None and fighter.name in self._open - open_now
        given_back = bool(open_now & self._turns_had) or state.combat_round < self._round
        if after and (over or given_back or state.combat_round > self._round):
            table.move_cursor(row=[f.name for f in state.fight].index(after))
        self._open = open_now
        self._turns_had = closed_now
        self._round = state.combat_round
        self._head()

    def _head(self) -> None:
        """The round, the last attack, and the rarer keys the highlighted fighter has."""
        if self.campaign is None:
            return
        state = self.state
        head = Text(view.fight_head(state, fight_rules.waiting(state)), style="bold")
        if state.last_attack:
            # what the newest attack came to, as the log tells it (harm, Luck, Misfortune)
            head.append("\nLast attack: ", style="bold")
            head.append(f"#{state.last_attack} "
                        + self.campaign.describe(self.campaign.events[state.last_attack - 1]))
            if state.open_test is not None and (
                    state.open_test.weapon or state.open_test.foils) is not None \
                    and conflict_rules.why_not_double_down(state) is None:
                # the attack lost under the Attribute may be doubled down (line 93)
                double = keys_of(self, ConflictPane)("fistful.double_down")
                head.append(f"\n{state.open_test.name} may double down ({double} on the "
                            f"Conflict tab): {view.double_down_words(state)}")
        step = self.campaign.newest_step()
        if step is not None and step.kind == "fistful.morale_tested":
            # a morale test just made (g here or on the Conflict tab): whether they held,
            # or broke (its side's fighters leaving the fight in the same step)
            head.append(f"\n#{step.seq} {self.campaign.describe(step)}")
        for said in (view.fallen_in_fight(state, keys_of(self)),
                     view.morale_call(state, keys_of(self)),
                     view.lineup_words(state, keys_of(self)("fistful.bring_in"))):
            if said:
                head.append(f"\n{said}")
        # the morale key is named while a side's morale is in question
        called = (("morale", "g morale"),) if fight_rules.morale_in_question(state) else ()
        # the highlighted fighter, whom the keys act on, is named: the table's cursor
        # marks him by colour alone, lost without colour (NO_COLOR); only his own keys are
        # said to be his: the round's coin, the ammunition die and morale are nobody's
        fighter = self.highlighted()
        # lining up the next fight is named while none is on (in ctrl+p always)
        offered = more_keys(self, (*called, *(key for key in self.MORE_KEYS
                                              if key[0] != "line_up" or not state.fight)))
        his = [key for key in offered if key[0] in self.FIGHTERS_KEYS] if fighter else []
        common = [key for key in offered if key not in his]
        tail = " (all in ctrl+p)"
        more = keys_text(common, "" if his else tail, "dim")
        if fighter is not None and his:
            more.append_text(keys_text(his, tail, "dim", f"{'; f' if common else 'Keys f'}or "
                                       f"{fighter.name} (highlighted): "))
        elif fighter is not None:
            more.append(f"{'; h' if common else 'H'}ighlighted: {fighter.name}", style="dim")
        if more:
            head.append("\n")
            head.append_text(more)
        self.query_one("#ff-round", Static).update(head)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        # the footer, and the rarer keys over the table, offer what the highlighted
        # fighter can do
        self.screen.refresh_bindings()
        self._head()

    def highlighted(self) -> Fighter | None:
        fight = self.state.fight if self.campaign is not None else ()
        if not fight:
            return None
        table = self.query_one("#ff-fighters", DataTable)
        return fight[min(table.cursor_row, len(fight) - 1)]

    def action_join(self) -> None:
        state = self.state
        people = [c.name for c in fight_rules.joiners(state)]
        # a side still to join goes in on one line, after the names (letters find a name
        # first); a new fight starts on the posse's
        sides = {line: names for label, names in fight_rules.joining_sides(state)
                 if (line := f"All of {label} ({len(names)})") not in people}
        first = next(iter(sides), "") if not state.fight else ""
        first = first or (people[0] if people else "")

        def picked(name: str) -> tuple[str, ...]:
            return tuple(sides.get(name, (name,)))

        def others(name: str) -> list[str]:
            return [n for n in people if n not in picked(name)]

        def offer_others(joins: Form) -> None:
            # those picked in Who are not offered again beside them
            joins.set_options("others", others(joins.values().text("name")))

        def joining(v: Values) -> JoinFight:
            first, *rest = picked(v.text("name"))
            return JoinFight(first, v.text("band") or "Nearby", tuple(
                n for n in (*rest, *v.chosen("others")) if n != first))

        # the band, then who from a list to pick from: Enter on a name sends (two fields
        # of choices alone sent nothing by Enter); Tab past it ticks others at that band
        ask(self, Form("Join the fight", [
            form.one_of("band", "Band", RANGE_BANDS, "Nearby",
                        about="How far from the other side (arrows); Tab, then who"),
            form.pick("name", "Who", [*people, *sides], first,
                      about="Letters go to a name; Enter puts them in the fight (a side's "
                      "line, all of it), or Tab to tick others who join with them"),
            form.many("others", "With them", others(first),
                      about="Others joining at the same band, of either side (each stands "
                      "that far from the other side): space ticks; Enter sends")],
            on_change=offer_others), joining)

    def action_line_up(self) -> None:
        state = self.state
        lined = {one[0]: one for one in state.lineup}
        npcs = [n.name for n in state.npcs if not n.dead and state.fighter(n.name) is None]
        first = next((n for n in npcs if n not in lined), npcs[0] if npcs else "")

        def made(v: Values) -> LineUp:
            band = v.text("band")
            return LineUp(v.text("name"), "" if band == OFF_THE_LINE_UP else band,
                          v.flag("never_runs"))

        named = [first]

        def sheet(name: str) -> bool:
            # one not lined up starts as his sheet says (e: Never runs)
            found = state.character(name)
            return found is not None and found.never_runs

        def follow(lining: Form) -> None:
            # one lined up already, once picked, shows where he stands, to change or take off;
            # one not lined up starts as his sheet says
            name = lining.values().text("name")
            if name == named[0]:
                return
            named[0] = name
            one = lined.get(name)
            if one is not None:
                lining.set_value("band", one[1])
            lining.set_value("never_runs", one[2] if one is not None else sheet(name))

        ask(self, Form("Line up the next fight (unseen by the table)", [
            form.pick("name", "Who", npcs, first,
                      about="An NPC the Judge brings into the next fight"),
            form.one_of("band", "Band", (*RANGE_BANDS, OFF_THE_LINE_UP),
                        lined[first][1] if first in lined else "Nearby",
                        about="The band he joins at; off: taken off the line-up"),
            form.check("never_runs", "Never runs",
                       lined[first][2] if first in lined else sheet(first),
                       about="Line 261: a foe with no interest in fleeing stays when his "
                       "side's morale breaks")],
            note="Kept behind the screen: the Fight tab and the players' screen have "
                 "nobody of it till the line-up is brought in.", on_change=follow), made)

    def action_bring_in(self) -> None:
        self.send(BringInLineUp())

    def action_initiative(self) -> None:
        # a table may start the next round before everyone has acted: ask first
        state = self.state
        waiting = fight_rules.waiting(state) if state.combat_round else ()
        confirm = (f"Start round {state.combat_round + 1}? Still to act in round "
                   f"{state.combat_round}: {', '.join(waiting)}." if waiting else None)
        self.send(FlipInitiative(flipped(self, 1, "initiative")), confirm=confirm)

    def action_typed_coin(self) -> None:
        state = self.state
        typed_coin(self, fight_rules.waiting(state) if state.combat_round else ())

    def action_choose_order(self) -> None:
        state = self.state
        payers = fight_rules.order_payers(state)
        parts = fight_rules.suggested_order_luck(state)
        keys = {payer.name: f"luck{at}" for at, payer in enumerate(payers)}

        def made(v: Values) -> FlipInitiative:
            return FlipInitiative(v.text("first") or "H", tuple(
                (name, luck) for name, key in keys.items() if (luck := v.number(key, 0))))

        ask(self, Form("The posse buys the order with 3 Luck", [
            *(form.number(keys[payer.name], payer.name, parts.get(payer.name, ""),
                          placeholder=f"holds {payer.luck}") for payer in payers),
            form.one_of("first", "Who goes first", [("the posse", "H"), ("the NPCs", "T")],
                        "H")],
            note="The posse's Luck between them: the parts come to 3, as the players agree. "
                 "Held: " + ", ".join(f"{payer.name} {payer.luck}" for payer in payers) + ".",
            aliases={"luck": next(iter(keys.values()), "")}), made)

    def _step(self, further: int) -> None:
        fighter = self.highlighted()
        if fighter is not None:
            self.send(MoveInFight(fighter.name,
                                  RANGE_BANDS[RANGE_BANDS.index(fighter.band) + further]))

    def action_close_on(self, foes: tuple[str, ...] = ()) -> None:
        fighter = self.highlighted()
        if fighter is None:
            return
        foes = foes or fight_rules.closable(self.state, fighter.name)
        ask(self, Form(f"{fighter.name} closes one band on", [
            form.pick("toward", "Whom", foes, self._facing(fighter.name, list(foes)),
                      about="Letters go to a name; Enter closes on the one highlighted")],
            note="The range between them comes a band nearer: the move of this turn, not "
            "of the one closed on."),
            lambda v: MoveInFight(fighter.name, toward=v.text("toward")))

    def _facing(self, name: str, names: list[str]) -> str:
        """The first of `names` on the other side from `name` (else the first of them)."""
        return facing(self.state, name, names)

    def action_closer(self) -> None:
        # a step that would bring them nearer no foe closes on one (on whom, when several)
        fighter = self.highlighted()
        foes = fight_rules.closer_on(self.state, fighter.name) if fighter else ()
        if fighter is not None and len(foes) == 1:
            self.send(MoveInFight(fighter.name, toward=foes[0]))
        elif foes:
            self.action_close_on(foes)
        else:
            self._step(-1)

    def action_farther(self) -> None:
        # a step that would take them farther from no foe backs off from the nearest
        fighter = self.highlighted()
        nearest = fight_rules.farther_from(self.state, fighter.name) if fighter else ()
        if fighter is not None and nearest:
            self.send(MoveInFight(fighter.name, away_from=nearest[0]))
        else:
            self._step(1)

    def action_end_turn(self) -> None:
        fighter = self.highlighted()
        if fighter is None:
            return
        # the turn done, the highlight goes on to whoever acts next (`redraw`)
        self.send(EndTurn(fighter.name))

    def action_leave(self) -> None:
        fighter = self.highlighted()
        if fighter is not None:
            self.send(LeaveFight(fighter.name))

    def action_end_fight(self) -> None:
        fallen = fight_rules.fallen_of_the_posse(self.state)
        if not fallen:
            self.send(EndFight())
            return
        names = ", ".join(who.name for who in fallen)
        ask(self, Form("End the fight: who won?", [form.pick("outcome", "The fight", [
            ("The posse won, or got away with its fallen", "won"),
            (f"The posse lost: {names} lost for good", "lost")])],
            note=f"Down at 0 Guts: {names}. If the posse loses the fight, its fallen are "
                 "lost for good, presumed dead; if it wins, aid may still get them up."),
            lambda v: EndFight(posse_lost=v.text("outcome") == "lost"))

    def action_spend_luck(self) -> None:
        fighter = self.highlighted()
        spend_luck(self, fighter.name if fighter else "")

    def action_morale(self) -> None:
        # with no side in question by the rules, the NPC highlighted, else the first NPC in
        # the fight: it started on the first NPC of the campaign, in the fight or not
        # (round 33); with no NPC left in the fight who may be tested, none is chosen: it
        # fell back on the campaign's first NPC, and Enter tested her (round 34)
        highlighted = self.highlighted()
        ask_morale(self, [name for name in (highlighted.name if highlighted else "",
                                            *(f.name for f in self.state.fight)) if name],
                   only_likely=bool(self.state.fight))

    def action_out_of_action(self) -> None:
        fighter = self.highlighted()
        roll_out_of_action(self, fight_rules.due_the_table(self.state, fight=True),
                           fighter.name if fighter else "")

    def action_revive(self) -> None:
        self._on_fallen(fight_rules.up_in_fight(self.state), revive)

    def action_lost(self) -> None:
        self._on_fallen(fight_rules.lost_in_fight(self.state), mark_lost)

    def _on_fallen(self, names: tuple[str, ...],
                   step: Callable[[StepPane[FistfulState], Character], None]) -> None:
        """`step` for the highlighted fighter when among `names` (those of the fight the
        rules let take it), else for the first of them."""
        fighter = self.highlighted()
        name = fighter.name if fighter is not None and fighter.name in names else names[0]
        found = self.state.character(name)
        if found is not None:
            step(self, found)

    def _attack_taken_back(self, attacker: str,
                           targets: list[str]) -> e.OpposedTestRolled | None:
        """The attack by `attacker` the journal's newest event, an undo, took back, while
        its target is still one to shoot at (None otherwise: a step since is a new throw)."""
        if self.campaign is None:
            return None
        kind = KINDS.kind_of_class(e.OpposedTestRolled)
        for made in self.campaign.newly_undone():
            if made.kind != kind:
                continue
            attack = KINDS.read(made)
            if (isinstance(attack, e.OpposedTestRolled) and attack.turn
                    and attack.active.name == attacker
                    and attack.opposition.name in targets):
                return attack
        return None

    def action_ammo(self) -> None:
        fighter = self.highlighted()
        check_ammunition(self, fighter.name if fighter else "")

    def action_attack(self) -> None:
        attacker = self.highlighted()
        if attacker is None:
            return
        state = self.state
        targets = list(fight_rules.targets(state, attacker.name))
        # most likely someone of the other side: the form starts on the first of them; with
        # no foe standing, on nobody: it started on the attacker's own partner, and Enter
        # on the list, Enter on her line, Enter sent an attack on her (round 34)
        # the nearest of them (one closed on this turn above all, round 64)
        foes = [name for name in targets if not fight_rules.allies(state, attacker.name, name)]
        first = fight_rules.nearest_foe(state, attacker.name, targets)
        # what the attacker's sheet says they fight with comes first; the weapon they
        # attacked with last is chosen while it reaches, else the first that reaches
        weapons = attack_options(state, attacker.name)
        arm = fight_rules.weapon_for(state, attacker.name, first) or weapons[0][1]
        # the attack the newest undo took back, by this attacker: the form opens as it was
        # rolled, both sides' dice as the table saw them (a reading, `panes.conflict`)
        back = self._attack_taken_back(attacker.name, targets)
        if back is not None:
            first = back.opposition.name
            if back.weapon and back.weapon in [value for _, value in weapons]:
                arm = back.weapon

        def made(v: Values) -> OpposedTest:
            target = self.state.fighter(v.text("target"))
            if target is None:
                raise RuleError("Turns", "choose a target in the fight", field="target")
            a_stakes, o_stakes = v.number("a_stakes"), v.number("o_stakes")
            a_float, o_float = v.text("a_floating") or None, v.text("o_floating") or None
            return OpposedTest(
                Side(attacker.name, v.text("a_attribute") or "gumption", a_stakes,
                     side_dice(self, self.state, v, "a_dice", a_stakes, a_float, "attack",
                               who=attacker.name),
                     a_float),
                Side(target.name, v.text("o_attribute") or "grace", o_stakes,
                     side_dice(self, self.state, v, "o_dice", o_stakes, o_float, "defence",
                               who=target.name),
                     o_float),
                v.text("weapon") or None, attack_range(attacker.band, target.band),
                v.text("cover") or "none", turn=True,
                bank_misfortune=v.flag("bank_misfortune"))

        def band_to(target: str) -> str:
            at = self.state.fighter(target)
            return attack_range(attacker.band, at.band) if at is not None else attacker.band

        def attribute_for(target: str, weapon: str) -> str:
            # a blow in hand is Grit, a shot or a throw Gumption (the Judge may name another)
            return attack_attribute(weapon, band_to(target))

        chosen = [(first, arm)]

        def changed(attack: Form) -> None:
            # a new weapon or target: the Attribute follows it, until the Judge names one
            values = attack.values()
            now = (values.text("target"), values.text("weapon"))
            if now != chosen[0]:
                if now[0] != chosen[0][0]:
                    # the target's floating die: only what the rules let them float
                    attack.set_options("o_floating", floating_options(self.state, now[0]))
                    # a weapon that does not reach the new target gives way to one that does
                    if now[1] and not fight_rules.reaches(self.state, attacker.name, *now):
                        better = fight_rules.weapon_for(self.state, attacker.name, now[0])
                        if better and better != now[1]:
                            attack.set_value("weapon", better)
                            now = (now[0], better)
                chosen[0] = now
                attack.set_value("a_attribute", attribute_for(*now))
            # the range, the weapon's reach and what a win would take off the target, as
            # the rules see them, before any dice
            try:
                stakes = int(values.text("a_stakes"))
            except ValueError:
                stakes = 0
            hit = fight_rules.hit_words(self.state, attacker.name, *now, band_to(now[0]),
                                        stakes, values.text("cover") or "none")
            # what a win takes and how likely it is first, as the Stakes are set (at 80x24
            # the form shows four lines of it); the range, which the tracker shows too, last,
            # but first when the weapon does not reach: the attack would be refused
            reach = fight_rules.reach_words(self.state, attacker.name, *now)
            said = (hit, chances(values, now[0]))
            attack.show_preview("\n".join(line for line in (
                (reach, *said) if not fight_rules.reaches(self.state, attacker.name, *now)
                else (*said, reach)) if line))

        def chances(values: Values, target: str) -> str:
            # both sides' chances at the Stakes set, before the dice (lines 30-34)
            found, sheet = self.state.character(target), self.state.character(attacker.name)
            try:
                counts = int(values.text("a_stakes")), int(values.text("o_stakes"))
            except ValueError:
                return ""
            if found is None or sheet is None:
                return ""
            return view.opposed_odds_words(
                self.state, sheet, values.text("a_attribute") or "gumption", counts[0],
                found, values.text("o_attribute") or "grace", counts[1],
                floating=values.text("a_floating") or None,
                their_floating=values.text("o_floating") or None)

        dice_about = ("The dice of the attack just taken back, as the table saw them: "
                      "keep them, or clear them for a new throw") if back else ""
        was = {"a_attribute": attribute_for(first, arm), "a_stakes": "3", "a_dice": "",
               "a_floating": "", "o_attribute": "grace", "o_stakes": "3", "o_dice": "",
               "o_floating": "", "cover": "none"}
        if back is not None:
            was.update(a_attribute=back.active.attribute, a_stakes=str(back.active.stakes),
                       a_dice=" ".join(map(str, back.active.rolled)),
                       a_floating=back.active.floating or "",
                       o_attribute=back.opposition.attribute,
                       o_stakes=str(back.opposition.stakes),
                       o_dice=" ".join(map(str, back.opposition.rolled)),
                       o_floating=back.opposition.floating or "",
                       cover=back.cover or "none")
        ask_opposed(self, Form(f"{attacker.name} attacks", [
            form.choose("target", "Target", targets, first, required=bool(first)),
            form.choose("weapon", "Weapon", weapons, arm,
                        about="What they carry first (a creature's natural weapon; fists "
                        "with nothing), then the rest of the book's weapons; it starts on "
                        "the one they attacked with last while it reaches the target, "
                        "else the first carried that does"),
            form.one_of("a_attribute", "Attack with", ATTRIBUTE_OPTIONS, was["a_attribute"],
                        about="A blow in hand is Grit, a shot or a throw Gumption (against "
                        "Grace); wrestling Grit against Grit"),
            form.number("a_stakes", "Stakes", was["a_stakes"]),
            form.dice("a_dice", "Dice", was["a_dice"], about=dice_about),
            form.one_of("a_floating", "Floating die",
                        floating_options(state, attacker.name), was["a_floating"],
                        about=FLOATING_ABOUT),
            form.one_of("o_attribute", "Defend with", ATTRIBUTE_OPTIONS, was["o_attribute"],
                        about="The target's test against the attack: Grace to get out of the "
                        "way, Grit to wrestle free"),
            form.number("o_stakes", "Their Stakes", was["o_stakes"],
                        about="The dice the target stakes: their total is the attack's "
                        "Challenge"),
            form.dice("o_dice", "Their dice", was["o_dice"], about=dice_about),
            form.one_of("o_floating", "Their floating die", floating_options(state, first),
                        was["o_floating"], about=FLOATING_ABOUT),
            form.one_of("cover", "Cover", list(COVER), was["cover"]),
            form.check("bank_misfortune", "Bank Misfortune", True, about=BANK_ABOUT)],
            # one foe to attack (the target the form starts on; his own side is rarely
            # whom a fighter attacks): the form opens on the Stakes, named every attack;
            # with foes to choose from, on whom (round 33)
            focus="a_stakes" if len(foes) == 1 else None,
            aliases=SIDE_ALIASES,
            on_change=changed), made)
