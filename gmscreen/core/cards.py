"""Playing cards, their spellings, and an immutable deck.

A card is a rank (2 to 14, Ace high) and a suit, or a joker. A pack has at most two jokers,
so each joker carries a number (1 or 2) that tells it apart from the other one; both are
written "*" in a journal and "Joker" on screen.

Cards are written the way a Dealer types them: "As", "AS", "A♠", "Th", "10h", "2c",
"Joker" or "*". `parse_cards` reads a list of them; `card_codes` writes them back.

A `Deck` never changes: dealing returns the cards and a new deck, so games can keep decks
inside frozen state and rebuild them from the cards their journal recorded.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import TYPE_CHECKING, NamedTuple

from gmscreen.core.text import quoted

if TYPE_CHECKING:
    from random import Random

__all__ = [
    "JOKERS",
    "STANDARD_52",
    "Card",
    "Dealt",
    "Deck",
    "Drawn",
    "Suit",
    "are_distinct",
    "card_codes",
    "card_from_code",
    "cards_from_codes",
    "make_joker",
    "parse_cards",
    "standard_cards",
    "verify_distinct",
]


class Suit(IntEnum):
    """The four suits, in the order that breaks ties: clubs lowest, spades highest."""

    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    SPADES = 4

    @property
    def symbol(self) -> str:
        """"♣", "♦", "♥" or "♠"."""
        return _SYMBOLS[self]

    @property
    def letter(self) -> str:
        """"c", "d", "h" or "s", as in the card codes of a journal."""
        return _LETTERS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; clubs and spades are black."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_LETTERS = {Suit.CLUBS: "c", Suit.DIAMONDS: "d", Suit.HEARTS: "h", Suit.SPADES: "s"}

#: one character a rank is written with in a code, by rank (10 is "T")
_RANK_CODES = {r: c for r, c in zip(range(2, 15), "23456789TJQKA", strict=True)}
#: how a rank is shown on screen (10 is "10", so players read it at a glance)
_RANK_SHOWN = {**_RANK_CODES, 10: "10"}

_JOKER_CODE = "*"


class _Frozen:
    """Refuses changes after `__init__`: cards and decks are values."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot change {name!r}: a {type(self).__name__} never changes")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete {name!r}: a {type(self).__name__} never changes")


