"""Poker hands: the best hand of at most five cards from any number of cards, jokers wild.

How hands are ranked
--------------------
A hand is at most five cards. Hands order by category (`Category`), then by the ranks that
matter, then by suits:

- Ranks: the ranks of the laid cards in the order poker reads them: the combination first
  (the trips of a full house before its pair, the higher pair of two pair before the lower),
  then the kickers from the highest down. A straight reads from its top card, so the wheel
  A-2-3-4-5 is a five-high straight and ranks below a six-high one. Aces are otherwise high.
- Suits, only when the ranks tie: the suits of the laid cards, read in that same order, cards
  of one rank taken highest suit first; clubs lowest, then diamonds, hearts, spades. So a
  pair of aces A♠ A♣ beats A♥ A♦ (spades beat hearts), and two flushes of the same ranks
  are decided by their suit.

Fewer than five cards make what they can: pairs, two pair, three and four of a kind, with
fewer kickers; never a straight or a flush. More kickers beat fewer when all else ties.

Jokers
------
With `wild_jokers=True` (the default) a joker stands for any card that is not already among
the cards given, and counts in every way as the card it stands for (its suit too). It can
complete any of the ten categories and nothing else: there is no five of a kind, because
two cards can never be the same card. The best hand is exactly the best one that could be
made by turning each joker into a card absent from the hand; `Hand.jokers_as` says which.
It is computed directly from rank counts and suit masks, not by trying every card.

With `wild_jokers=False` a joker counts as nothing: it is left out of the hand altogether,
neither combination nor kicker, and the hand is made of the other cards.

`high_card` ignores jokers (a joker is not a natural card) unless only jokers are given.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import IntEnum
from itertools import pairwise
from operator import itemgetter
from types import MappingProxyType

from gmscreen.core.cards import JOKERS, STANDARD_52, Card, in_a_row, make_joker

__all__ = [
    "Category",
    "Hand",
    "best_hand",
    "compare",
    "evaluate",
    "high_card",
]


class Category(IntEnum):
    """The ten kinds of poker hand, weakest first."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH = 10

    @property
    def label(self) -> str:
        """The name a player says: "Two pair", "Royal flush"."""
        return self.name.replace("_", " ").capitalize()

    @property
    def size(self) -> int:
        """How many cards make the combination (1 for a high card, 5 for a flush)."""
        return _COMBINATION_SIZE[self]


HIGH_CARD = Category.HIGH_CARD
PAIR = Category.PAIR
TWO_PAIR = Category.TWO_PAIR
TRIPS = Category.THREE_OF_A_KIND
STRAIGHT = Category.STRAIGHT
FLUSH = Category.FLUSH
FULL_HOUSE = Category.FULL_HOUSE
QUADS = Category.FOUR_OF_A_KIND
STRAIGHT_FLUSH = Category.STRAIGHT_FLUSH
ROYAL_FLUSH = Category.ROYAL_FLUSH

_COMBINATION_SIZE = {
    HIGH_CARD: 1, PAIR: 2, TWO_PAIR: 4, TRIPS: 3, STRAIGHT: 5, FLUSH: 5, FULL_HOUSE: 5,
    QUADS: 4, STRAIGHT_FLUSH: 5, ROYAL_FLUSH: 5,
}  # fmt: skip

# ---------------------------------------------------------------- the hand

_NO_JOKERS: Mapping[Card, Card] = MappingProxyType({})


