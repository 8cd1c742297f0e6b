"""A new Judge's stumbles, each checked against the book (line numbers are lines of the
book's file) and proved here: what failed before its fix, and the reading chosen where the
book leaves room (docs/rules/fistful.md names each test beside its lines)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from gmscreen.games.fistful import RULES, conflict_rules, view
from gmscreen.games.fistful.commands import Carouse, Duel, FlipInitiative, JoinFight
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.rules import RuleError
from gmscreen.ui.form import Form
from tests.fistful.game import apply, posse, run, sheet, told
from tests.fistful.test_panes import judged, keys, sample
from tests.pilot import set_field, synchronous, to_tab


def refused(state: FistfulState, command: object, rule: str) -> RuleError:
    before = state
    with pytest.raises(RuleError) as error:
        RULES.decide(state, command)
    assert error.value.rule == rule, error.value
    assert state == before
    return error.value


def said(new: NewEvent) -> str:
    return RULES.describe(Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1))


# -- lines 38-60: NPCs keep no Luck, on the Fight tab as on the Characters tab ---------------


def test_the_fight_shows_an_npc_keeps_no_luck_as_the_sheets_do():
    state = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Jake", "Nearby"),
                FlipInitiative("H"))
    fight = view.fight_grid(state)
    luck = {row[0]: row[fight.columns.index("Luck")] for row in fight.rows}
    sheets = view.characters_grid(state)
    on_sheet = {row[0]: row[sheets.columns.index("Luck")] for row in sheets.rows}
    assert luck == {"Ann": "0", "Jake": "-"}
    assert luck["Jake"] == on_sheet["Jake"] and luck["Ann"] == on_sheet["Ann"]


# -- line 72: the winner of a High Stakes Duel sheds a Stress, if there is one ---------------


def test_a_duel_winner_with_no_stress_sheds_none_and_is_not_told_so():
    state = sheet(posse(), "Ann", stress=0)
    events = RULES.decide(state, Duel("Ann", "HHT", "Bo", "HTT"))  # 13 beats 8
    duel = told(events[0])
    assert duel.stress_shed is False
    assert duel.outcome() == "Ann wins"
    assert said(events[0]).endswith("= 8: Ann wins")
    assert apply(state, events).character("Ann").stress == 0  # type: ignore[union-attr]
    # with one to shed, it is shed and said
    state = sheet(state, "Ann", stress=2)
    events = RULES.decide(state, Duel("Ann", "HHT", "Bo", "HTT"))
    assert told(events[0]).outcome() == "Ann wins and sheds a Stress"
    assert said(events[0]).endswith("= 8: Ann wins and sheds a Stress")
    assert apply(state, events).character("Ann").stress == 1  # type: ignore[union-attr]


# -- lines 136, 146: one XP buys one advancement die; the refusal says so plainly ------------


def test_carousing_with_no_xp_says_plainly_no_die_can_be_bought():
    error = refused(posse(), Carouse("Ann", 0, 1, (3,), 2), "Experience")
    assert error.field == "advancement_dice"
    assert error.message == ("Ann has 0 XP: no advancement die can be bought (one XP buys "
                             "one die)")
    state = sheet(posse(), "Ann", xp=3, advancement_dice=1)
    error = refused(state, Carouse("Ann", 0, 3, (3, 3, 3), 2), "Experience")
    assert error.message == ("Ann has 3 XP, 1 of it already buying the 1 die waiting for "
                             "the Advancement Test: 2 XP buys at most 2 dice (one XP buys "
                             "one die)")
    error = refused(sheet(state, "Ann", xp=1), Carouse("Ann", 0, 1, (3,), 2), "Experience")
    assert error.message.endswith("no advancement die can be bought (one XP buys one die)")


# -- lines 66-70: a High Stakes Duel is fought between two ------------------------------------


def test_a_challenger_is_not_among_their_own_duel_opponents():
    assert conflict_rules.duel_opponents(posse(), "Ann") == ("Bo", "Jake")
    refused(posse(), Duel("Ann", "HHT", "Ann", "HTT"), "High Stakes Duel")


@synchronous
async def test_the_duel_form_leaves_the_challenger_out_of_the_opponents(tmp_path: Path):
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await keys(pilot, "u")
        duel = app.screen
        assert isinstance(duel, Form)
        chosen = [value for _, value in duel.options_of("opponent")]
        assert "Cora Dalton" not in chosen and "Rattlesnake Jake" in chosen
        set_field(duel, "challenger", "Rattlesnake Jake")
        await pilot.pause()
        chosen = [value for _, value in duel.options_of("opponent")]
        assert "Rattlesnake Jake" not in chosen and "Cora Dalton" in chosen
    campaign.close()