class Card(_Frozen):
    """One playing card, or a joker.

    `rank` is 2 to 14 (Jack 11, Queen 12, King 13, Ace 14) and `suit` a `Suit`; both are None
    for a joker, whose `joker` is its number (1 or 2) and is 0 for every other card. Cards
    order by rank, then suit; jokers come after every other card. Cards never change.
    """

    # A plain class rather than a dataclass: it keeps `import gmscreen.core.poker` fast.
    __slots__ = ("index", "joker", "rank", "suit", "tally")
    __match_args__ = ("rank", "suit", "joker")

    rank: int | None
    suit: Suit | None
    joker: int
    #: 0 to 51 for the 52 cards in their order (rank, then suit), 51 + n for joker n;
    #: comparing and hashing use only this number, which keeps both fast
    index: int
    #: for core.poker, which sums the tallies of a hand's cards to count them in one go: a
    #: natural card adds one to a 5-bit count for its suit (bits 0-19) and to a 3-bit count
    #: for its rank (bits 20-58), so tallies sort in the cards' order; joker n is bit 59 + n
    tally: int

    def __init__(self, rank: int | None, suit: Suit | None, joker: int = 0) -> None:
        init = object.__setattr__
        if joker:
            if rank is not None or suit is not None or joker < 0:
                raise ValueError("a joker has no rank and no suit, and a number from 1")
            index = 51 + joker
            init(self, "tally", 1 << 59 + joker)
        else:
            if isinstance(rank, bool) or not isinstance(rank, int) or not 2 <= rank <= 14:
                raise ValueError(f"a card's rank is 2 to 14, not {rank!r}")
            if suit is None or isinstance(suit, bool) or suit not in (1, 2, 3, 4):
                raise ValueError(f"a card needs a suit, not {suit!r}")
            # Accept the plain numbers 1..4 as well as the enum; store the enum.
            suit = Suit(suit)
            index = (rank - 2) * 4 + suit - 1
            init(self, "tally", 1 << 20 + 3 * (rank - 2) | 1 << 5 * (suit - 1))
        init(self, "rank", rank)
        init(self, "suit", suit)
        init(self, "joker", joker)
        init(self, "index", index)

    def __reduce__(self) -> tuple[type[Card], tuple[int | None, Suit | None, int]]:
        return (Card, (self.rank, self.suit, self.joker))

    @property
    def is_joker(self) -> bool:
        """True for either joker."""
        return self.joker != 0

    @property
    def code(self) -> str:
        """The card as a journal writes it: "As", "Th", "2c"; "*" for a joker."""
        if self.rank is None or self.suit is None:
            return _JOKER_CODE
        return _RANK_CODES[self.rank] + _LETTERS[self.suit]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds; a joker has no colour and is neither red nor black."""
        return self.suit is not None and self.suit.is_red

    @property
    def is_black(self) -> bool:
        """Clubs and spades; a joker has no colour and is neither red nor black."""
        return self.suit is not None and not self.suit.is_red

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "Joker"
        return _RANK_SHOWN[self.rank] + _SYMBOLS[self.suit]

    def __repr__(self) -> str:
        if self.joker:
            return f"Card(joker={self.joker})"
        return f"Card({self.code!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index


def make_joker(number: int = 1) -> Card:
    """Joker number `number` (1 or 2 in a pack of 54)."""
    if number < 1:
        raise ValueError(f"jokers are numbered from 1, not {number}")
    return Card(None, None, number)


#: the 52 cards, lowest first (2♣, 2♦, 2♥, 2♠, 3♣ ... A♠)
STANDARD_52: tuple[Card, ...] = tuple(Card(r, s) for r in range(2, 15) for s in Suit)
#: the two jokers of a pack of 54
JOKERS: tuple[Card, Card] = (make_joker(1), make_joker(2))


def standard_cards(jokers: int = 0) -> tuple[Card, ...]:
    """The 52 cards in order, then `jokers` jokers (0, 1 or 2)."""
    if jokers not in (0, 1, 2):
        raise ValueError(f"a pack has 0, 1 or 2 jokers, not {jokers}")
    return STANDARD_52 + JOKERS[:jokers]


# ---------------------------------------------------------------- reading and writing cards

_RANK_WORDS = {c.lower(): r for r, c in _RANK_CODES.items()} | {"10": 10}
_SUIT_WORDS = {
    "c": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "d": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "h": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "s": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
}  # fmt: skip
_JOKER_WORDS = {"*", "joker", "jk"}
_SEPARATORS = re.compile(r"[\s,]+")
_BY_INDEX: dict[tuple[int, Suit], Card] = {(c.rank or 0, c.suit or Suit.CLUBS): c
                                           for c in STANDARD_52}


def _natural(token: str) -> Card | None:
    """The natural card spelt by `token`, or None if it is not one."""
    low = token.lower()
    # The emoji presentation selector sometimes follows a suit symbol; it carries nothing.
    low = low.replace("\ufe0f", "")
    if len(low) < 2:
        return None
    rank = _RANK_WORDS.get(low[:-1])
    suit = _SUIT_WORDS.get(low[-1])
    if rank is None or suit is None:
        return None
    return _BY_INDEX[rank, suit]


#: said with a card that could not be read, so the Dealer knows what to type instead
HOW_CARDS_ARE_WRITTEN = "write a card's rank then its suit, as QH, 10s or A♠; a joker as *"


def parse_cards(text: str) -> list[Card]:
    """The cards written in `text`, separated by spaces or commas, in order.

    Accepts "As", "AS", "A♠", "Th", "10h", "2c" (any case), and jokers "Joker", "*" or "jk".
    Jokers are numbered in the order they appear, so "Joker *" is two different jokers.
    Raises ValueError naming the first bad card.
    """
    cards: list[Card] = []
    jokers = 0
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        if token.lower() in _JOKER_WORDS:
            jokers += 1
            cards.append(JOKERS[jokers - 1] if jokers <= 2 else make_joker(jokers))
            continue
        found = _natural(token)
        if found is None:
            raise ValueError(f"not a card: {quoted(token)} ({HOW_CARDS_ARE_WRITTEN})")
        cards.append(found)
    return cards


def card_from_code(code: str) -> Card:
    """The one card written in `code` ("As", "10h", "Q♠", "*"; a joker is joker 1)."""
    cards = parse_cards(code)
    if len(cards) != 1:
        raise ValueError(f"not one card: {quoted(code)}")
    return cards[0]


def cards_from_codes(codes: Iterable[str], *, first_joker: int = 1) -> list[Card]:
    """The cards of a journal's list of codes; jokers are numbered in order from `first_joker`."""
    cards: list[Card] = []
    jokers = first_joker - 1
    for code in codes:
        found = card_from_code(code)
        if found.joker:
            jokers += 1
            found = JOKERS[jokers - 1] if jokers <= 2 else make_joker(jokers)
        cards.append(found)
    return cards


