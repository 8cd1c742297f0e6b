"""Tests and duels, decided (the arithmetic is `conflict`'s): a simple test and Doubling Down,
an opposed test and an attack, a High Stakes Duel and what its loser loses, Luck and
Misfortune spent, the scene die, and the reaction of a stranger. What may be done now is
asked of the `why_not_x` functions here; each step raises the same refusal.

Readings kept here: the Judge's modifier on a reaction may take the total past 2 or 12,
which then reads the table's end entry; the d6 added when the posse stays goes only on a
reaction of 8 (on guard), the Judge's modifier counted in that 8. A reaction is an NPC's
outlook towards the posse (line 265): rolled for an NPC on the sheets it is kept on their
sheet, the Judge's alone (a later roll for them replaces it, as the Judge may have one
rolled again); rolled for nobody named it is a stranger's, kept nowhere but the log. The d6
after an 8 is the same NPC's (or the same stranger's). One of the posse has no reaction
towards the posse. An area weapon (dynamite, line 241) harms, when its throw wins, each
other one the Judge names as caught in its blast by as much as the target, the range and the
target's cover included (the book says only "Area effect": one number for the blast, and
who stands near enough is the Judge's call); a throw that fails harms nobody. The Judge is
told so where he names them (`fight_rules.blast_told`). Outside a duel, some Dollars may be
lost or paid (robbed, fined, a bribe, a fare): starting money first, as a purchase spends
it (it cannot pay the bounty, line 321), to an NPC or gone, with the reason said; within
the posse Dollars are handed over instead (`between_rules.hand_over`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from gmscreen.games.fistful import commands as c
from gmscreen.games.fistful import conflict, fight_rules, harm
from gmscreen.games.fistful.events import (
    DoubledDown,
    DuelFought,
    LuckSpent,
    MisfortuneSpent,
    OpposedTestRolled,
    ReactionRolled,
    SceneDieSet,
    SheetChange,
    SideRolled,
    TestRolled,
    WealthLost,
)
from gmscreen.games.fistful.odds import Result
from gmscreen.games.fistful.rules import (
    RULES,
    able,
    attribute,
    dice_thrown,
    faces,
    pool_of,
    posse_in_action,
    refuse,
    scene_counts,
    who,
)
from gmscreen.games.fistful.state import Character, FistfulState
from gmscreen.games.fistful.tables import reaction_table, weapons
from gmscreen.journal.rules import RuleError

#: a reaction of 8 is on guard: the NPC warns the posse off, and a d6 is added if they stay
GUARDED = 8
#: the floating dice, as a test names them: a Luck, the background's die, the Judge's
FLOATING = ("luck", "background", "judge")


# -- what may be done now ---------------------------------------------------------------------


def why_not_test(state: FistfulState) -> RuleError | None:
    """A test needs someone able to act."""
    if not state.characters:
        return RuleError("Tests", "nobody can test yet: make the characters first")
    if not able(state):
        return RuleError("Tests", "nobody can test: everyone is dead, out of play or out of "
                         "action")
    return None


def floating_choices(state: FistfulState, name: str) -> tuple[str, ...]:
    """The floating dice `name` can have on a test now (none for an NPC)."""
    found = state.character(name)
    if found is None or found.is_npc:
        return ()
    can = {"luck": found.luck > 0,
           "background": bool(found.background.strip()) and not found.background_used,
           "judge": state.misfortune > 0}
    return tuple(f for f in FLOATING if can[f])


def why_not_float(state: FistfulState, name: str) -> RuleError | None:
    """Why no die can float on `name`'s test, if none can."""
    found = state.character(name)
    if found is not None and found.is_npc:
        return RuleError("Floating die", "NPCs float no dice: Luck, backgrounds and "
                         "Misfortune are for the posse", field="floating")
    if not floating_choices(state, name):
        return RuleError("Floating die", f"no die can float: {name} has no Luck, the "
                         "background's die is used this session, and the Judge has no "
                         "Misfortune", field="floating")
    return None


