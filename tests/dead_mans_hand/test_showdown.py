"""The Dramatic Showdown: survivors improve, the fallen draw on their coffin cards, best of 3."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    DrawForTheFallen,
    EndTurn,
    LeaveTable,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.events import KINDS, GameWon, ShowdownWon
from gmscreen.games.dead_mans_hand.pack import FULL_PACK
from gmscreen.games.dead_mans_hand.posse import spent
from gmscreen.games.dead_mans_hand.sample import BLACK_HATS, CALLAHAN_GANG, showdown_commands
from gmscreen.games.dead_mans_hand.showdown import bury, doomed, improve, mend, recovers
from gmscreen.games.dead_mans_hand.state import Phase, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from tests.dead_mans_hand.helpers import Table, deploy_all, model

RED = [r.name for r in CALLAHAN_GANG[1]]
BLACK = [r.name for r in BLACK_HATS[1]]


@pytest.mark.parametrize(("coffin", "drawn", "back"), [
    ("7h", "7c", True),   # equal is enough
    ("7h", "Tc", True),
    ("7h", "6c", False),
    ("7h", "Jc", True), ("7h", "Qd", True), ("2h", "Kd", True),
    ("2h", "Ac", False),  # an Ace is no number and no picture card: dead
    ("2h", "*", False),
    ("Kh", "Kd", False),  # a King coffin card: dead whatever is drawn
    ("*", "Qh", False),   # so is a Joker
])
def test_the_recovery_draw(coffin: str, drawn: str, back: bool) -> None:
    assert recovers(coffin, drawn) is back


def test_kings_and_jokers_doom() -> None:
    assert doomed("Ks") and doomed("*") and not doomed("Ts")


def test_survivors_gain_a_hit_and_a_better_value_but_never_below_two() -> None:
    boss = improve(model("Boss", "red", value=6, hits=2))
    assert (boss.value, boss.hits) == (5, 3)
    assert improve(model("Ace", "red", value=2)).value == 2


def test_the_dead_lose_weapons_and_horse() -> None:
    dead = bury(model("Rider", "red", horse=True, weapons=("rifle",)))
    assert (dead.status, dead.kit, dead.weapons, dead.horse) == (Status.DEAD, (), (), False)


def test_the_sample_posses_keep_to_the_building_rules() -> None:
    table = Table(*showdown_commands())
    for colour in ("red", "black"):
        posse = table.state.posse(colour)
        assert len(posse.models) == 8
        assert sum(1 for m in posse.models if (m.value, m.hits) == (6, 2)) == 1
    assert spent(table.state.red.models) == 43
    assert spent(table.state.black.models) == 42


def first_game() -> Table:
    """Red kills Stubby with a King and loses Quickdraw to a 9; then black gives up."""
    table = first_shots()
    for name in ("Deacon", "Archer", "Hatchet", "Two-Gun", "Scattergun", "Sawbones"):
        table.do(Surrender(name))
    return table


def first_shots() -> Table:
    """Red kills Stubby with a King and loses Quickdraw to a 9; Big Jim misses Hatchet."""
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Slim", Move.STILL))
    table.do(MakeAttack("Stubby", "rifle", 60, ("Kh", "2c")))
    table.do(PlayResult("Kh"))
    table.do(UseModel("Long Tom", Move.STILL))
    table.do(MakeAttack("Quickdraw", "rifle", 70, ("9s", "3d")))
    table.do(PlayResult("9s"))
    table.do(UseModel("Big Jim", Move.FLAT_OUT))
    table.do(MakeAttack("Hatchet", "dual-pistols", 30, ("Jc", "4d")))  # 3 -1 moved far
    table.do(PlayResult("4d"))  # below Big Jim's 6: nothing
    return table


def test_a_showdown_game_from_set_up_to_recovery() -> None:
    table = first_game()
    assert table.state.phase is Phase.PLAYING
    assert table.turn().colour == "black"
    events = table.do(LeaveTable("Long Tom", Move.QUICK))
    assert table.kinds(events)[-1] == "game_won"
    assert table.state.games[-1].winner == "red"
    assert KINDS.read(events[-1]).improved == (*(n for n in RED if n != "Quickdraw"), "Long Tom")
    big_jim = table.model("Big Jim")
    assert (big_jim.value, big_jim.hits, big_jim.status) == (5, 3, Status.RESERVE)
    assert table.model("Long Tom").value == 7  # left by a table edge: a survivor too
    # the recovery draws come from a fresh pack without the two coffin cards
    assert len(table.pack().pile) == 52 and "Kh" not in table.pack().pile
    with pytest.raises(RuleError, match=r"Set-up: draw for the fallen \(Quickdraw; Stubby "
                       r"on K♥ is past saving\) first"):
        table.do(SetUpGame("2h"))
    with pytest.raises(RuleError, match="Slim is not lying on a coffin card"):
        table.do(DrawForTheFallen((("Quickdraw", "9d"), ("Slim", "Qh"))))
    # the fallen draw together; Stubby, lying on a King, is dead anyway: no card for him
    events = table.do(DrawForTheFallen((("Quickdraw", "9d"),)))
    assert table.model("Quickdraw").status is Status.RESERVE
    assert table.model("Stubby").status is Status.DEAD
    # black has Long Tom only: the showdown goes on
    assert table.kinds(events) == ["recovery_drawn", "model_buried"]
    table.do(SetUpGame("Qs"))
    assert table.pack().pile == tuple(c for c in FULL_PACK if c != "Qs")
    fielded = {m.name for m in table.state.models() if m.status is Status.RESERVE}
    assert fielded == set(RED) | {"Long Tom"}
    assert table.model("Quickdraw").hits_left == 1


def test_two_wins_take_the_showdown() -> None:
    table = first_game()
    table.do(LeaveTable("Long Tom", Move.QUICK))
    table.do(DrawForTheFallen((("Quickdraw", "9d"),)))
    table.do(SetUpGame("Qs"))
    deploy_all(table)
    events = table.do(Surrender("Long Tom"))
    assert table.kinds(events) == ["model_surrendered", "game_won", "showdown_won"]
    assert table.state.champion == "red" and table.state.phase is Phase.OVER
    with pytest.raises(RuleError, match="once the showdown is won"):
        table.do(SetUpGame("2h"))


def test_the_game_that_wins_the_showdown_makes_nobody_tougher() -> None:
    """Line 149: survivors gain a hit and a better value at the end of a game, for the games
    that remain; after the game that wins the showdown none remains, so nobody is made
    tougher (the log said "Survivors grow tougher" and the totals raised every survivor)."""
    table = first_game()
    table.do(LeaveTable("Long Tom", Move.QUICK))
    table.do(DrawForTheFallen((("Quickdraw", "9d"),)))
    table.do(SetUpGame("Qs"))
    deploy_all(table)
    before = {m.name: (m.value, m.hits) for m in table.state.models()}
    events = table.do(Surrender("Long Tom"))
    assert KINDS.read(events[-2]).improved == ()
    assert {m.name: (m.value, m.hits) for m in table.state.models()} == before


def test_between_games_the_table_reads_full_hits_and_no_markers() -> None:
    """Big Jim is hit by a Joker in the last exchange of the first game: 1 of 2 hits left,
    with a Moving Target marker. Counted a survivor, he has 3 hits and all of them; the
    fallen Quickdraw, pulled through, has his 1 hit back too."""
    table = first_game()
    table.do(UseModel("Long Tom", Move.STILL))
    table.do(MakeAttack("Big Jim", "rifle", 30, ("*",)))  # 2 -1 moving target: one card
    assert table.state.attack is not None and table.model("Big Jim").moving_target
    events = table.do(PlayResult("*"))  # hits both: Long Tom, black's last, falls
    assert table.kinds(events)[-1] == "game_won"
    big_jim = table.model("Big Jim")
    assert (big_jim.hits, big_jim.hits_left, big_jim.moving_target) == (3, 3, False)
    assert table.model("Quickdraw").hits_left == 0  # still lying on his coffin card
    table.do(DrawForTheFallen((("Quickdraw", "Jd"),)))
    quickdraw = table.model("Quickdraw")
    assert (quickdraw.status, quickdraw.hits_left, quickdraw.coffin) == (Status.RESERVE, 1, None)


def test_a_horse_a_jack_killed_is_still_dead_when_the_next_game_is_set_up() -> None:
    """Lines 110 and 153, played through: Big Jim's Jack kills Hatchet's horse in game 1;
    Hatchet lives through the game (red leaves the table to him), and game 2 is set up with
    Hatchet on foot, while Big Jim, whose horse nobody touched, still rides."""
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Big Jim", Move.STILL))
    table.do(MakeAttack("Hatchet", "dual-pistols", 20, ("Jh", "3c", "4c")))
    table.do(PlayResult("Jh"))  # red, Big Jim's: Hatchet pinned and unhorsed
    assert not table.model("Hatchet").horse
    while table.state.phase is Phase.PLAYING:
        if table.turn().colour == "red":
            table.do(LeaveTable(table.state.red.on_table()[0].name, Move.SLOW))
        else:
            table.do(UseModel("Deacon", Move.STILL))
            table.do(EndTurn())
    assert table.state.games[-1].winner == "black"
    table.do(SetUpGame("6h"))
    assert (table.model("Hatchet").horse, table.model("Big Jim").horse) == (False, True)


def test_a_mended_model_has_its_own_weapons_back_but_not_a_dead_horse() -> None:
    rider = model("Rider", "red", weapons=("rifle",), horse=False, bought_horse=True,
                  pinned=True)
    mended = mend(replace(rider, weapons=("brawling",), hits_left=0))  # an Ace took the rifle
    assert (mended.weapons, mended.hits_left, mended.horse, mended.pinned) == (
        ("rifle", "brawling"), 1, False, False)


def test_derringers_and_tomahawks_that_run_out_are_gone_for_the_showdown() -> None:
    """Lines 89, 90 and 106: a winner's Derringers or Tomahawks on a number below its value
    are lost for good, not only for this game; the Tomahawks' Big Blade stays."""
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Kid", Move.STILL))
    table.do(MakeAttack("Stubby", "derringers", 10, ("3h", "2c", "4c")))
    table.do(PlayResult("3h"))  # red wins with 3, below the Kid's 8: the Derringers are spent
    table.do(UseModel("Hatchet", Move.STILL))
    table.do(MakeAttack("Kid", "tomahawks", 10, ("2s", "5d", "6d")))
    table.do(PlayResult("2s"))  # black wins with 2, below Hatchet's 8: the Tomahawks too
    for name in BLACK:
        if name != "Hatchet":
            table.do(Surrender(name))
    table.do(UseModel("Slim", Move.STILL))
    table.do(EndTurn())
    table.do(LeaveTable("Hatchet", Move.QUICK))  # black's last model walks off: red wins
    assert table.state.phase is Phase.AFTER_GAME
    # between games the table already reads what the next game starts with
    assert table.model("Kid").weapons == ("pistol", "brawling")
    table.do(SetUpGame("Qs"))
    kid = table.model("Kid")
    assert (kid.kit, kid.weapons) == (("pistol", "brawling"), ("pistol", "brawling"))
    hatchet = table.model("Hatchet")
    assert (hatchet.kit, hatchet.weapons) == (("big-blade", "brawling"),) * 2


