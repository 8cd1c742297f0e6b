"""A Dealer's third evening with the sample campaign: a fight, a chase of tests, the Wanted
Clock moving, between adventures, two mistakes undone and the players' screen open. What it
found, each checked against the book (line numbers are lines of the book's file) and proved
here: what failed before its fix, and the reading chosen where the book leaves room."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path

from textual.widgets import DataTable, Select

from gmscreen.games.fistful import RULES, fight_rules, view
from gmscreen.games.fistful.commands import (
    EndTurn,
    FlipInitiative,
    JoinFight,
    OpposedTest,
    RollTest,
    Side,
)
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from gmscreen.ui.clock_face import ClockFace
from gmscreen.ui.players import PlayersApp
from tests.fistful.game import posse, refused, run, said, sheet
from tests.fistful.test_panes import judged, keys, sample, text_of
from tests.pilot import fill, opened, screen_text, set_field, synchronous, to_tab, until

# -- line 122: the posse's 3 Luck for the order, paid by whom the table says ----------------


def lucky(ann: int, bo: int) -> FistfulState:
    """Ann and Bo against Jake in a fight, with `ann` and `bo` Luck banked."""
    state = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Bo", "Nearby"),
                JoinFight("Jake", "Nearby"))
    return sheet(sheet(state, "Ann", luck=ann), "Bo", luck=bo)


def test_the_table_says_who_pays_the_three_luck_for_the_order():
    # the book names no payer: before, the first named paid all they could (Ann, both of
    # hers) whatever the players had agreed
    state = lucky(2, 2)
    paid = FlipInitiative("H", (("Ann", 1), ("Bo", 2)))
    after = run(state, paid)
    assert (after.character("Ann").luck, after.character("Bo").luck) == (1, 0)  # type: ignore
    assert after.first_to_act == "posse" and after.combat_round == 1
    assert "3 Luck (Ann 1, Bo 2)" in said(RULES.decide(state, paid)[0])
    # the parts come to 3, each within its payer's bank, each payer named once
    for parts in ((("Ann", 1), ("Bo", 1)), (("Ann", 2), ("Bo", 2)), (("Ann", 3),),
                  (("Ann", 2), ("Ann", 1)), (("Ann", 0), ("Bo", 2), ("Ann", 1))):
        assert refused(state, FlipInitiative("H", parts), "Initiative").field == "luck"


def test_the_order_form_starts_on_the_fullest_banks_and_takes_what_is_typed():
    # the form starts on one Luck at a time from whoever holds the most (ties: the list's
    # order), so nobody is emptied while another keeps two
    assert fight_rules.suggested_order_luck(lucky(2, 2)) == {"Ann": 2, "Bo": 1}
    assert fight_rules.suggested_order_luck(lucky(1, 3)) == {"Ann": 1, "Bo": 2}
    assert fight_rules.suggested_order_luck(lucky(0, 3)) == {"Bo": 3}


@synchronous
async def test_buying_the_order_by_keys_pays_the_parts_typed(tmp_path: Path):
    campaign = sample(tmp_path)
    for name in ("Cora Dalton", "Kit Hollis"):  # doubles on a success: a Luck each
        for _ in range(2):
            campaign.execute(RollTest(name, "grace", 8, 2, (5, 5)))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        for name in ("Cora Dalton", "Kit Hollis", "Deputy Hal"):
            await fill(pilot, "j", name=name)
        order = await opened(pilot, "I")
        # what each holds is in sight as the parts are typed
        assert order.note.endswith("Held: Cora Dalton 2, Tomas Vega 1, Kit Hollis 2.")
        starts = order.values()
        assert [starts.text(f.key) for f in order.fields if f.label != "Who goes first"] == [
            "2", "", "1"]  # Cora, Tomas (1 Luck), Kit
        await fill(pilot, **{f.key: part for f, part in zip(
            [f for f in order.fields if f.label != "Who goes first"], ("0", "1", "2"),
            strict=True)}, first="T")
        state = campaign.state
        assert [state.character(n).luck for n in  # type: ignore[union-attr]
                ("Cora Dalton", "Tomas Vega", "Kit Hollis")] == [2, 0, 0]
        assert state.first_to_act == "npcs"
        await keys(pilot, "escape")
    campaign.close()


# -- line 122: the Fight tab's head says who goes first by the coin --------------------------


def test_the_fight_head_says_who_goes_first_by_the_coin():
    state = lucky(2, 2)
    heads = run(state, FlipInitiative("H"))
    assert view.fight_head(heads, fight_rules.waiting(heads)) == (
        "Round 1, heads: the posse goes first.  Still to act: Ann, Bo, then Jake")
    # tails: the NPCs go first, and are named first among those still to act
    tails = run(state, FlipInitiative("T"))
    assert view.fight_head(tails, fight_rules.waiting(tails)) == (
        "Round 1, tails: the NPCs go first.  Still to act: Jake, then Ann, Bo")
    assert said(RULES.decide(state, FlipInitiative("T"))[0]) == (
        "Round 1, tails: the NPCs go first")
    bought = run(state, FlipInitiative("T", (("Ann", 2), ("Bo", 1))))
    assert said(RULES.decide(state, FlipInitiative("T", (("Ann", 2), ("Bo", 1))))[0]) == (
        "Round 1, the order bought with 3 Luck (Ann 2, Bo 1): the NPCs go first")
    assert view.fight_head(bought, fight_rules.waiting(bought)).startswith(
        "Round 1, the order bought with 3 Luck: the NPCs go first.  Still to act: Jake, then")
    # the players' screen says it as the Dealer's tab does
    for state, head in ((tails, "Round 1, tails: the NPCs go first"),
                        (bought, "Round 1, the order bought with 3 Luck: the NPCs go first")):
        assert [s.title for s in view.table_sections(view.table_knows(state))
                if s.title.startswith("Round")] == [head]


@synchronous
async def test_the_fight_tab_says_tails_and_who_goes_first(tmp_path: Path):
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        for name in ("Cora Dalton", "Deputy Hal"):
            await fill(pilot, "j", name=name)
        await fill(pilot, "c", coin="T")
        assert text_of(app, "#ff-round").startswith(
            "Round 1, tails: the NPCs go first.  Still to act: Deputy Hal, then Cora Dalton")
    campaign.close()


# -- lines 126-128, 229: the log says why an attack dealt less than its dice -----------------


def test_the_log_says_damage_was_halved_at_the_farthest_band_or_cut_by_cover():
    # Tomas's four dice with a revolver (+2) at Faraway, its farthest band, into light
    # cover: the log read "deals 1 Guts", and a Dealer counting 4 + 2 looked for 6
    state = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Jake", "Faraway"))
    shot = OpposedTest(Side("Ann", "gumption", 4, (4, 3, 2, 1)),
                       Side("Jake", "grace", 2, (1, 2)), weapon="revolver",
                       band="Faraway", cover="light")
    assert said(RULES.decide(state, shot)[0]).endswith(
        "revolver at Faraway deals 1 Guts (6 halved at its farthest band, 2 off for light "
        "cover)")
    hard = replace(shot, band="Nearby", cover="hard")
    assert "deals 2 Guts (6, 4 off for hard cover)" in said(RULES.decide(state, hard)[0])
    # a plain shot says nothing more: the dice and the weapon add up to it
    plain = replace(shot, band="Nearby")
    assert said(RULES.decide(state, replace(plain, cover="none"))[0]).endswith(
        "revolver at Nearby deals 6 Guts")


# -- line 229: the ammunition die is rolled for a gun or bow the sheet names -----------------


@synchronous
async def test_the_ammunition_form_offers_only_the_guns_carried(tmp_path: Path):
    # Cora carries a revolver and a rifle: the form also offered "(none)", which rolled
    # for whichever came first on her sheet, not for the gun the Dealer meant
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        ammo = await opened(pilot, "b")
        assert ammo.values().text("name") == "Tomas Vega"  # he fired last in the sample
        set_field(ammo, "name", "Cora Dalton")
        await pilot.pause()
        assert [value for _, value in ammo.options_of("weapon")] == ["revolver", "rifle"]
        offered = ammo.widget_of("weapon")
        assert isinstance(offered, Select) and not offered._allow_blank  # no "(none)"
        await keys(pilot, "escape")
    campaign.close()


# -- lines 38-60: an NPC's odds have no floating die's columns -------------------------------


@synchronous
async def test_an_npcs_odds_show_no_floating_die(tmp_path: Path):
    # set up for Widow Parker the tab read "No die can float." over odds with a Luck's
    # and the Judge's floating die, as if one could be named for her
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        odds = app.screen.query_one("#ff-odds", DataTable)
        assert [str(c) for c in odds.get_row("3")][4:] != ["-"] * 6  # Cora floats dice
        await keys(pilot, *"pppp")  # Eli, Tomas, Kit, then the widow
        assert text_of(app, "#ff-setup").startswith("Widow Parker")
        row = [str(c) for c in odds.get_row("3")]
        assert "-" not in row[:4] and row[4:] == ["-"] * 6
    campaign.close()


def test_the_recap_tells_the_coin_or_the_luck_that_set_the_order():
    # the recap read "Round 2: the posse acted first" for an order the posse paid 3 Luck
    # for, and "Round 1: the NPCs acted first" with no word of the coin
    state = lucky(2, 2)
    tails = RULES.decide(state, FlipInitiative("T"))[0]
    bought = RULES.decide(state, FlipInitiative("H", (("Ann", 2), ("Bo", 1))))[0]
    assert [view.table_tells(Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1))
            for new in (tails, bought)] == [
        "Round 1, tails: the NPCs went first",
        "Round 1, the order bought with 3 Luck (Ann 2, Bo 1): the posse went first"]


# -- line 122: the side the coin sends second has no turn to end before the first's ----------


def test_the_side_going_second_cannot_end_a_turn_before_the_first_has_acted():
    # round 2 bought by the posse: a space pressed on the Marshal's row ended his turn
    # before any of the posse had acted, and he lost it without a word
    state = run(lucky(0, 0), FlipInitiative("H"))
    refusal = fight_rules.why_not_end_turn(state, "Jake")
    assert refusal == RuleError("Turns", "the posse acts first this round: Ann, Bo are still "
                                "to act")
    refused(state, EndTurn("Jake"), "Turns")
    # once the posse's turns are done, his comes, and Done ends it
    after = run(state, EndTurn("Ann"), EndTurn("Bo"), EndTurn("Jake"))
    assert fight_rules.waiting(after) == ()


# -- line 122: the players' screen at 80x24 shows the fight while one is on ------------------


@synchronous
async def test_the_players_screen_shows_the_fight_first_while_one_is_on(tmp_path: Path):
    # at 80x24 the clock and the posse filled the players' screen and the fight, who goes
    # first and who stands where, was below it, out of the table's sight
    campaign = sample(tmp_path)
    for name in ("Cora Dalton", "Deputy Hal"):
        campaign.execute(JoinFight(name, "Nearby"))
    campaign.execute(FlipInitiative("T"))
    app = PlayersApp(campaign.store.path)  # type: ignore[union-attr]
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Cora Dalton" in screen_text(app) and bool(
            app.query(ClockFace)))
        await pilot.pause()
        shown = screen_text(app)
        assert "Round 1, tails: the NPCs go first" in shown and "Deputy Hal" in shown
    campaign.close()


# -- line 152: a brawl wearing off is told as recovery, not as money ---------------------------


def test_a_brawl_wearing_off_with_no_take_is_told_under_rest_and_recovery():
    # session 3's recap put "Cora Dalton's Drunken Brawl wore off." under "Money and gear."
    settled = {"name": "Cora Dalton", "take": 0, "xp": 0, "sheets": {}, "guts_max": 9}
    worn = Event(1, datetime(2026, 1, 1), 3, "fistful.session_settled", settled, 1)
    assert view.table_tells(worn) == "Cora Dalton's Drunken Brawl wore off"
    assert view.episode(worn) == "Rest and recovery."
    took = Event(1, datetime(2026, 1, 1), 3, "fistful.session_settled",
                 {**settled, "take": 47, "xp": 4}, 1)
    assert view.episode(took) == "Money and gear."
