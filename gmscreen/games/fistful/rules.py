"""A Fistful of Sixes as a decider: the Judge's commands checked against the book, turned
into events, and folded into the state.

The readings we take are in the engine modules' docstrings (`conflict`, `characters`,
`harm`, `wanted`, `between`, `fight`); the one kept here: the Judge's modifier on a
reaction may take the total past 2 or 12, which then reads the table's end entry. Every
event kind is "fistful.<fact>". An event records the dice it used and the values it leaves
on each sheet it touches (`sheets`: name -> changed fields), so `evolve` only copies them
and replay never rolls again. The audit of every rule of the book against its module and
test is docs/rules/fistful.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from gmscreen.games.fistful import between, characters, conflict, fight, harm, wanted
from gmscreen.games.fistful.characters import ATTRIBUTES, HUMAN_LIMIT, guts_max
from gmscreen.games.fistful.commands import (
    AddNpc,
    Advance,
    Buy,
    Carouse,
    ChangeGlory,
    CheckAmmunition,
    CheckMorale,
    ChooseOptionalRules,
    CreateCharacter,
    Crime,
    CunningDeal,
    DoTime,
    DoubleDown,
    Duel,
    EditSheet,
    EndFight,
    EndTurn,
    FlipInitiative,
    FormPosse,
    JoinFight,
    LeaveFight,
    LoseWealth,
    Lost,
    MoveInFight,
    OpposedTest,
    PayBounty,
    QuickDraw,
    Rest,
    Revive,
    RollOutOfAction,
    RollReaction,
    RollTest,
    RollWantedChart,
    Sell,
    SetSceneDie,
    ShareTake,
    Side,
    SpendLuck,
    SpendMisfortune,
    TakeHarm,
)
from gmscreen.games.fistful.log import describe
from gmscreen.games.fistful.odds import Result
from gmscreen.games.fistful.state import (
    Character,
    ClockMove,
    Fighter,
    FistfulState,
    OpenTest,
    Settings,
    item_data,
)
from gmscreen.games.fistful.tables import (
    carousing_table,
    out_of_action_table,
    price_categories,
    reaction_table,
    weapons,
)
from gmscreen.journal.events import SESSION_START, Event, NewEvent
from gmscreen.journal.rules import RuleError

P = "fistful."
Sheets = dict[str, dict[str, Any]]


def _faces(faces: Sequence[int], count: int, what: str) -> None:
    conflict.verify_faces(faces, count, what)


def _coin(coin: str, rule: str) -> str:
    if coin.upper() not in ("H", "T"):
        raise RuleError(rule, f"a coin is H or T, not {coin!r}", field="coin")
    return coin.upper()


class FistfulRules:
    game_id = "fistful"
    title = "A Fistful of Sixes"
    panes_module = "gmscreen.games.fistful.panes"

    def initial_state(self) -> FistfulState:
        return FistfulState()

    # -- checks shared by commands -----------------------------------------------------------

    @staticmethod
    def _who(state: FistfulState, name: str, *, able: bool = True,
             in_action: bool = False, field: str = "name") -> Character:
        """The character called `name`; `able`: not dead nor gone; `in_action`: above 0
        Guts too, as a test, a duel, a turn or a Luck spent needs (one out of action takes
        no part). `field`: the input that named them."""
        found = state.character(name)
        if found is None:
            raise RuleError("Characters", f"nobody is called {name!r}", field=field)
        if able and found.dead:
            raise RuleError("Out of action", f"{name} is dead", field=field)
        if able and found.out_of_play:
            raise RuleError("Stress", f"{name} has 6 Stress and has left play", field=field)
        if in_action and found.out_of_action:
            raise RuleError("Out of action", f"{name} is at 0 Guts, out of action: they "
                            "take no part until they are back on their feet", field=field)
        return found

    @staticmethod
    def _getting_up(who: Character) -> None:
        """Nobody gets up from 0 Guts but through the Out of action table, which may kill."""
        if who.out_of_action and not who.out_of_action_rolled:
            raise RuleError("Out of action", f"{who.name} is at 0 Guts: roll the Out of "
                            "action table first (a 6 is death)", field="name")

    @staticmethod
    def _attribute(name: str) -> str:
        if name not in ATTRIBUTES:
            raise RuleError("Attributes", f"test Grit, Gumption or Grace, not {name!r}",
                            field="attribute")
        return name

    def _pool(self, state: FistfulState, who: Character, stakes: int, rolled: Sequence[int],
              floating: str | None, removed: int | None, *, attribute: str,
              challenge: int) -> tuple[tuple[int, ...], dict[str, Any], dict[str, Any]]:
        """Check a roll: the kept dice, the roll's record, and the sheet changes it costs."""
        conflict.verify_stakes(stakes, who.stress)
        scene = state.scene_die if state.settings.scene_stakes else None
        thrown = stakes - (1 if scene is not None else 0) + (1 if floating else 0)
        _faces(rolled, thrown, "the Stakes" + (" and the floating die" if floating else ""))
        pool = tuple(rolled) + ((scene,) if scene is not None else ())
        changes: dict[str, Any] = {}
        if floating is not None and who.is_npc:
            raise RuleError("Floating die", "NPCs float no dice: Luck, backgrounds and the "
                            "Judge's Misfortune go on posse members' rolls", field="floating")
        if floating is None:
            if removed is not None:
                raise RuleError("Floating die", "a die is taken away only when one floats",
                                field="removed")
            return pool, {"rolled": list(pool)}, changes
        if floating == "luck":
            if who.luck < 1:
                raise RuleError("Floating die", f"{who.name} has no Luck banked",
                                field="floating")
            changes["luck"] = who.luck - 1
        elif floating == "background":
            if who.background_used:
                raise RuleError("Background", f"{who.name}'s background die is used this "
                                "session", field="floating")
            changes["background_used"] = True
        elif floating == "judge":
            if state.misfortune < 1:
                raise RuleError("Floating die", "the Judge has no Misfortune banked",
                                field="floating")
        else:
            raise RuleError("Floating die", f"luck, background or judge, not {floating!r}",
                            field="floating")
        if removed is None:
            removed = conflict.chosen_removal(
                pool, who.attribute(attribute), challenge,
                "judge" if floating == "judge" else "player")
        kept = conflict.remove_one(pool, removed)
        return kept, {"rolled": list(pool), "floating": floating, "removed": removed}, changes

    # -- deciding ----------------------------------------------------------------------------

    def decide(self, state: FistfulState, command: Any) -> list[NewEvent]:
        handler = self._handlers().get(type(command))
        if handler is None:
            raise RuleError("Commands", f"no command {type(command).__name__} in this game")
        return handler(state, command)

    def _handlers(self) -> Mapping[type, Callable[[FistfulState, Any], list[NewEvent]]]:
        return {
            ChooseOptionalRules: self._settings, FormPosse: self._form,
            CreateCharacter: self._create, AddNpc: self._npc, EditSheet: self._edit,
            RollTest: self._test, DoubleDown: self._double_down, OpposedTest: self._opposed,
            Duel: self._duel, SpendLuck: self._spend_luck,
            SpendMisfortune: self._spend_misfortune, TakeHarm: self._harm,
            LoseWealth: self._lose_wealth, Lost: self._lost,
            RollOutOfAction: self._out_of_action, Revive: self._revive, Rest: self._rest,
            Crime: self._crime, PayBounty: self._pay, DoTime: self._time,
            CunningDeal: self._deal, RollWantedChart: self._chart, Carouse: self._carouse,
            Advance: self._advance, ShareTake: self._take, Buy: self._buy, Sell: self._sell,
            RollReaction: self._reaction, CheckMorale: self._morale,
            QuickDraw: self._quick_draw, CheckAmmunition: self._ammo,
            FlipInitiative: self._initiative, SetSceneDie: self._scene,
            ChangeGlory: self._glory, JoinFight: self._join, MoveInFight: self._move,
            EndTurn: self._end_turn, LeaveFight: self._leave, EndFight: self._end_fight,
        }

    def _settings(self, state: FistfulState, command: ChooseOptionalRules) -> list[NewEvent]:
        return [NewEvent(P + "optional_rules_chosen", command.settings.to_data())]

    def _form(self, state: FistfulState, command: FormPosse) -> list[NewEvent]:
        if state.formed:
            raise RuleError("Posse creation", f"the posse {state.posse} is already formed")
        if not command.name.strip():
            raise RuleError("Posse creation", "the posse needs a name", field="name")
        wanted.verify_start(command.clock)
        return [NewEvent(P + "posse_formed", {
            "name": command.name.strip(), "clock": command.clock,
            "history": command.history, "purpose": command.purpose})]

    def _new_name(self, state: FistfulState, name: str) -> str:
        name = name.strip()
        if not name:
            raise RuleError("Characters", "a character needs a name", field="name")
        if state.character(name) is not None:
            raise RuleError("Characters", f"there is already a {name}", field="name")
        return name

    def _create(self, state: FistfulState, command: CreateCharacter) -> list[NewEvent]:
        if not state.formed:
            raise RuleError("Posse creation", "form the posse first: its hour sets the purse")
        name = self._new_name(state, command.name)
        scores = characters.rolled_attributes(command.dice, command.swap)
        _faces(command.purse, state.clock, f"the starting purse ({state.clock}d6 at "
               f"{state.clock} o'clock)")
        characters.verify_equipment(command.equipment, scores["grit"])
        purse = 10 * sum(command.purse)
        sheet = Character(
            name=name, grit=scores["grit"], gumption=scores["gumption"],
            grace=scores["grace"], guts=guts_max(scores["grit"]), dollars=purse,
            start_purse=purse, background=command.background, gender=command.gender,
            hometown=command.hometown, notes=command.notes, equipment=command.equipment)
        return [NewEvent(P + "character_created", {
            "dice": list(command.dice), "swap": list(command.swap or ()),
            "purse": list(command.purse), "character": sheet.to_data()})]

    def _npc(self, state: FistfulState, command: AddNpc) -> list[NewEvent]:
        name = self._new_name(state, command.name)
        if command.rank == "Creature":
            if command.attributes is None or any(a < 1 for a in command.attributes):
                raise RuleError("NPC rank", "a creature is given its three Attributes",
                                field="attributes")
            scores = dict(zip(ATTRIBUTES, command.attributes, strict=True))
        else:
            scores = characters.npc_attributes(command.rank, command.strong, command.second)
            if command.attributes is not None:
                if any(not 1 <= a <= HUMAN_LIMIT for a in command.attributes):
                    raise RuleError("NPC rank", f"a human's Attributes are 1 to {HUMAN_LIMIT}",
                                    field="attributes")
                scores = dict(zip(ATTRIBUTES, command.attributes, strict=True))
        characters.verify_equipment(command.equipment, max(scores["grit"], 1))
        sheet = Character(name=name, grit=scores["grit"], gumption=scores["gumption"],
                          grace=scores["grace"], guts=guts_max(scores["grit"]),
                          rank=command.rank, equipment=command.equipment, notes=command.notes,
                          side=_side(command.side))
        return [NewEvent(P + "npc_added", {"character": sheet.to_data()})]

    def _edit(self, state: FistfulState, command: EditSheet) -> list[NewEvent]:
        who = self._who(state, command.name, able=False)
        characters.verify_equipment(command.equipment, who.grit)
        changes: dict[str, Any] = {
            "background": command.background, "gender": command.gender,
            "hometown": command.hometown, "notes": command.notes,
            "equipment": [item_data(i) for i in command.equipment]}
        if command.side is not None and (who.is_npc or command.side.strip()):
            if not who.is_npc:
                raise RuleError("Sides", "the posse is one side: sides are named for NPCs",
                                field="side")
            changes["side"] = _side(command.side)
        return [NewEvent(P + "sheet_changed", {"name": who.name, "sheets": {who.name: changes}})]

    # -- tests -------------------------------------------------------------------------------

    def _test(self, state: FistfulState, command: RollTest) -> list[NewEvent]:
        who = self._who(state, command.name, in_action=True)
        attribute = self._attribute(command.attribute)
        conflict.verify_challenge(command.challenge)
        kept, record, changes = self._pool(
            state, who, command.stakes, command.rolled, command.floating, command.removed,
            attribute=attribute, challenge=command.challenge)
        value = who.attribute(attribute)
        result = conflict.outcome(kept, value, command.challenge)
        luck = changes.get("luck", who.luck)
        misfortune = state.misfortune - (1 if command.floating == "judge" else 0)
        stress = conflict.stress_after(who.stress, result.result)
        luck_earned = result.earns_luck and not who.is_npc
        luck_now = luck_earned and luck >= conflict.BANK_MAX
        if luck_earned and not luck_now:
            luck += 1
        misfortune_banked = (result.earns_misfortune and not who.is_npc
                             and misfortune < conflict.BANK_MAX)
        if misfortune_banked:
            misfortune += 1
        five_under = (state.settings.five_under and result.result is Result.SUCCESS
                      and len(kept) >= 5 and stress > 0)
        if five_under:
            stress -= 1
        changes.update(luck=luck, stress=stress)
        return [NewEvent(P + "test_rolled", {
            "name": who.name, "attribute": attribute, "value": value,
            "challenge": command.challenge, "stakes": command.stakes, **record,
            "kept": list(kept), "total": result.total, "result": result.result.name.lower(),
            "luck_earned": luck_earned, "luck_spent_at_once": luck_now,
            "misfortune_banked": misfortune_banked, "five_under": five_under,
            "misfortune": misfortune, "sheets": {who.name: changes}})]

    def _double_down(self, state: FistfulState, command: DoubleDown) -> list[NewEvent]:
        test = state.open_test
        if test is None:
            raise RuleError("Doubling Down", "there is no test to double down on")
        who = self._who(state, test.name)
        faces = command.faces
        conflict.verify_double_down(test.result, who.stress, faces)
        coins = state.settings.coin_double_down
        for face in faces:
            allowed = (conflict.HEADS, conflict.TAILS) if coins else range(1, 7)
            if face not in allowed:
                raise RuleError("Doubling Down", "coins count 6 or 1" if coins
                                else f"a d6 shows 1 to 6, not {face}", field="dice")
        total = test.total + sum(faces)
        result = conflict.outcome((test.total, *faces), test.value, test.challenge).result
        stress = conflict.stress_after(who.stress, result)
        return [NewEvent(P + "doubled_down", {
            "name": who.name, "faces": list(faces), "coins": coins, "before": test.total,
            "total": total, "result": result.name.lower(),
            "catastrophe": result is not Result.SUCCESS,
            "misfortune": conflict.banked(state.misfortune),
            "sheets": {who.name: {"stress": stress}}})]

    def _side(self, state: FistfulState, side: Side, challenge: int
              ) -> tuple[Character, dict[str, Any], dict[str, Any]]:
        who = self._who(state, side.name, in_action=True)
        attribute = self._attribute(side.attribute)
        kept, record, changes = self._pool(state, who, side.stakes, side.rolled, side.floating,
                                           side.removed, attribute=attribute,
                                           challenge=challenge)
        value = who.attribute(attribute)
        record.update(name=who.name, attribute=attribute, value=value, stakes=side.stakes,
                      kept=list(kept), total=sum(kept))
        return who, record, changes

    def _opposed(self, state: FistfulState, command: OpposedTest) -> list[NewEvent]:
        if command.active.name == command.opposition.name:
            raise RuleError("Opposed test", "a character cannot oppose themselves")
        if command.active.floating == "judge" and command.opposition.floating == "judge":
            raise RuleError("Floating die", "the Judge floats one die a test", field="floating")
        # The opposition rolls with its own total unknown to the active side; its floating
        # choice is made against the best the active side could stay under.
        opp, opp_record, opp_changes = self._side(state, command.opposition, 0)
        act, act_record, act_changes = self._side(state, command.active,
                                                  int(opp_record["total"]))
        winner = conflict.opposed_winner(act_record["total"], act_record["value"],
                                         opp_record["total"], opp_record["value"])
        sheets: Sheets = {}
        misfortune = state.misfortune - sum(
            1 for s in (command.active, command.opposition) if s.floating == "judge")
        for who, record, changes, won in ((act, act_record, act_changes, winner == "active"),
                                          (opp, opp_record, opp_changes,
                                           winner == "opposition")):
            bust = record["total"] > record["value"]
            doubles = conflict.has_doubles(record["kept"])
            luck = changes.get("luck", who.luck)
            if doubles and won and not who.is_npc:
                record["luck_earned"] = True
                if luck < conflict.BANK_MAX:
                    luck += 1
                else:
                    record["luck_spent_at_once"] = True
            if doubles and not won and not who.is_npc and misfortune < conflict.BANK_MAX:
                misfortune += 1
                record["misfortune_banked"] = True
            stress = min(conflict.STRESS_MAX, who.stress + 1) if bust else who.stress
            changes.update(luck=luck, stress=stress)
            sheets[who.name] = changes
        data: dict[str, Any] = {"active": act_record, "opposition": opp_record,
                                "winner": winner or "", "misfortune": misfortune}
        if command.weapon is not None:
            table = weapons()
            if command.weapon not in table:
                raise RuleError("Weapons", f"no weapon {command.weapon!r}", field="weapon")
            weapon = table[command.weapon]
            if command.band not in harm.RANGE_BANDS or command.cover not in harm.COVER:
                raise RuleError("Range", "a band is Close, Nearby, Faraway or Distant; cover "
                                "none, light or hard", field="band")
            if not harm.in_reach(weapon, command.band):
                raise RuleError("Range", f"a {weapon.name} does not reach {command.band}",
                                field="band")
            data.update(weapon=weapon.key, band=command.band, cover=command.cover)
            if winner == "active":
                hurt = harm.damage(command.active.stakes, weapon, command.band, command.cover)
                guts = max(0, opp.guts - hurt)
                sheets[opp.name]["guts"] = guts
                data["damage"] = hurt
        data["sheets"] = sheets
        return [NewEvent(P + "opposed_test_rolled", data)]

    def _duel(self, state: FistfulState, command: Duel) -> list[NewEvent]:
        attribute = self._attribute(command.attribute)
        sides = []
        for name, coins in ((command.challenger, command.challenger_coins),
                            (command.opponent, command.opponent_coins)):
            who = self._who(state, name, in_action=True)
            faces = conflict.coin_faces(coins)
            conflict.verify_stakes(len(faces), who.stress)
            sides.append((who, coins.upper(), sum(faces), who.attribute(attribute)))
        (a, a_coins, a_total, a_limit), (b, b_coins, b_total, b_limit) = sides
        if a.name == b.name:
            raise RuleError("High Stakes Duel", "a duel needs two sides")
        winner = conflict.opposed_winner(a_total, a_limit, b_total, b_limit)
        sheets: Sheets = {}
        for who, total, limit in ((a, a_total, a_limit), (b, b_total, b_limit)):
            stress = conflict.stress_after(who.stress, Result.BUST if total > limit
                                           else Result.FAILURE)
            sheets[who.name] = {"stress": stress}
        won = {"active": a, "opposition": b}.get(winner or "")
        if won is not None:
            sheets[won.name]["stress"] = max(0, sheets[won.name]["stress"] - 1)
        return [NewEvent(P + "duel_fought", {
            "attribute": attribute,
            "challenger": a.name, "challenger_coins": a_coins, "challenger_total": a_total,
            "challenger_limit": a_limit, "opponent": b.name, "opponent_coins": b_coins,
            "opponent_total": b_total, "opponent_limit": b_limit,
            "winner": won.name if won else "", "sheets": sheets})]

    def _spend_luck(self, state: FistfulState, command: SpendLuck) -> list[NewEvent]:
        who = self._who(state, command.name, in_action=True)
        # a Luck just rolled on a full bank is spent at once, from no bank
        at_once = who.name in state.unbanked_luck
        if not at_once and who.luck < 1:
            raise RuleError("Luck", f"{who.name} has no Luck banked")
        changes: dict[str, Any] = {} if at_once else {"luck": who.luck - 1}
        if command.on_stress:
            if not state.settings.stress_for_luck:
                raise RuleError("Stress for Luck", "that optional rule is off")
            if who.name not in state.fresh_luck:
                raise RuleError("Stress for Luck", f"only a Luck just rolled takes a Stress "
                                f"off, and {who.name}'s newest roll gave none", field="stress")
            if who.stress < 1:
                raise RuleError("Stress for Luck", f"{who.name} has no Stress")
            changes["stress"] = who.stress - 1
        return [NewEvent(P + "luck_spent", {"name": who.name, "why": command.why,
                                            "from_bank": not at_once,
                                            "sheets": {who.name: changes}})]

    def _spend_misfortune(self, state: FistfulState, command: SpendMisfortune
                          ) -> list[NewEvent]:
        if state.misfortune < 1:
            raise RuleError("Misfortune", "the Judge has no Misfortune banked")
        on = self._who(state, command.on, in_action=True, field="on").name if command.on else ""
        return [NewEvent(P + "misfortune_spent", {"why": command.why, "on": on,
                                                  "misfortune": state.misfortune - 1})]

    # -- harm --------------------------------------------------------------------------------

    def _harm(self, state: FistfulState, command: TakeHarm) -> list[NewEvent]:
        who = self._who(state, command.name, able=False)
        if command.amount < 1:
            raise RuleError("Harm", "harm is at least 1 Guts", field="amount")
        guts = max(0, who.guts - command.amount)
        return [NewEvent(P + "harm_taken", {"name": who.name, "amount": command.amount,
                                            "why": command.why,
                                            "sheets": {who.name: {"guts": guts}}})]

    def _lose_wealth(self, state: FistfulState, command: LoseWealth) -> list[NewEvent]:
        who = self._who(state, command.name, able=False)
        if who.dollars < 1:
            raise RuleError("High Stakes Duel", f"{who.name} has no Dollars to lose",
                            field="name")
        sheets: Sheets = {who.name: {"dollars": 0, "start_purse": 0}}
        if command.winner:
            won = state.character(command.winner)
            if won is None or won.name == who.name:
                raise RuleError("High Stakes Duel", "the Dollars go to the one who won the "
                                f"wager, not {command.winner!r}", field="winner")
            gain: dict[str, Any] = {"dollars": won.dollars + who.dollars}
            if not won.is_npc:
                gain["take"] = won.take + who.dollars  # winnings count toward XP
            sheets[won.name] = gain
        return [NewEvent(P + "wealth_lost", {
            "name": who.name, "dollars": who.dollars, "winner": command.winner,
            "why": command.why, "sheets": sheets})]

    def _out_of_action(self, state: FistfulState, command: RollOutOfAction) -> list[NewEvent]:
        who = self._who(state, command.name, able=False)
        if not who.out_of_action or who.dead:
            raise RuleError("Out of action", f"{who.name} is not at 0 Guts")
        if who.out_of_action_rolled:
            raise RuleError("Out of action", f"{who.name}'s fall is rolled already: the "
                            "table is rolled once a fall", field="name")
        _faces((command.face,), 1, "the out of action roll")
        mishap = out_of_action_table()[command.face]
        changes: dict[str, Any] = {"stress": min(conflict.STRESS_MAX,
                                                 who.stress + mishap.stress)}
        if mishap.lower is not None:
            changes[mishap.lower] = who.attribute(mishap.lower) - 1
        if mishap.dead:
            changes["dead"] = True
        return [NewEvent(P + "out_of_action_rolled", {
            "name": who.name, "face": command.face, "mishap": mishap.name,
            "sheets": {who.name: changes}})]

    def _lost(self, state: FistfulState, command: Lost) -> list[NewEvent]:
        who = self._who(state, command.name, able=False)
        if who.dead or not who.out_of_action:
            raise RuleError("Out of action", f"{who.name} is not down at 0 Guts: only the "
                            "fallen are lost", field="name")
        return [NewEvent(P + "lost", {"name": who.name, "why": command.why,
                                      "sheets": {who.name: {"dead": True}}})]

    def _revive(self, state: FistfulState, command: Revive) -> list[NewEvent]:
        who = self._who(state, command.name, able=False)
        if who.dead or not who.out_of_action:
            raise RuleError("Out of action", f"{who.name} is not out of action (or is dead)")
        self._getting_up(who)
        _faces((command.face,), 1, "the Guts regained")
        guts = min(who.guts_max, command.face)
        return [NewEvent(P + "revived", {"name": who.name, "face": command.face,
                                         "sheets": {who.name: {"guts": guts}}})]

    def _rest(self, state: FistfulState, command: Rest) -> list[NewEvent]:
        who = self._who(state, command.name)
        self._getting_up(who)
        conflict.verify_stakes(len(command.rolled), who.stress)
        _faces(command.rolled, len(command.rolled), "the rest")
        result, change = harm.rest(command.rolled, who.grit)
        guts = max(0, min(who.guts_max, who.guts + change))
        stress = conflict.stress_after(who.stress, result)
        doubles = conflict.has_doubles(command.rolled)
        # a rest is a test: its doubles are Luck on a success, Misfortune on a Bust
        lucky = result is Result.SUCCESS and doubles
        luck_off = lucky and command.luck_on_stress and stress > 0
        if luck_off:
            stress -= 1
        kept = lucky and not luck_off and not who.is_npc
        banked = kept and who.luck < conflict.BANK_MAX
        changes: dict[str, Any] = {"guts": guts, "stress": stress}
        if banked:
            changes["luck"] = who.luck + 1
        misfortune_banked = (result is Result.BUST and doubles and not who.is_npc
                             and state.misfortune < conflict.BANK_MAX)
        return [NewEvent(P + "rested", {
            "name": who.name, "rolled": list(command.rolled), "total": sum(command.rolled),
            "result": result.name.lower(), "luck_took_stress": luck_off,
            "luck_banked": banked, "luck_spent_at_once": kept and not banked,
            "misfortune_banked": misfortune_banked,
            "misfortune": state.misfortune + misfortune_banked,
            "sheets": {who.name: changes}})]

    # -- the Wanted Clock --------------------------------------------------------------------

    def _moved(self, state: FistfulState, after: int, how: str, why: str,
               cause: int | None = None, **more: Any) -> NewEvent:
        data: dict[str, Any] = {"before": state.clock, "after": after, "how": how, "why": why,
                                **more}
        if cause is not None:
            data["cause"] = cause
        return NewEvent(P + "clock_moved", data)

    def _posse_formed(self, state: FistfulState) -> None:
        if not state.formed:
            raise RuleError("Wanted Clock", "form the posse first")

    def _crime(self, state: FistfulState, command: Crime) -> list[NewEvent]:
        self._posse_formed(state)
        return [self._moved(state, wanted.after_crime(state.clock, command.segments), "crime",
                            command.why, command.cause)]

    def _pay(self, state: FistfulState, command: PayBounty) -> list[NewEvent]:
        self._posse_formed(state)
        who = self._who(state, command.payer, able=False)
        cost = wanted.pay_off_cost(state.clock)
        spendable = who.dollars - who.start_purse
        if spendable < cost:
            raise RuleError("Paying the bounty", f"${cost} to clear {state.clock} o'clock; "
                            f"{who.name} has ${spendable} that is not starting money",
                            field="payer")
        return [self._moved(state, state.clock - 1, "paid", f"{who.name} pays ${cost}",
                            payer=who.name, cost=cost,
                            sheets={who.name: {"dollars": who.dollars - cost}})]

    def _time(self, state: FistfulState, command: DoTime) -> list[NewEvent]:
        self._posse_formed(state)
        who = self._who(state, command.name, able=False)
        after = wanted.after_time_served(state.clock, command.segments)
        return [self._moved(state, after, "time", command.why or f"{who.name} does time",
                            name=who.name)]

    def _deal(self, state: FistfulState, command: CunningDeal) -> list[NewEvent]:
        self._posse_formed(state)
        return [self._moved(state, wanted.after_deal(state.clock, command.segments), "deal",
                            command.why)]

    def _chart(self, state: FistfulState, command: RollWantedChart) -> list[NewEvent]:
        self._posse_formed(state)
        entry = wanted.chart_entry(state.clock, command.dice)
        return [NewEvent(P + "wanted_chart_rolled", {
            "hour": state.clock, "dice": list(command.dice), "total": sum(command.dice),
            "entry": entry or ""})]

    # -- between adventures ------------------------------------------------------------------

    def _carouse(self, state: FistfulState, command: Carouse) -> list[NewEvent]:
        who = self._who(state, command.name)
        self._getting_up(who)
        between.verify_carousing(who.dollars, who.stress, command.stress_off,
                                 command.advancement_dice, who.xp, who.advancement_dice,
                                 command.bill)
        _faces(command.bill, len(command.bill), "the bill")
        _faces((command.table,), 1, "the Carousing table")
        cost = sum(command.bill)
        changes: dict[str, Any] = {
            "stress": who.stress - command.stress_off,
            "advancement_dice": who.advancement_dice + command.advancement_dice,
        }
        again_needed = command.table in (between.JACKPOT, between.FINE)
        if again_needed:
            _faces(command.again, len(command.bill), "the bill's dice rolled again")
        elif command.again:
            raise RuleError("Carousing", "the dice are rolled again only for a jackpot or a "
                            "fine", field="again")
        prize = sum(command.again) if command.table == between.JACKPOT else 0
        if command.table == between.FINE:
            cost += sum(command.again)
        dollars, debt = between.settle_bill(who.dollars, cost)
        changes.update(dollars=dollars + prize, debt=who.debt + debt,
                       start_purse=min(who.start_purse, dollars + prize))
        if command.table == between.BRAWL:
            changes["brawled"] = True
        max_guts = guts_max(who.grit) - (between.BRAWL_GUTS if changes.get(
            "brawled", who.brawled) else 0)
        changes["guts"] = max_guts
        if command.table in (between.NEW_BACKGROUND,) and command.story:
            changes["background"] = command.story
        if command.table == between.NEW_STORY and command.story:
            changes["notes"] = (who.notes + "\n" if who.notes else "") + command.story
        name, says = carousing_table()[command.table]
        events = [NewEvent(P + "caroused", {
            "name": who.name, "stress_off": command.stress_off,
            "advancement_dice": command.advancement_dice, "bill": list(command.bill),
            "table": command.table, "entry": name, "says": says, "again": list(command.again),
            "cost": cost, "prize": prize, "new_debt": debt, "story": command.story,
            "sheets": {who.name: changes}})]
        if command.table == between.WANTED:
            coin = _coin(command.coin, "Carousing")
            events[0] = replace(events[0], data={**events[0].data, "coin": coin})
            if coin == "H" and state.formed:
                events.append(self._moved(
                    state, wanted.after_crime(state.clock, 1), "carousing",
                    f"{who.name}'s carousing put a bounty on the posse", follows=True))
        elif command.coin:
            raise RuleError("Carousing", "a coin is flipped only on the Wanted result",
                            field="coin")
        return events

    def _advance(self, state: FistfulState, command: Advance) -> list[NewEvent]:
        who = self._who(state, command.name, in_action=True)
        attribute = self._attribute(command.attribute)
        if who.advancement_dice < 1:
            raise RuleError("Advancement", f"{who.name} has bought no advancement dice "
                            "(buy them while Carousing)")
        if who.xp < who.advancement_dice:
            # only a journal written before the XP was checked at Carousing comes here
            raise RuleError("Experience", f"one XP buys one die: {who.name} has "
                            f"{who.advancement_dice} dice bought and only {who.xp} XP")
        _faces(command.faces, who.advancement_dice, "the advancement dice")
        value = who.attribute(attribute)
        if value >= characters.ATTRIBUTE_CAP:
            raise RuleError("Advancement", f"{attribute.title()} is already "
                            f"{characters.ATTRIBUTE_CAP}, the most it can be",
                            field="attribute")
        rose = characters.advanced(value, command.faces)
        changes: dict[str, Any] = {"xp": who.xp - len(command.faces), "advancement_dice": 0}
        if rose:
            changes[attribute] = value + 1
            if attribute == "grit":
                changes["guts"] = who.guts + guts_max(value + 1) - guts_max(value)
        return [NewEvent(P + "advanced", {
            "name": who.name, "attribute": attribute, "before": value,
            "faces": list(command.faces), "total": sum(command.faces), "rose": rose,
            "sheets": {who.name: changes}})]

    def _take(self, state: FistfulState, command: ShareTake) -> list[NewEvent]:
        who = self._who(state, command.name, able=False)
        if command.dollars < 1:
            raise RuleError("Experience", "a share is at least $1", field="dollars")
        return [NewEvent(P + "take_shared", {
            "name": who.name, "dollars": command.dollars,
            "sheets": {who.name: {"dollars": who.dollars + command.dollars,
                                  "take": who.take + command.dollars}}})]

    def _price(self, category: str, dice: Sequence[int], rolls: int) -> int:
        table = price_categories()
        if category not in table:
            raise RuleError("Prices", f"a category is one of {', '.join(table)}",
                            field="category")
        kind = table[category]
        if kind.dice == 0:
            if dice or rolls != 1:
                raise RuleError("Prices", "an Incidental item has a set price and is not "
                                "rolled", field="dice" if dice else "rolls")
            return kind.flat
        if rolls < 1:
            raise RuleError("Prices", f"the price is rolled at least once, not {rolls} times",
                            field="rolls")
        # exactly the dice of the rolls asked for: 16 dice are four Bespoke rolls, never one
        needed = kind.dice * rolls
        if len(dice) != needed:
            times = "once" if rolls == 1 else f"{rolls} times"
            raise RuleError("Prices", f"{category} is {kind.dice}d6 a roll, rolled {times}: "
                            f"{needed} dice, not {len(dice)}", field="dice")
        _faces(dice, needed, "the price")
        return characters.price(category, dice, kind.times, kind.flat)

    def _buy(self, state: FistfulState, command: Buy) -> list[NewEvent]:
        who = self._who(state, command.name, able=False)
        cost = self._price(command.category, command.dice, command.rolls)
        if cost > who.dollars:
            rolled = (f" (dice {' '.join(str(f) for f in command.dice)})"
                      if command.dice else "")
            raise RuleError("Prices", f"{command.item.name} costs ${cost}{rolled} "
                            f"and {who.name} has only ${who.dollars}: a buyer pays the "
                            "price rolled", field="dice")
        equipment = (*who.equipment, command.item)
        characters.verify_equipment(equipment, who.grit)
        return [NewEvent(P + "bought", {
            "name": who.name, "item": command.item.name, "category": command.category,
            "dice": list(command.dice), "rolls": command.rolls, "cost": cost,
            "sheets": {who.name: {
                "dollars": who.dollars - cost,
                "start_purse": max(0, who.start_purse - cost),
                "equipment": [item_data(i) for i in equipment]}}})]

    def _sell(self, state: FistfulState, command: Sell) -> list[NewEvent]:
        who = self._who(state, command.name, able=False)
        held = [i for i in who.equipment if i.name == command.item]
        if not held:
            raise RuleError("Prices", f"{who.name} carries no {command.item}", field="item")
        value = self._price(command.category, command.dice, command.rolls)
        paid = characters.resale(value) if command.used else value
        rest = list(who.equipment)
        rest.remove(held[0])
        return [NewEvent(P + "sold", {
            "name": who.name, "item": command.item, "dice": list(command.dice),
            "rolls": command.rolls, "value": value, "paid": paid, "used": command.used,
            "sheets": {who.name: {
                "dollars": who.dollars + paid,
                "equipment": [item_data(i) for i in rest]}}})]

    # -- the Judge's rolls -------------------------------------------------------------------

    def _reaction(self, state: FistfulState, command: RollReaction) -> list[NewEvent]:
        _faces(command.dice, 2, "the reaction roll")
        if command.extra and not 1 <= command.extra <= 6:
            raise RuleError("Reaction", "the extra die shows 1 to 6", field="extra")
        total = sum(command.dice) + command.extra + command.modifier
        table = reaction_table()
        # a modified total past either end reads the table's end entry
        return [NewEvent(P + "reaction_rolled", {
            "dice": list(command.dice), "extra": command.extra,
            "modifier": command.modifier, "total": total,
            "entry": table[min(max(table), max(min(table), total))]})]

    def _morale(self, state: FistfulState, command: CheckMorale) -> list[NewEvent]:
        who = self._who(state, command.name)
        if not who.is_npc:
            raise RuleError("Morale", "morale is tested for NPCs and creatures", field="name")
        leader = state.morale_leader(who)
        if leader is None:
            side = who.side or f"{who.name}'s side"
            raise RuleError("Morale", f"nobody of {side} is standing to test their morale",
                            field="name")
        dice = harm.morale_dice(who.guts, who.guts_max)
        _faces(command.rolled, dice, "the morale roll")
        broke = harm.morale_breaks(command.rolled, leader.grit)
        data: dict[str, Any] = {
            "name": who.name, "side": who.side, "leader": leader.name,
            "rolled": list(command.rolled), "total": sum(command.rolled),
            "grit": leader.grit, "broke": broke}
        if command.coin:
            if not broke:
                raise RuleError("Morale", "a coin is flipped only when they break",
                                field="coin")
            data["coin"] = _coin(command.coin, "Morale")
        return [NewEvent(P + "morale_tested", data)]

    def _quick_draw(self, state: FistfulState, command: QuickDraw) -> list[NewEvent]:
        who = self._who(state, command.name)
        item = next((i for i in who.equipment if i.name == command.item), None)
        if item is None:
            raise RuleError("Quick draw", f"{who.name} carries no {command.item}", field="item")
        _faces(command.dice, 2, "the quick draw")
        return [NewEvent(P + "quick_drawn", {
            "name": who.name, "item": item.name, "slot": item.slot,
            "dice": list(command.dice), "drawn": characters.quick_draw(item.slot,
                                                                       command.dice)})]

    def _ammo(self, state: FistfulState, command: CheckAmmunition) -> list[NewEvent]:
        who = self._who(state, command.name, able=False)
        _faces((command.face,), 1, "the ammunition roll")
        spent = harm.ammunition_spent(command.face)
        return [NewEvent(P + "ammunition_checked", {"name": who.name, "face": command.face,
                                                    "spent": spent})]

    def _initiative(self, state: FistfulState, command: FlipInitiative) -> list[NewEvent]:
        coin = _coin(command.coin, "Initiative")
        sheets: Sheets = {}
        if command.luck:
            payers = [self._who(state, n, in_action=True, field="luck") for n in command.luck]
            if (sum(p.luck for p in payers) < fight.ORDER_LUCK
                    or len(set(command.luck)) != len(payers)):
                raise RuleError("Initiative", f"choosing the order costs {fight.ORDER_LUCK} Luck "
                                "between the posse", field="luck")
            owed = fight.ORDER_LUCK
            for payer in payers:
                paid = min(owed, payer.luck)
                owed -= paid
                sheets[payer.name] = {"luck": payer.luck - paid}
        return [NewEvent(P + "initiative_flipped", {
            "coin": coin, "first": harm.initiative(coin), "chosen": bool(command.luck),
            "round": state.combat_round + 1, "sheets": sheets})]

    def _scene(self, state: FistfulState, command: SetSceneDie) -> list[NewEvent]:
        if not state.settings.scene_stakes:
            raise RuleError("Scene stakes", "that optional rule is off")
        if command.face is not None:
            _faces((command.face,), 1, "the scene die")
        return [NewEvent(P + "scene_die_set", {"face": command.face or 0})]

    def _glory(self, state: FistfulState, command: ChangeGlory) -> list[NewEvent]:
        if not state.settings.glory:
            raise RuleError("Glory", "that optional rule is off")
        return [NewEvent(P + "glory_changed", {"amount": command.amount, "why": command.why,
                                               "glory": max(0, state.glory + command.amount)})]

    # -- the turn tracker --------------------------------------------------------------------

    def _fighting(self, state: FistfulState, name: str, *, turn: bool = True) -> Fighter:
        """The fighter called `name`; `turn`: one taking a turn, so able to act."""
        found = state.fighter(name)
        if found is None:
            raise RuleError("Turns", f"{name} is not in the fight", field="name")
        if turn:
            self._who(state, name, in_action=True)
        return found

    def _join(self, state: FistfulState, command: JoinFight) -> list[NewEvent]:
        who = self._who(state, command.name, in_action=True)
        fight.verify_band(command.band)
        if state.fighter(who.name) is not None:
            raise RuleError("Turns", f"{who.name} is already in the fight", field="name")
        return [NewEvent(P + "fight_joined", {"name": who.name, "band": command.band})]

    def _move(self, state: FistfulState, command: MoveInFight) -> list[NewEvent]:
        fighter = self._fighting(state, command.name)
        if fighter.acted:
            raise RuleError("Turns", f"{fighter.name} has had this round's turn")
        fight.verify_move(fighter.band, command.band, fighter.moved)
        return [NewEvent(P + "fighter_moved", {"name": fighter.name, "before": fighter.band,
                                               "band": command.band})]

    def _end_turn(self, state: FistfulState, command: EndTurn) -> list[NewEvent]:
        fighter = self._fighting(state, command.name)
        if fighter.acted:
            raise RuleError("Turns", f"{fighter.name} has had this round's turn")
        return [NewEvent(P + "turn_ended", {"name": fighter.name})]

    def _leave(self, state: FistfulState, command: LeaveFight) -> list[NewEvent]:
        fighter = self._fighting(state, command.name, turn=False)
        return [NewEvent(P + "fight_left", {"name": fighter.name})]

    def _end_fight(self, state: FistfulState, command: EndFight) -> list[NewEvent]:
        if not state.fight and not state.combat_round:
            raise RuleError("Turns", "there is no fight to end")
        return [NewEvent(P + "fight_ended", {"rounds": state.combat_round})]

    # -- evolving ----------------------------------------------------------------------------

    def evolve(self, state: FistfulState, event: Event) -> FistfulState:
        if event.kind == SESSION_START:
            return replace(state, characters=tuple(
                replace(c, background_used=False) for c in state.characters))
        if not event.kind.startswith(P):
            return state
        kind, data = event.kind.removeprefix(P), event.data
        if state.fresh_luck:  # a Luck is "just rolled" until the next step
            state = replace(state, fresh_luck=(), unbanked_luck=())
        state = self._evolve_kind(state, kind, data, event.seq)
        for name, changes in data.get("sheets", {}).items():
            found = state.character(name)
            if found is not None:
                changed = Character.from_data({**found.to_data(), **changes})
                if changed.guts > 0 and changed.out_of_action_rolled:
                    changed = replace(changed, out_of_action_rolled=False)  # up again
                state = state.with_character(changed)
        return state

    def _evolve_kind(self, state: FistfulState, kind: str, data: Mapping[str, Any],
                     seq: int) -> FistfulState:
        if kind == "optional_rules_chosen":
            return replace(state, settings=Settings.from_data(data))
        if kind == "posse_formed":
            return replace(state, posse=data["name"], clock=data["clock"],
                           history=data["history"], purpose=data["purpose"], formed=True)
        if kind in ("character_created", "npc_added"):
            return state.with_character(Character.from_data(data["character"]))
        if kind == "test_rolled":
            return replace(_lucky(state, (data,)), misfortune=data["misfortune"],
                           open_test=OpenTest(seq, data["name"], data["attribute"],
                                              data["value"], data["challenge"],
                                              data["total"], Result[data["result"].upper()]))
        if kind == "doubled_down":
            return replace(state, misfortune=data["misfortune"], open_test=None)
        if kind == "opposed_test_rolled":
            return replace(_lucky(state, (data["active"], data["opposition"])),
                           misfortune=data["misfortune"], open_test=None)
        if kind == "rested":
            return replace(_lucky(state, (data,)),
                           misfortune=data.get("misfortune", state.misfortune))
        if kind == "out_of_action_rolled":
            found = state.character(data["name"])
            if found is not None:
                return state.with_character(replace(found, out_of_action_rolled=True))
        if kind == "misfortune_spent":
            return replace(state, misfortune=data["misfortune"])
        if kind == "clock_moved":
            cause = data.get("cause", seq - 1 if data.get("follows") else None)
            move = ClockMove(seq, data["before"], data["after"], data["how"], data["why"],
                             cause)
            return replace(state, clock=data["after"], clock_moves=(*state.clock_moves, move))
        if kind == "wanted_chart_rolled":
            return replace(state, chart_rolls=(*state.chart_rolls,
                                               (seq, data["total"], data["entry"])))
        if kind == "initiative_flipped":
            return replace(state, combat_round=data["round"], first_to_act=data["first"],
                           fight=tuple(Fighter(f.name, f.band) for f in state.fight))
        if kind == "fight_joined":
            return replace(state, fight=(*state.fight, Fighter(data["name"], data["band"])))
        if kind in ("fighter_moved", "turn_ended", "fight_left"):
            return replace(state, fight=tuple(_tracked(f, kind, data) for f in state.fight
                                              if kind != "fight_left"
                                              or f.name != data["name"]))
        if kind == "fight_ended":
            return replace(state, fight=(), combat_round=0, first_to_act="")
        if kind == "scene_die_set":
            return replace(state, scene_die=data["face"] or None)
        if kind == "glory_changed":
            return replace(state, glory=data["glory"])
        return state

    def session_ending(self, state: FistfulState) -> list[NewEvent]:
        """XP from the session's take, and the brawl's lowered Guts lifted."""
        events = []
        for who in state.characters:
            if who.take or who.brawled:
                xp = characters.xp_for(who.take)
                events.append(NewEvent(P + "session_settled", {
                    "name": who.name, "take": who.take, "xp": xp,
                    "sheets": {who.name: {"xp": who.xp + xp, "take": 0, "brawled": False}}}))
        return events

    # -- the log -----------------------------------------------------------------------------

    def describe(self, event: Event) -> str:
        return describe(event)

    def subjects(self, event: Event) -> frozenset[str]:
        data = event.data
        names = set(data.get("sheets", {}))
        for key in ("name", "challenger", "opponent", "payer"):
            if isinstance(data.get(key), str) and data[key]:
                names.add(data[key])
        for key in ("active", "opposition"):
            if isinstance(data.get(key), Mapping):
                names.add(data[key]["name"])
        if "character" in data:
            names.add(data["character"]["name"])
        return frozenset(names)

    def problems(self, state: FistfulState) -> list[str]:
        found = []
        if not 1 <= state.clock <= wanted.HIGH_NOON:
            found.append(f"the Wanted Clock is at {state.clock}, outside 1 to 12")
        if not 0 <= state.misfortune <= conflict.BANK_MAX:
            found.append(f"the Judge banks {state.misfortune} Misfortune, more than 3")
        for who in state.characters:
            if not 0 <= who.stress <= conflict.STRESS_MAX:
                found.append(f"{who.name} has {who.stress} Stress, outside 0 to 6")
            if not 0 <= who.luck <= conflict.BANK_MAX:
                found.append(f"{who.name} banks {who.luck} Luck, outside 0 to 3")
            if not 0 <= who.guts <= max(who.guts_max, 0):
                found.append(f"{who.name} has {who.guts} Guts of {who.guts_max}")
            try:
                characters.verify_equipment(who.equipment, max(who.grit, 1))
            except RuleError as error:
                found.append(f"{who.name}: {error}")
        return found


def _side(typed: str) -> str:
    """A side's name as typed, its spaces tidied."""
    return " ".join(typed.split())


def _lucky(state: FistfulState, rolls: Sequence[Mapping[str, Any]]) -> FistfulState:
    """The state knowing who these rolls just gave a Luck (and whose bank was full)."""
    fresh = tuple(r["name"] for r in rolls
                  if r.get("luck_earned") or r.get("luck_banked")
                  or r.get("luck_spent_at_once"))
    unbanked = tuple(r["name"] for r in rolls if r.get("luck_spent_at_once"))
    return replace(state, fresh_luck=fresh, unbanked_luck=unbanked)


def _tracked(fighter: Fighter, kind: str, data: Mapping[str, Any]) -> Fighter:
    if fighter.name != data["name"]:
        return fighter
    if kind == "fighter_moved":
        return replace(fighter, band=data["band"], moved=True)
    return replace(fighter, acted=True)


RULES = FistfulRules()

