"""Win chances before the Call, estimated by a seeded simulation, so the Dealer can judge
Stakes.

Each trial deals every hand its missing cards from what is left of the pack, lets each hand
that has not drawn yet change up to its draw limit of cards as the Draw form offers them
(`deal.plain_throw`: outside its best combination and a four-card flush or straight draw),
then compares the best hands. Exact ties share the
trial. Cards already dealt are kept as they are.

The trials throw with `_throw`, the plain throw worked out on the bits of the cards'
indexes: `deal.plain_throw`, which reads the cards one by one, was two fifths of the time.
tests/dust_devils/test_odds.py checks that both throw the same cards.

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
from gmscreen.core.poker import Category, Hand, best_hand
from gmscreen.games.dust_devils.call import strength
from gmscreen.games.dust_devils.deal import draw_limit, full_pack
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
    needed = min(sum(s.cards_due - len(h) + s.draw for s, h in zip(seats, held, strict=True)),
                 len(pack))
    names = [seat.name for seat in seats]
    wins = dict.fromkeys(names, 0.0)
    sample = rng.sample
    for trial in range(trials):
        if trial % CHECK_EVERY == 0 and stop():
            return {}
        fresh = sample(pack, needed)
        dealt = 0  # how many of `fresh` are in hands
        keys = []
        for cards, missing, draw in plan:
            hand = cards + fresh[dealt : dealt + missing]
            dealt += missing
            best = best_hand(hand)
            if draw:
                thrown = _throw(hand, draw, best)
                if thrown:
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


# Cards as bits: bit 4 * (rank - 2) + (suit - 1) is a card (its `Card.index`), so a rank's
# cards are a nibble.
#: the cards of each suit
_SUIT_CARDS = [sum(1 << 4 * r + s for r in range(13)) for s in range(4)]
#: the lowest bit of each rank's nibble
_RANK_BITS = sum(1 << 4 * r for r in range(13))
#: four ranks in a row (2 to 14) in the order `deal.plain_throw` tries them: the highest
#: first, the ace low last; each as the lowest bits of its ranks' nibbles
_RUNS = [sum(1 << 4 * (r - 2) for r in run) for run in (
    *(range(top - 3, top + 1) for top in range(14, 4, -1)), (14, 2, 3, 4))]


def _throw(hand: Sequence[Card], limit: int, best: Hand) -> int:
    """The cards `deal.plain_throw(hand, limit, best)` throws, as bits of their indexes."""
    cards = jokers = 0
    for card in hand:
        if card.joker:
            jokers += 1
        else:
            cards |= 1 << card.index
    kept = 0
    for card in best.counted_cards[: best.category.size]:
        kept |= 1 << card.index
    kept &= cards  # a joker's stand-in is no card of the hand, and never thrown
    short = 4 - jokers  # the cards a draw needs beside the jokers
    if best.category < Category.FLUSH and cards:
        # the suit with the most cards; between as many, the one with the highest card
        suited = max([cards & suit for suit in _SUIT_CARDS],
                     key=lambda run: run.bit_count() << 6 | run.bit_length())
        if suited.bit_count() >= short and cards & ~kept & ~suited:
            kept |= suited
    if best.category < Category.STRAIGHT:
        ranks = (cards | cards >> 1 | cards >> 2 | cards >> 3) & _RANK_BITS
        run = next((run for run in _RUNS if (ranks & run).bit_count() >= short), 0)
        draw = 0
        run &= ranks
        while run:  # a card of each rank: one already kept where there is one, the lowest
            low = run & -run
            at = low.bit_length() - 1
            here = cards >> at & 15
            pick = here & kept >> at or here
            draw |= (pick & -pick) << at
            run ^= low
        if cards & ~kept & ~draw:
            kept |= draw
    loose = cards & ~kept
    thrown = 0
    for _ in range(limit):  # the lowest of the rest
        if not loose:
            break
        low = loose & -loose
        thrown |= low
        loose ^= low
    return thrown
