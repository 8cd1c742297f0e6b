"""A Dealer's mistakes, and putting them right (round 12): a session played at 80x24 with the
mistakes a Judge makes under pressure (typed wrong, done wrong, put right), each refusal
asked to name the rule or field and change nothing, each undo to leave every screen as if
the mistake had never been made, and a journal damaged by hand to say which event and which
field. Each test failed before its fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.fistful import view
from gmscreen.games.fistful.commands import FlipInitiative, JoinFight
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.form import Form
from tests.fistful.test_enter_through import CORA, JAKE
from tests.fistful.test_fit import sample
from tests.fistful.test_panes import judged, keys
from tests.pilot import fill, synchronous, to_tab


def journal(path: Path) -> bytes:
    return path.read_bytes()


# -- lines 26-28: Stakes out of range are named before the dice they would need -------------


@synchronous
async def test_stakes_out_of_range_are_refused_before_the_dice_typed_for_them(
        tmp_path: Path) -> None:
    # Stakes 9 with two dice typed said "Dice: 9 dice needed, 2 typed", the cursor on the
    # dice: the Judge typed nine dice, only to be told then that 6 is the most
    campaign = sample(tmp_path / "s")
    campaign.execute(JoinFight(CORA, "Nearby"))
    campaign.execute(JoinFight(JAKE, "Nearby"))
    campaign.execute(FlipInitiative("H"))
    file = campaign.path
    assert file is not None
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        before = journal(file)
        form = await fill(pilot, "o", a_stakes="9", a_dice="1 2", o_stakes="2")
        assert isinstance(app.screen, Form)
        assert form.refusal.startswith("Stakes: Cora Dalton may stake 1 to 6 dice"), \
            form.refusal
        assert form.focused is form.widget_of("a_stakes")
        # the defender's the same, the attacker's right
        form = await fill(pilot, a_stakes="3", a_dice="1 2 3", o_stakes="8", o_dice="4 5")
        assert form.refusal.startswith("Stakes: Rattlesnake Jake may stake 1 to 6 dice"), \
            form.refusal
        assert form.focused is form.widget_of("o_stakes")
        assert journal(file) == before
        # the Conflict tab's opposed test alike
        await keys(pilot, "escape")
        await to_tab(pilot, "Conflict")
        form = await fill(pilot, "o", a_stakes="7", a_dice="6 6")
        assert form.refusal.startswith("Stakes: "), form.refusal
        assert form.focused is form.widget_of("a_stakes")
        assert journal(file) == before
    campaign.close()


@synchronous
async def test_a_duels_stakes_out_of_range_are_refused_before_its_coins(
        tmp_path: Path) -> None:
    # Stakes 9 with "HH" typed said "Coins: Cora Dalton's Stakes are 9 coins, 2 typed"
    campaign = sample(tmp_path / "s")
    file = campaign.path
    assert file is not None
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        before = journal(file)
        form = await fill(pilot, "u", a_stakes="9", a_coins="HH")
        assert isinstance(app.screen, Form)
        assert form.refusal.startswith("Stakes: Cora Dalton may stake 1 to 6 coins"), \
            form.refusal
        assert form.focused is form.widget_of("a_stakes")
        assert journal(file) == before
    campaign.close()


# -- a journal put right by hand with a name nobody has ---------------------------------------


@pytest.mark.parametrize(("was", "now", "said"), [
    ('data = { name = "Tomas Vega", attribute = "grace"',
     'data = { name = "Tomas Vegas", attribute = "grace"',
     "event 29 (fistful.test_rolled) cannot be applied: name is 'Tomas Vegas', who has no "
     "sheet in the campaign"),
    ('opposition = { name = "Rattlesnake Jake"', 'opposition = { name = "Jake"',
     "event 32 (fistful.opposed_test_rolled) cannot be applied: opposition.name is 'Jake', "
     "who has no sheet in the campaign"),
    ('sheets = { "Tomas Vega" = { stress = 0, luck = 1 } }, luck_earned',
     'sheets = { "Tom" = { stress = 0, luck = 1 } }, luck_earned',
     "event 29 (fistful.test_rolled) cannot be applied: sheets holds a sheet of 'Tom', who has no "
     "sheet in the campaign"),
    # a number past what the sheet holds: `check` said "Rattlesnake Jake has 99 Guts of 9"
    # of the campaign's end, naming no event, and the tabs showed 99/9
    ('"Rattlesnake Jake" = { guts = 4,', '"Rattlesnake Jake" = { guts = 99,',
     "event 32 (fistful.opposed_test_rolled) cannot be applied: sheets.Rattlesnake Jake.guts "
     "is 99, above Rattlesnake Jake's most Guts, 9"),
    # a clock's move from an hour it did not stand at: told as written, "5 -> 4 o'clock"
    # from 3
    ('before = 3, after = 4,', 'before = 5, after = 4,',
     "event 34 (fistful.clock_moved) cannot be applied: before is 5, where the Wanted Clock "
     "stood at 3"),
])
def test_a_journal_naming_someone_with_no_sheet_says_which_event_and_field(
        tmp_path: Path, was: str, now: str, said: str) -> None:
    """A test mended by hand to a name nobody has ("Tomas Vegas") was folded as if he were
    there: `gmscreen check` found no problem, the log said "Tomas Vegas succeeds", and the
    Luck went to the sheet the event's sheets named. Now it is named by its event and its
    field, as a number out of range is, and the campaign reads up to it."""
    path = write_sample(SAMPLES[0], tmp_path)
    text = path.read_text(encoding="utf-8")
    assert text.count(was) == 1
    path.write_text(text.replace(was, now), encoding="utf-8")
    damaged = open_campaign(path, rules_for)
    assert damaged.damaged is not None
    assert damaged.damaged.problem == said
    assert damaged.state.character("Tomas Vega") is not None
    damaged.close()


# -- lines 103-114: one dead is said to be dead where the tracker refuses her a turn ------------


def test_a_turn_refused_to_the_dead_says_she_is_dead_not_out_of_action():
    # "Ann is out of action: they take no part", for one the Out of action table's 6 had
    # killed: out of action reads as a fall a 1d6 may lift (line 103)
    from gmscreen.games.fistful.commands import RollOutOfAction, TakeHarm
    from gmscreen.games.fistful.fight_rules import why_not_turn
    from tests.fistful.game import posse, run
    state = run(posse(), JoinFight("Ann", "Nearby", ("Bo",)), FlipInitiative("H"),
                TakeHarm("Ann", 40, "shot"))
    refused = why_not_turn(state, "Ann")
    assert refused is not None
    assert str(refused) == ("Out of action: Ann is at 0 Guts, out of action: they take no "
                            "part (take them off the tracker)")
    refused = why_not_turn(run(state, RollOutOfAction("Ann", 6)), "Ann")
    assert refused is not None and refused.field == "name"
    assert str(refused) == ("Out of action: Ann is dead: they take no part (take them off "
                            "the tracker)")


# -- lines 146-155: a night out's log line says what came of it before 80 columns cut it ------


@synchronous
async def test_a_night_outs_log_line_says_its_result_before_80_columns_cut_it(
        tmp_path: Path) -> None:
    """The Encounter Log cuts each line to one row: "Cora Dalton carouses to buy 2
    advancement dice (bill 5 3 = $8): 4, Drunken…" left the Carousing table's result at the
    cut, where a test's, an opposed test's and a duel's lines say theirs after the name."""
    from gmscreen.games.fistful.commands import Carouse
    from tests.fistful.test_what_round10_left import newest_log_line
    campaign = sample(tmp_path / "s")
    campaign.end_session()
    campaign.execute(Carouse(CORA, 0, 2, (5, 3), 4))
    line = await newest_log_line(campaign)
    assert f"{CORA} carouses: 4, Drunken Brawl (to buy 2 advancement" in line, line


