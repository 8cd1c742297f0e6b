"""A third look, by new players at the table: what they were shown against the book, each
point proved here (a King's 13 in a test's steps, the odds from what the table knows, the
screen between games, the keys in the footer at 80 columns, the forms, the recap)."""

from __future__ import annotations

from gmscreen.games.devils_bluff import RULES
from gmscreen.games.devils_bluff.commands import AttributeTest
from tests.devils_bluff.helpers import one_off

# -- a King is 13 (module line 31) ---------------------------------------------------------------


def test_a_test_by_a_king_with_no_modifier_reads_13() -> None:
    table = one_off()
    table.stack("Kc")
    (event,) = table.execute(AttributeTest("Dutch", "DEF"))
    assert event.data["result"] == 13
    assert "with K♣ (13): success" in RULES.describe(event)
    table.stack("Kd")
    (event,) = table.execute(AttributeTest("Dutch", "DEF", 2))
    assert "with K♦ (12, capped from 15): success" in RULES.describe(event)
