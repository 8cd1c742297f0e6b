"""A table dealing its own pack types what it drew (module lines 29-39): a new round's
initiative and hands, refused when a card typed cannot have come off the Draw Deck, in
words that say where that card lies and fit the form's foot at 80 columns."""

from __future__ import annotations

from gmscreen.games.devils_bluff.commands import Attack, StartRound
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from tests.devils_bluff.helpers import one_off, unshuffled
from tests.devils_bluff.test_game import attack_ready, refused
from tests.devils_bluff.test_typed import played_out


def test_a_card_held_last_round_typed_into_a_new_hand_lies_in_the_discard_pile() -> None:
    # module line 37: the hands are discarded once initiative is settled, then five are
    # dealt; a card Ma held last round is in the discard pile by the deal, whether or not
    # another field has a slip too
    table = played_out(one_off())
    free = [c.code for c in table.state.deck.order]
    old = table.state.hand(HENDRY)[0].code
    hands = ((HENDRY, " ".join([old, *free[5:9]])), (COLE, " ".join(free[9:14])))
    alone = refused(table, StartRound(unshuffled(), typed=(
        (HENDRY, " ".join(free[0:2])), (COLE, " ".join(free[2:4]))), hands=hands),
        "Draw Deck")
    with_slip = refused(table, StartRound(unshuffled(), typed=(
        (HENDRY, f"{free[0]} Qz"), (COLE, " ".join(free[2:4]))), hands=hands), "Draw Deck")
    for said in (alone.message, with_slip.message):
        assert (f"{HENDRY}'s hand: the 1st card is not in the Draw Deck (it is in the "
                "discard pile)") in said, said
        assert "in a hand" not in said, said


def test_the_cards_of_a_field_not_in_the_draw_deck_are_told_together() -> None:
    # a Dealer who typed last round's hands again: each field says in one clause which
    # of its cards lie in the discard pile, so the refusal of the whole round reads in the
    # form's three lines at 80 columns; the hands, typed unseen, still by place alone
    table = played_out(one_off())
    free = [c.code for c in table.state.deck.order]
    gone = [c.code for c in table.state.deck.discards]
    hands = ((HENDRY, " ".join([gone[0], free[5], gone[1], *free[6:8]])),
             (COLE, " ".join([gone[2], gone[3], *free[9:12]])))
    error = refused(table, StartRound(unshuffled(), typed=(
        (HENDRY, " ".join(free[0:2])), (COLE, " ".join(free[2:4]))), hands=hands),
        "Draw Deck")
    assert error.message == (
        f"{HENDRY}'s hand: the 1st and 3rd cards are not in the Draw Deck (they are in "
        f"the discard pile); {COLE}'s hand: the 1st and 2nd cards are not in the Draw "
        "Deck (they are in the discard pile)")
    assert error.field == "hand0"
    assert len(f"{error.rule}: {error.message}") <= 3 * 74
    # an attack's cards, typed in sight, are named
    table, shooter, target = attack_ready()
    first, second = table.state.deck.discards[:2]
    error = refused(table, Attack(shooter, target, typed=f"{first.code} {second.code}"),
                    "Draw Deck")
    assert error.message.startswith(f"{first} and {second} are not in the Draw Deck "
                                    "(they are in the discard pile)"), error.message
