"""The Fight tab: the turn tracker. Who is in the fight and at which range band, who has
moved and acted this round, who goes first; attacks from here are opposed tests with the
range worked out from the two fighters' bands."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from gmscreen.games.fistful.characters import ATTRIBUTES
from gmscreen.games.fistful.commands import (
    CheckAmmunition,
    EndFight,
    EndTurn,
    FlipInitiative,
    JoinFight,
    LeaveFight,
    MoveInFight,
    OpposedTest,
    Side,
)
from gmscreen.games.fistful.fight import ORDER_LUCK, attack_range, neighbours
from gmscreen.games.fistful.harm import COVER, RANGE_BANDS
from gmscreen.games.fistful.panes.form import (
    Field,
    FistfulForm,
    ask,
    coins,
    dice,
    number,
    typed_coin,
    weapon_options,
)
from gmscreen.games.fistful.panes.steps import StepsPane
from gmscreen.games.fistful.state import Character, Fighter, FistfulState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError

BANDS = [(b, b) for b in RANGE_BANDS]


class FightPane(StepsPane):
    """The fighters, their bands and turns; the highlighted one is the one keys act on."""

    DEFAULT_CSS = """
    FightPane #ff-round { height: auto; padding: 0 1; }
    FightPane DataTable { height: 1fr; }
    """
    #: the footer has 80 columns: it offers the steps of the round's moment and of the
    #: highlighted fighter; the rarer ones are on the "Keys:" line
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "attack", "Attack", id="fistful.attack",
                tooltip="An opposed attack by the highlighted fighter"),
        Binding("space", "end_turn", "Done", id="fistful.end_turn",
                tooltip="The highlighted fighter's turn is done"),
        Binding("comma", "closer", "Closer", id="fistful.closer",
                tooltip="The highlighted fighter moves one band closer"),
        Binding("full_stop", "farther", "Farther", id="fistful.farther",
                tooltip="The highlighted fighter moves one band away"),
        Binding("i", "initiative", "Round", id="fistful.round",
                tooltip="A new round: flip the coin (heads, the posse acts first)"),
        Binding("c", "typed_coin", "Round (typed coin)", id="fistful.round_typed",
                show=False, tooltip="A new round on the coin the table flipped"),
        Binding("I", "choose_order", "Buy the order", id="fistful.choose_order", show=False,
                tooltip="The posse spends 3 Luck between them to choose who goes first"),
        Binding("j", "join", "Join", id="fistful.join_fight",
                tooltip="Someone joins the fight at a range band"),
        Binding("k", "leave", "Leaves fight", id="fistful.leave_fight", show=False),
        Binding("b", "ammo", "Ammo check", id="fistful.fight_ammo", show=False,
                tooltip="After a firefight: 1-2 on a d6 uses a box (the app's die or the "
                        "table's)"),
        Binding("E", "end_fight", "End fight", id="fistful.end_fight"),
    ]
    #: the keys kept off the footer, as the "Keys:" line names them (when they apply)
    MORE_KEYS = (("typed_coin", "c type the coin"),
                 ("choose_order", "I buy the order with 3 Luck"),
                 ("leave", "k the highlighted fighter leaves"), ("ammo", "b ammo check"))
    #: the steps of the highlighted fighter's turn
    TURN = frozenset({"attack", "end_turn", "closer", "farther"})

    def why_not(self, action: str) -> str | None:
        state = self.state
        if action == "join":
            if not self._joiners():
                return "Everyone able to fight is in the fight already."
            return None
        if not state.fight:
            return "No fight: j puts someone on the tracker."
        fighter = self.highlighted()
        if action in self.TURN and fighter is not None:
            if state.combat_round == 0:
                return "Before the first round: i flips the coin for who goes first."
            if not self._able(fighter.name):
                return (f"{fighter.name} is out of action at 0 Guts: they take no part (k "
                        "takes them off the tracker).")
            if fighter.acted:
                return f"{fighter.name} has had this round's turn (i: a new round)."
        if action == "attack" and len(state.fight) < 2:
            return "Nobody to attack: j puts someone else in the fight."
        if action == "attack" and not self._targets(fighter):
            return "Nobody to attack: nobody else in the fight is able to act."
        if action in ("closer", "farther") and fighter is not None:
            if fighter.moved:
                return f"{fighter.name} has moved this turn: a fighter moves once a turn."
            edge = RANGE_BANDS[0] if action == "closer" else RANGE_BANDS[-1]
            if fighter.band == edge:
                return (f"{fighter.name} is already at {edge}; a move goes to "
                        f"{' or '.join(neighbours(edge))}.")
        if action == "choose_order":
            luck = sum(c.luck for c in state.posse_members)
            if luck < ORDER_LUCK:
                return (f"Choosing the order costs {ORDER_LUCK} Luck between the posse; "
                        f"they have {luck}.")
        return None

    def _able(self, name: str) -> bool:
        """Able to take part: not dead, gone, nor out of action at 0 Guts."""
        who = self.state.character(name)
        return who is not None and not (who.dead or who.out_of_play or who.out_of_action)

    def _joiners(self) -> list[Character]:
        inside = {f.name for f in self.state.fight}
        return [c for c in self.state.characters
                if c.name not in inside and self._able(c.name)]

    def _targets(self, attacker: Fighter | None) -> list[str]:
        return [f.name for f in self.state.fight
                if attacker is not None and f.name != attacker.name and self._able(f.name)]

    def _waiting(self) -> list[str]:
        """Who has still to act this round: those able to, who have not."""
        return [f.name for f in self.state.fight if not f.acted and self._able(f.name)]

    def compose(self) -> ComposeResult:
        yield Static(id="ff-round", markup=False)
        yield DataTable(id="ff-fighters", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        self.query_one("#ff-fighters", DataTable).add_columns(
            "Fighter", "Side", "Band", "Guts", "Stress", "Luck", "Moved", "Acted")
        self.redraw()

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        if self.is_mounted:
            self.redraw()

    @property
    def state(self) -> FistfulState:
        assert self.campaign is not None
        state: FistfulState = self.campaign.state
        return state

    def redraw(self) -> None:
        if self.campaign is None:
            return
        state = self.state
        head = Text()
        if state.combat_round:
            first = "the posse" if state.first_to_act == "posse" else "the NPCs"
            head.append(f"Round {state.combat_round}: {first} act first.", style="bold")
        elif state.fight:
            head.append("Before the first round: i flips for who goes first.", style="bold")
        else:
            head.append("No fight. j puts someone on the tracker.", style="bold")
        waiting = self._waiting()
        if state.combat_round:
            head.append(f"  Still to act: {', '.join(waiting) or 'nobody (i: next round)'}")
        more = [words for action, words in self.MORE_KEYS if self.why_not(action) is None]
        if more:
            head.append(f"\nKeys: {', '.join(more)} (all in ctrl+p)", style="dim")
        self.query_one("#ff-round", Static).update(head)
        table = self.query_one("#ff-fighters", DataTable)
        row = table.cursor_row
        table.clear()
        for fighter in state.fight:
            who = state.character(fighter.name)
            if who is None:
                continue
            side = (who.side or "NPC") if who.is_npc else "posse"
            acted = ("yes" if fighter.acted else "") if self._able(who.name) else who.condition
            table.add_row(Text(who.name), Text(side), fighter.band,
                          f"{who.guts}/{who.guts_max}", str(who.stress), str(who.luck),
                          "yes" if fighter.moved else "", acted, key=who.name)
        if state.fight:
            table.move_cursor(row=min(max(row, 0), len(state.fight) - 1))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        # the footer offers what the highlighted fighter can do
        self.screen.refresh_bindings()

    def highlighted(self) -> Fighter | None:
        fight = self.state.fight if self.campaign is not None else ()
        if not fight:
            return None
        table = self.query_one("#ff-fighters", DataTable)
        return fight[min(table.cursor_row, len(fight) - 1)]

    def action_join(self) -> None:
        people = [(c.name, c.name) for c in self._joiners()]
        ask(self, FistfulForm("Join the fight", [
            Field("name", "Who", people, people[0][1] if people else ""),
            Field("band", "Band", BANDS, "Nearby")]),
            lambda v: JoinFight(v["name"], v["band"] or "Nearby"))

    def action_initiative(self) -> None:
        # a table may start the next round before everyone has acted: ask first
        waiting = self._waiting() if self.state.combat_round else []
        confirm = (f"Start round {self.state.combat_round + 1}? Still to act in round "
                   f"{self.state.combat_round}: {', '.join(waiting)}." if waiting else None)
        self.send(FlipInitiative(coins(self, "", 1, "initiative")), confirm=confirm)

    def action_typed_coin(self) -> None:
        typed_coin(self, self._waiting() if self.state.combat_round else [])

    def action_choose_order(self) -> None:
        posse = [c.name for c in self.state.posse_members if c.luck]
        ask(self, FistfulForm("The posse buys the order with 3 Luck", [
            Field("payers", "Who pays", placeholder=", ".join(posse)),
            Field("first", "Who acts first", [("the posse", "H"), ("the NPCs", "T")], "H")]),
            lambda v: FlipInitiative(v["first"] or "H", tuple(
                n.strip() for n in v["payers"].split(",") if n.strip())))

    def _step(self, further: int) -> None:
        fighter = self.highlighted()
        if fighter is None:
            return
        self.send(MoveInFight(fighter.name,
                              RANGE_BANDS[RANGE_BANDS.index(fighter.band) + further]))

    def action_closer(self) -> None:
        self._step(-1)

    def action_farther(self) -> None:
        self._step(1)

    def action_end_turn(self) -> None:
        fighter = self.highlighted()
        if fighter is not None:
            self.send(EndTurn(fighter.name))

    def action_leave(self) -> None:
        fighter = self.highlighted()
        if fighter is not None:
            self.send(LeaveFight(fighter.name))

    def action_end_fight(self) -> None:
        self.send(EndFight())

    def action_ammo(self) -> None:
        fighter = self.highlighted()
        if fighter is None:
            return
        ask(self, FistfulForm(f"{fighter.name}'s ammunition after the firefight", [
            Field("face", "d6", placeholder="blank: the app rolls")]),
            lambda v: CheckAmmunition(fighter.name, dice(self, v["face"], 1, "ammo",
                                                         "face")[0]))

    def action_attack(self) -> None:
        attacker = self.highlighted()
        if attacker is None:
            return
        attributes = [(a.title(), a) for a in ATTRIBUTES]
        targets = [(n, n) for n in self._targets(attacker)]
        # most likely someone of the other side: the form starts on the first of them
        side = self.state.character(attacker.name)
        facing = [n for n, _ in targets if side is not None
                  and (c := self.state.character(n)) is not None and c.is_npc != side.is_npc]
        first = (facing or [n for n, _ in targets] or [""])[0]
        arms = weapon_options()

        def made(v: dict[str, str]) -> OpposedTest:
            target = self.state.fighter(v["target"])
            if target is None:
                raise RuleError("Turns", "choose a target in the fight", field="target")
            a_stakes = number(v["a_stakes"], "Stakes", "a_stakes")
            o_stakes = number(v["o_stakes"], "Stakes", "o_stakes")
            return OpposedTest(
                Side(attacker.name, v["a_attribute"] or "gumption", a_stakes,
                     dice(self, v["a_dice"], a_stakes, "attack", "a_dice")),
                Side(target.name, v["o_attribute"] or "grace", o_stakes,
                     dice(self, v["o_dice"], o_stakes, "defence", "o_dice")),
                v["weapon"] or None, attack_range(attacker.band, target.band),
                v["cover"] or "none")

        ask(self, FistfulForm(f"{attacker.name} attacks (range from the bands)", [
            Field("target", "Target", targets, first),
            Field("weapon", "Weapon", arms, "revolver"),
            Field("a_attribute", "Attack with", attributes, "gumption"),
            Field("a_stakes", "Stakes", value="3"),
            Field("a_dice", "Dice", placeholder="blank: the app rolls"),
            Field("o_attribute", "Defend with", attributes, "grace"),
            Field("o_stakes", "Their Stakes", value="3"),
            Field("o_dice", "Their dice", placeholder="blank: the app rolls"),
            Field("cover", "Cover", [(c, c) for c in COVER], "none")]), made)
