"""A Judge's first campaign played from nothing (Red Mesa, round 64): what tripped him, each
test failing before its change (docs/rules/fistful.md, "A first campaign (round 64)")."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path

from gmscreen.games.fistful import RULES, fight_rules, view
from gmscreen.games.fistful.commands import (
    AddNpc,
    Carouse,
    CreateCharacter,
    EndTurn,
    FlipInitiative,
    JoinFight,
    MoveInFight,
    OpposedTest,
    Rest,
    RollTest,
    ShareTake,
    Side,
    SpendLuck,
    TakeHarm,
)
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.document import render
from gmscreen.journal.events import Event
from gmscreen.journal.recap import build
from tests.fistful.game import apply, posse, run, said, sheet, told
from tests.fistful.test_at_the_table import in_a_fight
from tests.fistful.test_enter_through import CORA, JAKE, TOMAS
from tests.fistful.test_fit import sample
from tests.fistful.test_panes import judged
from tests.pilot import opened, synchronous, to_tab

# -- lines 40-42: a failure's doubles with the Judge's bank full ------------------------------


def test_a_failures_doubles_on_a_full_bank_are_said_to_be_spent_at_once():
    """Bo failed with doubles while the Judge held 3 Misfortunes: the line said nothing of
    the doubles (a Luck past a full bank says "to spend at once"). The book lets the Judge
    spend a Misfortune at once; his bank full, that is all he may do with it."""
    full = replace(posse(), misfortune=3)
    events = RULES.decide(full, RollTest("Bo", "grit", 14, 3, (3, 3, 4)))
    assert told(events[0]).misfortune_at_once and not told(events[0]).misfortune_banked
    assert apply(full, events).misfortune == 3
    assert said(events[0]).endswith(
        "= 10; doubles: a Misfortune for the Judge to spend at once (his bank is full)")
    # the losing side of an opposed test, and a rest that Busts, the same
    duel = OpposedTest(Side("Ann", "gumption", 2, (4, 5)), Side("Bo", "grace", 2, (2, 2)))
    assert said(RULES.decide(full, duel)[0]).endswith(
        "Bo's doubles: a Misfortune for the Judge to spend at once (his bank is full)")
    rested = RULES.decide(full, Rest("Bo", (6, 6, 6, 6)))
    assert told(rested[0]).misfortune_at_once
    # with room in the bank, banked as before; let go, nothing to spend
    assert not told(RULES.decide(posse(), RollTest("Bo", "grit", 14, 3, (3, 3, 4)))[0]
                    ).misfortune_at_once
    let_go = RULES.decide(full, RollTest("Bo", "grit", 14, 3, (3, 3, 4),
                                         bank_misfortune=False))
    assert not told(let_go[0]).misfortune_at_once
    assert said(let_go[0]).endswith("= 10")
    # an NPC's doubles give the Judge nothing (line 40 is the posse's failures)
    jake = RULES.decide(full, RollTest("Jake", "grit", 14, 3, (3, 3, 4)))
    assert not told(jake[0]).misfortune_at_once


# -- line 126: the attack of one who has just closed on a foe --------------------------------


@synchronous
async def test_an_attack_starts_on_the_foe_just_closed_on(tmp_path: Path) -> None:
    """Cowhand Jim closed on Bo (t) and drew his knife (o): the form started on Ann, the
    first of the posse, a band farther, the knife's harm halved at its reach. It starts on
    the nearest foe now; at one range, on the first of them as before."""
    def closed(campaign: Campaign[FistfulState]) -> None:
        for name in (TOMAS, CORA, JAKE):
            campaign.execute(JoinFight(name, "Nearby"))
        campaign.execute(FlipInitiative("T"))
        campaign.execute(MoveInFight(JAKE, toward=CORA))

    campaign = sample(tmp_path / "s", closed)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        assert fight_rules.targets(campaign.state, JAKE)[:2] == (TOMAS, CORA)
        form = await opened(pilot, "o")  # Jake, the NPCs first, highlighted
        assert form.values().text("target") == CORA
    campaign.close()
    state = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Bo", "Nearby"),
                JoinFight("Jake", "Nearby"))
    assert fight_rules.nearest_foe(state, "Jake", ("Ann", "Bo")) == "Ann"
    assert fight_rules.nearest_foe(state, "Ann", ("Bo",)) == ""


# -- lines 38, 44: a Luck spent on the attack that rolled it, in the recap ------------------


def test_a_luck_spent_on_an_attack_is_told_with_the_fight(tmp_path: Path) -> None:
    """Ann's doubles won her a Luck on an attack, spent at once on a second hit: the recap
    cut the fight there, under a "Tests." heading of its own, and went on under a new "The
    fight.". A Luck is spent as it is rolled: it is told with the roll it came of."""
    campaign = in_a_fight(tmp_path, (CORA, "Nearby"), (JAKE, "Faraway"))
    campaign.execute(FlipInitiative("H"))
    campaign.execute(OpposedTest(Side(CORA, "gumption", 2, (4, 4)),
                                 Side(JAKE, "grace", 2, (2, 1)), "revolver", "Faraway",
                                 turn=True))
    campaign.execute(SpendLuck(CORA, "a second hit on the deputy"))
    campaign.execute(EndTurn(CORA))
    campaign.execute(OpposedTest(Side(JAKE, "gumption", 2, (4, 3)),
                                 Side(CORA, "grace", 2, (2, 1)), "revolver", "Faraway",
                                 turn=True))
    for dealer in (False, True):
        told = render(build(campaign, 1, view, dealer=dealer), "txt")
        last = told[told.rindex("The fight.\n"):]
        assert "a Luck: a second hit on the deputy" in last, told
        assert "Rattlesnake Jake against Cora Dalton" in last or "Rattlesnake Jake wins" in last
    campaign.close()


