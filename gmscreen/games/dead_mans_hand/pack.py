"""The pack of 54 (two jokers) as the game reads it: card codes, colours, numbers, and the
draw pile and discard kept as sorted tuples of codes, so that equal packs compare equal.

A joker is written "*"; the pack holds two, so the pile is a multiset, not a set.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable

from gmscreen.core.cards import Card, card_from_code, standard_cards
from gmscreen.games.dead_mans_hand.state import Colour

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
#: a joker's code: the pack holds two
JOKER = "*"


def card(text: str) -> Card:
    """The one card written in `text` ("Qs", "10h", "Q♠", "*"); ValueError naming a bad one."""
    return card_from_code(text)


def canonical(text: str) -> str:
    """The journal's code of a card however it was typed: "10h" is "Th"."""
    return card(text).code


def show(text: str) -> str:
    """A card as the players read it: "A♥", "10♠", "Joker"."""
    return str(card(text))


def colour_of(text: str) -> Colour | None:
    """Hearts and diamonds are red, clubs and spades black; a joker has no colour."""
    playing_card = card(text)
    if playing_card.is_joker:
        return None
    return "red" if playing_card.is_red else "black"


def rank(text: str) -> int | None:
    """2 to 14 (Ace high), None for a joker."""
    value: int | None = card(text).rank
    return value


def number(text: str) -> int | None:
    """The number of a 2 to 10; None for an Ace, a picture card or a joker."""
    value = rank(text)
    return value if value is not None and value <= 10 else None


@functools.lru_cache(maxsize=256)  # replaying a journal sorts piles of these thousands of times
def _order(text: str) -> tuple[int, int]:
    playing_card = card(text)
    return (99, 0) if playing_card.is_joker else (playing_card.index, 0)


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=_order))


#: the full pack: 52 cards and two jokers
FULL_PACK: tuple[str, ...] = sort_cards(c.code for c in standard_cards(jokers=2))


def without(pile: Iterable[str], cards: Iterable[str]) -> tuple[str, ...]:
    """`pile` with one copy of each of `cards` taken out, in the order it was (a sorted pile
    stays sorted; a card it lacks is passed over: the rules check every card drawn)."""
    left = list(pile)
    for card in cards:
        if card in left:
            left.remove(card)
    return tuple(left)


def missing(pile: Iterable[str], cards: Iterable[str]) -> list[str]:
    """The `cards` that `pile` cannot give (counting copies: a third joker is missing)."""
    cards = tuple(cards)
    if len(set(cards)) == len(cards):
        # no card asked for twice (every draw but one of both jokers): the pile has it or
        # not, and two Counters for each of a long journal's draws cost a twentieth of
        # its first open
        has = set(pile)
        return [card for card in cards if card not in has]
    short = Counter(cards) - Counter(pile)
    return list(short.elements())
