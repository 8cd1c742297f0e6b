"""Round 21: every reading of the book judged again, against the book as a table reads it
(docs/rules/fistful.md, "The readings judged again (round 21)"). A test here either failed
before its fix or holds a reading nothing held before."""

from __future__ import annotations

from dataclasses import replace

from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful.commands import (
    DoubleDown,
    Lost,
    OpposedTest,
    RollOutOfAction,
    RollTest,
    Side,
    TakeHarm,
)
from gmscreen.games.fistful.state import FistfulState, Settings
from tests.fistful.game import apply, posse, refused, said, sheet, told


def optional(**on: bool) -> FistfulState:
    return replace(posse(), settings=Settings(**on))


def stress(state: FistfulState, name: str) -> int:
    found = state.character(name)
    assert found is not None
    return found.stress


def test_five_under_rewards_five_dice_that_do_not_bust_whatever_the_challenge() -> None:
    """Line 290: the house rule is blackjack's five cards under 21: a player who rolls 5
    dice or more and stays under the Attribute (no Bust, the book's "roll over") sheds a
    Stress. The app took it for a success only, so Bo's 5 dice (15 under Grit 20) against a
    daunting 18 kept his Stress. Now they take it off; a Bust on 5 dice still costs one."""
    state = sheet(optional(five_under=True), "Bo", stress=1)  # Grit 20, Stakes limit 5
    made = RULES.decide(state, RollTest("Bo", "grit", 18, 5, (1, 2, 3, 4, 5)))
    assert told(made[0]).result == "failure" and told(made[0]).five_under
    assert said(made[0]).endswith("; five under: a Stress off")
    assert stress(apply(state, made), "Bo") == 0
    busted = apply(state, RULES.decide(state, RollTest("Bo", "grit", 11, 5, (6, 6, 5, 4, 3))))
    assert stress(busted, "Bo") == 2  # 24 over Grit 20: a Bust, a Stress, no reward
    four = apply(state, RULES.decide(state, RollTest("Bo", "grit", 18, 4, (1, 2, 3, 4))))
    assert stress(four, "Bo") == 1
    off = sheet(posse(), "Bo", stress=1)
    assert stress(apply(off, RULES.decide(off, RollTest("Bo", "grit", 18, 5, (1, 2, 3, 4, 5)))),
                  "Bo") == 1


def test_five_under_rewards_five_dice_under_the_attribute_in_an_opposed_test_lost() -> None:
    """Line 290 with 30-34: Bo lost to Jake on 5 dice but stayed under his Grit: five dice
    under, a Stress off (beaten is not Busted). An NPC's 5 dice earn nothing."""
    state = sheet(sheet(optional(five_under=True), "Bo", stress=1), "Jake", stress=1)
    made = RULES.decide(state, OpposedTest(Side("Bo", "grit", 5, (1, 2, 3, 4, 5)),
                                           Side("Jake", "grace", 3, (6, 5, 6))))
    event = told(made[0])
    assert event.winner == "opposition" and event.active.five_under
    assert said(made[0]).endswith("; Bo's five under: a Stress off")
    after = apply(state, made)
    assert stress(after, "Bo") == 0 and stress(after, "Jake") == 1
    npc = RULES.decide(state, OpposedTest(Side("Bo", "grit", 2, (6, 6)),
                                          Side("Jake", "grit", 5, (1, 2, 3, 4, 5))))
    assert not told(npc[0]).opposition.five_under


def test_the_forms_say_five_under_asks_no_bust_not_a_win() -> None:
    """Line 290: the opposed form's chances said "a win takes a Stress off"; it is five
    dice without a Bust, won or lost."""
    state = sheet(optional(five_under=True), "Bo", stress=1)
    bo, jake = state.character("Bo"), state.character("Jake")
    assert bo is not None and jake is not None
    words = view.opposed_odds_words(state, bo, "grit", 5, jake, "grace", 5)
    assert words.endswith("; 5 dice under Grit 20 take a Stress off Bo (5 under)")


def test_a_challenge_has_no_upper_limit_and_none_below_0() -> None:
    """Lines 28-30 (left from round 19): the book suggests 8 to 18 and an opposed test's
    Challenge is the foe's total, so no number caps it: the Judge sets 40 and the test is
    rolled (a failure, the most dice can give being 36). Below 0 is no Challenge."""
    made = RULES.decide(posse(), RollTest("Ann", "grit", 40, 3, (1, 2, 3)))
    assert told(made[0]).result == "failure" and told(made[0]).challenge == 40
    refused(posse(), RollTest("Ann", "grit", -1, 3, (1, 2, 3)), "Challenge")


