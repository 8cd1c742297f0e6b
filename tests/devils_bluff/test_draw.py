"""The Draw Deck from the module: card values, tests by the top card, reshuffling."""

from __future__ import annotations

import random

import pytest

from gmscreen.core.cards import Card, Deck, parse_cards
from gmscreen.games.devils_bluff.draw import (
    after_draw,
    card_value,
    chance_to_pass,
    draw,
    passes,
    reshuffle_order,
    result_of,
    shown_result,
)


def one(text: str) -> Card:
    return parse_cards(text)[0]


@pytest.mark.parametrize(("code", "value"), [
    ("As", 1), ("2c", 2), ("9d", 9), ("Th", 10), ("Js", 11), ("Qc", 12), ("Kd", 13)])
def test_face_values(code: str, value: int) -> None:
    assert card_value(one(code)) == value


def test_the_draw_deck_is_52_without_jokers() -> None:
    deck = Deck.standard()
    assert len(deck) == 52
    assert sorted(card_value(c) for c in deck) == sorted(list(range(1, 14)) * 4)
    with pytest.raises(ValueError, match="no jokers"):
        card_value(one("*"))


def test_a_test_passes_at_or_above_the_attribute() -> None:
    assert passes(one("8h"), 8)
    assert not passes(one("7h"), 8)
    assert passes(one("6h"), 8, modifier=2)
    assert not passes(one("Th"), 9, modifier=-2)


def test_modifiers_are_capped_after_to_the_dice_range() -> None:
    # the digest's example: SKL 9 with -4; a King (13) still hits, a Queen (12) misses
    assert result_of(one("Ks"), -4) == 9
    assert passes(one("Ks"), 9, -4)
    assert not passes(one("Qs"), 9, -4)
    # a card drawn with no modifier is its face value: a King is 13 (module line 31)
    assert result_of(one("Ks"), 0) == 13
    assert result_of(one("Ks"), 3) == 12
    assert result_of(one("As"), -3) == 1
    # the other reading, a campaign setting: the King is a 12 before any modifier
    assert result_of(one("Ks"), -4, king_capped_first=True) == 8
    assert result_of(one("Ks"), 0, king_capped_first=True) == 12
    assert not passes(one("Ks"), 9, -4, king_capped_first=True)


def test_a_result_shows_the_cap_that_changed_it() -> None:
    assert shown_result(one("Ks"), 0) == "13"
    assert shown_result(one("Ks"), -2) == "11"
    assert shown_result(one("Js"), 3) == "12 (capped from 14)"
    assert shown_result(one("2s"), -3) == "1"  # the lowest, plainly
    assert shown_result(one("Ks"), 0, king_capped_first=True) == "12 (King as 12)"
    assert shown_result(one("Qs"), 0, king_capped_first=True) == "12"


def test_chance_of_the_next_card_from_a_fresh_deck_matches_the_digest() -> None:
    # digest section 7: (14 - T) / 13 from a full pack
    for target in (6, 7, 8, 9):
        good, out_of = chance_to_pass(Deck.standard(), target)
        assert (good, out_of) == (4 * (14 - target), 52)


def test_chance_follows_the_discard_pile_as_the_deck_runs_down() -> None:
    # the table sees the discard pile face up; every other card may come next, those in
    # the hands too (they lie face down): 20 of 52 pass 9+, less the two Kings seen
    rest = [c for c in Deck.standard() if c not in parse_cards("Kc Ks 2h")]
    deck = Deck(rest[:10], parse_cards("Kc Ks 2h"))
    assert chance_to_pass(deck, 9) == (18, 49)
    # with the Draw Deck empty, the next card is one of the discards, reshuffled
    emptied = Deck((), parse_cards("Kc 2h"))
    assert chance_to_pass(emptied, 9) == (1, 2)


def test_drawing_the_top_cards() -> None:
    deck = Deck(parse_cards("Ah 2h 3h"))
    drawn = draw(deck, 2)
    assert drawn.cards == tuple(parse_cards("Ah 2h"))
    assert drawn.reshuffled is None
    assert drawn.deck.order == tuple(parse_cards("3h"))
    assert after_draw(deck, drawn.cards, None) == drawn.deck


def test_an_empty_deck_reshuffles_the_discard_pile() -> None:
    deck = Deck(parse_cards("Ah"), parse_cards("2c 3c 4c"))
    order_by = list(range(52))
    random.Random(3).shuffle(order_by)
    drawn = draw(deck, 3, order_by)
    assert drawn.cards[0] == one("Ah")
    assert drawn.reshuffled is not None
    assert sorted(drawn.reshuffled) == sorted(parse_cards("2c 3c 4c"))
    assert drawn.cards[1:] == drawn.reshuffled[:2]
    assert drawn.deck.order == drawn.reshuffled[2:]
    assert drawn.deck.discards == ()
    assert after_draw(deck, drawn.cards, drawn.reshuffled) == drawn.deck


def test_a_reshuffle_needs_a_shuffle_and_enough_cards() -> None:
    deck = Deck((), parse_cards("2c"))
    with pytest.raises(ValueError, match="no shuffle"):
        draw(deck, 1)
    with pytest.raises(ValueError, match="2 cards are needed"):
        draw(deck, 2, range(52))


def test_a_shuffle_must_name_every_discard() -> None:
    with pytest.raises(ValueError, match="exactly once"):
        reshuffle_order(parse_cards("2c 3c"), [0, 0])
    assert reshuffle_order(parse_cards("2c 3c"), [5, 1, 0]) == tuple(parse_cards("3c 2c"))


def test_a_record_that_does_not_fit_the_deck_is_refused() -> None:
    deck = Deck(parse_cards("Ah"), parse_cards("2c"))
    with pytest.raises(ValueError, match="cards were left"):
        after_draw(deck, parse_cards("2c"), parse_cards("2c"))
    with pytest.raises(ValueError, match="not in the deck"):
        after_draw(deck, parse_cards("Kh"), None)