def why_not_double_down(state: FistfulState) -> RuleError | None:
    test = state.open_test
    if test is None:
        return RuleError("Doubling Down", "it comes straight after a plain failure (a "
                         "simple test failed, or an opposed test or an attack lost, under the "
                         "Attribute), and no failed test is waiting for it (any step after "
                         "the test lets it go)")
    if test.result is not Result.FAILURE:
        done = ("Busted: over the Attribute, more dice cannot help"
                if test.result is Result.BUST else "succeeded: there is nothing to double")
        return RuleError("Doubling Down", f"{test.name}'s test {done}")
    found = state.character(test.name)
    if found is None or found.stress < 1:
        return RuleError("Doubling Down", f"{test.name} has no Stress: Doubling Down rolls "
                         "one die per point of Stress")
    return None


def double_down_dice(state: FistfulState) -> int:
    """How many dice (or coins) Doubling Down rolls now: one per Stress."""
    test = state.open_test
    found = state.character(test.name) if test is not None else None
    return found.stress if found is not None else 0


def why_not_opposed(state: FistfulState) -> RuleError | None:
    """An opposed test, an attack or a duel needs two sides able to act."""
    if len(able(state)) < 2:
        return RuleError("Opposed test", "it needs two characters able to act")
    return None


def duel_opponents(state: FistfulState, challenger: str) -> tuple[str, ...]:
    """Whom `challenger` may face in a High Stakes Duel: the others able to act (a duel
    needs two sides, so never the challenger)."""
    return tuple(x.name for x in able(state) if x.name != challenger)


def _in_a_duel(state: FistfulState) -> RuleError | None:
    """A duel someone won is the newest step: its loser's loss follows, and no Luck or
    Misfortune is used in a duel."""
    if state.duel_winner:
        return RuleError("High Stakes Duel", "no Luck or Misfortune is used in a High Stakes "
                         "Duel: take the loser's loss first (Harm loser, or Wealth)")
    return None


def why_not_spend_misfortune(state: FistfulState) -> RuleError | None:
    if state.misfortune < 1:
        return RuleError("Misfortune", "the Judge has no Misfortune banked (doubles on a "
                         "failure give one)")
    return _in_a_duel(state)


def why_not_misfortune_on(state: FistfulState, name: str) -> RuleError | None:
    """A Misfortune falls on one of the posse still in action (the book's setbacks are a
    player's character's), or on nobody in particular ("")."""
    if not name:
        return None
    found = posse_in_action(state, name, "Misfortune", "a Misfortune falls on one of the "
                            "posse, not on the Judge's own", field="on")
    return found if isinstance(found, RuleError) else None


def misfortune_targets(state: FistfulState) -> tuple[str, ...]:
    """Whom the Judge may spend a Misfortune on now."""
    return tuple(c.name for c in state.posse_members
                 if why_not_misfortune_on(state, c.name) is None)


def why_not_scene_die(state: FistfulState) -> RuleError | None:
    if not state.settings.scene_stakes:
        return RuleError("Scene stakes", "that optional rule is off")
    return None


def why_not_posse_stays(state: FistfulState) -> RuleError | None:
    """A d6 is added to the newest reaction only when it is on guard (8), once."""
    if state.guarded is None:
        return RuleError("Reaction", f"a d6 is added only to a reaction of {GUARDED} (on "
                         "guard) when the posse stays: roll the reaction first")
    return None


def why_not_spend_luck(state: FistfulState, name: str) -> RuleError | None:
    """The Luck just rolled (banked, or spent at once on a full bank), by one able to act:
    a Luck buys an effect as it is rolled; banked, it only floats a die (or pays toward the
    order of a round)."""
    found = posse_in_action(state, name, "Luck", "an NPC keeps no Luck")
    if isinstance(found, RuleError):
        return found
    in_a_duel = _in_a_duel(state)
    if in_a_duel is not None:
        return in_a_duel
    if found.name not in state.fresh_luck:
        return RuleError("Luck", f"a Luck buys an effect only as it is rolled, and "
                         f"{found.name}'s newest roll gave none; a banked Luck is spent as a "
                         f"floating die on a test (Float)")
    return None


def luck_spenders(state: FistfulState) -> tuple[str, ...]:
    """Who may spend the Luck just rolled now."""
    return tuple(name for name in state.fresh_luck if why_not_spend_luck(state, name) is None)


def why_not_spend_any_luck(state: FistfulState) -> RuleError | None:
    """A Luck is spent on an effect straight after the roll that gave it."""
    if luck_spenders(state):
        return None
    in_a_duel = _in_a_duel(state)
    return in_a_duel or RuleError("Luck", "a Luck buys an effect only as it is rolled: the "
                                  "newest step gave nobody a Luck (a banked Luck floats a die)")


