"""Figures at their edges said as the table says them: one card is "1 card", a model placed
is "on the table", a count the modifiers take below one card says the least is drawn."""

from __future__ import annotations

import pytest

from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Deploy,
    LoadScenario,
    MakeAttack,
    Recruit,
    Reshuffle,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.state import Format
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.rules import RuleError
from tests.dead_mans_hand.helpers import Table


def a_game_of_two() -> Table:
    return Table(ChooseFormat(Format.SINGLE), Recruit("red", "Ann", 8, 1, ("pistol",)),
                 Recruit("black", "Bob", 8, 1, ("pistol",)), SetUpGame("5h"))


def test_the_set_up_card_alone_shuffled_back_is_one_card() -> None:
    """Line 23's card goes to the discard; shuffled back alone it read "(1 cards)"."""
    table = a_game_of_two()
    table.do(Deploy("Ann"))
    table.do(Deploy("Bob"))
    events = table.do(Reshuffle())
    assert table.rules.describe(events[0]) == (
        "The discard (1 card) is shuffled back into the pile.")


def test_a_model_placed_twice_is_already_on_the_table() -> None:
    """Line 23: each model is placed once; the refusal read "Ann is on table"."""
    table = a_game_of_two()
    table.do(Deploy("Ann"))
    with pytest.raises(RuleError, match="Ann is already on the table, not waiting to be "
                                        "placed"):
        table.do(Deploy("Ann"))


def test_the_log_says_the_least_card_an_attack_draws() -> None:
    """Lines 67-73: the Big Oaf moved quick (-1) and shoots the Sly Shooter in cover (-1):
    his Pistol's 2 comes to 0, and he draws one card, the least. The log read "power 2 -1
    moved more than 10 yards -1 target in cover: K♠", a sum that came to none."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                  Deploy("Sly Shooter"), UseModel("Big Oaf", Move.QUICK))
    events = table.do(MakeAttack("Sly Shooter", "pistol", 10, ("Ks",), cover=True))
    assert table.rules.describe(events[0]).endswith(
        "power 2 -1 target in cover -1 moved more than 10 yards = 0, but an attack draws at "
        "least 1 card: K♠.")
