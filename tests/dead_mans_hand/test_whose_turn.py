"""Whose turn it is, named as the table calls the posse: by its name, as a game won names
it ("Game 1 goes to The Callahan Gang (red, Leon)."), not by its colour alone."""

from __future__ import annotations

from dataclasses import replace

from gmscreen.games.dead_mans_hand import RULES, turns
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    EndTurn,
    LoadScenario,
    NamePosse,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.weapons import Move
from tests.dead_mans_hand.helpers import Table

DUEL = (LoadScenario("duel-between-rivals"), NamePosse("red", "The Oaf", "Leon"),
        NamePosse("black", "The Shooter", "Stephen"), SetUpGame("2h"), Deploy("Big Oaf"),
        Deploy("Sly Shooter"))


def test_the_turn_passing_names_the_posse_as_it_is_called() -> None:
    table = Table(*DUEL)
    table.do(UseModel("Big Oaf", Move.SLOW))
    ended = table.do(EndTurn())
    assert RULES.describe(ended[-1]) == "Over to The Shooter (black, Stephen)."
    # the event keeps the name and the player as the turn passed: renamed later, the log
    # still tells who played then
    table.do(NamePosse("black", "Shooters", "Sam"))
    assert RULES.describe(ended[-1]) == "Over to The Shooter (black, Stephen)."


def test_an_unnamed_posse_is_named_by_its_colour_and_its_player() -> None:
    table = Table(LoadScenario("duel-between-rivals"), NamePosse("black", "The black posse",
                                                                 "Stephen"),
                  SetUpGame("2h"), Deploy("Big Oaf"), Deploy("Sly Shooter"))
    table.do(UseModel("Big Oaf", Move.SLOW))
    assert RULES.describe(table.do(EndTurn())[-1]) == "Over to the black posse (Stephen)."


def test_a_journal_written_before_reads_the_colour() -> None:
    """An older journal's event holds the colours alone: it reads the colour, as a game won
    of that time does ("Game 1 goes to the red posse.")."""
    table = Table(*DUEL)
    table.do(UseModel("Big Oaf", Move.SLOW))
    ended = table.do(EndTurn())[-1]
    older = replace(ended, data={key: ended.data[key] for key in ("colour", "next")})
    assert RULES.describe(older) == "Over to the black posse."


def test_a_use_out_of_turn_is_refused_naming_the_posse() -> None:
    table = Table(*DUEL)
    assert str(turns.why_not_use(table.state, "Sly Shooter")) == (
        "Turns: Sly Shooter plays for The Shooter (black, Stephen); it is the turn of "
        "The Oaf (red, Leon)")


def test_the_line_over_the_table_names_the_posse_whose_turn_it_is() -> None:
    """The Conflict tab and the players' screen say whose turn it is as the turn passing
    does; where the line would not fit (a long name and player at 80 columns), its colour."""
    from gmscreen.games.dead_mans_hand import view

    table = Table(*DUEL)
    known = view.table_knows(table.state)
    assert view.whose(known) == "Turn 1: The Oaf (red, Leon) uses a model, or leaves."
    assert view.whose(known, room=78) == view.whose(known)
    table.do(NamePosse("red", "The Oaf and His Brothers of Tombstone", "Leonardo"))
    known = view.table_knows(table.state)
    assert len(view.whose(known)) > 78
    assert view.whose(known, room=78) == "Turn 1: red uses a model, or leaves."
