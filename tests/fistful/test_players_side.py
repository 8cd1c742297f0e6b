"""The players' side of an evening: what the players' screen tells the table as the Judge
plays (what was just decided and why, what the rules ask next, whose turn it is and who
is down), and what the table's recap tells a player who missed the evening. All of it
holds after an undo and a redo, and none of it tells what the Judge keeps."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.fistful import commands as c
from gmscreen.games.fistful import view
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from gmscreen.journal.sections import Grid, Lines, Section, as_text
from gmscreen.samples import write_sample
from gmscreen.ui.players import PlayersApp
from tests.fistful.game import assert_the_table_sees_nothing_hidden
from tests.pilot import screen_text, synchronous, until


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Campaign[FistfulState]]:
    """The Dalton Boys' sample, its first session under way (Cora has just paid $40 of
    the bounty)."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    yield campaign
    campaign.close()


def seen(campaign: Campaign[FistfulState]) -> list[Section]:
    return view.table_sections(view.table_knows(campaign.state))


def section(campaign: Campaign[FistfulState], title: str) -> tuple[str, ...]:
    """The lines of the players' screen's section `title` (none when it is not shown)."""
    found = [s for s in seen(campaign) if s.title == title]
    if not found:
        return ()
    (one,) = found
    assert isinstance(one, Lines)
    return tuple(read(line) for line in one.lines)


def read(line: str) -> str:
    """A line of the players' screen as read: a name's no-break spaces (which keep it on
    one row, `sections.whole`) as plain ones."""
    return line.replace("\u00a0", " ")


def asked(campaign: Campaign[FistfulState]) -> tuple[str, ...]:
    """"Still to come" but for its last line, the takes the session's end turns into XP
    (the sample's Cora has one all evening)."""
    return tuple(line for line in section(campaign, "Still to come")
                 if not line.startswith("When the session ends"))


def fight_of(campaign: Campaign[FistfulState]) -> dict[str, tuple[str, ...]]:
    """The fight's rows on the players' screen, by the fighter's name."""
    grids = [s for s in seen(campaign) if isinstance(s, Grid) and s.title == "The fight"]
    (found,) = grids
    return {str(row[0]): tuple(str(cell) for cell in row) for row in found.rows}


def fight(campaign: Campaign[FistfulState]) -> None:
    """Kit, Cora and Tomas at Nearby; Rattlesnake Jake and Snake-eye Pete at Faraway; the
    posse goes first."""
    campaign.execute(c.JoinFight("Kit Hollis", "Nearby", ("Cora Dalton", "Tomas Vega")))
    campaign.execute(c.JoinFight("Rattlesnake Jake", "Faraway", ("Snake-eye Pete",)))
    campaign.execute(c.FlipInitiative("H"))


def test_the_table_reads_what_was_just_decided_and_why(
        table: Campaign[FistfulState]) -> None:
    """A shot the posse's Cora busts: the players' screen says who won and that she took a
    Stress for it; the step before is under "Before that"."""
    assert section(table, "Just now") == ("From 4 to 3 o'clock: Cora Dalton pays $40",)
    fight(table)
    table.execute(c.OpposedTest(c.Side("Cora Dalton", "gumption", 3, (6, 6, 5)),
                                c.Side("Rattlesnake Jake", "grace", 2, (1, 2)),
                                weapon="revolver", band="Faraway", turn=True))
    assert section(table, "Just now") == (
        "Cora Dalton against Rattlesnake Jake: Rattlesnake Jake won; Cora Dalton busted: "
        "a Stress",)
    assert section(table, "Before that")[0] == "Round 1, heads: the posse went first"
    # the fight says whose turn it is first, then what was just decided and what is asked,
    # then the fighters and the posse (round 20: the fighters over "Just now" pushed it
    # below a phone's fold, `test_on_phones`)
    titles = [s.title for s in seen(table)]
    assert titles[:5] == ["Round 1, heads: the posse goes first", "Just now",
                          "Still to come", "The fight", "The Dalton Boys"]
    assert_the_table_sees_nothing_hidden(table.state)


def test_a_luck_floated_and_a_luck_won_are_told(table: Campaign[FistfulState]) -> None:
    fight(table)
    table.execute(c.OpposedTest(
        c.Side("Tomas Vega", "gumption", 4, (3, 3, 4, 2, 6), floating="luck", removed=6),
        c.Side("Rattlesnake Jake", "grace", 2, (2, 3)), weapon="revolver", band="Faraway",
        turn=True))
    assert section(table, "Just now") == (
        "Tomas Vega (a Luck spent on a floating die) against Rattlesnake Jake: Tomas Vega "
        "won, 3 harm with the revolver; Tomas Vega's doubles: a Luck banked",)


