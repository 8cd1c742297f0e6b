"""`best_hand` against treys, on the same seven-card hands drawn from a seed: hands seen
before (the same hands again and again, as odds are worked out: warm), and hands never seen
before in a fresh process (`python -m bench.poker HANDS SEED`, run by `cold_row`)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path

from treys import Card as TreysCard
from treys import Evaluator

from bench.timing import Row, side_by_side
from gmscreen.core.cards import JOKERS, STANDARD_52, Card
from gmscreen.core.poker import Category, best_hand

#: treys' rank classes (0 or 1 best, as its versions differ) as our categories, to check
#: that both found the same hand
_CLASSES = {0: {Category.ROYAL_FLUSH}, 1: {Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH},
            2: {Category.FOUR_OF_A_KIND},
            3: {Category.FULL_HOUSE}, 4: {Category.FLUSH}, 5: {Category.STRAIGHT},
            6: {Category.THREE_OF_A_KIND}, 7: {Category.TWO_PAIR}, 8: {Category.PAIR},
            9: {Category.HIGH_CARD}}


def _treys(cards: list[Card]) -> list[int]:
    return [TreysCard.new(card.code) for card in cards]


def natural_hands(count: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(STANDARD_52, 7) for _ in range(count)]


def brute_force(evaluator: Evaluator, naturals: list[int], jokers: int) -> int:
    """The best treys rank (lower is better) with each joker replaced by every card not
    already in the hand: the obvious way to add wild cards to an evaluator without them."""
    free = [card for card in _ALL_TREYS if card not in naturals]
    best = 7463  # one worse than treys' worst hand
    for stand_ins in combinations(free, jokers):
        cards = naturals + list(stand_ins)
        best = min(best, evaluator.evaluate(cards[:2], cards[2:]))
    return best


_ALL_TREYS = _treys(list(STANDARD_52))


def rows(hands: int, joker_hands: int, runs: int) -> list[Row]:
    evaluator = Evaluator()
    plain = natural_hands(hands, seed=8)
    plain_treys = [_treys(cards) for cards in plain]
    for cards, converted in zip(plain, plain_treys, strict=True):
        rank = evaluator.evaluate(converted[:2], converted[2:])
        assert best_hand(cards).category in _CLASSES[evaluator.get_rank_class(rank)], cards
    def ours_plain() -> None:
        for cards in plain:
            best_hand(cards)

    def treys_plain() -> None:
        for cards in plain_treys:
            evaluator.evaluate(cards[:2], cards[2:])

    ours, peer = (time / hands for time in side_by_side(ours_plain, treys_plain, runs))

    wild = [cards[:5] + list(JOKERS) for cards in natural_hands(joker_hands, seed=9)]
    wild_treys = [_treys(cards[:5]) for cards in wild]
    for cards, naturals in zip(wild, wild_treys, strict=True):
        rank = brute_force(evaluator, naturals, 2)
        assert best_hand(cards).category in _CLASSES[evaluator.get_rank_class(rank)], cards

    def ours_wild() -> None:
        for cards in wild:
            best_hand(cards)

    def treys_wild() -> None:
        for naturals in wild_treys:
            brute_force(evaluator, naturals, 2)

    ours_j, peer_j = (time / joker_hands for time in side_by_side(ours_wild, treys_wild, runs))
    return [
        Row("best_hand, 7 cards, no jokers, hands seen before (one hand, CPU)", ours,
            "treys, same hands", peer, "at least 5x faster (ratio <= 0.2)", ours * 5 <= peer,
            how=f"warm: the same {hands:,} hands over and over (our patterns of ranks are "
                "known after the first turn; treys' tables are made when it is); CPU of "
                "this process, in turns; both find the best hand of the same 7 cards"),
        Row("best_hand, 7 cards, two jokers (one hand, CPU)", ours_j,
            "every stand-in over treys", peer_j, "at least 1,000x faster (ratio <= 0.001)",
            ours_j * 1000 <= peer_j,
            how=f"warm: the same {joker_hands} hands over and over; CPU, in turns; treys "
                "has no wild cards, so it tries every pair of cards the jokers could be"),
    ]


def cold_row(hands: int) -> Row:
    """Hands never seen before, in a fresh process: each hand once, ours and treys in
    turns by hundreds."""
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, (str(root), os.environ.get("PYTHONPATH")))))
    done = subprocess.run([sys.executable, "-m", "bench.poker", str(hands), "17"],
                          capture_output=True, text=True, env=env, cwd=root, check=True,
                          timeout=600)
    ours, peer = json.loads(done.stdout.strip().splitlines()[-1])
    return Row("best_hand, 7 cards, no jokers, hands never seen (one hand, CPU)", ours,
               "treys, same hands", peer, "at least 5x faster (ratio <= 0.2)",
               ours * 5 <= peer,
               how=f"cold: a fresh process, {hands:,} hands each evaluated once (most of "
                   "their patterns of ranks new to it), after both modules are imported and "
                   "treys' tables made; CPU, in turns by hundreds; both find the best hand "
                   "of the same 7 cards")


def _cold(hands: int, seed: int) -> tuple[float, float]:
    """The CPU time per hand of ours and of treys, each evaluating every hand once."""
    evaluator = Evaluator()
    plain = natural_hands(hands, seed)
    plain_treys = [_treys(cards) for cards in plain]
    ours = peer = 0.0
    for start in range(0, hands, 100):
        began = time.process_time()
        for cards in plain[start : start + 100]:
            best_hand(cards)
        ours += time.process_time() - began
        began = time.process_time()
        for codes in plain_treys[start : start + 100]:
            evaluator.evaluate(codes[:2], codes[2:])
        peer += time.process_time() - began
    return ours / hands, peer / hands


if __name__ == "__main__":
    print(json.dumps(_cold(int(sys.argv[1]), int(sys.argv[2]))))
