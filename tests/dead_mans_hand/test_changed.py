"""`state.changed`, the fold's quick `dataclasses.replace`: the same object replace makes,
for every field of every class it serves, and the same refusal of a name that is no field."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from gmscreen.games.dead_mans_hand.state import Attack, MatchState, Turn, changed
from tests.dead_mans_hand.helpers import model

SAMPLES: list[Any] = [MatchState(), model("Big Oaf", "red"), Turn("red"),
                      Attack("Big Oaf", "Sly Shooter", "pistol", 50, ("Kh", "3c"))]


@pytest.mark.parametrize("old", SAMPLES, ids=lambda o: type(o).__name__)
def test_changed_makes_what_replace_makes_for_every_field(old: Any) -> None:
    for number, field in enumerate(dataclasses.fields(old)):
        # a value of its own for each field: the field's value from another object would not do
        value = (f"v{number}",)
        made = changed(old, **{field.name: value})
        assert made == dataclasses.replace(old, **{field.name: value})
        assert getattr(made, field.name) == value and made is not old
        assert all(getattr(made, f.name) is getattr(old, f.name)
                   for f in dataclasses.fields(old) if f.name != field.name)
    assert changed(old) == old


def test_a_name_that_is_no_field_is_refused() -> None:
    with pytest.raises(TypeError, match="MatchState has no field nope"):
        changed(MatchState(), nope=1)
