"""Harm and the fight, decided (the arithmetic is `harm`'s and `fight`'s): harm, the Out of
action table and the ways up or out, rest, Stress an item takes off, morale, the quick draw
and the ammunition check, the initiative coin, and the turn tracker. What may be done now
is asked of the `why_not_x` functions here; each step raises the same refusal.

Readings kept here: the coin is flipped again once both sides have had their turns (line
122), and the Judge may end a round early (asked first); but a coin flipped again as the
very next step after the round's own coin, fighters still to act, is a key pressed twice,
not a round, and is refused (`why_not_new_round`): ctrl+z takes the first coin back. The
order bought with 3 Luck then is that round's, over the coin (the table saw the coin and
paid), not a round of its own. One who rode off at 6 Stress, removed from play entirely
(line 87), takes no harm: he is in no scene for it to reach him.

A night's rest is a Grit test (line 99), so the optional "5 under" (line 290) rewards it as
any test: a posse member's 5 kept dice or more under Grit (with no Challenge, a success)
take a Stress off. It comes before
the rest's doubles are spent, so a Luck that finds no Stress left is banked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from gmscreen.core.text import plural
from gmscreen.games.fistful import characters, conflict, fight, harm
from gmscreen.games.fistful import commands as c
from gmscreen.games.fistful.characters import quick_draw
from gmscreen.games.fistful.events import (
    AmmunitionChecked,
    FightEnded,
    FighterMoved,
    FightJoined,
    FightLeft,
    HarmTaken,
    InitiativeFlipped,
    LinedUp,
    LineUpBroughtIn,
    Lost,
    MoraleTested,
    OutOfActionRolled,
    QuickDrawn,
    Rested,
    Revived,
    SheetChange,
    StressEased,
    TurnEnded,
)
from gmscreen.games.fistful.harm import RANGE_BANDS
from gmscreen.games.fistful.odds import Result
from gmscreen.games.fistful.rules import (
    RULES,
    able,
    coin,
    faces,
    pool_of,
    posse_in_action,
    refuse,
    scene_counts,
    who,
    why_not_get_up,
)
from gmscreen.games.fistful.state import Character, Fighter, FistfulState
from gmscreen.games.fistful.tables import Weapon, out_of_action_table, weapons
from gmscreen.journal.rules import RuleError

# -- what may be done now: a character's fall -------------------------------------------------


def _fallen(state: FistfulState, name: str) -> Character | RuleError:
    found = state.character(name)
    if found is None:
        return RuleError("Characters", f"nobody is called {name!r}", field="name")
    if found.dead or not found.out_of_action:
        return RuleError("Out of action", f"{name} is not down at 0 Guts", field="name")
    return found


def why_not_harm(state: FistfulState, name: str) -> RuleError | None:
    found = state.character(name)
    if found is not None and found.dead:
        return RuleError("Out of action", f"{name} is dead", field="name")
    if found is not None and found.out_of_play:
        # rode off at 6 Stress, removed from play entirely (line 87): no harm reaches them
        return RuleError("Stress", f"{name} has 6 Stress and has left play: no harm "
                         "reaches them", field="name")
    return None


def why_not_roll_out_of_action(state: FistfulState, name: str) -> RuleError | None:
    """The Out of action table is the posse's, rolled once a fall."""
    found = _fallen(state, name)
    if isinstance(found, RuleError):
        return found
    if found.is_npc:
        return RuleError("Out of action", f"{name} is an NPC: the Out of action table is the "
                         "posse's; an NPC at 0 Guts is out until the Judge gets them up (1d6 "
                         "Guts) or marks them lost", field="name")
    if found.out_of_action_rolled:
        return RuleError("Out of action", f"{name}'s fall is rolled already: the table is "
                         "rolled once a fall", field="name")
    return None


def due_the_table(state: FistfulState, *, fight: bool = False) -> tuple[str, ...]:
    """Those of the posse down whose Out of action table is still to roll (`fight`: those
    on the fight's tracker alone, where they fell)."""
    names = (f.name for f in state.fight) if fight else (c.name for c in state.characters)
    return tuple(n for n in names if why_not_roll_out_of_action(state, n) is None)


def why_not_roll_in_fight(state: FistfulState, *, fight: bool = True) -> RuleError | None:
    """The table is rolled as one falls: from the fight, while one of it is due it (`fight`
    False: anyone of the posse, as a duel's loser falls on the Conflict tab)."""
    if not due_the_table(state, fight=fight):
        where = " in the fight" if fight else ""
        return RuleError("Out of action", f"nobody of the posse{where} is down with the Out "
                         "of action table still to roll")
    return None


def why_not_roll_table(state: FistfulState) -> RuleError | None:
    """Anyone of the posse due the table, wherever they fell (a duel's loser, on the
    Conflict tab)."""
    return why_not_roll_in_fight(state, fight=False)


def up_in_fight(state: FistfulState) -> tuple[str, ...]:
    """Those of the fight's tracker down at 0 Guts who may get up now (1d6 Guts): an NPC by
    the Judge's aid, one of the posse once their table is rolled."""
    return tuple(f.name for f in state.fight if why_not_revive(state, f.name) is None)


def lost_in_fight(state: FistfulState) -> tuple[str, ...]:
    """Those of the fight's tracker down at 0 Guts who may be marked lost for good."""
    return tuple(f.name for f in state.fight if why_not_lose(state, f.name) is None)


def why_not_up_in_fight(state: FistfulState) -> RuleError | None:
    if not up_in_fight(state):
        return RuleError("Out of action", "nobody in the fight is down and may get up now "
                         "(one of the posse rolls the Out of action table first)")
    return None


def why_not_lose_in_fight(state: FistfulState) -> RuleError | None:
    if not lost_in_fight(state):
        return RuleError("Out of action", "nobody in the fight is down at 0 Guts")
    return None


def why_not_revive(state: FistfulState, name: str) -> RuleError | None:
    """Back on their feet only once the table is rolled, and only one still in play: a fall
    whose table gave the Stress that made 6 (Battered Noggin at 5) has ridden off, removed
    from play entirely (line 87), and no Guts got back bring them into it again."""
    found = _fallen(state, name)
    if isinstance(found, RuleError):
        return found
    if found.out_of_play:
        return RuleError("Stress", f"{name} has 6 Stress and has left play: nobody gets them "
                         "back on their feet", field="name")
    return why_not_get_up(found)


