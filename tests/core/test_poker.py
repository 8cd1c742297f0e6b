"""Poker hands: every category, the tie-breaks, wild jokers, and two independent checks.

`treys` is an independent evaluator of natural hands (it ignores suits); `reference` is a
plain one written for these tests that follows the module's rules, suits included; jokers
are checked against trying every card they could stand for.
"""

from __future__ import annotations

import random
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from treys import Card as TreysCard
from treys import Evaluator

from gmscreen.core.cards import (
    JOKERS,
    STANDARD_52,
    Card,
    card_from_code,
    make_joker,
    parse_cards,
)
from gmscreen.core.poker import (
    Category,
    Hand,
    _wild_best,
    best_hand,
    compare,
    evaluate,
    high_card,
)
from tests.core.reference import absent, best_key

C = Category


def hand(text: str, wild_jokers: bool = True) -> Hand:
    return best_hand(parse_cards(text), wild_jokers)


def codes(cards: tuple[Card, ...]) -> str:
    return " ".join(c.code for c in cards)


# ---------------------------------------------------------------- categories


@pytest.mark.parametrize(
    ("text", "category", "laid", "combination"),
    [
        ("As Ks Qs Js Ts 2c 3d", C.ROYAL_FLUSH, "As Ks Qs Js Ts", "As Ks Qs Js Ts"),
        ("9h Kh Qh Jh Th Ah 2h", C.ROYAL_FLUSH, "Ah Kh Qh Jh Th", "Ah Kh Qh Jh Th"),
        ("9d 8d 7d 6d 5d 9c 9s", C.STRAIGHT_FLUSH, "9d 8d 7d 6d 5d", "9d 8d 7d 6d 5d"),
        ("Ac 2c 3c 4c 5c Kd", C.STRAIGHT_FLUSH, "5c 4c 3c 2c Ac", "5c 4c 3c 2c Ac"),
        ("7c 7d 7h 7s Ks Kd 2c", C.FOUR_OF_A_KIND, "7s 7h 7d 7c Ks", "7s 7h 7d 7c"),
        ("Kh Kd Ks 9c 9d 9h 2c", C.FULL_HOUSE, "Ks Kh Kd 9h 9d", "Ks Kh Kd 9h 9d"),
        ("3c 3d 3h Qs Qd", C.FULL_HOUSE, "3h 3d 3c Qs Qd", "3h 3d 3c Qs Qd"),
        ("Ah Kh 9h 5h 2h 2c 2d", C.FLUSH, "Ah Kh 9h 5h 2h", "Ah Kh 9h 5h 2h"),
        ("Ah Kh 9h 5h 2h 3h 7h", C.FLUSH, "Ah Kh 9h 7h 5h", "Ah Kh 9h 7h 5h"),
        ("Ah 2c 3d 4s 5h Kc Kd", C.STRAIGHT, "5h 4s 3d 2c Ah", "5h 4s 3d 2c Ah"),
        ("Ts Jd Qc Kh Ad Ac", C.STRAIGHT, "Ad Kh Qc Jd Ts", "Ad Kh Qc Jd Ts"),
        ("8c 9c Tc Jd Qd 7h", C.STRAIGHT, "Qd Jd Tc 9c 8c", "Qd Jd Tc 9c 8c"),
        ("8c 8d 8h As 2d 5c", C.THREE_OF_A_KIND, "8h 8d 8c As 5c", "8h 8d 8c"),
        ("Jc Jd 4h 4s Ad 2d 2c", C.TWO_PAIR, "Jd Jc 4s 4h Ad", "Jd Jc 4s 4h"),
        ("Jc Jd 4h 4s 3d 2d 2c", C.TWO_PAIR, "Jd Jc 4s 4h 3d", "Jd Jc 4s 4h"),
        ("Jc Jd 4h 4s 3d 9d 9c", C.TWO_PAIR, "Jd Jc 9d 9c 4s", "Jd Jc 9d 9c"),
        ("Tc Td 4h 8s 3d Kd 2c", C.PAIR, "Td Tc Kd 8s 4h", "Td Tc"),
        ("Ac 4d 7h 9s Jd Kd 2c", C.HIGH_CARD, "Ac Kd Jd 9s 7h", "Ac"),
    ],
)
def test_every_category(text: str, category: Category, laid: str, combination: str) -> None:
    found = hand(text)
    assert found.category is category
    assert codes(found.cards) == laid
    assert codes(found.combination) == combination
    assert len(found.combination) == category.size
    assert found.jokers_as == {}


