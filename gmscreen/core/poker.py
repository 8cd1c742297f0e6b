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

from collections.abc import Callable, Iterable, Mapping
from enum import IntEnum
from operator import attrgetter, itemgetter
from types import MappingProxyType

from gmscreen.core.cards import JOKERS, STANDARD_52, Card

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

# Inside this module a card is its `Card.index`: 4 * (rank - 2) + (suit - 1) for the 52,
# 52 and 53 for the two jokers. Ranks below are 0 (a two) to 12 (an ace); suits 0 to 3.
_CARD_AT: list[Card] = [*STANDARD_52, *JOKERS]
_INDEX = attrgetter("index")

#: the five ranks of each straight, top card first, by the rank of its top card (3 = five)
_STRAIGHT_RANKS: dict[int, tuple[int, ...]] = {
    top: ((3, 2, 1, 0, 12) if top == 3 else tuple(range(top, top - 5, -1)))
    for top in range(12, 2, -1)
}
_STRAIGHT_MASKS: dict[int, int] = {
    top: sum(1 << r for r in ranks) for top, ranks in _STRAIGHT_RANKS.items()
}


def _straight_top(mask: int) -> int:
    """The top rank of the highest straight in a mask of ranks, or -1 if there is none."""
    for top, needed in _STRAIGHT_MASKS.items():
        if mask & needed == needed:
            return top
    return -1


# ---------------------------------------------------------------- the hand


class Hand:
    """The cards laid (at most five) and what they make.

    `cards` are in the order the hand is read (combination first, then kickers);
    `combination` is the cards that make the category; `jokers_as` maps each laid joker to
    the card it stands for. Hands compare by category, ranks and then suits (see the
    module's notes), so equal hands are hands of the same cards or the same stand-ins.
    """

    __slots__ = ("_cards", "_key", "_laid", "category", "jokers_as")

    category: Category
    jokers_as: Mapping[Card, Card]

    def __init__(
        self,
        category: Category,
        laid: tuple[int, ...],
        jokers_as: Mapping[Card, Card] | None = None,
    ) -> None:
        self.category = category
        # The indexes of the cards as they count: a joker's stand-in in its place.
        self._laid = laid
        self.jokers_as = _NO_JOKERS if jokers_as is None else MappingProxyType(dict(jokers_as))
        self._cards: tuple[Card, ...] | None = None
        self._key: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards laid, in the order the hand is read; jokers appear as themselves."""
        if self._cards is None:
            cards = [_CARD_AT[i] for i in self._laid]
            if self.jokers_as:
                for joker, stand_in in self.jokers_as.items():
                    cards[cards.index(stand_in)] = joker
            self._cards = tuple(cards)
        return self._cards

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
        return tuple(_CARD_AT[i] for i in self._laid)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks in the order they are compared (2 to 14; the wheel's ace counts last)."""
        return tuple((i >> 2) + 2 for i in self._laid)

    @property
    def suits(self) -> tuple[int, ...]:
        """The suits (1 clubs to 4 spades) in the order they break ties."""
        return tuple((i & 3) + 1 for i in self._laid)

    @property
    def rank_key(self) -> tuple[int, tuple[int, ...]]:
        """What poker compares before suits: the category, then `ranks`."""
        return (int(self.category), self.ranks)

    @property
    def key(self) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """The whole order of hands: category, ranks, then suits."""
        if self._key is None:
            self._key = (int(self.category), self.ranks, self.suits)
        return self._key

    def describe(self) -> str:
        """One line for the screen: "Full house: K♠ K♥ K♦ 9♣ 9♠ (Joker as K♦)"."""
        text = f"{self.category.label}: " + " ".join(str(c) for c in self.cards)
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


_NO_JOKERS: Mapping[Card, Card] = MappingProxyType({})


def compare(first: Hand, second: Hand, *, suits: bool = True) -> int:
    """1 if `first` wins, -1 if `second` wins, 0 on a tie; `suits=False` ignores suits."""
    a = first.key if suits else first.rank_key
    b = second.key if suits else second.rank_key
    return (a > b) - (a < b)


# ---------------------------------------------------------------- hands without jokers
#
# Each card adds one number: a 3-bit count for its rank (bits 0-38) and a 5-bit count for its
# suit (bits 39-58). Their sum stays below 2**63, where CPython's sum() is fastest. Which
# cards make the best hand depends only on the rank counts (bar flushes), so the answer for
# each pattern of counts is worked out once, as positions in the sorted list of cards.