def not_a_target(state: FistfulState, attacker: str, name: str) -> RuleError:
    """Why `name` is not among `attacker`'s `targets`, in the words of the rule that keeps
    them out: down at 0 Guts on the tracker takes no part (line 103), nor does the dead, nor
    one who rode off (line 87); else they are not in the fight."""
    found = state.character(name)
    on_tracker = state.fighter(name) is not None
    if found is not None and name == attacker:
        return RuleError("Opposed test", "a character cannot oppose themselves",
                         field="target")
    if found is not None and on_tracker and found.dead:
        return RuleError("Out of action", f"{name} is dead: nobody attacks them", field="target")
    if found is not None and on_tracker and found.out_of_play:
        return RuleError("Stress", f"{name} has 6 Stress and has left play: nobody attacks "
                         "them", field="target")
    if found is not None and on_tracker and found.out_of_action:
        return RuleError("Out of action", f"{name} is down at 0 Guts, out of action: they "
                         "take no part, and are no target of an attack", field="target")
    return RuleError("Turns", f"{name} is not in the fight to be attacked", field="target")


def why_not_lose(state: FistfulState, name: str) -> RuleError | None:
    """Only the fallen are lost for good."""
    found = _fallen(state, name)
    return found if isinstance(found, RuleError) else None


def why_not_ease_stress(state: FistfulState, name: str) -> RuleError | None:
    """An item takes Stress off one with Stress and something on their list, still in play
    (at 6 Stress they have ridden off: nothing brings them back)."""
    try:
        found = who(state, name)
    except RuleError as refused:
        return refused if refused.rule != "Stress" else RuleError(
            "Stress", f"{name} has 6 Stress and has ridden off: no item brings them back",
            field="name")
    if found.stress < 1:
        return RuleError("Stress", f"{name} has no Stress to take off", field="name")
    if not found.equipment:
        return RuleError("Stress", f"{name} carries nothing to ease it with", field="item")
    return None


def rest_helps(state: FistfulState, name: str) -> bool:
    """Whether a rest gives `name` something: Guts below their most, or Stress that a Luck
    rolled takes off."""
    found = state.character(name)
    return found is not None and (found.guts < found.guts_max or found.stress > 0)


def why_not_rest(state: FistfulState, name: str) -> RuleError | None:
    """A night's rest: for the living still in play, and not up from 0 Guts before the
    Out of action table is rolled."""
    try:
        found = who(state, name)
    except RuleError as refused:
        return refused
    return why_not_get_up(found) or under_fire(state, found.name, "Rest", (
        "a full night's sleep waits till the fight is over"))


def under_fire(state: FistfulState, name: str, rule: str, words: str
               ) -> RuleError | None:
    """`name` on the fight tracker, refused what is had away from a fight (a night's rest,
    Carousing in a safe haven): each gave back Guts in the middle of a gunfight, where the
    Dealer had meant another or pressed the key on the wrong tab."""
    if state.fighter(name) is None:
        return None
    return RuleError(rule, f"{name} is in the fight: {words} (on the Fight tab End fight "
                     "ends it, Leaves fight takes them off the tracker)", field="name")


def morale_npcs(state: FistfulState) -> tuple[Character, ...]:
    """The NPCs whose side has someone standing to test its morale."""
    return tuple(n for n in state.npcs
                 if not (n.dead or n.out_of_play) and state.morale_leader(n) is not None)


def morale_in_question(state: FistfulState) -> tuple[tuple[Character, str], ...]:
    """The sides whose morale is in question now, by the book's signs (`harm`), each with
    the NPC to test it on and why: one still standing who lost half their Guts (the first
    of the side), or else its best Grit standing when half the side is down. A side tested
    since its last loss is settled. While a fight is on, only a side with someone in it is
    in question: things go badly for those in the fight, not for a side elsewhere."""
    found: list[tuple[Character, str]] = []
    seen: set[str] = set()
    testable = morale_npcs(state)
    fighting = {f.name for f in state.fight}
    for npc in testable:
        key = state.side_key(npc)
        if key in seen or key in state.morale_settled:
            continue
        side = state.side_of(npc)
        if fighting and not fighting & {n.name for n in side}:
            continue
        hurt = [n for n in side if n in testable and harm.half_guts_lost(n.guts, n.guts_max)]
        down = sum(1 for n in side if n.dead or n.out_of_play or n.out_of_action)
        if hurt:
            found.append((hurt[0], "lost half their Guts"))
        elif harm.half_side_down(down, len(side)):
            leader = state.morale_leader(npc)
            if leader is not None:
                found.append((leader, "half the side down"))
        else:
            continue
        seen.add(key)
    return tuple(found)


def why_not_morale(state: FistfulState) -> RuleError | None:
    if not morale_npcs(state):
        return RuleError("Morale", "morale is for NPCs: no NPC's side has anyone standing")
    return None


def why_not_quick_draw(state: FistfulState, name: str) -> RuleError | None:
    found = state.character(name)
    if found is not None and not found.equipment:
        return RuleError("Quick draw", f"{name} carries nothing to draw", field="item")
    return None


# -- what may be done now: the turn tracker --------------------------------------------------


def joiners(state: FistfulState) -> tuple[Character, ...]:
    """Who may join the fight: able to act, and not in it already."""
    return tuple(x for x in able(state) if state.fighter(x.name) is None)


def joining_sides(state: FistfulState) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The sides that may go into the fight together: "the posse", then each NPCs' side
    by its name, with those of it still to join, while two or more are (a side of one is
    its one name)."""
    sides: dict[str, tuple[str, list[str]]] = {}
    for one in joiners(state):
        key = "posse" if not one.is_npc else state.side_key(one)
        label = "the posse" if not one.is_npc else one.side
        sides.setdefault(key, (label, []))[1].append(one.name)
    return tuple((label, tuple(names)) for label, names in sides.values() if len(names) > 1)


def targets(state: FistfulState, attacker: str) -> tuple[str, ...]:
    """Whom `attacker` may attack: the others in the fight able to act, the other side
    first (in the order they joined), then the attacker's own (the book forbids neither)."""
    standing = {x.name for x in able(state)}
    others = [f.name for f in state.fight if f.name != attacker and f.name in standing]
    return tuple(sorted(others, key=lambda name: allies(state, attacker, name)))


def in_the_blast(state: FistfulState, attacker: str, target: str) -> tuple[str, ...]:
    """Whom an area weapon thrown by `attacker` at `target` may catch besides the target
    (line 241; who stands near enough is the Judge's call): while a fight is on, the
    others in it able to act, the target's side first; with none, everyone else able to
    act."""
    standing = [x.name for x in able(state) if x.name not in (attacker, target)]
    if state.fight:
        fighting = {f.name for f in state.fight}
        standing = [name for name in standing if name in fighting]
    return tuple(sorted(standing, key=lambda name: not allies(state, target, name)))


