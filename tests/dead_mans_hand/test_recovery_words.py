"""Line 153: a recovery draw that ends in death says why, so the table never reaches for the
book when a Queen, which saves a model on a 7, fails to save one lying on a King."""

from __future__ import annotations

import pytest

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import DrawForTheFallen, LeaveTable
from gmscreen.games.dead_mans_hand.events import RecoveryDrawn
from gmscreen.games.dead_mans_hand.log import recovery_drawn
from gmscreen.games.dead_mans_hand.rules import RULES
from gmscreen.games.dead_mans_hand.showdown import fate
from gmscreen.games.dead_mans_hand.weapons import Move
from tests.dead_mans_hand.test_showdown import first_game


@pytest.mark.parametrize(("coffin", "drawn", "said"), [
    ("7h", "7c", "pulls through"),
    ("7h", "Qc", "pulls through"),
    ("Kh", "Qd", "is stone dead: a King for a coffin card is death whatever is drawn"),
    ("*", "Kd", "is stone dead: a Joker for a coffin card is death whatever is drawn"),
    ("7h", "6c", "is stone dead: 6 is below the 7 of the coffin card"),
    ("2h", "Ac", "is stone dead: an Ace is neither a number nor a picture card"),
    ("2h", "*", "is stone dead: a Joker is neither a number nor a picture card"),
])
def test_each_fate_says_the_rule_that_decided_it(coffin: str, drawn: str, said: str) -> None:
    assert fate(coffin, drawn) == said


def test_the_log_says_why_a_queen_did_not_save_a_model_lying_on_a_king() -> None:
    """Stubby went down on the King of hearts: the draws for the fallen bury him with no
    card (a Queen would have saved anybody else). A journal written before that reading
    holds a card drawn for him, and its line still says why it did not save him."""
    table = first_game()
    table.do(LeaveTable("Long Tom", Move.QUICK))
    saved, buried = table.do(DrawForTheFallen((("Quickdraw", "9d"),)))
    assert RULES.describe(saved) == "Quickdraw, lying on 9♠, draws 9♦ and pulls through."
    assert RULES.describe(buried) == (
        "Stubby, lying on K♥, is stone dead: a King for a coffin card is death, so no card "
        "is drawn.")
    older = RecoveryDrawn("Stubby", "black", "Qd", "Kh", recovered=False)
    assert recovery_drawn(older) == (
        "Stubby, lying on K♥, draws Q♦ and is stone dead: a King for a coffin card is death "
        "whatever is drawn.")


def test_the_recovery_form_says_the_same_before_the_card_is_sent() -> None:
    table = first_game()
    table.do(LeaveTable("Long Tom", Move.QUICK))
    assert view.recovery_line(table.state, "Quickdraw", "8c") == (
        "Quickdraw, lying on 9♠, draws 8♣ and is stone dead: 8 is below the 9 of the coffin "
        "card.")


def test_a_model_on_the_joker_is_told_lying_on_the_joker() -> None:
    """Everywhere else a model goes down "on the Joker" (the card's line, the log); its
    burial and its draw read "lying on Joker", as if Joker were a place."""
    from gmscreen.games.dead_mans_hand.events import ModelBuried
    from gmscreen.games.dead_mans_hand.log import model_buried

    assert model_buried(ModelBuried("Doc", "red", "*")) == (
        "Doc, lying on the Joker, is stone dead: a Joker for a coffin card is death, so no "
        "card is drawn.")
    older = RecoveryDrawn("Doc", "red", "9c", "*", recovered=False)
    assert recovery_drawn(older).startswith("Doc, lying on the Joker, draws 9♣")
