"""A new Judge's second session, played through the rules: what got in the way, mended.

Each test failed before its fix.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from gmscreen.games.fistful import RULES
from gmscreen.games.fistful.commands import (
    Carouse,
    FormPosse,
    JoinFight,
    OpposedTest,
    RollOutOfAction,
    ShareTake,
    Side,
    TakeHarm,
)
from gmscreen.games.fistful.events import CharacterCreated
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.events import SESSION_END, SESSION_START, Event
from gmscreen.ui.form import Form
from tests.fistful.game import apply, posse, preview, refused, run, said, sheet, sheet_of, told
from tests.fistful.test_panes import DEPUTY, at_range, judged, keys, new_campaign, sample, text_of
from tests.pilot import fill, opened, synchronous, to_tab, until


def journal(state: FistfulState, kind: str) -> FistfulState:
    """The state after a session starts or ends (with the game's closing steps first)."""
    if kind == SESSION_END:
        state = apply(state, RULES.session_ending(state))
    return RULES.evolve(state, Event(1, datetime(2026, 1, 1), 1, kind, {}, 1))


def xp(state: FistfulState, name: str) -> int:
    found = state.character(name)
    assert found is not None
    return found.xp


def test_a_share_counted_after_the_session_ends_is_that_sessions_xp_at_once():
    # line 136: the take is counted at the session's end, $10 an XP rounded down over the
    # whole take; a share the table counts once the session is over belongs to it
    state = journal(posse(), SESSION_START)
    state = run(state, ShareTake("Ann", 5))
    state = journal(state, SESSION_END)
    assert xp(state, "Ann") == 0
    events = RULES.decide(state, ShareTake("Ann", 7))
    state = apply(state, events)
    assert xp(state, "Ann") == 1  # $5 + $7 = $12 of the session's take
    assert "1 XP" in said(events[0]) and "session" in said(events[0])
    state = run(state, ShareTake("Ann", 8))
    assert xp(state, "Ann") == 2  # $20
    # the XP buys an advancement die while Carousing between the sessions
    state = run(state, Carouse("Ann", 0, 2, (1, 1), 3))
    assert state.character("Ann").advancement_dice == 2  # type: ignore[union-attr]
    # in the next session a share waits for that session's end again
    state = journal(state, SESSION_START)
    state = run(state, ShareTake("Ann", 30))
    assert xp(state, "Ann") == 2 and state.character("Ann").take == 30  # type: ignore[union-attr]
    state = journal(state, SESSION_END)
    assert xp(state, "Ann") == 5


def test_a_share_before_the_first_session_waits_for_its_end():
    state = run(posse(), ShareTake("Ann", 20))
    assert xp(state, "Ann") == 0
    refused(state, ShareTake("Ann", 0), "Experience")


def test_the_sheet_shows_the_take_so_far_and_its_xp():
    from gmscreen.games.fistful import view

    state = run(journal(posse(), SESSION_START), ShareTake("Ann", 47))
    lines = view.sheet_lines(state.character("Ann"))  # type: ignore[arg-type]
    assert any("take $47 (4 XP at the session's end)" in line for line in lines)


# -- line 16: two scores swap once rolled; the app's roll is shown before the swap ---------


@synchronous
async def test_the_apps_roll_is_shown_before_the_swap_is_chosen(tmp_path: Path):
    campaign = new_campaign(tmp_path)
    campaign.execute(FormPosse("The Test Gang", 3))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await fill(pilot, "c", name="Ann", purse="3 3 3")  # the dice left to the app
        asked = app.screen
        assert isinstance(asked, Form) and campaign.state.character("Ann") is None
        assert asked.title_text.startswith("Ann rolled Grit ")
        await fill(pilot, None, swap="grit,grace")
        made = told(campaign.events[-1])
        assert isinstance(made, CharacterCreated) and made.swap == ("grit", "grace")
        dice = made.dice
        ann = campaign.state.character("Ann")
        assert ann is not None
        assert (ann.grit, ann.grace) == (dice[4] + dice[5] + 9, dice[0] + dice[1] + 9)
        assert f"Grace {ann.grit}" in asked.title_text  # the title showed the roll before it
        # the table's own dice, typed, take their swap in the one form
        await fill(pilot, "c", name="Bo", dice="6 5 2 2 3 3", purse="1 1 1")
        assert not isinstance(app.screen, Form)
        assert campaign.state.character("Bo").grit == 20  # type: ignore[union-attr]
    campaign.close()


# -- lines 103-105: the v form says whose way up it is ------------------------------------


@synchronous
async def test_the_revive_form_says_an_npc_gets_the_judges_aid(tmp_path: Path):
    campaign = sample(tmp_path)
    deputy, cora = "Deputy Hal", "Cora Dalton"
    campaign.execute(TakeHarm(deputy, 30, "shot"))
    campaign.execute(TakeHarm(cora, 30, "shot"))
    campaign.execute(RollOutOfAction(cora, 1))  # knocked out
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await sheet_of(pilot, deputy)
        await keys(pilot, "v")
        form = app.screen
        assert isinstance(form, Form) and "Judge's aid" in form.title_text
        await fill(pilot, None, face="2")
        assert campaign.state.character(deputy).guts == 2  # type: ignore[union-attr]
        await sheet_of(pilot, cora, "up")
        await keys(pilot, "v")
        form = app.screen
        assert isinstance(form, Form) and "Out of action table" in form.title_text
        assert "Judge" not in form.title_text
        await keys(pilot, "escape")
    campaign.close()


# -- a choice left blank (the list changed under it) is refused naming the field ------------


def test_a_blank_choice_of_who_is_refused_naming_the_field():
    from gmscreen.games.fistful.commands import Duel, JoinFight

    state = journal(posse(), SESSION_START)
    error = refused(state, Duel("Ann", "HH", "", "TT"), "Characters")
    assert error.field == "opponent" and "opponent" in error.message
    assert "''" not in error.message
    error = refused(state, Duel("", "HH", "Bo", "TT"), "Characters")
    assert error.field == "challenger"
    error = refused(state, JoinFight("", "Nearby"), "Characters")
    assert error.field == "name" and "who" in error.message


# -- the recap tells an opposed test out of a fight among the tests -------------------------


def test_the_recap_tells_an_opposed_test_among_tests_and_an_attack_in_the_fight():
    from gmscreen.games.fistful import view
    from gmscreen.games.fistful.commands import OpposedTest, Side

    state = journal(posse(), SESSION_START)
    talk = OpposedTest(Side("Ann", "grace", 3, (5, 4, 3)), Side("Jake", "gumption", 2, (4, 5)))
    shot = OpposedTest(Side("Ann", "gumption", 3, (5, 4, 3)), Side("Jake", "grace", 2, (4, 5)),
                       "revolver", "Nearby")

    def heading(command: OpposedTest) -> str | None:
        new = RULES.decide(state, command)[0]
        return view.episode(Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1))

    assert heading(talk) == "Tests."
    assert heading(shot) == "The fight."