_SUIT_SHIFT = 39
_RANK_COUNTS = (1 << _SUIT_SHIFT) - 1
_PACK: list[int] = [(1 << 3 * (i >> 2)) | (1 << _SUIT_SHIFT + 5 * (i & 3)) for i in range(52)]
# Adding 11 to a suit's count sets its top bit exactly when the count is 5 or more.
_FLUSH_ADD = sum(11 << 5 * s for s in range(4))
_FLUSH_BITS = sum(16 << 5 * s for s in range(4))

_Pattern = tuple[Category, Callable[[list[int]], tuple[int, ...]]]
_PATTERNS: dict[int, _Pattern] = {}


def _getter(positions: list[int]) -> Callable[[list[int]], tuple[int, ...]]:
    if len(positions) == 1:
        only = positions[0]
        return lambda seq: (seq[only],)
    return itemgetter(*positions)


def _pattern(counts_key: int) -> _Pattern:
    """The category and the positions of the laid cards, for a pattern of rank counts.

    Positions index the hand's cards sorted lowest first; the cards of one rank lie
    together, lowest suit first.
    """
    counts = [(counts_key >> 3 * r) & 7 for r in range(13)]
    n = sum(counts)
    size = min(5, n)
    start = [0] * 13
    for r in range(1, 13):
        start[r] = start[r - 1] + counts[r - 1]
    present = [r for r in range(12, -1, -1) if counts[r]]
    mask = sum(1 << r for r in present)
    top = _straight_top(mask) if n >= 5 else -1
    by_count = sorted(present, key=counts.__getitem__, reverse=True)  # stable: rank order kept
    most = counts[by_count[0]]
    picks: list[tuple[int, int]] = []  # (rank, how many of it, highest suits first)

    def pairs(excluded: int) -> list[int]:
        return [r for r in present if r != excluded and counts[r] >= 2]

    if most == 4 and size >= 4:
        category = QUADS
        picks.append((by_count[0], 4))
    elif most == 3 and size == 5 and pairs(by_count[0]):
        category = FULL_HOUSE
        picks += [(by_count[0], 3), (pairs(by_count[0])[0], 2)]
    elif top >= 0:
        category = STRAIGHT
        picks += [(r, 1) for r in _STRAIGHT_RANKS[top]]
    elif most == 3:
        category = TRIPS
        picks.append((by_count[0], 3))
    elif most == 2 and len(pairs(-1)) >= 2 and size >= 4:
        category = TWO_PAIR
        high, low = pairs(-1)[:2]
        picks += [(high, 2), (low, 2)]
    elif most == 2:
        category = PAIR
        picks.append((by_count[0], 2))
    else:
        category = HIGH_CARD
    used = {r for r, _ in picks}
    laid = sum(k for _, k in picks)
    for r in present:
        if laid >= size:
            break
        if r not in used:
            picks.append((r, 1))
            laid += 1
    positions = [start[r] + counts[r] - 1 - k for r, many in picks for k in range(many)]
    return category, _getter(positions)


def _flush_hand(idx: list[int], counts_key: int, suit_counts: int) -> Hand:
    """The best hand of cards (sorted, no jokers) of which at least five share a suit."""
    best: tuple[int, ...] = ()
    best_category = FLUSH
    for s in range(3, -1, -1):
        if (suit_counts >> 5 * s) & 31 < 5:
            continue
        suited = [i for i in reversed(idx) if i & 3 == s]
        top = _straight_top(sum(1 << (i >> 2) for i in suited))
        if top >= 0:
            laid = tuple((r << 2) | s for r in _STRAIGHT_RANKS[top])
            category = ROYAL_FLUSH if top == 12 else STRAIGHT_FLUSH
            if category > best_category or laid[0] >> 2 > best[0] >> 2:
                best, best_category = laid, category
        elif best_category == FLUSH:
            laid = tuple(suited[:5])
            # Ranks first, then the suit: the indexes of one suit order like their ranks.
            if not best or [i >> 2 for i in laid] > [i >> 2 for i in best]:
                best = laid
    if best_category == FLUSH:
        found = _PATTERNS.get(counts_key)
        if found is None:
            found = _PATTERNS[counts_key] = _pattern(counts_key)
        if found[0] > FLUSH:
            return Hand(found[0], found[1](idx))
    return Hand(best_category, best)


