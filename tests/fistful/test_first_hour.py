"""A new Dealer's first hour, from a blank campaign: what got in the way, mended.

The posse was formed, two characters made and geared, NPCs added, and a session played
through a fight, a duel, tests and Doubling Down, then Carousing. Each test failed before its
fix.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path

from textual.pilot import Pilot

from gmscreen.games.fistful import RULES, conflict, fight_rules, view, wanted_rules
from gmscreen.games.fistful import rules as fistful_rules
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.commands import (
    AddNpc,
    Buy,
    Carouse,
    CreateCharacter,
    DoubleDown,
    EndFight,
    FormPosse,
    JoinFight,
    OpposedTest,
    RollTest,
    Side,
    TakeHarm,
)
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import SESSION_START, Event
from gmscreen.ui.form import Form
from tests.fistful.game import book_keys, posse, refused, run, said, sheet, told
from tests.fistful.test_panes import judged, keys, new_campaign, text_of
from tests.pilot import fill, opened, synchronous, to_tab, until


def session(state: FistfulState) -> FistfulState:
    return RULES.evolve(state, Event(1, datetime(2026, 1, 1), 1, SESSION_START, {}, 1))


def fight(state: FistfulState) -> FistfulState:
    """Ann and Bo of the posse, Jake and his pard Kid on the other side, in one fight."""
    state = run(state, AddNpc("Kid", "Poor", side="the gang"))
    state = sheet(state, "Jake", side="the gang")
    return run(state, JoinFight("Ann", "Nearby"), JoinFight("Bo", "Nearby"),
               JoinFight("Jake", "Faraway"), JoinFight("Kid", "Nearby"))


# -- lines 124-126: an attack is made on a foe; the Dealer picked his own man ----------------


def test_the_foes_come_first_among_those_one_may_attack_or_close_on():
    state = fight(session(posse()))
    # in the order they joined, Bo came before the foes: one Down from the first foe shot
    # a partner; the other side comes first, one's own side after (the book forbids neither)
    assert fight_rules.targets(state, "Ann") == ("Jake", "Kid", "Bo")
    assert fight_rules.targets(state, "Kid") == ("Ann", "Bo", "Jake")
    assert fight_rules.closable(state, "Ann")[0] == "Jake"


# -- line 261: the Fight tab says when a side's morale is in question ------------------------


def test_the_fight_says_whose_morale_is_in_question():
    state = fight(session(posse()))
    assert view.morale_call(state) == ""
    state = run(state, TakeHarm("Kid", 30, "shot"))  # half the gang down
    said_now = view.morale_call(state, book_keys)
    assert "the gang" in said_now and "half the side down" in said_now
    assert said_now.endswith("test it with g.")  # the Fight tab and the Conflict tab
    assert view.morale_call(state).endswith("test it (Roll morale).")


# -- line 93: Doubling Down past a full bank of Misfortune ----------------------------------


def test_doubling_down_on_a_full_bank_does_not_say_the_judge_gains_one():
    state = sheet(session(posse()), "Bo", stress=1)
    state = run(state, RollTest("Bo", "grit", 14, 2, (1, 2)))
    full = replace(state, misfortune=3)
    events = RULES.decide(full, DoubleDown((1,)))
    assert told(events[0]).misfortune == 3
    assert "gains a Misfortune" not in said(events[0])
    assert "bank is full" in said(events[0])
    events = RULES.decide(state, DoubleDown((1,)))
    assert "the Judge gains a Misfortune" in said(events[0])


# -- lines 32-34: an opposed roll's Bust costs a Stress, and the log said nothing of it -----


def test_an_opposed_bust_is_told_with_its_stress():
    state = session(posse())  # Ann: Gumption 15
    events = RULES.decide(state, OpposedTest(Side("Ann", "gumption", 4, (6, 6, 5, 5)),
                                             Side("Jake", "grace", 2, (3, 4))))
    line = said(events[0])
    assert "Ann BUSTS: a Stress" in line, line
    assert "Jake BUSTS" not in line


# -- lines 58, 32: the floating die the player takes away when every choice Busts ----------


def test_the_player_takes_away_the_die_that_busts_least_when_all_bust():
    # the book's point is to stay under: 6 5 2 5 6 against Gumption 15 busts whatever goes,
    # and the suggestion kept 22 rather than 18
    assert conflict.chosen_removal((6, 5, 2, 5, 6), 15, 14, "player") == 6
    # a success still keeps the highest total that succeeds
    assert conflict.chosen_removal((3, 4, 5, 6), 15, 10, "player") == 3


# -- lines 146, 321: a Carousing bill spends the starting money first, as buying does --------


def test_a_carousing_bill_comes_out_of_the_starting_money_first():
    # Ann's $90 purse is all starting money; $30 of takings can pay the bounty. A $5 bill
    # paid from the takings left $25 for the bounty, where a purchase of $5 left $30
    state = sheet(session(posse()), "Ann", dollars=120, stress=1)
    assert wanted_rules.spendable(state.character("Ann")) == 30  # type: ignore[arg-type]
    state = run(state, Carouse("Ann", 1, 0, (5,), 3))
    ann = state.character("Ann")
    assert ann is not None and (ann.dollars, ann.start_purse) == (115, 85)
    assert wanted_rules.spendable(ann) == 30
    # a bill past the starting money takes the rest from the takings; a prize is not
    # starting money
    state = sheet(state, "Ann", stress=1)
    state = run(state, Carouse("Ann", 1, 0, (6,), 1, again=(4,)))  # a win of $4
    ann = state.character("Ann")
    assert ann is not None and (ann.dollars, ann.start_purse) == (113, 79)


def ann_in_the_gang(tmp_path: Path, *more: object,
                    session: bool = True) -> Campaign[FistfulState]:
    """A blank campaign with The Test Gang formed at 3 o'clock and Ann in it, then `more`
    commands; a session begun unless `session` is False."""
    campaign = new_campaign(tmp_path)
    for command in (FormPosse("The Test Gang", 3),
                    CreateCharacter("Ann", (4, 4, 3, 3, 5, 5), (3, 3, 3)), *more):
        campaign.execute(command)
    if session:
        campaign.start_session()
    return campaign


# -- screens --------------------------------------------------------------------------------


@synchronous
async def test_the_ammunition_roll_is_taken_on_the_fight_tab_once_the_fight_ends(
        tmp_path: Path):
    # line 229: a d6 for each gun or bow after the firefight; the Fight tab refused it then
    campaign = ann_in_the_gang(tmp_path, AddNpc("Jake", "Ornery", strong="gumption"))
    campaign.execute(Buy("Ann", Item("Revolver", 1, quickdraw=True), "Boutique", (1, 1)))
    campaign.execute(Buy("Ann", Item("Box of bullets", 2), "Common", (1,)))
    campaign.execute(JoinFight("Ann", "Nearby"))
    campaign.execute(JoinFight("Jake", "Faraway"))
    campaign.execute(EndFight())
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        assert "b ammo check" in text_of(app, "#ff-round")
        await fill(pilot, "b", face="1")
        assert not isinstance(app.screen, Form), notices
        ann = campaign.state.character("Ann")
        assert ann is not None and [i.name for i in ann.equipment] == ["Revolver"]
    campaign.close()


@synchronous
async def test_the_fight_tab_calls_for_morale(tmp_path: Path):
    campaign = ann_in_the_gang(tmp_path, AddNpc("Jake", "Ornery", strong="gumption",
                                                side="the gang"),
                               AddNpc("Kid", "Poor", side="the gang"))
    for name, band in (("Ann", "Nearby"), ("Jake", "Faraway"), ("Kid", "Nearby")):
        campaign.execute(JoinFight(name, band))
    campaign.execute(TakeHarm("Kid", 30, "shot"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        assert "Morale" in text_of(app, "#ff-round")
    campaign.close()


@synchronous
async def test_the_out_of_action_and_revive_forms_roll_on_enter(tmp_path: Path):
    # lines 103-105: the forms opened on a drop-down holding the one highlighted: Enter
    # opened it and closed it again, and nothing was rolled
    campaign = ann_in_the_gang(tmp_path)
    campaign.execute(TakeHarm("Ann", 30, "shot"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await keys(pilot, "o", "enter")
        assert not isinstance(app.screen, Form)
        ann = campaign.state.character("Ann")
        assert ann is not None and ann.out_of_action_rolled
        # the campaign's seeded d6 for the table is not a 6, which would leave nobody to
        # get up: the revive form is tried too, never skipped
        assert not ann.dead
        await keys(pilot, "v", "enter")
        assert not isinstance(app.screen, Form)
        assert campaign.state.character("Ann").guts > 0  # type: ignore[union-attr]
    campaign.close()


@synchronous
async def test_an_npc_is_not_lost_because_the_posse_lost(tmp_path: Path):
    campaign = ann_in_the_gang(tmp_path, AddNpc("Jake", "Ornery", strong="gumption"),
                               session=False)
    campaign.execute(TakeHarm("Jake", 30, "shot"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await keys(pilot, "down", "d")
        form = app.screen
        assert isinstance(form, Form) and form.title_text.startswith("Jake")
        assert "posse lost" not in form.values().text("why")
        await keys(pilot, "enter")
        assert campaign.state.character("Jake").dead  # type: ignore[union-attr]
    campaign.close()


async def new_character_form(pilot: Pilot[None]) -> Form:
    """The Characters tab's new-character form, opened by its key."""
    await to_tab(pilot, "Characters")
    await keys(pilot, "c")
    form = pilot.app.screen
    assert isinstance(form, Form)
    return form


