"""Round 18: every optional rule (lines 282-294), on and off (docs/rules/fistful.md, "Every
optional rule, on and off (round 18)"). Each test failed before its fix."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful.commands import (
    ChooseOptionalRules,
    DoubleDown,
    OpposedTest,
    Rest,
    RollTest,
    SetSceneDie,
    Side,
    SpendLuck,
)
from gmscreen.games.fistful.state import FistfulState, Settings
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.rules import RuleError
from tests.fistful.game import apply, posse, said, sheet
from tests.fistful.test_panes import on_the_conflict_tab, sample
from tests.pilot import synchronous

CORA = "Cora Dalton"


def optional(**on: bool) -> FistfulState:
    return replace(posse(), settings=Settings(**on))


def tells(new: NewEvent) -> str:
    """The table's recap (and the players' screen's "Just now") for a new event."""
    return str(view.table_tells(Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1)))


def test_a_luck_spent_on_a_stress_says_the_stress_came_off() -> None:
    """Line 292: with Stress for Luck, Eli's Luck just rolled took his Stress from 1 to 0;
    the log said only "Eli spends a Luck", the recaps and the players' screen "spent a
    Luck": nobody reading them learnt a Stress came off. A Luck spent on an effect reads as
    before."""
    state = sheet(optional(stress_for_luck=True), "Ann", stress=2)
    state = apply(state, RULES.decide(state, RollTest("Ann", "grace", 11, 2, (6, 6))))
    made = RULES.decide(state, SpendLuck("Ann", "", on_stress=True))
    assert said(made[0]) == "Ann spends a Luck on a Stress (Stress for Luck): Stress now 1"
    assert tells(made[0]) == "Ann spent a Luck on a Stress (Stress for Luck): Stress now 1"
    made = RULES.decide(state, SpendLuck("Ann", "calm nerves", on_stress=True))
    assert said(made[0]) == ("Ann spends a Luck on a Stress (Stress for Luck): Stress now 1"
                             "; calm nerves")
    made = RULES.decide(state, SpendLuck("Ann", "a second shot"))
    assert said(made[0]) == "Ann spends a Luck: a second shot"
    assert tells(made[0]) == "Ann spent a Luck: a second shot"


def test_five_under_takes_a_stress_off_a_rest_on_five_dice() -> None:
    """Line 290 with 99: a rest is a Grit test (a die floats on it, the scene die counts in
    it, its doubles bank Luck), and 5 under rewards a player's 5 dice or more rolled under.
    Eli rested on 5 dice (1 2 3 4 5 = 15 against Grit 21) with 5 under on: his Stress
    stayed 1 and the line said nothing. Now it comes off, and the line says so; on 4 dice,
    with the rule off, or with no Stress, nothing changes."""
    state = sheet(optional(five_under=True), "Bo", stress=1, guts=3)  # Grit 20
    made = RULES.decide(state, Rest("Bo", (1, 2, 3, 4, 5)))
    bo = apply(state, made).character("Bo")
    assert bo is not None and bo.stress == 0 and bo.guts == 8
    assert said(made[0]).endswith("; five under: a Stress off")
    assert "five under: a Stress off" in tells(made[0])
    for plain, rolled in ((state, (1, 2, 3, 4)),
                          (sheet(posse(), "Bo", stress=1, guts=3), (1, 2, 3, 4, 5)),
                          (sheet(state, "Bo", stress=0), (1, 2, 3, 4, 5))):
        made = RULES.decide(plain, Rest("Bo", rolled))
        before = plain.character("Bo")
        after = apply(plain, made).character("Bo")
        assert before is not None and after is not None and after.stress == before.stress
        assert "five under" not in said(made[0])


def test_five_under_on_a_rest_comes_before_its_lucks_choice() -> None:
    """Line 290 with 89: a rest's doubles may take a Stress off (the book's rule) or be
    banked; 5 under takes its Stress first, so Bo at 1 Stress, resting on 5 dice with
    doubles, sheds it by 5 under and banks the Luck, with nothing left for it to take."""
    state = sheet(optional(five_under=True), "Bo", stress=1, guts=3, luck=0)
    made = RULES.decide(state, Rest("Bo", (1, 1, 2, 3, 4)))
    bo = apply(state, made).character("Bo")
    assert bo is not None and (bo.stress, bo.luck) == (0, 1)
    assert said(made[0]).endswith("; doubles: a Luck banked; five under: a Stress off")
    made = RULES.decide(sheet(state, "Bo", stress=2), Rest("Bo", (1, 1, 2, 3)))
    bo = apply(state, made).character("Bo")
    assert bo is not None and (bo.stress, bo.luck) == (1, 0)  # 4 dice: the Luck takes it


