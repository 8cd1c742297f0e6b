"""What the third evening noticed and left alone, each checked against the book (line
numbers are lines of the book's file) and proved here: what failed before its fix, and the
reading chosen where the book leaves room."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.commands import (
    Buy,
    Carouse,
    FlipInitiative,
    JoinFight,
    OpposedTest,
    Side,
    TakeHarm,
)
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.form import Form
from gmscreen.ui.one_of import OneOf
from tests.fistful.game import apply, asked, posse, refused, run, said, told
from tests.fistful.test_by_the_mouse import picked, row, send, tab, typed
from tests.fistful.test_panes import footer_seen, judged, keys, refused_by, sample, text_of
from tests.pilot import click_key, fill, opened, set_field, synchronous, to_tab, until

# -- line 122: the coin is flipped for a fight's round, with someone in the fight -----------


def test_the_initiative_coin_needs_someone_in_the_fight():
    # before, the coin was flipped for nobody: round 1 began on an empty tracker
    error = refused(posse(), FlipInitiative("H"), "Turns")
    assert "put someone on the tracker" in error.message
    assert run(posse(), JoinFight("Ann", "Nearby"), FlipInitiative("H")).combat_round == 1


@synchronous
async def test_the_conflict_tabs_initiative_says_why_with_nobody_in_the_fight(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        before = len(campaign.events)
        assert "i round" not in text_of(app, "#ff-setup")
        for key in ("i", "c"):
            await keys(pilot, key)
            refused_by(notices, "Turns", "put someone on the tracker")
        assert len(campaign.events) == before


# -- line 247: a quick draw is 2d6 above the slot; from slot 12 on it cannot succeed -------


def test_the_quick_draw_odds_say_when_the_dice_cannot_draw_it():
    assert view.quick_draw_odds(1) == "2d6 above slot 1: 100% to draw it at once"
    assert view.quick_draw_odds(7) == "2d6 above slot 7: 42% to draw it at once"
    assert view.quick_draw_odds(11) == "2d6 above slot 11: 3% to draw it at once"
    for slot in (12, 13, 20):
        assert view.quick_draw_odds(slot) == (
            f"2d6 cannot roll above slot {slot}: it cannot be drawn at once, readying it "
            "takes the turn")


@synchronous
async def test_the_quick_draw_form_says_the_chance_of_the_item_chosen(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    campaign.execute(Buy("Cora Dalton", Item("Lantern", 12), "Incidental", ()))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        drawing = await opened(pilot, "q")
        assert "Cora Dalton" in drawing.title_text
        assert preview_of(drawing) == view.quick_draw_odds(1)  # the Revolver, slot 1
        set_field(drawing, "item", "Lantern")
        await pilot.pause()
        assert preview_of(drawing) == view.quick_draw_odds(12)


def shots_fired(folder: Path) -> Campaign[FistfulState]:
    """The sample, Tomas Vega and Deputy Hal in a fight, Tomas's revolver fired once."""
    campaign = sample(folder)
    for name in ("Tomas Vega", "Deputy Hal"):
        campaign.execute(JoinFight(name, "Nearby"))
    campaign.execute(FlipInitiative("H"))
    campaign.execute(OpposedTest(Side("Tomas Vega", "gumption", 3, (1, 2, 3)),
                                 Side("Deputy Hal", "grace", 3, (1, 1, 1)), "revolver",
                                 "Nearby", turn=True))
    return campaign


def preview_of(shown: Form) -> str:
    return str(shown.query_one("#form-preview", Static).render())


# -- a floating die's chooser cancelled gives the Judge the form back --------------------


@synchronous
async def test_the_die_chooser_cancelled_gives_back_the_opposed_form_as_it_was(
        tmp_path: Path) -> None:
    # before, escape on the chooser closed it and the opposed test's form with it: what
    # was typed in it (the sides, the dice the table threw) was lost
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        before = len(campaign.events)
        typed = {"active": "Cora Dalton", "a_attribute": "grit", "a_stakes": "3",
                 "a_dice": "5 5 4 2", "a_floating": "background",
                 "opposition": "Widow Parker", "o_stakes": "2", "o_dice": "4 1"}
        await fill(pilot, "o", **typed)
        chooser = await asked(pilot, "A die floats")
        assert "Cora Dalton chooses" in chooser.note
        await keys(pilot, "escape")
        back = await asked(pilot, "Opposed test")
        assert back is not chooser and back.title_text.startswith("Opposed test")
        held = back.values()
        assert {key: held[key] for key in typed} == typed
        assert len(campaign.events) == before
        # sent again, the chooser asks again, and its choice sends the test
        await fill(pilot)
        chooser = await asked(pilot, "A die floats")
        await fill(pilot, removed="2")
        test = told(campaign.events[-1])
        assert test.active.rolled == (5, 5, 4, 2) and test.active.removed == 2
        assert len(campaign.events) == before + 1


# -- line 153: a Drunken Brawl takes 2 of the most Guts for the session, then gives them back


