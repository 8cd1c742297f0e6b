"""Made-up names come from the generator given, so a seed makes the same names again."""

from __future__ import annotations

from random import Random

from gmscreen.core.names import _tables, backgrounds, draw_name


def test_the_same_seed_draws_the_same_names() -> None:
    assert [draw_name(Random(5)) for _ in range(3)] == [draw_name(Random(5)) for _ in range(3)]
    assert len({draw_name(Random(seed)) for seed in range(50)}) > 40


def test_a_name_is_of_the_sex_and_background_asked() -> None:
    tables = _tables()
    for seed in range(40):
        name = draw_name(Random(seed), "woman", "irish", nickname_odds=0)
        given, surname = name.split(" ", 1)
        assert given in tables["given"]["woman"] and surname in tables["surname"]["irish"]
    nicknamed = [draw_name(Random(s), nickname_odds=1) for s in range(5)]
    assert all(name.count("'") == 2 for name in nicknamed)
    assert set(backgrounds()) == {"anglo", "irish", "german", "spanish"}
