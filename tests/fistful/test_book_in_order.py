"""Round 16: the book walked from its first line to its last, against the app. Each test
here is a rule the walk found broken or unsaid, written from the book first."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.fistful import RULES, rules, view
from gmscreen.games.fistful.characters import Item, refit
from gmscreen.games.fistful.commands import (
    Buy,
    Carouse,
    EditSheet,
    OpposedTest,
    Rest,
    Revive,
    RollOutOfAction,
    RollTest,
    Side,
    TakeHarm,
)
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.events import Event
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.fistful.game import apply, posse, refused, run, said, sheet, told
from tests.pilot import fill, synchronous, to_tab


def carrying(*items: Item) -> FistfulState:
    """The test posse with Ann (Grit 17, Gumption 15) carrying `items`."""
    return run(posse(), EditSheet("Ann", "", "", "", "", items))


def throw(weapon: str, theirs: int = 1) -> OpposedTest:
    """Ann throws 2 dice (2 3 = 5) at Jake at Nearby; Jake's one die is `theirs`."""
    return OpposedTest(Side("Ann", "gumption", 2, (2, 3)), Side("Jake", "grace", 1, (theirs,)),
                       weapon, "Nearby")


def test_a_stick_of_dynamite_thrown_comes_off_the_throwers_list() -> None:
    """Line 241: dynamite is thrown, an area effect; once thrown it has gone off. It was
    kept on the sheet, to be thrown again and again: one stick comes off, the line gone with
    its last, whether the throw wins or not, and the log says how many are left."""
    state = carrying(Item("Dynamite", 2, count=2), Item("Knife", 3))
    made = RULES.decide(state, throw("dynamite"))
    assert told(made[0]).thrown_item == "Dynamite" and told(made[0]).thrown_left == 1
    assert said(made[0]).endswith("; Dynamite thrown: 1 left")
    state = apply(state, made)
    ann = state.character("Ann")
    assert ann is not None and ann.equipment == (Item("Dynamite", 2), Item("Knife", 3))
    state = run(state, throw("dynamite", theirs=6))  # Jake's 6 beats her 5: it misses
    ann = state.character("Ann")
    assert ann is not None and ann.equipment == (Item("Knife", 3),)


def test_a_knife_thrown_stays_on_the_list_and_an_npc_with_no_list_loses_nothing() -> None:
    """A knife, an axe or a spear thrown lands by the target (the book is silent on picking
    it up): the list keeps it. Dynamite thrown by one who carries none takes nothing off."""
    state = carrying(Item("Knife", 3))
    made = RULES.decide(state, throw("knife"))
    assert told(made[0]).thrown_item == "" and "thrown:" not in said(made[0])
    ann = apply(state, made).character("Ann")
    assert ann is not None and ann.equipment == (Item("Knife", 3),)
    made = RULES.decide(posse(), OpposedTest(Side("Jake", "gumption", 1, (5,)),
                                             Side("Ann", "grace", 1, (1,)), "dynamite",
                                             "Nearby"))
    jake = told(made[0]).sheets.get("Jake")
    assert told(made[0]).thrown_item == "" and (jake is None or jake.equipment is None)


def test_a_maimed_fall_moves_what_no_longer_fits_in_the_slots_grit_carries() -> None:
    """Lines 112 and 245: Maimed lowers Grit for good, and one carries as many small items
    as their Grit. A lantern at slot 17 stayed past the 16 slots of Grit 16: the sheet read
    "17: Lantern" beside "slots 2/16", `gmscreen check` called the journal broken, and a
    purchase was refused for the lantern. It moves to slot 16, and the fall's line says so."""
    state = run(carrying(Item("Revolver", 1, quickdraw=True), Item("Lantern", 17)),
                TakeHarm("Ann", 30, "shot"))
    made = RULES.decide(state, RollOutOfAction("Ann", 4))
    assert said(made[0]) == ("Ann is out of action: 4, Maimed; Grit down to 16 for good; "
                             "Stress now 1; Lantern moved from slot 17 to 16")
    state = apply(state, made)
    ann = state.character("Ann")
    assert ann is not None and ann.equipment == (Item("Revolver", 1, quickdraw=True),
                                                 Item("Lantern", 16))
    assert rules.problems(state) == []
    event = Event(1, datetime(2026, 1, 1), 1, made[0].kind, made[0].data, 1)
    assert str(view.table_tells(event)).endswith("; Lantern moved from slot 17 to 16")


