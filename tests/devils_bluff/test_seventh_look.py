"""Found on a seventh look: forms that lay hands follow the rule that hands are laid
against a tester's only when the tester lays one; a one-off's end; the recap's losses."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.commands import Activate, Attack, EndActivation, EndGame
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.turns import one_off_ending, why_not_start_game
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import campaign as campaign_table
from tests.devils_bluff.helpers import one_off
from tests.devils_bluff.test_panes import select_row
from tests.devils_bluff.test_readings import hendry_to_act, wounded
from tests.pilot import form_up, set_field, synchronous, to_tab, until

CAMPAIGN = SAMPLES[1]


def _hand_boxes(form: Form) -> dict[str, bool]:
    """The form's hand boxes, ticked or not."""
    values = form.values()
    return {k: values.flag(k) for k in ("hand", "contest", "defender_hand",
                                        "defence_contest") if k in values}


async def _ticked(pilot: Pilot[Any], form: Form, key: str, value: bool,
                  expected: dict[str, bool]) -> None:
    """Tick (or untick) the box `key` as the Dealer would; the hand boxes then as
    `expected`, once the form has followed the tick (waited for: two pauses read the boxes
    before it, the starved wait of round 36), else the test fails showing them."""
    set_field(form, key, value)
    with contextlib.suppress(AssertionError):
        await until(pilot, lambda: _hand_boxes(form) == expected, seconds=3)
    assert _hand_boxes(form) == expected


@synchronous
async def test_ticking_others_lay_hands_ticks_the_testers_hand(tmp_path: Path) -> None:
    """"Others lay hands" could be ticked with "Attacker plays hand" left blank; only once
    sent did the refusal say hands are laid against the tester's only when it plays one.
    Now ticking a hand against one ticks the one it is laid against, and unticking that
    unticks the hands against it: the attack's and the defence's, and a test's."""
    campaign = open_campaign(write_sample(CAMPAIGN, tmp_path), rules_for)
    campaign.execute(Activate(COLE))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await select_row(pilot, HENDRY)
        await pilot.press("f")
        form = await form_up(pilot)
        await _ticked(pilot, form, "contest", True, {
            "hand": True, "contest": True, "defender_hand": False, "defence_contest": False})
        await _ticked(pilot, form, "hand", False, {
            "hand": False, "contest": False, "defender_hand": False,
            "defence_contest": False})
        await _ticked(pilot, form, "defence_contest", True, {
            "hand": False, "contest": False, "defender_hand": True, "defence_contest": True})
        await _ticked(pilot, form, "defender_hand", False, {
            "hand": False, "contest": False, "defender_hand": False,
            "defence_contest": False})
        # the attacker's hand alone stays as ticked
        await _ticked(pilot, form, "hand", True, {
            "hand": True, "contest": False, "defender_hand": False, "defence_contest": False})
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(pilot.app.screen, Form))
        # a test of a model: the same two boxes follow each other
        await select_row(pilot, COLE)
        await pilot.press("t")
        form = await form_up(pilot)
        await _ticked(pilot, form, "contest", True, {"hand": True, "contest": True})
        await _ticked(pilot, form, "hand", False, {"hand": False, "contest": False})
    campaign.close()


# -- a one-off is one game (module 105-109) ---------------------------------------------------


def test_a_one_off_is_over_once_its_game_has_ended() -> None:
    """After a one-off's game the Conflict tab offered "g begins game 2", and g began it;
    the module makes a one-off gang for one game (a campaign's go on from game to game).
    Now the one-off is over once its game ends: no second game, and the tab says so."""
    table = one_off()
    table.execute(EndGame())
    refusal = why_not_start_game(table.state)
    assert refusal is not None and refusal.rule == "One-off", refusal
    assert "game 1 was played" in refusal.message, refusal.message
    lines = view.between_games_lines(table.state)
    assert not any("begins game 2" in line or "begin game 2" in line for line in lines), lines
    assert any("one-off is over" in line for line in lines), lines
    assert "one-off is over" in " ".join(view.campaign_lines(table.state))


def test_a_one_off_game_left_off_unfinished_may_be_played_again() -> None:
    """A game left off when a session ended is not played out: nobody won it, so the
    one-off's game is still to be played with the same gangs."""
    table = one_off()
    for new in RULES.abandon(table.state):
        table.apply(new)
    assert table.state.battle is None and table.state.record[-1].abandoned
    assert why_not_start_game(table.state) is None
    assert any("begin game 2" in line for line in view.between_games_lines(table.state))



# -- the recap's "Won and lost" names the models a game took out (digest 3.1) ---------------


def test_the_recap_names_the_models_taken_out_in_a_game_that_ended() -> None:
    """The recap named the models taken out only in a game still going as the session
    ended: once the game ended its models stood again, and "Won and lost" said the scores
    and nothing of who fell. Now each game's record keeps them, and the recap names them."""
    table = one_off()
    began = view.table_knows(table.state)
    table = hendry_to_act(table, "Mule")
    wounded(table, "Sheriff Cole", 1)
    table.give(HENDRY, "As Ad Ac 2s 3d")
    table.give(COLE, "Ks Kd Kc 2h 3h")
    table.execute(Attack("Mule", "Sheriff Cole", hand=True, defender_hand=True))
    assert table.fighter("Sheriff Cole").out
    table.execute(EndActivation("Mule"))
    table.execute(EndGame())
    assert not table.fighter("Sheriff Cole").out  # whole again after the game
    assert table.state.record[-1].taken_out == ((COLE, "Sheriff Cole"),)
    totals = view.table_totals(began, view.table_knows(table.state))
    # the player's namesake leader by its name alone (round 13: "Sheriff Cole (Sheriff
    # Cole)" read as a name typed twice)
    assert "Taken out in game 1: Sheriff Cole" in totals, totals


@synchronous
async def test_ending_a_one_off_s_game_says_it_ends_the_one_off(tmp_path: Path) -> None:
    """The End-the-game step of a one-off said the rounds left and the scores, and nothing
    of its ending the one-off: no other game follows it (module 105-109)."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    assert campaign.state.mode == "one-off"
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("x")
        form = await form_up(pilot)
        assert "ends the one-off" in form.note, form.note
    campaign.close()
    # a campaign's game is followed by the next: not said there
    assert one_off_ending(campaign_table().state) == ""