def blast_told(command: c.OpposedTest) -> str:
    """What an area weapon's throw `command` does to each one its blast catches, should it
    win, said where the Judge names them: the target's harm, worked out, and the reading
    (the book says only "Area effect") that the target's cover counts for all."""
    arm = weapons()[command.weapon or ""]
    amount, worked = harm.damage_worked(command.active.stakes, arm, command.band,
                                        command.cover)
    return (f"If the throw wins, each one ticked takes what {command.opposition.name} takes: "
            f"{amount} Guts" + (f" ({worked})" if worked else "") + ". A reading (the book "
            "says only 'Area effect'): the target's cover counts for all caught.")


def verify_caught(state: FistfulState, attacker: str, target: str, arm: Weapon,
                  caught: Sequence[str]) -> None:
    """RuleError("Area effect") unless `caught` are others an area weapon's blast may catch
    (`in_the_blast`), each once; no other weapon catches anyone but its target."""
    if not caught:
        return
    if not arm.area:
        raise RuleError("Area effect", f"{arm.name} is no area weapon: it harms its "
                        "target alone", field="caught")
    reach = in_the_blast(state, attacker, target)
    for at, name in enumerate(caught):
        if name in (attacker, target):
            why = f"{name} is a side of the attack, not caught besides it"
        elif name in caught[:at]:
            why = f"{name} is named twice"
        elif name not in reach:
            why = (f"nobody is called {name!r}" if state.character(name) is None
                   else f"{name} is not in the fight" if state.fight
                   else f"{name} is not able to act")
        else:
            continue
        raise RuleError("Area effect", why, field="caught")


def allies(state: FistfulState, one: str, other: str) -> bool:
    """Whether `one` and `other` stand on the same side of a fight: both of the posse, or
    NPCs of one named side."""
    a, b = state.character(one), state.character(other)
    if a is None or b is None or a.is_npc != b.is_npc:
        return False
    return not a.is_npc or state.side_key(a) == state.side_key(b)


def nearest_foe(state: FistfulState, attacker: str, names: Sequence[str]) -> str:
    """Of `names`, the foe of `attacker` standing nearest them in the fight ("" for none):
    whom an attack most likely aims at, above all one the attacker closed on this turn
    (round 64: Jim closed on Bo, and the attack form started on Ann, a band farther, his
    knife's damage halved). At one range, one of the posse for an NPC first (an NPC for one
    of the posse), then in the order given."""
    at = state.fighter(attacker)
    me = state.character(attacker)
    if at is None or me is None:
        return ""
    foes = [n for n in names if not allies(state, attacker, n)
            and state.fighter(n) is not None]
    ranked = sorted(foes, key=lambda n: getattr(state.character(n), "is_npc", me.is_npc)
                    == me.is_npc)

    def distance(name: str) -> int:
        there = state.fighter(name)
        return RANGE_BANDS.index(fight.attack_range(at.band, there.band)) if there else 0

    return min(ranked, key=distance, default="")


def waiting(state: FistfulState) -> tuple[str, ...]:
    """Who has still to act this round: those able to, who have not."""
    standing = {x.name for x in able(state)}
    return tuple(f.name for f in state.fight if not f.turn_over and f.name in standing)


def next_to_act(state: FistfulState) -> str:
    """Who acts next: the first still to act of the side going first this round, else of
    the other side ("" for nobody)."""
    npcs_first = state.first_to_act == "npcs"
    still = waiting(state)
    npcs = {x.name for x in state.npcs}
    return next((name for name in still if (name in npcs) == npcs_first),
                next(iter(still), ""))


def attack_weapons(state: FistfulState, name: str) -> tuple[str, ...]:
    """What `name` fights with, the likeliest first: a creature's natural weapon, the
    weapons their equipment list carries (in slot order), and with neither, fists."""
    found = state.character(name)
    if found is None:
        return ()
    own = ((harm.NATURAL,) if found.natural else ()) + harm.carried_weapons(found.equipment)
    return own or (harm.UNARMED,)


def reaches(state: FistfulState, attacker: str, target: str, weapon: str) -> bool:
    """Whether `weapon` (a key of the table, or "natural") of `attacker`'s reaches the
    range between them and `target` (True when either is not in the fight: nothing to
    measure)."""
    at, on, found = state.fighter(attacker), state.fighter(target), state.character(attacker)
    if at is None or on is None or found is None:
        return True
    arm = _arm(found, weapon, state.settings.house())
    return arm is not None and harm.in_reach(arm, fight.attack_range(at.band, on.band))


def _arm(found: Character, weapon: str, house: Mapping[str, int] | None = None
         ) -> Weapon | None:
    """The weapon `weapon` names (a key of the table, or "natural": `found`'s own claws or
    teeth), None when there is none such; `house`, the Judge's numbers (`Settings.house`)."""
    try:
        return (harm.natural_weapon(found.natural) if weapon == harm.NATURAL
                else weapons(house)[weapon])
    except (RuleError, KeyError):
        return None


def weapon_for(state: FistfulState, attacker: str, target: str) -> str:
    """What `attacker` likeliest fights `target` with: the weapon they attacked with last,
    while it reaches, can fire and they still carry it (or it was their fists); else the
    first of what they fight with (`attack_weapons`) that reaches the range between them and
    can fire (a gun with no ammunition on a posse member's sheet cannot), else the first that
    reaches, else the first of it ("" for nobody)."""
    own = attack_weapons(state, attacker)
    last = dict(state.last_weapons).get(attacker, "")
    found = state.character(attacker)

    def fires(key: str) -> bool:
        # a posse member's gun or bow with no ammunition on the sheet cannot: it stays a
        # choice (round 13: the story may find a box), but not the first (round 35)
        arm = weapons().get(key)
        return (found is None or found.is_npc or arm is None or not arm.ammo
                or harm.ammunition_item(found.equipment, key) is not None)

    def ready(key: str) -> bool:
        return fires(key) and reaches(state, attacker, target, key)

    if last and (last in own or last == harm.UNARMED) and ready(last):
        return last
    return next((key for key in own if ready(key)),
                next((key for key in own if reaches(state, attacker, target, key)),
                     (*own, "")[0]))


def reach_words(state: FistfulState, attacker: str, target: str, weapon: str) -> str:
    """The range of `attacker`'s attack on `target` (the farther of their bands) and
    whether `weapon` (a key of the table, or "natural") reaches it, in words for the attack
    form: what the rules would refuse is said before the dice ("" when not in the fight)."""
    at, on, found = state.fighter(attacker), state.fighter(target), state.character(attacker)
    if at is None or on is None or found is None or not weapon:
        return ""
    band = fight.attack_range(at.band, on.band)
    arm = _arm(found, weapon, state.settings.house())
    if arm is None:
        return f"Range to {target}: {band}."
    reach = arm.reach or "Close"
    if not harm.in_reach(arm, band):
        return (f"Range to {target}: {band}, out of reach: the {arm.name} reaches {reach}. "
                f"Close on them first or choose another weapon.")
    halved = harm.damage(6, arm, band) < harm.damage(6, arm, RANGE_BANDS[0])
    return (f"Range to {target}: {band}, within the {arm.name}'s reach ({reach})"
            + ("; damage halved at its farthest band." if halved else "."))