def test_categories_are_numbered_one_to_ten() -> None:
    assert [int(c) for c in Category] == list(range(1, 11))
    assert (int(Category.HIGH_CARD), int(Category.ROYAL_FLUSH)) == (1, 10)
    assert Category.TWO_PAIR.label == "Two pair"
    assert Category.ROYAL_FLUSH.label == "Royal flush"
    assert [c.size for c in Category] == [1, 2, 4, 3, 5, 5, 5, 4, 5, 5]


def test_the_wheel_is_five_high_and_ranks_below_a_six_high_straight() -> None:
    wheel = hand("Ah 2c 3d 4s 5h")
    six_high = hand("2c 3d 4s 5h 6c")
    assert wheel.category is six_high.category is C.STRAIGHT
    assert wheel.ranks == (5, 4, 3, 2, 14)
    assert wheel < six_high
    assert hand("Ah 2c 3d 4s 5h 6d").ranks[0] == 6
    assert hand("As 2s 3s 4s 5s") < hand("2h 3h 4h 5h 6h")
    assert hand("Ac Kd Qh Js Tc") > hand("Kd Qh Js Tc 9c")


def test_an_ace_does_not_wrap_around() -> None:
    assert hand("Qc Kd Ah 2s 3c").category is C.HIGH_CARD


@pytest.mark.parametrize(
    ("text", "category", "laid"),
    [
        ("As", C.HIGH_CARD, "As"),
        ("2c 9d", C.HIGH_CARD, "9d 2c"),
        ("As Ad", C.PAIR, "As Ad"),
        ("As Ad Kc", C.PAIR, "As Ad Kc"),
        ("5s 5d 5c", C.THREE_OF_A_KIND, "5s 5d 5c"),
        ("5s 5d 9c 9h", C.TWO_PAIR, "9h 9c 5s 5d"),
        ("As Ad Ac Ah", C.FOUR_OF_A_KIND, "As Ah Ad Ac"),
        ("As Ks Qs Js", C.HIGH_CARD, "As Ks Qs Js"),
        ("9c 9d 9h Kd", C.THREE_OF_A_KIND, "9h 9d 9c Kd"),
    ],
)
def test_fewer_than_five_cards_make_what_they_can(
    text: str, category: Category, laid: str
) -> None:
    found = hand(text)
    assert found.category is category
    assert codes(found.cards) == laid


def test_more_kickers_beat_fewer() -> None:
    assert hand("As Ad Kc") > hand("Ah Ac")
    assert hand("As Ad 2c") > hand("Ah Ac")


def test_any_number_of_cards() -> None:
    found = hand("2c 3d 4h 5s 8c 9d Jh Qs Kc 6h 7c")
    assert found.category is C.STRAIGHT
    assert codes(found.cards) == "9d 8c 7c 6h 5s"
    assert hand(" ".join(c.code for c in STANDARD_52)).category is C.ROYAL_FLUSH
    assert codes(hand(" ".join(c.code for c in STANDARD_52)).cards) == "As Ks Qs Js Ts"


# ---------------------------------------------------------------- tie-breaks


def test_kickers_break_ties() -> None:
    assert hand("Ac Ad Kh 7s 3c") > hand("As Ah Qh Js Tc")
    assert hand("Ac Ad Kh 7s 4c") > hand("As Ah Kc 7d 3c")
    assert hand("Ac Kd Jh 9s 7c") > hand("As Kh Jd 9c 6h")
    assert hand("8c 8d 8h As 2d") > hand("8s 8c 8h Ks Qd 2c")