def test_a_brawl_worn_off_gives_back_the_guts_it_held_down():
    # before, the maximum came back and Guts stayed 2 below it: the brawl's loss outlived
    # "the remainder of the session"
    state = run(posse(), Carouse("Bo", 0, 0, (), 4))
    bo = state.character("Bo")
    assert bo is not None and (bo.guts, bo.guts_max) == (8, 8)
    ending = RULES.session_ending(state)
    assert [said(new) for new in ending] == [
        "Bo's Drunken Brawl wears off: at most 10 Guts again, Guts back up to 10"]
    bo = apply(state, ending).character("Bo")
    assert bo is not None and (bo.guts, bo.guts_max) == (10, 10)
    # hurt since, the brawl's 2 come back on top of what is left, as if he had not brawled
    hurt = run(state, TakeHarm("Bo", 3, "shot"))
    bo = apply(hurt, RULES.session_ending(hurt)).character("Bo")
    assert bo is not None and (bo.guts, bo.guts_max) == (7, 10)
    # one down at 0 Guts stays down: only the table or aid gets him up
    down = run(state, TakeHarm("Bo", 8, "shot"))
    bo = apply(down, RULES.session_ending(down)).character("Bo")
    assert bo is not None and (bo.guts, bo.guts_max) == (0, 10) and bo.out_of_action


async def radio(pilot: Pilot[Any], key: str, label: str) -> None:
    """A click on the choice `label` of the form's row of choices `key`."""
    form = pilot.app.screen
    assert isinstance(form, Form)
    choices = form.widget_of(key)
    assert isinstance(choices, OneOf)
    form.scroll_to_widget(choices, animate=False)
    await pilot.pause()
    line, start, _, _ = next(place for place, (shown, _) in zip(
        choices._places(choices.size.width), choices.options, strict=True) if shown == label)
    await pilot.click(choices, offset=(start + 1, line))
    await pilot.pause()


@synchronous
async def test_an_attacks_die_chooser_cancelled_by_the_mouse_gives_back_the_attack(
        tmp_path: Path) -> None:
    # the Fight tab by clicks: Tomas's banked Luck floats on his attack on Deputy Hal;
    # the chooser's Cancel button gives back the attack as it was sent
    campaign = sample(tmp_path)
    for name in ("Tomas Vega", "Deputy Hal"):
        campaign.execute(JoinFight(name, "Nearby"))
    campaign.execute(FlipInitiative("H"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await tab(pilot, "Fight")
        await row(pilot, "#ff-fighters", "Tomas Vega")
        await click_key(pilot, "o")
        await typed(pilot, "a_dice", "6 3 3 1")
        await radio(pilot, "a_floating", "Luck")
        before = len(campaign.events)
        await send(pilot)
        chooser = await asked(pilot, "A die floats")
        assert "Tomas Vega chooses" in chooser.note
        await pilot.click("#form-cancel")
        back = await asked(pilot, "Tomas Vega attacks")
        assert back is not chooser and back.title_text == "Tomas Vega attacks"
        held = back.values()
        assert (held["weapon"], held["a_dice"], held["a_floating"]) == (
            "revolver", "6 3 3 1", "luck")
        assert len(campaign.events) == before
        await send(pilot)
        chooser = await asked(pilot, "A die floats")
        await picked(pilot, "removed", "a 1", 2)
        attack = told(campaign.events[-1])
        assert attack.active.rolled == (6, 3, 3, 1) and attack.active.removed == 1


# -- line 229: after a firefight, the ammunition check is the next step: in the footer ------


@synchronous
async def test_the_fight_tabs_footer_offers_the_ammunition_check_once_the_fight_is_over(
        tmp_path: Path) -> None:
    # before, `b` was on the Keys line alone: with the tracker cleared, the step the End
    # fight key promised ("then the ammunition check") was not in the footer
    campaign = shots_fired(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        # while the fight is on, the round's steps have the footer
        assert "Roll the ammo die…" not in footer_seen(app)
        await keys(pilot, "E")
        await until(pilot, lambda: not campaign.state.fight)
        await until(pilot, lambda: "Roll the ammo die…" in footer_seen(app))
        assert "b ammo check" not in text_of(app, "#ff-round")
        ammo = await opened(pilot, "b")
        assert (ammo.values()["name"], ammo.values()["weapon"]) == ("Tomas Vega", "revolver")
        set_field(ammo, "face", "5")
        await keys(pilot, "ctrl+s")
        await until(pilot, lambda: not campaign.state.fired)
        # rolled, it goes back to the Keys line (an ammunition die may still be rolled)
        await until(pilot, lambda: "Roll the ammo die…" not in footer_seen(app))
        assert "b ammo check" in text_of(app, "#ff-round")


# -- the Conflict tab's opposed test starts on the test set up on the tab ------------------


@synchronous
async def test_the_opposed_form_starts_on_the_attribute_set_up_on_the_tab(
        tmp_path: Path) -> None:
    # the form took the tab's one testing, Stakes and floating die, but always Gumption:
    # a Judge who had set up a Grace test (a) found Gumption in the form
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await keys(pilot, "a", "a")  # Grit, Gumption, then Grace
        assert "tests Grace" in text_of(app, "#ff-setup")
        opposed = await opened(pilot, "o")
        assert opposed.values()["a_attribute"] == "grace"


# -- a roll whose form starts filled is sent by Enter ------------------------------------------


@synchronous
async def test_the_ammunition_and_morale_forms_are_sent_by_enter_as_they_open(
        tmp_path: Path) -> None:
    # who and which gun (who and which side) start chosen: the keyboard started on a
    # drop-down, where Enter opened it, and the roll took a Tab or two more
    campaign = shots_fired(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        for key, kind in (("b", "fistful.ammunition_checked"), ("g", "fistful.morale_tested")):
            before = len(campaign.events)
            await opened(pilot, key)
            await keys(pilot, "enter")
            await until(pilot, rolled_after(campaign, before))
            assert campaign.events[before].kind == kind


def rolled_after(campaign: Campaign[FistfulState], before: int) -> Callable[[], bool]:
    """Whether an event has been written since there were `before`."""
    return lambda: len(campaign.events) > before