def hit_words(state: FistfulState, attacker: str, target: str, weapon: str, band: str,
              stakes: int, cover: str) -> str:
    """What a win of `attacker`'s attack on `target` would take off them, worked out as the
    rules will (one Guts a die staked, the weapon, the band, the cover), in words for the
    attack form before the dice: "" while the weapon is unknown or out of reach at `band`,
    or the Stakes are not 1 to 6 dice."""
    found, on = state.character(attacker), state.character(target)
    arm = (_arm(found, weapon, state.settings.house()) if found is not None and weapon
           else None)
    if (arm is None or on is None or band not in RANGE_BANDS or cover not in harm.COVER
            or not harm.in_reach(arm, band) or not 1 <= stakes <= conflict.STAKES_MAX):
        return ""
    amount, worked = harm.damage_worked(stakes, arm, band, cover)
    modifier = (f" x{arm.times}" if arm.times != 1 else f" {arm.add:+d}" if arm.add else "")
    how = (f"{plural(stakes, 'die', 'dice')}{modifier} for the {arm.name}"
           + (f": {worked}" if worked else ""))
    return f"A win takes {amount} Guts off {target} ({on.guts} now): {how}."


def why_not_join(state: FistfulState) -> RuleError | None:
    if not joiners(state):
        return RuleError("Turns", "everyone able to fight is in the fight already")
    return None


def why_not_track(state: FistfulState) -> RuleError | None:
    """The tracker's steps need someone on it."""
    if not state.fight:
        return RuleError("Turns", "there is no fight: put someone on the tracker first")
    return None


def why_not_new_round(state: FistfulState) -> RuleError | None:
    """A new round's coin (or the order bought) follows a round played: the book flips
    again once both sides have had their turns (line 122), so a coin flipped again as the
    very next step, with fighters still to act, is a key pressed twice, not a round (`i`
    twice began round 2 with nobody having acted). Once anything has happened since (a
    move, a shot, harm, someone joining), the Judge may end the round early, asked first."""
    refused = why_not_track(state)
    if refused is not None or not state.combat_round:
        return refused
    newest = state.lately[-1][1] if state.lately else None
    if waiting(state) and isinstance(newest, InitiativeFlipped):
        # the steps by their names: a refusal knows no key the Judge set
        undo = ("an undo takes the order bought back" if newest.chosen else "an undo takes "
                "its coin back to flip again; Buy the order buys this round's order with "
                "the posse's Luck")
        return RuleError("Initiative", f"round {state.combat_round} has just begun: nobody "
                         f"has acted in it yet ({undo})")
    return None


def just_flipped(state: FistfulState) -> bool:
    """The newest step is the round's own coin (not an order bought), fighters still to act:
    the posse may still buy this round's order over it (line 122)."""
    newest = state.lately[-1][1] if state.lately else None
    return (bool(state.combat_round) and bool(waiting(state))
            and isinstance(newest, InitiativeFlipped) and not newest.chosen)


def order_payers(state: FistfulState) -> tuple[Character, ...]:
    """Who may put Luck toward buying the order: the posse still in action with some."""
    standing = able(state)
    return tuple(x for x in state.posse_members if x in standing and x.luck)


def why_not_choose_order(state: FistfulState) -> RuleError | None:
    luck = sum(x.luck for x in order_payers(state))
    if luck < fight.ORDER_LUCK:
        return RuleError("Initiative", f"choosing the order costs {fight.ORDER_LUCK} Luck "
                         f"between the posse; they have {luck}")
    return None


def suggested_order_luck(state: FistfulState) -> dict[str, int]:
    """The parts the order form starts with: one Luck at a time from the fullest bank (the
    list's order breaks a tie), so nobody is emptied while another keeps more."""
    banks = {x.name: x.luck for x in order_payers(state)}
    parts: dict[str, int] = {}
    for _ in range(min(fight.ORDER_LUCK, sum(banks.values()))):
        fullest = max(banks, key=lambda name: banks[name])
        banks[fullest] -= 1
        parts[fullest] = parts.get(fullest, 0) + 1
    return {name: parts[name] for name in banks if name in parts}


def why_not_order_luck(state: FistfulState, parts: Sequence[tuple[str, int]]
                       ) -> RuleError | None:
    """Whether the posse members named can buy the order, each their part: each named
    once, in action, putting in at least 1 Luck and no more than they hold, the parts
    coming to 3 (the book says only that the posse pays 3 between them: who pays what is
    the table's to agree)."""
    names = [name for name, _ in parts]
    if len(set(names)) != len(names):
        return RuleError("Initiative", "name each payer once", field="luck")
    for name, luck in parts:
        payer = posse_in_action(state, name, "Initiative", "the order is bought with the "
                                "posse's Luck", field="luck")
        if isinstance(payer, RuleError):
            return payer
        if not 1 <= luck <= payer.luck:
            return RuleError("Initiative", f"{name} puts in {luck} Luck and holds "
                             f"{payer.luck}", field="luck")
    paid = sum(luck for _, luck in parts)
    if paid != fight.ORDER_LUCK:
        return RuleError("Initiative", f"choosing the order costs {fight.ORDER_LUCK} Luck "
                         f"between the posse; the parts come to {paid}", field="luck")
    return None


def why_not_turn(state: FistfulState, name: str, *, ending: bool = False
                 ) -> RuleError | None:
    """A fighter's turn: in a round begun, able to act, not over yet (ended by Done, or by
    itself once its move and its action are both taken; `ending`: only Done counts), and
    come: the side the coin sent second has no turn to take or end before the first's."""
    refused = why_not_track(state)
    if refused is not None:
        return refused
    fighter = state.fighter(name)
    if fighter is None:
        return RuleError("Turns", f"{name} is not in the fight", field="name")
    if state.combat_round == 0:
        return RuleError("Turns", "before the first round: flip the coin for who goes first")
    found = state.character(name)
    if found is None or found.dead or found.out_of_play or found.out_of_action:
        # as they stand: one dead was said to be "out of action", as if a 1d6 could lift her
        stands = ("is dead" if found is None or found.dead
                  else "has 6 Stress and rode off" if found.out_of_play
                  else "is at 0 Guts, out of action")
        return RuleError("Out of action", f"{name} {stands}: they take no part "
                         "(take them off the tracker)", field="name")
    if fighter.acted or (fighter.turn_over and not ending):
        return RuleError("Turns", f"{name} has had this round's turn (a new round frees it)")
    return _why_not_yet(state, found)