def test_in_single_games_the_next_game_is_set_up_the_same() -> None:
    """Single games (the scenarios) are replayed as set up (line 261: play twice, the same
    set-up): Derringers spent in one game are there in the next."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2s"), Deploy("Sly Shooter"),
                  Deploy("Big Oaf"))
    table.do(UseModel("Sly Shooter", Move.STILL))
    table.do(MakeAttack("Big Oaf", "derringers", 10, ("3c", "2h", "4h")))
    table.do(PlayResult("3c"))  # black wins with 3, below the Shooter's 4
    assert "derringers" not in table.model("Sly Shooter").weapons
    table.do(Surrender("Big Oaf"))
    table.do(SetUpGame("3s"))
    assert "derringers" in table.model("Sly Shooter").weapons


def test_a_game_whose_last_two_fall_together_counts_for_neither() -> None:
    """Line 147 names a winner only while one posse stands on the table: when a Joker lays
    down the last of both at once, nobody wins, and the showdown still needs two wins."""
    table = first_game()
    for name in ("Big Jim", "Man with No Hat", "Strong Man", "Crouch", "Kid", "Doc"):
        table.do(Surrender(name))
    table.do(UseModel("Long Tom", Move.STILL))
    table.do(MakeAttack("Slim", "rifle", 30, ("*", "2d")))
    events = table.do(PlayResult("*"))
    assert KINDS.read(events[-1]) == GameWon(1, None, ())
    assert (table.state.wins("red"), table.state.wins("black")) == (0, 0)
    assert table.state.phase is Phase.AFTER_GAME and table.state.champion is None
    assert {m.name for m in table.state.models() if m.status is Status.DOWN} == {
        "Quickdraw", "Stubby", "Slim", "Long Tom"}


def test_a_posse_with_nobody_left_to_field_loses_the_showdown() -> None:
    """Reading: a posse whose every model is dead or has surrendered cannot play another
    game (line 159), so the other posse wins the showdown at once, whatever the count."""
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    events: list[Event] = []
    for name in BLACK:
        events = table.do(Surrender(name))
    assert table.kinds(events) == ["model_surrendered", "game_won", "showdown_won"]
    assert KINDS.read(events[-1]) == ShowdownWon(
        "red", 1, "The Black Hats has nobody left", "", "The Callahan Gang")
    assert table.state.champion == "red" and table.state.phase is Phase.OVER