def why_not_harm_loser(state: FistfulState) -> RuleError | None:
    """The loser of the duel just fought takes the moment's harm, if they have Guts."""
    loser = state.character(state.duel_loser)
    if loser is None or loser.dead or loser.guts < 1:
        return RuleError("High Stakes Duel", "harm for a duel's loser follows a High Stakes "
                         "Duel someone won, before the next step")
    return None


def why_not_take_wealth(state: FistfulState) -> RuleError | None:
    """A wager's loser loses their Dollars right after the duel."""
    loser = state.character(state.duel_loser)
    if loser is None or loser.dead:
        return RuleError("High Stakes Duel", "a wager's loser loses their wealth right after "
                         "a High Stakes Duel someone won, before the next step")
    if loser.dollars < 1:
        return RuleError("High Stakes Duel", f"{loser.name} has no Dollars to lose",
                         field="name")
    return None


# -- a simple test ------------------------------------------------------------------------------


def _pool(state: FistfulState, found: Character, stakes: int, rolled: Sequence[int],
          floating: str | None, removed: int | None, *, attribute_name: str,
          challenge: int, whose: str = "", against: int | None = None
          ) -> tuple[tuple[int, ...], tuple[int, ...], int | None, SheetChange]:
    """Check a roll: the dice thrown (with the scene die), those kept, the face taken away,
    and what the floating die costs the sheet (a Luck, or the background's die). `whose`:
    the side's name, said in a refusal of one side of an opposed test; `against`, the
    opposition's Attribute, for its active side."""
    conflict.verify_stakes(stakes, found.stress, whose=whose)
    faces(rolled, dice_thrown(state, stakes, floating),
          (f"{whose}'s Stakes" if whose else "the Stakes")
          + (" and the floating die" if floating else ""))
    pool = pool_of(state, rolled)
    if floating is not None and found.is_npc:
        raise RuleError("Floating die", "NPCs float no dice: Luck, backgrounds and the "
                        "Judge's Misfortune go on posse members' rolls", field="floating")
    if floating is None:
        if removed is not None:
            raise RuleError("Floating die", "a die is taken away only when one floats",
                            field="removed")
        return pool, pool, None, SheetChange(luck=found.luck)
    cost = SheetChange(luck=found.luck)
    if floating == "luck":
        if found.luck < 1:
            raise RuleError("Floating die", f"{found.name} has no Luck banked",
                            field="floating")
        cost = SheetChange(luck=found.luck - 1)
    elif floating == "background":
        if not found.background.strip():
            # line 20: the background awards the die; none written, none to float
            raise RuleError("Background", f"{found.name} has no background written: its "
                            "die floats once one is (Edit, on the Characters tab)",
                            field="floating")
        if found.background_used:
            raise RuleError("Background", f"{found.name}'s background die is used this "
                            "session", field="floating")
        cost = SheetChange(luck=found.luck, background_used=True)
    elif floating == "judge":
        if state.misfortune < 1:
            raise RuleError("Floating die", "the Judge has no Misfortune banked",
                            field="floating")
    else:
        raise RuleError("Floating die", f"luck, background or judge, not {floating!r}",
                        field="floating")
    removed = taken_away(pool, found.attribute(attribute_name), challenge, floating, removed,
                         against)
    return pool, conflict.remove_one(pool, removed), removed, cost


def chooser_of(floating: str) -> Literal["player", "judge"]:
    """Who takes a floating die's face away: the Judge for his Misfortune, else the player."""
    return "judge" if floating == "judge" else "player"


def taken_away(pool: Sequence[int], value: int, challenge: int, floating: str,
               removed: int | None, against: int | None = None) -> int:
    """The face a floating die takes away: the one named, or else the chooser's best
    (`against`: the opposition's Attribute, for the active side of an opposed test)."""
    if removed is None:
        return conflict.chosen_removal(pool, value, challenge, chooser_of(floating),
                                       against)
    return removed


def opposition_total(state: FistfulState, side: c.Side) -> int:
    """An opposed test's Challenge: the opposition's total, its floating die taken away
    before the active side's total is known (against Challenge 0)."""
    found = who(state, side.name, in_action=True)
    pool = pool_of(state, side.rolled)
    if side.floating is None:
        return sum(pool)
    value = found.attribute(attribute(side.attribute))
    return sum(conflict.remove_one(pool, taken_away(pool, value, 0, side.floating,
                                                    side.removed)))