def _why_not_yet(state: FistfulState, found: Character) -> RuleError | None:
    """The side the coin named acts first (line 122): one of the other side waits to move
    or act until each of the first side able to act has had their turn (Done ends one)."""
    first_is_npcs = state.first_to_act == "npcs"
    if found.is_npc == first_is_npcs:
        return None
    npcs = {npc.name for npc in state.npcs}
    before = [name for name in waiting(state) if (name in npcs) == first_is_npcs]
    if not before:
        return None
    side = "the NPCs act" if first_is_npcs else "the posse acts"
    still = ", ".join(before) + (" is" if len(before) == 1 else " are")
    return RuleError("Turns", f"{side} first this round: {still} still to act")


def why_not_end_turn(state: FistfulState, name: str) -> RuleError | None:
    """"Done": a turn not ended yet, even one that ended itself (its move and its action
    taken), which Done then only confirms."""
    return why_not_turn(state, name, ending=True)


def why_not_attack(state: FistfulState, name: str) -> RuleError | None:
    """An attack is a fighter's one action of the turn: not a second."""
    refused = why_not_turn(state, name)
    if refused is not None:
        return refused
    fighter = state.fighter(name)
    if fighter is not None and fighter.action_taken:
        return RuleError("Turns", f"{name} has taken this turn's one action (a move may "
                         "still follow; Done ends the turn)")
    if not targets(state, name):
        return RuleError("Turns", "nobody to attack: nobody else in the fight is able to act")
    return None


def closable(state: FistfulState, name: str) -> tuple[str, ...]:
    """Whom `name` may close on: those they may attack who are not at Close to them."""
    fighter = state.fighter(name)
    if fighter is None:
        return ()
    return tuple(t for t in targets(state, name)
                 if (f := state.fighter(t)) is not None
                 and fight.attack_range(fighter.band, f.band) != RANGE_BANDS[0])


def why_not_close_on(state: FistfulState, name: str) -> RuleError | None:
    """The turn's move spent closing on a foe: someone not yet at Close to them."""
    refused = why_not_turn(state, name)
    if refused is not None:
        return refused
    fighter = state.fighter(name)
    if fighter is not None and fighter.moved:
        return RuleError("Movement", f"{name} has moved this turn: a fighter moves once a "
                         "turn")
    if not closable(state, name):
        return RuleError("Movement", f"everyone in the fight is at Close to {name} already",
                         field="toward")
    return None


def closer_on(state: FistfulState, name: str) -> tuple[str, ...]:
    """Whom a move closer must close on to come nearer anyone: the foes of the other side
    `name` may close on, when one band nearer the other side by their own band alone would
    bring them nearer none of them (the range is the farther band); () when that plain
    step does come nearer one, or there is no foe to close on."""
    fighter = state.fighter(name)
    if fighter is None:
        return ()
    foes = [(t, f) for t in closable(state, name) if not allies(state, name, t)
            and (f := state.fighter(t)) is not None]
    at = RANGE_BANDS.index(fighter.band)
    if at and any(fight.attack_range(RANGE_BANDS[at - 1], f.band)
                  != fight.attack_range(fighter.band, f.band) for _, f in foes):
        return ()
    return tuple(t for t, _ in foes)


def why_not_closer(state: FistfulState, name: str) -> RuleError | None:
    """A move closer: a plain step one band nearer the other side, or, when that brings
    `name` nearer no foe, closing one band on one (`closer_on`)."""
    if closer_on(state, name):
        return why_not_close_on(state, name)
    return why_not_move(state, name, -1)


def farther_from(state: FistfulState, name: str) -> tuple[str, ...]:
    """Whom a move farther backs off from: the nearest foes of the other side, when one
    band farther by `name`'s own band alone would take them farther from none of them (the
    range is the farther band); () when that plain step does, or there is no foe."""
    fighter = state.fighter(name)
    if fighter is None:
        return ()
    foes = [(t, f) for t in targets(state, name) if not allies(state, name, t)
            and (f := state.fighter(t)) is not None]
    at = RANGE_BANDS.index(fighter.band)
    if not foes or (at + 1 < len(RANGE_BANDS) and any(
            fight.attack_range(RANGE_BANDS[at + 1], f.band)
            != fight.attack_range(fighter.band, f.band) for _, f in foes)):
        return ()
    nearest = min(RANGE_BANDS.index(fight.attack_range(fighter.band, f.band))
                  for _, f in foes)
    return tuple(t for t, f in foes
                 if RANGE_BANDS.index(fight.attack_range(fighter.band, f.band)) == nearest)


def why_not_farther(state: FistfulState, name: str) -> RuleError | None:
    """A move farther: a plain step one band farther from the other side, or, when that
    takes `name` farther from no foe, backing off a band from the nearest (`farther_from`)."""
    nearest = farther_from(state, name)
    if not nearest:
        return why_not_move(state, name, 1)
    refused = why_not_turn(state, name)
    if refused is not None:
        return refused
    fighter, foe = state.fighter(name), state.fighter(nearest[0])
    assert fighter is not None and foe is not None
    if fighter.moved:
        return RuleError("Movement", f"{name} has moved this turn: a fighter moves once a "
                         "turn")
    try:
        fight.backing(fighter.band, foe.band)
    except RuleError as error:
        return error
    return None


def why_not_move(state: FistfulState, name: str, step: int) -> RuleError | None:
    """One band closer (-1) or farther (+1), once a turn."""
    refused = why_not_turn(state, name)
    if refused is not None:
        return refused
    fighter = state.fighter(name)
    assert fighter is not None
    if fighter.moved:
        return RuleError("Movement", f"{name} has moved this turn: a fighter moves once a "
                         "turn")
    at = RANGE_BANDS.index(fighter.band) + step
    if not 0 <= at < len(RANGE_BANDS):
        return RuleError("Movement", f"{name} is already at {fighter.band}; a move goes to "
                         f"{' or '.join(fight.neighbours(fighter.band))}", field="band")
    return None


# -- harm, the fall and the ways up -----------------------------------------------------------


@RULES.decides(c.TakeHarm)
def take_harm(state: FistfulState, command: c.TakeHarm) -> list[object]:
    found = who(state, command.name, able=False)
    refuse(why_not_harm(state, found.name))
    if command.amount < 1:
        raise RuleError("Harm", "harm is at least 1 Guts", field="amount")
    during = ("duel" if found.name == state.duel_loser else "fight" if state.fight
              else "moment")
    return [HarmTaken(found.name, command.amount, command.why,
                      {found.name: SheetChange(guts=max(0, found.guts - command.amount))},
                      npc=found.is_npc, during=during)]


