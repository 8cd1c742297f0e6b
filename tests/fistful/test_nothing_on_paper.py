"""Nothing left to paper (round 13): what a Judge running a whole session from the app would
still have kept on a notepad or in his head, or read wrong off a screen, each test written
from the book and failing before its fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.fistful.commands import Crime
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.clocks import MakeClock, TickClock
from gmscreen.journal.freeroll import FreeRoll
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from tests.fistful.test_fit import sample
from tests.pilot import synchronous


def damaged_problem(tmp_path: Path, was: str, now: str) -> str:
    """The problem the sample journal, one value of it damaged by hand, is opened with."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = write_sample(SAMPLES[0], tmp_path)
    text = path.read_text(encoding="utf-8")
    assert text.count(was) == 1, was
    path.write_text(text.replace(was, now), encoding="utf-8")
    damaged = open_campaign(path, rules_for)
    try:
        assert damaged.damaged is not None
        return damaged.damaged.problem
    finally:
        damaged.close()


# -- lines 26-34, 70, 99, 185, 261, 265: a total mended away from its dice ------------------


@pytest.mark.parametrize(("was", "now", "said"), [
    ("kept = [4, 4, 5], total = 13", "kept = [4, 4, 5], total = 3",
     "(fistful.test_rolled) cannot be applied: total is 3, where its dice make 13"),
    ("kept = [6, 3], total = 9", "kept = [6, 3], total = 8",
     "(fistful.opposed_test_rolled) cannot be applied: opposition.total is 8, where its "
     "dice make 9"),
    ("dice = [5, 6], total = 11", "dice = [5, 6], total = 2",
     "(fistful.wanted_chart_rolled) cannot be applied: total is 2, where its dice make 11"),
    ("rolled = [6, 5, 4, 2, 3], total = 20", "rolled = [6, 5, 4, 2, 3], total = 12",
     "(fistful.morale_tested) cannot be applied: total is 12, where its dice make 20"),
])
def test_a_total_mended_away_from_its_dice_is_named_by_its_event_and_field(
        tmp_path: Path, was: str, now: str, said: str) -> None:
    """A test's total mended by hand to 3 with its dice 4 4 5 was told as written: the log
    said "3" and the result stood (stop 43). The total is the sum of the dice kept (line
    26), so the fold names the event and the field, as a name nobody has is named."""
    problem = damaged_problem(tmp_path, was, now)
    assert problem.startswith("event "), problem
    assert problem.endswith(said), problem


def test_every_total_the_rules_write_is_the_sum_of_its_dice() -> None:
    # a duel's coins (line 70), Doubling Down (93), a rest (99), an Advancement Test (136)
    # and a reaction (265) are checked as they fold: every kind the game writes folds
    from gmscreen.games.fistful.evolve import _totals
    from tests.fistful.game import every_kind, told
    counted = 0
    for new in every_kind():
        for field, written, made in _totals(told(new)):
            assert written == made, (new.kind, field)
            counted += 1
    assert counted >= 10


def test_a_duels_coins_mended_to_a_wrong_total_are_named() -> None:
    from datetime import datetime

    from gmscreen.games.fistful import RULES
    from gmscreen.games.fistful.commands import Duel
    from gmscreen.journal.events import Event
    from gmscreen.journal.payload import PayloadError
    from tests.fistful.game import posse
    state = posse()
    [new] = RULES.decide(state, Duel("Bo", "HHT", "Ann", "TT"))
    assert new.data["challenger_total"] == 13  # heads 6, tails 1 (line 70)
    for data, field in (({**new.data, "challenger_total": 18}, "challenger_total"),
                        ({**new.data, "opponent_coins": "TX"}, "opponent_coins")):
        with pytest.raises(PayloadError) as error:
            RULES.evolve(state, Event(9, datetime(2026, 1, 1), 1, new.kind, data, 9))
        assert error.value.field == field


# -- line 161: a crime's line of the log is one written before it ---------------------------


