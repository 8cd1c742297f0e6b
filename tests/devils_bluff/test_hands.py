"""Playing a hand, from the module's list of hands and its rules for contests."""

from __future__ import annotations

from itertools import pairwise

import pytest

from gmscreen.core.cards import parse_cards
from gmscreen.core.poker import Category
from gmscreen.games.devils_bluff.hands import (
    Outcome,
    describe_hand,
    discard_down,
    draw_into,
    drawn_card,
    hand_outcome,
    judge,
    strength,
)

# one hand of each allowed kind, weakest first, as the module lists them
LADDER = [
    ("2c 2d 7h 9s Jc", Category.PAIR),
    ("2c 2d 7h 7s Jc", Category.TWO_PAIR),
    ("2c 2d 2h 9s Jc", Category.THREE_OF_A_KIND),
    ("4c 5d 6h 7s 8c", Category.STRAIGHT),
    ("2h 5h 7h 9h Jh", Category.FLUSH),
    ("3c 3d 3h 9s 9c", Category.FULL_HOUSE),
    ("4c 4d 4h 4s 2c", Category.FOUR_OF_A_KIND),
    ("4s 5s 6s 7s 8s", Category.STRAIGHT_FLUSH),
    ("Th Jh Qh Kh Ah", Category.ROYAL_FLUSH),
]


@pytest.mark.parametrize(("text", "category"), LADDER)
def test_each_allowed_hand_is_recognised(text: str, category: Category) -> None:
    hand = judge(parse_cards(text))
    assert hand is not None and hand.category == category


def test_the_ladder_runs_from_one_pair_to_royal_flush() -> None:
    hands = [judge(parse_cards(text)) for text, _ in LADDER]
    strengths = [strength(hand) for hand in hands if hand is not None]
    assert strengths == sorted(strengths) and len(strengths) == len(LADDER)
    for (lower, _), (higher, _) in pairwise(LADDER):
        assert hand_outcome(parse_cards(higher), {"rival": parse_cards(lower)}) \
            == Outcome.CRITICAL
        assert hand_outcome(parse_cards(lower), {"rival": parse_cards(higher)}) \
            == Outcome.FAILURE


def test_a_lone_valid_hand_is_a_critical_success() -> None:
    assert hand_outcome(parse_cards("9c 9d 2h 5s Kc"), {}) == Outcome.CRITICAL


def test_a_lone_invalid_hand_is_a_failure() -> None:
    assert judge(parse_cards("9c Td 2h 5s Kc")) is None
    assert hand_outcome(parse_cards("9c Td 2h 5s Kc"), {}) == Outcome.FAILURE
    assert hand_outcome([], {}) == Outcome.FAILURE
    assert describe_hand(parse_cards("9c Td")) == "no valid hand"


def test_a_contested_hand_must_beat_every_other() -> None:
    trips = parse_cards("5c 5d 5h 9s Kc")
    assert hand_outcome(trips, {"Ma": parse_cards("Ac Ad Kh Ks 2c"),
                                "Pa": parse_cards("Qc Qd 3h 4s 6c")}) == Outcome.CRITICAL
    assert hand_outcome(trips, {"Ma": parse_cards("2c 3d 4h 5s 6c")}) == Outcome.FAILURE


def test_an_invalid_hand_laid_against_beats_nothing() -> None:
    pair = parse_cards("2c 2d 7h 9s Jc")
    assert hand_outcome(pair, {"Ma": parse_cards("Ac Kd 9h 8s 3c")}) == Outcome.CRITICAL