@RULES.decides(c.RollOutOfAction)
def roll_out_of_action(state: FistfulState, command: c.RollOutOfAction) -> list[object]:
    found = who(state, command.name, able=False)
    refuse(why_not_roll_out_of_action(state, found.name))
    faces((command.face,), 1, "the out of action roll")
    mishap = out_of_action_table()[command.face]
    change = SheetChange(stress=min(conflict.STRESS_MAX, found.stress + mishap.stress),
                         dead=True if mishap.dead else None)
    refit: tuple[str, ...] = ()
    if mishap.lower is not None:
        # a score already at 0 (a creature's, made that low) can drop no further
        change = change.with_score(mishap.lower, max(0, found.attribute(mishap.lower) - 1))
        if change.grit is not None and change.grit < found.grit:
            # fewer slots (line 245): what no longer fits moves up, or is left behind
            equipment, refit = characters.refit(found.equipment, max(change.grit, 1))
            if refit:
                change = replace(change, equipment=equipment)
    return [OutOfActionRolled(found.name, command.face, mishap.name, {found.name: change},
                              refit)]


@RULES.decides(c.Lost)
def lose(state: FistfulState, command: c.Lost) -> list[object]:
    found = who(state, command.name, able=False)
    refuse(why_not_lose(state, found.name))
    return [Lost(found.name, command.why, {found.name: SheetChange(dead=True)},
                 npc=found.is_npc)]


@RULES.decides(c.Revive)
def revive(state: FistfulState, command: c.Revive) -> list[object]:
    found = who(state, command.name, able=False)
    refuse(why_not_revive(state, found.name))
    faces((command.face,), 1, "the Guts regained")
    return [Revived(found.name, command.face,
                    {found.name: SheetChange(guts=min(found.guts_max, command.face))},
                    npc=found.is_npc)]


@RULES.decides(c.Rest)
def rest(state: FistfulState, command: c.Rest) -> list[object]:
    refuse(why_not_rest(state, command.name))
    found = who(state, command.name)
    faces(command.rolled, len(command.rolled), "the rest")
    # a rest is a test: with scene stakes the scene's die is one of its dice, and a die may
    # float on it (line 58), a Luck, the background's or the Judge's, taken away once seen
    from gmscreen.games.fistful.conflict_rules import _pool
    stakes = len(pool_of(state, command.rolled)) - (1 if command.floating else 0)
    _, rolled, removed, cost = _pool(state, found, stakes, command.rolled, command.floating,
                                     command.removed, attribute_name="grit", challenge=0)
    result, change = harm.rest(rolled, found.grit)
    guts = max(0, min(found.guts_max, found.guts + change))
    stress = conflict.stress_after(found.stress, result)
    doubles = conflict.has_doubles(rolled)
    # a rest is a test: its doubles are Luck on a success, Misfortune on a Bust
    lucky = result is Result.SUCCESS and doubles
    # "5 under" (line 290): a rest is a Grit test, and a player's 5 kept dice or more under
    # Grit (a rest has no Challenge: a success) take a Stress off, as on any test; first,
    # so the doubles' Luck is banked when it leaves none for the Luck to take
    five_under = (state.settings.five_under and result is Result.SUCCESS
                  and not found.is_npc and len(rolled) >= 5 and stress > 0)
    if five_under:
        stress -= 1
    luck_off = lucky and command.luck_on_stress and stress > 0
    if luck_off:
        stress -= 1
    kept = lucky and not luck_off and not found.is_npc
    luck = cost.luck if cost.luck is not None else found.luck  # less a Luck floated
    banked = kept and luck < conflict.BANK_MAX
    # the Judge may bank a Bust's doubles as a Misfortune, or let it go (his own floating
    # die spends one first)
    misfortune = state.misfortune - (1 if command.floating == "judge" else 0)
    misfortune_due = (result is Result.BUST and doubles and not found.is_npc
                      and misfortune < conflict.BANK_MAX)
    misfortune_banked = misfortune_due and command.bank_misfortune
    misfortune_at_once = (result is Result.BUST and doubles and not found.is_npc
                          and misfortune >= conflict.BANK_MAX and command.bank_misfortune)
    # the night's rations come off the sheet, unless the Judge says they ate otherwise
    eaten = harm.rations_item(found.equipment) if command.rations else None
    return [Rested(
        name=found.name, rolled=rolled, total=sum(rolled),
        result=result.name.lower(), luck_took_stress=luck_off,
        sheets={found.name: SheetChange(
            guts=guts, stress=stress,
            luck=luck + 1 if banked else luck if luck != found.luck else None,
            background_used=cost.background_used,
            equipment=harm.one_used(found.equipment, eaten) if eaten else None)},
        luck_banked=banked, luck_spent_at_once=kept and not banked,
        misfortune_banked=misfortune_banked,
        misfortune=misfortune + misfortune_banked,
        misfortune_let_go=misfortune_due and not command.bank_misfortune,
        misfortune_at_once=misfortune_at_once,
        ration=eaten.name if eaten else "", rations_left=eaten.count - 1 if eaten else 0,
        unfed=command.rations and eaten is None, floating=command.floating,
        removed=removed, five_under=five_under,
        # the pool's last die, the scene's, is last of those kept unless it was taken away
        scene=scene_counts(state) and state.scene_die in rolled)]


# -- morale, the quick draw, ammunition -------------------------------------------------------


@RULES.decides(c.CheckMorale)
def check_morale(state: FistfulState, command: c.CheckMorale) -> list[object]:
    found = who(state, command.name)
    if not found.is_npc:
        raise RuleError("Morale", "morale is tested for NPCs and creatures", field="name")
    leader = state.morale_leader(found)
    if leader is None:
        side = found.side or f"{found.name}'s side"
        raise RuleError("Morale", f"nobody of {side} is standing to test their morale",
                        field="name")
    faces(command.rolled, harm.morale_dice(found.guts, found.guts_max), "the morale roll")
    broke = harm.morale_breaks(command.rolled, leader.grit)
    if command.coin and not broke:
        raise RuleError("Morale", "a coin is flipped only when they break", field="coin")
    return [MoraleTested(
        name=found.name, rolled=tuple(command.rolled), total=sum(command.rolled),
        grit=leader.grit, broke=broke, side=found.side, leader=leader.name,
        coin=coin(command.coin, "Morale") if command.coin else None,
        stays=staying(state, found) if broke else ()),
        *(FightLeft(name) for name in fleeing(state, found) if broke)]