# -- lines 103-114: the players' screen marks the dead on the tracker ---------------------------


def test_the_players_screen_marks_one_dead_on_the_tracker_as_dead():
    # with Ann dead and still on the tracker, the players' screen's fight read "Ann, posse,
    # Nearby" and a blank Turn, as one whose turn is still to come; the Dealer's tab says
    # "dead" in its Acted column
    from gmscreen.games.fistful.commands import RollOutOfAction, TakeHarm
    from gmscreen.journal.sections import Grid
    from tests.fistful.game import posse, run
    state = run(posse(), JoinFight("Ann", "Nearby", ("Bo",)), FlipInitiative("H"),
                TakeHarm("Ann", 40, "shot"))

    def turn_of(state: FistfulState, name: str) -> str:
        fight = next(s for s in view.table_sections(view.table_knows(state))
                     if isinstance(s, Grid) and s.title == "The fight")
        row = next(r for r in fight.rows if r[0] == name)
        assert "dead" in (fight.note or "")
        return str(row[-1])

    assert turn_of(state, "Ann") == "down"
    assert turn_of(run(state, RollOutOfAction("Ann", 6)), "Ann") == "dead"
    assert turn_of(state, "Bo") == ""


# -- lines 99, 144-146: no night's rest nor Carousing in the middle of a fight ----------------


