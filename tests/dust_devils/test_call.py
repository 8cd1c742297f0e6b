"""The Call, narration and Difficulty: Black Jack's choice, Luke's split, the joker variant,
Zeke's flush of clubs."""

from __future__ import annotations

import pytest

from gmscreen.core.cards import parse_cards
from gmscreen.core.poker import Category, evaluate
from gmscreen.games.dust_devils.call import (
    auto_split,
    difficulty_attributes,
    difficulty_points,
    lay_choices,
    narration_card,
    narrator_after_bids,
    verify_lay,
    verify_split,
    winners,
)
from gmscreen.games.dust_devils.sheet import Attribute
from gmscreen.journal.rules import RuleError

H, E, G, R = Attribute.HAND, Attribute.EYE, Attribute.GUTS, Attribute.HEART


def test_black_jacks_choice_at_the_call() -> None:
    dealt = parse_cards("3h 3c 7d 7c 9d Qd")
    kept = [c for c in dealt if c not in parse_cards("9d Qd")]
    held = kept + parse_cards("3d Ks")
    choice = lay_choices(held)
    assert choice.best.category is Category.FULL_HOUSE
    assert set(choice.best.cards) == set(parse_cards("3h 3c 3d 7d 7c"))
    assert choice.keeps_high_card is not None
    # the book offers two pair and the K♠; three 3s with the K♠ keep it and beat that
    books_lay = verify_lay("Jack", held, parse_cards("7d 7c 3h 3d Ks"))
    assert books_lay.category is Category.TWO_PAIR
    assert choice.keeps_high_card.category is Category.THREE_OF_A_KIND
    assert parse_cards("Ks")[0] in choice.keeps_high_card.cards
    assert choice.keeps_high_card > books_lay


def test_no_second_lay_when_the_best_hand_holds_the_high_card() -> None:
    assert lay_choices(parse_cards("As Ah 2c 3d 4h 9s")).keeps_high_card is None
    assert lay_choices(parse_cards("Ks 2c 2d")).keeps_high_card is None


def test_a_lay_is_five_cards_or_all() -> None:
    held = parse_cards("2c 3d 4h 9s Js Qh")
    assert verify_lay("Jack", held, held[:5]).category is Category.HIGH_CARD
    for laid in (held[:4], held[:1] * 2 + held[1:4]):
        with pytest.raises(RuleError):
            verify_lay("Jack", held, laid)
    with pytest.raises(RuleError, match="does not hold"):
        verify_lay("Jack", held, parse_cards("2c 3d 4h 9s As"))
    short = parse_cards("2c 2d 9s")
    assert verify_lay("Jack", short, short).category is Category.PAIR
    with pytest.raises(RuleError, match="must lay 3"):
        verify_lay("Jack", short, short[:2])


def test_the_highest_hand_wins_and_an_exact_tie_shares() -> None:
    hands = {"Luke": evaluate(parse_cards("5h 5c 2d")), "Dealer": evaluate(parse_cards("Ks Qd 2c"))}
    assert winners(hands) == ["Luke"]
    tied = {"A": evaluate(parse_cards("* 2c")), "B": evaluate(parse_cards("* 2c"))}
    assert winners(tied) == ["A", "B"]


def test_narration_goes_to_the_highest_single_card() -> None:
    laid = {"Luke": parse_cards("5h 5c 5d"), "Jack": parse_cards("As 2c 9d"),
            "Jim": parse_cards("Ah Kh")}
    assert narration_card(laid) == ("Jack", parse_cards("As")[0])
    # a joker is no card for narration
    assert narration_card({"A": parse_cards("* 2c"), "B": parse_cards("3c")}) == \
        ("B", parse_cards("3c")[0])
    assert narration_card({"A": parse_cards("*")}) is None


def test_a_five_high_straight_narrates_with_its_five() -> None:
    # the book: in A♠ 2♠ 3♠ 4♠ 5♠ the high card is the 5♠, not the A♠
    laid = {"Jack": parse_cards("As 2s 3s 4s 5s"), "Luke": parse_cards("5h 5c 9d Kc 2c")}
    assert narration_card(laid) == ("Luke", parse_cards("Kc")[0])
    laid = {"Jack": parse_cards("Ah 2c 3d 4s 5s"), "Luke": parse_cards("5h 5c 2d 3c 4c")}
    assert narration_card(laid) == ("Jack", parse_cards("5s")[0])
    # so a wheel does not keep the ace for narration: the app offers a lay that does
    choice = lay_choices(parse_cards("As 2s 3s 4s 5s Kd 9c"))
    assert choice.best.category is Category.STRAIGHT_FLUSH
    assert choice.keeps_high_card is not None
    assert parse_cards("As")[0] in choice.keeps_high_card.cards
    # with four of the straight the ace makes the wheel again; so the best other is a high card
    assert choice.keeps_high_card.category is Category.HIGH_CARD
    # an ace anywhere else is high
    assert narration_card({"Jack": parse_cards("Ah 2c 3d 4s 6s"),
                           "Luke": parse_cards("Kh Kc")}) == ("Jack", parse_cards("Ah")[0])


