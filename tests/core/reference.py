"""A slow, plain poker evaluator written independently of gmscreen.core.poker, for tests.

It follows the rules as the module's docstring states them: category, then the ranks of the
laid cards in reading order, then their suits in that same order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from gmscreen.core.cards import STANDARD_52, Card
from gmscreen.core.poker import Category

Key = tuple[int, tuple[int, ...], tuple[int, ...]]


def _rank(card: Card) -> int:
    assert card.rank is not None
    return card.rank


def _suit(card: Card) -> int:
    assert card.suit is not None
    return int(card.suit)


def evaluate_laid(cards: Sequence[Card]) -> Key:
    """The key of exactly these natural cards (one to five)."""
    assert 1 <= len(cards) <= 5
    high_first = sorted(cards, key=lambda c: (_rank(c), _suit(c)), reverse=True)
    counts = Counter(_rank(c) for c in high_first)
    five = len(cards) == 5
    flush = five and len({_suit(c) for c in cards}) == 1
    ranks = sorted(counts, reverse=True)
    top = None
    if five and len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            top = 5
    if top is not None:
        # In the wheel the ace reads last.
        order = sorted(high_first, key=lambda c: 1 if top == 5 and _rank(c) == 14 else _rank(c),
                       reverse=True)
        if flush:
            category = Category.ROYAL_FLUSH if top == 14 else Category.STRAIGHT_FLUSH
        else:
            category = Category.STRAIGHT
    else:
        groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
        order = [c for rank, _ in groups for c in high_first if _rank(c) == rank]
        shape = [k for _, k in groups] + [0]
        if flush:
            category, order = Category.FLUSH, high_first
        elif shape[0] == 4:
            category = Category.FOUR_OF_A_KIND
        elif shape[:2] == [3, 2]:
            category = Category.FULL_HOUSE
        elif shape[0] == 3:
            category = Category.THREE_OF_A_KIND
        elif shape[:2] == [2, 2]:
            category = Category.TWO_PAIR
        elif shape[0] == 2:
            category = Category.PAIR
        else:
            category = Category.HIGH_CARD
    return (int(category), tuple(_rank(c) for c in order), tuple(_suit(c) for c in order))


def best_key(cards: Sequence[Card]) -> Key:
    """The key of the best hand of at most five of these natural cards."""
    size = min(5, len(cards))
    return max(evaluate_laid(chosen) for chosen in combinations(cards, size))


def absent(cards: Sequence[Card]) -> list[Card]:
    """The natural cards not among `cards`."""
    here = set(cards)
    return [c for c in STANDARD_52 if c not in here]