def _natural_hand(idx: list[int]) -> Hand:
    """The best hand of distinct natural cards, given as sorted indexes."""
    packed = sum(map(_PACK.__getitem__, idx))
    counts_key = packed & _RANK_COUNTS
    if (packed >> _SUIT_SHIFT) + _FLUSH_ADD & _FLUSH_BITS:
        return _flush_hand(idx, counts_key, packed >> _SUIT_SHIFT)
    found = _PATTERNS.get(counts_key)
    if found is None:
        found = _PATTERNS[counts_key] = _pattern(counts_key)
    return Hand(found[0], found[1](idx))


# ---------------------------------------------------------------- hands with wild jokers
#
# From the top category down, ask whether the jokers can complete it, and if so lay the
# best such hand. A category is only reached when every higher one is out of reach, which
# is what keeps the jokers' cards (and the kickers) from making something higher still.


class _Wild:
    """The natural cards and the number of jokers, in the shapes the search needs."""

    def __init__(self, naturals: list[int], jokers: int) -> None:
        self.naturals = sorted(naturals, reverse=True)
        self.jokers = jokers
        self.n = len(naturals) + jokers
        self.size = min(5, self.n)
        self.count = [0] * 13
        self.suits_of = [0] * 13  # bit s set when the rank's card of suit s is here
        self.ranks_in = [0] * 4  # bit r set when the suit's card of rank r is here
        for i in naturals:
            r, s = i >> 2, i & 3
            self.count[r] += 1
            self.suits_of[r] |= 1 << s
            self.ranks_in[s] |= 1 << r
        self.present = set(naturals)

    def suits(self, rank: int, many: int) -> list[int] | None:
        """The `many` best cards of `rank` (here or stood in for), or None if short of jokers.

        Only used where every card of the rank is laid or no joker is left over, so natural
        cards come first and jokers take the highest absent suits.
        """
        here = [s for s in (3, 2, 1, 0) if self.suits_of[rank] >> s & 1]
        if len(here) >= many:
            return [(rank << 2) | s for s in here[:many]]
        absent = [s for s in (3, 2, 1, 0) if not self.suits_of[rank] >> s & 1]
        chosen = sorted(here + absent[: many - len(here)], reverse=True)
        return [(rank << 2) | s for s in chosen]

    def kickers(self, many: int, used_ranks: set[int], jokers_left: int) -> list[int]:
        """The `many` best single cards of ranks not used: natural cards or spare jokers."""
        chosen: list[int] = []
        used = set(used_ranks)
        naturals = [i for i in self.naturals if i >> 2 not in used]
        k = 0
        while len(chosen) < many:
            natural = naturals[k] if k < len(naturals) else -1
            stand_in = -1
            if jokers_left:
                for r in range(12, -1, -1):
                    if r in used or self.suits_of[r] == 15:
                        continue
                    s = next(s for s in (3, 2, 1, 0) if not self.suits_of[r] >> s & 1)
                    stand_in = (r << 2) | s
                    break
            if natural < 0 and stand_in < 0:
                break
            if natural > stand_in:
                chosen.append(natural)
                k += 1
            else:
                chosen.append(stand_in)
                jokers_left -= 1
            used.add(chosen[-1] >> 2)
        return chosen

    def needed(self, rank: int, many: int) -> int:
        return max(0, many - self.count[rank])

    # Each method returns the laid cards (as indexes) of the best hand of its category, or
    # None when the category is out of reach.

    def straight_flush(self) -> list[int] | None:
        if self.n < 5:
            return None
        for top, needed in _STRAIGHT_MASKS.items():
            for s in (3, 2, 1, 0):
                if (needed & ~self.ranks_in[s]).bit_count() <= self.jokers:
                    return [(r << 2) | s for r in _STRAIGHT_RANKS[top]]
        return None

    def quads(self) -> list[int] | None:
        if self.n < 4:
            return None
        for r in range(12, -1, -1):
            need = self.needed(r, 4)
            if need <= self.jokers:
                laid = [(r << 2) | s for s in (3, 2, 1, 0)]
                return laid + self.kickers(self.size - 4, {r}, self.jokers - need)
        return None

    def full_house(self) -> list[int] | None:
        if self.n < 5:
            return None
        for t in range(12, -1, -1):
            need = self.needed(t, 3)
            if need > self.jokers:
                continue
            for p in range(12, -1, -1):
                if p != t and need + self.needed(p, 2) <= self.jokers:
                    return [*(self.suits(t, 3) or ()), *(self.suits(p, 2) or ())]
        return None

    def flush(self) -> list[int] | None:
        if self.n < 5:
            return None
        best: list[int] | None = None
        for s in (3, 2, 1, 0):
            if self.ranks_in[s].bit_count() + self.jokers < 5:
                continue
            laid: list[int] = []
            jokers = self.jokers
            for r in range(12, -1, -1):
                if self.ranks_in[s] >> r & 1:
                    laid.append((r << 2) | s)
                elif jokers:
                    laid.append((r << 2) | s)
                    jokers -= 1
                if len(laid) == 5:
                    break
            if best is None or [i >> 2 for i in laid] > [i >> 2 for i in best]:
                best = laid
        return best

    def straight(self) -> list[int] | None:
        if self.n < 5:
            return None
        for ranks in _STRAIGHT_RANKS.values():
            missing = sum(1 for r in ranks if not self.count[r])
            if missing > self.jokers:
                continue
            spare = self.jokers - missing
            laid: list[int] = []
            for r in ranks:
                here = self.suits_of[r]
                if not here:
                    laid.append((r << 2) | 3)
                    continue
                best_here = here.bit_length() - 1
                absent = [s for s in (3, 2, 1, 0) if not here >> s & 1]
                # A spare joker may stand in for a higher suit of a rank already here.
                if spare and absent and absent[0] > best_here:
                    laid.append((r << 2) | absent[0])
                    spare -= 1
                else:
                    laid.append((r << 2) | best_here)
            return laid
        return None

    def trips(self) -> list[int] | None:
        if self.n < 3:
            return None
        for r in range(12, -1, -1):
            need = self.needed(r, 3)
            if need <= self.jokers:
                laid = self.suits(r, 3) or []
                return laid + self.kickers(self.size - 3, {r}, self.jokers - need)
        return None

    def two_pair(self) -> list[int] | None:
        if self.n < 4:
            return None
        for a in range(12, -1, -1):
            need = self.needed(a, 2)
            if need > self.jokers:
                continue
            for b in range(a - 1, -1, -1):
                both = need + self.needed(b, 2)
                if both <= self.jokers:
                    laid = [*(self.suits(a, 2) or ()), *(self.suits(b, 2) or ())]
                    return laid + self.kickers(self.size - 4, {a, b}, self.jokers - both)
        return None

    def pair(self) -> list[int] | None:
        if self.n < 2:
            return None
        for r in range(12, -1, -1):
            need = self.needed(r, 2)
            if need <= self.jokers:
                laid = self.suits(r, 2) or []
                return laid + self.kickers(self.size - 2, {r}, self.jokers - need)
        return None

    def high_card(self) -> list[int]:
        return self.kickers(self.size, set(), self.jokers)

    def best(self) -> tuple[Category, list[int]]:
        laid = self.straight_flush()
        if laid is not None:
            return (ROYAL_FLUSH if laid[0] >> 2 == 12 else STRAIGHT_FLUSH), laid
        searches: list[tuple[Category, Callable[[], list[int] | None]]] = [
            (QUADS, self.quads),
            (FULL_HOUSE, self.full_house),
            (FLUSH, self.flush),
            (STRAIGHT, self.straight),
            (TRIPS, self.trips),
            (TWO_PAIR, self.two_pair),
            (PAIR, self.pair),
        ]
        for category, search in searches:
            laid = search()
            if laid is not None:
                return category, laid
        return HIGH_CARD, self.high_card()


