"""The result card: who wins, and what happens to the loser.

`resolve` says what a card would do (the Conflict tab shows it for every drawn card before the
attacker picks); `apply` makes it happen to the two models.

Readings of the book kept here (each has a test):

- A number equal to the winner's value hits: the rules (line 104) and the play sheet's first
  line (336) say so; the sheet's next line (338, "not higher") is read as "lower".
- A Joker hits both models whatever the range: nobody wins it, so nobody has to reach.
- A card of the target's colour does nothing when the target cannot answer: it was stopped by
  a Queen, or none of its weapons reaches the attacker at Normal (civilian: Civilian) range.
- When the target wins it answers with a weapon that reaches; it picks one that does not run
  out when it has one, so Derringers or Tomahawks are spent only when nothing else reaches.
- An Ace against the attacker takes the weapon it attacked with. When an earlier card of the
  same attack took that weapon already (its own Ace of the target's colour, then the
  target's second card after All In, another Ace), the second Ace takes nothing more: the
  book names the weapon used, and it is out of the attacker's hands; the card says so. An
  Ace against the target takes a weapon of the target's choosing among those that could
  reach the winner from a standstill, or among all it carries when none could. Losing Dual
  Pistols or Tomahawks leaves the Pistol or Big Blade they came with. The choices are listed
  cheapest first by the plunder prices (fists cost nothing): the one a loser most likely
  gives up, which the result-card form opens on, the pick staying the loser's player's.
- A weapon that came free is a weapon like any other: Brawling may go to an Ace (line 92),
  and so may the Pistol that came with Dual Pistols, the pair kept; the book promises only
  that losing the pair leaves the Pistol, so once the Pistol is given up the pair, lost in
  turn, leave nothing. No model has a Pistol free of its own; Brawling is what everyone
  but a civilian has.
- Derringers or Tomahawks spent on a low number are spent once: a second result card after
  All In (line 77) that is low again, of the attacker's colour, finds them gone and does
  nothing more.
- A King takes the loser down whatever hits it has left; the King is its coffin card.
- A hit that takes a model's last hit lays it down on that card, its coffin card; what the
  card says (the preview, the log) names the models it lays down and the card they lie on.
"""

from __future__ import annotations

from dataclasses import replace

from gmscreen.games.dead_mans_hand.pack import (
    ACE,
    JACK,
    KING,
    QUEEN,
    colour_of,
    number,
    rank,
    show,
)
from gmscreen.games.dead_mans_hand.state import Effect, Model, Outcome, Status, changed
from gmscreen.games.dead_mans_hand.weapons import (
    answer_reach,
    answers,
    could_reach,
    weapon,
    weapon_name,
)


def answer_weapons(target: Model, yards: int) -> tuple[str, ...]:
    """The target's weapons that reach the attacker to answer a result card."""
    return tuple(w for w in target.weapons if answers(w, target.civilian, yards))


def longest_answer(target: Model) -> tuple[str, int] | None:
    """The weapon with which the target answers furthest, and how far: what may answer
    before the yards are measured; None when nothing it carries ever answers."""
    reaches = [(reach.yards, weapon) for weapon in target.weapons
               if (reach := answer_reach(weapon, target.civilian)) is not None]
    if not reaches:
        return None
    yards, weapon = max(reaches, key=lambda found: found[0])
    return weapon, yards


def answer_refused(target: Model, attacker: Model, yards: int) -> str | None:
    """Why the target cannot apply a result card to its attacker, or None when it can."""
    if not target.on_table:
        return f"{target.name} is out of the fight"
    if target.shaken:
        return f"{target.name} is under a Queen and cannot answer"
    if not answer_weapons(target, yards):
        return f"{target.name} cannot reach {attacker.name} at {yards} yards"
    return None


def ace_choices(loser: Model, yards: int) -> tuple[str, ...]:
    """The weapons a target that lost to an Ace may give up: those that could reach the
    winner, or any it carries when none could; the one a loser most likely gives up first
    (the cheapest by the plunder prices: fists cost nothing), as the result-card form lists
    them, so that its Enter never gives up the best weapon on the loser's behalf."""
    in_range = tuple(w for w in loser.weapons if could_reach(w, loser.civilian, yards))
    return tuple(sorted(in_range or loser.weapons,
                        key=lambda w: weapon(w).price_for(loser.civilian)))