class Hand:
    """The cards laid (at most five) and what they make.

    `cards` are in the order the hand is read (combination first, then kickers);
    `combination` is the cards that make the category; `jokers_as` maps each laid joker to
    the card it stands for. Hands compare by category, ranks and then suits (see the
    module's notes), so equal hands are hands of the same cards or the same stand-ins.
    """

    __slots__ = ("_key", "_laid", "category")

    category: Category
    _laid: tuple[int, ...]
    _key: tuple[int, tuple[int, ...], tuple[int, ...]] | None

    def __init__(self, category: Category, laid: tuple[int, ...]) -> None:
        # Kept lean: games evaluate many hands and read few of them. Hands are made by
        # `best_hand` and `evaluate`, not by hand.
        self.category = category
        # The tallies (`Card.tally`) of the cards as they count: a joker's stand-in in its
        # place.
        self._laid = laid
        # Worked out when first compared. None, not an unset slot: reading an unset slot
        # raises, which cost the win chances half a microsecond a hand.
        self._key = None

    @property
    def jokers_as(self) -> Mapping[Card, Card]:
        """Each laid joker and the card it stands for (empty without jokers)."""
        return _NO_JOKERS

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards laid, in the order the hand is read; jokers appear as themselves."""
        return tuple(map(_CARD_OF, self._laid))

    @property
    def combination(self) -> tuple[Card, ...]:
        """The cards that make the category (one for a high card, four for two pair)."""
        return self.cards[: _COMBINATION_SIZE[self.category]]

    @property
    def kickers(self) -> tuple[Card, ...]:
        """The laid cards outside the combination."""
        return self.cards[_COMBINATION_SIZE[self.category] :]

    @property
    def counted_cards(self) -> tuple[Card, ...]:
        """The cards as they count: each joker replaced by the card it stands for."""
        return tuple(map(_CARD_OF, self._laid))

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks in the order they are compared (2 to 14; the wheel's ace counts last)."""
        return self.key[1]

    @property
    def suits(self) -> tuple[int, ...]:
        """The suits (1 clubs to 4 spades) in the order they break ties."""
        return self.key[2]

    @property
    def rank_key(self) -> tuple[int, tuple[int, ...]]:
        """What poker compares before suits: the category, then `ranks`."""
        key = self.key
        return (key[0], key[1])

    @property
    def key(self) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """The whole order of hands: category, ranks, then suits."""
        key = self._key
        if key is None:
            laid = self._laid
            key = self._key = (
                int(self.category), tuple(map(_RANK_OF, laid)), tuple(map(_SUIT_OF, laid))
            )
        return key

    def describe(self) -> str:
        """One line for the screen: "Full house: K♠ K♥ K♦ 9♣ 9♠ (Joker as K♦)"."""
        text = f"{self.category.label}: " + in_a_row(self.cards)
        if self.jokers_as:
            text += " (" + ", ".join(f"Joker as {c}" for c in self.jokers_as.values()) + ")"
        return text

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        codes = " ".join(c.code for c in self.cards)
        return f"Hand({self.category.name}, {codes!r})"

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Hand):
            return self.key == other.key
        return NotImplemented

    def __lt__(self, other: Hand) -> bool:
        return self.key < other.key

    def __le__(self, other: Hand) -> bool:
        return self.key <= other.key

    def __gt__(self, other: Hand) -> bool:
        return self.key > other.key

    def __ge__(self, other: Hand) -> bool:
        return self.key >= other.key


class _WildHand(Hand):
    """A hand made with jokers, which says what each laid joker stands for."""

    __slots__ = ("_jokers", "_jokers_as", "_present")

    _jokers: tuple[int, ...]
    _present: int
    _jokers_as: Mapping[Card, Card] | None

    def __init__(
        self, category: Category, laid: tuple[int, ...], jokers: tuple[int, ...], present: int
    ) -> None:
        # Only what is needed to work `jokers_as` out later, if it is ever asked for.
        self.category = category
        self._laid = laid
        self._key = None
        self._jokers = jokers  # the jokers' tallies
        self._present = present  # bits of the natural cards given
        self._jokers_as = None

    @property
    def jokers_as(self) -> Mapping[Card, Card]:
        if self._jokers_as is None:
            jokers = [_JOKER_OF.get(t) or make_joker(t.bit_length() - 60) for t in self._jokers]
            stand_ins = [
                _CARD_OF(t) for t in self._laid if not self._present >> _INDEX_OF_TALLY(t) & 1
            ]
            self._jokers_as = MappingProxyType(dict(zip(jokers, stand_ins, strict=False)))
        return self._jokers_as

    @property
    def cards(self) -> tuple[Card, ...]:
        cards = list(map(_CARD_OF, self._laid))
        for joker, stand_in in self.jokers_as.items():
            cards[cards.index(stand_in)] = joker
        return tuple(cards)


def compare(first: Hand, second: Hand, *, suits: bool = True) -> int:
    """1 if `first` wins, -1 if `second` wins, 0 on a tie; `suits=False` ignores suits."""
    a = first.key if suits else first.rank_key
    b = second.key if suits else second.rank_key
    return (a > b) - (a < b)


# Inside this module a card is its `Card.index`: 4 * (rank - 2) + (suit - 1) for the 52,
# 52 and up for jokers. Ranks here are 0 (a two) to 12 (an ace); suits 0 (clubs) to 3.
# A set of ranks is an int with bit 3r set for rank r: spaced that way, it lines up with the
# 3-bit rank counts below, so bit operations turn counts into sets without a Python loop.
_CARD_AT: list[Card] = [*STANDARD_52, *JOKERS]
_TALLY_AT: list[int] = [card.tally for card in _CARD_AT]
_INDEX_OF_TALLY: Callable[[int], int] = {
    card.tally: card.index for card in STANDARD_52
}.__getitem__
_RANK_BIT: list[int] = [1 << 3 * r for r in range(13)]
#: a laid card, its rank and its suit by its tally: read in C (`map`), a hand's ranks and
#: suits cost a tenth of the win chances' time when worked out in Python
_CARD_OF: Callable[[int], Card] = {card.tally: card for card in STANDARD_52}.__getitem__
_RANK_OF: Callable[[int], int] = {card.tally: card.rank or 0 for card in STANDARD_52}.__getitem__
_SUIT_OF: Callable[[int], int] = {
    card.tally: int(card.suit or 0) for card in STANDARD_52
}.__getitem__
_ALL_RANKS = sum(_RANK_BIT)

