"""The Draw Deck: what a card is worth, drawing with a reshuffle, and a test by the top card.

Devils Bluff swaps the d12 for a pack of 52 without jokers. A card's face value is the roll:
Ace 1, two to ten as printed, Jack 11, Queen 12, King 13. A drawn card goes to the discard
pile; when a card is needed and the draw pile is empty, the discard pile is shuffled into a
new draw pile.

Randomness stays outside the rules: a shuffle arrives as a permutation (`order_by`) chosen by
the app from a seeded generator, and the order it produces is what the journal records, so
replaying never shuffles again. A table playing with its own pack types the cards it drew
instead (see `Dealing`).

Readings of points the books leave open (each has a test):

- A test passes when the card's value plus its modifiers is at least the attribute (the
  Open Fire rule, low attributes are good).
- The dice cap of 1..12 bounds a modified result (the core: a roll is never modified above
  12 nor below 1), applied after the modifiers to the card's own value of 1..13: a King
  with -4 is 9, a Queen with -4 is 8, a King with +3 is 12. A card drawn with no modifier
  is its face value, so a King is 13, as the module says (no attribute is above 12, so no
  test turns on it). The campaign setting "king_capped_first" makes the King a 12 before
  the modifiers instead. Where a cap lowered the number, the steps of a test say so
  (`cap_note`).
- A drawn card is never a critical success, not even a King: only a played hand is.
- No version of the rules has a critical failure, so there is none. A drawn Ace counts 1
  and a bonus may lift it to a pass; the setting "ace_fails" makes it always fail, as the
  later rules' 1 does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import NamedTuple

from gmscreen.core.cards import Card, Deck, standard_cards
from gmscreen.core.text import plural

#: the dice range Open Fire caps a modified roll to
LOWEST, HIGHEST = 1, 12


def card_value(card: Card) -> int:
    """The face value of a card as a roll: Ace 1, Jack 11, Queen 12, King 13."""
    if card.rank is None:
        raise ValueError("the Draw Deck has no jokers")
    return 1 if card.rank == 14 else card.rank


def result_of(card: Card, modifier: int, *, king_capped_first: bool = False) -> int:
    """The card's value with the modifier, a modified result capped to 1..12 (see the
    module's readings): an unmodified King is 13."""
    value = card_value(card)
    if king_capped_first:
        value = min(value, HIGHEST)
    if not modifier:
        return value
    return max(LOWEST, min(HIGHEST, value + modifier))


def cap_note(card: Card, modifier: int, *, king_capped_first: bool = False,
             ace_fails: bool = False) -> str:
    """Why a cap took a test's result below the card's value with the modifier ("capped
    from 16", "King as 12"), or "" where none did: so a King never reads as 12
    unexplained. A result raised to 1 needs no word: the modifier is given beside it, and
    1 is plainly the lowest. Where the table agreed an Ace always fails, an Ace says so
    ("an Ace fails"): its result with a bonus may reach the attribute, and the failure
    beside it would read as a mistake."""
    if ace_fails and card_value(card) == LOWEST:
        return "an Ace fails"
    if king_capped_first and card_value(card) > HIGHEST:
        return f"King as {HIGHEST}"
    raw = card_value(card) + modifier
    if result_of(card, modifier, king_capped_first=king_capped_first) < raw:
        return f"capped from {raw}"
    return ""


def shown_result(card: Card, modifier: int, *, king_capped_first: bool = False,
                 ace_fails: bool = False) -> str:
    """A test's result as its steps show it: "13", "12 (capped from 16)", "9 (an Ace
    fails)"."""
    result = result_of(card, modifier, king_capped_first=king_capped_first)
    note = cap_note(card, modifier, king_capped_first=king_capped_first, ace_fails=ace_fails)
    return f"{result} ({note})" if note else str(result)


def passes(card: Card, attribute: int, modifier: int = 0, *,
           king_capped_first: bool = False, ace_fails: bool = False) -> bool:
    """Whether a drawn card passes a test against `attribute` (result at least it)."""
    if ace_fails and card_value(card) == LOWEST:
        return False
    return result_of(card, modifier, king_capped_first=king_capped_first) >= attribute


