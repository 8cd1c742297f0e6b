"""The long run of a campaign: sessions 2 and 3, what happens between them, deaths and
newcomers, as a Dealer who already knows the app played it. Each test failed before its
fix.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful.characters import parse_equipment
from gmscreen.games.fistful.commands import (
    AddNpc,
    Advance,
    Buy,
    Carouse,
    ChooseOptionalRules,
    CreateCharacter,
    Crime,
    DoubleDown,
    Duel,
    EndFight,
    FlipInitiative,
    FormPosse,
    JoinFight,
    Rest,
    RollOutOfAction,
    RollTest,
    RollWantedChart,
    ShareTake,
    TakeHarm,
)
from gmscreen.games.fistful.state import FistfulState, Settings
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.document import render
from gmscreen.journal.events import SESSION_END, SESSION_START, Event
from gmscreen.journal.recap import SAME_EPISODE, build
from gmscreen.journal.rules import RuleError
from tests.fistful.game import hidden_facts, posse, run, said, sheet
from tests.fistful.test_panes import new_campaign
from tests.fistful.test_play import journal


def started(folder: Path) -> Campaign[FistfulState]:
    """The test posse (Ann, Bo, and Jake an Ornery gunman) in a campaign, a session begun."""
    campaign = new_campaign(folder)
    for step in (FormPosse("The Test Gang", 3),
                 CreateCharacter("Ann", (4, 4, 3, 3, 5, 5), (3, 3, 3)),
                 CreateCharacter("Bo", (6, 5, 2, 2, 3, 3), (1, 1, 1)),
                 AddNpc("Jake", "Ornery", strong="gumption")):
        campaign.execute(step)
    campaign.start_session()
    return campaign


def episode_of(campaign: Campaign[FistfulState]) -> str | None:
    return view.episode(campaign.events[-1])


# -- lines 231-249: the book's quickdraw and large weapons, typed by their names -----------


def test_a_book_weapon_typed_by_its_name_is_quickdraw_or_large_as_the_book_says():
    # the Dealer typed "1 Revolver" and was refused: only a quick-draw item may sit in slot 1
    revolver, rifle, shells, derringer = parse_equipment(
        "1 Revolver; 6 Rifle; 3 Box of rifle shells x2; 2 Derringer")
    assert revolver.quickdraw and revolver.size == "small"
    assert rifle.size == "large" and not rifle.quickdraw
    assert shells.size == "small" and not shells.quickdraw  # ammunition is no rifle
    assert derringer.quickdraw
    state = run(journal(posse(), SESSION_START),
                Buy("Ann", revolver, "Boutique", (3, 3)))
    ann = state.character("Ann")
    assert ann is not None and ann.equipment == (replace(revolver, start_money=30),)
    # written out, the marks are kept as the sheet's edit form shows them
    assert parse_equipment("7 Shotgun")[0].size == "large"
    assert parse_equipment("7 Shotgun very large")[0].size == "very large"


def test_the_larger_things_line_245_names_are_large_or_very_large_as_typed():
    # line 245: a shovel takes two slots as a rifle does, and a barrel half of them; a
    # shovel's handle, or the list's pickaxe, the book does not name
    shovel, barrel, handle = parse_equipment("6 Shovel; 8 Water barrel; 3 Shovel handle")
    assert (shovel.size, barrel.size, handle.size) == ("large", "very large", "small")
    # so a shovel bought into slot 2 is refused as a rifle is: large things go at 6 or later
    rifle = parse_equipment("2 Rifle")[0]
    for item in (parse_equipment("2 Shovel")[0], rifle):
        with pytest.raises(RuleError, match="slot"):
            run(journal(posse(), SESSION_START), Buy("Ann", item, "Common", (3,)))


# -- lines 70-72, 97: the recap tells a duel's harm with the duel, other harm apart -------


def test_a_duels_harm_is_told_with_the_duel_and_harm_outside_a_fight_not_in_it(
        tmp_path: Path) -> None:
    campaign = started(tmp_path)
    campaign.execute(Duel("Ann", "HTT", "Jake", "HHT"))
    campaign.execute(TakeHarm("Ann", 9, "lost a High Stakes Duel"))
    assert episode_of(campaign) == "A High Stakes Duel."
    campaign.execute(RollOutOfAction("Ann", 1))
    assert episode_of(campaign) == SAME_EPISODE  # her fall is told where it falls
    campaign.execute(TakeHarm("Bo", 2, "fell off the train"))
    assert episode_of(campaign) is None  # no fight is on: a paragraph of its own
    campaign.execute(JoinFight("Bo", "Nearby"))
    campaign.execute(TakeHarm("Bo", 1, "a stick of dynamite"))
    assert episode_of(campaign) == "The fight."
    told = " ".join(render(build(campaign, 1, view), "txt").split())
    assert "A High Stakes Duel. High Stakes Duel: Ann HTT against Jake HHT: Jake won. " \
           "Ann took 9 harm: lost a High Stakes Duel; out of action. Ann went down: Knocked " \
           "out." in told
    assert "The fight. Bo took 2 harm" not in told


def test_harm_in_a_journal_older_than_its_scene_is_told_where_it_falls(
        tmp_path: Path) -> None:
    campaign = started(tmp_path)
    campaign.execute(TakeHarm("Bo", 2, "fell off the train"))
    old = campaign.events[-1]
    data = {k: v for k, v in old.data.items() if k != "during"}
    assert view.episode(Event(old.seq, old.at, old.session, old.kind, data,
                              old.step)) == SAME_EPISODE


# -- lines 136-138, 109-114: what a session won and lost, Attributes too ---------------------


def test_won_and_lost_tells_an_attribute_risen_and_a_newcomer_joining():
    state = journal(run(journal(posse(), SESSION_START), ShareTake("Ann", 40)), SESSION_END)
    before = state
    state = run(state, Carouse("Ann", 0, 4, (1, 1, 1, 1), 3, story="an old flame talks"),
                Advance("Ann", "gumption", (6, 6, 4, 1)),
                CreateCharacter("Cy", (3, 3, 3, 3, 3, 3), (2, 2, 2)))
    totals = view.table_totals(view.table_knows(before), view.table_knows(state))
    assert "Ann: Dollars 130 to 126, XP 4 to 0, Gumption 15 to 16" in totals
    assert "Cy joined: Dollars 60, Guts 8" in totals


# -- lines 136, 152: a session's end that only lifts a Drunken Brawl says so ---------------


def test_the_sessions_end_tells_a_brawl_worn_off_not_a_take_of_nothing():
    state = journal(journal(posse(), SESSION_START), SESSION_END)
    state = run(state, Carouse("Bo", 0, 0, (), 4))
    state = journal(state, SESSION_START)
    ending = RULES.session_ending(state)
    assert [said(new) for new in ending] == [
        "Bo's Drunken Brawl wears off: at most 10 Guts again, Guts back up to 10"]
    state = run(state, ShareTake("Bo", 25))
    assert [said(new) for new in RULES.session_ending(state)] == [
        "Bo turns a $25 take into 2 XP; the Drunken Brawl wears off: at most 10 Guts again, "
        "Guts back up to 10"]


def test_the_dead_are_not_settled_at_the_sessions_end():
    state = journal(journal(posse(), SESSION_START), SESSION_END)
    state = run(state, Carouse("Bo", 0, 0, (), 4))
    state = journal(state, SESSION_START)
    state = run(state, TakeHarm("Bo", 8, "shot"), RollOutOfAction("Bo", 6))
    assert RULES.session_ending(state) == []


# -- lines 159, 179: the clock reaching High Noon, the posse's last stand, is told ------------


def test_the_clock_reaching_high_noon_is_told_in_the_log_and_the_recap(
        tmp_path: Path) -> None:
    campaign = started(tmp_path)
    campaign.execute(Crime(2, "robbed the Katy train"))
    assert "High Noon" not in campaign.describe(campaign.events[-1])
    campaign.execute(Crime(7, "shot the marshal"))
    assert campaign.describe(campaign.events[-1]).endswith(
        "shot the marshal; High Noon: the manhunt is on, and the posse must make a stand")
    told = " ".join(render(build(campaign, 1, view), "txt").split())
    assert ("From 5 to 12 o'clock: shot the marshal; High Noon: the manhunt is on, and the "
            "posse must make a stand.") in told


def test_a_brawl_settled_in_a_journal_older_than_its_guts_is_still_told_as_a_brawl():
    # before `guts_max` was recorded, a settlement of no take was a brawl's alone
    old = Event(9, datetime(2026, 1, 1), 2, "fistful.session_settled",
                {"name": "Bo", "take": 0, "xp": 0,
                 "sheets": {"Bo": {"xp": 0, "take": 0, "brawled": False}}}, 9)
    assert RULES.describe(old) == "Bo's Drunken Brawl wears off"
    assert view.table_tells(old) == "Bo's Drunken Brawl wore off"


# -- line 87: one who reaches 6 Stress rides off, and the log says so then -------------------


def test_the_step_that_brings_six_stress_says_the_character_rides_off():
    state = run(journal(posse(), SESSION_START), RollTest("Bo", "grit", 11, 2, (1, 2)))
    state = sheet(state, "Bo", stress=5)
    state = run(state, RollTest("Bo", "grit", 11, 1, (1,)))
    [new] = RULES.decide(state, DoubleDown((6, 6, 6, 6, 6)))
    assert said(new).endswith("; Bo has 6 Stress and rides off, out of play")
    state = sheet(state, "Bo", stress=4)
    [new] = RULES.decide(state, RollTest("Bo", "grit", 11, 2, (6, 6)))
    assert "rides off" not in said(new)  # a Bust to 5 Stress: still riding


# -- lines 99, 136, 142-146, 205: money and rest in a session are not 'between adventures' ----


def test_money_and_rest_in_a_session_are_not_told_as_between_adventures(
        tmp_path: Path) -> None:
    campaign = started(tmp_path)
    campaign.execute(ShareTake("Ann", 47))
    assert episode_of(campaign) == "Money and gear."
    campaign.execute(TakeHarm("Bo", 3, "a fall"))
    campaign.execute(Rest("Bo", (1, 2)))
    assert episode_of(campaign) == "Rest and recovery."
    campaign.end_session()
    assert view.episode(campaign.events[-2]) == "Money and gear."  # the take into XP
    campaign.execute(Carouse("Ann", 0, 1, (2,), 3, story="an old flame talks"))
    assert episode_of(campaign) == "Between adventures."


# -- lines 103, 146, 153, 159, 185, 321: the recap says what a session took up and leaves ----

TOOK, GOES = "Taken up from the session before", "Goes on next session"


def part(text: str, heading: str) -> str:
    """The paragraph under `heading` in a recap told as plain text ("" where none is)."""
    found = re.search(rf"{re.escape(heading)}\n-+\n\n(.*?)\n", text)
    return found.group(1) if found else ""


def recap(campaign: Campaign[FistfulState], session: int, *, dealer: bool = False) -> str:
    return render(build(campaign, session, view, dealer=dealer), "txt")


def test_a_session_says_what_goes_on_and_the_next_takes_it_up(tmp_path: Path) -> None:
    campaign = started(tmp_path)
    campaign.execute(Crime(2, "robbed the Katy train"))
    campaign.execute(RollWantedChart((1, 2)))  # a 3 at 5 o'clock, kept for later
    chart = campaign.events[-1].seq
    campaign.execute(ShareTake("Bo", 40))
    for name in ("Ann", "Jake"):
        campaign.execute(JoinFight(name, "Nearby"))
    campaign.execute(FlipInitiative("H"))
    under_way = campaign.under_way
    assert under_way == "the fight, in round 1 (Ann, Jake)"
    campaign.end_session(under_way="carry")
    campaign.execute(Carouse("Bo", 0, 2, (1, 1), 4))  # a brawl, two advancement dice
    one = recap(campaign, 1)
    assert TOOK not in one  # the first session took nothing up
    assert part(one, GOES) == (
        "The fight, in round 1 (Ann, Jake); The Test Gang at 5 o'clock on the Wanted Clock; "
        "Bo's 2 advancement dice wait for the Advancement Test; Bo's Drunken Brawl keeps "
        "their Guts to 8 till the next session ends; starting money, which cannot pay off "
        "the bounty: Ann $90, Bo $28.")
    # the fight in the words the session's end asked about it
    assert part(one, GOES).startswith(under_way[:1].upper() + under_way[1:])
    # the Judge's copy adds the chart's result he keeps for later; the table's never has it
    judge = part(recap(campaign, 1, dealer=True), GOES)
    assert judge.startswith(part(one, GOES)[:-1])
    assert f"the Wanted Chart's 3 (#{chart}, Howdy!) still to come into play" in judge
    for fact in (*hidden_facts(campaign.state), "Howdy", "Wanted Chart", "Jake's Grit"):
        assert fact not in part(one, GOES), fact
    assert one.index("Won and lost") < one.index(GOES)

    campaign.start_session()
    two = recap(campaign, 2)
    # the brawl that lasted through the next session now lasts through this one
    assert part(two, TOOK) == part(one, GOES).replace("till the next", "till this")
    campaign.execute(EndFight())
    campaign.end_session()
    two = recap(campaign, 2)
    assert two.index(TOOK) < two.index("What happened") < two.index(GOES)
    # the fight is over and the brawl wore off as the session ended
    assert part(two, GOES) == (
        "The Test Gang at 5 o'clock on the Wanted Clock; Bo's 2 advancement dice wait for "
        "the Advancement Test; starting money, which cannot pay off the bounty: Ann $90, "
        "Bo $28.")


def test_a_session_with_nothing_carried_says_neither(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path)
    campaign.start_session()
    campaign.execute(ChooseOptionalRules(Settings(glory=True)))
    campaign.end_session()
    for dealer in (False, True):
        told = recap(campaign, 1, dealer=dealer)
        assert TOOK not in told and GOES not in told
    # a posse formed before the first session: that session takes nothing up
    assert view.table_stands(view.table_knows(posse())) is None
    assert view.dealer_stands(posse()) is None


def test_what_goes_on_tells_high_noon_a_debt_and_who_is_down_never_the_judges() -> None:
    state = run(journal(posse(), SESSION_START), RollWantedChart((1, 2)),
                Crime(9, "shot the marshal"), TakeHarm("Bo", 10, "a fall"))
    state = run(sheet(state, "Ann", dollars=3, stress=2),
                Carouse("Ann", 2, 0, (4, 5), 3, story="an old flame talks"))
    state = replace(state, misfortune=2)
    table = view.table_stands(view.table_knows(state), leaving=True)
    assert table == ("The Test Gang at High Noon: the manhunt is on, and the posse must make "
                     "a stand; out of action at 0 Guts: Bo; Ann owes $6 from Carousing")
    judge = view.dealer_stands(state, leaving=True)
    assert judge == (f"{table}; the Wanted Chart's 3 (#1, Howdy!) still to come into play; "
                     "the Judge's Misfortune 2/3")
    # what the Judge keeps, changed, changes nothing the table is told
    other = replace(state, misfortune=0, chart_rolls=(), characters=tuple(
        replace(c, grit=1, guts=0, notes="other", rank="Creature") if c.is_npc else c
        for c in state.characters))
    assert view.table_stands(view.table_knows(other), leaving=True) == table
