"""The edges of the book's rules (a thirteenth look): the least and the most a figure may be,
a clock that is full or empty, and what the last look left alone. Each test names the book's
line it follows (docs/rules/fistful.md has its row)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from gmscreen.games.fistful import RULES, fight_rules, view
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.commands import (
    Advance,
    Buy,
    Carouse,
    ChangeGlory,
    ChooseOptionalRules,
    Crime,
    CunningDeal,
    DoubleDown,
    Duel,
    JoinFight,
    OpposedTest,
    RollTest,
    Side,
    TakeHarm,
)
from gmscreen.games.fistful.state import FistfulState, Settings
from gmscreen.journal.events import Event
from tests.fistful.game import apply, posse, refused, run, said, sheet, told
from tests.fistful.test_panes import judged, keys, sample, sections_text
from tests.pilot import fill, opened, synchronous, to_tab

# -- the Wanted Clock holds 1 to 12 (lines 159-167): what it cannot take is said ---------------


def moved(state: FistfulState, command: object) -> tuple[FistfulState, str]:
    """The state after `command`, and the log's line for its move of the clock."""
    events = RULES.decide(state, command)
    return apply(state, events), said(events[-1])


def test_a_crime_at_high_noon_is_written_down_and_says_the_clock_is_full() -> None:
    # line 159: twelve hours, High Noon the last; a crime there was logged "12 -> 12"
    at_noon = run(posse(clock=5), Crime(7, "shot the marshal"))
    after, line = moved(at_noon, Crime(1, "robbed the Wells Fargo office"))
    assert after.clock == 12
    assert line == ("Wanted Clock stays at 12 o'clock by a crime: robbed the Wells Fargo "
                    "office; 1 hour named: the clock is full at High Noon")
    assert "12 -> 12" not in "\n".join(str(s) for s in view.wanted_sections(after))


def test_a_crime_past_high_noon_says_the_hours_named_and_taken() -> None:
    # line 161: the Judge names the hours; past High Noon the clock takes only what is left
    at_ten = run(posse(clock=5), Crime(5, "robbed the bank"))
    after, line = moved(at_ten, Crime(5, "burned the courthouse"))
    assert after.clock == 12
    assert "5 hours named, 2 taken: the clock stops at High Noon" in line
    assert "High Noon: the manhunt is on" in line  # still the last stand it reaches


def test_a_deal_worth_more_than_the_clock_holds_says_what_it_took() -> None:
    # line 163: never below 1; line 167's judge blackmailed for 4 at 3 o'clock takes 2
    after, line = moved(posse(clock=3), CunningDeal(4, "blackmailed Judge Parker"))
    assert after.clock == 1
    assert line == ("Wanted Clock 3 -> 1 o'clock by a cunning deal: blackmailed Judge "
                    "Parker; 4 hours named, 2 taken: the clock never goes below 1")
    tab = "\n".join(str(s) for s in view.wanted_sections(after))
    assert "4 hours named, 2 taken" in tab
    known = view.table_knows(after)
    assert "4 hours named, 2 taken" in "\n".join(str(s) for s in view.table_sections(known))


def test_a_deal_made_whole_says_nothing_more() -> None:
    _, line = moved(posse(clock=5), CunningDeal(4, "blackmailed Judge Parker"))
    assert line == "Wanted Clock 5 -> 1 o'clock by a cunning deal: blackmailed Judge Parker"


def test_carousing_wanted_at_high_noon_says_the_clock_is_full() -> None:
    # line 155: heads puts the clock up an hour; at High Noon there is none left to put up
    at_noon = run(posse(clock=5), Crime(7, "shot the marshal"))
    events = RULES.decide(at_noon, Carouse("Ann", 0, 0, (), 6, coin="H"))
    assert said(events[-1]).startswith("Wanted Clock stays at 12 o'clock by carousing")
    assert said(events[-1]).endswith("the clock is full at High Noon")


def test_the_recap_tells_a_move_the_clock_could_not_make_whole() -> None:
    new = RULES.decide(posse(clock=3), CunningDeal(4, "blackmailed Judge Parker"))[0]
    assert told(new).asked == 4
    event = Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1)
    assert view.table_tells(event) == (
        "From 3 to 1 o'clock: blackmailed Judge Parker; 4 hours named, 2 taken: the clock "
        "never goes below 1")


