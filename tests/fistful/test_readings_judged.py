"""Round 21: every reading of the book judged again, against the book as a table reads it
(docs/rules/fistful.md, "The readings judged again (round 21)"). A test here either failed
before its fix or holds a reading nothing held before."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.commands import (
    Advance,
    Carouse,
    DoubleDown,
    Lost,
    OpposedTest,
    RollOutOfAction,
    RollTest,
    Sell,
    Side,
    TakeHarm,
)
from gmscreen.games.fistful.state import FistfulState, Settings
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.sections import as_text
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


def test_an_opposed_test_won_or_busted_is_not_doubled_down() -> None:
    """Line 93: a win needs nothing more, a Bust is over the Attribute (an attack's too);
    any step between lets the test go."""
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
    shot = apply(state, RULES.decide(state, OpposedTest(Side("Bo", "gumption", 4, (6, 6, 6, 1)),
                                                        Side("Jake", "grace", 2, (6, 6)),
                                                        weapon="revolver", band="Nearby")))
    error = refused(shot, DoubleDown((3, 4)), "Doubling Down")
    assert "plain failure" in error.message


# -- the book's silences: what the app chose, written down (round 21) ---------------------


def test_one_die_floats_on_a_roll_at_most() -> None:
    """Lines 20, 58-62: a Luck floats "a single" die, the background "a Floating Dice",
    the Judge's Misfortune one, and a roll takes one die away; the book never floats two on
    one roll (the Judge's is barred beside a Luck's). A roll carries one floating die, its
    chooser's: a second die thrown for it is one too many."""
    state = sheet(posse(), "Ann", luck=2)
    made = RULES.decide(state, RollTest("Ann", "grace", 11, 2, (6, 5, 1), "luck"))
    assert told(made[0]).kept == (6, 5) and told(made[0]).removed == 1
    refused(state, RollTest("Ann", "grace", 11, 2, (6, 5, 1, 1), "luck"), "Dice")


def test_doubling_down_dice_earn_no_five_under_and_five_under_comes_first() -> None:
    """Lines 93 and 290: "5 under" is for the dice the player staked; Doubling Down's dice
    come after, as the price of a Misfortune, so 3 staked and 2 doubled (5 under Grit) take
    no Stress off. And the reward follows the roll at once: Bo at 1 Stress failing under
    Grit on 5 dice sheds it, and has no Stress left to double down with."""
    state = sheet(optional(five_under=True), "Bo", stress=2)
    failed = apply(state, RULES.decide(state, RollTest("Bo", "grit", 14, 3, (1, 2, 3))))
    doubled = RULES.decide(failed, DoubleDown((4, 5)))
    assert stress(apply(failed, doubled), "Bo") == 2 and "five under" not in said(doubled[0])
    one = sheet(state, "Bo", stress=1)
    five = apply(one, RULES.decide(one, RollTest("Bo", "grit", 18, 5, (1, 2, 3, 4, 5))))
    assert stress(five, "Bo") == 0
    refused(five, DoubleDown(()), "Doubling Down")


def test_doubling_down_on_a_full_bank_gives_the_judge_a_misfortune_to_spend_at_once() -> None:
    """Line 93 with 40: "the Judge gains a Misfortune", but he stores 3 at most; a fourth
    is not kept, but his to spend at once, as a failure's doubles on a full bank are told
    (round 64: this line said "no Misfortune gained", that one "to spend at once")."""
    state = replace(sheet(posse(), "Bo", stress=2), misfortune=3)
    failed = apply(state, RULES.decide(state, RollTest("Bo", "grit", 14, 3, (2, 3, 4))))
    made = RULES.decide(failed, DoubleDown((1, 2)))
    assert not told(made[0]).misfortune_gained and apply(failed, made).misfortune == 3
    assert ("the Judge's bank is full (3): a Misfortune for him to spend at once"
            in said(made[0]))


def test_the_advancement_dice_bought_go_on_one_test_of_one_attribute() -> None:
    """Lines 136, 146: the dice bought while Carousing are for "an Advancement Test" of
    "the Attribute you wish to improve": all of them roll together on the one chosen, and
    fewer faces than the dice bought are refused."""
    state = sheet(posse(), "Bo", xp=3, advancement_dice=3, stress=0)
    refused(state, Advance("Bo", "grace", (6, 6)), "Dice")
    made = RULES.decide(state, Advance("Bo", "grace", (6, 6, 4)))  # 16 above Grace 15
    assert told(made[0]).rose and told(made[0]).attribute == "grace"
    bo = apply(state, made).character("Bo")
    assert bo is not None and (bo.grace, bo.xp, bo.advancement_dice) == (16, 0, 0)


def test_a_night_out_bought_nothing_still_heals_and_a_jackpot_of_no_dice_wins_nothing() -> None:
    """Lines 146-150: a night out may take no Stress off and buy no dice (Carousing gives
    back every Guts); its bill is no dice, so a jackpot's "D6's again" are none: nothing
    won, and the line says so."""
    state = sheet(posse(), "Bo", guts=3)
    made = RULES.decide(state, Carouse("Bo", 0, 0, (), 1))
    assert said(made[0]).endswith("no bill's dice to roll again: nothing won")
    bo = apply(state, made).character("Bo")
    assert bo is not None and bo.guts == bo.guts_max and bo.dollars == 30


def test_half_a_dollar_of_a_used_items_price_is_the_judges_to_round() -> None:
    """Lines 203-205: a used item sells for half, and anything under a dollar is ignored or
    rounded up to a dollar, the Judge's call. Bo's used knife priced $1 sold for $0 (and one
    priced $3 for $1), the app ignoring the half dollar without asking. Now the sale says
    which: let go (as before, and as old journals read) or rounded up."""
    state = sheet(posse(), "Bo", equipment=(Item("Knife", 2), Item("Lantern", 3)))
    let_go = RULES.decide(state, Sell("Bo", "Knife", "Common", (1,)))
    assert told(let_go[0]).paid == 0
    up = RULES.decide(state, Sell("Bo", "Knife", "Common", (1,), round_up=True))
    assert told(up[0]).paid == 1
    assert "used: half of $1, rounded up" in said(up[0])
    three = RULES.decide(state, Sell("Bo", "Lantern", "Common", (3,), round_up=True))
    assert told(three[0]).paid == 2
    even = RULES.decide(state, Sell("Bo", "Lantern", "Common", (4,), round_up=True))
    assert told(even[0]).paid == 2 and "rounded up" not in said(even[0])


def test_an_attack_lost_under_the_attribute_may_be_doubled_down_and_its_win_harms() -> None:
    """Line 93 with 126: a stressed gunslinger who shot too low may double down like any
    test; the attack that then wins deals its harm as the attack would have (the Stakes
    staked, the weapon, the band, the cover), and one that still falls short is the
    catastrophe, harming nobody."""
    state = sheet(posse(), "Bo", stress=2, gumption=18)
    shot = apply(state, RULES.decide(state, OpposedTest(
        Side("Bo", "gumption", 2, (1, 2)), Side("Jake", "grace", 2, (5, 5)),
        weapon="revolver", band="Nearby", cover="light")))
    assert shot.open_test is not None and shot.open_test.weapon == "revolver"
    won = RULES.decide(shot, DoubleDown((6, 5)))  # 3 + 11 = 14 beats Jake's 10
    event = told(won[0])
    assert event.result == "success" and event.damage == 2  # 2 dice + 2, light cover 2
    assert said(won[0]).startswith("Bo doubles down: 3 + 6 5 = 14 against Jake's 10, "
                                   "succeeds: Bo wins; the revolver deals 2 Guts to Jake")
    jake = apply(shot, won).character("Jake")
    assert jake is not None and jake.guts == jake.guts_max - 2
    short = RULES.decide(shot, DoubleDown((1, 1)))
    assert told(short[0]).damage is None and "Jake" not in told(short[0]).sheets
    assert view.table_tells(e_of(won[0])) == ("Bo doubled down: it paid off, 2 harm with "
                                              "the revolver")


def e_of(new: NewEvent) -> Event:
    """A new event as the journal keeps it, for the table's words."""
    return Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1)


