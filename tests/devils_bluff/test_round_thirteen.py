"""Nothing left to paper (round 13): what earlier rounds noticed and left, and what a cold
reading of the book found a Dealer would still keep on a notepad, each checked against the
rules and the screens a Dealer reads."""

from __future__ import annotations

from gmscreen.games.devils_bluff import RULES, log, view
from gmscreen.games.devils_bluff.commands import CloseAftermath, Dismiss, Rename
from gmscreen.games.devils_bluff.events import AftermathClosed, Dismissed, Enlisted, HiredKept
from gmscreen.games.devils_bluff.gangs import LEADER, Recruit
from gmscreen.games.devils_bluff.turns import next_game
from tests.devils_bluff.helpers import one_off
from tests.devils_bluff.test_long_run import BOB, _campaign_after_a_game


def test_a_model_that_bears_its_player_s_name_joins_and_leaves_its_own_gang() -> None:
    """The samples' players play leaders of their own names: "Ma Hendry leaves Ma Hendry's
    gang" read as a slip (a player leaving, or a name typed twice). Where the model's name
    reads as its player's, the gang is "their own"; any other model's line is as it was."""
    leader = Recruit("Ma Hendry", LEADER, "Shotgun", ("Tough",), "", False)
    assert log.dismissed(Dismissed("Ma Hendry", "Ma Hendry")) == \
        "Ma Hendry leaves their own gang"
    assert log.dismissed(Dismissed("Ma Hendry", "Dutch")) == "Dutch leaves Ma Hendry's gang"
    assert log.enlisted(Enlisted("Ma Hendry", leader)).startswith(
        "Ma Hendry joins their own gang: Gang Leader with a Shotgun")
    # in another case, or spaced otherwise, it is still the same name read aloud
    assert log.hired_kept(HiredKept("ma hendry", "Ma  Hendry")) == \
        "Ma  Hendry joins their own gang for good"
    closed = log.aftermath_closed(AftermathClosed(game=1, kept={"Ma Hendry": "Ma Hendry",
                                                                "Cole": "Dutch"}))
    assert "Ma Hendry joins their own gang for good" in closed
    assert "Dutch joins Cole's gang for good" in closed


def test_the_recap_says_a_namesake_leader_left_their_own_gang() -> None:
    """The recap's "Won and lost" told a permanent model gone as "Bob left Bob's gang"."""
    table = _campaign_after_a_game()
    table.execute(CloseAftermath())
    table.execute(Rename("Cole", BOB))
    began = view.table_knows(table.state)
    table.execute(Dismiss(BOB, BOB))
    totals = view.table_totals(began, view.table_knows(table.state))
    assert f"{BOB} left their own gang" in totals, totals


def test_a_one_off_left_off_unfinished_offers_its_game_again_not_a_second_game() -> None:
    """Its game left off when a session ended, a one-off said "Press g to shuffle the Draw
    Deck and begin game 2", on the Dealer's tabs and the players' screen ("game 2 may
    begin"), where the tabs say elsewhere that a one-off is one game. The number stays the
    journal's (the heading will read Game 2), and the words say it is the one-off's game."""
    table = one_off()
    for new in RULES.abandon(table.state):
        table.apply(new)
    again = "game 2, the one-off's game again (game 1 was left off unfinished)"
    assert f"Press g to shuffle the Draw Deck and begin {again}." in \
        view.between_games_lines(table.state)
    assert view.next_game_words(table.state) == f"Both gangs are ready: {again}, may begin."
    # a campaign's next game is named by its number alone, as before
    table = _campaign_after_a_game()
    table.execute(CloseAftermath())
    assert next_game(table.state) == "game 2"
