"""Commands carrying values the play sheet has no place for (a move that is not one of the
four, a format that is neither, a distance or a value that is not a whole number) are
refused as rules are, naming the field, and change nothing."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Deploy,
    EditModel,
    LeaveTable,
    LoadScenario,
    MakeAttack,
    NamePosse,
    Recruit,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.state import Format
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.rules import RuleError
from tests.dead_mans_hand.helpers import Table


def duel() -> Table:
    return Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                 Deploy("Sly Shooter"))


def refused(table: Table, command: Any, rule: str, field: str) -> None:
    before = table.state
    with pytest.raises(RuleError) as caught:
        table.do(command)
    assert (caught.value.rule, caught.value.field) == (rule, field)
    assert table.state is before


@pytest.mark.parametrize("move", ["sideways", "", 20])
def test_a_move_off_the_play_sheet_is_refused(move: Any) -> None:
    """Lines 45-50: a model stands still, or moves slow, quick or flat out; nothing else."""
    table = duel()
    refused(table, UseModel("Big Oaf", move), "Moves", "move")
    refused(table, LeaveTable("Big Oaf", move), "Moves", "move")


def test_a_format_that_is_neither_is_refused() -> None:
    """Line 124: single games, or the best-of-three Dramatic Showdown."""
    refused(Table(), ChooseFormat("best of five"), "Format", "format")  # type: ignore[arg-type]


@pytest.mark.parametrize(("field", "command"), [
    ("value", Recruit("red", "Slim", "8", 1)),  # type: ignore[arg-type]
    ("hits", Recruit("red", "Slim", 8, "1")),  # type: ignore[arg-type]
    ("hits", Recruit("red", "Slim", 8, True)),
])
def test_a_value_or_hits_that_is_not_a_whole_number_is_refused(field: str,
                                                                command: Recruit) -> None:
    """Line 17: a value is a whole number from 2 to 10; hits are counted in whole hits."""
    refused(Table(ChooseFormat("single")),  # type: ignore[arg-type]
            command, field.capitalize(), field)


def test_a_distance_that_is_not_a_whole_number_is_refused() -> None:
    """Line 15: ranges are measured in yards and typed as whole yards."""
    table = duel()
    table.do(UseModel("Big Oaf", "still"))  # type: ignore[arg-type]
    refused(table, MakeAttack("Sly Shooter", "pistol", "close", ("2c", "3c")),  # type: ignore[arg-type]
            "Range", "yards")


def test_a_step_that_would_change_nothing_is_refused() -> None:
    """A form opens on what is so now (the format chosen, the posse's name, the model as it
    is): sent unchanged, by an Enter pressed to close it, it is refused naming what it
    would set, where it wrote a line into the journal that told of a change never made."""
    table = Table(ChooseFormat(Format.SINGLE), NamePosse("red", "The Reds"),
                  Recruit("red", "Leon", 6, 2, ("rifle",)))
    refused(table, ChooseFormat(Format.SINGLE), "Format", "format")
    refused(table, NamePosse("red", "The Reds"), "Names", "name")
    leon = table.model("Leon")
    unchanged = EditModel("Leon", "Leon", leon.weapons, leon.horse, False, False, False)
    refused(table, unchanged, "Edit", "name")
    table.do(replace(unchanged, horse=True))  # one thing changed is enough
    assert table.model("Leon").horse
    # during a game: the markers and what it still carries, in any order
    table = duel()
    table.do(UseModel("Big Oaf", Move.STILL))
    oaf = table.model("Big Oaf")
    unchanged = EditModel(oaf.name, oaf.name, tuple(reversed(oaf.weapons)), oaf.horse,
                          oaf.moving_target, oaf.pinned, oaf.shaken)
    refused(table, unchanged, "Edit", "name")
    table.do(replace(unchanged, pinned=True))
    assert table.model("Big Oaf").pinned
