"""Line 241: dynamite is an area weapon. The one attack names who else its blast catches;
a throw that wins harms each of them as it harms the target, told in the attack's one
line; a throw that fails harms nobody."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.commands import AddNpc, OpposedTest, Side
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.events import Event, NewEvent
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.fistful.game import apply, asked, posse, refused, run, said, sheet, told
from tests.fistful.test_panes import on_the_conflict_tab
from tests.pilot import fill, synchronous, to_tab, until


def thrown(weapon: str = "dynamite", caught: tuple[str, ...] = ("Bo",),
           dice: tuple[int, ...] = (5,)) -> OpposedTest:
    """Jake (Gumption 20) throws at Ann (Grace 19), one die against her 1 and 2."""
    return OpposedTest(Side("Jake", "gumption", len(dice), dice),
                       Side("Ann", "grace", 2, (1, 2)), weapon, "Close", caught=caught)


def test_a_winning_throw_harms_each_one_caught_as_it_harms_the_target() -> None:
    state = posse()
    made = RULES.decide(state, thrown())
    after = apply(state, made)
    blast = told(made[0])
    assert blast.damage == 5 and blast.caught == ("Bo",)
    ann, bo = after.character("Ann"), after.character("Bo")
    assert ann is not None and bo is not None
    assert (ann.guts, bo.guts) == (ann.guts_max - 5, bo.guts_max - 5)
    line = said(made[0])
    assert "the blast catches Bo too: 5 Guts" in line and line.count("\n") == 0


def test_the_targets_cover_counts_for_everyone_the_blast_catches() -> None:
    """The book says only "Area effect": the reading is that each one caught takes what the
    target takes, the target's cover and the range included (one number, the Judge's call
    being who stands near enough)."""
    state = posse()
    command = replace(thrown(dice=(6, 6)), cover="light", band="Nearby")
    made = RULES.decide(state, command)
    assert told(made[0]).damage == 3  # 2 dice x5 = 10, halved at Nearby: 5, light cover: 3
    bo = apply(state, made).character("Bo")
    assert bo is not None and bo.guts == bo.guts_max - 3
    from gmscreen.games.fistful import conflict_rules, fight_rules
    assert "cover" in str(conflict_rules.__doc__) and "Area effect" in str(
        conflict_rules.__doc__)
    assert fight_rules.blast_told(command) == (
        "If the throw wins, each one ticked takes what Ann takes: 3 Guts (10 halved at its "
        "farthest band, 2 off for light cover). A reading (the book says only 'Area "
        "effect'): the target's cover counts for all caught.")


def test_a_throw_that_fails_catches_nobody() -> None:
    state = posse()
    made = RULES.decide(state, thrown(dice=(1,)))  # 1 is not above Ann's 3
    after = apply(state, made)
    bo = after.character("Bo")
    assert bo is not None and bo.guts == bo.guts_max
    assert "blast" not in said(made[0])


def test_only_an_area_weapon_catches_others() -> None:
    error = refused(posse(), thrown("revolver"), "Area effect")
    assert error.field == "caught" and "Revolver" in error.message


def test_the_blast_catches_neither_side_nor_anyone_twice_nor_a_stranger() -> None:
    for caught, words in ((("Ann",),  "Ann"), (("Jake",), "Jake"), (("Bo", "Bo"), "twice"),
                          (("Zed",), "Zed")):
        error = refused(posse(), thrown(caught=caught), "Area effect")
        assert error.field == "caught" and words in error.message, error


def test_a_blast_needs_its_weapon_named() -> None:
    command = replace(thrown(), weapon=None)
    assert refused(posse(), command, "Area effect").field == "caught"


def test_the_table_is_told_who_the_blast_caught() -> None:
    made = RULES.decide(posse(), thrown())
    assert view.table_tells(event(made[0])) == (
        "Jake against Ann: Jake won, 5 harm with the dynamite, its blast catching Bo too")


def test_a_blast_between_two_npcs_is_the_table_s_when_it_catches_one_of_the_posse() -> None:
    state = run(posse(), AddNpc("Pete", "Common", strong="gumption"))
    at_pete = OpposedTest(Side("Jake", "gumption", 1, (5,)), Side("Pete", "grace", 1, (1,)),
                          "dynamite", caught=("Bo",))
    assert "its blast catching Bo" in str(view.table_tells(event(
        RULES.decide(state, at_pete)[0])))
    quiet = RULES.decide(state, replace(at_pete, caught=()))
    assert view.table_tells(event(quiet[0])) is None


def event(new: NewEvent) -> Event:
    return Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1)


@synchronous
async def test_the_attack_asks_who_the_blast_catches_after_the_throw_is_set(
        tmp_path: Path) -> None:
    """The Fight tab's attack with dynamite asks, before it throws, who stands in the
    blast: the target's side first; the one attack harms them all, told in one line."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        for name in ("Cora Dalton", "Rattlesnake Jake", "Snake-eye Pete", "Deputy Hal"):
            await fill(pilot, "j", name=name, band="Nearby")
        await fill(pilot, "c", coin="H")  # the posse acts first: Cora's turn
        before = len(campaign.events)
        await fill(pilot, "o", target="Rattlesnake Jake", weapon="dynamite", a_stakes="1",
                   a_dice="5", o_stakes="1", o_dice="1")
        blast = await asked(pilot, "the blast")
        assert len(campaign.events) == before  # nothing thrown till the blast is named
        # the reading is said where he throws, with the harm each one caught would take
        assert blast.note == ("If the throw wins, each one ticked takes what Rattlesnake "
                              "Jake takes: 2 Guts (5 halved at its farthest band). A "
                              "reading (the book says only 'Area effect'): the target's "
                              "cover counts for all caught.")
        assert blast.widget_of("caught").region.bottom <= 24
        options = next(f.options for f in blast.fields if f.key == "caught")
        assert [value for _, value in options] == ["Snake-eye Pete", "Deputy Hal"]
        await fill(pilot, caught=("Snake-eye Pete",))
        thrown = told(campaign.events[-1])
        assert thrown.caught == ("Snake-eye Pete",) and thrown.damage == 2  # 5 halved at Nearby
        pete = campaign.state.character("Snake-eye Pete")
        assert pete is not None and pete.guts == pete.guts_max - 2
        line = campaign.describe(campaign.events[-1])
        assert "the blast catches Snake-eye Pete too: 2 Guts" in line