#: the five ranks of each straight, top card first, by the rank of its top card (3 = five)
_STRAIGHT_RANKS: dict[int, tuple[int, ...]] = {
    top: ((3, 2, 1, 0, 12) if top == 3 else tuple(range(top, top - 5, -1)))
    for top in range(12, 2, -1)
}
_STRAIGHT_SETS: dict[int, int] = {
    top: sum(_RANK_BIT[r] for r in ranks) for top, ranks in _STRAIGHT_RANKS.items()
}

# A natural card's tally (see `Card.tally`) holds a 5-bit count for its suit (bits 0-19)
# and a 3-bit count for its rank (bits 20-58); a joker's is bit 59 + its number. Summing the
# tallies of a hand counts its ranks and suits in one go, and sorted they lie in the cards'
# order. Natural cards sum below 2 ** 63, which `sum` adds as machine words (a bit of each
# card's own, as before, made them numbers of four digits, three times slower to sum).
_TALLY_RANK_SHIFT = 20
_TALLY_SUITS = (1 << _TALLY_RANK_SHIFT) - 1
_JOKER_TALLIES = 1 << 59  # every joker's tally is above it, every natural card's below
_JOKER_OF = {joker.tally: joker for joker in JOKERS}

#: a natural card by its index, as a bit: the roads for jokers and for more cards than the
#: tables hold find a card given twice, and which cards are held, by their sum
_BIT_AT: list[int] = [1 << i for i in range(52)]
# Adding 11 to a suit's count sets its top bit exactly when the count is 5 or more; with
# j jokers, adding 11 + j finds the suits that jokers can bring to five.
_FLUSH_ADD = sum(11 << 5 * s for s in range(4))
_FLUSH_BITS = sum(16 << 5 * s for s in range(4))
_SUIT_REACH = [sum(11 + j << 5 * s for s in range(4)) for j in range(6)]
# best_hand writes these out as numbers; make sure they agree.
assert (_TALLY_RANK_SHIFT, _JOKER_TALLIES) == (20, 1 << 59)
assert (_FLUSH_ADD, _FLUSH_BITS) == (0x5AD6B, 0x84210)


def _spaced_straights() -> dict[int, int]:
    """Every set of ranks that holds a straight, to the top rank of its best straight."""
    tops: dict[int, int] = {}
    for top in sorted(_STRAIGHT_RANKS):  # higher tops overwrite lower ones
        ranks = _STRAIGHT_RANKS[top]
        supersets = [_STRAIGHT_SETS[top]]
        for r in range(13):
            if r not in ranks:
                supersets += [m | _RANK_BIT[r] for m in supersets]
        for m in supersets:
            tops[m] = top
    return tops


_STRAIGHT_TOPS = _spaced_straights()
_STRAIGHT_WITH: dict[int, int] = {}


def _straight_with(ranks: int, jokers: int) -> int:
    """The top rank of the best straight `jokers` can complete from a set of ranks, or -1."""
    key = ranks | jokers << 40
    top = _STRAIGHT_WITH.get(key)
    if top is None:
        top = -1
        for candidate, needed in _STRAIGHT_SETS.items():
            if (needed & ~ranks).bit_count() <= jokers:
                top = candidate
                break
        _STRAIGHT_WITH[key] = top
    return top


# ---------------------------------------------------------------- hands without jokers
#
# With no flush, which cards make the best hand follows from the rank counts alone: a pair
# is the two cards of its rank, its kickers the highest other cards. In the sorted list of
# tallies the cards of a rank lie together, lowest suit first, and `bisect_left(tallies,
# _RANK_START[r])` is how many cards rank below r; so the laid cards are a few positions in
# that list, taken by itemgetters made once for every hand size up to _TABLE_SIZE cards.

_RANK_START: list[int] = [1 << _TALLY_RANK_SHIFT + 3 * r for r in range(14)]
_HIGH_BITS = _ALL_RANKS << 2
_TABLE_SIZE = 9

_Getter = Callable[[Sequence[int]], tuple[int, ...]]


def _getter(n: int, combination: list[int]) -> _Getter:
    """Takes the `combination` positions, then the highest others, up to five in all."""
    others = [p for p in range(n - 1, -1, -1) if p not in combination]
    positions = (combination + others)[:5]
    if not positions:  # no cards: never asked for, but keeps the tables whole
        return lambda seq: ()
    if len(positions) == 1:
        only = positions[0]
        return lambda seq: (seq[only],)
    return itemgetter(*positions)


def _group(start: int, many: int) -> list[int]:
    """The positions of a rank's cards starting at `start`, highest suit first."""
    return list(range(start + many - 1, start - 1, -1))


def _no_cards(seq: Sequence[int]) -> tuple[int, ...]:
    raise ValueError("no cards to make a hand of")


