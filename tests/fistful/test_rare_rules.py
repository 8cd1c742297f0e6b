"""The rules a table meets once a campaign or less, played where they arise (a twelfth look):
each test names the book's line it follows (docs/rules/fistful.md has its row)."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful.commands import (
    ChooseOptionalRules,
    CunningDeal,
    DoTime,
    RollOutOfAction,
    RollTest,
    TakeHarm,
)
from gmscreen.games.fistful.state import OPTIONAL_RULES, FistfulState, Settings
from gmscreen.glossary import find, words_of
from tests.fistful.game import book_keys, posse, refused, run, said, sheet
from tests.fistful.test_panes import judged, keys, refused_by, sample
from tests.pilot import screen_text, synchronous, to_tab

# -- Out of action (lines 109-114): the log tells what the fall costs, figure by figure --------


def test_the_log_tells_what_a_fall_costs_in_figures() -> None:
    # the log said "3, Nasty head wound" and left the Judge to work out Gumption and Stress
    state = run(posse(), TakeHarm("Ann", 9, "thrown from the stage"))  # Gumption 15
    told = {face: said(RULES.decide(state, RollOutOfAction("Ann", face))[0])
            for face in range(1, 7)}
    assert told[1] == "Ann is out of action: 1, Knocked out"
    assert told[2] == "Ann is out of action: 2, Battered Noggin; Stress now 1"
    assert told[3] == ("Ann is out of action: 3, Nasty head wound; Gumption down to 14 for "
                       "good; Stress now 1")
    assert told[4] == "Ann is out of action: 4, Maimed; Grit down to 16 for good; Stress now 1"
    assert told[5] == ("Ann is out of action: 5, Disfigured; Grace down to 18 for good; "
                       "Stress now 1")
    assert told[6] == "Ann is out of action: 6, Dead"


def test_a_fall_that_brings_the_sixth_stress_says_they_ride_off_once() -> None:
    state = sheet(run(posse(), TakeHarm("Ann", 9, "shot")), "Ann", stress=5)
    line = said(RULES.decide(state, RollOutOfAction("Ann", 2))[0])
    assert line == ("Ann is out of action: 2, Battered Noggin; Ann has 6 Stress and rides "
                    "off, out of play")


# -- the Wanted Clock (lines 163-167): never below 1, so at 1 o'clock nothing comes off --------


def test_at_one_oclock_neither_time_served_nor_a_deal_takes_anything_off() -> None:
    # a deal at 1 o'clock was kept as a move "1 -> 1"; time served was refused as "1 to 0
    # hours off", a range with nothing in it
    at_one = run(posse(clock=1))
    assert "never goes below 1" in str(refused(at_one, CunningDeal(1, "a witness goes missing"),
                                               "Cunning deal"))
    assert "never goes below 1" in str(refused(at_one, DoTime("Ann", 1, "thirty days"),
                                               "Doing time"))
    at_two = run(posse(clock=2), DoTime("Ann", 1, "thirty days"))
    assert at_two.clock == 1


@synchronous
async def test_at_one_oclock_the_keys_of_time_and_deals_say_nothing_comes_off(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    campaign.execute(CunningDeal(2, "framed the Reno gang"))  # 3 to 1 o'clock
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Wanted Clock")
        before = campaign.state
        await keys(pilot, "t")
        refused_by(notices, "Doing time", "never goes below 1")
        await keys(pilot, "d")
        refused_by(notices, "Cunning deal", "never goes below 1")
        assert campaign.state == before
    campaign.close()


# -- the help (F1): every word the sheets and forms show is explained, right by the book -------


def test_the_words_of_a_sheet_and_the_optional_rules_are_in_the_help() -> None:
    # a Judge meeting "Rifle (large)", "debt $12 (owed to ...)", "Drunken Brawl" or "starting
    # money" on a sheet, or an optional rule's name, found nothing under F1
    words = words_of("gmscreen.games.fistful")
    sheet_words = ("large", "very large", "quick", "slots", "debt", "owed to", "take",
                   "starting money", "Drunken Brawl", "bill")
    optional = [rule.split(":")[0] for rule in OPTIONAL_RULES.values()]
    assert [term for term in (*sheet_words, *optional) if find(words, term) is None] == []


def test_the_help_says_what_the_book_says_of_ammunition_carousing_and_duels() -> None:
    words = {word.word: word.means for word in words_of("gmscreen.games.fistful")}
    assert "gun or bow" in words["Ammo check"]  # line 229: each gun or bow rolls, not each man
    assert "Guts" in words["Carousing"]  # line 148: a night out gives back every Guts
    assert "Misfortune" in words["High Stakes Duel"]  # line 70: neither Luck nor Misfortune
    assert "law" not in words["Cunning deal"]  # line 167: framing a gang is no deal with it
    # lines 58-62: the player chooses the die taken away, and the die rides past the Stress
    assert "chooses" in words["Floating die"] and "Stress" in words["Floating die"]


# -- Out of action (lines 87, 103-105): the sheet of one who cannot test says what comes next --


def test_the_sheet_of_the_fallen_says_what_their_fall_asks_next_not_their_stakes() -> None:
    # the sheet read "Stakes up to 6 dice" for one at 0 Guts, for the dead and for one who
    # rode off; what the fall asked next was said only on the Fight tab, during a fight
    down = run(posse(), TakeHarm("Ann", 9, "thrown from the stage"),
               TakeHarm("Jake", 20, "shot"))

    def first_count(state: FistfulState, name: str) -> str:
        found = state.character(name)
        assert found is not None
        return view.sheet_lines(found, key_of=book_keys)[2].split("; ")[0]

    assert first_count(down, "Bo") == "Stakes up to 6 dice"
    assert first_count(down, "Ann") == "out of action: roll the Out of action table (o)"
    assert first_count(down, "Jake") == ("out of action: the Judge's aid gets them up (v), "
                                         "or lost (d)")
    rolled = run(down, RollOutOfAction("Ann", 1))
    assert first_count(rolled, "Ann") == ("out of action: back on their feet with 1d6 Guts "
                                          "(v), or lost for good (d)")
    # what they carried may pass to the posse (g): said while there is any
    assert first_count(run(down, RollOutOfAction("Ann", 6)), "Ann") == (
        "dead: what they carried may pass to the posse (g)")
    rode = sheet(down, "Bo", stress=6).character("Bo")
    assert rode is not None and view.sheet_lines(rode, key_of=book_keys)[2].startswith(
        "6 Stress: rode off, out of play; what they carried may pass to the posse (g)")
    # a replay names no key: the step by its name alone
    ann = down.character("Ann")
    assert ann is not None
    assert view.sheet_lines(ann)[2].startswith("out of action: roll the Out of action table;")
    assert first_count(sheet(run(down, RollOutOfAction("Ann", 6)), "Ann", dollars=0,
                             equipment=()), "Ann") == "dead"


# -- Double or Nothing coins (line 294): with the rule on, Doubling Down flips coins -----------


@synchronous
async def test_with_double_or_nothing_coins_the_keys_line_offers_no_dice(tmp_path: Path) -> None:
    # the Keys line read "D double down with typed dice" while the form asked for coins
    campaign = sample(tmp_path)
    campaign.execute(ChooseOptionalRules(Settings(coin_double_down=True)))
    campaign.execute(RollTest("Cora Dalton", "grit", 14, 6, (6, 6, 6, 1, 1, 1)))  # a Stress
    campaign.execute(RollTest("Cora Dalton", "grit", 14, 2, (2, 3)))  # a plain failure
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = " ".join(screen_text(app).split())
        assert "D double down" in shown and "typed dice" not in shown, shown
    campaign.close()
