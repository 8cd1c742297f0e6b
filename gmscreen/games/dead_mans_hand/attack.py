"""What a model may do after its move, which of its weapons reach, and how many cards it draws.

Readings of the book kept here (each has a test):

- Moving more than 10 yards means a quick or flat-out move; more than 20 yards means flat
  out, which leaves the Moving Target marker until the model is used again.
- However the modifiers fall, an attack draws at least one card; All In adds one more.
- A Jack's "cannot move" leaves the model free to stand still and attack from there.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from gmscreen.games.dead_mans_hand.state import Model
from gmscreen.games.dead_mans_hand.weapons import (
    Band,
    Move,
    Reach,
    attack_reach,
    reaches,
    weapon,
    weapon_name,
)

#: the least number of cards an attack draws
FEWEST_CARDS = 1


def moved_far(move: Move) -> bool:
    """More than 10 yards: the attacker draws one card fewer."""
    return move in (Move.QUICK, Move.FLAT_OUT)


def moving_target(move: Move) -> bool:
    """More than 20 yards: the model is a Moving Target until it is used again."""
    return move is Move.FLAT_OUT


def move_refused(model: Model, move: Move) -> str | None:
    """Why this model may not make this move now, or None."""
    if model.pinned and move is not Move.STILL:
        return f"{model.name} was pinned by a Jack and may not move this time"
    return None


def moves_allowed(model: Model, *, leaving: bool = False) -> tuple[Move, ...]:
    """The moves this model may make now: none but standing still under a Jack; leaving by a
    table edge needs a move, so a pinned model cannot leave at all."""
    moves = [m for m in Move if move_refused(model, m) is None]
    return tuple(m for m in moves if not (leaving and m is Move.STILL))


def attack_refused(model: Model, move: Move, *, stopped: bool) -> str | None:
    """Why this model may not attack after this move, or None. `stopped`: it came into this
    use under a Queen's marker (the marker itself is spent by the use)."""
    if stopped:
        return f"{model.name} was stopped by a Queen and may not attack this time"
    if move is Move.FLAT_OUT and not model.horse:
        return f"{model.name} moved flat out on foot and may not attack"
    return None


def move_words(model: Model, move: Move, *, leaving: bool = False) -> str:
    """A move as the move form offers it to this model: how far, and what it leaves the model
    free to do after it (its attack, the Moving Target marker); a move that leaves it no
    attack says the turn passes with it. Leaving by a table edge is no attack, and a model
    stopped by a Queen makes none (the form's note says so), so they are told the yards
    alone."""
    how = "Stand still" if move is Move.STILL else move.said.capitalize()
    said = how if move is Move.STILL else f"{how}, up to {move.yards} yards"
    if leaving:
        return said
    after = "; a Moving Target after" if moving_target(move) else ""
    if model.shaken:
        return said + (f":{after[1:]}" if after else "")
    if attack_refused(model, move, stopped=False):
        return f"{said}: no attack on foot, so the turn passes{after}"
    if not model.weapons:
        return f"{said}: no weapon left, so the turn passes{after}"
    if move is Move.STILL:
        gained = [w for w in model.weapons
                  if _longest(w, model.civilian, Move.STILL) > _longest(w, model.civilian,
                                                                      Move.SLOW)]
        bands = {reaches(w, model.civilian, Move.STILL)[-1].band for w in gained}
        for band in (Band.LONG_SHOT, Band.NORMAL):
            if band in bands:
                return f"{said}: {band.value} range allowed"
        if gained:  # a civilian's rifle, which fires only standing, at its Civilian range
            return f"{said}: {' and '.join(weapon(w).name for w in gained)} may fire"
        return f"{said}: attack as usual"
    attack = "attack one card down" if moved_far(move) else "attack as usual"
    idle = [weapon(w).name for w in model.weapons
            if not reaches(w, model.civilian, move) and reaches(w, model.civilian, Move.STILL)]
    if idle and len(idle) == sum(1 for w in model.weapons if reaches(w, model.civilian,
                                                                      Move.STILL)):
        return (f"{said}: no attack ({' and '.join(idle)} only standing), so the turn "
                f"passes{after}")
    if idle:
        attack += f", not with the {' or the '.join(idle)}"
    return f"{said}: {attack}{after}"


def _longest(weapon_id: str, civilian: bool, move: Move) -> int:
    """The furthest this weapon reaches after this move (0 when it cannot fire)."""
    found = reaches(weapon_id, civilian, move)
    return found[-1].yards if found else 0