@synchronous
async def test_the_crime_and_deal_forms_say_what_the_clock_can_still_take(
        tmp_path: Path) -> None:
    # a Dealer naming 5 hours at 10 o'clock learns before sending that 2 are left
    campaign = sample(tmp_path)
    campaign.execute(Crime(7, "shot the marshal"))  # 3 to 10 o'clock
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Wanted Clock")
        crime = await opened(pilot, "c")
        assert "At 10 o'clock, 2 hours to High Noon" in str(crime.note)
        await keys(pilot, "escape")
        deal = await opened(pilot, "d")
        assert "At 10 o'clock at most 9 hours come off" in str(deal.note)
        await keys(pilot, "escape")
        await fill(pilot, "c", segments="5", why="burned the courthouse")
        assert campaign.state.clock == 12
        assert "5 hours named, 2 taken" in sections_text(app)
    campaign.close()


# -- a draw, and a draw of draws (lines 30, 34, 70) ---------------------------------------------


def test_a_duel_drawn_says_the_higher_attribute_won_it_or_that_nobody_did() -> None:
    # line 30: a draw goes to the higher Attribute; the duel's line gave the coins alone
    # ("Ann HHT = 13 against Bo HHT = 13: Ann wins"), the Attributes nowhere in it
    state = posse()  # Gumption: Ann 15, Bo 13
    line = said(RULES.decide(state, Duel("Ann", "HHT", "Bo", "HHT"))[0])
    assert line.startswith("Ann wins the High Stakes Duel on Gumption, a draw at 13, the "
                           "higher Gumption (15 to 13): Ann HHT = 13 against Bo HHT = 13")
    level = sheet(state, "Bo", gumption=15)
    line = said(RULES.decide(level, Duel("Ann", "HHT", "Bo", "HHT"))[0])
    assert line.startswith("Nobody wins the High Stakes Duel on Gumption, a draw at 13 on "
                           "equal Gumption (15): ")
    duel = told(RULES.decide(level, Duel("Ann", "HHT", "Bo", "HHT"))[0])
    assert duel.outcome() == "A draw at 13 on equal Gumption (15): nobody wins"  # the tab's


def test_a_duel_both_bust_and_a_bust_costs_its_stress_in_the_line() -> None:
    # line 34: both Busting, nobody wins; line 87: a Bust costs a Stress, the sixth rides off
    state = sheet(posse(), "Ann", stress=4)  # may stake 2 coins
    line = said(RULES.decide(state, Duel("Ann", "HH", "Bo", "HHH"))[0])
    assert line == ("Ann wins the High Stakes Duel on Gumption: Ann HH = 12 against Bo HHH = "
                    "18 (Bust: a Stress); Ann sheds a Stress")
    line = said(RULES.decide(sheet(state, "Ann", gumption=11), Duel("Ann", "HH", "Bo", "HHH"))[0])
    assert line.startswith("Nobody wins the High Stakes Duel on Gumption, both Bust: ")
    assert line.endswith("(Bust: a Stress)")
    line = said(RULES.decide(sheet(state, "Ann", stress=5, gumption=5),
                             Duel("Ann", "H", "Bo", "T"))[0])
    assert line.startswith("Bo wins the High Stakes Duel")
    assert line.endswith("; Ann has 6 Stress and rides off, out of play")


def test_an_opposed_draw_says_what_settled_it() -> None:
    state = posse()  # Gumption: Ann 15, Bo 13
    line = said(RULES.decide(state, OpposedTest(Side("Ann", "gumption", 2, (5, 6)),
                                                Side("Bo", "gumption", 2, (6, 5))))[0])
    assert line.startswith("Ann wins, a draw at 11, the higher Gumption (15 to 13): Ann (")
    level = sheet(state, "Bo", gumption=15)
    line = said(RULES.decide(level, OpposedTest(Side("Ann", "gumption", 2, (5, 6)),
                                                Side("Bo", "gumption", 2, (6, 5))))[0])
    assert line.startswith("Nobody wins, a draw at 11 on equal Gumption (15): Ann (")


# -- joining a fight (lines 76-83): a band is a distance, so both sides may join at one ------


def test_both_sides_joined_in_one_step_stand_that_band_from_each_other() -> None:
    # the Join form's "With them" takes an NPC beside one of the posse: the bands are
    # relative positions, each fighter's distance from the other side
    state = run(posse(), JoinFight("Ann", "Faraway", ("Jake",)))
    assert [(f.name, f.band) for f in state.fight] == [("Ann", "Faraway"), ("Jake", "Faraway")]
    assert "Range to Jake: Faraway" in fight_rules.reach_words(state, "Ann", "Jake", "revolver")


# -- a night out that buys nothing (lines 146, 150, 154): no dice to roll again ---------------


