"""Hands of cards: dealing, drawing on an activation, and playing a hand to force a result.

A player holds at most five cards. A played hand is judged with `gmscreen.core.poker`
(no jokers in this pack) and ranked by the module's list, from One Pair up to Royal Flush.

Readings of points the module leaves open (each has a test):

- The whole hand is laid, whatever it holds; it is judged by the best poker hand in it.
  A hand whose best is a lone high card (or no card at all) is not a valid hand.
- Ties are broken only as the module says: by the pair, the higher pair, the three, the
  four, or the top card of a straight, flush or straight flush, and for a full house by
  the highest card in it. Kickers and suits never break a tie. A tie does not beat a hand,
  so a tied contest is a failure for the player making the test; its line says the tie
  is why (`tied`, `log.TIED`).
- Aces rank high in a hand, as in any poker game (the Royal Flush runs 10 to Ace); the
  five-high straight A-2-3-4-5 is a straight whose top card is the five. Only a drawn card
  counts an Ace as 1.
- An invalid hand laid by an opponent beats nothing; the tester's valid hand still needs to
  beat every valid hand laid against it.
- Drawing on a full hand: the card is taken as a sixth, kept last in the hand, and then
  the player discards one of the five held before it (line 39: one "already in" the
  hand), having seen the new card; a player may instead name the card that goes before
  drawing.
- The tester's Royal Flush is a critical success whatever the others lay. An opponent's
  Royal Flush beats any tester's hand but a Royal Flush.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum

from gmscreen.core.cards import Card
from gmscreen.core.poker import Category, Hand, best_hand

#: the most cards a player may hold
HAND_SIZE = 5


class Outcome(Enum):
    """What a test ends as."""

    FAILURE = "failure"
    SUCCESS = "success"
    CRITICAL = "critical success"


def judge(cards: Sequence[Card]) -> Hand | None:
    """The best poker hand among the cards laid, or None when it is no valid hand."""
    if not cards:
        return None
    hand = best_hand(cards, wild_jokers=False)
    return hand if hand.category >= Category.PAIR else None


def tie_break(hand: Hand) -> int:
    """The rank that breaks a tie between two hands of one category (see the readings)."""
    if hand.category == Category.FULL_HOUSE:
        return max(hand.ranks)
    return hand.ranks[0]


def strength(hand: Hand) -> tuple[int, int]:
    """How a valid hand ranks: its category, then the module's tie-break."""
    return int(hand.category), tie_break(hand)


def hand_outcome(tester: Sequence[Card], others: Mapping[str, Sequence[Card]]) -> Outcome:
    """The result of a test the tester forces by laying `tester`, with the hands the other
    players laid against it (by player; an empty mapping when nobody did)."""
    mine = judge(tester)
    if mine is None:
        return Outcome.FAILURE
    if mine.category == Category.ROYAL_FLUSH:
        return Outcome.CRITICAL
    rivals = [hand for hand in (judge(cards) for cards in others.values()) if hand is not None]
    if all(strength(mine) > strength(rival) for rival in rivals):
        return Outcome.CRITICAL
    return Outcome.FAILURE


def tied(tester: Sequence[Card], others: Mapping[str, Sequence[Card]]) -> bool:
    """Whether the hand laid for a test only ties the best hand laid against it (module
    lines 49, 55-85: it must beat every other, so a tie is a failure): of one kind, and
    equal on the card the module breaks ties on. A Royal Flush never ties (line 89)."""
    mine = judge(tester)
    if mine is None or mine.category == Category.ROYAL_FLUSH:
        return False
    rivals = [strength(hand) for hand in (judge(cards) for cards in others.values())
              if hand is not None]
    return bool(rivals) and max(rivals) == strength(mine)


def draw_into(hand: Sequence[Card], card: Card, discard: Card | None) -> tuple[Card, ...]:
    """The hand after drawing `card` on an activation. A full hand either gives up
    `discard`, named before the draw from the cards it held, or (with None) takes the card
    as a sixth and then discards down to five (`discard_down`). ValueError saying why
    otherwise (its caller names the rule, The Hand)."""
    if card in hand:
        raise ValueError(f"{card} is already in the hand")
    if len(hand) < HAND_SIZE:
        if discard is not None:
            raise ValueError("a discard is only made from a full hand of five")
        return (*hand, card)
    if discard is None:
        return (*hand, card)
    if discard not in hand:
        raise ValueError(f"{discard} is not in the hand")
    return (*(c for c in hand if c != discard), card)


def drawn_card(hand: Sequence[Card]) -> Card | None:
    """The card just drawn into a full hand, waiting for one held before to go (it is kept
    last); None when the hand holds five or fewer."""
    return hand[-1] if len(hand) > HAND_SIZE else None


def discard_down(hand: Sequence[Card], discard: Card) -> tuple[Card, ...]:
    """A hand of six after a draw gives up one of the five it held before the draw.
    ValueError otherwise."""
    if len(hand) <= HAND_SIZE:
        raise ValueError(f"the hand holds {len(hand)}; a discard comes only "
                         "after drawing a sixth")
    if discard not in hand:
        raise ValueError(f"{discard} is not in the hand")
    if discard == drawn_card(hand):
        raise ValueError(f"{discard} was just drawn; the discard is one of the "
                         "cards already held")
    return tuple(c for c in hand if c != discard)


def held_before(hand: Sequence[Card]) -> tuple[Card, ...]:
    """The cards a hand of six held before its draw: those one of which it discards."""
    return tuple(hand[:HAND_SIZE]) if drawn_card(hand) is not None else ()


def suggested_discard(hand: Sequence[Card]) -> Card | None:
    """The discard a form starts on after a sixth card (its owner chooses): of the five
    held before, the one whose going leaves the strongest hand, and of those the lowest
    card (Ace high, as in a hand). None when no discard is due."""
    offered = held_before(hand)
    if not offered:
        return None

    def kept(card: Card) -> tuple[tuple[int, int], int]:
        left = judge([c for c in hand if c != card])
        return (strength(left) if left is not None else (0, 0)), -(card.rank or 0)
    return max(offered, key=kept)


#: the module's name for each hand it allows, from the lowest
NAMES = {Category.PAIR: "One Pair", Category.TWO_PAIR: "Two Pairs",
         Category.THREE_OF_A_KIND: "Three of a Kind", Category.STRAIGHT: "Straight",
         Category.FLUSH: "Flush", Category.FULL_HOUSE: "Full House",
         Category.FOUR_OF_A_KIND: "Four of a Kind", Category.STRAIGHT_FLUSH: "Straight Flush",
         Category.ROYAL_FLUSH: "Royal Flush"}


def describe_hand(cards: Sequence[Card]) -> str:
    """What a hand makes, for the screen, in the module's words and with the rank that
    breaks a tie (`tie_break`): "Two Pairs, ties on 8", "Royal Flush" (it never ties), or
    "no valid hand"."""
    hand = judge(cards)
    if hand is None:
        return "no valid hand"
    if hand.category == Category.ROYAL_FLUSH:
        return NAMES[hand.category]
    tie = tie_break(hand)
    rank = next(str(card)[:-1] for card in hand.cards if card.rank == tie)
    return f"{NAMES[hand.category]}, ties on {rank}"
