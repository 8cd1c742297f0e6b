"""The fourth look at the module and the Open Fire digest: departures found and fixed, each
played through the decider (line numbers: the module's file; sections: the digest)."""

from __future__ import annotations

from gmscreen.games.devils_bluff.commands import AttributeTest
from gmscreen.games.devils_bluff.sample import HENDRY
from gmscreen.games.devils_bluff.testing import why_not_test
from tests.devils_bluff.helpers import one_off
from tests.devils_bluff.test_game import refused
from tests.devils_bluff.test_readings import hendry_to_act, wounded


def test_a_model_taken_out_takes_no_test() -> None:
    # digest 3.1: a model at 0 HP is removed; Shrug it Off (line 163) heals a model in the
    # game, it does not bring one back
    table = hendry_to_act(one_off(), "Jesse Hendry")
    wounded(table, "Ma Hendry", 0)
    table.give(HENDRY, "Qc Qd 2h 4s 6c")
    error = refused(table, AttributeTest("Ma Hendry", "CMD", hand=True), "Tests")
    assert error.field == "fighter" and "taken out" in error.message
    assert why_not_test(table.state, "Ma Hendry") is not None
    assert why_not_test(table.state, "Jesse Hendry") is None
    assert table.fighter("Ma Hendry").out

