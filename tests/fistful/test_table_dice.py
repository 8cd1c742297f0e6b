"""The table's own dice and coins, typed by the Judge (a fourteenth look): each test names
the book's line it follows (docs/rules/fistful.md has its row). A typed roll must be taken
as the app's own is, and a typed die the step has no use for refused, not dropped."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful.commands import (
    ChooseOptionalRules,
    JoinFight,
    RollReaction,
    RollTest,
)
from gmscreen.games.fistful.state import Settings
from gmscreen.ui.form import Form
from tests.fistful.game import asked, told
from tests.fistful.test_campaign_run import refused_on
from tests.fistful.test_panes import judged, keys, sample
from tests.fistful.test_review import pick_other
from tests.pilot import fill, opened, synchronous, to_tab

# -- floating dice (line 58): the chooser takes a die away from the table's dice too -----------


@synchronous
async def test_an_opposed_test_typed_from_the_table_lets_the_player_take_a_die_away(
        tmp_path: Path) -> None:
    # Cora's background die floats; the table threw 5 5 4 2 and her player takes one away.
    # With the app's dice she was asked; with the table's own, the app took one itself
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        before = len(campaign.events)
        await fill(pilot, "o", active="Cora Dalton", a_stakes="3", a_dice="5 5 4 2",
                   a_floating="background", opposition="Widow Parker", o_stakes="3",
                   o_dice="4 4 1")
        chooser = await asked(pilot, "A die floats")
        assert "Cora Dalton chooses" in chooser.note and len(campaign.events) == before
        took = pick_other(chooser)
        await fill(pilot, removed=str(took))
        test = told(campaign.events[-1])
        assert test.active.rolled == (5, 5, 4, 2) and test.opposition.rolled == (4, 4, 1)
        assert (test.active.floating, test.active.removed) == ("background", took)


@synchronous
async def test_an_attack_typed_from_the_table_lets_the_player_take_a_die_away(
        tmp_path: Path) -> None:
    # the Fight tab's attack, Tomas's banked Luck floating on the table's four dice
    campaign = sample(tmp_path)
    for name in ("Tomas Vega", "Deputy Hal"):
        campaign.execute(JoinFight(name, "Nearby"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        await fill(pilot, "c", coin="H")
        await keys(pilot, "home")
        await fill(pilot, "o", target="Deputy Hal", weapon="revolver", a_stakes="3",
                   a_dice="6 3 3 1", a_floating="luck", o_stakes="2", o_dice="5 2")
        chooser = await asked(pilot, "A die floats")
        assert "Tomas Vega chooses" in chooser.note
        took = pick_other(chooser)
        await fill(pilot, removed=str(took))
        attack = told(campaign.events[-1])
        assert (attack.active.floating, attack.active.removed) == ("luck", took)


# -- Carousing (lines 150-155): dice again and the coin only where the table calls for them ----


@synchronous
async def test_carousing_typed_dice_again_or_a_coin_the_table_does_not_call_for_are_refused(
        tmp_path: Path) -> None:
    # a 3 on the table (Truth Comes Out) rolls nothing again and flips no coin: the "4" and
    # the "H" typed (the table's die misread, most likely) were dropped without a word
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        before = len(campaign.events)
        form = await fill(pilot, "u", name="Cora Dalton", table="3", again="4")
        refused_on(form, "again", "Carousing: ")
        assert "jackpot or a fine" in form.refusal and form.values().text("again") == "4"
        await fill(pilot, again="", coin="H")
        refused_on(form, "coin", "Carousing: ")
        assert "Wanted" in form.refusal and form.values().text("coin") == "H"
        assert len(campaign.events) == before and isinstance(app.screen, Form)


# -- Double or Nothing coins (line 294): the coin field says a blank is flipped by the app ------


@synchronous
async def test_doubling_down_by_coins_says_the_app_flips_a_blank_and_refuses_a_bad_coin(
        tmp_path: Path) -> None:
    # the table's coins are typed H or T; the field said only "H or T each", though a blank
    # is flipped by the app, as every other coin field of the game says
    campaign = sample(tmp_path)
    campaign.execute(ChooseOptionalRules(Settings(coin_double_down=True)))
    campaign.execute(RollTest("Cora Dalton", "grit", 8, 4, (6, 6, 6, 6)))  # a Bust: Stress 1
    campaign.execute(RollTest("Cora Dalton", "grit", 14, 2, (1, 2)))  # a plain failure
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "D")
        assert "the app flips" in str(form.widget_of("dice").placeholder)  # type: ignore[attr-defined]
        before = len(campaign.events)
        for typed, said in (("X", "a coin is H or T"), ("HT", "1 coin needed, 2 typed")):
            await fill(pilot, dice=typed)
            refused_on(form, "dice", "Coins: ")
            assert said in form.refusal and form.values().text("dice") == typed
        assert len(campaign.events) == before
        await fill(pilot, dice="t")
        doubled = told(campaign.events[-1])
        assert doubled.faces == (1,) and doubled.coins


# -- the reaction (lines 265-278): the d6 added when the posse stays after an 8 -------------


@synchronous
async def test_the_d6_added_when_the_posse_stays_is_typed_from_the_table(
        tmp_path: Path) -> None:
    # after a Guarded 8, X rolled the d6 at once: a Judge with his own die had to type the
    # whole reaction again in R (the 2d6, the modifier, then the d6) or take the app's die
    campaign = sample(tmp_path)
    campaign.execute(RollReaction((5, 3)))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        before = len(campaign.events)
        form = await opened(pilot, "X")
        assert "the app rolls" in str(form.widget_of("extra").placeholder)  # type: ignore[attr-defined]
        await fill(pilot, extra="7")
        refused_on(form, "extra", "d6: ")
        assert form.values().text("extra") == "7" and len(campaign.events) == before
        await fill(pilot, extra="4")
        stays = told(campaign.events[-1])
        assert (stays.dice, stays.extra, stays.total) == ((5, 3), 4, 12)
        assert campaign.describe(campaign.events[-1]).startswith(
            "Reaction 12 (8 on guard, the posse stays: +4): ")


# -- a High Stakes Duel (line 70): each side's coins, typed, refused naming that side ---------


@synchronous
async def test_a_duels_coins_typed_wrong_are_refused_naming_the_side_they_were_for(
        tmp_path: Path) -> None:
    # the form has a Coins field for each side; "Coins: a coin is H or T, not 'HHX'" named
    # neither, as its Stakes' refusals do
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        before = campaign.state
        form = await fill(pilot, "u", challenger="Cora Dalton", a_stakes="3", a_coins="HTH",
                          opponent="Widow Parker", b_stakes="3", b_coins="HHX")
        refused_on(form, "b_coins", "Coins: Widow Parker's coins are H or T, not 'HHX'")
        await fill(pilot, b_coins="HH")
        refused_on(form, "b_coins", "Coins: Widow Parker's Stakes are 3 coins, 2 typed")
        assert form.values().text("b_coins") == "HH" and campaign.state == before
        await fill(pilot, b_coins="hht")
        duel = told(campaign.events[-1])
        assert (duel.challenger_coins, duel.opponent_coins) == ("HTH", "HHT")