def test_a_crimes_line_past_the_end_of_the_journal_is_refused_by_the_rules(
        tmp_path: Path) -> None:
    """The crime form refused "see #999" by the journal's length, but the rules took it from
    any other way in (a command, a journal mended by hand): "#34 3 -> 4, crime: ... (see
    #999)". A crime's line comes before the clock's move it causes."""
    campaign = sample(tmp_path / "s")
    file = campaign.path
    assert file is not None
    before = file.read_bytes()
    newest = len(campaign.events)
    with pytest.raises(RuleError) as error:
        campaign.execute(Crime(1, "robbed the stage", cause=999))
    assert error.value.field == "cause"
    assert str(error.value) == (f"Wanted Clock: the crime's cause #999 is past the newest "
                                f"line of the log, #{newest}: a crime's line is one already "
                                "written")
    assert file.read_bytes() == before
    # a line already written is taken, a note among them
    campaign.note("Kit shot the sheriff's horse")
    campaign.execute(Crime(1, "shot the sheriff's horse", cause=newest + 1))
    # and the newest line of the Judge's own clocks and free rolls (the game is handed
    # them too): the clock ticked for the deed, the dice rolled for the witnesses
    campaign.execute(MakeClock("The sheriff's temper", 4))
    campaign.execute(TickClock("The sheriff's temper", 1, "his horse"))
    campaign.execute(Crime(1, "shot the sheriff's horse", cause=len(campaign.events)))
    campaign.execute(FreeRoll(1, 6, "who saw it", (4,)))
    campaign.execute(Crime(1, "scared the witness", cause=len(campaign.events)))
    with pytest.raises(RuleError, match="past the newest line"):
        campaign.execute(Crime(1, "a crime yet to come", cause=len(campaign.events) + 1))
    campaign.close()
    problem = damaged_problem(tmp_path / "d", "cause = 32", "cause = 999")
    assert problem.endswith("(fistful.clock_moved) cannot be applied: cause is #999, past "
                            "the newest line of the log, #33: a crime's line is one already "
                            "written"), problem


# -- line 122: the coin is flipped again once the round is played ----------------------------


def test_a_new_round_before_anyone_has_acted_is_refused() -> None:
    """`i` pressed twice began round 2 with nobody having acted in round 1 (stop 43): the
    book flips again after both sides have had their turns (line 122). One who has moved,
    acted or is Done lets the next round come (the Judge asked first while others wait)."""
    from gmscreen.games.fistful.commands import EndTurn, FlipInitiative, JoinFight
    from gmscreen.games.fistful.fight_rules import why_not_new_round
    from tests.fistful.game import posse, refused, run, sheet
    state = run(posse(), JoinFight("Ann", "Nearby", ("Jake",)), FlipInitiative("H"))
    assert state.combat_round == 1
    error = refused(state, FlipInitiative("T"), "Initiative")
    assert str(error) == ("Initiative: round 1 has just begun: nobody has acted in it yet "
                          "(an undo takes its coin back to flip again; Buy the order buys this "
                          "round's order with the posse's Luck)")
    # the posse, seeing the coin, buys this round's order over it: still round 1
    bought = run(sheet(state, "Ann", luck=3), FlipInitiative("H", (("Ann", 3),)))
    assert (bought.combat_round, bought.first_to_act, bought.order_bought) == (1, "posse", True)
    assert str(refused(bought, FlipInitiative("T"), "Initiative")).endswith(
        "nobody has acted in it yet (an undo takes the order bought back)")
    assert why_not_new_round(state) is not None
    state = run(state, EndTurn("Ann"))
    assert why_not_new_round(state) is None
    assert run(state, FlipInitiative("T")).combat_round == 2


@synchronous
async def test_i_twice_on_the_fight_tab_says_the_round_has_just_begun(tmp_path: Path) -> None:
    from gmscreen.games.fistful.commands import JoinFight
    from tests.fistful.test_enter_through import CORA, JAKE
    from tests.fistful.test_panes import judged, keys, refused_by
    from tests.pilot import to_tab
    campaign = sample(tmp_path / "s")
    campaign.execute(JoinFight(CORA, "Nearby", (JAKE,)))
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        await keys(pilot, "i")
        assert campaign.state.combat_round == 1
        before = len(campaign.events)
        await keys(pilot, "i")
        refused_by(notices, "Initiative", "round 1 has just begun: nobody has acted")
        assert len(campaign.events) == before and campaign.state.combat_round == 1
    campaign.close()


