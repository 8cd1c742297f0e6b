"""A session that wins a showdown and begins the next with the same posses (`A`): the
recap's totals set the new match's models, as recruited, against the session's start, and
read every survivor's gain as taken back ("Stubby: value 7 to 8, 2 to 1 hits") where the
posse had only begun again; the deaths of the showdown played in the session were lost (the
dead are back in the new match); and the cast of the match it ended listed those killed in
the session among the living, as the session began. Each match is now counted from its own
start to its own end, the match ended as its record keeps its posses."""

from __future__ import annotations

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    DrawForTheFallen,
    MakeAttack,
    NewMatch,
    PlayResult,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import Phase
from gmscreen.games.dead_mans_hand.weapons import Move
from tests.dead_mans_hand.helpers import Table, deploy_all


def showdown_then_again() -> tuple[view.TableKnows, Table]:
    """The session begins before game 1 of the sample showdown: Slim's rifle lays Stubby
    down on the K♥, the rest of black gives up, Stubby is buried, and red has won."""
    table = Table(*showdown_commands())
    before = view.table_knows(table.state)
    table.do(SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Slim", Move.STILL))
    table.do(MakeAttack("Stubby", "rifle", 60, ("Kh", "2c")))
    table.do(PlayResult("Kh"))
    for model in table.state.black.on_table():
        table.do(Surrender(model.name))
    table.do(DrawForTheFallen())  # Stubby, on a King, is past saving
    assert table.state.phase is Phase.OVER  # black has nobody left to field
    return before, table


def test_a_new_match_with_the_same_posses_takes_nothing_back() -> None:
    """The showdown was settled by the draws, so red's survivors kept their gain (the
    reading of lines 149-159); the same posses begun again change none of it."""
    before, table = showdown_then_again()
    ended = view.table_totals(before, view.table_knows(table.state))
    assert "Stubby died" in ended and "Slim: value 8 to 7, 1 to 2 hits" in ended
    table.do(NewMatch(again=True))
    assert view.table_totals(before, view.table_knows(table.state)) == ended


def test_the_cast_of_the_match_ended_is_as_it_ended() -> None:
    before, table = showdown_then_again()
    table.do(NewMatch(again=True))
    cast = view.table_cast(view.table_knows(table.state), before=before)
    black = next(line for line in cast if line.startswith("Earlier this session, The Black"))
    assert "dead: Stubby" in black
    assert "gave up: Deacon" in black


def test_the_new_match_is_counted_from_its_start() -> None:
    """Game 1 of the second showdown: black gives up again. Its surrenders are told, counted
    from the match's start, where the dead of the first are alive again."""
    before, table = showdown_then_again()
    table.do(NewMatch(again=True))
    table.do(SetUpGame("5h"))
    deploy_all(table)
    for model in table.state.black.on_table():
        table.do(Surrender(model.name))
    totals = view.table_totals(before, view.table_knows(table.state))
    assert totals.count("Deacon gave up") == 2  # once in each showdown
    assert "Stubby gave up" in totals and "Stubby died" in totals
