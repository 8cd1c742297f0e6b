"""The turn tracker of a fight: who is in it, their range band, who has moved and acted.

Readings we take:

- A fighter's band is their distance from the other side (Close, Nearby, Faraway,
  Distant); an attack's range is the farther of the attacker's and the target's bands.
  So fighters of both sides may join in one step at one band (the Join form's "With
  them" takes either side): one of the posse and a bandit joined at Nearby stand Nearby
  from each other, as the book's bands are relative positions (line 76).
- A fighter may spend the turn's move closing on one foe: the range between the two comes
  one band nearer, and each of them stands at most that far from the other side (so a
  bear already at Close beside one of the posse can still lumber over to another a band
  off: both are then at Close). The one closed on has not moved. A plain move steps the
  fighter's own band, nearer or farther; closing on one already at Close is refused.
- A move closer ("Closer") is the table's "he comes at them": when stepping the fighter's
  own band one nearer would bring them nearer none of the other side (an NPC at Nearby
  stepping to Close stays Nearby from one of the posse at Nearby, the range being the
  farther band), the move closes on a foe instead (on whom, when several may be), so the
  range does come a band nearer. A fighter at Close with every foe a band off or more
  may so still close in.
- A move farther ("Farther") mirrors it, the table's "he backs off": when stepping the
  fighter's own band one farther would take them farther from none of the other side
  (every foe already stands a band or more beyond them), the move backs off a band from the
  nearest foe: the fighter goes to one band past the range between them, and the foe stays.
  Only the nearest: backing off from one farther off would take the fighter two bands or
  more from the nearest in one move. Everyone of the other side Distant already, farther
  is out of sight: the move is refused (the fighter leaves the fight instead).
- A side goes into a fight together: the Join form offers each side with two or more
  still out of the fight on one line ("All of the posse (4)"), after the names, and a new
  fight starts on the posse's.
- On their turn a fighter moves at most one band, once, and takes one action: an attack
  from the Fight tab is that action (a second is refused; a move may still follow it). The
  turn ends itself once its move and its action are both taken, since nothing is left in
  it; "Done" ends it sooner (a fighter who stays put, or whose action is not an attack). A
  new round (the initiative coin) frees everyone to move and act again. An opposed test
  from the Conflict tab is not counted against the turn.
- The side the coin names acts first: none of the other side moves, attacks or ends a
  turn until each of the first side still able to act has had their turn (Done ends one;
  one down at 0 Guts, or gone, holds nobody up). Within a side the Judge takes the turns
  in any order.
- The posse buys the order of a round with 3 Luck between them; the book names no payer,
  so who puts in what is the players' to agree: each payer is named once with the Luck
  they put in (at least one, no more than they hold, from any of the posse still in
  action), the parts coming to 3. The form starts on one Luck at a time from the fullest
  bank, the list's order breaking a tie.
"""

from __future__ import annotations

from collections.abc import Mapping

from gmscreen.games.fistful.harm import RANGE_BANDS
from gmscreen.journal.rules import RuleError

#: the Luck the posse spends between them to choose who acts first instead of flipping
ORDER_LUCK = 3


def order_words(first: str, bought: bool, paid: Mapping[str, int] | None = None, *,
                told: bool = False) -> str:
    """Who goes first this round and by what, as the table says it: "heads: the posse goes
    first", "tails: the NPCs go first", or the order bought with Luck (`paid`: each payer's
    part, when known); `told`, as a recap tells it after ("went first")."""
    parts = f" ({', '.join(f'{name} {luck}' for name, luck in paid.items())})" if paid else ""
    how = (f"the order bought with {ORDER_LUCK} Luck{parts}" if bought
           else "heads" if first == "posse" else "tails")
    side = "the posse" if first == "posse" else "the NPCs"
    went = "went" if told else "goes" if first == "posse" else "go"
    return f"{how}: {side} {went} first"


def verify_band(band: str) -> None:
    if band not in RANGE_BANDS:
        raise RuleError("Range", f"a band is {', '.join(RANGE_BANDS)}, not {band!r}",
                        field="band")


def verify_move(before: str, after: str, moved: bool) -> None:
    """RuleError("Movement") unless this is one band, and the fighter's only move this turn."""
    verify_band(after)
    if moved:
        raise RuleError("Movement", "a fighter moves once a turn")
    if abs(RANGE_BANDS.index(after) - RANGE_BANDS.index(before)) != 1:
        raise RuleError("Movement", f"a move is one band: from {before} to "
                        f"{' or '.join(neighbours(before))}", field="band")


def neighbours(band: str) -> tuple[str, ...]:
    at = RANGE_BANDS.index(band)
    return tuple(RANGE_BANDS[i] for i in (at - 1, at + 1) if 0 <= i < len(RANGE_BANDS))


def turn_left(moved: bool, action_taken: bool) -> str:
    """What a turn not yet over still holds, in a few words ("" for all of it)."""
    if action_taken and not moved:
        return "may still move"
    if moved and not action_taken:
        return "may still act"
    return ""


def attack_range(attacker: str, target: str) -> str:
    return RANGE_BANDS[max(RANGE_BANDS.index(attacker), RANGE_BANDS.index(target))]


def closing(mover: str, target: str) -> tuple[str, str]:
    """The bands of a fighter at `mover` and a foe at `target` once the fighter closes one
    band on them: neither farther than the range between them, one band nearer."""
    at = RANGE_BANDS.index(attack_range(mover, target))
    if at == 0:
        raise RuleError("Movement", "already at Close, within arm's reach: there is no "
                        "nearer", field="toward")
    nearer = RANGE_BANDS[at - 1]
    return (min(mover, nearer, key=RANGE_BANDS.index),
            min(target, nearer, key=RANGE_BANDS.index))


def backing(mover: str, nearest: str) -> str:
    """The band of a fighter at `mover` once they back off one band from a foe at
    `nearest` (the nearest of the other side): one band past the range between them."""
    at = RANGE_BANDS.index(attack_range(mover, nearest))
    if at == len(RANGE_BANDS) - 1:
        raise RuleError("Movement", "the range is Distant already, at the edge of sight: "
                        "there is no farther band (one who rides off leaves the fight)",
                        field="away_from")
    return RANGE_BANDS[at + 1]
