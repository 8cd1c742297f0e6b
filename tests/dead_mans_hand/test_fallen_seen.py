"""Lines 151-153: after a showdown game a card is turned over for each fallen model, face
up, and it decides whether the model fights on. The players' screen said only what came of
it ("dead on 9♣" in the posse's table), never the card turned for whom: a player could not
check the draw the table had just watched. After the game it lists each draw with what it
decided, in the order they were made (a model on a King is past saving, no card drawn),
until the next game is set up."""

from __future__ import annotations

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    DrawForTheFallen,
    EditModel,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.state import Phase
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.sections import as_text
from tests.dead_mans_hand.helpers import Table, deploy_all, showdown_game_one


def seen(table: Table) -> str:
    return as_text(view.table_sections(view.table_knows(table.state)))


def titles(table: Table) -> list[str]:
    return [s.title for s in view.table_sections(view.table_knows(table.state))]


def test_the_table_reads_each_card_turned_for_the_fallen() -> None:
    table = showdown_game_one(stubby_on="9h")
    table.do(DrawForTheFallen((("Stubby", "4c"),)))
    assert titles(table)[:2] == ["The match", "The fallen of game 1"]
    assert "Stubby, lying on 9♥, drew 4♣ and is stone dead" in seen(table)


def test_one_pulled_through_and_one_past_saving() -> None:
    shot = ("Long Tom", "Crouch", 60, ("Kc", "3d"))  # a King: Crouch lies past saving
    table = showdown_game_one(rifle_shot=shot, stubby_on="9h")
    table.do(DrawForTheFallen((("Stubby", "Jd"),)))
    told = seen(table).split("The fallen of game 1", 1)[1]
    assert "Stubby, lying on 9♥, drew J♦ and pulls through." in told
    assert "Crouch, lying on K♣, is stone dead" in told


def test_the_draws_go_when_the_next_game_is_set_up() -> None:
    table = showdown_game_one(stubby_on="9h")
    table.do(DrawForTheFallen((("Stubby", "Jd"),)))
    table.do(SetUpGame("2s"))
    assert "The fallen of game" not in seen(table)


def test_a_model_renamed_after_its_draw_is_told_by_its_new_name() -> None:
    table = showdown_game_one(stubby_on="9h")
    table.do(DrawForTheFallen((("Stubby", "Jd"),)))
    table.do(EditModel("Stubby", "Stubby Joe", ("sawn-off", "brawling"), horse=False))
    assert "Stubby Joe, lying on 9♥, drew J♦ and pulls through." in seen(table)


def test_the_shot_that_won_the_showdown_comes_before_the_burial_it_brought() -> None:
    """Game 2: Stubby, black's last, pulled through game 1; Slim's K♥ kills him and wins
    the showdown. He is buried with the game's end, no card drawn: the winning shot is
    what was decided, and it comes first, then the fallen."""
    table = showdown_game_one(stubby_on="9h")
    table.do(DrawForTheFallen((("Stubby", "Jd"),)))
    table.do(SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Slim", Move.STILL))
    table.do(MakeAttack("Stubby", "rifle", 60, ("Kh", "2d")))
    table.do(PlayResult("Kh"))
    assert table.state.phase is Phase.OVER
    assert titles(table)[:3] == ["The match", "The last attack", "The fallen of game 2"]
