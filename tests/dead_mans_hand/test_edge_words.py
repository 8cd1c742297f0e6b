"""Figures at their edges said as the table says them: one card is "1 card", a model placed
is "on the table"."""

from __future__ import annotations

import pytest

from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Deploy,
    Recruit,
    Reshuffle,
    SetUpGame,
)
from gmscreen.games.dead_mans_hand.state import Format
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
