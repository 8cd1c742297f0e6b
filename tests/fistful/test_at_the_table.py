"""What a Judge running a whole evening from a blank campaign, book open, ran into: each
test names the book's line it follows (docs/rules/fistful.md has its row)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import Static

from gmscreen.games.fistful import between_rules, fight_rules, view, wanted_rules
from gmscreen.games.fistful.characters import Item, parse_equipment
from gmscreen.games.fistful.commands import (
    AddNpc,
    Carouse,
    CheckAmmunition,
    EditSheet,
    EndFight,
    EndTurn,
    FlipInitiative,
    JoinFight,
    LeaveFight,
    MoveInFight,
    OpposedTest,
    Side,
    TakeHarm,
)
from gmscreen.games.fistful.odds import odds
from gmscreen.games.fistful.panes import FightPane
from gmscreen.games.fistful.state import FistfulState
from gmscreen.games.fistful.view import percent
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import Grid
from tests.fistful.game import posse, run, sheet, told
from tests.fistful.test_panes import judged, keys, sample, text_of
from tests.pilot import fill, opened, synchronous, to_tab, until

#: the fight the highlight's tests play: two of the posse Nearby, Jake Faraway
CORA_TOMAS_JAKE = (("Cora Dalton", "Nearby"), ("Tomas Vega", "Nearby"),
                   ("Rattlesnake Jake", "Faraway"))


def in_a_fight(folder: Path, *fighters: tuple[str, str]) -> Campaign[FistfulState]:
    """The sample with `fighters` (name, band) joined in a fight."""
    campaign = sample(folder)
    for name, band in fighters:
        campaign.execute(JoinFight(name, band))
    return campaign

# -- the ammunition die after a firefight (line 229): for the gun just fired ---------------


def gunslinger() -> FistfulState:
    """Ann carries a revolver (slot 1) and a rifle (slot 6) with a box of shells."""
    return run(posse(), EditSheet("Ann", "", "", "", "", (
        Item("Revolver", 1, quickdraw=True), Item("Box of shells", 2, count=2),
        Item("Rifle", 6, size="large"))))


def test_the_ammunition_die_is_first_for_the_gun_just_fired():
    state = run(gunslinger(), OpposedTest(Side("Ann", "gumption", 2, (4, 3)),
                                          Side("Jake", "grace", 2, (2, 1)), "rifle",
                                          "Faraway"))
    assert fight_rules.ammunition_due(state) == (("Ann", "rifle"),)
    assert fight_rules.ammunition_first(state, "Ann") == "rifle"  # not her revolver
    # the die left blank rolls for the rifle too
    checked = run(state, CheckAmmunition("Ann", 5))
    assert fight_rules.ammunition_due(checked) == ()
    assert fight_rules.ammunition_first(checked, "Ann") == "revolver"  # her first again
    # two fired: the newest first, then the other
    both = run(state, OpposedTest(Side("Ann", "gumption", 2, (4, 3)),
                                  Side("Jake", "grace", 2, (2, 1)), "revolver", "Nearby"))
    assert fight_rules.ammunition_due(both) == (("Ann", "revolver"), ("Ann", "rifle"))
    after = run(both, CheckAmmunition("Ann", 6, "revolver"))
    assert fight_rules.ammunition_first(after, "Ann") == "rifle"
    # a gun no longer carried waits for nothing
    unarmed = sheet(state, "Ann", equipment=())
    assert fight_rules.ammunition_due(unarmed) == ()


@synchronous
async def test_the_ammunition_form_starts_on_the_shooter_and_the_gun_just_fired(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    # Cora fires her rifle at Jake, after Tomas's revolver shot of the sample
    campaign.execute(OpposedTest(Side("Cora Dalton", "gumption", 2, (4, 3)),
                                 Side("Rattlesnake Jake", "grace", 2, (2, 1)), "rifle",
                                 "Faraway"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "b")
        assert form.values().text("name") == "Cora Dalton"
        assert form.values().text("weapon") == "rifle"  # not her revolver, first on her sheet
        await fill(pilot, None, face="5")
        assert "Rifle" in campaign.describe(campaign.events[-1])
        form = await opened(pilot, "b")  # Tomas's revolver is still to roll for
        assert form.values().text("name") == "Tomas Vega"
        assert form.values().text("weapon") == "revolver"
        await pilot.press("escape")
    campaign.close()


# -- the Advancement Test (line 136): the form starts on the Attribute likeliest to rise ----


def test_the_advancement_test_starts_on_the_attribute_likeliest_to_rise():
    # Ann: Grit 17, Gumption 15, Grace 19; dice must total above the score: the lowest
    # score below 21 is the likeliest to rise, the first in the book's order on a tie
    state = posse()
    ann = state.character("Ann")
    assert ann is not None
    assert between_rules.likeliest_to_rise(ann) == "gumption"
    assert between_rules.likeliest_to_rise(replace(ann, grit=15)) == "grit"
    # a score at 21 rises no more: the next lowest
    assert between_rules.likeliest_to_rise(replace(ann, gumption=21, grit=21)) == "grace"
    assert between_rules.likeliest_to_rise(replace(ann, grit=21, gumption=21,
                                                   grace=21)) == ""


@synchronous
async def test_the_advancement_form_opens_on_the_likeliest_attribute(tmp_path: Path) -> None:
    # Cora (Grit 18, Gumption 16, Grace 18) bought a die: the form opened on Grit, which
    # one die can never beat, for a Dealer to change every time
    campaign = sample(tmp_path)
    campaign.end_session()
    campaign.execute(Carouse("Cora Dalton", 0, 1, (3,), 3))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "A")
        assert form.values().text("name") == "Cora Dalton"
        assert form.values().text("attribute") == "gumption"
        # the sheet and the Attribute are chosen: the keyboard is on the dice to type
        assert app.focused is form.widget_of("dice")
        await pilot.press("escape")
    campaign.close()


# -- Carousing's bill (line 146) and the starting money (line 321) ---------------------------


def test_a_carousing_bill_spends_the_starting_money_first_then_the_takings_then_debt():
    # the book says only that starting money cannot pay the bounty: a table spends first
    # the money that is good for nothing else, so a night out leaves the takings that can
    # pay the bounty. Ann: $100, $90 of it her starting purse, 2 Stress
    state = sheet(posse(), "Ann", dollars=100, stress=2)
    # a fine (5) rolls the bill's dice again and adds them: $7 + $6, all starting money
    state = run(state, Carouse("Ann", 2, 0, (3, 4), 5, again=(2, 4)))
    ann = state.character("Ann")
    assert ann is not None and (ann.dollars, ann.start_purse, ann.debt) == (87, 77, 0)
    assert wanted_rules.spendable(ann) == 10  # the takings are whole
    # a bill past every dollar: the starting money is gone with the rest, the rest is owed
    state = run(sheet(state, "Ann", dollars=5, start_purse=3, stress=2),
                Carouse("Ann", 2, 0, (6, 6), 3))
    ann = state.character("Ann")
    assert ann is not None and (ann.dollars, ann.start_purse, ann.debt) == (0, 0, 7)


# -- morale (line 261): while a fight is on, only the sides in it are in question ----------


def test_a_side_not_in_the_fight_has_no_morale_in_question_while_it_is_on():
    # the Clantons: the Kid lost half his Guts (8) in the morning's brawl; now Ann and Bo
    # shoot it out with Jake alone: the Fight tab called the Clantons' morale
    state = run(posse(), AddNpc("Kid", "Poor", side="The Clantons"),
                AddNpc("Boss", "Ornery", strong="grit", side="The Clantons"),
                TakeHarm("Kid", 4, "the morning's brawl"))
    assert [who.name for who, _ in fight_rules.morale_in_question(state)] == ["Kid"]
    state = run(state, JoinFight("Ann", "Nearby"), JoinFight("Bo", "Nearby"),
                JoinFight("Jake", "Faraway"))
    assert fight_rules.morale_in_question(state) == ()
    assert view.morale_call(state) == ""
    state = run(state, TakeHarm("Jake", 5, "shot"))  # 4 of 9 Guts: Jake's in question
    assert [who.name for who, _ in fight_rules.morale_in_question(state)] == ["Jake"]
    assert "Clantons" not in view.morale_call(state) and "Jake" in view.morale_call(state)
    # Boss joins the fight: the Clantons are in it now, and their loss counts
    state = run(state, JoinFight("Boss", "Distant"))
    assert [who.name for who, _ in fight_rules.morale_in_question(state)] == ["Jake", "Kid"]
    # the fight over, every side is the Judge's to weigh again
    state = run(state, EndFight())
    assert [who.name for who, _ in fight_rules.morale_in_question(state)] == ["Jake", "Kid"]


# -- an NPC's equipment typed in its form (lines 245-249) ----------------------------------


@pytest.mark.parametrize("typed", ["² Revolver", "1 Rope x²"])
def test_equipment_with_a_digit_that_is_no_number_is_refused_naming_the_field(typed):
    # a superscript two reads as a digit to isdigit, but int cannot read it: the NPC form
    # was taken down instead of refusing the slot or the count
    try:
        items = parse_equipment(typed)
    except RuleError as refused:
        assert (refused.rule, refused.field) == ("Equipment", "equipment")
    else:  # "x²" is no count: it stays a word of the item's name
        assert items == (Item("Rope x²", 1),)


def test_equipment_typed_with_commas_between_items_reads_as_the_items():
    # a Judge typed "1 Revolver, 6 Shotgun large" for Silas Crane's gear: refused as one
    # item in slot 1 named "Revolver, 6 Shotgun", not quick-draw; a comma before a slot
    # number parts two items as ";" does
    assert parse_equipment("1 Revolver, 6 Shotgun large") == (
        Item("Revolver", 1, quickdraw=True), Item("Shotgun", 6, size="large"))
    assert parse_equipment("2 Box of shells x2,3 Knife; 4 Rope") == (
        Item("Box of shells", 2, count=2), Item("Knife", 3), Item("Rope", 4))
    # a comma inside a name stays in it
    assert parse_equipment("3 Bible, well thumbed") == (Item("Bible, well thumbed", 3),)


@synchronous
async def test_the_equipment_fields_say_how_items_are_written(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        for key in ("a", "e"):  # a new NPC's form, and the sheet's
            form = await opened(pilot, key)
            field = next(f for f in form.fields if f.key == "equipment")
            assert "1 Revolver; 6 Rifle" in field.placeholder
            assert "slot" in field.about and ";" in field.about
            await pilot.press("escape")
    campaign.close()


# -- an attack (lines 126, 227): the weapon the form starts on reaches the target ------------


def test_the_weapon_for_an_attack_is_the_first_carried_that_reaches():
    # Jed carries a knife (slot 3, reaching Nearby thrown) and a rifle (slot 6): the
    # form offered the knife at Dutch, Faraway, which the rules then refused
    state = run(posse(), EditSheet("Ann", "", "", "", "", (
        Item("Knife", 3), Item("Rifle", 6, size="large"))),
                JoinFight("Ann", "Nearby"), JoinFight("Jake", "Faraway"),
                JoinFight("Bo", "Nearby"))
    assert fight_rules.weapon_for(state, "Ann", "Jake") == "rifle"
    assert fight_rules.weapon_for(state, "Ann", "Bo") == "knife"  # first, and it reaches
    # nothing carried reaches: the first still (the form says it is out of reach)
    assert fight_rules.weapon_for(state, "Bo", "Jake") == "fist"  # Bo carries nothing


def test_the_attack_form_starts_on_the_weapon_used_last_while_it_reaches():
    # Ann (knife slot 3, rifle slot 6) fired her rifle at Jake, Faraway; her next attack,
    # on Bo at Nearby, started on her knife (slot order), though she still held the rifle
    # (and its shells: an empty gun is not started on, round 35)
    state = run(posse(), EditSheet("Ann", "", "", "", "", (
        Item("Box of shells", 2), Item("Knife", 3), Item("Rifle", 6, size="large"))),
                JoinFight("Ann", "Nearby"), JoinFight("Jake", "Faraway"),
                JoinFight("Bo", "Nearby"), FlipInitiative("H"),
                OpposedTest(Side("Ann", "gumption", 2, (4, 3)),
                            Side("Jake", "grace", 2, (2, 1)), "rifle", "Faraway",
                            turn=True))
    assert fight_rules.weapon_for(state, "Ann", "Bo") == "rifle"
    # she stabbed Bo: at Jake, Faraway, the knife does not reach, so the rifle again
    stabbed = run(state, OpposedTest(Side("Ann", "grit", 2, (4, 3)),
                                     Side("Bo", "grace", 2, (2, 1)), "knife", "Close"))
    assert fight_rules.weapon_for(stabbed, "Ann", "Bo") == "knife"
    assert fight_rules.weapon_for(stabbed, "Ann", "Jake") == "rifle"
    # a weapon used last and no longer carried is not offered first
    sold = sheet(state, "Ann", equipment=(Item("Knife", 3),))
    assert fight_rules.weapon_for(sold, "Ann", "Bo") == "knife"
    # a test with no weapon leaves the last weapon as it was
    talked = run(state, OpposedTest(Side("Ann", "gumption", 2, (4, 3)),
                                    Side("Bo", "grace", 2, (2, 1))))
    assert fight_rules.weapon_for(talked, "Ann", "Bo") == "rifle"


@synchronous
async def test_the_attack_form_starts_on_a_weapon_that_reaches_the_target(
        tmp_path: Path) -> None:
    # Cora's revolver (slot 1) reaches Faraway; Jake stands Distant: only her rifle reaches
    campaign = in_a_fight(tmp_path, ("Cora Dalton", "Nearby"), ("Rattlesnake Jake", "Distant"))
    campaign.execute(FlipInitiative("H"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        form = await opened(pilot, "o")
        assert form.values().text("target") == "Rattlesnake Jake"
        assert form.values().text("weapon") == "rifle"
        await pilot.press("escape")
    campaign.close()


# -- the recap (line 118: the fight) tells who left it as it tells who joined -----------------


def test_the_recap_tells_who_left_the_fight(tmp_path: Path) -> None:
    # the Judge put Sheriff Tate on the tracker by mistake and took him off (k): the
    # players' recap read "Sheriff Tate joined the fight at Faraway" and nothing more
    campaign = in_a_fight(tmp_path, ("Cora Dalton", "Nearby"), ("Deputy Hal", "Faraway"),
                         ("Rattlesnake Jake", "Faraway"))
    campaign.execute(LeaveFight("Deputy Hal"))
    campaign.execute(FlipInitiative("H"))
    told = " ".join(render(build(campaign, 1, view), "txt").split())
    assert ("Deputy Hal joined the fight at Faraway. Rattlesnake Jake joined the fight at "
            "Faraway. Deputy Hal left the fight. Round 1") in told
    campaign.close()


# -- the sheet (lines 153, 247, 321): what the Judge looks up on it between adventures ------


def test_the_sheet_tells_a_brawl_the_starting_money_and_lists_gear_by_slot():
    # Mae at 7/7 Guts after a Drunken Brawl, with $43 of which $8 is starting money; her
    # gear bought rifle first: the sheet said none of the brawl nor of the starting money,
    # and listed "6: Rifle (large); 2: Box of shells; 3: Knife"
    state = sheet(posse(), "Ann", dollars=43, start_purse=8, brawled=True, guts=6,
                  equipment=(Item("Rifle", 6, size="large"), Item("Box of shells", 2),
                             Item("Knife", 3)))
    ann = state.character("Ann")
    assert ann is not None
    text = "\n".join(view.sheet_lines(ann))
    assert ("Equipment (slots 4/17): 2: Box of shells; 3: Knife (+1, Close in hand, thrown to "
            "Nearby); "
            "6: Rifle (+3, to Distant, large)") in text
    assert "Drunken Brawl: 2 fewer Guts at most until the session ends" in text
    assert "$8 of the $43 in hand is starting money (it cannot pay the bounty)" in text
    # a purse all starting money, some of it spent ($75 left of $100), says so, where it
    # read "starting money $75" as if the character had started with $75
    spent = "\n".join(view.sheet_lines(replace(ann, dollars=75, start_purse=75)))
    assert "all $75 in hand is starting money (it cannot pay the bounty)" in spent
    plain = "\n".join(view.sheet_lines(replace(ann, brawled=False, start_purse=0)))
    assert "Brawl" not in plain and "starting money" not in plain


def test_the_judges_recap_tells_a_fight_in_one_paragraph(tmp_path: Path) -> None:
    # the Judge's recap cut the fight at every "has had their turn", every move and the
    # ammunition dice, each attack after it under a new "The fight." heading
    campaign = in_a_fight(tmp_path, ("Cora Dalton", "Nearby"), ("Rattlesnake Jake", "Faraway"))
    campaign.execute(FlipInitiative("H"))
    campaign.execute(OpposedTest(Side("Cora Dalton", "gumption", 2, (4, 3)),
                                 Side("Rattlesnake Jake", "grace", 2, (2, 1)), "revolver",
                                 "Faraway", turn=True))
    campaign.execute(EndTurn("Cora Dalton"))
    campaign.execute(MoveInFight("Rattlesnake Jake", "Nearby"))
    campaign.execute(OpposedTest(Side("Rattlesnake Jake", "gumption", 2, (4, 3)),
                                 Side("Cora Dalton", "grace", 2, (2, 1)), "revolver",
                                 "Nearby", turn=True))
    campaign.execute(EndFight())
    campaign.execute(CheckAmmunition("Cora Dalton", 5))
    told = render(build(campaign, 1, view, dealer=True), "txt")
    last = told[told.rindex("The fight.\n"):]
    assert "Cora Dalton has had their turn" in last
    assert "Rattlesnake Jake moves" in last and "checks ammunition" in last
    assert told.count("The fight.\n") == 2  # the sample's saloon shot, and this one
    campaign.close()


# -- a turn done (line 118): the tracker moves on to the next still to act -------------------


@synchronous
async def test_done_moves_the_highlight_to_the_next_still_to_act(tmp_path: Path) -> None:
    # space on Cora ended her turn and left the highlight on her: the footer lost Attack
    # and Done, and the Dealer had to find Tomas himself
    campaign = in_a_fight(tmp_path, *CORA_TOMAS_JAKE)
    campaign.execute(FlipInitiative("H"))  # the posse first
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        pane = app.screen.query_one(FightPane)
        first = pane.highlighted()
        assert first is not None and first.name == "Cora Dalton"
        await pilot.press("space")
        await pilot.pause()
        now = pane.highlighted()
        assert now is not None and now.name == "Tomas Vega"
        await pilot.press("space")
        await pilot.pause()
        now = pane.highlighted()
        assert now is not None and now.name == "Rattlesnake Jake"  # the other side next
        await pilot.press("space")
        await pilot.pause()
        now = pane.highlighted()  # nobody left: it stays where it was
        assert now is not None and now.name == "Rattlesnake Jake"
    campaign.close()


@synchronous
async def test_a_move_and_an_attack_move_the_highlight_to_the_next_still_to_act(
        tmp_path: Path) -> None:
    # a turn is a move and one action (line 124): Cora moving and shooting ended her turn,
    # yet the highlight stayed on her, with Attack and Done gone from the footer
    campaign = in_a_fight(tmp_path, *CORA_TOMAS_JAKE)
    campaign.execute(FlipInitiative("H"))  # the posse first
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        pane = app.screen.query_one(FightPane)
        await pilot.press("comma")  # Cora moves (closes on Jake): her action is still to come
        await pilot.pause()
        now = pane.highlighted()
        assert now is not None and now.name == "Cora Dalton"
        await fill(pilot, "o", target="Rattlesnake Jake", weapon="revolver", a_stakes="2",
                   a_dice="5 4", o_stakes="2", o_dice="4 5")
        assert campaign.state.fighter("Cora Dalton").turn_over  # type: ignore[union-attr]
        now = pane.highlighted()
        assert now is not None and now.name == "Tomas Vega"
        # the rarer keys over the table are the highlighted fighter's: Tomas may close on a
        # foe, Cora, moved, no longer (the line stayed Cora's when the highlight moved on)
        assert "t close on a foe" in text_of(app, "#ff-round")
        await pilot.press("up")
        await pilot.pause()
        assert "t close on a foe" not in text_of(app, "#ff-round")
        await pilot.press("down")
        await pilot.pause()
        # Tomas shoots first (and misses: Jake, closed on, stays up), then moves: the move
        # ends his turn, and Jake is next
        await fill(pilot, "o", target="Rattlesnake Jake", weapon="revolver", a_stakes="2",
                   a_dice="3 4", o_stakes="2", o_dice="4 5")
        now = pane.highlighted()
        assert now is not None and now.name == "Tomas Vega"  # his move is still to come
        await pilot.press("comma")
        await until(pilot, lambda: (pane.highlighted() or pane).name == "Rattlesnake Jake", 3)
        now = pane.highlighted()
        assert now is not None and now.name == "Rattlesnake Jake"
    campaign.close()


@synchronous
async def test_the_join_forms_with_them_list_leaves_out_who_is_picked(
        tmp_path: Path) -> None:
    # 'With them' offered the one already picked in 'Who' (ticking him was dropped)
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        joining = await opened(pilot, "j")
        offered = [label for label, _ in joining.options_of("others")]
        # a new fight starts on the posse's line: none of the posse is offered beside it
        assert joining.values().text("name") == "All of the posse (4)"
        assert "Cora Dalton" not in offered and "Tomas Vega" not in offered
        await pilot.press("tab", *"cora")
        await pilot.pause()
        offered = [label for label, _ in joining.options_of("others")]
        assert joining.values().text("name") == "Cora Dalton"
        assert "Cora Dalton" not in offered and "Tomas Vega" in offered
        await pilot.press("down")  # Who: the next name down
        await pilot.pause()
        picked = joining.values().text("name")
        offered = [label for label, _ in joining.options_of("others")]
        assert picked != "Cora Dalton" and picked not in offered
        assert offered[0] == "Cora Dalton" and "Tomas Vega" in offered
        # the list refilled still ticks by the keyboard: Tab to it, space on the first
        # (refilled, it had no highlight and space ticked nobody)
        await pilot.press("tab", "space")
        await pilot.pause()
        assert joining.values().chosen("others") == ("Cora Dalton",)
    campaign.close()


@synchronous
async def test_a_new_round_puts_the_highlight_on_the_first_to_act(tmp_path: Path) -> None:
    # the coin (line 122) says who goes first: tails, the NPCs; the highlight stayed on
    # the row it was on, one of the posse, whose steps were then refused out of turn
    campaign = in_a_fight(tmp_path, *CORA_TOMAS_JAKE)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        pane = app.screen.query_one(FightPane)
        await fill(pilot, "c", coin="T")  # tails: the NPCs first
        now = pane.highlighted()
        assert now is not None and now.name == "Rattlesnake Jake"
        assert "Rattlesnake Jake" in text_of(app, "#ff-round")
        # Jake done, the posse next; a new round on heads starts on the posse's first
        await pilot.press("space")
        await pilot.pause()
        now = pane.highlighted()
        assert now is not None and now.name == "Cora Dalton"
        await pilot.press("space", "space")
        await pilot.pause()
        await fill(pilot, "c", coin="H")
        now = pane.highlighted()
        assert now is not None and now.name == "Cora Dalton"
        await pilot.press("space")  # Cora done: a coin as the very next step is refused
        await pilot.pause()
        await fill(pilot, "c", coin="T")  # the table's coin, Tomas still to act
        assert campaign.state.combat_round == 3
        now = pane.highlighted()
        assert now is not None and now.name == "Rattlesnake Jake"
    campaign.close()


@synchronous
async def test_the_sheet_steps_open_on_what_is_typed_not_on_who(tmp_path: Path) -> None:
    # Who starts on the highlighted sheet; the Dealer types the number straight away. The
    # Take, Harm and Buy forms opened in Who: "85" went to the list of names and the share
    # was sent empty, refused
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        who = campaign.state.posse_members[0]
        for key, typed in (("m", "85"), ("h", "3"), ("b", "4 Lantern")):
            before = len(campaign.events)
            await opened(pilot, key)
            for each in typed:
                await pilot.press("space" if each == " " else each)
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert len(campaign.events) > before, key
        shared, harmed, bought = (told(event) for event in campaign.events[-3:])
        assert (shared.name, shared.dollars) == (who.name, 85)
        assert (harmed.name, harmed.amount) == (who.name, 3)
        assert (bought.name, bought.item) == (who.name, "Lantern")
    campaign.close()


@synchronous
async def test_the_rest_form_tells_the_odds_of_the_stakes_and_opens_on_them(
        tmp_path: Path) -> None:
    # a night's rest (line 99) is a Grit test with no Challenge: one Guts back a die, or a
    # Bust, a Stress and a Guts lost a die. The form opened in Who and said nothing of the
    # risk each die adds, which the Conflict tab's odds show for every other test
    campaign = sample(tmp_path)
    who = campaign.state.posse_members[0]
    campaign.execute(TakeHarm(who.name, 3))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        resting = await opened(pilot, "r")
        assert resting.values().text("name") == who.name
        await pilot.press("5")  # the Stakes, typed at once
        await pilot.pause()
        assert resting.values().text("stakes") == "5"
        chances = odds(5, who.grit, 0)
        shown = str(resting.query_one("#form-preview", Static).render())
        assert shown == (
            f"5 dice against Grit {who.grit}: {percent(chances.success).strip()} gives back "
            f"5 Guts (at most {who.guts_max}); {percent(chances.bust).strip()} Busts: a "
            "Stress, and 5 Guts lost to infection")
        await keys(pilot, "escape")
        # Carousing opens on the Stress to remove, the highlighted sheet already in Who
        carousing = await opened(pilot, "u")
        await pilot.press("1")
        await pilot.pause()
        assert carousing.values().text("stress_off") == "1"
    campaign.close()


def test_the_players_screen_marks_whose_turn_is_done_this_round(tmp_path: Path) -> None:
    # the table sees who has had this round's turn (line 124); the players' screen listed
    # the fighters and their bands alone, so nobody could tell whose turn was next
    campaign = in_a_fight(tmp_path, ("Cora Dalton", "Nearby"), ("Rattlesnake Jake", "Faraway"))
    before = view.table_sections(view.table_knows(campaign.state))[0]
    assert isinstance(before, Grid) and "Turn" not in before.columns  # no round yet
    campaign.execute(FlipInitiative("H"))
    campaign.execute(EndTurn("Cora Dalton"))
    # under the round's heading and whose turn it is (then, since round 20, what was just
    # decided and what is asked, so a phone keeps them in sight over a long list of fighters)
    sections = view.table_sections(view.table_knows(campaign.state))
    titles = [s.title for s in sections]
    assert titles[:2] == ["Round 1, heads: the posse goes first", "Just now"]
    fight = sections[titles.index("The fight")]
    assert isinstance(fight, Grid) and fight.columns == ("Fighter", "Side", "Band", "Turn")
    assert fight.rows == (("Cora Dalton", "posse", "Nearby", "done"),
                          ("Rattlesnake Jake", "NPC", "Faraway", ""))
    assert "Turn: done, acted (may still move), moved (may still act)" in fight.note
    campaign.execute(FlipInitiative("T"))  # a new round frees every turn
    (fight,) = (s for s in view.table_sections(view.table_knows(campaign.state))
                if s.title == "The fight")
    assert isinstance(fight, Grid) and all(row[3] == "" for row in fight.rows)
    campaign.close()


@synchronous
async def test_a_side_broken_on_the_fight_tab_leaves_the_tracker_and_says_so(
        tmp_path: Path) -> None:
    # line 261: a side that busts its morale flees or gives up; it stayed on the tracker,
    # tails still waiting on Jake's turn, till the Judge took him off by hand (k)
    campaign = in_a_fight(tmp_path, *CORA_TOMAS_JAKE)
    campaign.execute(FlipInitiative("T"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        await fill(pilot, "g", name="Rattlesnake Jake", dice="6 6 6 6 6", coin="H")
        head = text_of(app, "#ff-round")
        # what came of it, where it was asked
        assert "(Jake's gang) breaks and flees (coin H) on morale" in head
        assert [f.name for f in campaign.state.fight] == ["Cora Dalton", "Tomas Vega"]
        assert "Still to act: Cora Dalton, Tomas Vega\n" in head
    campaign.close()
