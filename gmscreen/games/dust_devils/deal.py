"""How many cards each hand gets in the Deal, and how many it may change in the Draw.

Readings where the book leaves room (each one tested in tests/dust_devils/test_deal.py):

- The Devil changes the Deal by its whole rating, up or down as the Dealer decides (Zeke's 2
  is two cards either way), or not at all when it stays out of the conflict.
- A trait that fits the way the conflict is met gives one card, however many of the
  character's traits fit (McCreedy's dynamite is crazy and, maybe, strong: one card);
  a character with no trait on its sheet gets none (`conflict` refuses it).
- A hand is never dealt fewer than one card, however far the Devil takes it down: a
  character in a conflict always holds something to lay. The floor is of what the
  attributes and the Devil make: a trait's card, a Chip's and the winner's card are each
  one more on top of it (an extra card is one more than the hand would hold, so a Chip
  paid always buys its card).
- An attribute at 0 counts as the Devil rating in the Deal (twice the rating when both
  chosen attributes are 0), and adds the Devil rating to the Draw once, even when both are 0.
- The Dealer's stud hand is 3, 5 or 7 cards; a Chip the Dealer awards gives it (or an
  important non-player character's hand) one more card, at most one a hand, like a player's.
- In the Draw a hand changes up to one relevant Knack's rating, plus one for a Chip (a
  player's own or the Dealer's award), plus the Devil rating for a character at 0. Without a
  Knack, a Chip or a 0, it draws nothing.
- The Draw the app offers (and the win chances assume) keeps the best combination and a
  four-card flush draw or four ranks in a row (ace high or low) that could beat it, when a
  card outside them is left to throw; the lowest of the rest go. An inside straight is no
  draw, and a draw with nothing outside it to throw is dead (`plain_throw`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from random import Random

from gmscreen.core.cards import Card, Suit, card_codes, cards_from_codes, standard_cards
from gmscreen.core.poker import Category, Hand, best_hand
from gmscreen.journal.rules import RuleError

#: the sizes of the Dealer's stud hand: minor, usual, hazardous conflicts
STUD_SIZES = (3, 5, 7)
STUD_NAMES = {3: "Three Card Stud", 5: "Five Card Stud", 7: "Seven Card Stud"}
#: the cards of a pack with both jokers
PACK_SIZE = 54


def rating_in_deal(value: int, devil_rating: int) -> int:
    """What an attribute's current value counts for in the Deal: the Devil rating at 0."""
    return devil_rating if value == 0 else value


def cards_in_deal(
    first: int,
    second: int,
    devil_rating: int,
    *,
    trait: bool = False,
    devil: int = 0,
    chip: bool = False,
    won_last: bool = False,
) -> int:
    """The cards a character is dealt from the current values of its two chosen attributes.

    `trait`: one more for a trait that fits; `devil`: the Dealer's change for the Devil, the
    Devil rating either way or 0; `chip`: one bought with a Chip; `won_last`: one for a
    winner of the conflict just before (the optional rule).
    """
    if devil not in (-devil_rating, 0, devil_rating):
        raise RuleError("The Devil's due", f"the Devil changes the Deal by its rating "
                        f"({devil_rating}) one way or the other, or not at all; not "
                        f"{devil:+d}", field="devil")
    # the floor of one card is under the Devil's bite; the extra cards come on top of it
    return (devils_deal(first, second, devil_rating, devil)
            + int(trait) + int(chip) + int(won_last))


def devils_deal(first: int, second: int, devil_rating: int, devil: int) -> int:
    """The cards two attributes and the Devil's sway make, before any extra card: never
    fewer than one."""
    return max(rating_in_deal(first, devil_rating) + rating_in_deal(second, devil_rating)
               + devil, 1)


def stud_cards(size: int, *, chip: bool = False) -> int:
    """The cards of the Dealer's stud hand: 3, 5 or 7, and one more for an awarded Chip."""
    if size not in STUD_SIZES:
        raise RuleError("Stud hand", f"the Dealer's stud hand is 3, 5 or 7 cards, not {size}",
                        field="stud")
    return size + int(chip)