def test_a_maimed_fall_with_every_slot_full_leaves_the_last_item_behind() -> None:
    """With no free slot left, what no longer fits is left behind, and the line names it;
    a large item moves only to slot 6 or later, a small one never into slot 1."""
    full = (Item("Revolver", 1, quickdraw=True), *(Item(f"Bit {n}", n) for n in range(2, 6)),
            Item("Rifle", 6, size="large"), *(Item(f"Bit {n}", n) for n in range(8, 18)))
    state = run(carrying(*full), TakeHarm("Ann", 30))
    made = RULES.decide(state, RollOutOfAction("Ann", 4))
    assert said(made[0]).endswith("; Bit 17 left behind: no room in 16 slots")
    assert rules.problems(apply(state, made)) == []
    kept, moved = refit((Item("Knife", 2), Item("Rifle", 15, size="large")), 15)
    assert kept == (Item("Knife", 2), Item("Rifle", 14, size="large"))
    assert moved == ("Rifle moved from slot 15 to 14",)
    kept, moved = refit((*(Item(f"Bit {n}", n) for n in range(2, 6)), Item("Lamp", 6)), 5)
    assert moved == ("Lamp left behind: no room in 5 slots",)  # slot 1 is a quick-draw's


def test_a_fall_that_lowers_no_grit_moves_nothing() -> None:
    state = run(carrying(Item("Lantern", 17)), TakeHarm("Ann", 30))
    made = RULES.decide(state, RollOutOfAction("Ann", 3))
    assert told(made[0]).refit == () and told(made[0]).sheets["Ann"].equipment is None


def test_the_brawl_line_gives_the_maximum_it_leaves() -> None:
    """Line 153: a Drunken Brawl takes 2 off maximum Guts for the rest of the session. The
    line said "4, Drunken Brawl" alone; it gives the maximum left. A second brawl the same
    session takes 2 more (round 17's reading in `between`: round 16 had it lower nothing
    more), and its line says the maximum it leaves."""
    state = sheet(posse(), "Ann", stress=3)
    night = Carouse("Ann", 1, 0, (2,), 4)
    made = RULES.decide(state, night)
    assert said(made[0]).endswith("; at most 7 Guts till the brawl wears off")
    state = apply(state, made)
    made = RULES.decide(state, night)
    assert said(made[0]).endswith("; at most 5 Guts till the brawl wears off")
    ann = apply(state, made).character("Ann")
    assert ann is not None and ann.guts_max == 5


@synchronous
async def test_dynamite_thrown_from_the_fight_tab_leaves_the_sheet(tmp_path: Path) -> None:
    """By keys: Cora buys a stick of dynamite, throws it at Jake from the Fight tab, and her
    sheet no longer carries it; one undo puts it back."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await fill(pilot, "b", item="4 Dynamite", category="Bespoke", dice="1 1 1 1")
        await to_tab(pilot, "Fight")
        for name in ("Rattlesnake Jake", "Cora Dalton"):
            await fill(pilot, "j", name=name, band="Nearby")
        await fill(pilot, "c", coin="H")
        await fill(pilot, "o", target="Rattlesnake Jake", weapon="dynamite", a_stakes="3",
                   a_dice="4 2 3", o_stakes="3", o_dice="1 2 1")
        cora = campaign.state.character("Cora Dalton")
        assert cora is not None and not any(i.name == "Dynamite" for i in cora.equipment)
        assert campaign.describe(campaign.events[-1]).endswith("; Dynamite thrown: none left")
        await pilot.press("ctrl+z")
        await pilot.pause()
        cora = campaign.state.character("Cora Dalton")
        assert cora is not None and any(i.name == "Dynamite" for i in cora.equipment)


def test_the_tables_recap_says_the_dynamite_is_gone() -> None:
    """The table saw the stick thrown: its recap says it is gone and how many are left."""
    state = carrying(Item("Dynamite", 2, count=2))
    made = RULES.decide(state, throw("dynamite"))
    event = Event(1, datetime(2026, 1, 1), 1, made[0].kind, made[0].data, 1)
    assert str(view.table_tells(event)).endswith("; Ann has thrown the Dynamite (1 left)")


def test_getting_up_says_the_guts_got_back_not_the_die_past_the_most() -> None:
    """Line 105: a survivor regains 1d6 Guts, never past their most. Bo of Red Gulch (Grit
    10, at most 3 Guts after a brawl) came round on a 6: the log said "comes round with 6
    Guts" and the table's recap "got back on their feet with 6 Guts", beside a sheet of
    3/3. Here Bo is at most 2."""
    state = run(posse(), TakeHarm("Bo", 30), RollOutOfAction("Bo", 1))
    state = sheet(state, "Bo", grit=3)  # at most 2 Guts
    bo = state.character("Bo")
    assert bo is not None and bo.guts_max == 2
    made = RULES.decide(state, Revive("Bo", 6))
    assert said(made[0]) == "Bo comes round with 2 Guts (6 rolled: 2 is the most they have)"
    event = Event(1, datetime(2026, 1, 1), 1, made[0].kind, made[0].data, 1)
    assert str(view.table_tells(event)) == (
        "Bo got back on their feet with 2 Guts (6 rolled: 2 is the most they have)")
    made = RULES.decide(state, Revive("Bo", 1))
    assert said(made[0]) == "Bo comes round with 1 Guts"


def test_the_tables_recap_says_a_stack_bought_with_its_count() -> None:
    """Line 245: small repeated items stack three to a slot, and the Buy form buys a stack
    priced each. Bo bought three boxes of bullets for $3: the Judge's log said "Box of
    bullets x3", the table's recap "Bo bought Box of bullets for $3", one box by its words."""
    made = RULES.decide(posse(), Buy("Bo", Item("Box of bullets", 2, count=3), "Common",
                                     (1, 1, 1)))
    event = Event(1, datetime(2026, 1, 1), 1, made[0].kind, made[0].data, 1)
    assert str(view.table_tells(event)) == "Bo bought Box of bullets x3 for $3"
    made = RULES.decide(posse(), Buy("Bo", Item("Lantern", 2), "Common", (4,)))
    event = Event(1, datetime(2026, 1, 1), 1, made[0].kind, made[0].data, 1)
    assert str(view.table_tells(event)) == "Bo bought Lantern for $4"