def test_what_the_judge_rolls_behind_his_screen_leaves_just_now_as_it_was(
        table: Campaign[FistfulState]) -> None:
    """An NPC's own test and a Wanted Chart roll are the Judge's: the table's "Just now"
    still tells the last thing it saw."""
    table.execute(c.RollTest("Cora Dalton", "grit", 11, 3, (2, 4, 3)))
    table.execute(c.RollTest("Deputy Hal", "grace", 11, 3, (6, 5, 1)))
    table.execute(c.RollWantedChart((1, 1)))
    assert section(table, "Just now") == (
        "Cora Dalton tested Grit against Challenge 11: a failure",)
    text = as_text(seen(table))
    assert "Deputy Hal" not in text and "Wanted Chart" not in text
    assert_the_table_sees_nothing_hidden(table.state)


def test_a_run_of_the_judges_own_rolls_does_not_empty_just_now(
        table: Campaign[FistfulState]) -> None:
    """A dozen of the Judge's reaction rolls and NPC tests in a row: the table still reads
    the last thing it saw."""
    table.execute(c.RollTest("Cora Dalton", "grit", 11, 3, (2, 4, 3)))
    for _ in range(6):
        table.execute(c.RollReaction((3, 4)))
        table.execute(c.RollTest("Deputy Hal", "grace", 11, 3, (6, 5, 1)))
    assert section(table, "Just now") == (
        "Cora Dalton tested Grit against Challenge 11: a failure",)


def test_just_now_follows_an_undo_and_a_redo(table: Campaign[FistfulState]) -> None:
    table.execute(c.RollTest("Kit Hollis", "gumption", 11, 3, (4, 4, 5)))
    said = section(table, "Just now")
    assert said == ("Kit Hollis tested Gumption against Challenge 11: a success, doubles: "
                    "a Luck banked",)
    # the Luck it rolled buys an effect only now (line 38): the table may ask
    assert ("Kit Hollis may spend the Luck just rolled on an effect now, or keep it banked"
            in asked(table))
    table.undo()
    assert section(table, "Just now") == ("From 4 to 3 o'clock: Cora Dalton pays $40",)
    assert not any("Luck" in line for line in asked(table))
    table.redo()
    assert section(table, "Just now") == said


def test_a_new_evening_begins_with_nothing_just_now(table: Campaign[FistfulState]) -> None:
    """What was done last time is the last session's recap's, not "Just now"'s."""
    table.end_session()
    assert section(table, "Just now")  # the take turned into XP as the session ended
    ended = section(table, "Just now")
    table.start_session()
    assert section(table, "Just now") == () and section(table, "Before that") == ()
    # the session's start taken back and put back: each time as it was
    table.undo()
    assert section(table, "Just now") == ended
    table.redo()
    assert section(table, "Just now") == ()


def test_the_fall_and_getting_up_are_asked_of_the_table(
        table: Campaign[FistfulState]) -> None:
    """Kit down at 0 Guts: the fight marks him down, "Still to come" asks for the Out of
    action table, then for aid; getting up says with how many Guts."""
    fight(table)
    table.execute(c.TakeHarm("Kit Hollis", 7, "a ricochet off the trough"))
    assert fight_of(table)["Kit Hollis"][-1] == "down"
    assert asked(table) == (
        "Kit Hollis is down at 0 Guts: roll on the Out of action table",)
    posse = next(s for s in seen(table) if s.title == "The Dalton Boys")
    assert isinstance(posse, Grid)
    kit = next(row for row in posse.rows if row[0] == "Kit Hollis")
    assert kit[-1] == "out"  # the word the grid's note explains
    table.execute(c.RollOutOfAction("Kit Hollis", 2))
    assert section(table, "Just now") == (
        "Kit Hollis went down: Battered Noggin; Stress now 1",)
    assert asked(table) == (
        "Kit Hollis is down at 0 Guts: up again with aid (1d6 Guts), or lost if the posse "
        "cannot get them back",)
    table.execute(c.Revive("Kit Hollis", 3))
    assert section(table, "Just now") == ("Kit Hollis got back on their feet with 3 Guts",)
    assert asked(table) == ()


