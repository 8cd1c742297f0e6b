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
from gmscreen.games.fistful.panes.form import Field, FistfulForm, ask, coins, dice, number
from gmscreen.games.fistful.state import Fighter, FistfulState
from gmscreen.games.fistful.tables import weapons
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from gmscreen.ui.pane import GamePane

BANDS = [(b, b) for b in RANGE_BANDS]


class FightPane(GamePane):
    """The fighters, their bands and turns; the highlighted one is the one keys act on."""

    DEFAULT_CSS = """
    FightPane #ff-round { height: auto; padding: 0 1; }
    FightPane DataTable { height: 1fr; }
    """
    #: the footer has 80 columns: it offers the keys that fit the round's moment
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "attack", "Attack", id="fistful.attack",
                tooltip="An opposed attack by the highlighted fighter"),
        Binding("space", "end_turn", "Turn done", id="fistful.end_turn"),
        Binding("comma", "closer", "Closer", id="fistful.closer",
                tooltip="The highlighted fighter moves one band closer"),
        Binding("full_stop", "farther", "Farther", id="fistful.farther",
                tooltip="The highlighted fighter moves one band away"),
        Binding("i", "initiative", "New round", id="fistful.round",
                tooltip="Flip the coin: heads, the posse acts first"),
        Binding("I", "choose_order", "Buy the order", id="fistful.choose_order",
                tooltip="The posse spends 3 Luck between them to choose who goes first"),
        Binding("j", "join", "Join", id="fistful.join_fight",
                tooltip="Someone joins the fight at a range band"),
        Binding("k", "leave", "Leaves fight", id="fistful.leave_fight", show=False),
        Binding("b", "ammo", "Ammo check", id="fistful.fight_ammo", show=False,
                tooltip="After a firefight: 1-2 on a d6 uses a box"),
        Binding("E", "end_fight", "End fight", id="fistful.end_fight"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.campaign is None:
            return True
        state = self.state
        waiting = state.combat_round > 0 and any(not f.acted for f in state.fight)
        # a round runs until every fighter has acted: then the next one is offered
        if action in ("attack", "end_turn"):
            return waiting
        if action == "initiative":
            return bool(state.fight) and not waiting
        if action == "choose_order":
            return (bool(state.fight) and not waiting
                    and sum(c.luck for c in state.posse_members) >= ORDER_LUCK)
        if action in ("closer", "farther", "leave", "end_fight", "ammo"):
            return bool(state.fight)
        return True

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
        waiting = [f.name for f in state.fight if not f.acted]
        if state.fight:
            head.append(f"  Still to act: {', '.join(waiting) or 'nobody (i: next round)'}")
        self.query_one("#ff-round", Static).update(head)
        table = self.query_one("#ff-fighters", DataTable)
        row = table.cursor_row
        table.clear()
        for fighter in state.fight:
            who = state.character(fighter.name)
            if who is None:
                continue
            table.add_row(Text(who.name), "NPC" if who.is_npc else "posse", fighter.band,
                          f"{who.guts}/{who.guts_max}", str(who.stress), str(who.luck),
                          "yes" if fighter.moved else "", "yes" if fighter.acted else "",
                          key=who.name)
        if state.fight:
            table.move_cursor(row=min(max(row, 0), len(state.fight) - 1))

    def highlighted(self) -> Fighter | None:
        fight = self.state.fight if self.campaign is not None else ()
        if not fight:
            return None
        table = self.query_one("#ff-fighters", DataTable)
        return fight[min(table.cursor_row, len(fight) - 1)]

    def action_join(self) -> None:
        inside = {f.name for f in self.state.fight}
        people = [(c.name, c.name) for c in self.state.characters
                  if c.name not in inside and not c.dead and not c.out_of_play]
        ask(self, FistfulForm("Join the fight", [
            Field("name", "Who", people), Field("band", "Band", BANDS, "Nearby")]),
            lambda v: JoinFight(v["name"], v["band"] or "Nearby"))

    def action_initiative(self) -> None:
        self.send(FlipInitiative(coins(self, "", 1, "initiative")))

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
        at = RANGE_BANDS.index(fighter.band) + further
        if not 0 <= at < len(RANGE_BANDS):
            self.notify(f"{fighter.name} is already at {fighter.band}; a move goes to "
                        f"{' or '.join(neighbours(fighter.band))}", title="Movement",
                        severity="warning", markup=False)
            return
        self.send(MoveInFight(fighter.name, RANGE_BANDS[at]))

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
        if fighter is not None:
            self.send(CheckAmmunition(fighter.name, dice(self, "", 1, "ammo")[0]))

    def action_attack(self) -> None:
        attacker = self.highlighted()
        if attacker is None:
            return
        attributes = [(a.title(), a) for a in ATTRIBUTES]
        targets = [(f.name, f.name) for f in self.state.fight if f.name != attacker.name]
        arms = [(w.name, key) for key, w in weapons().items()]

        def made(v: dict[str, str]) -> OpposedTest:
            target = self.state.fighter(v["target"])
            if target is None:
                raise RuleError("Turns", "choose a target in the fight", field="target")
            a_stakes = number(v["a_stakes"], "Stakes")
            o_stakes = number(v["o_stakes"], "Stakes")
            return OpposedTest(
                Side(attacker.name, v["a_attribute"] or "gumption", a_stakes,
                     dice(self, v["a_dice"], a_stakes, "attack")),
                Side(target.name, v["o_attribute"] or "grace", o_stakes,
                     dice(self, v["o_dice"], o_stakes, "defence")),
                v["weapon"] or None, attack_range(attacker.band, target.band),
                v["cover"] or "none")

        ask(self, FistfulForm(f"{attacker.name} attacks (range from the bands)", [
            Field("target", "Target", targets),
            Field("weapon", "Weapon", arms, "revolver"),
            Field("a_attribute", "Attack with", attributes, "gumption"),
            Field("a_stakes", "Stakes", value="3"),
            Field("a_dice", "Dice", placeholder="blank: the app rolls"),
            Field("o_attribute", "Defend with", attributes, "grace"),
            Field("o_stakes", "Their Stakes", value="3"),
            Field("o_dice", "Their dice", placeholder="blank: the app rolls"),
            Field("cover", "Cover", [(c, c) for c in COVER], "none")]), made)
