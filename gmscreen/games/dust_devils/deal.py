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
  The Devil coming into play (l.117) is another thing, and counts on top: the rating stands
  in for the attribute at 0 (l.321), and the Dealer may still move the Deal by the whole
  rating for or against, as the book urges a last conflict to involve the Devil (l.329).
  Luke (Devil 2) at Guts 0 with Heart 3 is dealt 5, 7 with his Devil for him, 3 against.
- The Dealer's stud hand is 3, 5 or 7 cards; a Chip the Dealer awards gives it (or an
  important non-player character's hand) one more card, at most one a hand, like a player's.
- In the Draw a hand changes up to one relevant Knack's rating, plus one for a Chip (a
  player's own or the Dealer's award), plus the Devil rating for a character at 0. Without a
  Knack, a Chip or a 0, it draws nothing.
- The Draw the app offers (and the win chances assume) keeps the best combination and a
  four-card flush draw or four ranks in a row (ace high or low) that could beat it, when a
  card outside them is left to throw; the lowest of the rest go. An inside straight is no
  draw, and a draw with nothing outside it to throw is dead (`plain_throw`).
- One pack serves a conflict, and the book never says what happens when it runs out: a
  conflict whose hands are due more than its 54 cards is refused as it opens, and a Draw
  changes no more cards than the pack has left, since the cards thrown are not shuffled
  back (a table dealing all 54 plays on with what it holds: every hand stands pat). The
  win chances (`odds`) deal every hand first and let the draws share what is left.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from random import Random

from gmscreen.core.cards import Card, card_codes, cards_from_codes, standard_cards
from gmscreen.core.poker import Category, Hand, best_hand
from gmscreen.core.text import plural
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
        raise RuleError("The Draw", pack_short(len(pack)), field="discards")
    return tuple(pack[:count])


def pack_short(left: int) -> str:
    """Why a Draw takes no more cards than the pack has left."""
    if not left:
        return (f"the pack is empty: all {PACK_SIZE} cards are dealt or drawn in this "
                "conflict, so every hand stands pat")
    return (f"only {plural(left, 'card')} {'is' if left == 1 else 'are'} left in the "
            f"pack (one pack of {PACK_SIZE} cards)")


def plain_discards(held: Sequence[str], limit: int) -> tuple[str, ...]:
    """The plain play at the Draw, offered to the Dealer (see `plain_throw`)."""
    return tuple(card_codes(plain_throw(cards_from_codes(held), limit)))


def plain_throw(cards: Sequence[Card], limit: int, best: Hand | None = None) -> list[Card]:
    """The plain play at the Draw (offered to the Dealer, and assumed by the win chances):
    up to `limit` of the lowest cards outside what the hand keeps, never a joker. It keeps
    its best combination (`best`, when the caller has it), and a four-card flush draw or
    four ranks in a row that could beat it, as long as a card is left to throw for them (a
    draw with nothing to throw is dead, and the combination is drawn to as before). An
    inside straight is no draw."""
    if limit <= 0:
        return []
    thrown = thrown_bits(cards, limit, best or best_hand(cards))
    return sorted((c for c in cards if not c.is_joker and thrown >> c.index & 1),
                  key=lambda c: c.index)


# The plain throw on cards as bits: bit 4 * (rank - 2) + (suit - 1) is a card (its
# `Card.index`), so a rank's cards are a nibble.
#: the cards of each suit
_SUIT_CARDS = [sum(1 << 4 * r + s for r in range(13)) for s in range(4)]
#: the lowest bit of each rank's nibble
_RANK_BITS = sum(1 << 4 * r for r in range(13))
#: four ranks in a row (2 to 14), the highest first, the ace low last; each as the lowest
#: bits of its ranks' nibbles
_RUNS = [sum(1 << 4 * (r - 2) for r in run) for run in (
    *(range(top - 3, top + 1) for top in range(14, 4, -1)), (14, 2, 3, 4))]


def thrown_bits(hand: Sequence[Card], limit: int, best: Hand) -> int:
    """The cards `plain_throw(hand, limit, best)` throws, as bits of their indexes: worked
    out on bits, as the win chances ask it tens of thousands of times."""
    cards = jokers = 0
    for card in hand:
        if card.joker:
            jokers += 1
        else:
            cards |= 1 << card.index
    kept = 0
    for card in best.counted_cards[: best.category.size]:
        kept |= 1 << card.index
    kept &= cards  # a joker's stand-in is no card of the hand, and never thrown
    short = 4 - jokers  # the cards a draw needs beside the jokers
    if best.category < Category.FLUSH and cards:
        # the suit with the most cards; between as many, the one with the highest card
        suited = max([cards & suit for suit in _SUIT_CARDS],
                     key=lambda run: run.bit_count() << 6 | run.bit_length())
        if suited.bit_count() >= short and cards & ~kept & ~suited:
            kept |= suited
    if best.category < Category.STRAIGHT:
        ranks = (cards | cards >> 1 | cards >> 2 | cards >> 3) & _RANK_BITS
        run = next((run for run in _RUNS if (ranks & run).bit_count() >= short), 0)
        draw = 0
        run &= ranks
        while run:  # a card of each rank: one already kept where there is one, the lowest
            low = run & -run
            at = low.bit_length() - 1
            here = cards >> at & 15
            pick = here & kept >> at or here
            draw |= (pick & -pick) << at
            run ^= low
        if cards & ~kept & ~draw:
            kept |= draw
    loose = cards & ~kept
    thrown = 0
    for _ in range(limit):  # the lowest of the rest
        if not loose:
            break
        low = loose & -loose
        thrown |= low
        loose ^= low
    return thrown