def test_full_house_reads_its_trips_first() -> None:
    assert hand("Kc Kd Kh 2s 2c") > hand("Qc Qd Qh As Ac")
    assert hand("Kc Kd Kh 3s 3c") > hand("Ks Kd Kh 2s 2c")


def test_two_pair_reads_its_higher_pair_first() -> None:
    assert hand("Ac Ad 2h 2s 3c") > hand("Kc Kd Qh Qs Jc")
    assert hand("Ac Ad 5h 5s 3c") > hand("Ah As 4h 4s Kc")
    assert hand("Ac Ad 5h 5s Kc") > hand("Ah As 5d 5c Qs")


def test_suits_break_ties_last_clubs_lowest_spades_highest() -> None:
    # A pair of aces with a spade beats one with a heart at best.
    assert hand("As Ac Kd 7h 3c") > hand("Ah Ad Ks 7h 3c")
    assert hand("As Ac 9d 7h 3c") > hand("Ah Ad 9s 7s 3s")
    # Flushes of the same ranks: the suit decides.
    spades = hand("As Ks 9s 5s 2s")
    hearts = hand("Ah Kh 9h 5h 2h")
    clubs = hand("Ac Kc 9c 5c 2c")
    assert spades > hearts > clubs
    # Same ranks in every place: the first card read decides, then the next.
    assert hand("Ks Qd 9c 7c 3c") > hand("Kh Qs 9s 7s 3s")
    assert hand("Kh Qs 9c 7c 3c") > hand("Kh Qh 9s 7s 3s")
    # A kicker's suit counts only after every rank.
    assert hand("Ac Ad Kc 7c 3c") > hand("As Ah Qs Js Ts")


def test_equal_hands_are_the_same_cards() -> None:
    assert hand("As Kd 7h") == hand("7h Kd As")
    assert hash(hand("As Kd 7h")) == hash(hand("Kd As 7h"))
    assert hand("As Kd 7h") != hand("As Kh 7h")
    assert hand("As Kd") != "As Kd"


def test_compare() -> None:
    assert compare(hand("As Ac"), hand("Kd Kc")) == 1
    assert compare(hand("Kd Kc"), hand("As Ac")) == -1
    assert compare(hand("As Ac"), hand("Ac As")) == 0
    # Ignoring suits, a pair of aces ties a pair of aces.
    assert compare(hand("As Ac"), hand("Ah Ad"), suits=False) == 0
    assert compare(hand("As Ac"), hand("Ah Ad")) == 1
    assert hand("As Ac").rank_key == hand("Ah Ad").rank_key == (2, (14, 14))
    assert hand("As Ac").key == (2, (14, 14), (4, 1))


def test_comparisons_are_consistent() -> None:
    a, b = hand("As Ac"), hand("Ah Ad")
    assert a > b and a >= b and b < a and b <= a and a != b
    assert a <= a and a >= a


def test_hands_describe_themselves() -> None:
    found = hand("7c 7d 2h 3s *")
    assert found.describe() == "Three of a kind: Joker 7♦ 7♣ 3♠ 2♥ (Joker as 7♠)"
    assert str(hand("As Ad")) == "Pair: A♠ A♦"
    assert repr(hand("As Ad")) == "Hand(PAIR, 'As Ad')"


# ---------------------------------------------------------------- evaluate, high card, errors


def test_evaluate_lays_exactly_the_cards_chosen() -> None:
    chosen = evaluate(parse_cards("Kc Kd 2h 3s 4c"))
    assert chosen.category is C.PAIR
    assert codes(chosen.cards) == "Kd Kc 4c 3s 2h"
    with pytest.raises(ValueError, match="at most five"):
        evaluate(parse_cards("Kc Kd 2h 3s 4c 5c"))
    assert evaluate(parse_cards("Kc *")).category is C.PAIR


