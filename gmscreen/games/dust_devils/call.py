"""The Call: what each hand lays, who wins, who narrates, and the Difficulty a loser takes.

Readings where the book leaves room (each one tested in tests/dust_devils/test_call.py):

- A hand lays five cards, or all of them when it holds fewer: never fewer than it can.
- Jokers are wild in the poker hand. For narration a joker is not a card of any rank: the
  highest natural card laid narrates, and a lay of jokers alone never takes narration from a
  lay with a natural card.
- In a five-high straight (A-2-3-4-5, flush or not) the ace counts low for narration too:
  the book says that hand's high card is its five, so the five is the card that narrates.
- The lay that keeps the high card is the best hand of five that holds it. For Black Jack's
  3♥ 3♣ 3♦ 7♦ 7♣ K♠ the book offers two pair and the K♠; three 3s with the K♠ and a 7 hold the
  same card and beat two pair, so the app offers that.
- Hands rank as in poker (category, then the ranks that matter, then suits), except high-card
  hands: the book says the one with the highest single card wins, and suits rank, so A♠ 7♣
  beats A♥ K♦ (the ace of spades is the highest card laid); the cards below count only
  when the top cards are the same.
- Hands that tie exactly (same ranks and suits, which only jokers allow) all win.
- Each loser takes as many points as the winning combination has cards (one for a high card,
  two for a pair, four for two pair or four of a kind, three for three of a kind, five for
  the rest), placed among the attributes whose suits the combination shows. A combination of
  jokers alone shows no suit; its points then go where the loser chooses.
- No attribute goes below 0: points that cannot be placed because every allowed attribute
  is at 0 are lost, so the split must place all the points or empty every allowed attribute.
  A loser whose allowed attributes are all at 0 already places nothing, and nobody waits on
  him to (`resolution.losers_waiting`). After the Call the outcome says what each loser
  really loses: the combination's points, or all that its attributes hold when they hold
  fewer (`view._losses`), so "loses 5" is never said of a Guts of 2.
- Bidding for narration: only the narrator pays; the others keep their Chips. A rival pays
  what it bid. The holder of the high card keeps narration by meeting the highest bid, and
  pays only what meets it (one Chip when nobody bids against it), whatever it offered. Two
  top bids that tie (neither the holder's) settle nothing: someone must bid more.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from gmscreen.core.cards import Card
from gmscreen.core.poker import Category, Hand, best_hand, evaluate, high_card
from gmscreen.core.text import plural
from gmscreen.games.dust_devils.sheet import ATTRIBUTES, Attribute
from gmscreen.journal.rules import RuleError

LAY_SIZE = 5
ACE = 14


@dataclass(frozen=True)
class LayChoice:
    """The best lay of a hand, and (when it differs) the best lay that keeps the hand's
    highest single card for narration."""

    best: Hand
    keeps_high_card: Hand | None


def lay_size(held: int) -> int:
    return min(LAY_SIZE, held)


def lay_choices(cards: Sequence[Card]) -> LayChoice:
    """The best poker hand of `cards`, and the best lay that holds the highest single card
    when the best hand leaves it out (Black Jack's choice)."""
    best = best_hand(cards)
    naturals = [c for c in cards if not c.is_joker]
    if not naturals:
        return LayChoice(best, None)
    top = high_card(naturals)
    if lay_narrator(best.cards) == top or len(cards) <= LAY_SIZE:
        return LayChoice(best, None)
    rest = [c for c in cards if c != top]
    lays = [[top, *four] for four in combinations(rest, LAY_SIZE - 1)]
    keeping = [evaluate(lay) for lay in lays if lay_narrator(lay) == top]
    return LayChoice(best, max(keeping) if keeping else None)


def verify_lay(name: str, held: Sequence[Card], laid: Sequence[Card], *,
               said: str = "") -> Hand:
    """The hand a lay makes; RuleError when it is not the right number of cards held,
    under the field of `name`'s lay (the Call form has a line a hand, found by its name).
    `said`: the hand's name at the start of a sentence, when it is not `name` ("The
    Dealer" for the stud hand)."""
    said = said or name
    if len(set(laid)) != len(laid):
        raise RuleError("The Call", f"{said} lays a card twice", field=name)
    missing = [c for c in laid if c not in held]
    if missing:
        raise RuleError("The Call", f"{said} does not hold {' '.join(map(str, missing))}",
                        field=name)
    if len(laid) != lay_size(len(held)):
        raise RuleError("The Call", f"{said} must lay {lay_size(len(held))} cards, not "
                        f"{len(laid)}", field=name)
    return evaluate(laid)


#: a hand's place in the order of the Call (`strength`)
Strength = tuple[int, tuple[int, ...], tuple[int, tuple[int, ...], tuple[int, ...]]]


def strength(hand: Hand) -> Strength:
    """How hands rank at the Call: as in poker, except that between high-card hands the one
    with the single highest card wins, its suit counting before the cards below it."""
    top = (hand.ranks[0], hand.suits[0]) if hand.category is Category.HIGH_CARD else ()
    return (int(hand.category), top, hand.key)


def winners(hands: Mapping[str, Hand]) -> list[str]:
    """Who holds the highest hand (more than one only on an exact tie)."""
    top = max(map(strength, hands.values()))
    return [name for name, hand in hands.items() if strength(hand) == top]


def _five_high_straight(cards: Sequence[Card]) -> bool:
    if len(cards) != 5:
        return False
    hand = evaluate(cards)
    return hand.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and \
        hand.ranks[0] == 5


def narration_card(laid: Mapping[str, Sequence[Card]]) -> tuple[str, Card] | None:
    """Who laid the highest single natural card, and which; None if only jokers were laid."""
    best: tuple[str, Card] | None = None
    for name, cards in laid.items():
        card = lay_narrator(cards)
        if card is not None and (best is None or card > best[1]):
            best = (name, card)
    return best


def lay_narrator(cards: Sequence[Card]) -> Card | None:
    """The card of a lay that counts for narration: its highest natural card (the five of
    a five-high straight); None for jokers alone."""
    naturals = [c for c in cards if not c.is_joker]
    if _five_high_straight(cards):
        naturals = [c for c in naturals if c.rank != ACE] or naturals
    return high_card(naturals) if naturals else None


def difficulty_points(winning: Hand) -> int:
    """Points each loser takes: the cards in the winning combination."""
    return len(winning.combination)


def difficulty_attributes(winning: Hand) -> tuple[Attribute, ...]:
    """The attributes a loser may lose points from: the suits the combination shows (a joker
    shows none). All four when the combination is jokers alone."""
    suits = {c.suit for c in winning.combination if c.suit is not None}
    if not suits:
        return ATTRIBUTES
    return tuple(a for a in ATTRIBUTES if a.suit in suits)


def points_due(points: int, allowed: Iterable[Attribute],
               values: Mapping[Attribute, int]) -> int:
    """The points a loser places: the winning combination's, or fewer when the attributes it
    may lose them from hold fewer (none goes below 0)."""
    return min(points, sum(values[a] for a in allowed))


def verify_split(
    name: str,
    points: int,
    allowed: Iterable[Attribute],
    values: Mapping[Attribute, int],
    split: Mapping[Attribute, int],
) -> None:
    """Check a loser's split of Difficulty; RuleError names what is wrong."""
    allowed = tuple(allowed)
    for attribute, lost in split.items():
        if lost < 0:
            raise RuleError("Difficulty", f"{name} cannot lose {lost} {attribute}",
                            field=attribute.value)
        if lost and attribute not in allowed:
            shown = ", ".join(f"{a} {a.symbol}" for a in allowed)
            raise RuleError("Difficulty", f"the winning combination shows no "
                            f"{attribute.suit.name.lower()}; {name} loses points only from "
                            f"{shown}", field=attribute.value)
        if lost > values[attribute]:
            raise RuleError("Difficulty", f"{name}'s {attribute} is {values[attribute]}; it "
                            f"cannot lose {lost} (no attribute goes below 0)",
                            field=attribute.value)
    due = points_due(points, allowed, values)
    placed = sum(split.values())
    if placed != due:
        raise RuleError("Difficulty", f"{name} must place {plural(due, 'point')}, "
                        f"not {placed}", field="split")


def auto_split(points: int, allowed: Sequence[Attribute],
               values: Mapping[Attribute, int]) -> dict[Attribute, int]:
    """A split that spreads the points evenly over the allowed attributes (the highest value
    first among equals): a starting point the player then changes. None goes to 0 while the
    points fit above it (0 is the Road to Hell, line 317: k, Enter never sends a character
    there that the points could have spared, round 34); then the rest, down to 0."""
    split = dict.fromkeys(allowed, 0)
    for _ in range(points):
        room = [a for a in allowed if values[a] - split[a] > 1] or \
            [a for a in allowed if values[a] - split[a] > 0]
        if not room:
            break
        pick = max(room, key=lambda a: (-split[a], values[a] - split[a], -ATTRIBUTES.index(a)))
        split[pick] += 1
    return {a: n for a, n in split.items() if n}


def narrator_after_bids(holder: str | None, bids: Mapping[str, int]) -> str | None:
    """Who narrates when players bid Chips: the highest bidder, unless the holder of the high
    card meets that bid. None when the top bids tie (someone must bid more)."""
    others = {n: b for n, b in bids.items() if n != holder and b > 0}
    if not others:
        return holder
    top = max(others.values())
    if holder is not None and bids.get(holder, 0) >= top:
        return holder
    leaders = [n for n, b in others.items() if b == top]
    return leaders[0] if len(leaders) == 1 else None


def narration_price(holder: str | None, bids: Mapping[str, int], narrator: str) -> int:
    """The Chips `narrator` pays for narration won by `bids`: a rival its bid; the holder of
    the high card only what meets the highest other bid, or one Chip unopposed."""
    if narrator != holder:
        return bids.get(narrator, 0)
    others = [b for n, b in bids.items() if n != holder and b > 0]
    return min(bids.get(holder, 0), max(others, default=1))