@RULES.decides(c.RollTest)
def roll_test(state: FistfulState, command: c.RollTest) -> list[object]:
    found = who(state, command.name, in_action=True)
    named = attribute(command.attribute)
    conflict.verify_challenge(command.challenge)
    rolled, kept, removed, cost = _pool(
        state, found, command.stakes, command.rolled, command.floating, command.removed,
        attribute_name=named, challenge=command.challenge)
    value = found.attribute(named)
    result = conflict.outcome(kept, value, command.challenge)
    luck = cost.luck if cost.luck is not None else found.luck
    misfortune = state.misfortune - (1 if command.floating == "judge" else 0)
    stress = conflict.stress_after(found.stress, result.result)
    luck_earned = result.earns_luck and not found.is_npc
    luck_now = luck_earned and luck >= conflict.BANK_MAX
    if luck_earned and not luck_now:
        luck += 1
    # the Judge may bank a failure's doubles as a Misfortune, or let it go
    misfortune_due = (result.earns_misfortune and not found.is_npc
                      and misfortune < conflict.BANK_MAX)
    misfortune_banked = misfortune_due and command.bank_misfortune
    # with his bank full, the Misfortune is his to spend at once, or lost (lines 40, 42)
    misfortune_at_once = (result.earns_misfortune and not found.is_npc
                          and misfortune >= conflict.BANK_MAX and command.bank_misfortune)
    if misfortune_banked:
        misfortune += 1
    # "5 under" (line 290): blackjack's five cards under 21, 5 kept dice or more under the
    # Attribute (no Bust), whether or not they beat the Challenge
    five_under = (state.settings.five_under and result.result is not Result.BUST
                  and not found.is_npc and len(kept) >= 5 and stress > 0)
    if five_under:
        stress -= 1
    return [TestRolled(
        name=found.name, attribute=named, value=value, challenge=command.challenge,
        stakes=command.stakes, rolled=rolled, kept=kept, total=result.total,
        result=result.result.name.lower(), misfortune=misfortune,
        sheets={found.name: replace(cost, luck=luck, stress=stress)},
        floating=command.floating, removed=removed, luck_earned=luck_earned,
        luck_spent_at_once=luck_now, misfortune_banked=misfortune_banked,
        five_under=five_under,
        misfortune_let_go=misfortune_due and not command.bank_misfortune,
        misfortune_at_once=misfortune_at_once, npc=found.is_npc, scene=scene_counts(state))]


@RULES.decides(c.DoubleDown)
def double_down(state: FistfulState, command: c.DoubleDown) -> list[object]:
    refuse(why_not_double_down(state))
    test = state.open_test
    assert test is not None  # why_not_double_down asked for it
    found = who(state, test.name)
    conflict.verify_double_down(test.result, found.stress, command.faces)
    coins = state.settings.coin_double_down
    for face in command.faces:
        allowed = (conflict.HEADS, conflict.TAILS) if coins else range(1, 7)
        if face not in allowed:
            raise RuleError("Doubling Down", "coins count 6 or 1" if coins
                            else f"a d6 shows 1 to 6, not {face}", field="dice")
    result = conflict.outcome((test.total, *command.faces), test.value, test.challenge).result
    total = test.total + sum(command.faces)
    if test.against and result is Result.FAILURE and total == test.challenge \
            and test.value > test.their_value:
        result = Result.SUCCESS  # an opposed test's draw goes to the higher Attribute
    sheets = {found.name: SheetChange(stress=conflict.stress_after(found.stress, result))}
    damage = None
    if test.weapon is not None and result is Result.SUCCESS:
        # the attack wins after all: its harm, as the attack would have dealt it
        arm = (harm.natural_weapon(test.natural or "") if test.weapon == harm.NATURAL
               else weapons(state.settings.house())[test.weapon])
        damage = harm.damage(test.stakes, arm, test.band, test.cover)
        for name in (test.against, *test.caught):
            hit = who(state, name, able=False)
            if not hit.dead:
                sheets[hit.name] = SheetChange(guts=max(0, hit.guts - damage))
    if test.restore and result is Result.SUCCESS:
        # the opposition's new total wins (round 22): the attack is foiled, and those it
        # harmed get back the Guts it took
        for name, guts in test.restore:
            sheets[name] = replace(sheets.get(name, SheetChange()), guts=guts)
    # the Misfortune is the price of a player's push: the Judge pays none to himself for
    # his own NPC's (NPCs earn him none, as their doubles do not)
    misfortune = state.misfortune if found.is_npc else conflict.banked(state.misfortune)
    return [DoubledDown(
        name=found.name, faces=tuple(command.faces), before=test.total,
        total=test.total + sum(command.faces), result=result.name.lower(),
        catastrophe=result is not Result.SUCCESS, misfortune=misfortune,
        sheets=sheets, coins=coins, npc=found.is_npc,
        misfortune_gained=misfortune > state.misfortune,
        against=test.against, their_total=test.challenge if test.against else 0,
        weapon=test.weapon, natural=test.natural, damage=damage, caught=test.caught,
        opposition=test.opposition, foils=test.foils)]


