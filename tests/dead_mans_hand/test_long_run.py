"""A showdown over three sessions, as a Dealer who ran the first carries on: the recap of
session 2 began with game 2 as if it were new, saying nothing of the score it took up (red
1, black 0 after game 1) nor of the fallen still to draw for; and where a session ended
with a game under way, nothing said it goes on next session. The recap's totals now say
first what the session took up and last what it leaves."""

from __future__ import annotations

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    DrawForTheFallen,
    LoadScenario,
    NamePosse,
    NewMatch,
    SetUpGame,
    Surrender,
)
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import MatchState
from tests.dead_mans_hand.helpers import Table, deploy_all, showdown_game_one


def totals(before: MatchState, after: MatchState) -> list[str]:
    return view.table_totals(view.table_knows(before), view.table_knows(after))


def carried(before: MatchState, after: MatchState) -> tuple[str | None, str | None]:
    """What a session from `before` to `after` took up, and what it leaves."""
    return (view.table_stands(view.table_knows(before)),
            view.table_stands(view.table_knows(after), leaving=True))


def test_three_sessions_of_a_showdown_say_what_each_took_up_and_leaves() -> None:
    first = Table(*showdown_commands()).state
    table = showdown_game_one()
    second = table.state  # session 1 ends between games, Stubby on his coffin card
    took, goes = carried(first, second)
    assert took is None
    assert goes == "the Dramatic Showdown at red 1, black 0 after game 1; Stubby still to draw for"
    table.do(DrawForTheFallen((("Stubby", "Jd"),)))
    table.do(SetUpGame("Qs"))
    deploy_all(table)
    third = table.state  # session 2 ends with game 2 set up and under way
    took, goes = carried(second, third)
    assert took == "the Dramatic Showdown at red 1, black 0 after game 1; Stubby still to draw for"
    assert goes == "game 2 of the Dramatic Showdown, at turn 1 (The Black Hats')"
    for model in table.state.black.on_table():
        table.do(Surrender(model.name))
    table.do(NewMatch())
    took, goes = carried(third, table.state)  # session 3: the showdown won, a new match begun
    assert took == "game 2 of the Dramatic Showdown, at turn 1 (The Black Hats')"
    assert goes is None
    said = totals(third, table.state)
    assert not any("Match 2" in line for line in said)  # the story tells it, once
    assert not any("showdown" in line for line in said)  # the story tells it, once


def test_the_draws_for_the_fallen_are_one_paragraph_after_the_game() -> None:
    """The recap's "After the game." paragraph broke at each model buried on a King or a
    Joker (no card drawn), and started again with the next draw: four headings for one
    step; and a new match stood apart from the posses it builds."""
    table = showdown_game_one(("Deacon", "Slim", 60, ("Kc", "2d")))
    drawn = table.do(DrawForTheFallen((("Stubby", "Td"),)))
    assert [e.kind.removeprefix("dead_mans_hand.") for e in drawn] == [
        "model_buried", "recovery_drawn"]
    assert {view.episode(event) for event in drawn} == {"After the game."}
    (started,) = table.do(NewMatch())
    assert view.episode(started) == "The posses."


def test_the_totals_name_each_posse_that_won_as_it_won() -> None:
    """A third evening: the Shooter (black) won the duel's game 3, then a new match loaded
    He's Coming Right for Us! and the Bear (red) won its first game. The recap's totals
    named each colour's posse as the session ended: "The Bear won 1 game (2 in all)", the
    Oaf's win of an earlier session counted for it, and "Hunters won 1 game (2 in all)",
    though the Hunters had won nothing. Each game won is counted for the posse that won it,
    by the name it had then."""
    table = Table(LoadScenario("duel-between-rivals"), NamePosse("red", "The Oaf", "Leon"),
                  NamePosse("black", "The Shooter", "Stephen"))
    for card, loser in (("2h", "Sly Shooter"), ("3s", "Big Oaf")):
        table.do(SetUpGame(card))
        deploy_all(table)
        if loser == "Big Oaf":
            before = table.state  # the third evening begins with game 2 set up
        table.do(Surrender(loser))
    table.do(NewMatch())
    table.do(LoadScenario("hes-coming-right-for-us"))
    table.do(SetUpGame("4h"))
    deploy_all(table)
    table.do(Surrender("Hunter 1"))
    table.do(Surrender("Hunter 2"))
    assert totals(before, table.state)[:4] == [
        "The Shooter won 1 game (1 in all)", "The Bear won 1 game (1 in all)",
        "Leon won 1 game (2 in all)", "Stephen won 1 game (1 in all)"]