def test_high_card_is_the_single_highest_card() -> None:
    assert high_card(parse_cards("9c Kd 2h")) == card_from_code("Kd")
    assert high_card(parse_cards("Kc Kd Kh")).code == "Kh"
    assert high_card(parse_cards("As Ks")).code == "As"
    # A joker is not a natural card: it counts only when nothing else is there.
    assert high_card(parse_cards("* 2c")).code == "2c"
    assert high_card(parse_cards("*")).is_joker
    with pytest.raises(ValueError):
        high_card([])


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="no cards"):
        best_hand([])
    with pytest.raises(ValueError, match="given twice"):
        hand("As Kd As")
    with pytest.raises(ValueError, match="given twice"):
        best_hand([JOKERS[0], JOKERS[0]])
    with pytest.raises(ValueError, match="not wild"):
        hand("* *", wild_jokers=False)


def test_a_card_given_twice_is_refused_whatever_it_makes() -> None:
    # best_hand's own road finds a card given twice in the group of its rank (a pair, three
    # of a kind, two pairs), the other roads among all the cards: try every kind of hand
    rng = random.Random(23)
    pack = [*STANDARD_52, *JOKERS]
    for _ in range(3000):
        cards = rng.sample(pack, rng.randint(1, 8))
        twice = rng.choice(cards)
        again = Card(twice.rank, twice.suit, twice.joker)  # equal, not the same object
        given = cards + [again] * rng.choice((1, 1, 1, 2, 3, 7))
        rng.shuffle(given)
        with pytest.raises(ValueError, match=f"{twice} is given twice"):
            best_hand(given)
        with pytest.raises(ValueError, match="given twice"):
            best_hand(given, wild_jokers=False)


def test_the_lean_road_lays_what_the_general_road_does() -> None:
    # best_hand lays the usual hands from tables; `_wild_best` works any hand out from its
    # rank counts and suits, jokers or none
    rng = random.Random(29)
    for _ in range(20_000):
        cards = sorted(rng.sample(STANDARD_52, rng.randint(1, 9)))
        indexes = [c.index for c in cards]
        tally = sum(c.tally for c in cards)
        category, laid = _wild_best(indexes, 0, tally, sum(1 << i for i in indexes))
        found = best_hand(cards)
        assert (found.category, [c.index for c in found.cards]) == (category, laid), cards


def test_any_iterable_of_cards() -> None:
    cards = parse_cards("As Ad Kc")
    assert best_hand(iter(cards)) == best_hand(tuple(cards)) == best_hand(cards)


# ---------------------------------------------------------------- jokers


@pytest.mark.parametrize(
    ("text", "category", "laid", "stand_ins"),
    [
        ("*", C.HIGH_CARD, "*", "As"),
        ("* 9c", C.PAIR, "* 9c", "9s"),
        ("* 9s", C.PAIR, "9s *", "9h"),
        ("* 9c 4d", C.PAIR, "* 9c 4d", "9s"),
        ("* 7c 7d 2h 3s", C.THREE_OF_A_KIND, "* 7d 7c 3s 2h", "7s"),
        ("* 4h 5c 6d 7s", C.STRAIGHT, "* 7s 6d 5c 4h", "8s"),
        ("* 2h 3c 4d 5s Kc", C.STRAIGHT, "* 5s 4d 3c 2h", "6s"),
        ("* Ah 9h 5h 2h Kc", C.FLUSH, "Ah * 9h 5h 2h", "Kh"),
        ("* Kh Kd 9c 9d", C.FULL_HOUSE, "* Kh Kd 9d 9c", "Ks"),
        ("* Kh Kd Ks 2d", C.FOUR_OF_A_KIND, "Ks Kh Kd * 2d", "Kc"),
        ("* 9d 8d 7d 6d", C.STRAIGHT_FLUSH, "* 9d 8d 7d 6d", "Td"),
        ("* As Ks Qs Js", C.ROYAL_FLUSH, "As Ks Qs Js *", "Ts"),
        ("* * 7h 8h 9h", C.STRAIGHT_FLUSH, "* * 9h 8h 7h", "Jh Th"),
        ("* * Ah Ad", C.FOUR_OF_A_KIND, "* Ah Ad *", "As Ac"),
        ("* * Ac", C.THREE_OF_A_KIND, "* * Ac", "As Ah"),
        ("* *", C.PAIR, "* *", "As Ah"),
    ],
)
def test_jokers_complete_categories(
    text: str, category: Category, laid: str, stand_ins: str
) -> None:
    found = hand(text)
    assert found.category is category
    assert codes(found.cards) == laid
    assert " ".join(c.code for c in found.jokers_as.values()) == stand_ins
    assert all(j.is_joker for j in found.jokers_as)
    # A joker stands for a card that is not among the cards.
    assert not set(found.jokers_as.values()) & set(parse_cards(text))