# -- an opposed test, an attack -----------------------------------------------------------------


#: the fields of one side's own roll: a refusal of one is that side's ("opposition_dice")
SIDE_FIELDS = ("stakes", "dice", "floating", "removed")


def _side(state: FistfulState, side: c.Side, challenge: int, which: str,
          against: int | None = None) -> tuple[Character, SideRolled, SheetChange]:
    """One side of an opposed test (`which`: "active" or "opposition"), its roll checked
    (the active side's against the opposition's total and Attribute, `against`); a refusal
    of its Stakes, dice or floating die names the side and its own field, so a form marks
    that side's, not the other's."""
    found = who(state, side.name, in_action=True)
    named = attribute(side.attribute)
    try:
        rolled, kept, removed, cost = _pool(
            state, found, side.stakes, side.rolled, side.floating, side.removed,
            attribute_name=named, challenge=challenge, whose=found.name, against=against)
    except RuleError as refused:
        if refused.field not in SIDE_FIELDS:
            raise
        raise RuleError(refused.rule, refused.message,
                        field=f"{which}_{refused.field}") from None
    return found, SideRolled(
        name=found.name, attribute=named, value=found.attribute(named), stakes=side.stakes,
        rolled=rolled, kept=kept, total=sum(kept), floating=side.floating,
        removed=removed, npc=found.is_npc, scene=scene_counts(state)), cost