# -- lines 72, 203, 321: Dollars lost or paid outside a duel ---------------------------------


def test_dollars_lost_or_paid_outside_a_duel_come_off_the_sheet() -> None:
    """A wager's loser loses every Dollar (line 72), but a purse robbed, a fine, a bribe or
    a fare was offered no step (stop 43): the Judge put the figure "right" (a mending) or
    kept it on paper. Now some Dollars are lost or paid, starting money first (it cannot pay
    the bounty, line 321, so a table spends it first), to an NPC or gone, and the log says
    why."""
    from gmscreen.games.fistful import RULES
    from gmscreen.games.fistful.commands import LoseWealth
    from tests.fistful.game import posse, refused, run, said
    state = posse()  # Ann holds $90, all of it starting money
    ann = state.character("Ann")
    assert ann is not None and (ann.dollars, ann.start_purse) == (90, 90)
    [new] = RULES.decide(state, LoseWealth("Ann", "Jake", "a bribe at the toll bridge",
                                           dollars=15))
    assert said(new) == "Ann pays $15 to Jake: a bribe at the toll bridge"
    after = run(state, LoseWealth("Ann", "Jake", "a bribe at the toll bridge", dollars=15))
    ann, jake = after.character("Ann"), after.character("Jake")
    assert ann is not None and jake is not None
    assert (ann.dollars, ann.start_purse, jake.dollars) == (75, 75, 15)
    gone = RULES.decide(after, LoseWealth("Ann", "", "robbed on the road", dollars=5))
    assert said(gone[0]) == "Ann loses $5: robbed on the road"
    # more than held, none, no reason, or to one of the posse: each refused on its field
    for command, field in ((LoseWealth("Ann", "", "robbed", dollars=76), "dollars"),
                           (LoseWealth("Ann", "", "robbed", dollars=0), "dollars"),
                           (LoseWealth("Ann", "", " ", dollars=5), "why"),
                           (LoseWealth("Ann", "Bo", "a loan", dollars=5), "winner")):
        assert refused(after, command, "Dollars").field == field


def test_an_npcs_purse_paid_to_an_npc_stays_behind_the_screen() -> None:
    from gmscreen.games.fistful import view
    from gmscreen.games.fistful.commands import AddNpc, LoseWealth
    from gmscreen.games.fistful.events import WealthLost
    from tests.fistful.game import posse, run, sheet
    state = sheet(run(posse(), AddNpc("Deputy Hal", "Common")), "Jake", dollars=40)
    told = WealthLost("Jake", 10, "Deputy Hal", "a bribe", {}, part=True)
    assert view._behind_the_screen(told, {"Ann", "Bo"})
    mine = WealthLost("Ann", 10, "Jake", "a bribe", {}, part=True)
    assert not view._behind_the_screen(mine, {"Ann", "Bo"})
    assert run(state, LoseWealth("Jake", "Deputy Hal", "a bribe", dollars=10)).character(
        "Deputy Hal").dollars == 10  # type: ignore[union-attr]


@synchronous
async def test_dollar_on_the_characters_tab_pays_out_by_keys(tmp_path: Path) -> None:
    from gmscreen.games.fistful.events import WealthLost
    from tests.fistful.game import told
    from tests.fistful.test_enter_through import CORA
    from tests.fistful.test_panes import judged
    from tests.pilot import fill, to_tab
    campaign = sample(tmp_path / "s")
    cora = campaign.state.character(CORA)
    assert cora is not None and cora.dollars > 10
    had = cora.dollars
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        table = app.screen.query_one("#ff-people")
        rows = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]  # type: ignore[attr-defined]
        table.move_cursor(row=next(i for i, r in enumerate(rows) if CORA in r))  # type: ignore[attr-defined]
        await pilot.pause()
        await fill(pilot, "dollar_sign", dollars="10", why="fined for a brawl")
    paid = told(campaign.events[-1])
    assert isinstance(paid, WealthLost) and paid.part and paid.dollars == 10
    cora = campaign.state.character(CORA)
    assert cora is not None and cora.dollars == had - 10
    campaign.close()