def test_the_sheet_says_a_very_large_item_takes_both_hands() -> None:
    """Line 245: a very large item (a barrel) takes half the slots and both hands."""
    state = sheet(posse(), "Bo", equipment=(Item("Barrel", 6, size="very large"),))
    bo = state.character("Bo")
    assert bo is not None
    assert ("Equipment (slots 10/20): 6: Barrel (very large: both hands, slots 6-15)"
            in view.sheet_lines(bo))


@synchronous
async def test_an_opposed_test_undone_brings_back_the_tab_s_set_up(tmp_path: Path) -> None:
    """As a single test undone does: the one testing, the Attribute, the Stakes and the
    floating die the opposed test's active side was rolled with (the tab's own set-up)
    come back, in place of the next test's the Judge went on to set up."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    async with on_the_conflict_tab(campaign) as (pilot, pane):

        def shown() -> tuple[object, ...]:
            who = pane.current()
            return (who.name if who else None, pane.attribute, pane.stakes, pane.floating)

        for key in ("a", "minus", "f"):  # Gumption, Stakes 2, her background's die
            await pilot.press(key)
        await pilot.pause()
        set_up = shown()
        assert set_up == ("Cora Dalton", "gumption", 2, "background")
        before = len(campaign.events)
        await fill(pilot, "o", opposition="Widow Parker", a_dice="3 2 4", o_stakes="1",
                   o_dice="1")
        await asked(pilot, "A die floats")
        await fill(pilot)  # her player takes away the die the app suggests
        await until(pilot, lambda: len(campaign.events) > before)
        assert told(campaign.events[-1]).active.floating == "background"
        await pilot.press("p", "a")  # the next test set up: someone else, Grace
        await pilot.pause()
        assert shown() != set_up
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.events[-1].kind == "undo")
        await pilot.pause()
        assert shown() == set_up
    campaign.close()