def test_an_npcs_doubling_down_is_the_judges_and_not_told_the_table() -> None:
    """Line 93 with the screen the table sees: the Judge's NPC who missed may double down
    (behind his screen), but the players' screen's "Still to come" said "Jake may double
    down on that failure: 1 more die, one for each Stress", giving away Jake's Stress (an
    NPC's sheet is the Judge's), now that every shot an NPC misses leaves a test open. Now
    the table is asked only of the posse's own."""
    state = sheet(sheet(posse(), "Jake", stress=1), "Bo", stress=1)
    missed = apply(state, RULES.decide(state, OpposedTest(
        Side("Jake", "gumption", 2, (1, 2)), Side("Bo", "grace", 2, (5, 6)),
        weapon="revolver", band="Nearby")))
    assert missed.open_test is not None and missed.open_test.name == "Jake"
    shown = as_text(view.table_sections(view.table_knows(missed)))
    assert "double down" not in shown
    bo = apply(state, RULES.decide(state, OpposedTest(
        Side("Bo", "grit", 2, (1, 2)), Side("Jake", "grit", 2, (5, 6)))))
    assert "Bo may double down on that failure: 1 more die" in as_text(
        view.table_sections(view.table_knows(bo)))


def test_an_npc_doubling_down_gives_the_judge_no_misfortune() -> None:
    """Line 93: the Judge's Misfortune is the price a player pays for Doubling Down; the
    Judge pushing his own NPC gains none from himself (NPCs earn him none, as their doubles
    do not). Jake's push raised the Judge's bank as a player's would."""
    state = sheet(posse(), "Jake", stress=1)
    state = apply(state, RULES.decide(state, RollTest("Jake", "grit", 14, 2, (1, 2))))
    assert view.double_down_misfortune(state) == "the Judge gains no Misfortune for an NPC"
    made = RULES.decide(state, DoubleDown((1,)))
    assert told(made[0]).misfortune == 0 and not told(made[0]).misfortune_gained
    assert said(made[0]).endswith("; an NPC's push gains the Judge no Misfortune")
    assert apply(state, made).misfortune == 0
    # one of the posse still pays it
    bo = sheet(posse(), "Bo", stress=1)
    bo = apply(bo, RULES.decide(bo, RollTest("Bo", "grit", 14, 2, (1, 2))))
    assert view.double_down_misfortune(bo) == "the Judge gains a Misfortune"
    assert apply(bo, RULES.decide(bo, DoubleDown((1,)))).misfortune == 1
