"""Hiring from a pool (module lines 169-173): a roll-off, the higher card picks first, then
the players pick by turns; the roll-off is Open Fire's (digest 1.2: one die each, ties
again), a card each from a shuffled pack."""

from __future__ import annotations

import random

from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.commands import (
    ChooseSetUp,
    CloseAftermath,
    EndGame,
    Enlist,
    FoundGang,
    RollOffForPicks,
    StartGame,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, LEADER, Recruit
from gmscreen.games.devils_bluff.hiring import enlisting_gang, leader_wanted, why_not_roll_off
from tests.devils_bluff.helpers import Table, unshuffled
from tests.devils_bluff.test_game import refused

MA, COLE = "Ma", "Cole"


def pool(mode: str = "campaign", led: bool = True) -> Table:
    """Two gangs founded to hire from a pool; `led`, each with its Gang Leader, made before
    the roll-off (a campaign's)."""
    table = Table()
    table.execute(ChooseSetUp(mode, "pool"))
    table.execute(FoundGang(MA, "The Hendry Boys"))
    table.execute(FoundGang(COLE, "Bluff Regulators"))
    for player in (MA, COLE) if led else ():
        table.execute(Enlist(player, Recruit(f"{player} leader", LEADER, "Revolver",
                                             ("Quick",))))
    return table


def test_the_roll_off_draws_from_a_shuffled_pack_and_starts_the_picks() -> None:
    # the bug: drawn from the unshuffled pack, 2c against 2d, then 2h 2s... always a tie
    for seed in range(20):
        table = pool()
        (event,) = table.execute(RollOffForPicks(shuffle_order(random.Random(seed))))
        draws = event.data["draws"]
        # a card each (a roll-off is one die each), the last pair not tied
        assert [len(d["cards"]) for d in draws] == [1] * len(draws)
        last = {d["player"]: d["cards"][0] for d in draws[-2:]}
        assert last[MA][0] != last[COLE][0]
        assert table.state.picker == event.data["first"]
        assert table.state == table.replayed()


def test_the_roll_off_needs_a_shuffled_pack() -> None:
    refused(pool(), RollOffForPicks(()), "Draw Deck")
    refused(pool(), RollOffForPicks((1, 2, 3)), "Draw Deck")


def test_the_higher_card_picks_first_and_ties_draw_again() -> None:
    table = pool()
    (event,) = table.execute(RollOffForPicks(typed=((MA, "7h 9c"), (COLE, "7d 2s"))))
    assert event.data["first"] == MA and table.state.picker == MA
    assert RULES.describe(table.events[-1]) == (
        "Roll-off for the hiring pool: Ma 7♥, Cole 7♦, Ma 9♣, Cole 2♠; Ma picks first")
    # Cole's King beats Ma's Queen: a King is 13 here
    table = pool()
    table.execute(RollOffForPicks(typed=((MA, "Qh"), (COLE, "Kd"))))
    assert table.state.picker == COLE


def test_typed_cards_are_refused_with_the_field_named() -> None:
    tie = refused(pool(), RollOffForPicks(typed=((MA, "7h"), (COLE, "7d"))), "Roll-off")
    assert tie.field == "typed0" and "tie" in tie.message
    assert refused(pool(), RollOffForPicks(typed=((MA, "7h 9c"), (COLE, "2d"))),
                   "Draw Deck").field == "typed0"
    assert refused(pool(), RollOffForPicks(typed=((MA, "7x"), (COLE, "2d"))),
                   "Draw Deck").field == "typed0"
    assert refused(pool(), RollOffForPicks(typed=((MA, "7h"), (COLE, ""))),
                   "Draw Deck").field == "typed1"
    assert refused(pool(), RollOffForPicks(typed=((MA, "7h"), (COLE, "7h"))),
                   "Draw Deck").field == "typed1"


def test_a_roll_off_typed_from_the_table_s_pack_needs_no_shuffle_of_the_app_s() -> None:
    # a card each from the table's own pack (module lines 169-173, the core's roll-off):
    # whatever shuffle the app sent along is not the table's and is let be, not read
    for order in ((60,), (-3, 5), (1, 1), (), unshuffled()):
        table = pool()
        (event,) = table.execute(RollOffForPicks(order, typed=((MA, "Kh"), (COLE, "2c"))))
        assert event.data["first"] == MA and table.state.picker == MA
        assert table.state == table.replayed()
    # nothing typed: the app's shuffle is the pack, and must be whole
    refused(pool(), RollOffForPicks((60,)), "Draw Deck")


def test_the_picks_alternate_from_the_winner() -> None:
    table = pool()
    table.execute(RollOffForPicks(typed=((MA, "2h"), (COLE, "Kd"))))
    gun = Recruit("Dutch", GUNSLINGER, "Revolver", hired=True)
    refused(table, Enlist(MA, gun), "Hiring pool")
    table.execute(Enlist(COLE, gun))
    assert table.state.picker == MA


def test_each_game_hired_from_a_pool_starts_with_a_roll_off() -> None:
    table = pool()
    assert why_not_roll_off(table.state) is None
    table.execute(RollOffForPicks(shuffle_order(random.Random(2))))
    roll_off = why_not_roll_off(table.state)
    assert roll_off is not None and roll_off.rule == "Hiring pool"
    table.execute(StartGame(unshuffled()))
    table.execute(EndGame())
    table.execute(CloseAftermath())
    # the next game's hired guns come from the pool again: a new roll-off first
    assert why_not_roll_off(table.state) is None
    table.execute(RollOffForPicks(shuffle_order(random.Random(2))))


def test_both_gangs_hire_as_many_from_a_pool() -> None:
    table = pool()
    table.execute(RollOffForPicks(typed=((MA, "Kh"), (COLE, "2d"))))
    table.execute(Enlist(MA, Recruit("Dutch", GUNSLINGER, "Rifle", hired=True)))
    # Ma has one hired gun and Cole none: the pool must give both the same number
    assert refused(table, StartGame(unshuffled()), "Hiring pool").message.startswith(
        "Ma's gang hired 1")
    table.execute(Enlist(COLE, Recruit("Ames", GUNSLINGER, "Shotgun", hired=True)))
    table.execute(StartGame(unshuffled()))


def test_the_roll_off_waits_for_each_gang_s_own_models() -> None:
    """Module lines 99, 107 and 173: a gang starts from its Gang Leader (and in a one-off
    its two custom gunslingers), then hires; the picks go on until each gang has ten. Rolled
    off before Cole had made his leader, the picks filled his gang with ten hired guns and
    left no room for him: the game could not start until one was dismissed."""
    table = pool(led=False)
    table.execute(Enlist(MA, Recruit("Ma leader", LEADER, "Revolver", ("Quick",))))
    why = refused(table, RollOffForPicks(shuffle_order(random.Random(2))), "Hiring pool")
    assert why.message == ("Cole's gang has no Gang Leader yet: each gang makes its own "
                           "models before the picks, which fill it to ten"), why.message
    table.execute(Enlist(COLE, Recruit("Cole leader", LEADER, "Revolver", ("Quick",))))
    assert why_not_roll_off(table.state) is None
    # a one-off: the leader and both custom gunslingers first
    table = pool("one-off", led=False)
    for player in (MA, COLE):
        table.execute(Enlist(player, Recruit(f"{player} leader", LEADER, "Revolver",
                                             ("Quick", "Deft", "Tough", "Deadly"))))
    table.execute(Enlist(MA, Recruit("Ma custom", GUNSLINGER, "Revolver",
                                     ("Quick", "Deft", "Tough"))))
    why = refused(table, RollOffForPicks(shuffle_order(random.Random(2))), "Hiring pool")
    assert why.message == ("Ma's gang has 1 of its 2 custom gunslingers, Cole's 0: each "
                           "gang makes its own models before the picks, which fill it to "
                           "ten"), why.message


def test_the_enlist_form_starts_on_a_gang_still_to_make_its_leader_before_the_picks() -> None:
    """Hiring from a pool, nothing but a gang's own models may join before the roll-off:
    with Ma's leader made and highlighted, the form offered Ma a hired gun (refused once
    sent, "roll off for the first pick first"); it starts on Cole, who has no leader yet."""
    table = pool(led=False)
    table.execute(Enlist(MA, Recruit("Ma leader", LEADER, "Revolver", ("Quick",))))
    assert enlisting_gang(table.state, "Ma leader") == COLE
    assert leader_wanted(table.state, COLE)
    table.execute(Enlist(COLE, Recruit("Cole leader", LEADER, "Revolver", ("Quick",))))
    table.execute(RollOffForPicks(typed=((MA, "2h"), (COLE, "Kd"))))
    assert enlisting_gang(table.state, "Ma leader") == COLE  # his pick
    # hiring by controlled choice, the highlighted model's gang, which may hire at once
    table = Table()
    table.execute(ChooseSetUp("campaign", "controlled choice"))
    table.execute(FoundGang(MA, "The Hendry Boys"))
    table.execute(FoundGang(COLE, "Bluff Regulators"))
    table.execute(Enlist(MA, Recruit("Ma leader", LEADER, "Revolver", ("Quick",))))
    assert enlisting_gang(table.state, "Ma leader") == MA


def test_the_picks_end_once_both_gangs_are_full() -> None:
    """Module line 173: the picks go on until each gang has ten. With both full the
    Characters tab still read "Cole picks next from the pool (e enlists)", and e offered
    him an eleventh model the rules refused."""
    table = pool()
    table.execute(RollOffForPicks(typed=((MA, "Kh"), (COLE, "2d"))))
    for n in range(9):
        for player in (MA, COLE):
            table.execute(Enlist(player, Recruit(f"{player} {n}", GUNSLINGER, "Revolver",
                                                 hired=True)))
    assert table.state.picker == ""
    told = " ".join(view.campaign_lines(table.state))
    assert "picks next" not in told and "rolls off" not in told, told
    assert "Both gangs are ready" in told, told
    assert refused(table, RollOffForPicks(typed=((MA, "Kh"), (COLE, "2d"))),
                   "Hiring pool").message == "both gangs have 10 models: nothing is left to pick"
