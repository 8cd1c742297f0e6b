"""The app's deal from its pack: seeded, from the pile, the discard shuffled back when short."""

from __future__ import annotations

import random

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