def test_a_character_lost_needs_no_reason() -> None:
    """Line 103 (left from round 19): the posse lost the fight or could not get the fallen
    back, and that is the whole of it: the book asks no reason, so a Lost with no why is
    taken and its line reads whole."""
    state = sheet(posse(), "Bo", guts=0)
    state = apply(state, RULES.decide(state, RollOutOfAction("Bo", 1)))
    made = RULES.decide(state, Lost("Bo"))
    assert said(made[0]) == "Bo is lost for good, presumed dead"
    assert apply(state, made).character("Bo").dead  # type: ignore[union-attr]
    made = RULES.decide(state, Lost("Bo", "the posse rode off without him"))
    assert said(made[0]).startswith("Bo is lost for good, presumed dead")


def test_an_opposed_test_lost_under_the_attribute_may_be_doubled_down() -> None:
    """Line 93: Doubling Down is for one who rolled too low to succeed, and the book limits
    it to no kind of test ("the situation switches to the opposition's favour" has an
    opposition in it). Bo (Stress 2) lost a bluff to Jake, 3 under 12: refused before, as
    "a simple test's" only. Now his 2 dice go on his 3, against Jake's 12; the Judge gains
    a Misfortune; beating it wins, falling short is the catastrophe, over Grit a Bust."""
    state = sheet(posse(), "Bo", stress=2)  # Grit 20
    lost = apply(state, RULES.decide(state, OpposedTest(Side("Bo", "grit", 2, (1, 2)),
                                                        Side("Jake", "grit", 2, (6, 6)))))
    assert lost.open_test is not None and lost.open_test.challenge == 12
    won = RULES.decide(lost, DoubleDown((6, 5)))  # 3 + 11 = 14 beats 12
    assert told(won[0]).result == "success" and not told(won[0]).catastrophe
    assert said(won[0]).startswith("Bo doubles down: 3 + 6 5 = 14 against Jake's 12, "
                                   "succeeds: Bo wins; the Judge gains a Misfortune")
    assert apply(lost, won).misfortune == lost.misfortune + 1
    short = RULES.decide(lost, DoubleDown((1, 2)))  # 6: still short
    assert told(short[0]).catastrophe and "catastrophe!" in said(short[0])
    # a draw goes to the higher Attribute (line 30): Bo's Grit 20 over Jake's Grit 17
    draw = RULES.decide(lost, DoubleDown((4, 5)))  # 3 + 9 = 12, level with Jake
    assert told(draw[0]).result == "success"
    # a Bust costs a Stress as usual
    over = RULES.decide(sheet(lost, "Bo", stress=4), DoubleDown((6, 6, 6, 6)))
    assert told(over[0]).result == "bust"


def test_an_opposed_test_won_busted_or_an_attack_is_not_doubled_down() -> None:
    """Line 93 with 126: a win needs nothing more, a Bust is over the Attribute, and an
    attack's harm goes with its roll; any step between lets the test go."""
    state = sheet(posse(), "Bo", stress=2)
    for active, opposition in ((Side("Bo", "grit", 2, (6, 6)), Side("Jake", "grit", 2, (1, 2))),
                               (Side("Bo", "grit", 4, (6, 6, 6, 6)),
                                Side("Jake", "grit", 2, (1, 2)))):
        after = apply(state, RULES.decide(state, OpposedTest(active, opposition)))
        refused(after, DoubleDown((3, 4)), "Doubling Down")
    lost = apply(state, RULES.decide(state, OpposedTest(Side("Bo", "grit", 2, (1, 2)),
                                                        Side("Jake", "grit", 2, (6, 6)))))
    later = apply(lost, RULES.decide(lost, TakeHarm("Jake", 1, "a graze")))
    refused(later, DoubleDown((3, 4)), "Doubling Down")
    shot = apply(state, RULES.decide(state, OpposedTest(Side("Bo", "gumption", 2, (1, 2)),
                                                        Side("Jake", "grace", 2, (6, 6)),
                                                        weapon="revolver", band="Nearby")))
    error = refused(shot, DoubleDown((3, 4)), "Doubling Down")
    assert "an attack's harm goes with its roll" in error.message