def resolve(
    code: str,
    attacker: Model,
    target: Model,
    weapon_used: str,
    yards: int,
    *,
    weapon_lost: str | None = None,
) -> Outcome:
    """What `code` does as a result card of `attacker`'s attack on `target`. For an Ace that
    the target loses, `weapon_lost` is its pick; without one, the outcome lists the choices
    (and takes the only one when there is just one)."""
    colour = colour_of(code)
    if colour is None:
        return Outcome(code, Effect.BOTH_HIT,
                       down=tuple(m.name for m in (attacker, target) if last_hit(m)))
    if colour == attacker.colour:
        winner, loser, winner_weapon = attacker, target, weapon_used
    else:
        why_not = answer_refused(target, attacker, yards)
        if why_not is not None:
            return Outcome(code, Effect.NO_ANSWER, reason=why_not)
        reaching = answer_weapons(target, yards)
        lasting = [w for w in reaching if not weapon(w).runs_out]
        winner, loser, winner_weapon = target, attacker, (lasting or reaching)[0]
    answer = winner_weapon if winner is target else None
    base = Outcome(code, Effect.MISS, winner.name, loser.name, answer_weapon=answer)
    value = number(code)
    if value is not None:
        if value >= winner.value:
            return replace(base, effect=Effect.HIT,
                           down=(loser.name,) if last_hit(loser) else ())
        if weapon(winner_weapon).runs_out and winner_weapon in winner.weapons:
            return replace(base, effect=Effect.RAN_OUT, weapon=winner_weapon)
        return base
    picture = rank(code)
    if picture == KING:
        return replace(base, effect=Effect.KILLED, down=(loser.name,))
    if picture == QUEEN:
        return replace(base, effect=Effect.SHAKEN)
    if picture == JACK:
        return replace(base, effect=Effect.PINNED, horse=loser.horse)
    assert picture == ACE
    if loser is attacker:
        if weapon_used in attacker.weapons:
            return replace(base, effect=Effect.DISARMED, weapon=weapon_used)
        used = weapon_name(weapon_used)
        gone = "are" if used.endswith("s") else "is"
        return replace(base, effect=Effect.DISARMED, reason=f"its {used} {gone} gone already")
    choices = ace_choices(loser, yards)
    if weapon_lost is not None:
        if weapon_lost not in choices:
            raise ValueError(
                f"{loser.name} must give up one of: "
                + ", ".join(weapon_name(w) for w in choices)
            )
        return replace(base, effect=Effect.DISARMED, weapon=weapon_lost, choices=choices)
    only = choices[0] if len(choices) == 1 else None
    return replace(base, effect=Effect.DISARMED, weapon=only, choices=choices)


def last_hit(model: Model) -> bool:
    """One hit more lays this model down."""
    return model.hits_left <= 1


def take_hit(model: Model, code: str) -> Model:
    """One hit; the last one lays the model down on `code`, its coffin card."""
    left = max(0, model.hits_left - 1)
    if left == 0:
        return changed(model, hits_left=0, status=Status.DOWN, coffin=code)
    return changed(model, hits_left=left)


def apply(outcome: Outcome, model: Model) -> Model:
    """`model` (the attacker or the target of the attack) after the outcome."""
    effect = outcome.effect
    if effect is Effect.BOTH_HIT:
        return take_hit(model, outcome.card)
    if effect is Effect.RAN_OUT and model.name == outcome.winner:
        return changed(model, weapons=_without(model.weapons, outcome.weapon))
    if model.name != outcome.loser:
        return model
    if effect is Effect.HIT:
        return take_hit(model, outcome.card)
    if effect is Effect.KILLED:
        return changed(model, hits_left=0, status=Status.DOWN, coffin=outcome.card)
    if effect is Effect.DISARMED:
        return changed(model, weapons=_without(model.weapons, outcome.weapon))
    if effect is Effect.PINNED:
        return changed(model, pinned=True, horse=False)
    if effect is Effect.SHAKEN:
        return changed(model, shaken=True)
    return model


def _without(weapons: tuple[str, ...], lost: str | None) -> tuple[str, ...]:
    return tuple(w for w in weapons if w != lost)


def on(code: str) -> str:
    """Where a model laid down lies: "on 10♥", "on the Joker"."""
    return f"on {'the ' if rank(code) is None else ''}{show(code)}"


def says(outcome: Outcome) -> str:
    """The outcome in a few plain words, for the preview and the log."""
    loser, winner = outcome.loser or "", outcome.winner or ""
    match outcome.effect:
        case Effect.BOTH_HIT:
            if len(outcome.down) == 2:
                return f"both take a hit and go down {on(outcome.card)}"
            if outcome.down:
                return f"both take a hit; {outcome.down[0]} goes down {on(outcome.card)}"
            return "both take a hit"
        case Effect.NO_ANSWER:
            return f"no effect, as {outcome.reason}"
        case Effect.HIT:
            if outcome.down:
                return f"{loser} takes a last hit and goes down {on(outcome.card)}"
            return f"{loser} takes a hit"
        case Effect.MISS:
            return "no effect"
        case Effect.RAN_OUT:
            return f"no effect; {winner}'s {weapon_name(outcome.weapon or '')} run out"
        case Effect.DISARMED:
            if outcome.weapon:
                return f"{loser} loses {weapon_name(outcome.weapon)}"
            if outcome.choices:
                picks = " or ".join(weapon_name(w) for w in outcome.choices)
                return f"{loser} loses a weapon ({picks})"
            if outcome.reason:
                return f"{loser} loses nothing more: {outcome.reason}"
            return f"{loser} has no weapon left to lose"
        case Effect.PINNED:
            horse = " and loses its horse" if outcome.horse else ""
            return f"{loser} may not move next use{horse}"
        case Effect.SHAKEN:
            return f"{loser} may not attack next use, nor answer till that use is over"
        case Effect.KILLED:
            return f"{loser} is killed"
    return ""


def told(outcome: Outcome) -> str:
    """`says`, and the target that won turning to face its attacker (line 100)."""
    if outcome.answer_weapon is None:
        return says(outcome)
    return (f"{says(outcome)} ({outcome.winner} answers with "
            f"{weapon_name(outcome.answer_weapon)} and turns to face {outcome.loser})")