@RULES.decides(c.OpposedTest)
def opposed_test(state: FistfulState, command: c.OpposedTest) -> list[object]:
    if command.turn:
        # the attack of a fighter's turn: its one action, against someone in the fight
        refuse(fight_rules.why_not_attack(state, command.active.name))
        if command.opposition.name not in fight_rules.targets(state, command.active.name):
            raise fight_rules.not_a_target(state, command.active.name,
                                           command.opposition.name)
    if command.active.name == command.opposition.name:
        raise RuleError("Opposed test", "a character cannot oppose themselves")
    if command.active.floating == "judge" and command.opposition.floating == "judge":
        raise RuleError("Floating die", "the Judge floats one die a test", field="floating")
    # The opposition rolls with its own total unknown to the active side; its floating
    # choice is made against the best the active side could stay under.
    opp, opp_roll, opp_cost = _side(state, command.opposition, 0, "opposition")
    act, act_roll, act_cost = _side(state, command.active, opp_roll.total, "active",
                                    opp_roll.value)
    winner = conflict.opposed_winner(act_roll.total, act_roll.value, opp_roll.total,
                                     opp_roll.value)
    misfortune = state.misfortune - sum(
        1 for s in (command.active, command.opposition) if s.floating == "judge")
    rolls: list[SideRolled] = []
    sheets = {}
    for found, roll, cost, won in ((act, act_roll, act_cost, winner == "active"),
                                   (opp, opp_roll, opp_cost, winner == "opposition")):
        gives = conflict.opposed_doubles(roll.kept, won)
        luck = cost.luck if cost.luck is not None else found.luck
        earned = gives == "luck" and not found.is_npc
        at_once = earned and luck >= conflict.BANK_MAX
        if earned and not at_once:
            luck += 1
        due = (gives == "misfortune" and not found.is_npc
               and misfortune < conflict.BANK_MAX)
        banked = due and command.bank_misfortune
        at_once_misfortune = (gives == "misfortune" and not found.is_npc
                              and misfortune >= conflict.BANK_MAX and command.bank_misfortune)
        if banked:
            misfortune += 1
        stress = min(conflict.STRESS_MAX, found.stress + 1) if roll.total > roll.value \
            else found.stress
        # "5 under": a posse member's 5 kept dice or more under the Attribute, won or not
        five_under = (state.settings.five_under and roll.total <= roll.value
                      and not found.is_npc and len(roll.kept) >= 5 and stress > 0)
        if five_under:
            stress -= 1
        rolls.append(replace(roll, luck_earned=earned, luck_spent_at_once=at_once,
                             misfortune_banked=banked, five_under=five_under,
                             misfortune_let_go=due and not command.bank_misfortune,
                             misfortune_at_once=at_once_misfortune))
        sheets[found.name] = replace(cost, luck=luck, stress=stress)
    weapon = band = cover = natural = None
    damage = None
    thrown_item, thrown_left = "", 0
    if command.weapon is not None:
        table = weapons(state.settings.house())
        if command.weapon == harm.NATURAL:
            # the attacker's own claws, teeth or horns, as their sheet gives them
            if not act.natural:
                raise RuleError("Weapons", f"{act.name} has no natural weapon on their sheet "
                                "(a creature's claws or teeth)", field="weapon")
            natural = act.natural
            arm = harm.natural_weapon(natural)
        elif command.weapon not in table:
            raise RuleError("Weapons", f"no weapon {command.weapon!r}", field="weapon")
        else:
            arm = table[command.weapon]
        if command.band not in harm.RANGE_BANDS or command.cover not in harm.COVER:
            raise RuleError("Range", "a band is Close, Nearby, Faraway or Distant; cover "
                            "none, light or hard", field="band")
        if not harm.in_reach(arm, command.band):
            raise RuleError("Range", f"{arm.name}: its reach ends at {arm.reach or 'Close'}, "
                            f"not {command.band}", field="band")
        fight_rules.verify_caught(state, act.name, opp.name, arm, command.caught)
        weapon, band, cover = arm.key, command.band, command.cover
        if harm.spent_by_throwing(arm) and (
                thrown := harm.weapon_item(act.equipment, arm)) is not None:
            # a stick of dynamite is gone once thrown, whatever the throw comes to
            sheets[act.name] = replace(sheets[act.name],
                                       equipment=harm.one_used(act.equipment, thrown))
            thrown_item, thrown_left = thrown.name, thrown.count - 1
        if winner == "active":
            damage = harm.damage(command.active.stakes, arm, command.band, command.cover)
            sheets[opp.name] = replace(sheets[opp.name], guts=max(0, opp.guts - damage))
            for name in command.caught:  # the blast harms each it catches as the target
                caught = who(state, name)
                sheets[name] = SheetChange(guts=max(0, caught.guts - damage))
    elif command.caught:
        raise RuleError("Area effect", "only an area weapon's blast catches others: name "
                        "the weapon", field="caught")
    return [OpposedTestRolled(active=rolls[0], opposition=rolls[1], winner=winner or "",
                              misfortune=misfortune, sheets=sheets, weapon=weapon, band=band,
                              cover=cover, damage=damage, turn=command.turn, natural=natural,
                              caught=tuple(command.caught), posse_caught=any(
                                  not who(state, name).is_npc for name in command.caught),
                              thrown_item=thrown_item, thrown_left=thrown_left)]


# -- a High Stakes Duel -----------------------------------------------------------------------