def fleeing(state: FistfulState, npc: Character) -> tuple[str, ...]:
    """Who of `npc`'s side leaves the fight when its morale breaks: those on the tracker
    still standing (fled or given up, they fight no more); the fallen stay where they fell,
    and one the Judge said never runs (line 261) stays and fights."""
    side = {n.name for n in state.side_of(npc) if not n.out_of_action and not n.never_runs}
    return tuple(f.name for f in state.fight if f.name in side)


def staying(state: FistfulState, npc: Character) -> tuple[str, ...]:
    """Those of `npc`'s side on the tracker, standing, who never run (line 261)."""
    side = {n.name for n in state.side_of(npc) if not n.out_of_action and n.never_runs}
    return tuple(f.name for f in state.fight if f.name in side)


@RULES.decides(c.LineUp)
def line_up(state: FistfulState, command: c.LineUp) -> list[object]:
    """The Judge lines up a foe ahead for the next fight, behind his screen."""
    if command.band:
        fight.verify_band(command.band)
    found = who(state, command.name, able=False)
    lined = next((one for one in state.lineup if one[0] == found.name), None)
    if not command.band:
        if lined is None:
            raise RuleError("Turns", f"{found.name} is not lined up for the next fight",
                            field="name")
        return [LinedUp(found.name, "")]
    if not found.is_npc:
        raise RuleError("Turns", f"{found.name} is of the posse: the line-up is the Judge's "
                        "foes; the posse joins the fight at the table (j)", field="name")
    if found.dead:
        raise RuleError("Turns", f"{found.name} is dead", field="name")
    if state.fighter(found.name) is not None:
        raise RuleError("Turns", f"{found.name} is in the fight already", field="name")
    if lined == (found.name, command.band, command.never_runs):
        raise RuleError("Turns", f"{found.name} is lined up so already", field="band")
    return [LinedUp(found.name, command.band, command.never_runs)]


def why_not_bring_in(state: FistfulState) -> RuleError | None:
    """Why the line-up may not go into the fight now: none is lined up, or one of it cannot
    (down, dead, or in the fight already by j)."""
    if not state.lineup:
        return RuleError("Turns", "nobody is lined up for the next fight: line them up "
                         "first (u)")
    for name, _band, _never in state.lineup:
        found = state.character(name)
        if found is None or found.dead:
            return RuleError("Turns", f"{name} of the line-up is dead: take him off it (u)")
        if found.out_of_action:
            return RuleError("Turns", f"{name} of the line-up is out of action: take him "
                             "off it (u)")
        if state.fighter(name) is not None:
            return RuleError("Turns", f"{name} of the line-up is in the fight already: take "
                             "him off it (u)")
    return None


@RULES.decides(c.BringInLineUp)
def bring_in_line_up(state: FistfulState, command: c.BringInLineUp) -> list[object]:
    refuse(why_not_bring_in(state))
    bands: dict[str, list[str]] = {}
    for name, band, _never in state.lineup:
        bands.setdefault(band, []).append(name)
    return [LineUpBroughtIn(tuple(one[0] for one in state.lineup),
                            tuple(one[0] for one in state.lineup if one[2])),
            *(FightJoined(names[0], band, tuple(names[1:])) for band, names in bands.items())]


@RULES.decides(c.EaseStress)
def ease_stress(state: FistfulState, command: c.EaseStress) -> list[object]:
    refuse(why_not_ease_stress(state, command.name))
    found = who(state, command.name)
    item = next((i for i in found.equipment if i.name == command.item), None)
    if item is None:
        raise RuleError("Stress", f"{found.name} carries no {command.item}", field="item")
    if not 1 <= command.stress <= found.stress:
        raise RuleError("Stress", f"{found.name} has {found.stress} Stress: take 1 to "
                        f"{found.stress} off", field="stress")
    change = SheetChange(stress=found.stress - command.stress)
    if command.used_up:
        change = replace(change, equipment=harm.one_used(found.equipment, item))
    return [StressEased(found.name, item.name, command.stress, command.used_up,
                        item.count - 1 if command.used_up else item.count,
                        {found.name: change}, npc=found.is_npc)]


@RULES.decides(c.QuickDraw)
def draw_quick(state: FistfulState, command: c.QuickDraw) -> list[object]:
    found = who(state, command.name)
    item = next((i for i in found.equipment if i.name == command.item), None)
    if item is None:
        raise RuleError("Quick draw", f"{found.name} carries no {command.item}", field="item")
    faces(command.dice, 2, "the quick draw")
    return [QuickDrawn(found.name, item.name, item.slot, tuple(command.dice),
                       quick_draw(item.slot, command.dice))]


@RULES.decides(c.CheckAmmunition)
def check_ammunition(state: FistfulState, command: c.CheckAmmunition) -> list[object]:
    found = who(state, command.name, able=False)
    faces((command.face,), 1, "the ammunition roll")
    carried = harm.ammunition_weapons(found.equipment)
    if command.weapon and command.weapon not in carried:
        raise RuleError("Ammunition", f"{found.name} carries no {command.weapon} that uses "
                        "ammunition", field="weapon")
    weapon = command.weapon or ammunition_first(state, found.name)
    spent = harm.ammunition_spent(command.face)
    used = harm.ammunition_item(found.equipment, weapon) if spent and weapon else None
    if used is None:
        return [AmmunitionChecked(found.name, command.face, spent, weapon)]
    return [AmmunitionChecked(
        found.name, command.face, spent, weapon, used.name, used.count - 1,
        {found.name: SheetChange(equipment=harm.one_used(found.equipment, used))})]


def ammunition_weapons(state: FistfulState, name: str) -> tuple[str, ...]:
    """The guns and bows `name` carries that roll for their ammunition after a firefight."""
    found = state.character(name)
    return harm.ammunition_weapons(found.equipment) if found is not None else ()


def ammunition_due(state: FistfulState) -> tuple[tuple[str, str], ...]:
    """The guns and bows fired and still carried whose ammunition die is not rolled yet,
    as (who, weapon key), the one fired last first (the dead roll for nothing)."""
    return tuple(
        (name, key) for name, key in reversed(state.fired)
        if (found := state.character(name)) is not None and not found.dead
        and key in harm.ammunition_weapons(found.equipment))


def ammunition_first(state: FistfulState, name: str) -> str:
    """The gun or bow of `name`'s to roll the ammunition die for first: the one they fired
    last whose die is still to roll, else the first they carry ("" none)."""
    fired = [key for who, key in ammunition_due(state) if who == name]
    carried = ammunition_weapons(state, name)
    return (fired or [*carried, ""])[0]


# -- the initiative coin and the turn tracker -----------------------------------------------