def test_half_a_turn_is_shown_as_half(table: Campaign[FistfulState]) -> None:
    """Cora shot and may still move: the table reads "acted", not a blank as if she had
    done nothing."""
    fight(table)
    table.execute(c.OpposedTest(c.Side("Cora Dalton", "gumption", 3, (3, 4, 5)),
                                c.Side("Rattlesnake Jake", "grace", 2, (1, 2)),
                                weapon="revolver", band="Faraway", turn=True))
    rows = fight_of(table)
    assert rows["Cora Dalton"][-1] == "acted" and rows["Tomas Vega"][-1] == ""
    table.execute(c.MoveInFight("Cora Dalton", "Close"))
    assert fight_of(table)["Cora Dalton"][-1] == "done"
    assert section(table, "Just now") == ("Cora Dalton moved from Nearby to Close",)
    # a turn ended with nothing done is the newest step too, not the move before it
    table.execute(c.EndTurn("Kit Hollis"))
    assert fight_of(table)["Kit Hollis"][-1] == "done"
    assert section(table, "Just now") == ("Kit Hollis ended their turn",)


def test_a_failure_that_may_be_doubled_down_is_asked(table: Campaign[FistfulState]) -> None:
    table.execute(c.CheckAmmunition("Tomas Vega", 5))  # the sample's fight, behind us
    table.execute(c.PutRight("Cora Dalton", "a Stress left off", stress=2))
    table.execute(c.RollTest("Cora Dalton", "grace", 11, 3, (2, 3, 1)))
    assert asked(table) == (
        "Cora Dalton may double down on that failure: 2 more dice, one for each Stress",)
    table.execute(c.DoubleDown((4, 2)))
    assert asked(table) == ()
    assert section(table, "Just now") == ("Cora Dalton doubled down: it paid off",)


def test_the_ammunition_dice_are_asked_after_the_firefight(
        table: Campaign[FistfulState]) -> None:
    """The sample's saloon fight left Tomas's die to roll; a fight today adds Cora's once
    it is over (the book rolls them after the firefight)."""
    tomas = "Tomas Vega rolls the ammunition die for the Revolver (1 or 2: a box used)"
    assert asked(table) == (tomas,)
    fight(table)
    table.execute(c.OpposedTest(c.Side("Cora Dalton", "gumption", 3, (3, 4, 5)),
                                c.Side("Rattlesnake Jake", "grace", 2, (1, 2)),
                                weapon="revolver", band="Faraway", turn=True))
    assert not any("ammunition" in line for line in asked(table))
    table.execute(c.EndFight())
    assert asked(table) == (
        tomas, "Cora Dalton rolls the ammunition die for the Revolver (1 or 2: a box used)")
    table.execute(c.CheckAmmunition("Tomas Vega", 5))
    table.execute(c.CheckAmmunition("Cora Dalton", 2))
    assert asked(table) == ()
    assert section(table, "Just now") == (
        "Cora Dalton's ammunition die: 2, a box used (Box of shells: 1 left)",)
    # the recap tells the posse's ammunition dice too: their gear changed
    told = " ".join(render(build(table, 1, view), "txt").split())
    assert "Tomas Vega's ammunition die: 5, none used." in told
    assert "Cora Dalton's ammunition die: 2, a box used (Box of shells: 1 left)." in told


def test_the_recap_tells_a_bust_a_luck_and_a_fall_truly(
        table: Campaign[FistfulState]) -> None:
    """A player who missed the evening reads who busted, whose Luck floated or was won,
    what a fall cost and how far the fallen got back up."""
    fight(table)
    table.execute(c.OpposedTest(c.Side("Cora Dalton", "gumption", 3, (6, 6, 5)),
                                c.Side("Rattlesnake Jake", "grace", 2, (1, 2)),
                                weapon="revolver", band="Faraway", turn=True))
    table.execute(c.OpposedTest(
        c.Side("Tomas Vega", "gumption", 4, (3, 3, 4, 2, 6), floating="luck", removed=6),
        c.Side("Rattlesnake Jake", "grace", 2, (2, 3)), weapon="revolver", band="Faraway",
        turn=True))
    table.execute(c.TakeHarm("Kit Hollis", 7, "a ricochet"))
    table.execute(c.RollOutOfAction("Kit Hollis", 2))
    table.execute(c.Revive("Kit Hollis", 3))
    told = " ".join(render(build(table, 1, view), "txt").split())
    for said in ("Cora Dalton against Rattlesnake Jake: Rattlesnake Jake won; Cora Dalton "
                 "busted: a Stress.",
                 "Tomas Vega (a Luck spent on a floating die) against Rattlesnake Jake: Tomas "
                 "Vega won, 3 harm with the revolver; Tomas Vega's doubles: a Luck banked.",
                 "Kit Hollis went down: Battered Noggin; Stress now 1.",
                 "Kit Hollis got back on their feet with 3 Guts."):
        assert said in told, said
    # an NPC's dice are the Judge's: no Misfortune from Jake's doubles is told
    assert "Misfortune" not in told