def test_the_jokers_as_they_count() -> None:
    found = hand("* Kh Kd 9c 9d")
    assert codes(found.counted_cards) == "Ks Kh Kd 9d 9c"
    assert found.jokers_as == {JOKERS[0]: card_from_code("Ks")}
    assert found == hand("Ks Kh Kd 9c 9d")


def test_there_is_no_five_of_a_kind() -> None:
    # Four aces and a joker: the joker cannot be a fifth ace, so it is the best kicker.
    found = hand("Ac Ad Ah As *")
    assert found.category is C.FOUR_OF_A_KIND
    assert found.jokers_as == {JOKERS[0]: card_from_code("Ks")}
    # With two jokers and three aces, one joker makes the fourth ace, the other a king.
    assert codes(hand("Ac Ad Ah * *").counted_cards) == "As Ah Ad Ac Ks"
    # When a straight flush is in reach, it beats four of a kind.
    royal = hand("Ac Ad Ah As Ks Qs Js *")
    assert royal.category is C.ROYAL_FLUSH
    assert royal.jokers_as == {JOKERS[0]: card_from_code("Ts")}


def test_jokers_are_never_left_to_make_less() -> None:
    # With a joker, a pair always becomes at least three of a kind, never two pair.
    assert hand("Kc Kd 7h 7s *").category is C.FULL_HOUSE
    assert hand("Kc Kd 7h 2s *").category is C.THREE_OF_A_KIND


def test_jokers_that_are_not_wild_are_left_out() -> None:
    found = hand("As Ad * Kc", wild_jokers=False)
    assert found.category is C.PAIR
    assert codes(found.cards) == "As Ad Kc"
    assert found.jokers_as == {}
    assert hand("* As Ks Qs Js", wild_jokers=False).category is C.HIGH_CARD


def test_unlaid_jokers_stand_for_nothing() -> None:
    found = hand("As Ks Qs Js Ts * *")
    assert found.category is C.ROYAL_FLUSH
    assert found.jokers_as == {}
    assert not any(c.is_joker for c in found.cards)


# ---------------------------------------------------------------- against treys

_TREYS_CLASS = {
    1: {C.STRAIGHT_FLUSH, C.ROYAL_FLUSH},
    2: {C.FOUR_OF_A_KIND},
    3: {C.FULL_HOUSE},
    4: {C.FLUSH},
    5: {C.STRAIGHT},
    6: {C.THREE_OF_A_KIND},
    7: {C.TWO_PAIR},
    8: {C.PAIR},
    9: {C.HIGH_CARD},
}


@pytest.mark.parametrize("size", [5, 6, 7])
def test_against_treys(size: int) -> None:
    evaluator = Evaluator()
    rng = random.Random(size)
    scored: list[tuple[int, Hand]] = []
    for _ in range(3000):
        cards = rng.sample(STANDARD_52, size)
        treys_cards = [TreysCard.new(c.code) for c in cards]
        rank = evaluator.evaluate(treys_cards[:2], treys_cards[2:])
        ours = best_hand(cards)
        assert ours.category in _TREYS_CLASS[evaluator.get_rank_class(rank)], cards
        assert len(ours.cards) == 5
        assert set(ours.cards) <= set(cards)
        scored.append((rank, ours))
    for (rank_a, a), (rank_b, b) in pairwise(scored):
        if rank_a < rank_b:  # treys: lower is better
            assert a > b
        elif rank_a > rank_b:
            assert a < b
        else:
            # Treys ties ignore suits: ours agree on everything but suits, which decide.
            assert a.rank_key == b.rank_key
            assert compare(a, b, suits=False) == 0


