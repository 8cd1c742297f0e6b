"""What the sixteenth look noticed and left alone (a move farther that goes farther, a test
with a floating die undone with the Conflict tab's own set-up, a side's join undone named
whole), then the book read again: a night's rations eaten, every good priced, a reaction kept
as an NPC's outlook. Line numbers are lines of the book's file; each test failed before its
fix."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful import fight_rules
from gmscreen.games.fistful.commands import FlipInitiative, JoinFight, MoveInFight
from tests.fistful.game import posse, refused, run, said
from tests.fistful.test_enter_through import CORA, JAKE
from tests.fistful.test_fit import sample
from tests.fistful.test_panes import judged, on_the_conflict_tab, text_of
from tests.pilot import synchronous, to_tab, until

# -- lines 76-83, 124: a move farther goes farther from the other side -----------------------


def test_a_step_farther_that_takes_nobody_farther_backs_off_from_the_nearest_foe():
    tails = FlipInitiative("T")  # Jake's side acts first
    # Jake at Close, Ann Nearby: his own band to Nearby leaves him Nearby Ann, as before
    close = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Jake", "Close"), tails)
    assert fight_rules.farther_from(close, "Jake") == ("Ann",)
    assert fight_rules.why_not_farther(close, "Jake") is None
    moved = run(close, MoveInFight("Jake", away_from="Ann"))
    # the range to Ann grows a band: Faraway; Ann has not moved
    assert {f.name: f.band for f in moved.fight} == {"Ann": "Nearby", "Jake": "Faraway"}
    assert moved.fighter("Ann").moved is False  # type: ignore[union-attr]
    # from Nearby with Ann Nearby, his own step does take him farther: a plain step
    level = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Jake", "Nearby"), tails)
    assert fight_rules.farther_from(level, "Jake") == ()
    assert fight_rules.why_not_farther(level, "Jake") is None
    # one band a move: only the nearest foes are backed off from, never one farther off
    both = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Bo", "Faraway"),
               JoinFight("Jake", "Close"), tails)
    assert fight_rules.farther_from(both, "Jake") == ("Ann",)
    refused(both, MoveInFight("Jake", away_from="Bo"), "Movement")
    # everyone of the other side at Distant: farther is out of sight, the fight left
    edge = run(posse(), JoinFight("Ann", "Distant"), JoinFight("Jake", "Faraway"), tails)
    error = fight_rules.why_not_farther(edge, "Jake")
    assert error is not None and "Distant" in str(error)
    refused(edge, MoveInFight("Jake", away_from="Ann"), "Movement")


def test_backing_off_is_told_as_such():
    tails = FlipInitiative("T")
    close = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Jake", "Close"), tails)
    from gmscreen.games.fistful import RULES
    [event] = RULES.decide(close, MoveInFight("Jake", away_from="Ann"))
    assert said(event) == "Jake backs off a band from Ann, from Close to Faraway"


@synchronous
async def test_full_stop_on_an_npc_at_close_beside_one_nearby_backs_off_from_them(
        tmp_path: Path) -> None:
    # the NPC went to Nearby by its own band, and the range to Cora stayed Nearby
    campaign = sample(tmp_path / "s")
    campaign.execute(JoinFight(CORA, "Nearby"))
    campaign.execute(JoinFight(JAKE, "Close"))
    campaign.execute(FlipInitiative("T"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        await pilot.press("full_stop")
        await until(pilot, lambda: campaign.state.fighter(JAKE).moved)  # type: ignore[union-attr]
        bands = {f.name: f.band for f in campaign.state.fight}
        assert bands == {CORA: "Nearby", JAKE: "Faraway"}
    campaign.close()


# -- lines 122-124: a side's join undone is named whole ----------------------------------------


def test_a_side_joining_together_is_one_line_naming_everyone():
    from gmscreen.games.fistful import RULES
    state = run(posse(), JoinFight("Ann", "Nearby", others=("Bo", "Jake")))
    assert {f.name: f.band for f in state.fight} == {
        "Ann": "Nearby", "Bo": "Nearby", "Jake": "Nearby"}
    [event] = RULES.decide(posse(), JoinFight("Ann", "Nearby", others=("Bo", "Jake")))
    assert said(event) == "Ann, Bo and Jake join the fight at Nearby"
    [alone] = RULES.decide(posse(), JoinFight("Ann", "Close"))
    assert said(alone) == "Ann joins the fight at Close"


@synchronous
async def test_undoing_a_whole_posse_into_the_fight_names_all_of_it(tmp_path: Path) -> None:
    # the notice named the first three and "(and 1 more)"
    from tests.fistful.test_enter_through import ELI, KIT, TOMAS
    campaign = sample(tmp_path / "s")
    campaign.execute(JoinFight(CORA, "Nearby", others=(ELI, TOMAS, KIT)))
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        await pilot.press("ctrl+z")
        await until(pilot, lambda: not campaign.state.fight)
        [undone] = [n for n in notices if n.title == "Undone"]
        assert all(name in undone.message for name in (CORA, ELI, TOMAS, KIT)), undone
        assert "more)" not in undone.message
    campaign.close()


# -- lines 56-62: a test undone brings back the set-up it was rolled with ----------------------


@synchronous
async def test_a_test_undone_brings_back_its_set_up_floating_die_and_all(
        tmp_path: Path) -> None:
    # the floating die, dropped once the test was rolled, stayed dropped when the test was
    # taken back (the background's die given back by the undo), and the one testing and the
    # Attribute the Judge went on to set up for the next test stayed in place of the test's
    campaign = sample(tmp_path / "s")
    async with on_the_conflict_tab(campaign) as (pilot, pane):

        def shown() -> tuple[object, ...]:
            who = pane.current()
            return (who.name if who else None, pane.attribute, pane.challenge, pane.stakes,
                    pane.floating)

        for key in ("a", "h", "minus", "f"):  # Gumption, Challenge 14, Stakes 2, background
            await pilot.press(key)
        await pilot.pause()
        set_up = shown()
        assert set_up == (CORA, "gumption", 14, 2, "background")
        before = len(campaign.events)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("enter")  # the die the app suggests taken away
        await until(pilot, lambda: len(campaign.events) > before)
        assert shown()[-1] is None  # named with one test only
        await pilot.press("p", "a")  # the next test set up: someone else, Grace
        await pilot.pause()
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.events[-1].kind == "undo")
        await pilot.pause()
        assert shown() == set_up
        assert "Floating die (f): background" in text_of(pilot.app, "#ff-setup")
        # redone, the test stands again and its die is spent: it floats no more
        await pilot.press("ctrl+y")
        await until(pilot, lambda: campaign.events[-1].kind == "redo")
        await pilot.pause()
        assert shown()[-1] is None
    campaign.close()


# -- lines 207-221: every good the book prices is found in its category -----------------------

#: the goods the book names under each category (in the order of the alphabet), as a Judge
#: would type them, and the times the price of some is rolled
BOOK_GOODS = {
    "Incidental": ["A day's food", "A day's lodging", "Bible", "Box of candles", "Canteen",
                   "Deck of cards", "Dice", "Newspaper", "Rolling tobacco", "Short rope",
                   "Stable for a day", "Visit to a barber", "Visit to a seamstress"],
    "Common": ["Axe", "Bottle of whiskey", "Bow", "Box of bullets", "Box of shells",
               "Bundle of arrows", "Canoe", "Cigars", "Coach class train ride",
               "Common clothes", "Crowbar", "Cured rations", "Derringer", "Knife", "Lamp oil",
               "Lantern", "Long rope", "Oz of silver", "Pickaxe", "Plain belt buckle",
               "Short chain", "Shovel", "Small tent", "Spear", "Tomahawk", "Wagon ride"],
    "Boutique": ["Binoculars", "Calf", "Cavalry sword", "Chicken", "Elixirs", "Fancy clothes",
                 "First class boat ride", "First class room and board",
                 "First class train ride", "Furs", "Lever action rifle", "Lock", "Medical bag",
                 "Musical instrument", "Oz of gold", "Pelts", "Piglet", "Plain jewelry",
                 "Revolver", "Scope", "Shackles", "Shotgun", "Thieves' tools", "Tinctures",
                 "Warm weather gear"],
    "Bespoke": ["Accurate map", "Acre of land", "Cattle", "Custom clothing", "Dynamite",
                "Fine jewelry", "Gatling gun", "Navigation tools", "Old nag",
                "Saddle and tack", "Sextant", "Thoroughbred horse", "Wagon"],
}
ROLLED_MORE = {"Lever action rifle": 2, "Shotgun": 2, "Old nag": 2, "Wagon": 2,
               "Thoroughbred horse": 4, "Acre of land": 4, "Gatling gun": 4}


def test_every_good_the_book_prices_is_found_in_its_category_rolled_as_often():
    # a visit to a seamstress (line 209, beside the barber's) and the navigation tools
    # sold with a sextant (line 221) were unlisted: the Buy form started on no category
    from gmscreen.games.fistful.tables import book_price
    found = {item: book_price(item) for items in BOOK_GOODS.values() for item in items}
    assert found == {item: (category, ROLLED_MORE.get(item, 1))
                     for category, items in BOOK_GOODS.items() for item in items}


# -- line 99: a night's rest eats a day's rations ----------------------------------------------


def test_a_nights_rest_eats_a_days_rations_from_the_sheet():
    # the rations stayed on the sheet night after night: the Judge struck them on paper
    from gmscreen.games.fistful import RULES
    from gmscreen.games.fistful.characters import Item
    from gmscreen.games.fistful.commands import Rest
    from tests.fistful.game import sheet
    gear = (Item("Revolver", 1, quickdraw=True), Item("Cured rations", 2, count=2),
            Item("Rations", 3))
    state = sheet(posse(), "Bo", guts=5, equipment=gear)
    [event] = RULES.decide(state, Rest("Bo", (3, 4, 5)))
    assert said(event) == ("Bo rests: 3 4 5 = 12, succeeds; Guts now 8; eats a day's "
                           "Cured rations (1 left)")
    bo = run(state, Rest("Bo", (3, 4, 5)), Rest("Bo", (1, 1))).character("Bo")
    assert bo is not None and bo.equipment == (Item("Revolver", 1, quickdraw=True),
                                               Item("Rations", 3))
    # fed otherwise (a meal at the inn): the sheet keeps its rations
    inn = run(state, Rest("Bo", (3, 4, 5), rations=False)).character("Bo")
    assert inn is not None and inn.equipment == gear
    # none carried: the rest is had on the Judge's word that they ate, and the line says so
    [bare] = RULES.decide(sheet(posse(), "Bo", guts=5), Rest("Bo", (3, 4, 5)))
    assert said(bare).endswith("; no rations on the sheet: fed otherwise")
    # a Bust eats them too: the night was had
    [bust] = RULES.decide(state, Rest("Bo", (6, 6, 5, 4)))
    assert "eats a day's Cured rations (1 left)" in said(bust)


@synchronous
async def test_the_rest_form_eats_the_rations_unless_the_judge_says_they_ate_otherwise(
        tmp_path: Path) -> None:
    from gmscreen.games.fistful.characters import Item
    from gmscreen.games.fistful.commands import Buy, TakeHarm
    from tests.pilot import fill
    campaign = sample(tmp_path / "s")
    campaign.execute(Buy(CORA, Item("Cured rations", 4, count=2), "Common", (2, 1)))
    left = Item("Cured rations", 4, start_money=1)
    campaign.execute(TakeHarm(CORA, 3))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        before = len(campaign.events)
        await fill(pilot, "r", name=CORA)
        await until(pilot, lambda: len(campaign.events) > before)
        cora = campaign.state.character(CORA)
        # $3 of starting money paid for two: the one eaten took its $2 share (stop 63)
        assert cora is not None and left in cora.equipment
        assert "eats a day's Cured rations (1 left)" in campaign.describe(campaign.events[-1])
        # a night at the inn: the Judge unticks the rations, and the sheet keeps them
        await fill(pilot, "r", name=CORA, rations=False)
        await until(pilot, lambda: len(campaign.events) > before + 1)
        cora = campaign.state.character(CORA)
        assert cora is not None and left in cora.equipment
    campaign.close()


# -- lines 263-278: a reaction is an NPC's outlook, kept on their sheet -----------------------


def test_a_reaction_rolled_for_an_npc_is_their_outlook_on_the_judges_sheet():
    # the reaction was a line of the log about nobody: the Judge wrote on paper which NPC
    # was suspicious and which helpful
    from gmscreen.games.fistful import RULES, view
    from gmscreen.games.fistful.commands import RollReaction
    state = run(posse(), RollReaction((3, 4), name="Jake"))  # 7: Suspicious
    jake = state.character("Jake")
    assert jake is not None and jake.outlook == 7
    assert any(line.startswith("Outlook: reaction 7, Suspicious")
               for line in view.sheet_lines(jake))
    [event] = RULES.decide(posse(), RollReaction((3, 4), name="Jake"))
    assert said(event).startswith("Jake's reaction 7: Suspicious")
    # an 8 the posse stays through: the d6 added is the same NPC's, and so is the outlook
    guarded = run(posse(), RollReaction((4, 4), name="Jake"))
    stays = run(guarded, RollReaction((4, 4), 3, name="Jake"))
    assert stays.character("Jake").outlook == 11  # type: ignore[union-attr]
    refused(guarded, RollReaction((4, 4), 3, name="Bo"), "Reaction")
    refused(guarded, RollReaction((4, 4), 3), "Reaction")  # a stranger's d6 on Jake's 8
    # one of the posse has no outlook towards the posse; a stranger off the sheets is ""
    refused(posse(), RollReaction((3, 4), name="Ann"), "Reaction")
    assert run(posse(), RollReaction((3, 4))).character("Jake").outlook == 0  # type: ignore[union-attr]
    # the players' screen knows nothing of it
    from gmscreen.journal.sections import as_text
    assert "Suspicious" not in as_text(view.table_sections(view.table_knows(state)))


@synchronous
async def test_x_rolls_the_reaction_of_the_npc_set_up_on_the_conflict_tab(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path / "s")
    async with on_the_conflict_tab(campaign) as (pilot, pane):
        before = len(campaign.events)
        await pilot.press("x")  # Cora is set up: a stranger's reaction
        await until(pilot, lambda: len(campaign.events) > before)
        assert campaign.describe(campaign.events[-1]).startswith("Reaction ")
        while (pane.current() or pane).name != "Deputy Hal":
            await pilot.press("p")
            await pilot.pause()
        await pilot.press("x")
        await until(pilot, lambda: len(campaign.events) > before + 1)
        hal = campaign.state.character("Deputy Hal")
        assert hal is not None and hal.outlook == campaign.events[-1].data["total"]
        assert campaign.describe(campaign.events[-1]).startswith("Deputy Hal's reaction ")
    campaign.close()