def unseen(deck: Deck) -> tuple[Card, ...]:
    """The cards that could come next, as the whole table knows them.

    The next card is the top of the draw pile. Both players see the screen, and the hands
    lie face down: a card in a hand is as unknown to the table as one in the draw pile. So
    while the draw pile holds cards, the next is any card of the pack not lying face up in
    the discard pile; with the draw pile empty (its count is in sight) the discard pile is
    shuffled into a new one, so it is any discarded card.
    """
    if not deck.order:
        return deck.discards
    face_up = set(deck.discards)
    return tuple(card for card in standard_cards() if card not in face_up)


def chance_to_pass(deck: Deck, attribute: int, modifier: int = 0, *,
                   king_capped_first: bool = False, ace_fails: bool = False
                   ) -> tuple[int, int]:
    """How many of the cards that could come next pass, and out of how many: counted
    from what the table knows (`unseen`), never from the draw pile's hidden make-up."""
    pool = unseen(deck)
    good = sum(passes(card, attribute, modifier, king_capped_first=king_capped_first,
                      ace_fails=ace_fails) for card in pool)
    return good, len(pool)


#: what an event that ran the Draw Deck out adds to its line (module line 33): the log's,
#: the Dealer's status and the players' screen's last line alike
RESHUFFLED = "; the Draw Deck ran out: the discard pile was shuffled into a new one"


def reshuffle_note(moves: Iterable[CardMove]) -> str:
    """RESHUFFLED when the event's draws shuffled the discards into a new Draw Deck (the
    table shuffles its own pile then too), else ""."""
    return RESHUFFLED if any(m.reshuffle is not None for m in moves) else ""


def shuffle_order(rng: Random) -> tuple[int, ...]:
    """A shuffle for a command: the positions 0..51 in an order drawn from `rng`."""
    order = list(range(52))
    rng.shuffle(order)
    return tuple(order)


def reshuffle_order(discards: Sequence[Card], order_by: Sequence[int]) -> tuple[Card, ...]:
    """The discard pile shuffled by a permutation: the discards at the positions `order_by`
    names, in that order, skipping positions past the pile's end.

    `order_by` must list every position of the pile once (a permutation of 0..51 serves any
    pile); a missing position is a ValueError, so no card is lost.
    """
    positions = [p for p in order_by if 0 <= p < len(discards)]
    if sorted(positions) != list(range(len(discards))):
        raise ValueError("the shuffle must name every card of the discard pile exactly once")
    return tuple(discards[p] for p in positions)


class Draw(NamedTuple):
    """Cards drawn from the top, the reshuffle they needed (or None) and the deck left."""

    cards: tuple[Card, ...]
    reshuffled: tuple[Card, ...] | None
    deck: Deck


def draw(deck: Deck, n: int, order_by: Sequence[int] = ()) -> Draw:
    """The next `n` cards; when the draw pile runs out on the way, the discard pile is
    shuffled by `order_by` into a new draw pile and drawing goes on. ValueError when a
    shuffle is needed and none was given, or when there are not `n` cards in all."""
    if n > len(deck.order) + len(deck.discards):
        raise ValueError(f"{n} cards are needed and only {len(deck.order) + len(deck.discards)}"
                         " are in the Draw Deck and the discard pile")
    if n <= len(deck.order):
        cards, left = deck.deal(n)
        return Draw(cards, None, left)
    if not order_by:
        raise ValueError("the Draw Deck runs out and no shuffle was given for the discards")
    first = deck.order
    order = reshuffle_order(deck.discards, order_by)
    rest, left = Deck(order).deal(n - len(first))
    return Draw(first + rest, order, left)


def after_draw(deck: Deck, cards: Sequence[Card], reshuffled: Sequence[Card] | None) -> Deck:
    """The deck after a recorded draw: how evolve replays `draw` without shuffling.

    The cards still in the draw pile come off it first; after a reshuffle the rest come
    off the new pile. ValueError when the record does not fit the deck.
    """
    if reshuffled is None:
        return deck.without(cards)
    before = [card for card in cards if card in deck.order]
    if len(before) != len(deck.order):
        raise ValueError("a reshuffle is recorded while cards were left in the Draw Deck")
    if sorted(reshuffled) != sorted(deck.discards):
        raise ValueError("the reshuffled pile is not the discard pile")
    return Deck(tuple(reshuffled)).without(card for card in cards if card not in before)