def test_royal_flush_is_the_ace_high_straight_flush() -> None:
    evaluator = Evaluator()
    for suit in "cdhs":
        cards = parse_cards(" ".join(r + suit for r in "AKQJT"))
        treys_cards = [TreysCard.new(c.code) for c in cards]
        assert evaluator.evaluate(treys_cards[:2], treys_cards[2:]) == 1
        assert best_hand(cards).category is C.ROYAL_FLUSH


# ---------------------------------------------------------------- against the reference


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5, 6, 7, 8, 9])
def test_natural_hands_against_the_reference(size: int) -> None:
    rng = random.Random(100 + size)
    for _ in range(1500 if size <= 7 else 300):
        cards = rng.sample(STANDARD_52, size)
        assert best_hand(cards).key == best_key(cards), cards


def test_rare_hands_against_the_reference() -> None:
    # Random deals seldom hold flushes, quads or full houses: build them on purpose.
    rng = random.Random(7)
    for _ in range(600):
        suit = rng.choice("cdhs")
        ranks = rng.sample("23456789TJQKA", rng.randint(3, 7))
        cards = parse_cards(" ".join(r + suit for r in ranks))
        rank = rng.choice("23456789TJQKA")
        cards += [c for c in parse_cards(" ".join(rank + s for s in "cdhs")) if c not in cards]
        cards = rng.sample(cards, min(len(cards), rng.randint(4, 9)))
        assert best_hand(cards).key == best_key(cards), cards


def test_flushes_of_at_most_seven_cards_against_the_reference() -> None:
    # five to seven of a suit and the rest of others: every straight flush (the wheel and
    # the royal too) and flushes with a straight, a pair or trips beside them
    rng = random.Random(11)
    for top in range(5, 15):
        for suit in "cdhs":
            ranks = [14 if r == 1 else r for r in range(top - 4, top + 1)]
            run = parse_cards(" ".join("23456789TJQKA"[r - 2] + suit for r in ranks))
            others = [c for c in STANDARD_52 if c not in run]
            for extra in range(3):
                cards = run + rng.sample(others, extra)
                assert best_hand(cards).key == best_key(cards), cards
    for _ in range(2000):
        suit = rng.choice("cdhs")
        suited = parse_cards(" ".join(r + suit for r in rng.sample("23456789TJQKA",
                                                                   rng.randint(5, 7))))
        others = [c for c in STANDARD_52 if c not in suited and c.suit != suited[0].suit]
        cards = suited + rng.sample(others, rng.randint(0, 7 - len(suited)))
        cards = rng.sample(cards, len(cards))
        assert best_hand(cards).key == best_key(cards), cards


# ---------------------------------------------------------------- jokers against brute force


def brute_force(naturals: list[Card], jokers: int) -> tuple[object, ...]:
    """The best key over every way to turn the jokers into cards absent from the hand."""
    return max(
        best_hand([*naturals, *stand_ins], wild_jokers=False).key
        for stand_ins in combinations(absent(naturals), jokers)
    )


@pytest.mark.parametrize(
    ("jokers", "size"), [(j, n) for j in (1, 2) for n in range(1, 8) if n >= j]
)
def test_jokers_against_brute_force(jokers: int, size: int) -> None:
    rng = random.Random(size * 10 + jokers)
    for _ in range(60 if jokers == 2 else 150):
        naturals = rng.sample(STANDARD_52, size - jokers)
        found = best_hand([*naturals, *JOKERS[:jokers]])
        assert found.key == brute_force(naturals, jokers), naturals
        check_wild_hand(found, naturals, jokers)


