"""The fold's cost, round 14: a game won copied the tuple of every game of the match before
it (a long run of single games cost the square of its games), and a result card made the
state anew for each model it changed, then again for the attack. `Games` links each game
won to those before it; `result_played` makes the state once. The states are the same:
the games read, compare, hash and pickle as the tuple they were, and each result card
leaves the state the old way of folding it left."""

from __future__ import annotations

import pickle
import threading
from dataclasses import replace

from gmscreen.games.dead_mans_hand import evolve
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Deploy,
    LeaveTable,
    MakeAttack,
    PlayResult,
    Recruit,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.events import KINDS, ResultPlayed
from gmscreen.games.dead_mans_hand.results import apply
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.showdown import run_out
from gmscreen.games.dead_mans_hand.state import (
    NO_GAMES,
    Effect,
    Format,
    GameRecord,
    Games,
    MatchState,
    Status,
    changed,
)
from gmscreen.games.dead_mans_hand.weapons import Move
from tests.dead_mans_hand.helpers import Table, deploy_all

RECORDS = tuple(GameRecord(n, "red" if n % 3 else "black", player="Leon" if n % 2 else "")
                for n in range(1, 41))


def linked(records: tuple[GameRecord, ...]) -> Games:
    games = NO_GAMES
    for record in records:
        games = games.plus(record)
    return games


def test_games_linked_read_as_the_tuple_of_them() -> None:
    games = linked(RECORDS)
    assert len(games) == 40 and bool(games) and not NO_GAMES and len(NO_GAMES) == 0
    assert games[-1] == RECORDS[-1] and games[0] == RECORDS[0] and games[5:9] == RECORDS[5:9]
    assert list(games) == list(RECORDS) and tuple(games) == RECORDS
    assert games == RECORDS and RECORDS.__eq__(games) is NotImplemented  # tuple asks games
    assert games == Games(RECORDS) and (RECORDS == games)  # noqa: SIM300
    assert games != RECORDS[:-1] and games != linked(RECORDS[:-1]) and NO_GAMES == ()
    assert hash(games) == hash(RECORDS) == hash(Games(RECORDS))
    assert RECORDS[3] in games and games.index(RECORDS[3]) == 3
    assert pickle.loads(pickle.dumps(games)) == RECORDS
    assert repr(games) == f"Games({RECORDS!r})"


def test_a_game_won_copies_none_of_the_games_before_it() -> None:
    """Each game is linked to the games before it, which are not laid out again: only
    reading them lays them out, once."""
    games = linked(RECORDS[:-1])
    more = games.plus(RECORDS[-1])
    assert more._before is games and more._laid is None  # linked, nothing copied
    assert games._laid is None  # nor were the games before it laid out to link to them
    assert more[-1] is RECORDS[-1] and more._laid is None  # the newest, read alone
    assert more.laid() == RECORDS and more._before is None  # laid out once, links let go
    assert games.laid() == RECORDS[:-1]  # the older list still reads as it was


def test_games_laid_out_by_two_threads_at_once_read_the_same() -> None:
    import sys

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for _ in range(30):
            games = linked(RECORDS * 25)
            seen: list[tuple[GameRecord, ...]] = []
            threads = [threading.Thread(target=lambda g=games, s=seen: s.append(g.laid()))
                       for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert seen == [RECORDS * 25] * 4
    finally:
        sys.setswitchinterval(interval)


def test_a_long_run_of_single_games_folds_to_every_game_in_order() -> None:
    """300 single games, each led off by the red model: the fold's games are those won, in
    order, as a tuple of them would be; pickled and loaded (as the cache keeps states) the
    state is the same."""
    table = Table(ChooseFormat(Format.SINGLE), Recruit("red", "A", 6, 1, ("pistol",)),
                  Recruit("black", "B", 6, 1, ("pistol",)))
    for _ in range(300):
        table.do(SetUpGame("5h"))
        table.do(Deploy("A"))
        table.do(Deploy("B"))
        table.do(LeaveTable("A", Move.SLOW))
    games = table.state.games
    assert isinstance(games, Games)
    assert games == tuple(GameRecord(n, "black", posse="The black posse")
                          for n in range(1, 301))
    assert pickle.loads(pickle.dumps(table.state)) == table.state


def result_played_as_before(state: MatchState, event: ResultPlayed) -> MatchState:
    """The fold of a result card as it was written before round 14: the state made anew
    for each model the card changed, then for the attack."""
    attack = state.attack
    assert attack is not None
    outcome = event.outcome
    laid_down: list[str] = []
    for name in (event.attacker, event.target):
        model = state.find(name)
        assert model is not None
        after = apply(outcome, model)
        if (outcome.effect is Effect.RAN_OUT and name == outcome.winner
                and state.format is Format.SHOWDOWN and outcome.weapon):
            after = run_out(after, outcome.weapon)
        if model.on_table and after.status is Status.DOWN:
            laid_down.append(name)
        if after is not model:
            red, black = state.swapped(after)
            state = changed(state, red=red, black=black)
    outcome = replace(outcome, down=tuple(laid_down))
    coffins = attack.coffins + ((event.card,) if laid_down else ())
    return changed(state, attack=changed(attack, outcomes=(*attack.outcomes, outcome),
                                         awaiting_second=event.second_offered,
                                         coffins=coffins))


def test_each_result_card_leaves_the_state_the_old_fold_left() -> None:
    """Cards of a few attacks of the sample showdown (a hit, a Joker on both, Derringers run
    out, an Ace, a King), each played from the state before it: the same state."""
    plays = [("Slim", "Deacon", "rifle", 60, ("9h", "Kc"), "9h"),
             ("Slim", "Stubby", "brawling", 5, ("*", "2c"), "*"),
             ("Kid", "Stubby", "derringers", 10, ("5d", "6d", "7s"), "5d"),
             ("Quickdraw", "Archer", "pistol", 30, ("Ac", "3d"), "Ac"),
             ("Crouch", "Deacon", "rifle", 50, ("Kd", "4c"), "Kd")]
    for attacker, target, weapon, yards, cards, played in plays:
        table = Table(*showdown_commands(), SetUpGame("5h"))  # red first
        deploy_all(table)
        table.do(UseModel(attacker, Move.STILL))
        table.do(MakeAttack(target, weapon, yards, cards))
        before = table.state
        made = table.do(PlayResult(played))
        assert made[0].kind == "dead_mans_hand.result_played"
        event = KINDS.read(made[0])
        assert isinstance(event, ResultPlayed)
        assert evolve.result_played(before, event) == result_played_as_before(before, event)