@dataclass(frozen=True)
class CardMove:
    """One move of cards an event records: a draw from the top (with the discard pile
    shuffled into a new Draw Deck on the way, when it ran out), or a discard."""

    draw: tuple[Card, ...] | None = None
    reshuffle: tuple[Card, ...] | None = None
    discard: tuple[Card, ...] | None = None


class TypedCardError(ValueError):
    """A card typed for `who` ("" for the command's one list) that cannot be drawn."""

    def __init__(self, who: str, message: str) -> None:
        super().__init__(message)
        self.who = who


class ShortOfCards(TypedCardError):
    """More cards are needed than were typed for `who`."""

    def __init__(self, who: str, typed: int) -> None:
        super().__init__(who, f"{plural(typed, 'card')} typed and more are "
                         "needed")
        self.typed = typed


@dataclass(frozen=True)
class Unavailable:
    """A card typed for `who` that the Draw Deck did not hold when it was to be drawn: the
    `place`-th card typed for `who` (from 1), and where it was: "the discard pile", face up,
    or "" for a hand, which a refusal never says (see `deck`'s readings)."""

    who: str
    place: int
    card: Card
    where: str


class Dealing:
    """The cards moved by one command: draws (with any reshuffle) and discards, in order.

    Used inside `decide` only. `moves` is what the event records and `apply_moves` replays.

    `typed` holds the cards a table drew from its own pack, by who drew them ("" when the
    command has one list): each draw then takes the next of them, wherever it lies in the
    draw pile (the app's order of the pile means nothing to that table), one move a card.
    When the pile runs out the discards are shuffled by `order_by` as always, so the app's
    pile and the table's hold the same cards. A typed card the pile does not hold is noted
    in `unavailable` and the draw goes on as if it were drawn (the pile keeps its cards),
    so that every such card of the command is found at once; the command is then refused.
    """

    def __init__(self, deck: Deck, order_by: Sequence[int] = (),
                 typed: Mapping[str, Sequence[Card]] | None = None) -> None:
        self.deck = deck
        self.order_by = order_by
        self.typed = None if typed is None else {who: list(c) for who, c in typed.items()}
        #: how many typed cards each drawer has used
        self.taken: dict[str, int] = {}
        self.moves: list[CardMove] = []
        #: the typed cards the pile did not hold, in the order they were to be drawn
        self.unavailable: list[Unavailable] = []

    def draw(self, n: int, who: str = "") -> tuple[Card, ...]:
        if self.typed is not None:
            return tuple(self._typed(who) for _ in range(n))
        drawn = draw(self.deck, n, self.order_by)
        self.deck = drawn.deck
        self.moves.append(CardMove(drawn.cards, drawn.reshuffled))
        return drawn.cards

    def _typed(self, who: str) -> Card:
        assert self.typed is not None
        queue = self.typed.setdefault(who, [])
        if not queue:
            raise ShortOfCards(who, self.taken.get(who, 0))
        card = queue.pop(0)
        self.taken[who] = self.taken.get(who, 0) + 1
        if card.is_joker:
            raise TypedCardError(who, "the Draw Deck has no jokers")
        reshuffled = None
        if not self.deck.order:
            if not self.order_by:
                raise ValueError("the Draw Deck runs out and no shuffle was given for the "
                                 "discards")
            reshuffled = reshuffle_order(self.deck.discards, self.order_by)
            self.deck = Deck(reshuffled)
        if card not in self.deck.order:
            where = "the discard pile" if card in self.deck.discards else ""
            self.unavailable.append(Unavailable(who, self.taken[who], card, where))
            return card
        self.deck = self.deck.without([card])
        self.moves.append(CardMove((card,), reshuffled))
        return card

    def left_over(self) -> dict[str, tuple[Card, ...]]:
        """Typed cards no draw took, by who typed them."""
        return {who: tuple(cards) for who, cards in (self.typed or {}).items() if cards}

    def discard(self, cards: Sequence[Card]) -> None:
        if cards:
            self.deck = self.deck.discard(cards)
            self.moves.append(CardMove(discard=tuple(cards)))


def apply_moves(deck: Deck, moves: Sequence[CardMove]) -> Deck:
    """The deck after the recorded moves of an event (see `Dealing`)."""
    for move in moves:
        if move.draw is not None:
            deck = after_draw(deck, move.draw, move.reshuffle)
        elif move.discard is not None:
            deck = deck.discard(move.discard)
    return deck
