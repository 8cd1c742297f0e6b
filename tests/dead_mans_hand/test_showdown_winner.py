"""Line 145: the first player to win two games wins the showdown. The event of a showdown won
kept only the colour; who played it was worked out again from the posse each time the
journal was read, so a posse renamed after the win (the players swapping sides for the next
match, line 11) moved the win: "The red posse (Stephen) wins the showdown." of a showdown
Leon won, and the log and the recap of a match over named no player at all. The event keeps
the player as the showdown is won, as the event of a game won does; a journal written
before it (no player in the event) reads the posse's player as it was then."""

from __future__ import annotations

from dataclasses import replace

from gmscreen.games.dead_mans_hand import RULES, view
from gmscreen.games.dead_mans_hand.commands import NamePosse, NewMatch, SetUpGame, Surrender
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from tests.dead_mans_hand.helpers import Table, deploy_all


def leon_takes_the_showdown() -> Table:
    """The sample showdown with Leon playing red and Stephen black: black gives up to the
    last man in game 1, and a posse with nobody left loses the showdown."""
    table = Table(*showdown_commands(), NamePosse("red", "The Callahan Gang", "Leon"),
                  NamePosse("black", "The Black Hats", "Stephen"), SetUpGame("5h"))
    deploy_all(table)
    for model in table.state.black.on_table():
        table.do(Surrender(model.name))
    assert table.state.champion == "red"
    return table


def test_the_event_keeps_who_won_the_showdown_and_the_log_names_them() -> None:
    table = leon_takes_the_showdown()
    won = table.events[-1]
    assert won.kind == "dead_mans_hand.showdown_won"
    assert won.data["player"] == "Leon"
    assert RULES.describe(won) == (
        "The Callahan Gang (red, Leon) wins the showdown (The Black Hats has nobody left).")


def test_a_posse_renamed_after_the_win_leaves_the_win_with_who_won_it() -> None:
    table = leon_takes_the_showdown()
    before = view.table_knows(Table(*showdown_commands()).state)  # as the session began
    table.do(NamePosse("red", "The Callahan Gang", "Stephen"))  # they swap sides
    table.do(NamePosse("black", "The Black Hats", "Leon"))
    known = view.table_knows(table.state)
    assert view.whose(known) == ("The Callahan Gang (red, Leon) wins the showdown: The "
                                 "Black Hats has nobody left to fight.")
    # the recap's story tells the win (the log's line above); the totals do not again
    assert not any("showdown" in line for line in view.table_totals(before, known))
    assert view.table_stands(known) == (
        "the Dramatic Showdown, won by The Callahan Gang (red, Leon): red 1, black 0 "
        "(Stephen 0, Leon 1)")  # red's player now first
    # the next match keeps the record of who won the last
    table.do(NewMatch())
    (last,) = table.state.past
    assert (last.champion, last.champion_player) == ("red", "Leon")


def test_an_older_journal_reads_the_posses_player_as_the_showdown_was_won() -> None:
    table = leon_takes_the_showdown()
    won = table.events[-1]
    # as written then: no player, no posse, and the loser named by its colour
    older = replace(won, data={k: v for k, v in won.data.items()
                               if k not in ("player", "posse")}
                    | {"reason": "the black posse has nobody left"})
    assert RULES.describe(older) == (
        "The red posse wins the showdown (the black posse has nobody left).")
    state = RULES.initial_state()
    for event in (*table.events[:-1], older):
        state = RULES.evolve(state, event)
    assert view.whose(view.table_knows(state)) == (
        "The Callahan Gang (red, Leon) wins the showdown: The Black Hats has nobody left to "
        "fight.")


def test_the_new_match_question_names_the_winner_and_the_score_plainly() -> None:
    """M asked "The red posse (Leon) won the showdown (red 1, black 0 (Leon 1, Stephen
    0)); ...": brackets within brackets. The score follows a comma, as the session's
    notice has it."""
    from gmscreen.games.dead_mans_hand.rules import match_left

    assert match_left(leon_takes_the_showdown().state) == (
        "The Callahan Gang (red, Leon) won the showdown, red 1, black 0 (Leon 1, Stephen 0); "
        "both "
        "posses are built anew")
