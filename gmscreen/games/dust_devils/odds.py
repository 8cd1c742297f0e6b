"""Win chances before the Call, estimated by a seeded simulation, so the Dealer can judge
Stakes.

Each trial deals every hand its missing cards from what is left of the pack, lets each hand
that has not drawn yet change up to its draw limit of cards as the Draw form offers them
(`deal.plain_throw`: outside its best combination and a four-card flush or straight draw),
then compares the best hands. Exact ties share the
trial. Cards already dealt are kept as they are. The Deal comes first: where the hands are due
nearly the whole pack, the draws take only the cards the Deal leaves (as the Draw itself
refuses a change the pack cannot replace), so every hand holds its whole Deal.

The trials throw with `deal.thrown_bits`, the plain throw worked out on the bits of the
cards' indexes (read card by card, it was two fifths of the time).

A hand's draw limit is the one its Draw would have: the rating of the Knack named relevant
when it entered (none, no draw), plus the Devil rating for a character at 0; a Chip's card
more is not assumed. The Dealer's stud hand does not draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random

from gmscreen.core.cards import Card, cards_from_codes
from gmscreen.core.poker import best_hand
from gmscreen.games.dust_devils.call import strength
from gmscreen.games.dust_devils.deal import draw_limit, full_pack, thrown_bits
from gmscreen.games.dust_devils.state import DustDevilsState

TRIALS = 10_000
#: how many trials run between two looks at `stop`
CHECK_EVERY = 250


@dataclass(frozen=True)
class Seat:
    """One hand as the simulation sees it: the cards it holds now (codes), the cards it is
    due in all, and how many it may still change in the Draw."""

    name: str
    held: tuple[str, ...]
    cards_due: int
    draw: int = 0


def seats(state: DustDevilsState) -> list[Seat]:
    """The hands of the conflict under way that have not folded, as the simulation sees
    them."""
    if state.conflict is None:
        return []
    found = []
    for p in state.conflict.active:
        who = state.character(p.name)
        draw = 0
        if who is not None and not p.drawn:
            draw = draw_limit(who.knack(p.knack) if p.knack else 0,
                              devil_at_zero=who.devil_rating if p.at_zero else 0)
        found.append(Seat(p.name, p.hand, p.cards_due, draw))
    return found


def win_chances(
    seats: Sequence[Seat],
    rng: Random,
    trials: int = TRIALS,
    stop: Callable[[], bool] = lambda: False,
) -> dict[str, float]:
    """Each seat's chance of the highest hand at the Call, from 0 to 1. `stop` is asked now
    and then; when it says so the work is dropped and nothing (an empty dict) returned."""
    if not seats:
        return {}
    out = Counter(full_pack())
    for seat in seats:
        out.subtract(seat.held)
    held = _held_cards(seats)
    jokers_held = sum(c.is_joker for cards in held for c in cards)
    pack = cards_from_codes(sorted(out.elements()), first_joker=jokers_held + 1)
    # What each trial asks of each seat, the same every time: the cards it holds, how many
    # it is dealt and how many it may change.
    plan = [(cards, max(seat.cards_due - len(cards), 0), seat.draw)
            for seat, cards in zip(seats, held, strict=True)]
    # The Deal comes before every Draw: when the pack cannot give every hand its whole Draw
    # (the Deal took nearly all of it), the draws share only what the Deal leaves, as the
    # Draw refuses a change the pack has no cards for.
    dealing = min(sum(missing for _, missing, _ in plan), len(pack))
    spare = min(sum(draw for _, _, draw in plan), len(pack) - dealing)
    needed = dealing + spare
    names = [seat.name for seat in seats]
    wins = dict.fromkeys(names, 0.0)
    sample = rng.sample
    for trial in range(trials):
        if trial % CHECK_EVERY == 0 and stop():
            return {}
        fresh = sample(pack, needed)
        dealt = 0  # how many of `fresh` are in hands
        left = spare  # the cards the draws may still take
        keys = []
        for cards, missing, draw in plan:
            hand = cards + fresh[dealt : dealt + missing]
            dealt += missing
            best = best_hand(hand)
            if draw and left:
                thrown = thrown_bits(hand, min(draw, left), best)
                if thrown:
                    left -= thrown.bit_count()
                    hand = [c for c in hand if not thrown >> c.index & 1]
                    changed = thrown.bit_count()
                    hand += fresh[dealt : dealt + changed]
                    dealt += changed
                    best = best_hand(hand)
            keys.append(strength(best))
        top = max(keys)
        tied = keys.count(top)
        if tied == 1:
            wins[names[keys.index(top)]] += 1.0
        else:
            for name, key in zip(names, keys, strict=True):
                if key == top:
                    wins[name] += 1 / tied
    return {name: count / trials for name, count in wins.items()}


def _held_cards(seats: Sequence[Seat]) -> list[list[Card]]:
    """The seats' cards, the two jokers numbered across all hands so none is taken twice."""
    held: list[list[Card]] = []
    jokers = 0
    for seat in seats:
        cards = cards_from_codes(seat.held, first_joker=jokers + 1)
        jokers += sum(c.is_joker for c in cards)
        held.append(cards)
    return held