def test_a_duel_tells_a_bust_the_stress_shed_and_what_the_loser_owes(
        table: Campaign[FistfulState]) -> None:
    """Eli busts his duel with the Marshal (three heads, 18 over his Gumption of 14): the
    table reads the Bust and its Stress, and that the loser's forfeit follows; the
    Marshal's Gumption, his sheet's, is not said. Tomas, with a Stress, wins his and
    sheds it."""
    table.execute(c.Duel("Eli 'Preacher' Moss", "HHH", "Marshal Roy Bean", "HTT"))
    assert section(table, "Just now") == (
        "High Stakes Duel: Eli 'Preacher' Moss HHH against Marshal Roy Bean HTT: Marshal "
        "Roy Bean won; Eli 'Preacher' Moss busted: a Stress",)
    assert asked(table)[0] == (
        "Eli 'Preacher' Moss lost the High Stakes Duel: in a gunfight they are out of "
        "action, in a wager they lose all their money")
    told = section(table, "Just now") + asked(table)
    assert not any("21" in line for line in told)  # the Marshal's Gumption
    table.execute(c.LoseWealth("Eli 'Preacher' Moss", "Marshal Roy Bean", "the pot"))
    assert not any("Duel" in line for line in asked(table))
    table.execute(c.PutRight("Tomas Vega", "a Stress left off", stress=1))
    table.execute(c.Duel("Tomas Vega", "HT", "Snake-eye Pete", "TT"))
    assert section(table, "Just now") == (
        "High Stakes Duel: Tomas Vega HT against Snake-eye Pete TT: Tomas Vega won and shed "
        "a Stress",)


def test_the_take_waiting_for_the_sessions_end_is_told(table: Campaign[FistfulState]) -> None:
    """Cora's $60 share turns into 6 XP when the session ends: the table reads what each
    take will bring, and once it has, the XP on the sheet."""
    table.execute(c.CheckAmmunition("Tomas Vega", 5))
    assert section(table, "Still to come") == (
        "When the session ends, each take turns into XP: Cora Dalton $60 (6 XP)",)
    table.execute(c.ShareTake("Kit Hollis", 25))
    assert section(table, "Still to come") == (
        "When the session ends, each take turns into XP: Cora Dalton $60 (6 XP), Kit "
        "Hollis $25 (2 XP)",)
    table.end_session()
    assert section(table, "Still to come") == ()
    assert section(table, "Just now") == (
        "Cora Dalton turned a $60 take into 6 XP", "Kit Hollis turned a $25 take into 2 XP")


def test_a_rest_tells_the_guts_it_gave_back_or_took(table: Campaign[FistfulState]) -> None:
    """A night's rest: the table reads the Guts it left, a Bust's Stress and infection, and
    the Luck that took a Stress away, as the Judge's log says them."""
    table.execute(c.PutRight("Kit Hollis", "harm from the saloon left off", guts=3,
                             stress=1))
    table.execute(c.Rest("Kit Hollis", (2, 4), rations=False))
    assert section(table, "Just now") == ("Kit Hollis rested: a success; Guts now 5",)
    table.execute(c.Rest("Kit Hollis", (3, 3), rations=False))
    assert section(table, "Just now") == (
        "Kit Hollis rested: a success; Guts now 7; doubles: a Luck took a Stress away",)
    table.execute(c.Rest("Kit Hollis", (6, 5, 4), rations=False))
    assert section(table, "Just now") == (
        "Kit Hollis rested: a Bust; Guts down to 4 by infection; a Stress",)


