"""Round 17: where two rules of the book apply at one moment (docs/rules/fistful.md,
"Where rules meet (round 17)"). Each test failed before its fix."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.widgets import Static

from gmscreen.core.dice import roll
from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful.commands import (
    Carouse,
    FlipInitiative,
    JoinFight,
    OpposedTest,
    Revive,
    RollOutOfAction,
    Side,
    TakeHarm,
)
from gmscreen.games.fistful.odds import odds
from gmscreen.games.fistful.view import percent
from tests.fistful.game import apply, asked, posse, refused, run, said, sheet, told
from tests.fistful.test_panes import judged, keys, sample
from tests.pilot import fill, form_up, shell_up, synchronous, to_tab, until

CORA, TOMAS, ELI = "Cora Dalton", "Tomas Vega", "Eli 'Preacher' Moss"


def test_one_who_rides_off_from_the_out_of_action_table_is_not_got_up() -> None:
    """Lines 87 and 110: Ann, at 5 Stress, falls and rolls a 2 (Battered Noggin): its
    Stress makes 6 and she rides off, removed from play entirely. 1d6 Guts got back were
    still taken ("Ann comes round with 3 Guts" on a sheet that says rode off); refused
    now, naming Stress, the state as it was."""
    state = run(sheet(posse(), "Ann", stress=5), TakeHarm("Ann", 9, "shot"),
                RollOutOfAction("Ann", 2))
    ann = state.character("Ann")
    assert ann is not None and ann.out_of_play and ann.guts == 0
    error = refused(state, Revive("Ann", 3), "Stress")
    assert "Ann has 6 Stress and has left play" in str(error)
    # one still in play after the table comes round as before
    kept = run(posse(), TakeHarm("Bo", 10, "shot"), RollOutOfAction("Bo", 2), Revive("Bo", 3))
    assert kept.character("Bo").guts == 3  # type: ignore[union-attr]


def test_an_attack_on_a_fighter_down_at_0_guts_says_they_are_out_of_action() -> None:
    """Lines 103 and 124: Ann, shot to 0 Guts, stays on the fight's tracker; Jake's next
    attack on her was refused as "Ann is not in the fight to be attacked", which she is.
    The refusal names the rule that keeps her out: down at 0 Guts, out of action."""
    state = run(posse(), JoinFight("Ann", "Nearby", ("Bo",)), JoinFight("Jake", "Nearby"),
                FlipInitiative("T"), TakeHarm("Ann", 9, "shot"))
    shot = OpposedTest(Side("Jake", "gumption", 3, (3, 3, 3)), Side("Ann", "grace", 1, (1,)),
                       "revolver", "Nearby", turn=True)
    error = refused(state, shot, "Out of action")
    assert "Ann is down at 0 Guts, out of action" in str(error)
    assert error.field == "target"
    # one not on the tracker at all is still "not in the fight"
    outside = run(posse(), JoinFight("Jake", "Nearby"), JoinFight("Bo", "Nearby"),
                  FlipInitiative("T"))
    error = refused(outside, shot, "Turns")
    assert "Ann is not in the fight to be attacked" in str(error)


def test_a_rests_chances_count_its_floating_die() -> None:
    """Lines 58 and 99: a die floated on a night's rest changes its chances, the player's
    (a Luck, the background's) for the better, the Judge's for the worse; the chances
    line counted the Stakes alone."""
    ann = sheet(posse(), "Ann", stress=0).character("Ann")
    assert ann is not None
    plain = view.rest_odds(ann, 4)
    lucky = view.rest_odds(ann, 4, floating="luck")
    judged_ = view.rest_odds(ann, 4, floating="judge")
    assert plain.startswith("4 dice against Grit 17: ")
    assert lucky.startswith("4 dice and a floating die against Grit 17: "
                            f"{percent(odds(4, 17, 0, 'player').success).strip()} ")
    assert judged_.startswith("4 dice and the Judge's floating die against Grit 17: "
                              f"{percent(odds(4, 17, 0, 'judge').success).strip()} ")
    assert len({plain, lucky, judged_}) == 3


@synchronous
async def test_the_rest_forms_chances_and_floating_choices_follow_the_sleeper(
        tmp_path: Path) -> None:
    """By keys: the rest form's chances count the floating die chosen, and its floating
    choices are the sleeper's own (Tomas Vega has a Luck banked; Cora Dalton none)."""
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        await fill(pilot, "h", name=TOMAS, amount="4")
        await pilot.press("r")
        resting = await form_up(pilot)

        def preview() -> str:
            return str(resting.query_one("#form-preview", Static).render())

        def floating() -> list[str]:
            return [value for _, value in resting.options_of("floating")]

        from tests.pilot import set_field
        # each line and list under a field follows its change once it reaches the form
        set_field(resting, "name", TOMAS)
        await until(pilot, lambda: "luck" in floating())
        set_field(resting, "stakes", "4")
        await until(pilot, lambda: preview().startswith("4 dice against Grit 17"))
        set_field(resting, "floating", "luck")
        await until(pilot, lambda: preview().startswith("4 dice and a floating die"))
        assert preview().startswith("4 dice and a floating die against Grit 17: "
                                    f"{percent(odds(4, 17, 0, 'player').success).strip()}")
        set_field(resting, "name", CORA)
        await until(pilot, lambda: "luck" not in floating())


@synchronous
async def test_a_throw_seen_for_a_floating_die_stands_till_its_test_is_rolled(
        tmp_path: Path) -> None:
    """Line 58: Tomas Vega floats his Luck; `r` throws four dice and asks which goes. The
    Judge escapes the form, takes another step (harm to Eli), comes back and presses `r`:
    the app threw four new dice, a second throw the table would not give. The throw the
    table saw stands, said on the tab, till the test is rolled with it."""
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await keys(pilot, "p", "p")  # Cora, Eli, Tomas
        await keys(pilot, "f")  # his Luck floats
        seen = roll(4, campaign.rng("test")).faces
        await keys(pilot, "r")
        await form_up(pilot)
        await keys(pilot, "escape")
        result = str(app.screen.query_one("#ff-result", Static).render())
        assert f"Thrown for {TOMAS}: {' '.join(map(str, seen))}" in result
        await to_tab(pilot, "Characters")
        await fill(pilot, "h", name=ELI, amount="2")
        await to_tab(pilot, "Conflict")
        assert roll(4, campaign.rng("test")).faces != seen  # the app would throw others
        await keys(pilot, "r")
        await form_up(pilot)
        await keys(pilot, "ctrl+s")
        rolled = told(campaign.events[-1])
        assert rolled.name == TOMAS and rolled.rolled == seen and rolled.floating == "luck"
        # used: the next test throws afresh, and the tab no longer tells the throw
        result = str(app.screen.query_one("#ff-result", Static).render())
        assert "Thrown for" not in result


def test_a_second_drunken_brawl_in_a_session_takes_two_more_guts() -> None:
    """Line 153, read again: each 4 on the Carousing table says "lose 2 max Guts", and
    "for the remainder of the session" says when they come back. Bo (Grit 20, 10 Guts at
    most) brawls twice in one session: at most 8, then 6 (a second brawl took nothing
    more); the session's end gives all 4 back at once, the Guts rising with them."""
    state = posse()
    night = Carouse("Bo", 0, 0, (), 4)
    state = run(state, night)
    bo = state.character("Bo")
    assert bo is not None and bo.guts_max == 8 and bo.guts == 8
    made = RULES.decide(state, night)
    assert said(made[0]).endswith("; at most 6 Guts till the brawl wears off")
    state = apply(state, made)
    bo = state.character("Bo")
    assert bo is not None and (bo.guts_max, bo.guts, bo.brawl_count) == (6, 6, 2)
    assert "2 Drunken Brawls: 4 fewer Guts at most until the session ends" in " ".join(
        view.sheet_lines(bo))
    state = run(state, TakeHarm("Bo", 1, "a chair"))
    ending = RULES.session_ending(state)
    assert [said(new) for new in ending] == [
        "Bo's Drunken Brawl wears off: at most 10 Guts again, Guts back up to 9"]
    state = apply(state, ending)
    bo = state.character("Bo")
    assert bo is not None and (bo.guts_max, bo.guts, bo.brawl_count) == (10, 9, 0)
    # the next session's brawl is a first again
    bo = run(state, night).character("Bo")
    assert bo is not None and bo.guts_max == 8


def test_a_journal_written_before_brawls_were_counted_reads_as_it_did() -> None:
    """A second brawl written before round 17 (its sheet change says brawled, no count)
    read as one brawl, the most Guts 2 fewer: it reads so still."""
    state = posse()
    night = Carouse("Bo", 0, 0, (), 4)
    for _ in range(2):
        made = RULES.decide(state, night)
        old = [replace(new, data={**new.data, "sheets": {
            name: {key: value for key, value in change.items() if key != "brawls"}
            for name, change in new.data["sheets"].items()}}) for new in made]
        state = apply(state, old)
    bo = state.character("Bo")
    assert bo is not None and (bo.guts_max, bo.brawl_count) == (8, 1)


@synchronous
async def test_an_attack_whose_floating_die_is_cancelled_keeps_the_dice_thrown(
        tmp_path: Path) -> None:
    """Line 58 on the Fight tab: Tomas Vega attacks with his Luck floating; the dice are
    thrown and he is asked which goes. Cancelled, the attack form came back with its dice
    blank, to be thrown again. It comes back holding both sides' dice, as the table saw
    them; sent, the attack is rolled with them."""
    campaign = sample(tmp_path)
    campaign.execute(JoinFight("Rattlesnake Jake", "Nearby"))
    campaign.execute(JoinFight(TOMAS, "Nearby"))
    campaign.execute(FlipInitiative("H"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        await fill(pilot, "o", a_floating="luck")
        await asked(pilot, "A die floats")  # which die goes
        await keys(pilot, "escape")
        attack = await asked(pilot, "attacks")
        values = attack.values()
        ours, theirs = values.text("a_dice").split(), values.text("o_dice").split()
        assert (len(ours), len(theirs)) == (4, 3)
        sent = len(campaign.events)
        await keys(pilot, "ctrl+s")
        await asked(pilot, "A die floats")
        await keys(pilot, "ctrl+s")
        await until(pilot, lambda: len(campaign.events) > sent)
        rolled = told(campaign.events[-1])
        assert rolled.active.rolled == tuple(map(int, ours))
        assert rolled.opposition.rolled == tuple(map(int, theirs))