# -- lines 124-126, 227: the attack form says the range and the weapon's reach -------------


def test_the_range_to_a_target_and_the_weapons_reach_are_told_before_the_attack():
    from gmscreen.games.fistful import fight_rules
    from gmscreen.games.fistful.commands import JoinFight

    state = run(journal(posse(), SESSION_START), JoinFight("Ann", "Nearby"),
                JoinFight("Jake", "Faraway"))
    short = fight_rules.reach_words(state, "Ann", "Jake", "derringer")
    assert "Faraway" in short and "Nearby" in short and "out of reach" in short
    refused(state, OpposedTest(Side("Ann", "gumption", 3, (1, 2, 3)),
                               Side("Jake", "grace", 2, (1, 2)), "derringer", "Faraway"),
            "Range")  # what the words warn of, the rules refuse
    far = fight_rules.reach_words(state, "Ann", "Jake", "revolver")
    assert "Faraway" in far and "within" in far and "halved" in far
    near = fight_rules.reach_words(run(state, JoinFight("Bo", "Nearby")), "Ann", "Bo",
                                   "revolver")
    assert "Nearby" in near and "halved" not in near



@synchronous
async def test_the_attack_form_shows_the_range_and_the_reach(tmp_path: Path):
    campaign = at_range(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        form = await opened(pilot, "o")
        shown = str(form.query_one("#form-preview").render())
        assert f"Range to {DEPUTY}: Faraway" in shown, shown
        await keys(pilot, "escape")
    campaign.close()


# -- line 103: the Fight tab says who is down and what their fall asks for -----------------


def test_the_fight_tells_who_is_down_and_what_comes_next():
    from gmscreen.games.fistful import view
    from gmscreen.games.fistful.commands import JoinFight, RollOutOfAction, TakeHarm

    state = run(journal(posse(), SESSION_START), JoinFight("Ann", "Nearby"),
                JoinFight("Jake", "Faraway"), TakeHarm("Ann", 30), TakeHarm("Jake", 30))
    said_now = view.fallen_in_fight(state)
    assert "Ann" in said_now and "Out of action table" in said_now
    assert "Jake" in said_now and "Judge's aid" in said_now
    rolled = run(state, RollOutOfAction("Ann", 1))  # knocked out: up with 1d6, once aided
    assert "Out of action table" not in view.fallen_in_fight(rolled)
    assert "Ann" in view.fallen_in_fight(rolled)
    assert view.fallen_in_fight(run(state, RollOutOfAction("Ann", 6))).count("Ann") == 0



@synchronous
async def test_the_fight_tab_says_a_fallen_member_rolls_the_table(tmp_path: Path):
    from gmscreen.games.fistful.commands import JoinFight

    campaign = sample(tmp_path)
    cora = "Cora Dalton"
    campaign.execute(JoinFight(cora, "Nearby"))
    campaign.execute(TakeHarm(cora, 30, "shot"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        shown = text_of(app, "#ff-round")
        assert f"{cora} is out of action: roll the Out of action table" in shown, shown
    campaign.close()



@synchronous
async def test_the_rest_form_offers_only_who_may_rest(tmp_path: Path):
    from gmscreen.games.fistful.commands import Lost

    campaign = sample(tmp_path)
    cora = "Cora Dalton"
    campaign.execute(TakeHarm(cora, 30, "shot"))
    campaign.execute(Lost(cora, "the posse ran"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await keys(pilot, "down", "r")  # on Eli, the next
        form = app.screen
        assert isinstance(form, Form)
        offered = [value for _, value in form.options_of("name")]
        assert cora not in offered and "Tomas Vega" in offered
        await keys(pilot, "escape")
    campaign.close()



# -- lines 205-221: an item the book lists brings its category and how often it is rolled ---


def test_the_books_goods_know_their_category_and_rolls():
    from gmscreen.games.fistful.tables import book_price

    assert book_price("6 Rifle large") == ("Boutique", 2)
    assert book_price("Thoroughbred horse") == ("Bespoke", 4)
    assert book_price("Fine jewellery") == ("Bespoke", 1)
    assert book_price("jewellery") == ("Boutique", 1)
    assert book_price("2 Box of shells x2") == ("Common", 1)
    assert book_price("Wagon ride") == ("Common", 1) and book_price("Wagon") == ("Bespoke", 2)
    assert book_price("a bear trap") is None


@synchronous
async def test_the_buy_form_starts_on_the_books_category_and_rolls(tmp_path: Path):
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "b")
        form.set_value("item", "7 Shotgun large")
        # the category follows the item once the item's change reaches the form
        await until(pilot, lambda: form.values().text("rolls") == "2")
        values = form.values()
        assert (values.text("category"), values.text("rolls")) == ("Boutique", "2")
        assert "Boutique" in str(form.query_one("#form-preview").render())
        # the Judge's own choice stays while the item does not change: read once the form
        # has heard of the change (its watcher called), which leaves the line as it was
        heard = []
        watcher = form.on_change
        assert watcher is not None

        def counted(changed: Form) -> None:
            heard.append(True)
            watcher(changed)

        form.on_change = counted
        form.set_value("category", "Bespoke")
        await until(pilot, lambda: heard)
        assert form.values().text("category") == "Bespoke"
        await keys(pilot, "escape")
    campaign.close()



# -- line 136: the chance of an Advancement Test, before the dice are bought or rolled ------


def test_the_chance_of_an_advancement_test_is_worked_out():
    from fractions import Fraction

    from gmscreen.games.fistful import view
    from gmscreen.games.fistful.odds import advancement_chance

    assert advancement_chance(2, 15) == 0  # two dice never pass 12
    assert advancement_chance(3, 15) == Fraction(10, 216)  # 16, 17 or 18: 6 + 3 + 1 ways
    assert advancement_chance(6, 21) == 0  # 21 is the most an Attribute can be
    assert advancement_chance(4, 20) == Fraction(
        sum(1 for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)
            for d in range(1, 7) if a + b + c + d > 20), 6**4)
    state = sheet(posse(), "Ann", xp=3, advancement_dice=2)
    said_now = view.advancement_odds(state.character("Ann"), 3)  # type: ignore[arg-type]
    assert said_now.startswith("3 dice: Grit 17 ") and "Grace 19 " in said_now
    assert "%" in said_now


def test_dice_that_can_raise_nothing_are_said_so_before_they_are_bought():
    # line 136: the dice must total above the Attribute, and none passes 21; Carousing may
    # still buy such dice (line 146 forbids nothing): the form says so, and refuses nothing
    from gmscreen.games.fistful import view

    state = sheet(posse(), "Ann", grit=17, gumption=15, grace=19)
    ann = state.character("Ann")
    assert ann is not None
    said = view.advancement_warning(ann, 2)
    assert said.startswith("No Attribute of Ann's can rise on 2 dice")
    assert "above 15 (Gumption)" in said and "at least 3 dice" in said
    assert view.advancement_warning(ann, 3) == ""
    assert view.advancement_warning(ann, 0) == ""
    capped = sheet(state, "Ann", grit=21, gumption=21, grace=21).character("Ann")
    assert capped is not None
    assert "21, the most" in view.advancement_warning(capped, 5)



@synchronous
async def test_the_carousing_and_advancement_forms_give_the_chances(tmp_path: Path):
    campaign = sample(tmp_path)
    tomas = "Tomas Vega"
    campaign.execute(ShareTake(tomas, 30))
    campaign.end_session()
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await sheet_of(pilot, tomas)
        form = await opened(pilot, "u")
        form.set_value("advancement_dice", "2")
        await until(pilot, lambda: "2 dice" in preview(form))
        shown = preview(form)
        assert "2 dice: Grit 17 0%" in shown, shown
        # no Attribute of his can rise on two dice: said plainly before the bill is paid
        assert "No Attribute of Tomas Vega's can rise on 2 dice" in shown, shown
        assert "at least 3 dice" in shown, shown
        await fill(pilot, None, advancement_dice="3", bill="1 1 1", table="3")
        form = await opened(pilot, "A")
        shown = str(form.query_one("#form-preview").render())
        assert "3 dice: Grit 17 <1%" in shown, shown  # only 18 passes: 1 in 216
        assert "can rise" not in shown, shown
        await keys(pilot, "escape")
    campaign.close()


@synchronous
async def test_ending_a_fight_with_the_posse_down_asks_who_won(tmp_path: Path):
    campaign = sample(tmp_path)
    for name, band in (("Cora Dalton", "Nearby"), ("Tomas Vega", "Nearby"),
                       ("Rattlesnake Jake", "Faraway")):
        campaign.execute(JoinFight(name, band))
    campaign.execute(TakeHarm("Cora Dalton", 30, "shot"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        await keys(pilot, "E")
        form = app.screen
        assert isinstance(form, Form) and form.title_text == "End the fight: who won?"
        assert "Down at 0 Guts: Cora Dalton." in form.note
        await keys(pilot, "down", "enter")  # the posse lost
        assert not campaign.state.fight
        cora = campaign.state.character("Cora Dalton")
        assert cora is not None and cora.dead
        # a fight with none of the posse down ends at once
        campaign.execute(JoinFight("Tomas Vega", "Nearby"))
        await to_tab(pilot, "Fight")
        await keys(pilot, "E")
        assert not isinstance(app.screen, Form) and not campaign.state.fight