def test_doubling_down_by_coins_says_the_coins_flipped() -> None:
    """Line 294: with Double or Nothing coins, Eli doubled down and the log read "doubles
    down: 3 + 6 = 9", the recap the same: a die by its words, where the table flipped a
    coin and saw heads. Dice read as before."""
    state = sheet(optional(coin_double_down=True), "Bo", stress=2)
    state = apply(state, RULES.decide(state, RollTest("Bo", "grit", 14, 3, (2, 3, 4))))
    made = RULES.decide(state, DoubleDown((6, 1)))
    assert said(made[0]).startswith("Bo doubles down with coins: 9 + H T (6 1) = 16, "
                                    "succeeds")
    plain = sheet(posse(), "Bo", stress=2)
    plain = apply(plain, RULES.decide(plain, RollTest("Bo", "grit", 14, 3, (2, 3, 4))))
    made = RULES.decide(plain, DoubleDown((6, 1)))
    assert said(made[0]).startswith("Bo doubles down: 9 + 6 1 = 16, succeeds")


def test_the_log_names_the_optional_rules_as_the_form_and_f1_do() -> None:
    """Lines 284-294: the O form, F1, the table's recap and the players' screen say "5
    under", "Stress for Luck", "Double or Nothing coins"; the log and the Judge's recap said
    "five under, stress for luck, coin double down", the code's own names."""
    every = Settings(scene_stakes=True, glory=True, five_under=True, stress_for_luck=True,
                     coin_double_down=True)
    made = RULES.decide(posse(), ChooseOptionalRules(every))
    assert said(made[0]) == ("Optional rules: Scene stakes, Glory, 5 under, Stress for "
                             "Luck, Double or Nothing coins")
    made = RULES.decide(optional(glory=True), ChooseOptionalRules(Settings()))
    assert said(made[0]) == "Optional rules: none"


def test_the_optional_rules_sent_back_as_they_are_change_nothing_and_write_nothing() -> None:
    """The O form sent with nothing changed wrote an event (and a line in the log saying
    the rules were chosen) though nothing changed, as a sheet sent back as it was is not."""
    with pytest.raises(RuleError) as refused:
        RULES.decide(optional(glory=True), ChooseOptionalRules(Settings(glory=True)))
    assert str(refused.value).startswith("Optional rules: ")
    assert "in force already" in str(refused.value)


def test_the_log_marks_the_scene_die_among_the_dice() -> None:
    """Line 286: with the scene die at 5, Cora's Stakes 3 threw two dice; the log read
    "Stakes 3: 1 5 5 = 11", and which 5 was the table's and which the scene's, or that only
    two were thrown, nobody reading it back could tell. The same in an opposed test and a
    rest. Now the scene's die is named last; with no scene die, lines read as before."""
    state = apply(optional(scene_stakes=True),
                  RULES.decide(optional(scene_stakes=True), SetSceneDie(5)))
    made = RULES.decide(state, RollTest("Ann", "grit", 11, 3, (1, 5)))
    assert "Stakes 3: 1 5, scene die 5 = 11" in said(made[0])
    made = RULES.decide(state, OpposedTest(Side("Ann", "grit", 3, (4, 5)),
                                           Side("Jake", "grace", 2, (2,))))
    assert "3 dice: 4 5, scene die 5 = 14" in said(made[0])
    assert "2 dice: 2, scene die 5 = 7" in said(made[0])
    rest = sheet(state, "Bo", guts=3)
    made = RULES.decide(rest, Rest("Bo", (1, 2)))
    assert said(made[0]).startswith("Bo rests: 1 2, scene die 5 = 8, succeeds")
    made = RULES.decide(posse(), RollTest("Ann", "grit", 11, 3, (1, 5, 5)))
    assert "Stakes 3: 1 5 5 = 11" in said(made[0])


def test_the_rest_and_opposed_forms_chances_say_what_five_under_gives() -> None:
    """Line 290: the chances under the rest form ("5 dice against Grit 21: 85% gives back 5
    Guts") and the opposed form ("Chances: Eli wins 83%, Widow Parker 13%") said nothing of
    the Stress a success on 5 dice takes off with 5 under on, where the player sets the
    Stakes by it. Now both say it, for one with a Stress to lose, on 5 dice or more."""
    state = sheet(optional(five_under=True), "Bo", stress=1, guts=3)
    bo = state.character("Bo")
    jake = state.character("Jake")
    assert bo is not None and jake is not None
    assert "gives back 5 Guts (at most 10) and a Stress (5 under); " in view.rest_odds(
        bo, 5, five_under=True)
    assert "5 under" not in view.rest_odds(bo, 4, five_under=True)
    assert "5 under" not in view.rest_odds(bo, 5)
    said_ = view.opposed_odds_words(state, bo, "grit", 5, jake, "grace", 5)
    assert said_.endswith("; 5 dice under Grit 20 take a Stress off Bo (5 under)")
    assert "5 under" not in view.opposed_odds_words(state, bo, "grit", 4, jake, "grace", 5)
    plain = sheet(posse(), "Bo", stress=1)
    assert "5 under" not in view.opposed_odds_words(plain, bo, "grit", 5, jake, "grace", 5)