def test_a_background_die_and_a_doubling_down_bust_are_told(
        table: Campaign[FistfulState]) -> None:
    """Cora's background floats a die (the table saw four thrown for Stakes 3); then,
    with two Stress, she doubles down a failure and busts: the Stress is told."""
    table.execute(c.RollTest("Cora Dalton", "grace", 11, 3, (5, 4, 3, 1),
                             floating="background", removed=1))
    assert section(table, "Just now") == (
        "Cora Dalton tested Grace against Challenge 11 (a floating die for their "
        "background): a success",)
    table.execute(c.PutRight("Cora Dalton", "two Stress left off", stress=2))
    table.execute(c.RollTest("Cora Dalton", "grace", 11, 3, (5, 3, 1)))
    table.execute(c.DoubleDown((6, 6)))
    assert section(table, "Just now") == (
        "Cora Dalton doubled down: a catastrophe, a Bust: a Stress",)


def test_the_table_reads_the_scenes_die_and_the_optional_rules(
        table: Campaign[FistfulState]) -> None:
    """With Scene stakes the Judge's d6 for the scene is one of every test's dice: the
    players set their Stakes knowing it, so the screen says it, and which optional rules
    the table plays by."""
    from gmscreen.games.fistful.state import Settings

    table.execute(c.ChooseOptionalRules(Settings(scene_stakes=True, five_under=True)))
    assert section(table, "Just now") == ("Optional rules: Scene stakes, 5 under",)
    assert section(table, "At this table") == ("Optional rules: Scene stakes, 5 under",)
    table.execute(c.SetSceneDie(4))
    assert section(table, "Just now") == ("The Judge rolled the scene's die: 4",)
    assert section(table, "At this table") == (
        "The scene's die: 4, one of the dice of every test this scene",
        "Optional rules: Scene stakes, 5 under")
    table.execute(c.SetSceneDie(None))
    assert section(table, "At this table") == ("Optional rules: Scene stakes, 5 under",)
    told = " ".join(render(build(table, 1, view), "txt").split())
    assert "The Judge rolled the scene's die: 4." in told


def test_a_night_out_tells_its_winnings_its_fine_its_tab_and_its_coin(
        table: Campaign[FistfulState]) -> None:
    """The table's words for Carousing said only the table's entry: "Wanted" read the same
    whether the coin put a bounty on the posse or not, and a jackpot, a fine or a bar tab
    went untold but in the totals."""
    for name in ("Kit Hollis", "Tomas Vega", "Eli 'Preacher' Moss"):
        table.execute(c.PutRight(name, "a hard ride", stress=2))
    table.end_session()
    table.execute(c.Carouse("Kit Hollis", 1, 0, (6,), 6, coin="T"))
    assert section(table, "Just now") == (
        "Kit Hollis went carousing to shed 1 Stress: Wanted; the bill 6 = $6; the coin came "
        "up tails: no bounty this time",)
    table.execute(c.Carouse("Tomas Vega", 1, 0, (2,), 1, again=(5,)))
    assert section(table, "Just now") == (
        "Tomas Vega went carousing to shed 1 Stress: Winner Winner Chicken Dinner!; the "
        "bill 2 = $2; won $5",)
    table.execute(c.PutRight("Eli 'Preacher' Moss", "spent at the livery", dollars=3))
    table.execute(c.Carouse("Eli 'Preacher' Moss", 2, 0, (4, 3), 5, again=(6, 2),
                            owed_to="the Long Branch"))
    (said,) = section(table, "Just now")
    assert said.endswith("; fined $8 on top of the bill; $12 owed on a bar tab"), said
    assert "Long Branch" not in said  # whom it is owed is the Judge's to know


def test_a_fall_to_0_guts_is_told_where_it_happens(table: Campaign[FistfulState]) -> None:
    """Kit shot to 0 Guts: the attack's line says he is out of action, as harm taken
    apart does; a fall of Jake's (an NPC's Guts are the Judge's) is not said."""
    fight(table)
    table.execute(c.EndTurn("Kit Hollis"))
    table.execute(c.EndTurn("Cora Dalton"))
    table.execute(c.EndTurn("Tomas Vega"))
    table.execute(c.OpposedTest(c.Side("Rattlesnake Jake", "gumption", 5, (6, 5, 4, 2, 1)),
                                c.Side("Kit Hollis", "grace", 2, (1, 2)),
                                weapon="rifle", band="Faraway", turn=True))
    (said,) = section(table, "Just now")
    assert said.endswith("; Kit Hollis is out of action"), said
    table.execute(c.RollOutOfAction("Kit Hollis", 1))
    table.execute(c.Revive("Kit Hollis", 1))
    table.execute(c.TakeHarm("Kit Hollis", 1, "a fall from the boardwalk"))
    assert section(table, "Just now") == (
        "Kit Hollis took 1 harm: a fall from the boardwalk; out of action",)
    table.execute(c.TakeHarm("Rattlesnake Jake", 4, "a stray round"))
    assert "Rattlesnake Jake" not in " ".join(section(table, "Just now"))