def _wild_hand(naturals: list[int], jokers: list[Card]) -> Hand:
    category, laid = _Wild(naturals, len(jokers)).best()
    present = set(naturals)
    stand_ins = [i for i in laid if i not in present]
    jokers_as = dict(zip(sorted(jokers), (_CARD_AT[i] for i in stand_ins), strict=False))
    return Hand(category, tuple(laid), jokers_as)


# ---------------------------------------------------------------- the public functions


def best_hand(cards: Iterable[Card], wild_jokers: bool = True) -> Hand:
    """The best hand of at most five of `cards` (any number of distinct cards).

    Jokers are wild by default; with `wild_jokers=False` they are left out (see the module's
    notes). Raises ValueError for no cards or a card given twice.
    """
    cards = list(cards)
    idx = sorted(map(_INDEX, cards))
    if len(set(idx)) != len(idx):
        raise ValueError("a card is given twice: " + " ".join(str(c) for c in cards))
    if not idx:
        raise ValueError("no cards to make a hand of")
    if idx[-1] < 52:
        return _natural_hand(idx)
    naturals = [i for i in idx if i < 52]
    if not wild_jokers:
        if not naturals:
            raise ValueError("jokers that are not wild make no hand")
        return _natural_hand(naturals)
    jokers = [c for c in cards if c.is_joker]
    if len(naturals) + len(jokers) > 52:
        raise ValueError("more cards than a pack holds")
    return _wild_hand(naturals, jokers)


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

