"""Recovery: the book's table of stud hands, and what the end of a session gives back."""

from __future__ import annotations

import pytest

from gmscreen.games.dust_devils.recovery import recovery_stud, session_recovery
from gmscreen.games.dust_devils.sheet import Attribute
from gmscreen.journal.rules import RuleError

H, E, G, R = Attribute.HAND, Attribute.EYE, Attribute.GUTS, Attribute.HEART


@pytest.mark.parametrize(("points", "stud"), [(1, 3), (2, 3), (3, 5), (4, 5), (5, 7), (9, 7)])
def test_the_recovery_table(points: int, stud: int) -> None:
    assert recovery_stud(points) == stud


def test_recovery_restores_something() -> None:
    with pytest.raises(RuleError, match="Recovery"):
        recovery_stud(0)


def test_session_end_recovers_all_but_a_zero() -> None:
    ratings = {H: 3, E: 3, G: 4, R: 3}
    values = {H: 3, E: 1, G: 0, R: 2}
    assert session_recovery(ratings, values) == {E: 2, R: 1}
