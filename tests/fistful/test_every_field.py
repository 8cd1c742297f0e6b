"""Every field and every name (round 19): each place a Judge types, given what a tired hand
types (blank, spaces, 0, -1, one past the book's most, a number no die count can be, a
stack past any sheet), must be refused on its own field with the rule named, the journal's
bytes unchanged, nothing rolled; and names and notes written as markup must be shown as the
letters typed. Each test failed before its fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.fistful import RULES
from gmscreen.games.fistful.characters import Item, parse_equipment
from gmscreen.games.fistful.commands import (
    AddNpc,
    Buy,
    ChangeGlory,
    ChooseOptionalRules,
    Crime,
    CunningDeal,
    RollReaction,
    Sell,
    ShareTake,
)
from gmscreen.games.fistful.state import Settings
from gmscreen.journal.rules import RuleError
from gmscreen.ui.form import Form
from tests.fistful.game import posse, refused, run, sheet
from tests.fistful.game import said as said_of
from tests.fistful.test_fit import sample
from tests.fistful.test_panes import judged
from tests.pilot import fill, synchronous, to_tab

#: a count no table's dice come to: rolling it ran the machine out of memory
HUGE = "9223372036854775807"


def refused_on(form: Form, field: str, rule: str, file: Path, before: bytes) -> None:
    """The form still open, its refusal naming `rule`, the cursor on `field`, nothing
    written."""
    assert form.app.screen is form, "the form was closed"
    assert form.refusal.startswith(f"{rule}: "), form.refusal
    assert form.focused is form.widget_of(field), (field, form.focused)
    assert file.read_bytes() == before


@synchronous
async def test_a_rests_stakes_past_any_die_are_refused_before_a_die_is_rolled(
        tmp_path: Path) -> None:
    # Stakes -1 raised "cannot roll -1 dice" and the app's fault notice; Stakes of nineteen
    # digits rolled that many dice and ran out of memory: the Stakes' own rule names both
    campaign = sample(tmp_path / "s")
    file = campaign.path
    assert file is not None
    before = file.read_bytes()
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await fill(pilot, "r", stakes="-1")
        refused_on(form, "stakes", "Stakes", file, before)
        assert "not -1" in form.refusal
        form = await fill(pilot, stakes=HUGE)
        refused_on(form, "stakes", "Stakes", file, before)
        # a face to take away with no die floating was dropped unsaid: refused on its field
        form = await fill(pilot, stakes="3", removed="6")
        refused_on(form, "removed", "Floating dice", file, before)
    campaign.close()


@synchronous
async def test_a_nights_stress_and_dice_past_the_sheet_are_refused_before_the_bill(
        tmp_path: Path) -> None:
    # Stress to remove -1 (or advancement dice -1) raised "cannot roll -1 dice"; a number of
    # nineteen digits rolled the bill's dice until the memory ran out
    campaign = sample(tmp_path / "s")
    file = campaign.path
    assert file is not None
    before = file.read_bytes()
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await fill(pilot, "u", stress_off="-1")
        refused_on(form, "stress_off", "Carousing", file, before)
        form = await fill(pilot, stress_off=HUGE)
        refused_on(form, "stress_off", "Carousing", file, before)
        form = await fill(pilot, stress_off="0", advancement_dice="-1")
        refused_on(form, "advancement_dice", "Experience", file, before)
        form = await fill(pilot, advancement_dice=HUGE)
        refused_on(form, "advancement_dice", "Experience", file, before)
    campaign.close()


@synchronous
async def test_a_prices_times_and_a_stack_past_the_sheet_are_refused_before_the_dice(
        tmp_path: Path) -> None:
    # times rolled -1 raised "cannot roll -1 dice", nineteen digits ran out of memory, and a
    # stack "x99999999999999999999" rolled a price for each box before it was found too big
    campaign = sample(tmp_path / "s")
    file = campaign.path
    assert file is not None
    before = file.read_bytes()
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await fill(pilot, "b", item="4 Lamp", category="Common", rolls="-1")
        refused_on(form, "rolls", "Prices", file, before)
        for times in ("0", "5", HUGE):
            form = await fill(pilot, rolls=times)
            refused_on(form, "rolls", "Prices", file, before)
            assert f"1 to 4 times (the book marks some items twice or four times), not " \
                f"{times}" in form.refusal
        form = await fill(pilot, item="4 Box of shells x99999999999999999999", rolls="1")
        refused_on(form, "item", "Encumbrance", file, before)
        await pilot.press("escape")
        await pilot.pause()
        # selling alike
        form = await fill(pilot, "s", rolls="-1")
        refused_on(form, "rolls", "Prices", file, before)
        form = await fill(pilot, rolls=HUGE)
        refused_on(form, "rolls", "Prices", file, before)
    campaign.close()


def test_the_rules_refuse_a_price_rolled_past_four_times():
    # a journal's event, or a command from elsewhere, is held to the book as the form is
    state = sheet(posse(), "Ann", equipment=(Item("Revolver", 1, quickdraw=True),))
    refused(state, Buy("Ann", Item("Horse", 4), "Common", (1,) * 5, rolls=5), "Prices")
    refused(state, Sell("Ann", "Revolver", "Common", (1,) * 5, rolls=5), "Prices")


def test_a_creatures_attributes_past_any_sheet_are_refused_with_their_limit():
    # "99999999999999999999 1 1" reached the journal's writer, which said "Rules: TOML
    # integers are 64-bit", the cursor on the name; 19 nines were taken, a Grit whose slots
    # no loop ends; 0 was told as "a creature is given its three Attributes"
    for scores, said in (((0, 5, 5), "not 0"), ((100, 5, 5), "not 100"),
                         ((2**63 - 1, 1, 1), f"not {2**63 - 1}")):
        error = refused(posse(), AddNpc("Bear", "Creature", attributes=scores), "NPC rank")
        assert error.field == "attributes"
        assert str(error).endswith(f"a creature's Attributes are 1 to 99 (past a human's 22, "
                                   f"as the book allows), {said}"), str(error)
    # the book's bear, far past a human, is a creature still
    bear = run(posse(), AddNpc("Bear", "Creature", attributes=(99, 8, 14)))
    assert bear.character("Bear").grit == 99  # type: ignore[union-attr]


def test_a_share_past_what_the_journal_holds_is_refused_on_its_field():
    # $9223372036854775807 to one with $44 was refused by the journal's writer, "Rules: TOML
    # integers are 64-bit", naming neither the field nor the rule
    state = posse()
    error = refused(state, ShareTake("Ann", 2**63 - 1), "Experience")
    assert error.field == "dollars"
    assert "past the largest number the journal holds" in str(error)
    most = 2**63 - 1 - 90
    assert f"a share is $1 to ${most}" in str(error)
    run(state, ShareTake("Ann", most))  # the most there is room for is taken


def test_a_stack_of_none_is_refused_as_the_item_written():
    # "4 Box of shells x0" was refused as "Prices: the price is rolled at least once, not 0
    # times", the cursor on the times rolled, which the Judge had not touched
    with pytest.raises(RuleError) as raised:
        parse_equipment("4 Box of shells x0")
    assert raised.value.rule == "Equipment" and raised.value.field == "equipment"
    assert "a count is x1 or more (x3: three of it), not 'x0'" in str(raised.value)
    assert parse_equipment("4 Box of shells x1")[0].count == 1


@synchronous
async def test_a_reactions_modifier_past_either_end_is_refused_on_its_field(
        tmp_path: Path) -> None:
    # +9223372036854775807 was refused by the journal's writer ("Rules: TOML integers are
    # 64-bit"), the cursor on the dice; -9223372036854775807 and +99 were written
    for modifier in (2**63 - 1, -(2**63 - 1), 99, -11, 11):
        error = refused(posse(), RollReaction((4, 4), modifier=modifier), "Reaction")
        assert error.field == "modifier"
        assert f"the Judge's modifier is -10 to +10 (enough to carry any roll to either end " \
            f"of the table), not {modifier:+d}" in str(error)
    for modifier in (-10, 10):  # from 12 to the table's 2, from 2 to its 12+
        run(posse(), RollReaction((6, 6) if modifier < 0 else (1, 1), modifier=modifier))
    campaign = sample(tmp_path / "s")
    file = campaign.path
    assert file is not None
    before = file.read_bytes()
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await fill(pilot, "R", dice="4 4", modifier=HUGE)
        refused_on(form, "modifier", "Reaction", file, before)
    campaign.close()


def test_a_crime_or_a_deal_past_the_clocks_face_is_refused_on_its_field():
    # 13 hours and 9223372036854775807 were written, the log telling "9223372036854775807
    # hours named, 9 taken"; the clock's face is 12, and what the face can hold is still
    # named and clamped as before
    for command, rule, said in ((Crime(13, "robbery"), "Wanted Clock", "a crime adds"),
                                (Crime(2**63 - 1, "robbery"), "Wanted Clock", "a crime adds"),
                                (CunningDeal(13, "a deal"), "Cunning deal", "a deal takes")):
        error = refused(posse(), command, rule)
        assert error.field == "segments"
        assert f"{said} 1 to 12 hours" in str(error) and "the clock's whole face" in str(error)
    [event] = RULES.decide(posse(), Crime(12, "robbery"))
    assert "12 hours named, 9 taken: the clock stops at High Noon" in said_of(event)


def test_a_natural_weapons_modifier_past_any_weapon_is_refused_on_its_field():
    # "claws +99999999999999999999" was kept on the sheet, and the first blow's harm could
    # not be written
    for natural in ("claws +11", "claws +99999999999999999999"):
        error = refused(posse(), AddNpc("Bear", "Creature", attributes=(26, 8, 14),
                                        natural=natural), "Natural weapons")
        assert error.field == "natural"
        assert "a natural weapon's modifier is +0 to +10" in str(error)
    bear = run(posse(), AddNpc("Bear", "Creature", attributes=(26, 8, 14),
                               natural="claws +10"))
    assert bear.character("Bear").natural == "claws +10"  # type: ignore[union-attr]


def test_a_change_of_glory_of_nothing_or_past_the_journal_is_refused_on_its_field():
    # 0 (and "+0") wrote "Glory +0", a step that changed nothing; 9223372036854775807 was
    # written, and the next rise could not be
    state = run(posse(), ChooseOptionalRules(Settings(glory=True)), ChangeGlory(2, "a duel"))
    error = refused(state, ChangeGlory(0, "nothing"), "Glory")
    assert error.field == "amount"
    assert "a change of Glory is +1 or more, or -1 or less, not 0" in str(error)
    error = refused(state, ChangeGlory(2**63 - 1, "all the West"), "Glory")
    assert error.field == "amount"
    assert f"Glory 2 can rise by at most {2**63 - 3}" in str(error)
    assert run(state, ChangeGlory(-5, "forgotten")).glory == 0  # a fall still stops at 0