@RULES.decides(c.Duel)
def duel(state: FistfulState, command: c.Duel) -> list[object]:
    named = attribute(command.attribute)
    sides = []
    for name, coins, key in ((command.challenger, command.challenger_coins, "challenger"),
                             (command.opponent, command.opponent_coins, "opponent")):
        found = who(state, name, in_action=True, field=key)
        counted = conflict.coin_faces(coins)
        conflict.verify_stakes(len(counted), found.stress, unit="coins", whose=found.name,
                               field=f"{key}_stakes")
        sides.append((found, coins.upper(), sum(counted), found.attribute(named)))
    (a, a_coins, a_total, a_limit), (b, b_coins, b_total, b_limit) = sides
    if b.name not in duel_opponents(state, a.name):
        raise RuleError("High Stakes Duel", "a duel needs two sides", field="opponent")
    winner = conflict.opposed_winner(a_total, a_limit, b_total, b_limit)
    won = {"active": a, "opposition": b}.get(winner or "")
    sheets = {}
    shed = False
    for found, total, limit in ((a, a_total, a_limit), (b, b_total, b_limit)):
        stress = conflict.stress_after(found.stress, Result.BUST if total > limit
                                       else Result.FAILURE)
        if won is found:
            # the winner sheds a Stress only when there is one to shed
            shed = stress > 0
            stress -= 1 if shed else 0
        sheets[found.name] = SheetChange(stress=stress)
    return [DuelFought(
        challenger=a.name, challenger_coins=a_coins, challenger_total=a_total,
        challenger_limit=a_limit, opponent=b.name, opponent_coins=b_coins,
        opponent_total=b_total, opponent_limit=b_limit, winner=won.name if won else "",
        sheets=sheets, attribute=named, stress_shed=shed)]


def why_not_pay_out(state: FistfulState, name: str) -> RuleError | None:
    """Dollars lost or paid outside a trade (robbed, fined, a bribe, a fare): by one still
    holding some (the dead's purse is handed over, `g`)."""
    found = state.character(name)
    if found is None:
        return RuleError("Dollars", "choose who loses or pays Dollars", field="name")
    if found.dead or found.out_of_play:
        return RuleError("Dollars", f"{found.name} is {'dead' if found.dead else 'gone'}: "
                         "their purse is handed over to one of the posse (Hand over), not spent",
                         field="name")
    if found.dollars < 1:
        return RuleError("Dollars", f"{found.name} has no Dollars", field="name")
    return None


def _part_lost(state: FistfulState, found: Character, command: c.LoseWealth
               ) -> list[object]:
    """Some of a purse lost or paid outside a duel: starting money first, as a purchase
    spends it (it cannot pay the bounty, line 321); to an NPC, or gone."""
    refuse(why_not_pay_out(state, found.name))
    dollars = command.dollars or 0
    if dollars < 1 or dollars > found.dollars:
        raise RuleError("Dollars", f"{found.name} holds ${found.dollars}: lose or pay $1 to "
                        f"${found.dollars}, not ${dollars}", field="dollars")
    if not command.why.strip():
        raise RuleError("Dollars", "say why (robbed, a fine, a bribe, a fare): the log and "
                        "the recap tell it", field="why")
    sheets = {found.name: SheetChange(dollars=found.dollars - dollars,
                                      start_purse=max(0, found.start_purse - dollars))}
    if command.winner:
        to = state.character(command.winner)
        if to is None or to.name == found.name or not to.is_npc:
            raise RuleError("Dollars", "Dollars paid go to an NPC, or are gone (within the "
                            "posse they are handed over, g), not to "
                            f"{command.winner!r}", field="winner")
        sheets[to.name] = SheetChange(dollars=to.dollars + dollars)
    return [WealthLost(found.name, dollars, command.winner, command.why.strip(), sheets,
                       part=True)]


@RULES.decides(c.LoseWealth)
def lose_wealth(state: FistfulState, command: c.LoseWealth) -> list[object]:
    found = who(state, command.name, able=False)
    if command.dollars is not None:
        return _part_lost(state, found, command)
    if found.dollars < 1:
        raise RuleError("High Stakes Duel", f"{found.name} has no Dollars to lose",
                        field="name")
    sheets = {found.name: SheetChange(dollars=0, start_purse=0)}
    if command.winner:
        won = state.character(command.winner)
        if won is None or won.name == found.name:
            raise RuleError("High Stakes Duel", "the Dollars go to the one who won the wager, "
                            f"not {command.winner!r}", field="winner")
        # a posse member's winnings from the world count toward XP; won from one of the
        # posse, the Dollars keep their kind and earn none, as Dollars handed over (the
        # posse is no richer: two players could trade wagers for XP without end)
        within = not won.is_npc and not found.is_npc
        sheets[won.name] = SheetChange(
            dollars=won.dollars + found.dollars,
            take=None if won.is_npc or within else won.take + found.dollars,
            start_purse=won.start_purse + found.start_purse if within else None)
        return [WealthLost(found.name, found.dollars, command.winner, command.why, sheets,
                           within_posse=within)]
    return [WealthLost(found.name, found.dollars, command.winner, command.why, sheets)]