def test_a_new_session_says_the_optional_rules_and_the_scene_die_it_takes_up() -> None:
    """Lines 284-286: the rules turned on stay on from session to session, and so does the
    scene's die (a scene may last a session). Session 3 began with "Taken up from the
    session before: The Dalton Boys at 3 o'clock on the Wanted Clock; Glory 2; ..." and not
    a word of the rules it plays by or the scene die still counting in every test."""
    state = optional(scene_stakes=True, glory=True, five_under=True)
    state = apply(state, RULES.decide(state, SetSceneDie(2)))
    state = replace(state, sessions_ended=1)
    said_ = view.table_stands(view.table_knows(state))
    assert said_ is not None
    assert ("Glory 0; the optional rules Scene stakes, Glory, 5 under; the scene's die 2, "
            "till a new scene's is rolled") in said_
    plain = replace(posse(), sessions_ended=1)
    assert "optional" not in (view.table_stands(view.table_knows(plain)) or "")


def test_a_rule_turned_on_after_a_roll_still_serves_that_roll() -> None:
    """Lines 284-294: the Judge turned Stress for Luck on just after Eli's doubles gave a
    Luck, and the Luck was no longer "just rolled" (L left the keys): choosing the table's
    rules was taken for a moment of play between. The same for Double or Nothing coins
    turned on after a failure: Doubling Down was refused. Choosing the rules is no step of
    the game: the Luck just rolled, the test open to Doubling Down, stay as they were."""
    state = sheet(posse(), "Ann", stress=2)
    state = apply(state, RULES.decide(state, RollTest("Ann", "grace", 11, 2, (6, 6))))
    state = apply(state, RULES.decide(state, ChooseOptionalRules(
        Settings(stress_for_luck=True))))
    state = apply(state, RULES.decide(state, SpendLuck("Ann", "", on_stress=True)))
    ann = state.character("Ann")
    assert ann is not None and ann.stress == 1
    state = sheet(posse(), "Bo", stress=2)
    state = apply(state, RULES.decide(state, RollTest("Bo", "grit", 14, 3, (2, 3, 4))))
    state = apply(state, RULES.decide(state, ChooseOptionalRules(
        Settings(coin_double_down=True))))
    made = RULES.decide(state, DoubleDown((6, 1)))
    assert said(made[0]).startswith("Bo doubles down with coins: 9 + H T (6 1) = 16")


def test_an_opposed_wins_five_under_is_told_as_its_doubles_are() -> None:
    """Line 290: an opposed test Eli won on 5 dice read "...; five under: a Stress off Eli
    'Preacher' Moss", a Stress off a name; its doubles read "Eli's doubles: a Luck banked".
    Now "Bo's five under: a Stress off"."""
    state = sheet(optional(five_under=True), "Bo", stress=1)
    made = RULES.decide(state, OpposedTest(Side("Bo", "grit", 5, (1, 2, 3, 4, 5)),
                                           Side("Jake", "grace", 2, (1, 2))))
    assert said(made[0]).endswith("; Bo's five under: a Stress off")


@synchronous
async def test_the_conflict_tab_says_five_under_at_stakes_that_earn_it(tmp_path: Path) -> None:
    """Line 290: with 5 under on, Eli at 1 Stress set Stakes 5 on the Conflict tab, and the
    tab said nothing of the Stress a success would take off (the players' screen and F1
    did): the player sets the Stakes by it. Now the setup line says it, at 5 dice or more
    for one with a Stress; at 4 dice, nothing."""
    campaign = sample(tmp_path)
    campaign.execute(ChooseOptionalRules(Settings(five_under=True)))
    campaign.execute(RollTest(CORA, "grit", 11, 6, (6, 6, 6, 1, 1, 1)))  # a Bust: Stress 1
    async with on_the_conflict_tab(campaign) as (pilot, pane):
        pane.stakes = 5
        assert "5 under: no Bust takes a Stress off" in str(pane.setup_text())
        pane.stakes = 4
        assert "5 under" not in str(pane.setup_text())
        await pilot.pause()
