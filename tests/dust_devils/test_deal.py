"""The Deal and the Draw: the book's card counts and its examples."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from gmscreen.games.dust_devils.deal import (
    cards_in_deal,
    deal_hands,
    draw_from_pack,
    draw_limit,
    full_pack,
    plain_discards,
    stud_cards,
)
from gmscreen.journal.rules import RuleError


def test_two_attributes_make_the_deal() -> None:
    assert cards_in_deal(4, 3, 2) == 7


def test_a_trait_that_fits_adds_a_card() -> None:
    # McCreedy, strong as an ox, heaves his horse off himself: one card more
    assert cards_in_deal(3, 4, 1, trait=True) == 8


def test_zekes_devil_takes_two_cards_or_gives_two() -> None:
    # Zeke, Devil 2, courts Sally half drunk with Heart 2 and Eye 3: two fewer
    assert cards_in_deal(2, 3, 2, devil=-2) == 3
    # walking through the saloon brawl with some liquid courage: two more
    assert cards_in_deal(3, 5, 2, devil=+2) == 10
    with pytest.raises(RuleError) as refused:
        cards_in_deal(2, 3, 2, devil=-3)
    assert refused.value.rule == "The Devil's due"


def test_a_chip_and_the_last_winner_add_a_card_each() -> None:
    assert cards_in_deal(3, 3, 1, chip=True) == 7
    assert cards_in_deal(3, 3, 1, won_last=True) == 7
    assert cards_in_deal(3, 3, 1, trait=True, chip=True, won_last=True) == 9


def test_an_attribute_at_zero_counts_as_the_devil_rating() -> None:
    assert cards_in_deal(0, 4, 3) == 7
    assert cards_in_deal(0, 0, 2) == 4


def test_a_hand_holds_at_least_one_card() -> None:
    assert cards_in_deal(1, 1, 3, devil=-3) == 1


def test_the_stud_hands() -> None:
    assert [stud_cards(n) for n in (3, 5, 7)] == [3, 5, 7]
    assert stud_cards(5, chip=True) == 6
    with pytest.raises(RuleError, match="3, 5 or 7"):
        stud_cards(4)


def test_the_draw() -> None:
    # Black Jack's Shootin' 2 lets him change two cards
    assert draw_limit(2) == 2
    assert draw_limit(2, chip=True) == 3
    # no Knack, no draw; a Chip still buys one
    assert draw_limit(0) == 0
    assert draw_limit(0, chip=True) == 1
    # a character at 0 adds the Devil rating to the Knack's
    assert draw_limit(3, devil_at_zero=2) == 5


def test_the_plain_discards_keep_the_best_combination() -> None:
    # Black Jack's deal with Shootin' 2: the two pairs stay, the 9♦ goes first
    assert plain_discards(("3h", "3c", "7d", "7c", "9d", "Qd"), 2) == ("9d", "Qd")
    assert plain_discards(("3h", "3c", "7d", "7c", "9d", "Qd"), 1) == ("9d",)
    assert plain_discards(("3h", "3c", "7d", "7c", "9d", "Qd"), 0) == ()
    # a joker is never thrown, even outside the combination it would not improve
    assert plain_discards(("As", "Ks", "Qs", "Js", "Ts", "*", "2c"), 3) == ("2c",)


def test_the_plain_discards_keep_a_four_card_flush_or_straight_draw() -> None:
    # the lowest loose cards broke up a draw a table keeps: four hearts and the King of
    # clubs with a Knack of 2 threw two hearts; the table throws the King and draws to
    # the flush
    assert plain_discards(("Ah", "2h", "5h", "9h", "Kc"), 2) == ("Kc",)
    # a pair and four hearts (the ten among them): both kept, the two others thrown
    assert plain_discards(("Td", "Th", "2h", "5h", "9h", "Kc", "3s"), 2) == ("3s", "Kc")
    # four in a row: the King is the high card, the deuce goes alone
    assert plain_discards(("9c", "8d", "7h", "6s", "2c", "Kd"), 2) == ("2c",)
    assert plain_discards(("Ac", "2d", "3h", "4s", "9c", "Kd"), 1) == ("9c",)
    # a joker fills a draw: three hearts and it
    assert plain_discards(("*", "2h", "5h", "9h", "Kc", "3s"), 2) == ("3s",)
    # an inside straight is no draw ("never draw to an inside straight"): thrown as before
    assert plain_discards(("9c", "8d", "6h", "5s", "2c", "Kd"), 2) == ("2c", "5s")
    # a draw with no card left to throw for it is dead: the pair is improved as before
    assert plain_discards(("Td", "Th", "2h", "5h", "9h"), 2) == ("2h", "5h")
    # a straight made keeps no straight draw beside it; a flush draw still beats it
    assert plain_discards(("Ts", "9h", "8d", "7s", "6c", "5c", "2c"), 2) == ("2c", "5c")
    assert plain_discards(("9h", "8d", "7s", "6c", "5s", "2s", "Ks", "3d"), 2) == ("3d",)


def test_each_conflict_is_dealt_from_a_whole_pack_freshly_shuffled() -> None:
    # a conflict that goes on is dealt anew from the shuffled deck (line 208): every Deal
    # is from all 54 cards, and the same seed deals the same cards
    hands = deal_hands(Random(5), {"Jack": 8, "Dealer": 46})
    assert Counter(hands["Jack"] + hands["Dealer"]) == Counter(full_pack())
    assert hands == deal_hands(Random(5), {"Jack": 8, "Dealer": 46})
    # the Draw comes from what is left: never a card already out
    seen = hands["Jack"] + hands["Dealer"][:44]
    assert sorted(draw_from_pack(Random(1), seen, 2)) == sorted(hands["Dealer"][44:])
    with pytest.raises(RuleError, match="only 2 cards"):
        draw_from_pack(Random(1), seen, 3)