def test_ties_break_on_the_module_ranks_only() -> None:
    # pair: the pair's value; kickers do not count, so equal pairs tie and the tester fails
    assert hand_outcome(parse_cards("9c 9d Ah Ks Qc"), {"r": parse_cards("9h 9s 2c 3d 4h")}) \
        == Outcome.FAILURE
    assert hand_outcome(parse_cards("Tc Td 2h 3s 4c"), {"r": parse_cards("9h 9s Ac Kd Qh")}) \
        == Outcome.CRITICAL
    # two pairs: the higher pair decides
    assert hand_outcome(parse_cards("Kc Kd 2h 2s 4c"), {"r": parse_cards("Qh Qs Jc Jd Ah")}) \
        == Outcome.CRITICAL
    # straight: the top card; the wheel's top is the five
    assert hand_outcome(parse_cards("2c 3d 4h 5s 6c"), {"r": parse_cards("Ah 2s 3c 4d 5h")}) \
        == Outcome.CRITICAL
    # flush: the highest card
    assert hand_outcome(parse_cards("2h 5h 7h 9h Kh"), {"r": parse_cards("3s 6s 8s Ts Qs")}) \
        == Outcome.CRITICAL
    # full house: the highest card in the hand, not the three
    assert hand_outcome(parse_cards("3c 3d 3h Ks Kc"), {"r": parse_cards("Qh Qs Qc 2d 2h")}) \
        == Outcome.CRITICAL


def test_ties_of_three_four_and_straight_flushes() -> None:
    # lines 65, 81, 85: the higher three, the higher four, the straight flush's top card
    assert hand_outcome(parse_cards("8c 8d 8h 2s 3c"), {"r": parse_cards("7h 7s 7c Ad Kh")}) \
        == Outcome.CRITICAL
    assert hand_outcome(parse_cards("5c 5d 5h 5s 2c"), {"r": parse_cards("4h 4s 4c 4d Ah")}) \
        == Outcome.CRITICAL
    assert hand_outcome(parse_cards("5h 6h 7h 8h 9h"), {"r": parse_cards("4s 5s 6s 7s 8s")}) \
        == Outcome.CRITICAL
    # the same top card: a tie, which does not beat the other hand
    assert hand_outcome(parse_cards("5h 6h 7h 8h 9h"), {"r": parse_cards("5s 6s 7s 8s 9s")}) \
        == Outcome.FAILURE


def test_aces_rank_high_in_a_hand() -> None:
    assert hand_outcome(parse_cards("Ac Ad 2h 3s 4c"), {"r": parse_cards("Kh Ks 2c 3d 4h")}) \
        == Outcome.CRITICAL


def test_a_royal_flush_is_always_critical() -> None:
    royal = parse_cards("Th Jh Qh Kh Ah")
    assert hand_outcome(royal, {"r": parse_cards("Ts Js Qs Ks As")}) == Outcome.CRITICAL
    assert hand_outcome(parse_cards("9s Ts Js Qs Ks"), {"r": royal}) == Outcome.FAILURE


def test_drawing_into_a_hand() -> None:
    hand = tuple(parse_cards("2c 3c"))
    assert draw_into(hand, parse_cards("4c")[0], None) == tuple(parse_cards("2c 3c 4c"))
    with pytest.raises(ValueError, match="only made from a full hand of five"):
        draw_into(hand, parse_cards("4c")[0], parse_cards("2c")[0])


def test_a_full_hand_discards_one_it_already_held() -> None:
    full = tuple(parse_cards("2c 3c 4c 5c 6c"))
    new = parse_cards("Kh")[0]
    assert draw_into(full, new, parse_cards("3c")[0]) == tuple(parse_cards("2c 4c 5c 6c Kh"))
    with pytest.raises(ValueError, match="not in the hand"):
        draw_into(full, new, new)


def test_a_sixth_card_drawn_stays_and_one_held_before_goes() -> None:
    # module line 39: a full hand that draws discards one of the cards already held
    full = tuple(parse_cards("2c 3c 4c 5c 6c"))
    new = parse_cards("Kh")[0]
    six = draw_into(full, new, None)
    assert six == tuple(parse_cards("2c 3c 4c 5c 6c Kh"))
    assert drawn_card(six) == new and drawn_card(full) is None
    assert discard_down(six, full[1]) == tuple(parse_cards("2c 4c 5c 6c Kh"))
    with pytest.raises(ValueError, match="K♥ was just drawn"):
        discard_down(six, new)
    with pytest.raises(ValueError, match="comes only after drawing a sixth"):
        discard_down(full, full[0])
    with pytest.raises(ValueError, match="not in the hand"):
        discard_down(six, parse_cards("Ah")[0])