@synchronous
async def test_a_new_character_buys_their_gear_with_the_purse(tmp_path: Path):
    # line 313: starting gear is bought with the starting Dollars; the new-character form
    # took a list of gear and charged nothing for it
    campaign = new_campaign(tmp_path)
    campaign.execute(FormPosse("The Test Gang", 3))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await new_character_form(pilot)
        assert "equipment" not in {f.key for f in form.fields}
        assert "b Buy" in form.note
        await fill(pilot, None, name="Ann", dice="4 4 3 3 5 5", purse="3 3 3")
        assert campaign.state.character("Ann").dollars == 90  # type: ignore[union-attr]
    campaign.close()


@synchronous
async def test_a_luck_is_offered_on_a_stress_only_with_that_optional_rule(tmp_path: Path):
    # line 292: "Stress for Luck" is an optional rule; its tick stood on the form with the
    # rule off, and ticking it was refused once sent
    from gmscreen.games.fistful.commands import ChooseOptionalRules
    from gmscreen.games.fistful.state import Settings

    campaign = ann_in_the_gang(tmp_path)
    campaign.execute(RollTest("Ann", "grit", 8, 2, (5, 5)))  # doubles: a Luck just rolled
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await keys(pilot, "L")
        form = app.screen
        assert isinstance(form, Form) and "stress" not in {f.key for f in form.fields}
        await keys(pilot, "escape")
        campaign.execute(ChooseOptionalRules(Settings(stress_for_luck=True)))
        events = len(campaign.events)
        campaign.execute(RollTest("Ann", "grit", 5, 2, (4, 4)))
        await until(pilot, lambda: len(campaign.events) > events)
        await pilot.pause()
        form = await opened(pilot, "L")
        assert isinstance(form, Form) and "stress" in {f.key for f in form.fields}
        await keys(pilot, "escape")
    campaign.close()


