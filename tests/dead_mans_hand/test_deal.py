"""The app's deal from its pack: seeded, from the pile, the discard shuffled back when short."""

from __future__ import annotations

import random
from collections import Counter

from gmscreen.games.dead_mans_hand.pack import FULL_PACK, missing
from gmscreen.games.dead_mans_hand.panes.conflict import deal


def test_the_same_seed_deals_the_same_cards_from_the_pile() -> None:
    first = deal(FULL_PACK, (), 3, random.Random("seed"))
    assert first == deal(FULL_PACK, (), 3, random.Random("seed"))
    assert len(first) == 3 and missing(FULL_PACK, first) == []


def test_a_short_pile_takes_the_discard_back() -> None:
    cards = deal(("2c",), ("3c", "4c", "5c"), 3, random.Random(1))
    assert "2c" in cards and set(cards) <= {"2c", "3c", "4c", "5c"}


def test_both_jokers_can_be_dealt() -> None:
    assert deal(("*", "*"), (), 2, random.Random(2)) == ("*", "*")


def test_the_cards_missing_from_the_pile_are_counted_copy_by_copy() -> None:
    assert missing(("*", "2c"), ("*", "*", "2c", "3c")) == ["*", "3c"]
    assert missing(FULL_PACK, ("*", "*")) == [] and missing(("*",), ("3c", "*")) == ["3c"]
    rng = random.Random(11)
    deck = [*FULL_PACK, "*", "2c"]  # a third joker and a second deuce, as a damaged journal
    for _ in range(5000):
        pile = rng.sample(deck, rng.randint(0, len(deck)))
        cards = rng.sample(deck, rng.randint(0, 6))
        assert missing(pile, cards) == list((Counter(cards) - Counter(pile)).elements())
