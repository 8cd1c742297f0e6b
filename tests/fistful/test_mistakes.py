"""What the fifth look noticed: a fight begun in fewer keys, a move closer that comes closer,
and the Judge's mistakes mended (undone, redone, or put right forward). Line numbers are
lines of the book's file; each test failed before its fix."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful import fight_rules, view
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.pane import GamePane
from tests.fistful.game import posse, run
from tests.fistful.test_enter_through import CORA, ELI, JAKE, KIT, TOMAS, pressed
from tests.fistful.test_fit import sample
from tests.fistful.test_panes import judged, keys, new_campaign, text_of
from tests.pilot import opened, synchronous, to_tab, until

# -- lines 122-124: a side goes into the fight together --------------------------------------


def test_the_sides_still_to_join_are_offered_whole():
    from gmscreen.games.fistful.commands import AddNpc, JoinFight
    state = posse()
    sides = fight_rules.joining_sides(state)
    assert sides[0] == ("the posse", ("Ann", "Bo"))
    # one of a side in the fight: the rest of it, while two or more are still out
    state = run(state, JoinFight("Ann", "Nearby"))
    assert all(label != "the posse" for label, _ in fight_rules.joining_sides(state))
    state = run(state, AddNpc("Pete", "Poor", side="Jake's gang"),
                AddNpc("Sam", "Poor", side="Jake's gang"))
    assert ("Jake's gang", ("Pete", "Sam")) in fight_rules.joining_sides(state)


@synchronous
async def test_the_whole_posse_joins_a_new_fight_by_j_tab_enter(tmp_path: Path) -> None:
    # it took j, Tab, Tab, space, down, space, Enter for three: who, then each ticked
    campaign = sample(tmp_path / "s")
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        await opened(pilot, "j")
        await pressed(pilot, "tab", "enter")
        assert [f.name for f in campaign.state.fight] == [CORA, ELI, TOMAS, KIT]
        assert {f.band for f in campaign.state.fight} == {"Nearby"}
        # the other side by its name, at a band: letters find the side's line
        await opened(pilot, "j")
        await pressed(pilot, "right", "tab", "gang", "enter")
        joined = {f.name: f.band for f in campaign.state.fight}
        assert joined[JAKE] == "Faraway" and len(joined) > 5
        # one alone is still one line down: letters go to the name before the side's line
        await opened(pilot, "j")
        await pressed(pilot, "tab", "old", "enter")
        assert campaign.state.fight[-1].name == "Old Grizzly"
    campaign.close()


# -- lines 76-83, 124: a move closer comes closer to the other side ---------------------------


def test_a_step_closer_that_brings_nobody_nearer_closes_on_a_foe():
    from gmscreen.games.fistful.commands import FlipInitiative, JoinFight
    tails = FlipInitiative("T")  # Jake's side acts first
    state = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Jake", "Nearby"), tails)
    # Jake to Close by his own band alone: still Nearby from Ann, so the step is a close-on
    assert fight_rules.closer_on(state, "Jake") == ("Ann",)
    assert fight_rules.why_not_closer(state, "Jake") is None
    # from Faraway, his own step brings him Nearby Ann: a plain step
    far = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Jake", "Faraway"))
    assert fight_rules.closer_on(far, "Jake") == ()
    # at Close already, with Ann a band off: the step closes on her (it was refused)
    close = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Jake", "Close"), tails)
    assert fight_rules.closer_on(close, "Jake") == ("Ann",)
    assert fight_rules.why_not_closer(close, "Jake") is None
    # both at Close: nowhere nearer
    both = run(posse(), JoinFight("Ann", "Close"), JoinFight("Jake", "Close"), tails)
    assert fight_rules.why_not_closer(both, "Jake") is not None


@synchronous
async def test_comma_on_an_npc_nearby_one_of_the_posse_brings_them_to_close(
        tmp_path: Path) -> None:
    # the NPC went to Close by its own band while the range to Cora stayed Nearby
    from gmscreen.games.fistful.commands import FlipInitiative, JoinFight
    campaign = sample(tmp_path / "s")
    campaign.execute(JoinFight(CORA, "Nearby"))
    campaign.execute(JoinFight(JAKE, "Nearby"))
    campaign.execute(FlipInitiative("T"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        # tails: the highlight is on Jake, whose side goes first
        await pilot.press("comma")
        await until(pilot, lambda: campaign.state.fighter(JAKE).moved)  # type: ignore[union-attr]
        bands = {f.name: f.band for f in campaign.state.fight}
        assert bands == {CORA: "Close", JAKE: "Close"}
    campaign.close()


# -- any step taken by mistake is undone whole, and redone as it was ----------------------------


def screens(campaign: Campaign[FistfulState]) -> dict[str, str]:
    """Every screen made from the journal but the tabs: the players' screen, `gmscreen
    replay`'s sheets, and the recap of each session in each format, the table's and the
    Judge's."""
    from gmscreen.journal import recap
    from gmscreen.journal.document import FORMATS, render
    from gmscreen.journal.sections import as_text

    state = campaign.state
    shown = {"show": as_text(view.table_sections(view.table_knows(state))),
             "replay": as_text(view.dealer_sections(state))}
    for session in recap.sessions_of(campaign):
        for dealer in (False, True):
            document = recap.build(campaign, session, view, dealer=dealer)
            for form in FORMATS:
                shown[f"recap {session} {form} {dealer}"] = render(document, form)
    return shown


def evening() -> list[object]:
    """A session's steps, one of each kind the game has, in an order the book allows."""
    from gmscreen.games.fistful import commands as c
    from gmscreen.games.fistful.characters import Item
    from gmscreen.games.fistful.state import Settings
    revolver = Item("Revolver", 1, quickdraw=True)
    return [
        c.FormPosse("The Test Gang", 3),
        c.ChooseOptionalRules(Settings(scene_stakes=True, glory=True)),
        c.CreateCharacter("Ann", (4, 4, 3, 3, 5, 5), (3, 3, 3)),
        c.CreateCharacter("Bo", (6, 5, 2, 2, 3, 3), (1, 1, 1)),
        c.AddNpc("Jake", "Ornery", strong="gumption", side="the Nolan gang",
                 equipment=(revolver,)),
        c.AddNpc("Kid", "Poor", side="the Nolan gang"),
        c.EditSheet("Ann", "Gambler", "", "Dodge", "", (revolver,)),
        "start",
        c.RollTest("Bo", "grit", 8, 4, (6, 6, 5, 5)),  # a Bust with doubles: Stress, Misfortune
        c.SpendMisfortune("a dry gun", on="Bo"),
        c.RollTest("Bo", "grit", 14, 3, (1, 2, 3)),  # a plain failure
        c.DoubleDown((2,)),
        c.RollTest("Ann", "gumption", 5, 3, (3, 3, 1)),  # doubles: a Luck
        c.SpendLuck("Ann", "a second hit"),
        c.RollReaction((4, 4)),
        c.SetSceneDie(None),
        c.ChangeGlory(2, "a fine shot"),
        c.JoinFight("Ann", "Nearby", ("Bo",)),
        c.JoinFight("Jake", "Faraway", ("Kid",)),
        c.FlipInitiative("H"),
        c.OpposedTest(c.Side("Ann", "gumption", 2, (2, 3)), c.Side("Jake", "grace", 2, (5, 6)),
                      "revolver", "Faraway", turn=True),
        c.MoveInFight("Ann", toward="Jake"),
        c.EndTurn("Bo"),
        c.QuickDraw("Jake", "Revolver", (6, 5)),
        c.TakeHarm("Bo", 40, "shot"),
        c.RollOutOfAction("Bo", 1),
        c.Revive("Bo", 3),
        c.TakeHarm("Kid", 6, "shot"),
        c.CheckMorale("Kid", (6, 6, 5, 4, 3), coin="H"),
        c.LeaveFight("Bo"),
        c.EndFight(),
        c.CheckAmmunition("Ann", 2),
        c.Duel("Ann", "HTT", "Bo", "TT"),
        c.LoseWealth("Bo", "Ann", "faro"),
        c.Crime(3, "the bank"),
        c.ShareTake("Ann", 60),
        c.ShareTake("Bo", 50),
        c.PayBounty("Ann"),
        c.DoTime("Bo", 1),
        c.CunningDeal(1, "a word with the marshal"),
        c.RollWantedChart((1, 2)),
        "bring in",
        c.Buy("Bo", Item("Lantern", 8), "Common", (4,)),
        c.Sell("Bo", "Lantern", "Common", (4,)),
        c.Rest("Ann", (1, 2)),
        "end",
        c.Carouse("Ann", 0, 1, (3,), 4),
        c.Advance("Ann", "grit", (6,)),
    ]


def test_every_step_undone_leaves_every_screen_as_before_and_redone_as_after(
        tmp_path: Path) -> None:
    from gmscreen.games.fistful.commands import BringInChartResult
    from gmscreen.journal.rules import RuleError
    campaign = new_campaign(tmp_path)
    refused: list[str] = []
    seen: list[dict[str, str]] = []
    for step in evening():
        before, events = screens(campaign), len(campaign.events)
        seen.append(before)
        try:
            if step == "start":
                campaign.start_session()
            elif step == "end":
                campaign.end_session()
            elif step == "bring in":
                campaign.execute(BringInChartResult(campaign.state.chart_rolls[-1][0]))
            else:
                campaign.execute(step)
        except RuleError as error:
            refused.append(f"{step}: {error}")
            continue
        after, made = screens(campaign), campaign.events[events:]
        campaign.undo()
        assert screens(campaign) == before, step
        campaign.redo()
        assert screens(campaign) == after, step
        # redone, the step is the one recorded: the same dice, nothing rolled again
        assert [e.data for e in campaign.events if e.step == made[0].seq] == [
            e.data for e in made]
    assert not refused, "\n".join(refused)
    # back to the start a step at a time, across the session's end and start: each screen
    # as it was before that step
    for before in reversed(seen):
        campaign.undo()
        assert screens(campaign) == before
    assert not campaign.can_undo
    for _ in range(3):
        campaign.redo()
    assert screens(campaign) == seen[3]
    # a new step after undoing ends the redo chain
    from gmscreen.games.fistful.commands import AddNpc
    campaign.execute(AddNpc("Pete", "Poor"))
    assert not campaign.can_redo
    campaign.close()


@synchronous
async def test_a_step_undone_brings_back_what_the_tabs_said_of_the_newest_step(
        tmp_path: Path) -> None:
    # a purchase (the Characters tab's status) and a morale test (the Fight tab's head)
    # are told while they are the newest step; a wrong step after them, undone, left the
    # undo as the newest event, and neither was told again; nor after a redo
    from gmscreen.games.fistful.characters import Item
    from gmscreen.games.fistful.commands import Buy, CheckMorale, JoinFight, TakeHarm
    campaign = sample(tmp_path / "s")
    campaign.execute(JoinFight(CORA, "Nearby"))
    campaign.execute(JoinFight(JAKE, "Nearby"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        for tab, command, selector, told in (
                ("Characters", Buy(CORA, Item("Lantern", 8), "Common", (4,)), "#ff-posse",
                 "buys Lantern"),
                ("Fight", CheckMorale(JAKE, (6, 6, 5, 4, 3), coin="H"), "#ff-round",
                 "on morale")):
            await to_tab(pilot, tab)
            pane = app.screen.query_one(GamePane)

            def shown(selector: str = selector) -> str:
                return text_of(app, selector)

            pane.send(command)
            await until(pilot, lambda told=told: told in shown())  # type: ignore[misc]
            before = shown()
            pane.send(TakeHarm(TOMAS, 1, "a wrong one"))
            await until(pilot, lambda told=told: told not in shown())  # type: ignore[misc]
            await keys(pilot, "ctrl+z")
            assert shown() == before
            await keys(pilot, "ctrl+y", "ctrl+z")
            assert shown() == before
    campaign.close()


# -- one fact put right, the good steps since kept ---------------------------------------------


def test_a_figure_put_right_keeps_the_steps_since_and_says_what_was_wrong():
    from gmscreen.games.fistful.commands import PutRight, RollTest, TakeHarm
    from tests.fistful.game import refused, said
    # harm typed 5 for 3, then a good test: putting the Guts right keeps the test
    state = run(posse(), TakeHarm("Ann", 5, "a bullet"),
                RollTest("Bo", "gumption", 5, 3, (3, 3, 1)))
    mended = run(state, PutRight("Ann", "the bullet was 3 harm, not 5", guts=7))
    ann, bo = mended.character("Ann"), mended.character("Bo")
    assert ann is not None and ann.guts == 7
    assert bo is not None and bo.luck == 1  # the test since stands
    from gmscreen.games.fistful import RULES
    line = said(RULES.decide(state, PutRight("Ann", "the bullet was 3, not 5", guts=7))[0])
    assert line == "Ann's sheet put right: Guts 4 -> 7 (the bullet was 3, not 5)"
    money = RULES.decide(state, PutRight("Bo", "the lantern cost $4", dollars=24, stress=0))
    assert said(money[0]).startswith("Bo's sheet put right: $")
    # refused, naming the field: nothing changed, no reason, past the sheet's limits
    assert "already" in refused(state, PutRight("Ann", "x", guts=4), "Putting right").message
    assert refused(state, PutRight("Ann", " ", guts=6), "Putting right").field == "why"
    assert refused(state, PutRight("Ann", "x", guts=99), "Putting right").field == "guts"
    assert refused(state, PutRight("Ann", "x", stress=7), "Putting right").field == "stress"
    assert refused(state, PutRight("Jake", "x", luck=1), "Putting right").field == "luck"


def test_the_table_hears_a_posse_members_figure_put_right_and_nothing_of_an_npcs():
    from gmscreen.games.fistful import RULES
    from gmscreen.games.fistful.commands import PutRight, TakeHarm
    from gmscreen.journal.events import Event
    state = run(posse(), TakeHarm("Ann", 5), TakeHarm("Jake", 5))
    for name, heard in (("Ann", "Ann's sheet was put right: Guts 4 -> 6 (3 harm, not 5)"),
                        ("Jake", None)):
        made = RULES.decide(state, PutRight(name, "3 harm, not 5", guts=6))[0]
        from datetime import datetime
        event = Event(9, datetime(2026, 1, 1), 1, made.kind, made.data, 9)
        assert view.table_tells(event) == heard


@synchronous
async def test_p_on_the_characters_tab_puts_a_figure_right_and_the_log_tells_it(
        tmp_path: Path) -> None:
    # harm typed 5 for 3, then a good test: ctrl+z would take the test back too
    from gmscreen.games.fistful.commands import RollTest, TakeHarm
    from gmscreen.ui.form import Form
    from tests.pilot import fill
    campaign = sample(tmp_path / "s")
    campaign.execute(TakeHarm(CORA, 5, "shot"))
    campaign.execute(RollTest(TOMAS, "grit", 8, 2, (4, 5)))
    tested = len(campaign.events)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        assert "p mend" in text_of(app, "#ff-posse")
        shown = await fill(pilot, "p", guts="99", why="3 harm, not 5")
        assert isinstance(app.screen, Form) and shown.refused == "guts"
        await fill(pilot, None, guts="7")
        cora = campaign.state.character(CORA)
        assert cora is not None and cora.guts == 7 and len(campaign.events) == tested + 1
        assert campaign.describe(campaign.events[-1]) == (
            f"{CORA}'s sheet put right: Guts 4 -> 7 (3 harm, not 5)")
    campaign.close()