# -- lines 205, 243: selling needs something carried -----------------------------------------


def test_one_who_carries_nothing_has_nothing_to_sell():
    # "s sell" stood on the Keys line for a character just made, with nothing on their list;
    # the form opened on an empty list of items
    from gmscreen.games.fistful import between_rules

    state = posse()
    refused_now = between_rules.why_not_sell(state, "Ann")
    assert refused_now is not None and refused_now.rule == "Prices"
    assert "Ann carries nothing" in refused_now.message
    state = run(state, Buy("Ann", Item("Lantern", 3), "Common", (2,)))
    assert between_rules.why_not_sell(state, "Ann") is None
    assert between_rules.why_not_sell(state, "Jake") is not None  # an NPC's money: the Judge's


# -- line 261: a side whose morale held is not in question again for one already down -------


def test_marking_one_already_down_as_lost_does_not_put_morale_in_question_again():
    # Slade's boys held after Whitey fell; the Judge then marked Whitey lost, and the next
    # fight opened with their morale in question again, though nothing more was lost
    from gmscreen.games.fistful.commands import CheckMorale, Lost

    state = fight(session(posse()))
    state = run(state, TakeHarm("Kid", 30, "shot"))  # half the gang down
    assert fight_rules.morale_in_question(state)
    state = run(state, CheckMorale("Jake", (1, 1, 1, 1)))  # they hold
    assert not fight_rules.morale_in_question(state)
    state = run(state, Lost("Kid", "left where he fell"))
    assert not fight_rules.morale_in_question(state)
    # a fresh loss puts it in question again
    state = run(state, TakeHarm("Jake", 5, "shot"))
    assert fight_rules.morale_in_question(state)