def draw_limit(knack: int = 0, *, chip: bool = False, devil_at_zero: int = 0) -> int:
    """How many cards a hand may discard and redraw.

    `knack`: the rating of the one relevant Knack used (0 for none); `chip`: one more bought
    (or awarded by the Dealer); `devil_at_zero`: the Devil rating of a character using an
    attribute at 0, otherwise 0.
    """
    return knack + int(chip) + devil_at_zero


def full_pack() -> list[str]:
    """The 54 cards of a pack with both jokers, as journal codes."""
    return [card.code for card in standard_cards(jokers=2)]


def deal_hands(rng: Random, counts: Mapping[str, int]) -> dict[str, tuple[str, ...]]:
    """A pack shuffled anew, dealt in turn to each hand: `counts` by name."""
    pack = full_pack()
    rng.shuffle(pack)
    hands: dict[str, tuple[str, ...]] = {}
    for name, count in counts.items():
        hands[name], pack = tuple(pack[:count]), pack[count:]
    return hands


def draw_from_pack(rng: Random, seen: Iterable[str], count: int) -> tuple[str, ...]:
    """`count` cards from what is left of this conflict's pack (`seen` are out of it)."""
    left = Counter(full_pack())
    left.subtract(Counter(seen))
    pack = sorted(left.elements())
    rng.shuffle(pack)
    if count > len(pack):
        raise RuleError("The Draw", f"only {len(pack)} cards are left in the pack",
                        field="discards")
    return tuple(pack[:count])


def plain_discards(held: Sequence[str], limit: int) -> tuple[str, ...]:
    """The plain play at the Draw, offered to the Dealer (see `plain_throw`)."""
    return tuple(card_codes(plain_throw(cards_from_codes(held), limit)))


#: four ranks in a row, the highest first; the ace low in the last; each with its ranks as
#: bits, so a hand's ranks are counted against it at once (the win chances ask 30,000 times)
_RUNS = tuple((run, sum(1 << r for r in run)) for run in (
    *(tuple(range(top - 3, top + 1)) for top in range(14, 4, -1)), (14, 2, 3, 4)))


def plain_throw(cards: Sequence[Card], limit: int, best: Hand | None = None) -> list[Card]:
    """The plain play at the Draw (offered to the Dealer, and assumed by the win chances):
    up to `limit` of the lowest cards outside what the hand keeps, never a joker. It keeps
    its best combination (`best`, when the caller has it), and a four-card flush draw or
    four ranks in a row that could beat it, as long as a card is left to throw for them (a
    draw with nothing to throw is dead, and the combination is drawn to as before). An
    inside straight is no draw."""
    if limit <= 0:
        return []
    best = best or best_hand(cards)
    kept = {c.index for c in best.combination}
    real = [c for c in cards if not c.is_joker]
    short = 4 - (len(cards) - len(real))  # the cards a draw needs beside the jokers
    by_rank: dict[int | None, list[Card]] = {}
    by_suit: dict[Suit | None, list[Card]] = {}
    for c in real:
        by_rank.setdefault(c.rank, []).append(c)
        by_suit.setdefault(c.suit, []).append(c)

    def keep_if_alive(draw: set[int]) -> None:
        if any(c.index not in kept and c.index not in draw for c in real):
            kept.update(draw)

    if best.category < Category.FLUSH and by_suit:
        suited = max(by_suit.values(), key=lambda run: (len(run), max(run)))
        if len(suited) >= short:
            keep_if_alive({c.index for c in suited})
    if best.category < Category.STRAIGHT:
        ranks = sum(1 << r for r in by_rank if r is not None)
        run = next((run for run, bits in _RUNS if (ranks & bits).bit_count() >= short), ())
        # a card of each rank, one already kept where there is one
        keep_if_alive({min(by_rank[r], key=lambda c: (c.index not in kept, c.index)).index
                       for r in run if r in by_rank})
    throw = sorted((c for c in real if c.index not in kept), key=lambda c: c.index)
    return throw[:limit]
