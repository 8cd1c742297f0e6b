"""Lines 151-153, in the recap's "Taken up from the session before" and "Goes on next
session". With several fallen still to draw for, their names ran on from the score with
commas alone: "the Dramatic Showdown at red 1, black 0 after game 1, Quickdraw, Man with No
Hat, Strong Man still to draw for, Slim, Crouch still to bury", where the table could not
tell where one list ended. Each list is a sentence's ("A, B and C"), set apart by
semicolons."""

from __future__ import annotations

from dataclasses import replace

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.state import Status
from tests.dead_mans_hand.helpers import showdown_game_one


def test_several_fallen_are_listed_apart_from_the_score() -> None:
    table = showdown_game_one(rifle_shot=("Long Tom", "Slim", 60, ("Ks", "2d")))
    known = view.table_knows(table.state)
    # Crouch and Kid lie down too, on numbers a card may beat
    down = {"Crouch": "8d", "Kid": "7c"}
    known = replace(known, red=replace(known.red, models=tuple(
        replace(m, status=Status.DOWN, hits_left=0, coffin=down[m.name])
        if m.name in down else m for m in known.red.models)))
    assert view.table_stands(known) == (
        "the Dramatic Showdown at red 1, black 0 after game 1; Crouch, Kid and Stubby still "
        "to draw for; Slim still to bury")