@RULES.decides(c.FlipInitiative)
def flip_initiative(state: FistfulState, command: c.FlipInitiative) -> list[object]:
    # the coin says which side of a fight acts first; the order bought straight after the
    # round's coin is that round's, over the coin (the table saw tails, and paid)
    over_the_coin = bool(command.luck) and just_flipped(state)
    if not over_the_coin:
        refuse(why_not_new_round(state))
    flipped = coin(command.coin, "Initiative")
    if not command.luck:
        return [InitiativeFlipped(flipped, harm.initiative(flipped), False,
                                  state.combat_round + 1, {})]
    refuse(why_not_order_luck(state, command.luck))
    payers = [(who(state, name), luck) for name, luck in command.luck]
    return [InitiativeFlipped(
        flipped, harm.initiative(flipped), True,
        state.combat_round + (0 if over_the_coin else 1),
        {payer.name: SheetChange(luck=payer.luck - luck) for payer, luck in payers},
        paid={payer.name: luck for payer, luck in payers})]


def _fighting(state: FistfulState, name: str) -> Fighter:
    found = state.fighter(name)
    if found is None:
        raise RuleError("Turns", f"{name} is not in the fight", field="name")
    return found


@RULES.decides(c.JoinFight)
def join_fight(state: FistfulState, command: c.JoinFight) -> list[object]:
    fight.verify_band(command.band)
    named: list[str] = []
    for at, name in enumerate((command.name, *command.others)):
        field = "name" if at == 0 else "others"
        found = who(state, name, in_action=True)
        if state.fighter(found.name) is not None:
            raise RuleError("Turns", f"{found.name} is already in the fight", field=field)
        if found.name in named:
            raise RuleError("Turns", f"{found.name} is named twice", field=field)
        named.append(found.name)
    return [FightJoined(named[0], command.band, tuple(named[1:]))]


@RULES.decides(c.MoveInFight)
def move_in_fight(state: FistfulState, command: c.MoveInFight) -> list[object]:
    refuse(why_not_turn(state, command.name))
    fighter = _fighting(state, command.name)
    if command.away_from:
        return back_off(state, fighter, command)
    if not command.toward:
        fight.verify_move(fighter.band, command.band, fighter.moved)
        return [FighterMoved(fighter.name, fighter.band, command.band)]
    refuse(why_not_close_on(state, fighter.name))
    if command.toward == fighter.name:
        raise RuleError("Movement", "a fighter closes on someone else", field="toward")
    if command.toward not in targets(state, fighter.name):
        raise RuleError("Turns", f"{command.toward} is not in the fight, able to act",
                        field="toward")
    foe = _fighting(state, command.toward)
    band, foe_band = fight.closing(fighter.band, foe.band)
    if command.band and command.band != band:
        raise RuleError("Movement", f"closing on {foe.name} takes {fighter.name} to {band}, "
                        f"not {command.band}", field="band")
    return [FighterMoved(fighter.name, fighter.band, band, foe.name,
                         foe_band if foe_band != foe.band else "")]


def back_off(state: FistfulState, fighter: Fighter, command: c.MoveInFight) -> list[object]:
    refuse(why_not_farther(state, fighter.name))
    nearest = farther_from(state, fighter.name)
    if command.away_from not in nearest:
        raise RuleError("Movement", f"a move farther backs off from the nearest of the other "
                        f"side ({', '.join(nearest) or 'nobody: a plain step does'}), not "
                        f"{command.away_from}: one band a move", field="away_from")
    foe = _fighting(state, command.away_from)
    band = fight.backing(fighter.band, foe.band)
    if command.band and command.band != band:
        raise RuleError("Movement", f"backing off from {foe.name} takes {fighter.name} to "
                        f"{band}, not {command.band}", field="band")
    return [FighterMoved(fighter.name, fighter.band, band, away_from=foe.name)]


@RULES.decides(c.EndTurn)
def end_turn(state: FistfulState, command: c.EndTurn) -> list[object]:
    refuse(why_not_end_turn(state, command.name))
    fighter = _fighting(state, command.name)
    return [TurnEnded(fighter.name)]


@RULES.decides(c.LeaveFight)
def leave_fight(state: FistfulState, command: c.LeaveFight) -> list[object]:
    return [FightLeft(_fighting(state, command.name).name)]


@RULES.decides(c.EndFight)
def end_fight(state: FistfulState, command: c.EndFight) -> list[object]:
    if not state.fight and not state.combat_round:
        raise RuleError("Turns", "there is no fight to end")
    lost = [Lost(who.name, "the posse lost the fight", {who.name: SheetChange(dead=True)})
            for who in fallen_of_the_posse(state)] if command.posse_lost else []
    return [FightEnded(state.combat_round), *lost]


def fallen_of_the_posse(state: FistfulState) -> list[Character]:
    """The posse's fighters down at 0 Guts: lost for good if the posse loses the fight."""
    fighters = (state.character(f.name) for f in state.fight)
    return [who for who in fighters if who is not None and not who.is_npc
            and who.out_of_action and not who.dead]


# -- a session ended with a fight under way -----------------------------------------------------


@RULES.tells_under_way
def fight_under_way(state: FistfulState) -> str | None:
    """The fight on the tracker, its round and its fighters, those still standing first and
    then the dead and the downed, so the session's end does not list a corpse as fighting:
    "(Rattler Jim; dead: Ada Quill)"."""
    if not state.fight and not state.combat_round:
        return None
    found = [(f.name, state.character(f.name)) for f in state.fight]
    dead = [name for name, who in found if who is not None and who.dead]
    down = [name for name, who in found
            if who is not None and who.out_of_action and not who.dead]
    standing = [name for name, _ in found if name not in dead and name not in down]
    return fight_words(state.combat_round, fighters_named(standing, down, dead))


def fighters_named(standing: Sequence[str], down: Sequence[str], dead: Sequence[str]
                   ) -> list[str]:
    """Those on the tracker in words, the standing first, then the downed and the dead:
    "Rattler Jim; down: Bo; dead: Ada Quill" (none: [])."""
    named = ", ".join(standing)
    for word, names in (("down", down), ("dead", dead)):
        if names:
            named += f"{'; ' if named else ''}{word}: {', '.join(names)}"
    return [named] if named else []


def fight_words(combat_round: int, fighters: Sequence[str]) -> str:
    """A fight on the tracker in words, its round and its fighters: what the session's end
    asks about, and what the recap says goes on (`view.table_stands`)."""
    when = f"in round {combat_round}" if combat_round else "before its first round"
    return f"the fight, {when} ({', '.join(fighters) or 'nobody left on the tracker'})"


@RULES.abandons
def leave_off_the_fight(state: FistfulState) -> list[object]:
    """A fight left off when the session ends: the tracker cleared."""
    return [FightEnded(state.combat_round)]
