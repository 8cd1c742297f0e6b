"""Stop 62: where rules meet, read by a reader who had not built the engine
(docs/rules/dead-mans-hand.md, "Where rules meet (stop 62)")."""

from __future__ import annotations

import pytest

from gmscreen.games.dead_mans_hand.commands import Dismiss, Recruit
from gmscreen.games.dead_mans_hand.posse import budget, showdown_posse_problems, spent
from gmscreen.journal.rules import RuleError
from tests.dead_mans_hand.helpers import Table


def test_a_civilian_dismissed_is_named_when_the_posse_is_left_over_its_points() -> None:
    """Lines 130 and 143: a civilian brings 3 points more. Red spent 42 of its 43 with one;
    he was dismissed (a table swapping him for another model), and the next recruit, of
    no plunder at all, was refused for its own plunder ("m6's plunder costs 0 points and
    the posse would spend 42 of its 40"): the newcomer blamed for the civilian's going."""
    table = Table()
    table.do(Recruit("red", "civ", 8, 1, (), True, False))
    table.do(Recruit("red", "L", 6, 2, ("rifle", "dual-pistols"), False, True))
    for i in range(4):
        table.do(Recruit("red", f"m{i}", 8, 1, ("rifle",), False, False))
    red = table.state.red.models
    assert (spent(red), budget(red)) == (42, 43)
    table.do(Dismiss("civ"))
    red = table.state.red.models
    assert (spent(red), budget(red)) == (42, 40)
    with pytest.raises(RuleError, match="spends 42 of its 40 points already") as refused:
        table.do(Recruit("red", "m6", 8, 1, (), False, False))
    assert "take plunder off first" in refused.value.message
    assert "it spends 42 of its 40 points" in showdown_posse_problems(red)
    # a civilian taken on again brings his 3 points back, and is welcome
    table.do(Recruit("red", "civ2", 8, 1, (), True, False))
    assert spent(table.state.red.models) <= budget(table.state.red.models)
