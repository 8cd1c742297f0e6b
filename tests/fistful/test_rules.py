"""The decider: each command's rule, a refusal that changes nothing, and the book's numbers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

import pytest

from gmscreen.games.fistful import (
    RULES,
    between_rules,
    conflict_rules,
    fight_rules,
    rules,
    wanted_rules,
)
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.commands import (
    AddNpc,
    Advance,
    Buy,
    Carouse,
    ChangeGlory,
    CheckAmmunition,
    CheckMorale,
    ChooseOptionalRules,
    CreateCharacter,
    Crime,
    CunningDeal,
    DoTime,
    DoubleDown,
    Duel,
    EditSheet,
    EndFight,
    EndTurn,
    FlipInitiative,
    FormPosse,
    JoinFight,
    LeaveFight,
    LoseWealth,
    MoveInFight,
    OpposedTest,
    PayBounty,
    QuickDraw,
    Rest,
    Revive,
    RollOutOfAction,
    RollReaction,
    RollTest,
    RollWantedChart,
    Sell,
    SetSceneDie,
    ShareTake,
    Side,
    SpendLuck,
    TakeHarm,
)
from gmscreen.games.fistful.events import KINDS
from gmscreen.games.fistful.fight import attack_range
from gmscreen.games.fistful.state import FistfulState, Settings
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.rules import RuleError
from tests.fistful.game import apply, posse, refused, run, sheet, told


def test_a_character_is_rolled_2d6_plus_9_in_order_with_guts_half_grit_rounded_up():
    state = posse()
    ann = state.character("Ann")
    assert ann is not None
    assert (ann.grit, ann.gumption, ann.grace) == (17, 15, 19)
    assert ann.guts == ann.guts_max == 9  # 17 / 2 rounded up
    assert ann.dollars == ann.start_purse == 90  # 3d6 x 10 at 3 o'clock: 3 + 3 + 3


def test_one_swap_of_two_scores():
    state = run(FistfulState(), FormPosse("G", 1),
                CreateCharacter("Cy", (1, 1, 6, 6, 3, 3), (2,), swap=("grit", "gumption")))
    cy = state.character("Cy")
    assert cy is not None and (cy.grit, cy.gumption, cy.grace) == (21, 11, 15)
    assert cy.guts == 11 and cy.dollars == 20


def test_the_purse_is_as_many_d6_as_the_hour():
    state = run(FistfulState(), FormPosse("G", 2))
    refused(state, CreateCharacter("Cy", (1, 1, 1, 1, 1, 1), (2, 2, 2)), "Dice")


def test_the_clock_starts_between_one_and_five():
    refused(FistfulState(), FormPosse("G", 6), "Posse creation")
    refused(FistfulState(), FormPosse("G", 0), "Posse creation")


@pytest.mark.parametrize(("rank", "values"), [
    ("Poor", (15, 12, 12)), ("Common", (17, 15, 15)), ("Ornery", (20, 17, 17))])
def test_npc_ranks(rank, values):
    state = run(FistfulState(), AddNpc("X", rank, strong="grace"))
    x = state.character("X")
    assert x is not None and x.rank == rank
    assert (x.grace, x.grit, x.gumption) == values
    assert x.guts == -(-x.grit // 2)


def test_an_infamous_npc_has_21_20_and_18():
    state = run(FistfulState(), AddNpc("M", "Infamous", strong="gumption", second="grace"))
    m = state.character("M")
    assert m is not None and (m.gumption, m.grace, m.grit) == (21, 20, 18) and m.guts == 9


def test_a_creature_may_pass_the_human_limits():
    state = run(FistfulState(), AddNpc("Bear", "Creature", attributes=(27, 6, 14)))
    bear = state.character("Bear")
    assert bear is not None and bear.grit == 27 and bear.guts == 14
    refused(FistfulState(), AddNpc("Ox", "Common", attributes=(25, 10, 10)), "NPC rank")


def test_a_new_character_starts_with_no_gear_and_buys_it():  # lines 311-315
    state = posse()
    error = refused(state, CreateCharacter("Cy", (1, 1, 1, 1, 1, 1), (1, 1, 1), equipment=(
        Item("Revolver", 1, quickdraw=True),)), "Character creation")
    assert error.field == "equipment" and "Buy" in error.message
    state = run(state, CreateCharacter("Cy", (1, 1, 1, 1, 1, 1), (1, 1, 1)))
    cy = state.character("Cy")
    assert cy is not None and cy.equipment == () and cy.dollars == 30
    state = run(state, Buy("Cy", Item("Derringer", 1, quickdraw=True), "Common", (4,)))
    cy = state.character("Cy")
    assert cy is not None and cy.dollars == cy.start_purse == 26 and len(cy.equipment) == 1


def test_equipment_slots_are_checked():
    state = run(posse(), CreateCharacter("Cy", (1, 1, 1, 1, 1, 1), (1, 1, 1)))  # Grit 11
    base = EditSheet("Cy", "", "", "", "", ())
    ok = replace(base, equipment=(Item("Revolver", 1, quickdraw=True),
                                  Item("Shells", 2, count=3), Item("Rifle", 6, size="large")))
    run(state, ok)
    for bad in ((Item("Lantern", 1),),                                # slot 1 is quick-draw
                (Item("Rifle", 5, size="large"),),                    # large from 6 up
                (Item("Shells", 2, count=4), Item("Rope", 3)),         # 4 shells: 2 slots
                (Item("Rope", 2), Item("Lamp", 2)),                    # one slot each
                (Item("Rifle", 11, size="large"),),                   # 11-12, past Grit 11
                (Item("Barrel", 6, size="very large"),)):             # 6 slots: 6-11 is fine
        command = replace(base, equipment=bad)
        if bad[0].name == "Barrel":
            run(state, command)
        else:
            refused(state, command, "Encumbrance")


def test_a_refused_command_changes_nothing():
    state = posse()
    before = state
    refused(state, RollTest("Ann", "grit", 11, 7, (1,) * 7), "Stakes")
    assert state == before


def test_a_simple_test_banks_luck_on_doubles_and_a_bust_costs_stress():
    state = posse()
    state = run(state, RollTest("Ann", "grace", 11, 3, (5, 5, 2)))
    ann = state.character("Ann")
    assert ann is not None and ann.luck == 1 and ann.stress == 0
    state = run(state, RollTest("Ann", "gumption", 11, 4, (6, 6, 3, 1)))  # 16 > 15: Bust
    ann = state.character("Ann")
    assert ann is not None and ann.stress == 1 and state.misfortune == 1


def test_luck_beyond_three_is_spent_at_once():
    state = sheet(posse(), "Ann", luck=3)
    events = RULES.decide(state, RollTest("Ann", "grace", 11, 3, (5, 5, 2)))
    assert told(events[0]).luck_spent_at_once is True
    assert apply(state, events).character("Ann").luck == 3  # type: ignore[union-attr]


def test_floating_luck_die_is_taken_away_and_may_pass_the_stress_limit():
    state = sheet(posse(), "Ann", luck=1, stress=3)  # Stakes limit 3
    events = RULES.decide(state, RollTest("Ann", "grace", 11, 3, (6, 6, 5, 2),
                                          floating="luck"))
    # the app takes the die that serves Ann best: a 2 (6+6+5 = 17 is safe under Grace 19);
    # the Luck spent comes back at once from the kept doubles
    assert told(events[0]).removed == 2 and told(events[0]).total == 17
    state = apply(state, events)
    ann = state.character("Ann")
    assert ann is not None and ann.luck == 1 and told(events[0]).luck_earned
    refused(sheet(state, "Ann", luck=0),
            RollTest("Ann", "grace", 11, 3, (1, 2, 3, 4), floating="luck"), "Floating die")


def test_the_judges_floating_die_spends_misfortune():
    state = replace(posse(), misfortune=1)
    # Grit 20, Challenge 14: the Judge takes a 6 away, leaving 6 5 2 = 13, a failure.
    events = RULES.decide(state, RollTest("Bo", "grit", 14, 3, (6, 6, 5, 2), floating="judge",
                                          removed=6))
    assert told(events[0]).removed == 6 and told(events[0]).result == "failure"
    assert apply(state, events).misfortune == 0
    refused(replace(state, misfortune=0),
            RollTest("Bo", "grit", 14, 3, (6, 6, 5, 2), floating="judge"), "Floating die")


def test_the_background_die_once_a_session():
    state = run(sheet(posse(), "Bo", background="Rode with the cavalry"),
                RollTest("Bo", "grit", 8, 2, (3, 4, 5), floating="background"))
    refused(state, RollTest("Bo", "grit", 8, 2, (3, 4, 5), floating="background"),
            "Background")


def test_doubling_down_after_a_plain_failure():
    state = sheet(posse(), "Bo", stress=2)
    state = run(state, RollTest("Bo", "grit", 14, 3, (2, 3, 4)))  # 9: a plain failure
    state = run(state, DoubleDown((5, 4)))
    bo = state.character("Bo")
    assert bo is not None and bo.stress == 2 and state.misfortune == 1
    refused(state, DoubleDown((1, 1)), "Doubling Down")  # the test is settled


def test_doubling_down_into_a_bust_gives_stress():
    state = sheet(posse(), "Bo", stress=2)
    state = run(state, RollTest("Bo", "grit", 14, 3, (3, 4, 5)), DoubleDown((6, 6)))
    assert state.character("Bo").stress == 3  # type: ignore[union-attr]


def test_an_opposed_shot_harms_the_loser():
    state = posse()
    shot = OpposedTest(Side("Ann", "gumption", 3, (5, 4, 3)),
                       Side("Jake", "grace", 2, (4, 5)), weapon="revolver", band="Nearby")
    events = RULES.decide(state, shot)
    assert told(events[0]).winner == "active" and told(events[0]).damage == 5
    assert apply(state, events).character("Jake").guts == 4  # type: ignore[union-attr]


def test_a_duel_by_coins_the_winner_sheds_a_stress():
    state = sheet(posse(), "Ann", stress=2)
    state = run(state, Duel("Ann", "HHT", "Bo", "HTT"))
    assert state.character("Ann").stress == 1  # type: ignore[union-attr]
    refused(state, Duel("Ann", "HHHHHH", "Bo", "H"), "Stakes")  # 6 coins at 1 Stress


def test_a_duel_winner_sheds_one_stress_and_the_loser_keeps_theirs():
    state = sheet(sheet(posse(), "Ann", stress=0), "Bo", stress=3)
    state = run(state, Duel("Ann", "HHT", "Bo", "HTT"))  # 13 beats 8, nobody busts
    assert state.character("Ann").stress == 0  # type: ignore[union-attr]
    assert state.character("Bo").stress == 3  # type: ignore[union-attr]
    state = run(state, Duel("Bo", "HHT", "Ann", "TTT"))  # Bo wins: 3 Stress to 2
    assert state.character("Bo").stress == 2  # type: ignore[union-attr]


def test_a_wager_lost_takes_all_the_losers_dollars_to_the_winner_or_away():
    state = sheet(sheet(posse(), "Ann", dollars=40, take=5), "Bo", dollars=25)
    won = run(state, LoseWealth("Bo", "Ann", "lost at faro"))
    ann, bo = won.character("Ann"), won.character("Bo")
    assert ann is not None and bo is not None
    assert (bo.dollars, bo.start_purse) == (0, 0)  # starting money goes too
    # won from one of the posse: no XP, the kind of money kept (stop 62)
    before = {x.name: x.start_purse for x in state.posse_members}
    assert (ann.dollars, ann.take, ann.start_purse) == (65, 5, before["Ann"] + before["Bo"])
    events = RULES.decide(state, LoseWealth("Bo", "Ann", "lost at faro"))
    assert RULES.describe(_event(events[0])) == (
        "Bo loses all their $25 to Ann (lost at faro); won within the posse, it earns no XP "
        "and its starting money stays so")
    assert RULES.subjects(_event(events[0])) == {"Ann", "Bo"}
    gone = run(state, LoseWealth("Bo"))
    assert gone.character("Bo").dollars == 0  # type: ignore[union-attr]
    assert gone.character("Ann") == state.character("Ann")
    # an NPC who wins keeps the Dollars but earns no XP from them
    jake = run(state, LoseWealth("Ann", "Jake")).character("Jake")
    assert jake is not None and (jake.dollars, jake.take) == (40, 0)
    refused(gone, LoseWealth("Bo", "Ann"), "High Stakes Duel")  # nothing left to lose
    error = refused(state, LoseWealth("Bo", "Bo"), "High Stakes Duel")
    assert error.field == "winner"
    refused(state, LoseWealth("Bo", "Nobody"), "High Stakes Duel")


def test_out_of_action_at_0_guts_no_test_nor_duel_but_rest():
    state = run(posse(), TakeHarm("Bo", 30, "shot down in a duel"))
    error = refused(state, RollTest("Bo", "grit", 8, 1, (3,)), "Out of action")
    assert "Bo is at 0 Guts" in error.message and error.field == "name"
    refused(state, Duel("Ann", "HHT", "Bo", "HTT"), "Out of action")
    refused(state, OpposedTest(Side("Ann", "gumption", 2, (3, 4)),
                               Side("Bo", "grace", 2, (4, 5))), "Out of action")
    # the way up goes through the Out of action table first (book lines 103, 105)
    refused(state, Rest("Bo", (1, 2)), "Out of action")
    rested = run(state, RollOutOfAction("Bo", 1), Rest("Bo", (1, 2)))
    assert rested.character("Bo").guts == 2  # type: ignore[union-attr]


def test_harm_out_of_action_and_revival():
    state = run(posse(), TakeHarm("Bo", 30, "dynamite"))
    bo = state.character("Bo")
    assert bo is not None and bo.guts == 0 and bo.out_of_action
    state = run(state, RollOutOfAction("Bo", 4))  # Maimed: Grit -1, a Stress
    bo = state.character("Bo")
    assert bo is not None and bo.grit == 19 and bo.stress == 1
    state = run(state, Revive("Bo", 3))
    assert state.character("Bo").guts == 3  # type: ignore[union-attr]


def test_out_of_action_six_is_death():
    state = run(posse(), TakeHarm("Bo", 30), RollOutOfAction("Bo", 6))
    assert state.character("Bo").dead  # type: ignore[union-attr]
    refused(state, RollTest("Bo", "grit", 8, 1, (3,)), "Out of action")


def test_rest_heals_a_guts_per_die_and_a_bust_infects():
    state = run(posse(), TakeHarm("Bo", 5))  # 10 -> 5
    state = run(state, Rest("Bo", (3, 4, 5)))
    assert state.character("Bo").guts == 8  # type: ignore[union-attr]
    state = run(state, Rest("Bo", (6, 6, 5, 4)))  # 21 > Grit 20: Bust
    bo = state.character("Bo")
    assert bo is not None and bo.guts == 4 and bo.stress == 1


def test_the_wanted_clock_moves():
    state = posse(clock=5)
    state = run(state, Crime(2, "shot the sheriff"))
    assert state.clock == 7
    state = run(state, DoTime("Bo", 3, "Bo serves a month"))
    assert state.clock == 4
    refused(state, DoTime("Bo", 3), "Doing time")  # at most half of 4
    state = run(state, CunningDeal(9, "framed the Hole-in-the-Wall gang"))
    assert state.clock == 1
    assert [m.how for m in state.clock_moves] == ["crime", "time", "deal"]


def test_paying_off_costs_ten_times_the_hour_and_not_from_starting_money():
    state = posse(clock=3)
    refused(state, PayBounty("Ann"), "Paying the bounty")  # all her $90 is starting money
    state = run(state, ShareTake("Ann", 30), PayBounty("Ann"))
    assert state.clock == 2 and state.character("Ann").dollars == 90  # type: ignore[union-attr]
    state = run(state, Crime(7, "train robbery"))
    refused(state, PayBounty("Ann"), "Paying the bounty")  # 9 o'clock: too late


def test_the_wanted_chart():
    state = posse(clock=3)
    events = RULES.decide(state, RollWantedChart((1, 2)))
    assert told(events[0]).entry.startswith("Howdy!")
    assert told(RULES.decide(state, RollWantedChart((2, 2)))[0]).entry == ""


def test_carousing_with_a_wanted_result_moves_the_clock_and_links_it():
    state = sheet(posse(), "Ann", stress=2, xp=3, guts=1)
    events = RULES.decide(state, Carouse("Ann", 2, 1, (3, 4, 2), 6, coin="H"))
    state = apply(state, events, seq=10)
    ann = state.character("Ann")
    assert ann is not None and ann.stress == 0 and ann.dollars == 81 and ann.guts == 9
    assert ann.advancement_dice == 1
    assert state.clock == 4 and state.clock_moves[-1].cause == 10


def test_carousing_runs_into_debt_and_a_brawl_lowers_max_guts():
    state = sheet(posse(), "Ann", stress=3, dollars=5, start_purse=5)
    state = run(state, Carouse("Ann", 3, 0, (6, 6, 6), 4))
    ann = state.character("Ann")
    assert ann is not None and ann.dollars == 0 and ann.debt == 13
    assert ann.guts_max == 7 and ann.guts == 7
    refused(state, Carouse("Ann", 0, 0, (), 1), "Carousing")  # no money for a tab


def test_advancement_rolls_above_the_attribute_and_guts_follow_grit():
    state = sheet(posse(), "Ann", xp=4, advancement_dice=4)
    state = run(state, Advance("Ann", "grit", (6, 5, 4, 3)))  # 18 > 17
    ann = state.character("Ann")
    assert ann is not None and ann.grit == 18 and ann.xp == 0 and ann.guts == 9
    refused(state, Advance("Ann", "grit", (6,)), "Advancement")


def test_xp_from_the_session_take():
    state = run(posse(), ShareTake("Ann", 47))
    state = apply(state, RULES.session_ending(state))
    assert state.character("Ann").xp == 4  # type: ignore[union-attr]


def test_spending_luck():
    state = sheet(posse(), "Ann", luck=1)
    state = run(state, RollTest("Ann", "grace", 11, 3, (5, 5, 2)),  # doubles: a Luck
                SpendLuck("Ann", "shoot the lamp out"))
    assert state.character("Ann").luck == 1  # type: ignore[union-attr]
    refused(state, SpendLuck("Ann", "x", on_stress=True), "Stress for Luck")


def optional(**on: bool) -> FistfulState:
    return replace(posse(), settings=Settings(**on))


def test_five_under_takes_a_stress_for_a_success_on_five_dice():
    state = sheet(optional(five_under=True), "Bo", stress=1)  # Stakes limit 5
    state = run(state, RollTest("Bo", "grit", 11, 5, (1, 2, 3, 4, 6)))  # 16, a success
    assert state.character("Bo").stress == 0  # type: ignore[union-attr]
    plain = run(sheet(posse(), "Bo", stress=1), RollTest("Bo", "grit", 11, 5, (1, 2, 3, 4, 6)))
    assert plain.character("Bo").stress == 1  # type: ignore[union-attr]


def test_scene_stakes_count_the_scene_die_as_one_of_the_stakes():
    state = run(optional(scene_stakes=True), SetSceneDie(6))
    events = RULES.decide(state, RollTest("Ann", "grace", 11, 3, (2, 4)))
    assert told(events[0]).kept == (2, 4, 6) and told(events[0]).total == 12
    refused(state, RollTest("Ann", "grace", 11, 3, (2, 4, 5)), "Dice")
    refused(posse(), SetSceneDie(3), "Scene stakes")


def test_stress_for_luck():
    state = sheet(optional(stress_for_luck=True), "Ann", stress=2)
    state = run(state, RollTest("Ann", "grace", 11, 2, (6, 6)),  # a Luck, just rolled
                SpendLuck("Ann", "calm nerves", on_stress=True))
    ann = state.character("Ann")
    assert ann is not None and ann.luck == 0 and ann.stress == 1


def test_double_or_nothing_coins_count_six_or_one():
    state = sheet(optional(coin_double_down=True), "Bo", stress=2)
    state = run(state, RollTest("Bo", "grit", 14, 3, (2, 3, 4)))
    refused(state, DoubleDown((3, 4)), "Doubling Down")
    state = run(state, DoubleDown((6, 1)))  # 9 + 7 = 16: a success
    assert state.open_test is None and state.misfortune == 1


def test_glory_is_kept_only_with_its_rule():
    refused(posse(), ChangeGlory(2, "the papers"), "Glory")
    state = run(optional(glory=True), ChangeGlory(2, "the papers"), ChangeGlory(-5, "forgot"))
    assert state.glory == 0


def test_choosing_optional_rules_is_an_event():
    state = run(posse(), ChooseOptionalRules(Settings(glory=True, five_under=True)))
    assert state.settings.glory and state.settings.five_under
    assert not state.settings.scene_stakes


def test_buying_at_a_rolled_price_and_selling_used_at_half():
    state = posse()
    revolver = Item("Revolver", 1, quickdraw=True)
    state = run(state, Buy("Ann", revolver, "Boutique", (3, 4)))  # 2d6 x 5 = 35
    ann = state.character("Ann")
    # spent from the starting money first, which the Revolver keeps (stop 63)
    assert ann is not None and ann.dollars == 55 and ann.start_purse == 55
    assert ann.equipment == (replace(revolver, start_money=35),)
    refused(state, Buy("Ann", Item("Rifle", 6, size="large"), "Boutique", (6, 6)),
            "Prices")  # 2d6 x 5 = $60, and Ann has $55
    state = run(state, Sell("Ann", "Revolver", "Boutique", (5, 5)))  # 50, used: 25
    ann = state.character("Ann")
    assert ann is not None and ann.dollars == 80 and ann.equipment == ()
    assert ann.start_purse == 80  # the $25 back is starting money, of the $35 paid


def test_a_trade_tells_the_dice_the_price_and_the_money_left():
    state = posse()  # Ann has $90
    revolver = Item("Revolver", 1, quickdraw=True)
    bought = RULES.decide(state, Buy("Ann", revolver, "Boutique", (3, 4)))
    assert RULES.describe(_event(bought[0])) == (
        "Ann buys Revolver (Boutique, dice 3 4) for $35; Ann has $55 left")
    state = apply(state, bought)
    sold = RULES.decide(state, Sell("Ann", "Revolver", "Boutique", (5, 5)))
    assert RULES.describe(_event(sold[0])) == (
        "Ann sells Revolver (dice 5 5, used: half of $50) for $25 (starting money, which "
        "cannot pay the bounty); Ann has $80 now")


def test_a_buy_the_buyer_cannot_afford_is_refused_with_the_price_rolled():
    state = posse()  # Ann has $90; a thoroughbred is Bespoke, rolled four times
    error = refused(state, Buy("Ann", Item("Thoroughbred", 9, size="large"), "Bespoke",
                               (6,) * 16, rolls=4), "Prices")
    assert error.message.startswith("Thoroughbred costs $960 (dice 6 6 6 6")
    assert "Ann has only $90" in error.message and error.field == "dice"


def test_the_dice_of_a_price_are_exactly_its_rolls():
    state = sheet(posse(), "Ann", dollars=1000)
    horse = Item("Thoroughbred", 9, size="large")
    # 16 dice are four Bespoke rolls (4d6 each), never one
    error = refused(state, Buy("Ann", horse, "Bespoke", (1,) * 16), "Prices")
    assert error.field == "dice" and "rolled once: 4 dice, not 16" in error.message
    error = refused(state, Buy("Ann", horse, "Bespoke", (1,) * 12, rolls=4), "Prices")
    assert "rolled 4 times: 16 dice, not 12" in error.message
    refused(state, Buy("Ann", horse, "Bespoke", (1,) * 4, rolls=0), "Prices")
    armed = sheet(state, "Ann", equipment=(Item("Revolver", 1, quickdraw=True),))
    error = refused(armed, Sell("Ann", "Revolver", "Boutique", (5, 5, 5)), "Prices")
    assert "Boutique is 2d6 a roll, rolled once: 2 dice, not 3" in error.message
    # an Incidental item is never rolled, once or more
    refused(state, Buy("Ann", Item("Candles", 2), "Incidental", (), rolls=2), "Prices")
    bought = RULES.decide(state, Buy("Ann", horse, "Bespoke", (1, 2, 3, 4) * 4, rolls=4))
    assert told(bought[0]).cost == 400  # 4 rolls of 4d6, 40 in all, x 10
    assert RULES.describe(_event(bought[0])) == (
        "Ann buys Thoroughbred (Bespoke, dice " + " ".join(["1 2 3 4"] * 4)
        + ", rolled 4 times) for $400; Ann has $600 left")


def _event(new: NewEvent) -> Event:
    return Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1)


def test_initiative_by_coin_or_three_luck_between_the_posse():
    state = run(posse(), JoinFight("Ann", "Nearby"), FlipInitiative("T"))
    assert state.first_to_act == "npcs" and state.combat_round == 1
    # Ann's turn done, the next round's order may be bought (not straight after the coin:
    # that is taken back with ctrl+z first, round 13)
    state = run(state, EndTurn("Ann"))
    assert "Ann puts in 3 Luck and holds 0" in refused(state, FlipInitiative("H", (("Ann", 3),)),
                                     "Initiative").message
    state = sheet(sheet(state, "Ann", luck=2), "Bo", luck=2)
    state = run(state, FlipInitiative("H", (("Ann", 2), ("Bo", 1))))
    assert state.first_to_act == "posse" and state.combat_round == 2
    assert state.character("Ann").luck + state.character("Bo").luck == 1  # type: ignore


def test_morale_quick_draw_ammunition_and_reaction():
    state = posse()
    events = RULES.decide(state, CheckMorale("Jake", (6, 6, 5, 4)))  # 21 > Grit 17
    assert told(events[0]).broke and told(events[0]).grit == 17
    refused(state, CheckMorale("Jake", (6, 6, 5, 4, 1)), "Dice")  # unharmed: 4d6
    refused(state, CheckMorale("Ann", (1, 1, 1, 1)), "Morale")
    state = run(state, CreateCharacter("Cy", (3, 3, 3, 3, 3, 3), (1, 1, 1)),
                EditSheet("Cy", "", "", "", "", (Item("Derringer", 1, quickdraw=True),
                                                 Item("Rifle", 6, size="large"))))
    assert told(RULES.decide(state, QuickDraw("Cy", "Rifle", (3, 4)))[0]).drawn
    assert not told(RULES.decide(state, QuickDraw("Cy", "Rifle", (3, 3)))[0]).drawn
    assert told(RULES.decide(state, CheckAmmunition("Cy", 2))[0]).spent
    assert told(RULES.decide(state, RollReaction((4, 4), extra=6))[0]).total == 14


def test_the_turn_tracker():
    state = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Jake", "Faraway"))
    refused(state, JoinFight("Ann", "Close"), "Turns")
    # who goes first is flipped before anyone's turn
    assert refused(state, MoveInFight("Ann", "Close"), "Turns").message.startswith("before")
    state = run(state, FlipInitiative("H"))
    refused(state, MoveInFight("Ann", "Distant"), "Movement")  # two bands at once
    state = run(state, MoveInFight("Ann", "Close"))
    refused(state, MoveInFight("Ann", "Nearby"), "Movement")  # once a turn
    state = run(state, EndTurn("Ann"))
    refused(state, EndTurn("Ann"), "Turns")
    state = run(state, FlipInitiative("H"))
    ann = state.fighter("Ann")
    assert ann is not None and ann.band == "Close" and not ann.moved and not ann.acted
    state = run(state, LeaveFight("Jake"))
    assert [f.name for f in state.fight] == ["Ann"]
    state = run(state, EndFight())
    assert state.fight == () and state.combat_round == 0
    refused(state, EndFight(), "Turns")


def test_an_attack_range_is_the_farther_band():
    assert attack_range("Close", "Faraway") == "Faraway"
    assert attack_range("Nearby", "Close") == "Nearby"


def test_a_duel_is_against_the_named_attribute_and_can_bust():
    state = posse()  # Ann: Gumption 15, Grace 19; Bo: Gumption 13
    events = RULES.decide(state, Duel("Ann", "HHHT", "Bo", "HT", attribute="gumption"))
    # Ann's 19 passes her Gumption 15: she busts, so Bo wins with 7
    assert told(events[0]).winner == "Bo"
    assert told(events[0]).sheets["Ann"].stress == 1
    fought = Event(1, datetime(2026, 1, 1), 1, events[0].kind, events[0].data, 1)
    assert RULES.describe(fought) == (
        "Bo wins the High Stakes Duel on Gumption: Ann HHHT = 19 (Bust: a Stress) against "
        "Bo HT = 7")
    events = RULES.decide(state, Duel("Ann", "HHHT", "Bo", "HT", attribute="grace"))
    assert told(events[0]).winner == "Ann"


def test_a_full_misfortune_bank_loses_the_next():
    state = replace(posse(), misfortune=3)
    events = RULES.decide(state, RollTest("Ann", "grace", 11, 2, (2, 2)))
    assert not KINDS.read(_event(events[0])).misfortune_banked
    assert apply(state, events).misfortune == 3


def test_doubling_down_dice_earn_no_luck():
    state = sheet(posse(), "Bo", stress=2)
    state = run(state, RollTest("Bo", "grit", 14, 3, (2, 3, 4)), DoubleDown((3, 3)))
    bo = state.character("Bo")
    assert bo is not None and bo.luck == 0 and state.misfortune == 1


def test_npcs_float_no_dice():
    state = replace(posse(), misfortune=1)
    refused(state, RollTest("Jake", "gumption", 11, 3, (1, 2, 3, 4), floating="judge"),
            "Floating die")


def test_a_luck_while_resting_takes_a_stress():
    state = sheet(posse(), "Bo", stress=2)
    state = run(state, Rest("Bo", (4, 4, 5)))
    assert state.character("Bo").stress == 1  # type: ignore[union-attr]


def test_the_posse_member_who_wins_an_opposed_test_with_doubles_banks_luck():
    state = posse()
    state = run(state, OpposedTest(Side("Ann", "gumption", 3, (5, 5, 3)),
                                   Side("Jake", "grace", 2, (4, 4))))
    assert state.character("Ann").luck == 1  # type: ignore[union-attr]
    assert state.misfortune == 0  # the NPC's doubles bank nothing


def test_a_jackpot_rolls_the_bill_again_and_tails_keeps_the_clock():
    state = sheet(posse(), "Ann", stress=2)
    state = run(state, Carouse("Ann", 2, 0, (3, 4), 1, again=(6, 5)))
    assert state.character("Ann").dollars == 90 - 7 + 11  # type: ignore[union-attr]
    refused(state, Carouse("Ann", 0, 0, (), 1, again=(6,)), "Dice")
    state = run(state, Carouse("Ann", 0, 0, (), 6, coin="T"))
    assert state.clock == 3


def test_the_brawl_lasts_until_the_session_ends():
    state = run(posse(), Carouse("Ann", 0, 0, (), 4))
    assert state.character("Ann").guts_max == 7  # type: ignore[union-attr]
    state = apply(state, RULES.session_ending(state))
    assert state.character("Ann").guts_max == 9  # type: ignore[union-attr]


def test_a_guarded_reaction_the_posse_ignores_adds_a_die_and_twelve_up_is_the_worst():
    guarded = told(RULES.decide(posse(), RollReaction((4, 4)))[0])
    assert guarded.total == 8 and "add 1d6" in guarded.entry
    worse = told(RULES.decide(posse(), RollReaction((4, 4), extra=5))[0])
    assert worse.total == 13 and worse.entry.startswith("Tries to kill")
    refused(posse(), RollReaction((4, 4), extra=7), "Reaction")


def test_takings_trade_and_carousing_are_the_posses_and_the_dead_take_no_harm():
    """The app's readings: an NPC's money is the Judge's story, and a dead man is past
    harm; the keys that would do it are not offered, and the rules say why."""
    from gmscreen.games.fistful import between_rules, fight_rules

    state = sheet(posse(), "Jake", dollars=50)
    lantern = Item("Lantern", 8)
    for command, rule in ((ShareTake("Jake", 10), "Experience"),
                          (Buy("Jake", lantern, "Common", (3,)), "Prices"),
                          (Carouse("Jake", 0, 0, (), 2), "Carousing")):
        assert "NPC" in refused(state, command, rule).message
    assert between_rules.why_not_trade(state, "Jake") is not None
    assert between_rules.why_not_trade(state, "Ann") is None
    dead = run(state, TakeHarm("Bo", 30), RollOutOfAction("Bo", 6))
    refused(dead, TakeHarm("Bo", 1), "Out of action")
    refused(dead, Buy("Bo", lantern, "Common", (3,)), "Out of action")
    assert fight_rules.why_not_harm(dead, "Bo") is not None


def _dead_bo() -> FistfulState:
    return sheet(posse(), "Bo", dead=True, guts=0)


#: (state, the step's why_not asked of it, the command the step sends)
STEPS: list[tuple[Callable[[], FistfulState], Callable[[FistfulState], RuleError | None],
                  object]] = [
    (posse, conflict_rules.why_not_double_down, DoubleDown((1,))),
    (posse, wanted_rules.why_not_glory, ChangeGlory(1, "the papers")),
    (FistfulState, wanted_rules.why_not_move_clock, Crime(1, "a theft")),
    (lambda: run(posse(), Crime(9, "the bank")), wanted_rules.why_not_chart,
     RollWantedChart((1, 1))),
    (posse, lambda s: wanted_rules.why_not_pay_by(s, "Ann"), PayBounty("Ann")),
    (posse, rules.why_not_form_posse, FormPosse("Another", 2)),
    (FistfulState, rules.why_not_create, CreateCharacter("Cy", (1,) * 6, (1,))),
    (_dead_bo, lambda s: fight_rules.why_not_harm(s, "Bo"), TakeHarm("Bo", 1)),
    (posse, lambda s: fight_rules.why_not_roll_out_of_action(s, "Ann"),
     RollOutOfAction("Ann", 3)),
    (posse, lambda s: fight_rules.why_not_revive(s, "Ann"), Revive("Ann", 3)),
    (posse, lambda s: conflict_rules.why_not_spend_luck(s, "Ann"), SpendLuck("Ann", "x")),
    (posse, lambda s: between_rules.why_not_advance(s, "Ann"), Advance("Ann", "grit", (6,))),
    (posse, lambda s: fight_rules.why_not_turn(s, "Ann"), EndTurn("Ann")),
]


@pytest.mark.parametrize(("make", "why_not", "command"), STEPS)
def test_a_steps_refusal_is_the_one_its_decide_function_raises(
        make: Callable[[], FistfulState], why_not: Callable[[FistfulState], RuleError | None],
        command: object) -> None:
    state = make()
    asked = why_not(state)
    assert asked is not None
    with pytest.raises(RuleError) as raised:
        RULES.decide(state, command)
    assert raised.value == asked