# -- Luck and Misfortune ------------------------------------------------------------------------


@RULES.decides(c.SpendLuck)
def spend_luck(state: FistfulState, command: c.SpendLuck) -> list[object]:
    found = who(state, command.name, in_action=True)
    # a Luck just rolled on a full bank is spent at once, from no bank
    at_once = found.name in state.unbanked_luck
    stress = None
    if command.on_stress:  # the optional rule's own refusals name it
        if not state.settings.stress_for_luck:
            raise RuleError("Stress for Luck", "that optional rule is off")
        if found.name not in state.fresh_luck:
            raise RuleError("Stress for Luck", f"only a Luck just rolled takes a Stress off, "
                            f"and {found.name}'s newest roll gave none", field="stress")
        if found.stress < 1:
            raise RuleError("Stress for Luck", f"{found.name} has no Stress")
        stress = found.stress - 1
    refuse(why_not_spend_luck(state, command.name))
    change = SheetChange(luck=None if at_once else found.luck - 1, stress=stress)
    return [LuckSpent(found.name, command.why, {found.name: change}, from_bank=not at_once)]


@RULES.decides(c.SpendMisfortune)
def spend_misfortune(state: FistfulState, command: c.SpendMisfortune) -> list[object]:
    refuse(why_not_spend_misfortune(state))
    refuse(why_not_misfortune_on(state, command.on))
    on = who(state, command.on, field="on").name if command.on else ""
    return [MisfortuneSpent(command.why, state.misfortune - 1, on)]


# -- the Judge's other rolls --------------------------------------------------------------------


@RULES.decides(c.SetSceneDie)
def set_scene_die(state: FistfulState, command: c.SetSceneDie) -> list[object]:
    refuse(why_not_scene_die(state))
    if command.face is not None:
        faces((command.face,), 1, "the scene die")
    return [SceneDieSet(command.face or 0)]


#: the most the Judge's modifier moves a reaction either way: 2d6 from 12 to the table's 2,
#: or from 2 to its 12+
MOST_MODIFIER = 10


@RULES.decides(c.RollReaction)
def roll_reaction(state: FistfulState, command: c.RollReaction) -> list[object]:
    faces(command.dice, 2, "the reaction roll")
    if not -MOST_MODIFIER <= command.modifier <= MOST_MODIFIER:
        # past 10 either way it changes no entry; 19 digits broke the journal's writer
        raise RuleError("Reaction", f"the Judge's modifier is -{MOST_MODIFIER} to "
                        f"+{MOST_MODIFIER} (enough to carry any roll to either end of the "
                        f"table), not {command.modifier:+d}", field="modifier")
    if command.extra and not 1 <= command.extra <= 6:
        raise RuleError("Reaction", "the extra die shows 1 to 6", field="extra")
    if command.extra and sum(command.dice) + command.modifier != GUARDED:
        raise RuleError("Reaction", f"a d6 is added only to a reaction of {GUARDED} (on guard) "
                        f"when the posse stays, not to "
                        f"{sum(command.dice) + command.modifier}", field="extra")
    name = ""
    replaces = 0
    if command.name:
        found = who(state, command.name)
        if not found.is_npc:
            raise RuleError("Reaction", f"{found.name} is of the posse: a reaction is an "
                            "NPC's outlook towards the posse", field="name")
        name = found.name
        # line 265: the table is for one whose outlook is not decided; the roll replaces
        # the Judge's own, and the log says which it replaced
        replaces = found.outlook if found.outlook_set else 0
    if command.extra and state.guarded is not None and state.guarded[3] != name:
        raise RuleError("Reaction", f"the 8 on guard was {state.guarded[3] or 'a stranger'}'s"
                        f", not {name or 'a stranger'}'s: the d6 is added to it", field="name")
    total = sum(command.dice) + command.extra + command.modifier
    # a modified total past either end reads the table's end entry
    return [ReactionRolled(tuple(command.dice), command.extra, total, reaction_entry(total),
                           command.modifier, name, replaces)]


def reaction_entry(total: int) -> str:
    """The reaction table's entry for a total, a modified one past either end reading the
    table's end entry."""
    table = reaction_table()
    return table[min(max(table), max(min(table), total))]