@pytest.mark.parametrize(("better", "worse"), [
    ("Td Jd Qd Kd Ad", "5c 6c 7c 8c 9c"),  # the royal flush above the straight flush
    ("5c 6c 7c 8c 9c", "Qc Qd Qh Qs 2c"),  # the straight flush above four of a kind
    ("Qc Qd Qh Qs 2c", "Jc Jh Js 9d 9h"),  # four of a kind above the full house
    ("Jc Jh Js 9d 9h", "3s 6s 7s Ts Qs"),  # the full house above the flush
    ("3s 6s 7s Ts Qs", "6c 7d 8s 9h Ts"),  # the flush above the straight
    ("6c 7d 8s 9h Ts", "Ac Ah As 2d 3c"),  # the straight above three of a kind
    ("Ac Ah As 2d 3c", "Ac Ad 8h 8s 2c"),  # three of a kind above two pair
    ("Ac Ad 8h 8s 2c", "5d 5h Ac Kd Qs"),  # two pair above a pair
    ("5d 5h 2c 3d 4s", "Ac Kd Qs Jh 9c"),  # a pair above the best high card
    ("Jc Jh Js 2d 2h", "9d 9h 9s Ac Ad"),  # full houses: the three matched cards decide
    ("Ac Ad 2h 2s 3c", "Kc Kd Qh Qs Jc"),  # two pairs: the highest pair decides
    ("Ac Kd Qs Jh 9c", "Ac Kd Qs Jh 8c"),  # high cards: the highest card, then the next
    ("5c 5s", "5d 5h"),  # ranks tie: suits go clubs, diamonds, hearts, spades
    ("Kc Kd * 2h 3s", "Qc Qd Qh 2d 3c"),  # a joker completes the combination
])
def test_the_books_poker_hands_in_order(better: str, worse: str) -> None:
    assert evaluate(parse_cards(better)) > evaluate(parse_cards(worse))


def test_high_card_hands_go_by_their_single_highest_card() -> None:
    # the book: between high-card hands the one with the highest single card wins, and
    # suits rank clubs, diamonds, hearts, spades; the ace of spades is that card here,
    # though the other hand's next cards are higher
    spade = evaluate(parse_cards("As 7c 5d 4h 2c"))
    heart = evaluate(parse_cards("Ah Kd Qc Js 9d"))
    assert winners({"Luke": heart, "Dealer": spade}) == ["Dealer"]
    # the winner is the hand that narrates, with one point of Difficulty from its suit
    laid = {"Luke": heart.cards, "Dealer": spade.cards}
    assert narration_card(laid) == ("Dealer", parse_cards("As")[0])
    assert difficulty_attributes(spade) == (H,)
    # any made hand still beats a high card, and ranks decide before suits
    assert winners({"Luke": evaluate(parse_cards("2c 2d 3h")), "Dealer": spade}) == ["Luke"]
    assert winners({"Luke": evaluate(parse_cards("Kh Qd")), "Dealer": evaluate(
        parse_cards("Ac 2d"))}) == ["Dealer"]


def test_lukes_difficulty_from_three_fives() -> None:
    winning = evaluate(parse_cards("5h 5c 5d"))
    assert difficulty_points(winning) == 3
    assert difficulty_attributes(winning) == (E, G, R)
    luke = {H: 3, E: 3, G: 4, R: 3}
    verify_split("Luke", 3, (E, G, R), luke, {R: 3})
    verify_split("Luke", 3, (E, G, R), luke, {E: 1, G: 1, R: 1})
    with pytest.raises(RuleError, match="no spades"):
        verify_split("Luke", 3, (E, G, R), luke, {H: 1, G: 2})
    with pytest.raises(RuleError, match="must place 3"):
        verify_split("Luke", 3, (E, G, R), luke, {G: 2})


def test_the_joker_variant_spares_the_diamond() -> None:
    winning = evaluate(parse_cards("5h 5c *"))
    assert difficulty_points(winning) == 3
    assert difficulty_attributes(winning) == (G, R)


def test_each_combination_size() -> None:
    sizes = {"Ah 2c 7d": 1, "5h 5c 9d": 2, "5h 5c 9d 9s": 4, "5h 5c 5d 2s": 3,
             "2h 3c 4d 5s 6s": 5, "2h 7h 9h Jh Kh": 5, "5h 5c 5d 9s 9d": 5,
             "5h 5c 5d 5s 2c": 4}
    for cards, points in sizes.items():
        assert difficulty_points(evaluate(parse_cards(cards))) == points, cards


def test_zekes_flush_of_clubs_empties_his_guts() -> None:
    winning = evaluate(parse_cards("2c 5c 8c Jc Kc"))
    assert difficulty_points(winning) == 5
    assert difficulty_attributes(winning) == (G,)
    zeke = {H: 5, E: 3, G: 2, R: 2}
    # only two points can be placed: Guts goes to 0 and stops there
    verify_split("Zeke", 5, (G,), zeke, {G: 2})
    with pytest.raises(RuleError, match="below 0"):
        verify_split("Zeke", 5, (G,), zeke, {G: 5})
    assert auto_split(5, (G,), zeke) == {G: 2}


def test_jokers_alone_show_no_suit() -> None:
    assert difficulty_attributes(evaluate(parse_cards("* *"))) == (H, E, G, R)


def test_auto_split_spreads_the_points() -> None:
    assert auto_split(3, (E, G, R), {H: 3, E: 3, G: 4, R: 3}) == {E: 1, G: 1, R: 1}


def test_bidding_for_narration() -> None:
    assert narrator_after_bids("Jack", {}) == "Jack"
    assert narrator_after_bids("Jack", {"Luke": 1}) == "Luke"
    assert narrator_after_bids("Jack", {"Luke": 2, "Jack": 2}) == "Jack"
    assert narrator_after_bids("Jack", {"Luke": 2, "Jim": 3, "Jack": 2}) == "Jim"
    assert narrator_after_bids("Jack", {"Luke": 2, "Jim": 2}) is None
    assert narrator_after_bids(None, {"Luke": 1}) == "Luke"