def test_the_fight_says_who_has_still_to_act(table: Campaign[FistfulState]) -> None:
    """Whose turn it is: the posse still to act by name, then the NPCs as a side (which of
    them still stands is the Judge's), and when the round is over, that a coin comes
    next."""
    def note() -> str:
        # under the round's heading, a section of its own (round 10: run on into the
        # fight's legend, which a phone read as part of it)
        (found,) = [s for s in seen(table) if s.title.startswith("Round")]
        assert isinstance(found, Lines)
        (line,) = found.lines
        return read(line)

    fight(table)
    assert note() == "Kit Hollis, Cora Dalton and Tomas Vega have still to act, then the NPCs."
    table.execute(c.OpposedTest(c.Side("Cora Dalton", "gumption", 3, (3, 4, 5)),
                                c.Side("Rattlesnake Jake", "grace", 2, (1, 2)),
                                weapon="revolver", band="Faraway", turn=True))
    assert note() == ("Kit Hollis, Cora Dalton (may still move) and Tomas Vega have still "
                      "to act, then the NPCs.")
    for name in ("Kit Hollis", "Cora Dalton", "Tomas Vega"):
        table.execute(c.EndTurn(name))
    assert note() == "The NPCs have still to act."
    for name in ("Rattlesnake Jake", "Snake-eye Pete"):
        table.execute(c.EndTurn(name))
    assert note() == "Round 1 is over, and a coin says who goes first in round 2."
    # with 3 Luck between them, the posse may buy the order instead (line 122)
    table.execute(c.PutRight("Cora Dalton", "two Luck left off", luck=2))
    assert note() == ("Round 1 is over, and a coin says who goes first in round 2 (or 3 of "
                      "the posse's Luck buys the order).")
    table.execute(c.FlipInitiative("T"))
    assert note() == ("The NPCs have still to act, then Kit Hollis, Cora Dalton and Tomas "
                      "Vega.")
    table.execute(c.EndTurn("Rattlesnake Jake"))
    table.execute(c.EndTurn("Snake-eye Pete"))
    table.execute(c.EndTurn("Kit Hollis"))
    table.execute(c.EndTurn("Cora Dalton"))
    assert note() == "Tomas Vega has still to act."


def test_what_a_night_out_leaves_on_a_sheet_is_still_to_do(
        table: Campaign[FistfulState]) -> None:
    """Between sessions the players read what Carousing left them: dice waiting for the
    Advancement Test, a bar tab, a brawl's lowered Guts, a story to write, as the recap's
    "goes on" says them; the Advancement Test spends the dice."""
    table.execute(c.PutRight("Cora Dalton", "a hard ride", stress=1))
    table.execute(c.PutRight("Kit Hollis", "a hard ride", dollars=2, stress=1))
    table.end_session()
    table.execute(c.Carouse("Cora Dalton", 1, 2, (3, 4, 2), 4))
    table.execute(c.Carouse("Kit Hollis", 1, 0, (6,), 2, owed_to="the Long Branch"))
    assert asked(table)[-4:] == (
        "Cora Dalton's 2 advancement dice wait for the Advancement Test",
        "Cora Dalton's Drunken Brawl keeps their Guts to 7 till the next session ends",
        "Kit Hollis owes $4 from Carousing",
        "Kit Hollis's new background is still to be written")
    table.execute(c.Advance("Cora Dalton", "grace", (6, 6)))
    assert not any("advancement" in line for line in asked(table))


def test_a_quick_draw_of_the_posses_is_told_and_an_npcs_is_not(
        table: Campaign[FistfulState]) -> None:
    fight(table)
    table.execute(c.QuickDraw("Cora Dalton", "Rifle", (2, 3)))
    assert section(table, "Just now") == (
        "Cora Dalton tried a quick draw of the Rifle: the turn goes on getting it ready",)
    told = " ".join(render(build(table, 1, view), "txt").split())
    assert "Cora Dalton tried a quick draw of the Rifle" in told
    jake = table.state.character("Rattlesnake Jake")
    assert jake is not None and jake.equipment
    table.execute(c.QuickDraw("Rattlesnake Jake", jake.equipment[0].name, (6, 6)))
    assert section(table, "Just now")[0].startswith("Cora Dalton tried a quick draw")