# -- lines 319-321: the purse is as many d6 as the hour the posse was formed at ------------


def test_a_character_made_later_rolls_the_purse_of_the_posses_starting_hour():
    # the book's purse is the hour the posse set when it was formed ("this number", 1 to
    # 5); a character made once the clock had moved rolled the clock's hour then, up to
    # 12d6 x 10 at High Noon
    from gmscreen.games.fistful.commands import Crime

    state = run(FistfulState(), FormPosse("The Test Gang", 2), Crime(3, "the bank"))
    assert state.clock == 5 and fistful_rules.purse_dice(state) == 2
    made = run(state, CreateCharacter("Cy", (1, 1, 1, 1, 1, 1), (6, 6)))
    assert made.character("Cy").dollars == 120  # type: ignore[union-attr]
    error = refused(state, CreateCharacter("Cy", (1, 1, 1, 1, 1, 1), (6,) * 5), "Dice")
    assert "2d6" in error.message


@synchronous
async def test_the_new_character_form_asks_the_purse_of_the_starting_hour(tmp_path: Path):
    from gmscreen.games.fistful.commands import Crime

    campaign = new_campaign(tmp_path)
    campaign.execute(FormPosse("The Test Gang", 2))
    campaign.execute(Crime(3, "the bank"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await new_character_form(pilot)
        assert "Purse (2d6)" in {f.label for f in form.fields}
        await keys(pilot, "escape")
    campaign.close()


@synchronous
async def test_a_floating_die_is_named_for_one_test_not_every_test_after(tmp_path: Path):
    # line 58: the Luck is spent on a floating die named with that test's Stakes; the
    # Conflict tab kept "Luck" chosen after the roll, and the next r spent another Luck
    campaign = ann_in_the_gang(tmp_path)
    for _ in range(2):  # two Luck banked
        campaign.execute(RollTest("Ann", "grit", 5, 2, (4, 4)))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await keys(pilot, "f")
        assert "Floating die (f): Luck" in text_of(app, "#ff-setup")
        events = len(campaign.events)
        await fill(pilot, "t", dice="1 2 3 4", removed="4")
        assert len(campaign.events) == events + 1
        assert campaign.state.character("Ann").luck == 1  # type: ignore[union-attr]
        assert "Floating die (f): none" in text_of(app, "#ff-setup")
    campaign.close()


def test_the_players_screen_explains_no_npc_column_it_does_not_show():
    # the players' posse lists the posse alone; its note still explained an NPC's "-"
    from gmscreen.journal.sections import Grid

    known = view.table_knows(posse())
    (posse_grid,) = [s for s in view.table_sections(known)
                     if isinstance(s, Grid) and "Grit" in s.columns]
    assert "NPC" not in posse_grid.note
    assert "Str: Stress" in posse_grid.note


@synchronous
async def test_an_npcs_rank_and_a_price_category_offer_no_blank(tmp_path: Path):
    # line 255: an NPC has one of the four ranks (or is a creature); the drop-down offered
    # "(none)" too, which made a Common NPC without saying so; a price has its category
    campaign = ann_in_the_gang(tmp_path, session=False)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        for key, field in (("a", "rank"), ("b", "category")):
            await keys(pilot, key)
            form = app.screen
            assert isinstance(form, Form)
            assert next(f for f in form.fields if f.key == field).required, field
            await keys(pilot, "escape")
    campaign.close()
