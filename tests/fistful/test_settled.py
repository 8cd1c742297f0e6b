"""Points noticed in earlier looks and left alone, settled from the book (docs/rules/
fistful.md, "Points settled in a fourth look", names each test here beside its lines)."""

from __future__ import annotations

from gmscreen.games.fistful import RULES
from gmscreen.games.fistful.commands import OpposedTest, Side
from tests.fistful.game import posse, said, sheet

# -- the Encounter Log tells an opposed test's dice, as every other test's (lines 30, 58) ---


def test_an_opposed_tests_line_tells_each_sides_dice():
    state = sheet(posse(), "Ann", luck=1)
    shot = RULES.decide(state, OpposedTest(Side("Ann", "gumption", 2, (6, 5, 2), "luck"),
                                           Side("Jake", "grace", 2, (4, 5))))
    assert said(shot[0]) == (
        "Ann (Gumption 15, 2 dice: 6 5 2, luck die floats, 2 taken away = 11) against "
        "Jake (Grace 17, 2 dice: 4 5 = 9): Ann wins")