def test_the_posses_history_and_purpose_are_told_to_one_who_missed_its_making(
        tmp_path: Path) -> None:
    """The table agreed the posse's history and purpose as it was made: the recap of the
    play before the first session says them, as typed."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    try:
        told = " ".join(render(build(campaign, 0, view), "txt").split())
    finally:
        campaign.close()
    assert ("The posse The Dalton Boys rode out at 3 o'clock; its history: Robbed the "
            "Wichita payroll coach and left a witness; its purpose: Get Cora's land back "
            "from the railroad.") in told


def test_the_recap_says_the_ammunition_dice_still_to_roll_go_on(
        table: Campaign[FistfulState]) -> None:
    """The sample's saloon fight left Tomas's die unrolled when the session ended: the
    recap's "goes on" says so, as the players' screen does, till it is rolled."""
    table.end_session()
    told = " ".join(render(build(table, 1, view), "txt").split())
    assert "the ammunition dice still to roll for Tomas Vega's Revolver" in told
    table.execute(c.CheckAmmunition("Tomas Vega", 4))
    told = " ".join(render(build(table, 1, view), "txt").split())
    assert "ammunition dice still to roll" not in told


def test_the_dead_roll_no_ammunition_die(table: Campaign[FistfulState]) -> None:
    table.execute(c.TakeHarm("Tomas Vega", 9, "a shotgun at the livery"))
    table.execute(c.RollOutOfAction("Tomas Vega", 6))
    assert not any("ammunition" in line for line in asked(table))


@synchronous
async def test_the_players_screen_follows_just_now_as_the_judge_plays(
        table: Campaign[FistfulState]) -> None:
    """On the players' screen itself, at 200x50: the newest step appears as the Judge
    takes it, and goes when he undoes it."""
    app = PlayersApp(table.store.path)  # type: ignore[union-attr]
    async with app.run_test(size=(200, 50)) as pilot:
        await until(pilot, lambda: "Just now" in read(screen_text(app)))
        assert "From 4 to 3 o'clock: Cora Dalton pays $40" in read(screen_text(app))
        table.execute(c.RollTest("Kit Hollis", "gumption", 11, 3, (4, 4, 5)))
        said = "Kit Hollis tested Gumption against Challenge 11: a success, doubles: a Luck"
        await until(pilot, lambda: said in read(screen_text(app)), seconds=3)
        assert "Kit Hollis may spend the Luck just rolled" in read(screen_text(app))
        table.undo()
        await until(pilot, lambda: said not in read(screen_text(app)), seconds=3)


def test_a_draw_says_why_it_went_as_it_did_without_the_npcs_score(
        table: Campaign[FistfulState]) -> None:
    """Tomas (Gumption 19) and Jake (Grace 17) both total 12: the higher Attribute wins, as
    the book says; the table reads why, not Jake's score. Both over their scores: both
    Bust, and nobody wins."""
    table.execute(c.OpposedTest(c.Side("Tomas Vega", "gumption", 3, (4, 5, 3)),
                                c.Side("Rattlesnake Jake", "grace", 3, (6, 5, 1))))
    (said,) = section(table, "Just now")
    assert said == ("Tomas Vega against Rattlesnake Jake: a draw, the higher Attribute wins: "
                    "Tomas Vega won")
    table.execute(c.OpposedTest(c.Side("Tomas Vega", "gumption", 4, (6, 6, 5, 4)),
                                c.Side("Rattlesnake Jake", "grace", 4, (6, 6, 5, 3))))
    (said,) = section(table, "Just now")
    assert said.startswith("Tomas Vega against Rattlesnake Jake: both Bust: nobody won; "
                           "Tomas Vega busted: a Stress"), said


def test_a_drawn_duel_says_why(table: Campaign[FistfulState]) -> None:
    """Cora (Gumption 16) and Kit (Gumption 20) both flip HTT, 8 each: the higher
    Gumption wins."""
    table.execute(c.Duel("Cora Dalton", "HTT", "Kit Hollis", "HTT"))
    assert section(table, "Just now") == (
        "High Stakes Duel: Cora Dalton HTT against Kit Hollis HTT: a draw, the higher "
        "Attribute wins: Kit Hollis won",)