def test_built_joker_hands_against_brute_force() -> None:
    # Hands close to straights, flushes and full houses, where jokers have most to do.
    rng = random.Random(3)
    for _ in range(120):
        suit = rng.choice("cdhs")
        low = rng.randint(0, 8)
        ranks = rng.sample("23456789TJQKA"[low : low + 5], rng.randint(2, 4))
        naturals = parse_cards(" ".join(r + suit for r in ranks))
        extra = [c for c in rng.sample(STANDARD_52, 3) if c not in naturals]
        naturals += extra[: rng.randint(0, 2)]
        jokers = rng.randint(1, 2)
        found = best_hand([*naturals, *JOKERS[:jokers]])
        assert found.key == brute_force(naturals, jokers), naturals
        check_wild_hand(found, naturals, jokers)


def test_more_jokers_than_a_pack_holds_are_still_wild() -> None:
    # Typed by mistake perhaps, but they make sense and must not break anything.
    assert hand("* * *").category is C.THREE_OF_A_KIND
    assert hand("* * * 2c").category is C.FOUR_OF_A_KIND  # four twos beat three aces
    assert hand("* * * * *").category is C.ROYAL_FLUSH
    rng = random.Random(5)
    for _ in range(4):
        naturals = rng.sample(STANDARD_52, 2)
        jokers = [*JOKERS, make_joker(3)]
        found = best_hand([*naturals, *jokers])
        assert found.key == brute_force(naturals, 3), naturals
        check_wild_hand(found, naturals, 3)


def check_wild_hand(found: Hand, naturals: list[Card], jokers: int) -> None:
    assert found.category is not C.TWO_PAIR  # a joker always does better than two pair
    assert len(found.cards) == min(5, len(naturals) + jokers)
    assert found.combination == found.cards[: found.category.size]
    for joker, stand_in in found.jokers_as.items():
        assert joker.is_joker and joker in found.cards
        assert not stand_in.is_joker and stand_in not in naturals
    assert len(set(found.jokers_as.values())) == len(found.jokers_as)
    # The hand is exactly the natural hand of the cards the jokers stand for.
    assert best_hand(list(found.counted_cards)).key == found.key


# ---------------------------------------------------------------- properties

cards_strategy = st.lists(
    st.sampled_from([*STANDARD_52, *JOKERS]), min_size=1, max_size=8, unique=True
)


@settings(max_examples=200, deadline=None)
@given(cards_strategy, st.sampled_from([*STANDARD_52, *JOKERS]))
def test_another_card_never_makes_the_hand_worse(cards: list[Card], extra: Card) -> None:
    if extra in cards:
        return
    assert best_hand([*cards, extra]) >= best_hand(cards)
    naturals = [c for c in cards if not c.is_joker]
    if naturals and not extra.is_joker:
        plain = best_hand([*naturals, extra], wild_jokers=False)
        assert plain >= best_hand(naturals, wild_jokers=False)


@settings(max_examples=200, deadline=None)
@given(cards_strategy, st.randoms(use_true_random=False))
def test_order_of_the_cards_does_not_matter(cards: list[Card], rng: random.Random) -> None:
    shuffled = list(cards)
    rng.shuffle(shuffled)
    first, second = best_hand(cards), best_hand(shuffled)
    assert first == second
    assert first.cards == second.cards


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(STANDARD_52), min_size=1, max_size=9, unique=True))
def test_the_laid_cards_make_the_same_hand(cards: list[Card]) -> None:
    found = best_hand(cards)
    assert evaluate(found.cards) == found
    assert found.key == best_key(cards)
    assert len(found.cards) == min(5, len(cards))
    assert found.combination == found.cards[: found.category.size]


@settings(max_examples=200, deadline=None)
@given(cards_strategy)
def test_jokers_do_at_least_as_well_as_being_left_out(cards: list[Card]) -> None:
    if all(c.is_joker for c in cards):
        return
    assert best_hand(cards) >= best_hand(cards, wild_jokers=False)
