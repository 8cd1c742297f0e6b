"""A third look, by new players at the table: what they were shown against the book, each
point proved here (a King's 13 in a test's steps, the odds from what the table knows, the
screen between games, the keys in the footer at 80 columns, the forms, the recap)."""

from __future__ import annotations

from dataclasses import replace

from gmscreen.core.cards import Deck
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.commands import AttributeTest
from gmscreen.games.devils_bluff.sample import COLE
from tests.devils_bluff.helpers import one_off

# -- a King is 13 (module line 31) ---------------------------------------------------------------


def test_a_test_by_a_king_with_no_modifier_reads_13() -> None:
    table = one_off()
    table.stack("Kc")
    (event,) = table.execute(AttributeTest("Dutch", "DEF"))
    assert event.data["result"] == 13
    assert "with K♣ (13): success" in RULES.describe(event)
    table.stack("Kd")
    (event,) = table.execute(AttributeTest("Dutch", "DEF", 2))
    assert "with K♦ (12, capped from 15): success" in RULES.describe(event)


# -- the odds from what the table knows --------------------------------------------------------


def test_the_odds_line_is_the_same_whatever_the_hidden_hands_hold() -> None:
    # both players see the screen: a card in a hand is as unknown to them as one in the
    # Draw Deck, so swapping cards between the two changes nothing they are shown
    table = one_off()
    state = table.state
    hand = state.hand(COLE)
    low = next(c for c in state.deck.order if c.rank is not None and c.rank < 5)
    high = next(c for c in state.deck.order if c.rank in (12, 13))
    swapped = replace(state.with_hand(COLE, (high, *hand[1:])), deck=Deck(
        tuple(hand[0] if c == high else c for c in state.deck.order), state.deck.discards))
    other = replace(state.with_hand(COLE, (low, *hand[1:])), deck=Deck(
        tuple(hand[0] if c == low else c for c in state.deck.order), state.deck.discards))
    for name in ("Dutch", "Sheriff Cole"):
        line = view.odds_line(state, name)
        assert line == view.odds_line(swapped, name) == view.odds_line(other, name)
    # counted over every card not face up: the discards are the table's to see
    unseen = 52 - len(state.deck.discards)
    assert f"/{unseen} (" in view.odds_line(state, "Dutch")


def test_with_the_draw_deck_empty_the_odds_are_the_discards() -> None:
    table = one_off()
    state = table.state
    held = {c for _, h in state.hands for c in h}
    rest = [c for c in Deck.standard() if c not in held]
    emptied = replace(state, deck=Deck((), rest))
    assert f"/{len(rest)} (" in view.odds_line(emptied, "Dutch")