# -- lines 136, 150: a jackpot won between sessions, its XP said --------------------------


def test_a_jackpot_won_between_sessions_says_the_xp_it_gave() -> None:
    """Carla caroused after the session and rolled Winner Winner Chicken Dinner!: $24 won,
    and her XP went from 3 to 5 with no word of why in the log or the recap (a share taken
    then says "counted with the session just ended: 2 XP"). The jackpot says it too."""
    state = replace(sheet(posse(), "Bo", stress=2, dollars=30, take=0, settled_take=33,
                          xp=3), between_sessions=True)
    events = RULES.decide(state, Carouse("Bo", 2, 0, (5, 6), 1, again=(6, 6)))
    assert apply(state, events).character("Bo").xp == 4  # type: ignore[union-attr]
    assert said(events[0]).endswith(
        "wins 6 6 = $12, counted with the session just ended: 1 XP")
    new = events[0]
    assert (view.table_tells(Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1))
            or "").endswith(
        "won $12, counted with the session just ended: 1 XP")
    # won while the session runs, it joins the take, its XP as the session ends: as before
    playing = sheet(posse(), "Bo", stress=2, dollars=30, take=4)
    during = RULES.decide(playing, Carouse("Bo", 2, 0, (5, 6), 1, again=(6, 6)))
    assert said(during[0]).endswith("wins 6 6 = $12")


# -- line 136: a take split evenly that does not split evenly -------------------------------


def test_a_take_split_evenly_says_what_is_left_over() -> None:
    """$100 taken for the whole posse of three (m, "The whole posse, split evenly"): $33
    each, and the $1 left went without a word in the log or the recap. It is said on the
    last share; a take that splits evenly says nothing more."""
    state = run(posse(), CreateCharacter("Cy", (3, 3, 3, 3, 3, 3), (2, 2, 2)))
    events = RULES.decide(state, ShareTake("", 100))
    assert [told(new).dollars for new in events] == [33, 33, 33]
    assert said(events[-1]) == "Cy takes a $33 share; $1 left over, the take not splitting evenly"
    assert not told(events[0]).left_over
    new = events[-1]
    assert view.table_tells(Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1)) == (
        "Cy took a $33 share; $1 left over, the take not splitting evenly")
    even = RULES.decide(state, ShareTake("", 99))
    assert said(even[-1]) == "Cy takes a $33 share"


# -- line 261: whose Guts put a side's morale in question ------------------------------------


def test_the_morale_call_names_who_of_the_side_lost_half_their_guts() -> None:
    """Cowhand Pete, one of the four of Law, lost 6 of his 8 Guts: the Fight tab said
    "Morale in question: Law (lost half their Guts)", which reads as the side's Guts. It
    names him; half the side down, and an NPC of no side, read as before."""
    state = run(posse(), AddNpc("Kid", "Poor", strong="gumption", side="The Clantons"),
                AddNpc("Boss", "Ornery", strong="grit", side="The Clantons"),
                JoinFight("Ann", "Nearby"), JoinFight("Kid", "Nearby"),
                JoinFight("Boss", "Nearby"), JoinFight("Jake", "Nearby"),
                TakeHarm("Kid", 5, "shot"), TakeHarm("Jake", 6, "shot"))
    said_now = view.morale_call(state)
    assert "The Clantons (Kid lost half their Guts)" in said_now, said_now
    assert "Jake (lost half their Guts)" in said_now, said_now
