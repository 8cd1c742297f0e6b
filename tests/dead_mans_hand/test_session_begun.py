"""A Dealer who ran session 1 opens session 2 with the showdown between games: the notice
said only "Session 2 begins.", so where the showdown stood (the score, the fallen still to
draw, the game to set up next) had to be read off the tabs or remembered. As a session
begins the notice says where the match stands and what comes first."""

from __future__ import annotations

from gmscreen.games.dead_mans_hand import RULES, view
from gmscreen.games.dead_mans_hand.commands import (
    DrawForTheFallen,
    SetUpGame,
    Surrender,
)
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from tests.dead_mans_hand.helpers import Table, deploy_all, showdown_game_one


def game_one() -> Table:
    """Stubby falls on the 9♥; the rest of black gives up: red wins game 1."""
    return showdown_game_one()


def test_nothing_is_said_while_the_posses_are_built() -> None:
    assert RULES.session_begun(Table(*showdown_commands()).state) is None


def test_between_games_the_score_and_the_fallen_to_draw_for() -> None:
    table = game_one()
    assert RULES.session_begun(table.state) == (
        "The showdown stands red 1, black 0 after game 1: first draw for the fallen "
        "(Stubby) on the Conflict tab.")
    table.do(DrawForTheFallen((("Stubby", "Jd"),)))
    assert RULES.session_begun(table.state) == (
        "The showdown stands red 1, black 0 after game 1: set up game 2 on the "
        "Conflict tab.")


def test_a_model_on_a_king_is_to_bury_not_to_draw_for() -> None:
    """Lines 151-153: no card is drawn for a model lying on a King, stone dead anyway. The
    notice and the recap said "draw for the fallen (Stubby)", "Stubby still to draw for",
    though `v` only buries him."""
    table = showdown_game_one(stubby_on="Kh")
    assert RULES.session_begun(table.state) == (
        "The showdown stands red 1, black 0 after game 1: first bury the fallen (Stubby "
        "on K♥ is past saving) on the Conflict tab.")
    assert view.table_stands(view.table_knows(table.state)) == (
        "the Dramatic Showdown at red 1, black 0 after game 1; Stubby still to bury")


def test_the_fallen_a_card_may_save_are_told_apart_from_those_past_saving() -> None:
    """Game 1 again, but Long Tom's rifle first kills Slim with the K♠: Stubby, on the 9♥,
    draws for his life; Slim is buried."""
    table = showdown_game_one(rifle_shot=("Long Tom", "Slim", 60, ("Ks", "2d")))
    assert RULES.session_begun(table.state) == (
        "The showdown stands red 1, black 0 after game 1: first draw for the fallen (Stubby; "
        "Slim on K♠ is past saving) on the Conflict tab.")
    assert view.table_stands(view.table_knows(table.state)) == (
        "the Dramatic Showdown at red 1, black 0 after game 1; Stubby still to draw for; "
        "Slim still to bury")


def test_a_game_carried_over_goes_on() -> None:
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    said = RULES.session_begun(table.state)
    assert said == ("Under way: game 1 of the Dramatic Showdown, at turn 1 (The Callahan "
                    "Gang's); it goes on on the Conflict tab.")


def test_once_the_showdown_is_won_a_new_match_is_offered() -> None:
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    for model in table.state.black.on_table():
        table.do(Surrender(model.name))
    assert RULES.session_begun(table.state) == (
        "The Callahan Gang (red) won the showdown, red 1, black 0: New match, on the "
        "Characters tab, begins another.")
