"""Lines 151-153, after a bloody showdown game. Those lying on a King or a Joker, past saving,
were each named with commas and an "and" ("Slim, on K♠, and Crouch, on the Joker, and Doc,
on the Joker, and Hatchet, on K♦, ..."): with seven of them the line over the Conflict tab
took four rows at 80 columns and, under the notice of a session begun, left no row of the
table in sight. Each card is named once, after those lying on it, in one list."""

from __future__ import annotations

from dataclasses import replace

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.state import Model, Status
from gmscreen.games.dead_mans_hand.turns import past_saving_said
from tests.dead_mans_hand.helpers import model


def lying(name: str, coffin: str) -> Model:
    return replace(model(name, "red"), status=Status.DOWN, coffin=coffin)


def test_each_card_is_named_once_after_those_lying_on_it() -> None:
    past = [lying("Slim", "Ks"), lying("Crouch", "*"), lying("Doc", "*"),
            lying("Hatchet", "Kd"), lying("Stubby", "*")]
    assert past_saving_said(past) == (
        "Slim on K♠, Crouch, Doc and Stubby on the Joker and Hatchet on K♦ are past saving")


def test_one_alone_is_past_saving() -> None:
    assert view.fallen_to_draw([lying("Slim", "Kh")]) == (
        "Bury the fallen: Slim on K♥ is past saving.")