def test_a_jackpot_or_a_fine_on_a_night_out_with_no_bill_says_nothing_comes_of_it() -> None:
    # "the dice again" are the bill's: with none bought there are none, and the line read
    # "Winner Winner Chicken Dinner!" with no word of the prize
    state = posse()
    won = said(RULES.decide(state, Carouse("Ann", 0, 0, (), 1))[0])
    assert won == ("Ann carouses: 1, Winner Winner Chicken Dinner! (no bill); no bill's dice "
                   "to roll again: nothing won")
    fined = said(RULES.decide(state, Carouse("Ann", 0, 0, (), 5))[0])
    assert fined.endswith("Drunk and Disorderly (no bill); no bill's dice to roll again: no fine")


# -- Doubling Down at the wrong moment (line 93): the refusal says which ----------------------


def test_doubling_down_at_the_wrong_moment_says_why_not_a_bust_it_was_not() -> None:
    # after a plain failure and a step between, the refusal read "it follows a plain failure
    # of a simple test (not a Bust)": the Judge looked at a plain failure, not a Bust
    state = sheet(posse(), "Ann", stress=1)
    failed = run(state, RollTest("Ann", "grace", 11, 2, (1, 2)), TakeHarm("Bo", 1, "a graze"))
    assert "any step after the test lets it go" in str(
        refused(failed, DoubleDown((6,)), "Doubling Down"))
    busted = run(state, RollTest("Ann", "grace", 11, 4, (6, 6, 6, 6)))
    assert "Ann's test Busted" in str(refused(busted, DoubleDown((6,)), "Doubling Down"))
    won = run(state, RollTest("Ann", "grace", 11, 3, (6, 5, 1)))
    assert "Ann's test succeeded" in str(refused(won, DoubleDown((6,)), "Doubling Down"))


# -- Glory (line 288): a tally no lower than 0, and the line says where it stopped ------------


def test_glory_taken_past_0_says_it_stops_there() -> None:
    state = run(posse(), ChooseOptionalRules(Settings(glory=True)), ChangeGlory(2, "the papers"))
    events = RULES.decide(state, ChangeGlory(-5, "the papers forget"))
    assert apply(state, events).glory == 0
    assert said(events[0]) == "Glory -5: the papers forget; Glory now 0: it goes no lower"
    assert said(RULES.decide(state, ChangeGlory(-1, "a quiet week"))[0]) == (
        "Glory -1: a quiet week")


# -- an Advancement Test (lines 136-138): the score it rises to, and the Guts with Grit -------


def test_an_advancement_says_the_score_reached_and_what_grit_does_to_guts() -> None:
    # "it rises by 1" left the Judge to work out the new score, and whether Guts (half Grit
    # rounded up) rose with Grit; 20 to 21 raises them, 18 to 19 does too, 19 to 20 not
    bo = sheet(posse(), "Bo", xp=1, advancement_dice=1)  # Grit 20
    line = said(RULES.decide(bo, Advance("Bo", "grit", (6,)))[0])
    assert line == "Bo tests to advance Grit 20: 6 = 6, no change"
    bo = sheet(bo, "Bo", xp=4, advancement_dice=4)
    line = said(RULES.decide(bo, Advance("Bo", "grit", (6, 6, 6, 6)))[0])
    assert line.endswith("= 24, it rises to 21; Guts up 1 with it")
    even = sheet(bo, "Bo", grit=19)
    line = said(RULES.decide(even, Advance("Bo", "grit", (6, 6, 6, 6)))[0])
    assert line.endswith("it rises to 20; Guts stay as they are")
    rose = RULES.decide(bo, Advance("Bo", "grace", (6, 6, 6, 6)))[0]
    assert said(rose).endswith("= 24, it rises to 16")
    event = Event(1, datetime(2026, 1, 1), 1, rose.kind, rose.data, 1)
    assert view.table_tells(event) == "Bo tried to advance Grace: it rose to 16"


# -- encumbrance (line 245): the slots run from 1 to Grit ---------------------------------------


def test_an_item_at_slot_0_is_refused_as_before_the_first_slot_not_past_the_last() -> None:
    # "Lantern: slots 0-0 are past the 17 that Grit 17 carries" named the wrong end
    state = posse()  # Ann: Grit 17
    error = refused(state, Buy("Ann", Item("Lantern", 0), "Common", (3,)), "Encumbrance")
    assert "numbered from 1, not 0" in str(error) and error.field == "equipment"
    error = refused(state, Buy("Ann", Item("Lantern", 18), "Common", (3,)), "Encumbrance")
    assert "past the 17 that Grit 17 carries" in str(error)