#: the high card's takers by hand size; of no cards, a refusal (`best_hand` asks no more)
_HIGH_AT = [_no_cards, *(_getter(n, []) for n in range(1, _TABLE_SIZE + 1))]
_PAIR_AT = [[_getter(n, _group(lo, 2)) for lo in range(n - 1)] for n in range(_TABLE_SIZE + 1)]
_TRIPS_AT = [[_getter(n, _group(lo, 3)) for lo in range(n - 2)] for n in range(_TABLE_SIZE + 1)]
_QUADS_AT = [[_getter(n, _group(lo, 4)) for lo in range(n - 3)] for n in range(_TABLE_SIZE + 1)]
#: by size, position of the lower pair, position of the higher pair
_TWO_PAIR_AT = [
    [[_getter(n, _group(hi, 2) + _group(lo, 2)) for hi in range(n - 1)] for lo in range(n - 1)]
    for n in range(_TABLE_SIZE + 1)
]
#: by position of the trips, position just past the pair's rank
_FULL_AT = [
    [itemgetter(t + 2, t + 1, t, end - 1, end - 2) for end in range(_TABLE_SIZE + 1)]
    for t in range(_TABLE_SIZE)
]


def _pattern(tallies: list[int], counts: int) -> tuple[Category, _Getter]:
    """The category, and how to take the laid cards, of up to _TABLE_SIZE natural cards
    (sorted tallies, no flush) whose packed rank counts are `counts`."""
    n = len(tallies)
    quads = counts & _HIGH_BITS
    if quads:
        lo = bisect_left(tallies, _RANK_START[quads.bit_length() // 3 - 1])
        return QUADS, _QUADS_AT[n][lo]
    threes = counts & counts >> 1 & _ALL_RANKS
    pairs = counts >> 1 & ~counts & _ALL_RANKS
    if threes:
        t = threes.bit_length() // 3
        lo = bisect_left(tallies, _RANK_START[t])
        others = (threes | pairs) & ~_RANK_BIT[t]
        if others:
            end = bisect_left(tallies, _RANK_START[others.bit_length() // 3 + 1])
            return FULL_HOUSE, _FULL_AT[lo][end]
    if n >= 5:
        top = _STRAIGHT_TOPS.get((counts | counts >> 1 | counts >> 2) & _ALL_RANKS)
        if top is not None:
            # The highest suit of each rank: the card just below the next rank's first.
            ends = [bisect_left(tallies, _RANK_START[r + 1]) - 1 for r in _STRAIGHT_RANKS[top]]
            return STRAIGHT, itemgetter(*ends)
    if threes:
        return TRIPS, _TRIPS_AT[n][lo]
    if pairs:
        high = bisect_left(tallies, _RANK_START[pairs.bit_length() // 3])
        lower = pairs & ~_RANK_BIT[pairs.bit_length() // 3]
        if lower:
            low = bisect_left(tallies, _RANK_START[lower.bit_length() // 3])
            return TWO_PAIR, _TWO_PAIR_AT[n][low][high]
        return PAIR, _PAIR_AT[n][high]
    return HIGH_CARD, _HIGH_AT[n]


#: what `_pattern` found, by rank counts: the same counts always give the same answer
_PATTERNS: dict[int, tuple[Category, _Getter]] = {}
_MAX_PATTERNS = 100_000

# For `best_hand`'s own road. A rank count is 1 (0b001), 2 (0b010), 3 (0b011) or 4 (0b100).
#: the low bit of every rank count (a rank held once, or three times)
_ONCE = _ALL_RANKS
#: the two high bits of every rank count: set for a rank held more than once
_SEVERAL = _ALL_RANKS * 6
_new_hand = object.__new__
#: the counts of a pair alone, and of three of a kind alone: the tally its rank starts from
_PAIRS: dict[int, int] = {2 << 3 * r: _RANK_START[r] for r in range(13)}
_TRIPS: dict[int, int] = {3 << 3 * r: _RANK_START[r] for r in range(13)}
#: a straight of one card a rank by the position of its lowest card; the wheel by hand size
_RUN_AT: list[_Getter] = [itemgetter(*range(p + 4, p - 1, -1)) for p in range(3)]
_WHEEL_AT: list[_Getter] = [itemgetter(3, 2, 1, 0, n - 1) for n in range(8)]
#: the counts of two pairs alone: the tallies the lower and the higher pair start from
_TWO_PAIRS: dict[int, tuple[int, int]] = {
    2 << 3 * high | 2 << 3 * low: (_RANK_START[low], _RANK_START[high])
    for high in range(13) for low in range(high)
}
#: the counts of three pairs alone: the tallies the middle, the highest and the lowest pair
#: start from (the lowest pair's higher card is a kicker at most)
_THREE_PAIRS: dict[int, tuple[int, int, int]] = {
    2 << 3 * high | 2 << 3 * middle | 2 << 3 * low:
        (_RANK_START[middle], _RANK_START[high], _RANK_START[low])
    for high in range(13) for middle in range(high) for low in range(middle)
}
#: the counts of three of a kind and a pair alone: the tally the three start from, and the
#: tally just past the pair's rank
_FULL_HOUSES: dict[int, tuple[int, int]] = {
    3 << 3 * trips | 2 << 3 * pair: (_RANK_START[trips], _RANK_START[pair + 1])
    for trips in range(13) for pair in range(13) if pair != trips
}


def _flush_hand(tallies: list[int], total: int) -> Hand:
    """The best hand of at most seven distinct natural cards, five of them of one suit.
    With so few cards a flush leaves none over for four of a kind or a full house, and no
    other suit can have five: the hand is that suit's straight flush, or its five highest."""
    s = ((total & _TALLY_SUITS) + _FLUSH_ADD & _FLUSH_BITS).bit_length() // 5 - 1
    suited = [t for t in tallies if t >> 5 * s & 1]  # lowest rank first
    top = _STRAIGHT_TOPS.get(sum([t >> _TALLY_RANK_SHIFT for t in suited]))
    if top is None:
        return Hand(FLUSH, tuple(suited[:-6:-1]))
    laid = tuple(_TALLY_AT[r << 2 | s] for r in _STRAIGHT_RANKS[top])
    return Hand(ROYAL_FLUSH if top == 12 else STRAIGHT_FLUSH, laid)


def _natural_hand(tallies: list[int]) -> Hand:
    """The best hand of natural cards, given as sorted tallies, off `best_hand`'s own road:
    five of a suit, more than seven cards, or rank counts it leaves to `_pattern`."""
    if len(set(tallies)) != len(tallies):
        raise ValueError(_given_twice(tallies))
    if not tallies:
        raise ValueError("no cards to make a hand of")
    total = sum(tallies)
    flush = (total & _TALLY_SUITS) + _FLUSH_ADD & _FLUSH_BITS
    if flush and len(tallies) <= 7:
        return _flush_hand(tallies, total)
    if flush or len(tallies) > _TABLE_SIZE:
        # Five of a suit beside more cards, or more cards than the tables: rare, so take
        # the general road.
        naturals = list(map(_INDEX_OF_TALLY, tallies))
        cards = sum(map(_BIT_AT.__getitem__, naturals))
        category, laid = _wild_best(naturals, 0, total, cards)
        return Hand(category, tuple(map(_TALLY_AT.__getitem__, laid)))
    counts = total >> _TALLY_RANK_SHIFT
    found = _PATTERNS.get(counts) or _learn(tallies, counts)
    return Hand(found[0], found[1](tallies))


def _learn(tallies: list[int], counts: int) -> tuple[Category, _Getter]:
    """`_pattern`, kept for the next hand with the same rank counts."""
    found = _PATTERNS[counts] = _pattern(tallies, counts)
    if len(_PATTERNS) > _MAX_PATTERNS:
        _PATTERNS.clear()
    return found


# ---------------------------------------------------------------- hands with wild jokers
#
# From the top category down, ask whether the jokers can complete it, and if so lay the
# best such hand. A category is only reached when every higher one is out of reach, which
# is what keeps the jokers' cards (and the kickers) from making something higher still:
# for instance no joker is ever left over below four of a kind, where it would have made
# the trips into four or the pair into trips.

#: the suits in a 4-bit mask, highest first
_SUITS_DOWN: list[tuple[int, ...]] = [
    tuple(s for s in (3, 2, 1, 0) if mask >> s & 1) for mask in range(16)
]


def _of_rank(cards: int, rank: int, many: int) -> list[int]:
    """The `many` best cards of `rank`: those here first, then jokers as the highest absent."""
    here_mask = cards >> 4 * rank & 15
    here = _SUITS_DOWN[here_mask]
    if len(here) >= many:
        chosen = here[:many]
    else:
        chosen = tuple(sorted(here + _SUITS_DOWN[15 ^ here_mask][: many - len(here)]))[::-1]
    return [rank << 2 | s for s in chosen]


def _kickers(naturals: list[int], cards: int, many: int, used: int, spare: int) -> list[int]:
    """The `many` best single cards (one a rank) of ranks not `used`: here, or spare jokers.

    `naturals` are highest first, `cards` their bits, `used` a set of ranks.
    """
    if many <= 0:
        return []
    if not spare:
        return [i for i in naturals if not used & _RANK_BIT[i >> 2]][:many]
    # Rare (a joker left over as a kicker): merge the naturals with the best stand-ins.
    chosen: list[int] = []
    pool = iter(naturals)
    natural = next(pool, -1)
    while len(chosen) < many:
        while natural >= 0 and used & _RANK_BIT[natural >> 2]:
            natural = next(pool, -1)
        stand_in = -1
        if spare:
            for r in range(12, -1, -1):
                here = cards >> 4 * r & 15
                if not used & _RANK_BIT[r] and here != 15:
                    stand_in = r << 2 | _SUITS_DOWN[15 ^ here][0]
                    break
        best = max(natural, stand_in)
        if best < 0:
            break
        if best == stand_in:
            spare -= 1
        chosen.append(best)
        used |= _RANK_BIT[best >> 2]
    return chosen


#: the bit of each rank's lowest card (`_BIT_AT`), clubs
_LOWEST_OF_EACH_RANK = sum(_BIT_AT[4 * r] for r in range(13))
#: a suit's cards shifted down to clubs' bits, as a set of ranks: 8,192 at most
_RANKS_OF_SUIT: dict[int, int] = {}


def _wild_best(
    naturals: list[int], jokers: int, tally: int, cards: int
) -> tuple[Category, list[int]]:
    """The category and laid cards (as they count) of the best hand of `naturals` + jokers.

    `naturals` are distinct sorted indexes, `tally` the sum of their tallies and `cards`
    their bits (`_BIT_AT`). Works for no jokers too.
    """
    n = len(naturals) + jokers
    size = 5 if n > 5 else n
    counts = tally >> _TALLY_RANK_SHIFT
    two_bits = counts >> 1 | counts >> 2
    ge1 = (counts | two_bits) & _ALL_RANKS
    ge2 = two_bits & _ALL_RANKS
    at_least = (
        _ALL_RANKS,
        ge1,
        ge2,
        (counts & counts >> 1 | counts >> 2) & _ALL_RANKS,
        counts >> 2 & _ALL_RANKS,
    )
    # reach(k), written out where it is used: the ranks that the jokers can bring to k cards,
    # at_least[k - jokers] if k > jokers else _ALL_RANKS
    down = naturals[::-1]

    suited: dict[int, int] = {}  # the ranks of each suit that may make a flush
    flushes = (tally & _TALLY_SUITS) + _SUIT_REACH[min(jokers, 5)] & _FLUSH_BITS
    if n >= 5 and flushes:
        # Each set bit is a suit the jokers can bring to five: 4, 9, 14 or 19 for suit 0-3.
        while flushes:
            s = flushes.bit_length() // 5 - 1
            here = cards >> s & _LOWEST_OF_EACH_RANK
            ranks = _RANKS_OF_SUIT.get(here)
            if ranks is None:
                ranks = _RANKS_OF_SUIT[here] = sum(
                    _RANK_BIT[r] for r in range(13) if here >> 4 * r & 1
                )
            suited[s] = ranks
            flushes ^= 16 << 5 * s
        # Straight flush: the highest top, then the highest suit.
        best_top, best_suit = -1, 0
        for s, ranks in suited.items():
            found = _straight_with(ranks, jokers)
            if found > best_top:
                best_top, best_suit = found, s
        if best_top >= 0:
            laid = [r << 2 | best_suit for r in _STRAIGHT_RANKS[best_top]]
            return (ROYAL_FLUSH if best_top == 12 else STRAIGHT_FLUSH), laid

    ranks = at_least[4 - jokers] if jokers < 4 else _ALL_RANKS
    if n >= 4 and ranks:
        r = (ranks.bit_length() - 1) // 3
        laid = [r << 2 | 3, r << 2 | 2, r << 2 | 1, r << 2]
        spare = jokers - 4 + (counts >> 3 * r & 7)
        return QUADS, laid + _kickers(down, cards, size - 4, _RANK_BIT[r], spare)

    # The two largest counts of a rank tell at once whether the jokers can make a full house
    # or two pair, which spares the searches below in most hands.
    first = 3 if at_least[3] else 2 if ge2 else 1 if ge1 else 0  # no four here
    second = (
        3 if at_least[3].bit_count() >= 2
        else 2 if ge2.bit_count() >= 2
        else 1 if ge1.bit_count() >= 2
        else 0
    )  # fmt: skip

    if n >= 5 and max(0, 3 - first) + max(0, 2 - second) <= jokers:
        # Full house: the highest trips that leave a pair, then the highest pair.
        trips = at_least[3 - jokers] if jokers < 3 else _ALL_RANKS
        while trips:
            t = (trips.bit_length() - 1) // 3
            short = 3 - (counts >> 3 * t & 7)
            spare = jokers - short if short > 0 else jokers
            pairs = at_least[2 - spare] if spare < 2 else _ALL_RANKS
            pairs &= ~_RANK_BIT[t]
            if pairs:
                p = (pairs.bit_length() - 1) // 3
                return FULL_HOUSE, _of_rank(cards, t, 3) + _of_rank(cards, p, 2)
            trips &= ~_RANK_BIT[t]

    if n >= 5:
        # Flush: in each suit, the highest ranks here or stood in for; then the best suit.
        best_flush: list[int] = []
        for s, ranks in suited.items():
            laid = []
            spare = jokers
            for r in range(12, -1, -1):
                if ranks & _RANK_BIT[r]:
                    laid.append(r << 2 | s)
                elif spare:
                    laid.append(r << 2 | s)
                    spare -= 1
                else:
                    continue
                if len(laid) == 5:
                    break
            if not best_flush or [i >> 2 for i in laid] > [i >> 2 for i in best_flush]:
                best_flush = laid
        if best_flush:
            return FLUSH, best_flush

        straight = _STRAIGHT_TOPS.get(ge1, -1) if not jokers else _straight_with(ge1, jokers)
        if straight >= 0:
            spare = jokers - (_STRAIGHT_SETS[straight] & ~ge1).bit_count()
            laid = []
            for r in _STRAIGHT_RANKS[straight]:
                here = cards >> 4 * r & 15
                if not here:
                    laid.append(r << 2 | 3)
                    continue
                best_here = here.bit_length() - 1
                absent = _SUITS_DOWN[15 ^ here]
                # A spare joker may stand in for a higher suit of a rank already here.
                if spare and absent and absent[0] > best_here:
                    laid.append(r << 2 | absent[0])
                    spare -= 1
                else:
                    laid.append(r << 2 | best_here)
            return STRAIGHT, laid

    ranks = at_least[3 - jokers] if jokers < 3 else _ALL_RANKS
    if n >= 3 and ranks:
        r = (ranks.bit_length() - 1) // 3
        short = 3 - (counts >> 3 * r & 7)
        spare = jokers - short if short > 0 else jokers
        kickers = _kickers(down, cards, size - 3, _RANK_BIT[r], spare)
        return TRIPS, _of_rank(cards, r, 3) + kickers

    if n >= 4 and max(0, 2 - first) + max(0, 2 - second) <= jokers:
        # Two pair: the highest pair that leaves a lower pair, then the highest lower pair.
        highs = at_least[2 - jokers] if jokers < 2 else _ALL_RANKS
        while highs:
            a = (highs.bit_length() - 1) // 3
            short = 2 - (counts >> 3 * a & 7)
            spare = jokers - short if short > 0 else jokers
            lows = at_least[2 - spare] if spare < 2 else _ALL_RANKS
            lows &= _RANK_BIT[a] - 1
            if lows:
                b = (lows.bit_length() - 1) // 3
                short = 2 - (counts >> 3 * b & 7)
                spare -= short if short > 0 else 0
                used = _RANK_BIT[a] | _RANK_BIT[b]
                laid = _of_rank(cards, a, 2) + _of_rank(cards, b, 2)
                return TWO_PAIR, laid + _kickers(down, cards, size - 4, used, spare)
            highs &= ~_RANK_BIT[a]

    ranks = at_least[2 - jokers] if jokers < 2 else _ALL_RANKS
    if n >= 2 and ranks:
        r = (ranks.bit_length() - 1) // 3
        short = 2 - (counts >> 3 * r & 7)
        spare = jokers - short if short > 0 else jokers
        kickers = _kickers(down, cards, size - 2, _RANK_BIT[r], spare)
        return PAIR, _of_rank(cards, r, 2) + kickers

    return HIGH_CARD, _kickers(down, cards, size, 0, jokers)


def _wild_hand(tallies: list[int], total: int, naturals: list[int], cards: int) -> Hand:
    """The best hand of distinct cards with jokers, given as sorted tallies and their sum,
    with the indexes of the natural cards among them and their bits."""
    natural = len(naturals)
    tally = total & _JOKER_TALLIES - 1  # the natural cards' (all different, they sum below)
    category, laid = _wild_best(naturals, len(tallies) - natural, tally, cards)
    laid_tallies = tuple(map(_TALLY_AT.__getitem__, laid))
    return _WildHand(category, laid_tallies, tuple(tallies[natural:]), cards)


# ---------------------------------------------------------------- the public functions


def best_hand(cards: Iterable[Card], wild_jokers: bool = True) -> Hand:
    """The best hand of at most five of `cards` (any number of distinct cards).

    Jokers are wild by default; with `wild_jokers=False` they are left out (see the module's
    notes). Raises ValueError for no cards or a card given twice.
    """
    tallies = []
    for card in cards:  # a loop: a comprehension costs a call of its own
        tallies.append(card.tally)
    tallies.sort()
    total = sum(tallies)
    n = len(tallies)
    # The usual hand, up to seven natural cards and no five of a suit, is kept on a lean
    # road, for games evaluate hands by the thousand when they work out odds. Numbers
    # written out are the constants named in the comments, which Python folds.
    # _JOKER_TALLIES, _FLUSH_ADD, _FLUSH_BITS (no suit count carries past its 5 bits here)
    if total < 1 << 59 and n <= 7 and not total + 0x5AD6B & 0x84210:
        counts = total >> 20  # _TALLY_RANK_SHIFT
        several = counts & _SEVERAL
        hand = _new_hand(Hand)
        hand._key = None
        if not several:
            # Every rank once, so no card is given twice (no rank count overflows in seven).
            top = _STRAIGHT_TOPS.get(counts)
            if top is None:
                hand.category = HIGH_CARD
                hand._laid = _HIGH_AT[n](tallies)
            else:
                # one card a rank: the straight's cards lie together, the wheel's ace last
                hand.category = STRAIGHT
                if top == 3:
                    hand._laid = _WHEEL_AT[n](tallies)
                else:
                    hand._laid = _RUN_AT[bisect_left(tallies, _RANK_START[top - 4])](tallies)
            return hand
        # The counts of the ranks held more than once: each hand of them below is laid
        # straight from the tables, once it is checked that the cards of its ranks differ
        # (a card given twice would lie beside itself).
        group = counts & (several | several >> 1)
        # beside three of a kind and a pair, or three pairs, no five ranks make a straight
        straight = counts & _ONCE | several >> 1 in _STRAIGHT_TOPS
        pair = _PAIRS.get(group)
        if pair is not None:
            if not straight:
                at = bisect_left(tallies, pair)
                if tallies[at] == tallies[at + 1]:
                    raise ValueError(_given_twice(tallies))
                hand.category = PAIR
                hand._laid = _PAIR_AT[n][at](tallies)
                return hand
        elif (two := _TWO_PAIRS.get(group)) is not None:
            if not straight:
                low = bisect_left(tallies, two[0])
                high = bisect_left(tallies, two[1])
                if tallies[low] == tallies[low + 1] or tallies[high] == tallies[high + 1]:
                    raise ValueError(_given_twice(tallies))
                hand.category = TWO_PAIR
                hand._laid = _TWO_PAIR_AT[n][low][high](tallies)
                return hand
        elif (trips := _TRIPS.get(group)) is not None:
            if not straight:
                at = bisect_left(tallies, trips)
                if tallies[at] == tallies[at + 1] or tallies[at + 1] == tallies[at + 2]:
                    raise ValueError(_given_twice(tallies))
                hand.category = TRIPS
                hand._laid = _TRIPS_AT[n][at](tallies)
                return hand
        elif (full := _FULL_HOUSES.get(group)) is not None:
            at = bisect_left(tallies, full[0])
            end = bisect_left(tallies, full[1])  # just past the pair
            if (tallies[at] == tallies[at + 1] or tallies[at + 1] == tallies[at + 2]
                    or tallies[end - 2] == tallies[end - 1]):
                raise ValueError(_given_twice(tallies))
            hand.category = FULL_HOUSE
            hand._laid = _FULL_AT[at][end](tallies)
            return hand
        elif (three := _THREE_PAIRS.get(group)) is not None:
            low = bisect_left(tallies, three[0])
            high = bisect_left(tallies, three[1])
            lowest = bisect_left(tallies, three[2])
            if (tallies[low] == tallies[low + 1] or tallies[high] == tallies[high + 1]
                    or tallies[lowest] == tallies[lowest + 1]):
                raise ValueError(_given_twice(tallies))
            hand.category = TWO_PAIR
            hand._laid = _TWO_PAIR_AT[n][low][high](tallies)
            return hand
    # Jokers, five of a suit, more than seven cards, or counts left to `_pattern`.
    natural = bisect_left(tallies, _JOKER_TALLIES)
    if natural == n:
        return _natural_hand(tallies)
    naturals = list(map(_INDEX_OF_TALLY, tallies[:natural]))
    held = sum(map(_BIT_AT.__getitem__, naturals))
    # A natural card given twice carries its bit over; so does a joker once the natural
    # cards, all different, sum below the jokers' bits.
    if held.bit_count() != natural or (total >> 59).bit_count() != n - natural:
        raise ValueError(_given_twice(tallies))
    if not wild_jokers:
        if not natural:
            raise ValueError("jokers that are not wild make no hand")
        return _natural_hand(tallies[:natural])
    if n > 52:
        raise ValueError("more cards than a pack holds: the jokers have nothing to stand for")
    return _wild_hand(tallies, total, naturals, held)


def _given_twice(tallies: list[int]) -> str:
    twice = next(a for a, b in pairwise(tallies) if a == b)
    card = _CARD_OF(twice) if twice < _JOKER_TALLIES else make_joker(twice.bit_length() - 60)
    return f"{card} is given twice"


def evaluate(cards: Iterable[Card], wild_jokers: bool = True) -> Hand:
    """The hand made by exactly the laid `cards` (one to five), as a player chose them."""
    cards = list(cards)
    if len(cards) > 5:
        raise ValueError(f"a hand is at most five cards, not {len(cards)}")
    return best_hand(cards, wild_jokers)


def high_card(cards: Iterable[Card]) -> Card:
    """The single highest card (rank, then suit). Jokers count only if there is nothing else."""
    cards = list(cards)
    if not cards:
        raise ValueError("no cards")
    naturals = [c for c in cards if not c.is_joker]
    return max(naturals or cards)