@dataclass(frozen=True, slots=True)
class WeaponChoice:
    """One of the attacker's weapons for an attack at a measured distance."""

    weapon: str
    reach: Reach | None  # the column used, or None when it does not reach
    why_not: str | None  # why it cannot be used, when it cannot


def weapon_choices(model: Model, move: Move, yards: int) -> tuple[WeaponChoice, ...]:
    """Every weapon the model carries, and whether it reaches a target `yards` away."""
    choices: list[WeaponChoice] = []
    for weapon_id in model.weapons:
        arm = weapon(weapon_id)
        if model.civilian and not arm.civilians:
            choices.append(WeaponChoice(weapon_id, None, f"civilians cannot use {arm.name}"))
            continue
        if not reaches(weapon_id, model.civilian, move):
            choices.append(WeaponChoice(weapon_id, None, f"{arm.name} fires only standing still"))
            continue
        reach = attack_reach(weapon_id, model.civilian, move, yards)
        longest = reaches(weapon_id, model.civilian, move)[-1]
        # Dual Pistols, Derringers, Thrown Tomahawks: named in the plural
        verb = "reach" if arm.name.endswith("s") else "reaches"
        why = None if reach else f"{arm.name} {verb} {longest.yards} yards, not {yards}"
        choices.append(WeaponChoice(weapon_id, reach, why))
    return tuple(choices)


@dataclass(frozen=True, slots=True)
class CardCount:
    """The cards an attack draws: the weapon's power and each modifier that applies."""

    power: int
    modifiers: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        return max(FEWEST_CARDS, self.power + sum(delta for _, delta in self.modifiers))


#: the words of the count for the modifiers the table judges by eye (lines 69-71), the attack
#: form's boxes
FRIENDS_NEAR, FROM_BEHIND, IN_COVER = "friends within 10 yards", "from behind", "target in cover"


def judged(modifiers: Collection[str]) -> dict[str, bool]:
    """The modifiers the table judged for an attack drawn, read from the words of those its
    count kept, as `card_count` takes them: its boxes, to be ticked again as they were when
    the attack is taken back and sent anew (none for an attack whose count was not kept)."""
    return {"friends_near": FRIENDS_NEAR in modifiers, "from_behind": FROM_BEHIND in modifiers,
            "cover": IN_COVER in modifiers}


def card_count(
    weapon_id: str,
    *,
    friends_near: bool = False,
    from_behind: bool = False,
    cover: bool = False,
    target_moving: bool = False,
    attacker_moved_far: bool = False,
) -> CardCount:
    """Cards to draw: power +1 friends within 10 yards, +1 from behind, -1 cover,
    -1 a Moving Target, -1 an attacker that moved more than 10 yards."""
    flags = (
        (friends_near, FRIENDS_NEAR, +1),
        (from_behind, FROM_BEHIND, +1),
        (cover, IN_COVER, -1),
        (target_moving, "moving target", -1),
        (attacker_moved_far, "moved more than 10 yards", -1),
    )
    return CardCount(weapon(weapon_id).power,
                     tuple((label, delta) for on, label, delta in flags if on))


def describe_count(count: CardCount, weapon_id: str) -> str:
    """'Rifle 2 +1 friends within 10 yards -1 target in cover = 2 cards'."""
    return " ".join(count_terms(count, weapon_id))


def count_terms(count: CardCount, weapon_id: str) -> list[str]:
    """The terms of `describe_count`, where a line may break: the weapon's power, each
    modifier and the total ("= 2 cards")."""
    terms = [f"{weapon_name(weapon_id)} {count.power}"]
    terms += [f"{delta:+d} {label}" for label, delta in count.modifiers]
    least = at_least(count.power, [delta for _, delta in count.modifiers])
    if least:
        return [*terms, least.strip()]
    noun = "card" if count.total == 1 else "cards"
    return [*terms, f"= {count.total} {noun}"]


def at_least(power: int, deltas: Sequence[int]) -> str:
    """Where the modifiers take the count below the least an attack draws, the words that
    say so (" = 0, but an attack draws at least 1 card"); "" otherwise: never a clamp
    unsaid, on the attack form or in the log."""
    summed = power + sum(deltas)
    if summed >= FEWEST_CARDS:
        return ""
    return f" = {summed}, but an attack draws at least {FEWEST_CARDS} card"