# -- line 72: an NPC's loss in a duel is the Judge's to tell ---------------------------------


def test_an_npc_who_loses_a_duel_is_not_listed_as_what_the_posse_owes(tmp_path: Path) -> None:
    """Still to come lists what the rules ask of the posse next; an NPC who lost a High
    Stakes Duel was listed there with the book's forfeit ("in a gunfight they are out of
    action, in a wager they lose all their money"), though his Guts and purse are the
    Judge's, behind his screen (stops 39-40). One of the posse who loses still is."""
    from gmscreen.games.fistful import commands as c
    from tests.fistful.test_players_side import asked, section
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign.execute(c.Duel("Tomas Vega", "HHT", "Snake-eye Pete", "TT"))
    assert section(campaign, "Just now")[0].endswith("Tomas Vega won")
    assert not any("Snake-eye Pete" in line for line in asked(campaign)), asked(campaign)
    campaign.execute(c.Duel("Kit Hollis", "TT", "Snake-eye Pete", "HT"))
    assert ("Kit Hollis lost the High Stakes Duel: in a gunfight they are out of action, in "
            "a wager they lose all their money") in asked(campaign)
    campaign.close()


@synchronous
async def test_the_conflict_tab_says_a_downed_npcs_fate_is_the_judges(tmp_path: Path) -> None:
    from gmscreen.games.fistful import commands as c
    from tests.fistful.test_panes import judged, text_of
    from tests.pilot import to_tab
    campaign = sample(tmp_path / "s")
    campaign.execute(c.Duel("Tomas Vega", "HHT", "Snake-eye Pete", "TT"))
    campaign.execute(c.TakeHarm("Snake-eye Pete", 6, "lost a High Stakes Duel"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = " ".join(text_of(app, "#ff-result").split())
        assert ("Snake-eye Pete is out of action at 0 Guts: their fate is the Judge's: on "
                "the Characters tab v gets them up with aid, d marks them lost, or they stay "
                "down.") in shown, shown
    campaign.close()


# -- lines 146-155: a night out's bill, told; and refused to one with no money ------------------


def test_a_night_outs_bill_dice_are_told_to_the_table() -> None:
    """The table's recap and the players' screen said what a night out bought and its
    entry, but not the bill's dice the player rolled (Won and lost carried only the money
    left): "Bo went carousing to buy 2 advancement dice: Drunken Brawl"."""
    from gmscreen.games.fistful import RULES, view
    from gmscreen.games.fistful.commands import Carouse
    from tests.fistful.game import posse, sheet
    from tests.fistful.test_long_arc import _as_logged
    state = sheet(posse(), "Bo", xp=2, dollars=77)
    [night] = RULES.decide(state, Carouse("Bo", 0, 2, (5, 3), 4))
    assert view.table_tells(_as_logged(night)) == (
        "Bo went carousing to buy 2 advancement dice: Drunken Brawl; the bill 5 3 = $8")
    [fined] = RULES.decide(state, Carouse("Bo", 0, 2, (5, 3), 5, again=(2, 2)))
    assert view.table_tells(_as_logged(fined)) == (
        "Bo went carousing to buy 2 advancement dice: Drunk and Disorderly; the bill 5 3 = "
        "$8; fined $4 on top of the bill")


def test_f1s_carousing_says_one_with_no_money_has_no_night_out() -> None:
    # line 146: the bill is paid whether there is money or not, but some money must start
    # the tab; the app refuses the night (`why_not_carouse`), and F1 now says why
    from gmscreen.games.fistful.between_rules import why_not_carouse
    from gmscreen.glossary import words_of
    from tests.fistful.game import posse, sheet
    [carousing] = [w for w in words_of("gmscreen.games.fistful") if w.word == "Carousing"]
    assert "one holding no money at all has no tab to start, and no night out" in \
        carousing.means
    refused = why_not_carouse(sheet(posse(), "Bo", dollars=0), "Bo")
    assert refused is not None and "holds no money, and a tab needs some to start" in \
        str(refused)


# -- line 288: Glory, swayed by the bounty too ----------------------------------------------------


@synchronous
async def test_the_glory_form_says_how_far_the_bounty_moved_since_it_was_set(
        tmp_path: Path) -> None:
    """Glory "should be impacted by Bounty as well" (line 288), so a Judge kept in his head
    the hour Glory was last weighed at. The Wanted Clock tab's Glory line and the Glory
    form now say how far the clock moved since Glory was set (or taken up)."""
    from gmscreen.games.fistful.commands import ChangeGlory, ChooseOptionalRules, Crime
    from gmscreen.games.fistful.state import Settings
    from gmscreen.games.fistful.view import glory_behind
    from gmscreen.ui.form import Form
    from tests.fistful.test_panes import judged, keys, sections_text
    from tests.pilot import to_tab
    campaign = sample(tmp_path / "s")
    campaign.execute(Crime(1, "a brawl in the Long Branch"))  # 3 -> 4, before Glory
    campaign.execute(ChooseOptionalRules(Settings(glory=True)))
    assert glory_behind(campaign.state) == ""  # taken up at 4 o'clock
    campaign.execute(Crime(2, "robbed the Wichita bank"))
    said = "the clock went from 4 to 6 o'clock since Glory was last set"
    assert glory_behind(campaign.state) == f"; {said}"
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Wanted Clock")
        assert said in " ".join(sections_text(app).split())
        await keys(pilot, "g")
        form = app.screen
        assert isinstance(form, Form)
        assert said in " ".join(str(form.note).split())
        await keys(pilot, "escape")
    campaign.close()
    campaign = open_campaign(campaign.path, rules_for)  # type: ignore[arg-type]
    campaign.execute(ChangeGlory(2, "the papers"))
    assert glory_behind(campaign.state) == ""
    campaign.close()


# -- lines 185, 229: what waits past the session's end, said in its question ----------------------


@synchronous
async def test_the_end_of_session_question_names_the_chart_results_and_ammunition_owed(
        tmp_path: Path) -> None:
    """f6 asked "End session 1? Cora Dalton turns a $60 take into 6 XP." and no more: a
    Wanted Chart result still to come into play (line 185: it shows when it fits) and a gun
    whose ammunition die is still to roll (line 229) went unsaid, kept in the Judge's head
    into the next session (stop 39)."""
    from gmscreen.games.fistful.commands import BringInChartResult, RollWantedChart
    from gmscreen.ui.confirm import Confirm
    from tests.fistful.test_panes import judged, keys
    campaign = sample(tmp_path / "s")
    campaign.execute(RollWantedChart((1, 2)))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await keys(pilot, "f6")
        assert isinstance(app.screen, Confirm)
        asked = " ".join(app.screen.question.split())
        # the steps by their names: the rules that say this cannot know the Judge's keys
        assert ("Still to come into play from the Wanted Chart: 3 Howdy! (Brought in, on "
                "the Wanted Clock tab; they wait into the next session).") in asked, asked
        assert ("The ammunition die is still to roll for Tomas Vega's Revolver (Roll the "
                "ammo die, on the Fight tab).") in asked, asked
        await keys(pilot, "n")
    campaign.close()
    # brought in, a result is no longer said
    from gmscreen.games.fistful.wanted_rules import before_session_ends
    from tests.fistful.game import posse, run
    state = run(posse(), RollWantedChart((1, 2)))
    assert (before_session_ends(state) or "").startswith(
        "Still to come into play from the Wanted Chart: 3 Howdy!")
    assert before_session_ends(run(state, BringInChartResult(
        state.chart_rolls[-1][0]))) is None


# -- lines 217, 221, 227-241: a cavalry sword and a Gatling gun, priced with no numbers -----------


def test_a_cavalry_sword_and_a_gatling_gun_fight_with_the_readings_numbers() -> None:
    """The book sells a cavalry sword (Boutique) and a Gatling gun (Bespoke, rolled four
    times) but its weapons give neither numbers: one carried was no weapon, and its bearer
    fought with fists (-1), the Judge working the blow out on paper (stop 41). A sword is a
    blade held in the hand (an axe's +2, at Close, never thrown); a Gatling fires as the
    rifle (+3, to Distant, ammunition)."""
    from gmscreen.games.fistful import view
    from gmscreen.games.fistful.characters import Item
    from gmscreen.games.fistful.fight_rules import attack_weapons
    from gmscreen.games.fistful.harm import ammunition_weapons, carried_weapons, damage
    from gmscreen.games.fistful.tables import weapons
    from tests.fistful.game import posse, sheet
    arms = weapons()
    assert carried_weapons([Item("Cavalry sword", 3), Item("Gatling gun", 6, "large")]) == (
        "sword", "gatling")
    assert carried_weapons([Item("Sabre", 3)]) == ("sword",)
    assert damage(3, arms["sword"], "Close", "none") == 5  # 3 dice, +2
    assert damage(3, arms["sword"], "Close", "hard") == 5  # a blow: no cover counts
    assert damage(4, arms["gatling"], "Faraway", "light") == 5  # 4 + 3, light cover -2
    assert damage(4, arms["gatling"], "Distant", "none") == 3  # halved at its farthest
    assert ammunition_weapons([Item("Gatling gun", 6, "large")]) == ("gatling",)
    state = sheet(posse(), "Ann", equipment=(Item("Cavalry sword", 3),))
    assert attack_weapons(state, "Ann")[0] == "sword"
    ann = state.character("Ann")
    assert ann is not None
    assert "3: Cavalry sword (+2, Close)" in view.sheet_lines(ann)[-1]


# -- line 229: a gun whose last box is used is empty -------------------------------------------


def test_a_posse_members_gun_with_no_ammunition_left_is_said_to_be_empty() -> None:
    """After a firefight a box used comes off the sheet; the last one gone, the sheet still
    read "Revolver (+2, to Faraway, quick draw)" and the attack form "(carried)": that the
    gun could not fire was the Judge's to remember. The sheet and the attack form say it is
    empty; an NPC's gear is the Judge's and is left as it is."""
    from gmscreen.games.fistful import view
    from gmscreen.games.fistful.characters import Item
    from gmscreen.games.fistful.commands import CheckAmmunition
    from gmscreen.games.fistful.panes.rolls import attack_options
    from tests.fistful.game import posse, run, sheet
    revolver, box = Item("Revolver", 1, quickdraw=True), Item("Box of shells", 2)
    state = sheet(posse(), "Ann", equipment=(revolver, box))
    ann = state.character("Ann")
    assert ann is not None
    assert "1: Revolver (+2, to Faraway, quick draw); 2: Box of shells" in \
        view.sheet_lines(ann)[-1]
    state = run(state, CheckAmmunition("Ann", 1, "revolver"))  # the last box used
    ann = state.character("Ann")
    assert ann is not None
    assert ("1: Revolver (+2, to Faraway, quick draw; empty: no bullets or shells carried)"
            in view.sheet_lines(ann)[-1])
    assert ("Revolver +2, to Faraway, quick draw (carried, empty)", "revolver") in \
        attack_options(state, "Ann")
    state = sheet(state, "Jake", equipment=(revolver,))
    assert ("Revolver +2, to Faraway, quick draw (carried)", "revolver") in \
        attack_options(state, "Jake")


# -- lines 87, 103: one who rode off comes back as an NPC --------------------------------------


def test_an_npc_made_under_the_name_of_one_who_rode_off_is_told_how() -> None:
    """One who rides off at 6 Stress may come back as an NPC (line 87); the NPC form
    refused his name with "there is already a Bo", as if a typo. It now says why and what a
    Judge does: the old sheet keeps the name in the log, the NPC takes one of his own."""
    from gmscreen.games.fistful.commands import AddNpc
    from tests.fistful.game import posse, refused, run, sheet
    state = sheet(posse(), "Bo", stress=6)
    error = refused(state, AddNpc("bo", "Common"), "Characters")
    assert error.field == "name"
    assert str(error) == ("Characters: Bo rode off, and his sheet keeps the name: coming back "
                          "as an NPC, he takes one of his own (Bo, the drunk)")
    assert run(state, AddNpc("Bo, the drunk", "Common")).character("Bo, the drunk")
    assert str(refused(posse(), AddNpc("Ann", "Common"), "Characters")) == (
        "Characters: there is already a character called Ann")


# -- lines 136, 150: a jackpot is winnings, and winnings are XP ---------------------------------


def test_a_carousing_jackpot_joins_the_take_and_its_xp() -> None:
    """XP come of a session's "winnings and takings" (line 136), and Winner Winner Chicken
    Dinner! pays the bill's dice again as prize money (line 150); the prize went into the
    purse alone, so a Judge counted it toward XP on paper (a share, `m`, would have paid it
    twice). Now it joins the take as a share does; between sessions its XP come at once."""
    from dataclasses import replace

    from gmscreen.games.fistful.commands import Carouse
    from tests.fistful.game import posse, run, sheet
    state = sheet(posse(), "Bo", stress=2, dollars=30, take=4)
    bo = run(state, Carouse("Bo", 2, 0, (5, 6), 1, again=(6, 6))).character("Bo")
    assert bo is not None and (bo.dollars, bo.take) == (30 - 11 + 12, 16)
    ended = replace(sheet(state, "Bo", take=0, settled_take=4, xp=0), between_sessions=True)
    bo = run(ended, Carouse("Bo", 2, 0, (5, 6), 1, again=(6, 6))).character("Bo")
    assert bo is not None and (bo.xp, bo.settled_take, bo.take) == (1, 16, 0)


def test_the_session_s_end_names_who_of_the_posse_is_still_down() -> None:
    """Ending a session with Ann at 0 Guts, the question said nothing of her: the book
    (line 103) has the fallen back with aid or lost for good when the posse cannot get them
    back, a call the Judge was left to remember. It names her, the steps by their names,
    till she is up again."""
    from gmscreen.games.fistful.commands import Revive, RollOutOfAction, TakeHarm
    from gmscreen.games.fistful.wanted_rules import before_session_ends
    from tests.fistful.game import posse, run
    state = posse()
    assert before_session_ends(state) is None
    down = run(state, TakeHarm("Ann", 99, "a fall"), TakeHarm("Bo", 99, "a fall"))
    assert before_session_ends(down) == (
        "Still out of action at 0 Guts: Ann (the Out of action table); Bo (the Out of "
        "action table), on the Characters tab.")
    rolled = run(down, RollOutOfAction("Ann", 2), RollOutOfAction("Bo", 2), Revive("Bo", 3))
    assert before_session_ends(rolled) == (
        "Still out of action at 0 Guts: Ann (Revive, or Lost for good if the posse cannot "
        "get them back), on the Characters tab.")
    assert before_session_ends(run(rolled, Revive("Ann", 3))) is None


@synchronous
async def test_a_duel_losers_fall_is_read_whole_at_80x24(tmp_path: Path) -> None:
    """Widow Parker down after losing a duel: at 80x24 the Conflict tab's result box ended
    "...at 0 Guts: his fate is the Judge's: on the", the steps cut off under it, the rows
    above still asking what the duel would cost her. Once the loser is down that question
    is settled and gives its rows to where she went, told whole (and not as "his")."""
    from gmscreen.games.fistful import commands as c
    from gmscreen.games.fistful.events import KINDS, DuelFought
    from gmscreen.games.fistful.panes.conflict import duel_text
    from tests.fistful.test_panes import judged
    from tests.pilot import screen_text, to_tab, until
    campaign = sample(tmp_path / "s")
    campaign.execute(c.Duel("Cora Dalton", "HHT", "Widow Parker", "TTT"))
    duel = KINDS.read(campaign.events[-1])
    assert isinstance(duel, DuelFought)
    assert "What Widow Parker loses is the moment's" in duel_text(duel, 6).plain
    assert "loses" not in duel_text(duel, 6, fallen=True).plain
    campaign.execute(c.TakeHarm("Widow Parker", 99, "lost a High Stakes Duel"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: "Widow Parker is out of action" in screen_text(app))
        shown = " ".join(screen_text(app).split())
        assert "loses is the moment's" not in shown
        assert ("Widow Parker is out of action at 0 Guts: their fate is the Judge's: on the "
                "Characters tab v gets them up with aid, d marks them lost, or they stay "
                "down.") in shown, shown
    campaign.close()