def test_one_in_the_fight_is_refused_a_nights_rest_and_a_night_out():
    # Kit on the tracker, shot at, could carouse (every Guts back) or sleep a night (Guts
    # back by a Grit test) between two shots: the keys were on the Characters tab, a tab
    # away from the fight, and nothing said the fight was on
    from gmscreen.games.fistful.commands import Carouse, EndFight, Rest, TakeHarm
    from tests.fistful.game import posse, refused, run, sheet
    state = sheet(run(posse(), JoinFight("Ann", "Nearby", ("Bo",)), FlipInitiative("H"),
                      TakeHarm("Ann", 2, "shot")), "Ann", dollars=20)
    error = refused(state, Carouse("Ann", 0, 0, (), 4), "Carousing")
    assert str(error) == ("Carousing: Ann is in the fight: Carousing is had in a safe "
                          "haven, not under fire (on the Fight tab End fight ends it, Leaves "
                          "fight takes them off the tracker)")
    assert error.field == "name"
    error = refused(state, Rest("Ann", (1, 2)), "Rest")
    assert str(error).startswith("Rest: Ann is in the fight: a full night's sleep waits")
    # the fight over, both as before
    after = run(state, EndFight())
    run(after, Rest("Ann", (1, 2)))
    run(after, Carouse("Ann", 0, 0, (), 4))


# -- lines 103, 122: the table's recap carries the fight on as the session's end asked it -------


def test_the_tables_recap_carries_the_fight_on_with_the_downed_apart():
    # the session's end asked "the fight, in round 1 (Bo; down: Ann)", and the table's
    # recap said it goes on as "the fight, in round 1 (Ann, Bo)", one down among those
    # fighting; the Judge's recap had it right
    from gmscreen.games.fistful.commands import TakeHarm
    from tests.fistful.game import posse, run
    state = run(posse(), JoinFight("Ann", "Nearby", ("Bo",)), FlipInitiative("H"),
                TakeHarm("Ann", 40, "shot"))
    told = view.table_stands(view.table_knows(state), leaving=True)
    assert told is not None and told.startswith("the fight, in round 1 (Bo; down: Ann)"), told
    dealer = view.dealer_stands(state, leaving=True)
    assert dealer is not None and dealer.startswith("the fight, in round 1 (Bo; down: Ann)")


# -- lines 161-165: a crime is pointed at a line still told, never one taken back -------------


@synchronous
async def test_a_crime_is_not_pointed_at_a_line_taken_back(tmp_path: Path) -> None:
    # the crime's "Log line #" took #35, a shot undone (struck through in the log): the
    # clock's move read "crime: shot the deputy (see #35)", a shot the table never saw
    from gmscreen.games.fistful.commands import TakeHarm
    campaign = sample(tmp_path / "s")
    campaign.execute(TakeHarm("Deputy Hal", 3, "shot"))
    shot = len(campaign.events)
    campaign.undo()
    undo = len(campaign.events)
    file = campaign.path
    assert file is not None
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Wanted Clock")
        before = journal(file)
        form = await fill(pilot, "c", segments="2", why="shot the deputy", cause=str(shot))
        assert isinstance(app.screen, Form)
        assert form.refusal == (f"Wanted Clock: #{shot} was taken back (struck through in "
                                "the log): name the line of a crime still told, or leave it "
                                "blank"), form.refusal
        assert form.focused is form.widget_of("cause")
        form = await fill(pilot, cause=str(undo))
        assert form.refusal.startswith(f"Wanted Clock: #{undo} is an undo's own line")
        assert journal(file) == before
        await fill(pilot, cause="29")
        assert not isinstance(app.screen, Form)
    assert campaign.state.clock_moves[-1].cause == 29
    campaign.close()
