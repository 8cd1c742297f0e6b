"""Round 29: the Dealer's preparation and bringing it to the table (docs/rules/devils-bluff.md,
"Preparation (round 29)"): a gun hired ahead and dropped before any game reads as a model
who left the gang, never as one who moved on after a game."""

from __future__ import annotations

import pytest

from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import (
    AgreeObjectives,
    ChooseSetUp,
    Dismiss,
    Enlist,
    FoundGang,
)
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, LEADER, Recruit
from gmscreen.journal.rules import RuleError
from tests.devils_bluff.helpers import Table

ANN, BEN = "Ann", "Ben"


def _gangs_prepared() -> Table:
    """Two one-off gangs made the evening before: a leader, two customs and seven hired."""
    table = Table(29)
    table.execute(ChooseSetUp("one-off"))
    for player, gang in ((ANN, "The Crane Gang"), (BEN, "The Law")):
        table.execute(FoundGang(player, gang))
        table.execute(Enlist(player, Recruit(
            f"{player} Boss", LEADER, "Revolver", ("Quick", "Deadly", "Deft", "Tough"))))
        table.execute(Enlist(player, Recruit(
            f"{player} One", GUNSLINGER, "Revolver", ("Quick", "Deadly", "Deft"))))
        table.execute(Enlist(player, Recruit(f"{player} Two", GUNSLINGER, "Rifle",
                                             ("Quick", "Deft"))))
        for n in range(7):
            table.execute(Enlist(player, Recruit(f"{player} gun {n}", GUNSLINGER,
                                                 "Revolver", hired=True)))
    return table


def test_a_hired_gun_dropped_before_any_game_left_the_gang_and_did_not_move_on() -> None:
    # module 101: hired guns move on after a game. A gun hired ahead and dismissed as the
    # plans changed, before any game, read "Ann's hired gun Ann gun 6 moved on" under "Won
    # and lost" of the table's recap, as though a game had been played and lost him
    table = _gangs_prepared()
    began = view.table_knows(table.state)
    table.execute(Dismiss(ANN, "Ann gun 6"))
    table.execute(Enlist(ANN, Recruit("Hank", GUNSLINGER, "Shotgun", hired=True)))
    totals = view.table_totals(began, view.table_knows(table.state))
    assert not [line for line in totals if "moved on" in line], totals
    assert "Ann gun 6 left Ann's gang" in totals, totals


def test_objectives_prepared_before_any_game_are_refused_saying_when_they_are_agreed() -> None:
    # digest 2.1: the objectives are part of a game's set-up. Prepared the evening before,
    # the refusal said only "no game is being played", not when the app takes them nor
    # what keeps them till then
    table = _gangs_prepared()
    with pytest.raises(RuleError) as refused:
        table.execute(AgreeObjectives("the strongbox: 3 carried off"))
    assert str(refused.value) == (
        "Game: no game is being played: the objectives are agreed once a game begins (g on "
        "the Conflict tab), before its deployment; till then a note (n) keeps them")
