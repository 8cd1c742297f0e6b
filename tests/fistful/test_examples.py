"""Every worked example of the book, played through the rules with its own numbers.

Each test names the book's line (of `../shared/seeds/001_ff0dc4324bba4bce.txt`) and types
the example's dice, coins or sums into the decider (`RULES.decide`, then `evolve`), so the
result asserted is what the rules make of it, never a number written in beside it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmscreen.games.fistful import RULES
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.commands import (
    AddNpc,
    Advance,
    Buy,
    Carouse,
    CheckMorale,
    CreateCharacter,
    Crime,
    CunningDeal,
    DoTime,
    Duel,
    FormPosse,
    LoseWealth,
    OpposedTest,
    PayBounty,
    Rest,
    RollReaction,
    RollTest,
    RollWantedChart,
    ShareTake,
    Side,
    SpendLuck,
    SpendMisfortune,
    TakeHarm,
)
from gmscreen.games.fistful.odds import odds
from gmscreen.games.fistful.state import FistfulState
from tests.fistful.game import apply, posse, refused, run, sheet, told


def test_example_line_14_guts_are_half_grit_rounded_up():
    # Grit 17 (4 4 + 9) gives 9 Guts, Grit 20 (6 5 + 9) gives 10: odd rounds up
    state = posse()
    ann, bo = state.character("Ann"), state.character("Bo")
    assert ann is not None and bo is not None
    assert (ann.grit, ann.guts_max) == (17, 9)
    assert (bo.grit, bo.guts_max) == (20, 10)


@pytest.mark.parametrize(("word", "challenge", "total", "result"), [
    ("simple", 8, 8, "failure"), ("simple", 8, 9, "success"),
    ("standard", 11, 12, "success"), ("hard", 14, 14, "failure"),
    ("daunting", 18, 19, "success")])
def test_example_line_28_the_suggested_challenges_must_be_beaten(word, challenge, total,
                                                                 result):
    # Ann's Grace is 19: the total must beat the Challenge and stay at or under 19
    faces = {8: (4, 4), 9: (4, 5), 12: (6, 6, 0), 14: (6, 4, 4), 19: (6, 6, 5, 2)}[total]
    faces = tuple(f for f in faces if f)
    state = sheet(posse(), "Ann", luck=0)
    events = RULES.decide(state, RollTest("Ann", "grace", challenge, len(faces), faces))
    assert told(events[0]).result == result, word


def test_example_line_30_a_draw_goes_to_the_higher_attribute():
    # both total 10; Ann's Grace 19 beats Bo's 15
    events = RULES.decide(posse(), OpposedTest(Side("Ann", "grace", 2, (6, 4)),
                                               Side("Bo", "grace", 2, (5, 5))))
    assert told(events[0]).winner == "active"


def test_example_line_58_stakes_3_and_a_floating_die_roll_4_and_drop_one():
    state = sheet(posse(), "Ann", luck=1)
    events = RULES.decide(state, RollTest("Ann", "gumption", 11, 3, (6, 5, 4, 1),
                                          floating="luck", removed=1))
    rolled = told(events[0])
    assert len(rolled.rolled) == 4 and rolled.kept == (6, 5, 4)
    assert (rolled.total, rolled.result) == (15, "success")  # 15 is Ann's Gumption: safe
    assert apply(state, events).character("Ann").luck == 0  # type: ignore[union-attr]
    # four dice where three are staked, and no floating die named: refused
    refused(state, RollTest("Ann", "gumption", 11, 3, (6, 5, 4, 1)), "Dice")


def test_example_line_60_the_judge_floats_a_die_and_takes_the_worst_away():
    state = replace(posse(), misfortune=1)
    events = RULES.decide(state, RollTest("Ann", "gumption", 11, 3, (6, 5, 4, 1),
                                          floating="judge"))
    rolled = told(events[0])
    assert rolled.removed == 6 and (rolled.total, rolled.result) == (10, "failure")
    assert apply(state, events).misfortune == 0


def test_example_line_62_a_floating_die_rides_on_top_of_the_stress_limit():
    state = sheet(posse(), "Ann", stress=2, luck=1)  # at most 4 dice
    events = RULES.decide(state, RollTest("Ann", "grace", 11, 4, (5, 4, 3, 2, 1),
                                          floating="luck", removed=1))
    assert len(told(events[0]).rolled) == 5 and told(events[0]).total == 14


def test_example_line_70_heads_six_and_tails_one():
    # Ann flips H H T: 13 against her Gumption 15; Bo H T T: 8 against his 13
    state = sheet(posse(), "Ann", stress=1)
    events = RULES.decide(state, Duel("Ann", "HHT", "Bo", "HTT"))
    duel = told(events[0])
    assert (duel.challenger_total, duel.opponent_total, duel.winner) == (13, 8, "Ann")
    assert apply(state, events).character("Ann").stress == 0  # type: ignore[union-attr]


def test_example_line_72_a_gun_duels_loser_is_out_and_a_wagers_loses_all():
    state = run(posse(), Duel("Ann", "HHT", "Bo", "HTT"))
    bo = state.character("Bo")
    assert bo is not None
    shot = run(state, TakeHarm("Bo", bo.guts, "shot at high noon"))
    assert shot.character("Bo").out_of_action  # type: ignore[union-attr]
    broke = run(sheet(state, "Bo", dollars=40), LoseWealth("Bo", "Ann", "lost at poker"))
    assert broke.character("Bo").dollars == 0  # type: ignore[union-attr]
    assert broke.character("Ann").dollars == 130  # type: ignore[union-attr]


@pytest.mark.parametrize(("stress", "most"), [(0, 6), (1, 5), (2, 4), (3, 3)])
def test_example_line_87_each_stress_is_a_die_fewer(stress, most):
    state = sheet(posse(), "Ann", stress=stress)
    run(state, RollTest("Ann", "grace", 8, most, (1,) * most))
    refused(state, RollTest("Ann", "grace", 8, most + 1, (1,) * (most + 1)), "Stakes")


def test_example_line_99_a_night_heals_a_guts_a_die_and_a_bust_infects_one_a_die():
    hurt = run(posse(), TakeHarm("Bo", 6))  # Bo: 10 Guts to 4, Grit 20
    healed = run(hurt, Rest("Bo", (3, 4, 5)))  # 12, no Challenge: a success, 3 dice
    assert healed.character("Bo").guts == 7  # type: ignore[union-attr]
    infected = run(hurt, Rest("Bo", (6, 6, 5, 4)))  # 21 > 20: a Bust, 4 dice
    bo = infected.character("Bo")
    assert bo is not None and (bo.guts, bo.stress) == (0, 1)


def test_example_lines_44_and_51_luck_buys_a_second_hit_and_misfortune_a_dry_gun():
    state = replace(posse(), misfortune=1)
    # Ann's shot wins on doubles: the Luck it gives is spent at once on a second hit
    state = run(state, OpposedTest(Side("Ann", "gumption", 3, (4, 4, 2)),
                                   Side("Jake", "grace", 2, (3, 2)), "revolver", "Nearby"),
                SpendLuck("Ann", "a second hit on an easier target"),
                SpendMisfortune("runs dry, a moment to reload", on="Bo"))
    assert state.character("Ann").luck == 0 and state.misfortune == 0  # type: ignore


def test_example_line_126_a_shot_is_gumption_on_grace_and_a_die_a_guts():
    # Ann's revolver, 3 dice (9 of her Gumption 15) against Jake's Grace 17 (5 on 2 dice):
    # 3 Guts, +2 for the revolver, at Nearby
    state = posse()
    events = RULES.decide(state, OpposedTest(Side("Ann", "gumption", 3, (4, 3, 2)),
                                             Side("Jake", "grace", 2, (3, 2)),
                                             "revolver", "Nearby"))
    shot = told(events[0])
    assert (shot.active.value, shot.opposition.value) == (15, 17)
    assert (shot.winner, shot.damage) == ("active", 5)
    assert apply(state, events).character("Jake").guts == 4  # type: ignore[union-attr]
    # wrestling: Grit on Grit, Bo's 20 against Jake's 17
    events = RULES.decide(state, OpposedTest(Side("Bo", "grit", 3, (4, 3, 2)),
                                             Side("Jake", "grit", 2, (3, 2)), "fist"))
    assert (told(events[0]).active.value, told(events[0]).opposition.value) == (20, 17)


@pytest.mark.parametrize(("cover", "guts"), [("none", 5), ("light", 3), ("hard", 1)])
def test_example_line_128_light_cover_takes_2_and_hard_cover_4(cover, guts):
    events = RULES.decide(posse(), OpposedTest(Side("Ann", "gumption", 3, (4, 3, 2)),
                                               Side("Jake", "grace", 2, (3, 2)),
                                               "revolver", "Nearby", cover))
    assert told(events[0]).damage == guts


def test_example_line_136_ten_dollars_an_xp_and_a_die_an_xp_above_the_attribute():
    state = run(posse(), ShareTake("Ann", 47))  # $47 of takings: 4 XP
    state = apply(state, RULES.session_ending(state))
    assert state.character("Ann").xp == 4  # type: ignore[union-attr]
    state = run(sheet(state, "Ann", stress=0),
                Carouse("Ann", 0, 2, (1, 1), 3, story="came clean"))
    state = run(state, Advance("Ann", "grit", (6, 6)))  # 12 is not above Grit 17
    ann = state.character("Ann")
    assert ann is not None and (ann.grit, ann.xp) == (17, 2)  # the XP is spent all the same


def test_example_line_136_no_attribute_rises_past_21():
    state = sheet(posse(), "Ann", grace=20, xp=4, advancement_dice=4)
    state = run(state, Advance("Ann", "grace", (6, 6, 6, 3)))  # 21 > 20: up to 21
    assert state.character("Ann").grace == 21  # type: ignore[union-attr]
    refused(sheet(state, "Ann", xp=4, advancement_dice=4),
            Advance("Ann", "grace", (6, 6, 6, 6)), "Advancement")


def test_example_line_146_the_bill_is_a_d6_a_stress_and_a_d6_an_advancement_die():
    # 2 Stress off and 1 die bought: 3d6 showing 3 4 2, a $9 bill, then the table
    state = sheet(posse(), "Ann", stress=2, xp=1, guts=2)
    state = run(state, Carouse("Ann", 2, 1, (3, 4, 2), 3, story="a cousin in Abilene"))
    ann = state.character("Ann")
    assert ann is not None and ann.dollars == 81 and ann.stress == 0
    assert ann.guts == ann.guts_max == 9  # every Guts back


@pytest.mark.parametrize(("table", "again", "dollars"), [(1, (6, 5, 4), 96),
                                                         (5, (1, 2, 3), 75)])
def test_example_lines_150_and_154_the_dice_again_won_or_fined(table, again, dollars):
    state = sheet(posse(), "Ann", stress=2, xp=1)
    state = run(state, Carouse("Ann", 2, 1, (3, 4, 2), table, again=again))
    assert state.character("Ann").dollars == dollars  # type: ignore[union-attr]


def test_example_line_163_at_6_oclock_60_dollars_takes_the_clock_to_5():
    state = run(posse(clock=5), Crime(1, "robbed the stage"))
    state = sheet(state, "Ann", dollars=150, start_purse=0)
    events = RULES.decide(state, PayBounty("Ann"))
    assert told(events[0]).cost == 60
    state = apply(state, events)
    assert state.clock == 5 and state.character("Ann").dollars == 90  # type: ignore


def test_example_line_163_from_9_oclock_the_bounty_cannot_be_paid():
    state = sheet(run(posse(clock=5), Crime(4, "the bank")), "Ann", dollars=500,
                  start_purse=0)
    refused(state, PayBounty("Ann"), "Paying the bounty")
    eight = sheet(run(posse(clock=5), Crime(3, "the bank")), "Ann", dollars=500,
                  start_purse=0)
    assert run(eight, PayBounty("Ann")).clock == 7


def test_example_line_165_time_served_is_at_most_half_the_clock():
    state = run(posse(clock=5), Crime(3, "rustled cattle"))  # 8 o'clock
    refused(state, DoTime("Bo", 5), "Doing time")
    assert run(state, DoTime("Bo", 4)).clock == 4


@pytest.mark.parametrize(("deal", "hours", "after"), [
    ("framed another gang", 2, 4), ("blackmailed a judge", 4, 2),
    ("a witness went missing", 1, 5)])
def test_example_line_167_cunning_deals(deal, hours, after):
    state = run(posse(clock=5), Crime(1, "robbed the stage"))  # 6 o'clock
    assert run(state, CunningDeal(hours, deal)).clock == after


@pytest.mark.parametrize(("dice", "read"), [((3, 3), True), ((3, 4), False)])
def test_example_line_185_the_chart_is_read_at_most_the_hour(dice, read):
    state = run(posse(clock=5), Crime(1, "robbed the stage"))  # 6 o'clock
    entry = told(RULES.decide(state, RollWantedChart(dice))[0]).entry
    assert bool(entry) is read
    if read:
        assert entry.startswith("Well ain't this Fortunate?")


def test_example_line_215_a_lever_rifle_is_rolled_twice():
    # Boutique, 2d6 x 5, rolled twice: 3 4 and 6 6 is 19 x 5 = $95
    state = sheet(posse(), "Ann", dollars=100)
    events = RULES.decide(state, Buy("Ann", Item("Lever action rifle", 6, size="large"),
                                     "Boutique", (3, 4, 6, 6), rolls=2))
    assert told(events[0]).cost == 95
    assert apply(state, events).character("Ann").dollars == 5  # type: ignore[union-attr]


@pytest.mark.parametrize(("rank", "strong", "rest"), [
    ("Poor", 15, 12), ("Common", 17, 15), ("Ornery", 20, 17)])
def test_example_line_255_npc_ranks(rank, strong, rest):
    state = run(FistfulState(), AddNpc("Deputy", rank, strong="gumption"))
    npc = state.character("Deputy")
    assert npc is not None
    assert (npc.gumption, npc.grit, npc.grace) == (strong, rest, rest)
    assert npc.guts_max == -(-rest // 2)  # Guts as usual, from Grit


def test_example_line_255_an_infamous_npc_is_21_20_and_18():
    state = run(FistfulState(), AddNpc("Marshal", "Infamous", strong="gumption",
                                       second="grit"))
    npc = state.character("Marshal")
    assert npc is not None and (npc.gumption, npc.grit, npc.grace) == (21, 20, 18)
    assert npc.guts_max == 10


def test_example_line_257_a_bear_high_grit_middling_grace_little_gumption():
    state = run(posse(), AddNpc("Bear", "Creature", attributes=(26, 6, 14),
                                natural="claws +2"))
    bear = state.character("Bear")
    assert bear is not None and (bear.grit, bear.grace, bear.gumption) == (26, 14, 6)
    assert bear.guts_max == 13
    # its claws hit harder than a fist: 3 dice and +2
    events = RULES.decide(state, OpposedTest(Side("Bear", "grit", 3, (4, 5, 6)),
                                             Side("Bo", "grace", 2, (1, 2)), "natural"))
    assert told(events[0]).damage == 5


def test_example_line_261_morale_is_4d6_and_a_fifth_below_half():
    state = run(posse(), AddNpc("Kid", "Poor", strong="gumption"))  # Grit 12, 6 Guts
    broke = told(RULES.decide(state, CheckMorale("Kid", (6, 3, 2, 2), coin="H"))[0])
    assert broke.broke and broke.grit == 12  # 13 > 12: a Bust
    refused(state, CheckMorale("Kid", (1, 1, 1, 1, 1)), "Dice")
    hurt = run(state, TakeHarm("Kid", 4))  # 2 of 6 Guts: below half
    held = told(RULES.decide(hurt, CheckMorale("Kid", (1, 2, 3, 2, 1)))[0])
    assert not held.broke and held.total == 9
    refused(hurt, CheckMorale("Kid", (1, 1, 1, 1)), "Dice")


@pytest.mark.parametrize(("dice", "extra", "starts"), [
    ((1, 1), 0, "Fearful/awed"), ((4, 4), 0, "Guarded"), ((4, 4), 2, "Devious"),
    ((4, 4), 3, "Tries to take the posse prisoner"), ((6, 6), 0, "Tries to kill"),
    ((4, 4), 6, "Tries to kill")])  # 8 and a d6 of 6 is 14: "12 and up"
def test_example_line_265_the_reaction_table(dice, extra, starts):
    rolled = told(RULES.decide(posse(), RollReaction(dice, extra=extra))[0])
    assert rolled.total == sum(dice) + extra
    assert rolled.entry.startswith(starts)


def test_example_line_320_three_oclock_is_3d6_times_10_not_for_the_clock():
    state = run(FistfulState(), FormPosse("The Test Gang", 3),
                CreateCharacter("Ann", (4, 4, 3, 3, 5, 5), (2, 5, 6)))
    ann = state.character("Ann")
    assert ann is not None and ann.dollars == ann.start_purse == 130
    refused(state, PayBounty("Ann"), "Paying the bounty")


def test_example_odds_of_the_floating_die_example():
    # Stakes 3 against Gumption 15 and a standard Challenge 11, with and without a
    # floating die: the player's die raises the chance, the Judge's lowers it
    plain = odds(3, 15, 11)
    assert odds(3, 15, 11, "player").success > plain.success > odds(3, 15, 11,
                                                                    "judge").success