def in_a_row(cards: Iterable[Card]) -> str:
    """Cards in a row as a player reads them: "A♠ 10♥ Joker" ("" for none)."""
    return " ".join(str(card) for card in cards)


#: a card as the screens show it ("K♥", "10♠"), found in a line of text
_SHOWN_CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([♣♦♥♠])")
_RANK_NAMES = {"J": "jack", "Q": "queen", "K": "king", "A": "ace", **{
    str(n): word for n, word in zip(range(2, 11), (
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"), strict=True)}}
_SUIT_NAMES = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}


def card_names(text: str) -> str:
    """The cards shown in `text` ("Ma draws K♥ and 7♠") by name, "king of hearts seven of
    spades", for a search to find: the screens write cards with their suit's sign, which no
    Dealer types. "" for none."""
    if not any(sign in text for sign in _SUIT_NAMES):
        return ""
    return " ".join(f"{_RANK_NAMES[rank]} of {_SUIT_NAMES[suit]}"
                    for rank, suit in _SHOWN_CARD.findall(text))


def card_codes(cards: Iterable[Card]) -> list[str]:
    """The codes a journal keeps for `cards`: ["As", "Th", "*"]."""
    return [card.code for card in cards]


# ---------------------------------------------------------------- distinct cards


def verify_distinct(cards: Iterable[Card]) -> None:
    """Raise ValueError if a card appears twice in `cards` (or there are more than two jokers).

    This is the check for cards the Dealer types from a physical pack of 54.
    """
    seen: set[Card] = set()
    jokers = 0
    for card in cards:
        if card.joker:
            jokers += 1
            if jokers > 2:
                raise ValueError("a pack has only two jokers")
        if card in seen:
            raise ValueError(f"{card} is typed twice")
        seen.add(card)


def are_distinct(cards: Iterable[Card]) -> bool:
    """True when no card appears twice in `cards` (and there are at most two jokers)."""
    try:
        verify_distinct(cards)
    except ValueError:
        return False
    return True


# ---------------------------------------------------------------- the deck


class Dealt(NamedTuple):
    """The cards dealt, top card first, and the deck that is left."""

    cards: tuple[Card, ...]
    deck: Deck


class Drawn(NamedTuple):
    """The card drawn and the deck that is left."""

    card: Card
    deck: Deck


def _number_jokers_in_order(cards: list[Card]) -> None:
    """Give the jokers in `cards` their numbers in the order they lie.

    The two jokers are the same to play with, but a journal writes both as "*" and reads
    them back numbered in order, so a shuffled deck keeps them in that order to read back
    equal.
    """
    positions = [i for i, card in enumerate(cards) if card.joker]
    for position, joker in zip(positions, sorted(cards[i] for i in positions), strict=True):
        cards[position] = joker


class Deck(_Frozen):
    """A draw pile (`order`, top card first) and a discard pile (`discards`, oldest first).

    Decks never change; every move returns a new deck. Two decks are equal when both piles
    hold the same cards in the same order.
    """

    __slots__ = ("discards", "order")
    __match_args__ = ("order", "discards")

    order: tuple[Card, ...]
    discards: tuple[Card, ...]

    def __init__(self, order: Iterable[Card], discards: Iterable[Card] = ()) -> None:
        # Keep tuples: the deck must stay hashable and immutable.
        order, discards = tuple(order), tuple(discards)
        verify_distinct(order + discards)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "discards", discards)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Deck):
            return self.order == other.order and self.discards == other.discards
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.order, self.discards))

    def __repr__(self) -> str:
        return f"Deck(order={self.order!r}, discards={self.discards!r})"

    def __reduce__(self) -> tuple[type[Deck], tuple[tuple[Card, ...], tuple[Card, ...]]]:
        return (Deck, (self.order, self.discards))

    @classmethod
    def standard(cls, jokers: int = 0) -> Deck:
        """A new, unshuffled pack of 52 cards, or 54 with `jokers=2`."""
        return cls(standard_cards(jokers))

    @classmethod
    def from_order(cls, cards: Iterable[Card], discards: Iterable[Card] = ()) -> Deck:
        """The deck whose draw pile is `cards` (top first) and discard pile `discards`.

        Jokers are all alike, so they are numbered afresh in order through the draw pile and
        then the discards: two lists typed apart may each hold "the" joker.
        """
        drawn, dropped = tuple(cards), tuple(discards)
        pile = [*drawn, *dropped]
        jokers = 0
        for i, card in enumerate(pile):
            if card.joker:
                jokers += 1
                pile[i] = JOKERS[jokers - 1] if jokers <= 2 else make_joker(jokers)
        return cls(tuple(pile[: len(drawn)]), tuple(pile[len(drawn) :]))

    @classmethod
    def from_codes(cls, order: Iterable[str], discards: Iterable[str] = ()) -> Deck:
        """A deck rebuilt from a journal's codes; jokers are numbered in order through both."""
        return cls.from_order(cards_from_codes(order), cards_from_codes(discards))

    @property
    def remaining(self) -> int:
        """How many cards are left to draw."""
        return len(self.order)

    def __len__(self) -> int:
        return len(self.order)

    def __contains__(self, card: object) -> bool:
        return card in self.order

    def __iter__(self) -> Iterator[Card]:
        return iter(self.order)

    def shuffled(self, rng: Random) -> Deck:
        """The draw pile shuffled by `rng`; the discard pile stays as it is."""
        cards = list(self.order)
        rng.shuffle(cards)
        _number_jokers_in_order(cards)
        return Deck(tuple(cards), self.discards)

    def reshuffled(self, rng: Random) -> Deck:
        """The discard pile shuffled back into the draw pile by `rng`."""
        cards = list(self.order + self.discards)
        rng.shuffle(cards)
        _number_jokers_in_order(cards)
        return Deck(tuple(cards), ())

    def can_deal(self, n: int, *, reshuffle_discards: bool = False) -> bool:
        """True when `n` cards can be dealt (counting the discards if they may be reshuffled)."""
        available = len(self.order) + (len(self.discards) if reshuffle_discards else 0)
        return 0 <= n <= available

    def deal(
        self, n: int, rng: Random | None = None, *, reshuffle_discards: bool = False
    ) -> Dealt:
        """The top `n` cards and the deck left.

        When the draw pile runs out and `reshuffle_discards` is set, the discard pile is
        shuffled by `rng` into a new draw pile and dealing goes on. Otherwise dealing more
        cards than are left raises ValueError.
        """
        if n < 0:
            raise ValueError(f"cannot deal {n} cards")
        if n <= len(self.order):
            return Dealt(self.order[:n], Deck(self.order[n:], self.discards))
        if not reshuffle_discards:
            raise ValueError(f"cannot deal {n} cards: only {len(self.order)} left in the deck")
        if n > len(self.order) + len(self.discards):
            raise ValueError(
                f"cannot deal {n} cards: only {len(self.order)} left in the deck "
                f"and {len(self.discards)} in the discard pile"
            )
        if rng is None:
            raise ValueError("reshuffling the discard pile needs a random generator")
        first = self.order
        fresh = Deck((), self.discards).reshuffled(rng)
        rest, deck = fresh.deal(n - len(first))
        return Dealt(first + rest, deck)

    def draw(self, rng: Random | None = None, *, reshuffle_discards: bool = False) -> Drawn:
        """The top card and the deck left (see `deal` for an empty deck)."""
        cards, deck = self.deal(1, rng, reshuffle_discards=reshuffle_discards)
        return Drawn(cards[0], deck)

    def discard(self, cards: Iterable[Card]) -> Deck:
        """The deck with `cards` put on the discard pile (they must be out of the deck)."""
        cards = tuple(cards)
        for card in cards:
            if card in self.order:
                raise ValueError(f"{card} is still in the deck")
            if card in self.discards:
                raise ValueError(f"{card} is already discarded")
        return Deck(self.order, self.discards + cards)

    def without(self, cards: Iterable[Card]) -> Deck:
        """The deck with `cards` taken out of the draw pile, wherever they lie.

        This is how cards dealt at the table from a physical pack are recorded. A joker
        counts as either joker: typing one takes out whichever joker is still in the deck.
        Raises ValueError naming a card that is not in the draw pile.
        """
        cards = tuple(cards)
        verify_distinct(cards)
        left = list(self.order)
        for card in cards:
            if card in left:
                left.remove(card)
                continue
            if card.joker:
                spare = next((c for c in left if c.joker), None)
                if spare is not None:
                    left.remove(spare)
                    continue
            raise ValueError(f"{card} is not in the deck")
        return Deck(tuple(left), self.discards)