def test_a_die_floats_on_a_nights_rest_as_on_any_test() -> None:
    """Lines 58-60 and 99: a rest is a Grit test, so a banked Luck (or the background's die,
    or the Judge's Misfortune) floats a die on it, one taken away once the dice are seen. The
    rest took no floating die at all, though its doubles bank Luck and the scene die counts
    in it as a test's."""
    state = sheet(posse(), "Ann", guts=3, luck=1, background="Dealt faro in Dodge")
    made = RULES.decide(state, Rest("Ann", (6, 5, 1, 2), floating="luck", removed=6))
    assert said(made[0]).startswith("Ann rests: 5 1 2, luck die floats, 6 taken away = 8, "
                                    "succeeds; Guts now 6")
    ann = apply(state, made).character("Ann")
    assert ann is not None and (ann.guts, ann.luck) == (6, 0)
    made = RULES.decide(state, Rest("Ann", (6, 5, 1, 2), floating="background"))
    ann = apply(state, made).character("Ann")
    assert ann is not None and ann.background_used and ann.luck == 1
    # the Judge's die, while he has a Misfortune, and he takes away the face that hurts
    judged = replace(state, misfortune=1)
    made = RULES.decide(judged, Rest("Ann", (6, 6, 6, 2), floating="judge"))
    assert told(made[0]).removed == 2 and told(made[0]).result == "bust"
    assert apply(judged, made).misfortune == 1  # one spent, the Bust's doubles bank one
    refused(state, Rest("Ann", (6, 5, 1, 2), floating="judge"), "Floating die")
    refused(sheet(state, "Ann", luck=0), Rest("Ann", (6, 5, 1, 2), floating="luck"),
            "Floating die")
    # the floating die rides on top of the Stress limit: 1 Stress, 5 dice and a sixth
    stressed = sheet(state, "Ann", stress=1)
    run(stressed, Rest("Ann", (1, 1, 2, 2, 1, 3), floating="luck"))
    refused(stressed, Rest("Ann", (1, 1, 2, 2, 1, 3)), "Stakes")


@synchronous
async def test_the_rest_form_floats_a_die(tmp_path: Path) -> None:
    """By keys: Tomas Vega (a Luck banked) rests with his Luck floating, four dice typed for
    Stakes 3, and takes a face away; the log tells it and his Luck is spent."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await fill(pilot, "h", name="Tomas Vega", amount="4")
        await fill(pilot, "r", name="Tomas Vega", stakes="3", dice="6 2 3 1",
                   floating="luck", removed="6")
        rested = told(campaign.events[-1])
        assert rested.floating == "luck" and rested.removed == 6 and rested.rolled == (2, 3, 1)
        tomas = campaign.state.character("Tomas Vega")
        assert tomas is not None and tomas.luck == 0 and tomas.guts == 9 - 4 + 3


def test_no_background_written_floats_no_background_die() -> None:
    """Line 20: the background one writes awards a floating die once a session. Bo of Red
    Gulch, made with no background, floated "the background's" die on a rest (and could on
    any test): the form offered it and the rules took it. Refused, naming Background, till
    one is written; the floating choices leave it out."""
    state = posse()  # Ann and Bo are made with no background
    for command in (RollTest("Bo", "grit", 8, 2, (3, 4, 5), floating="background"),
                    Rest("Bo", (3, 4, 5), floating="background")):
        error = refused(state, command, "Background")
        assert "Bo has no background written" in str(error)
    from gmscreen.games.fistful.conflict_rules import floating_choices
    assert "background" not in floating_choices(state, "Bo")
    written = sheet(state, "Bo", background="Rode with the cavalry")
    assert "background" in floating_choices(written, "Bo")
    run(written, Rest("Bo", (3, 4, 5), floating="background"))
