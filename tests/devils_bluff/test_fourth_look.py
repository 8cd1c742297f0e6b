"""The fourth look at the module and the Open Fire digest: departures found and fixed, each
played through the decider (line numbers: the module's file; sections: the digest)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    AttributeTest,
    DrawCard,
    EndActivation,
    EndGame,
    GainLevel,
    Recover,
    Score,
    StartRound,
)
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.testing import why_not_test
from gmscreen.games.devils_bluff.turns import end_game_note, rounds_left
from gmscreen.games.devils_bluff.view import status_lines
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.form import Form
from gmscreen.ui.one_of import OneOf
from tests.devils_bluff.helpers import acting_now, one_off, unshuffled
from tests.devils_bluff.helpers import campaign as campaign_table
from tests.devils_bluff.test_book import given_ability, with_tokens
from tests.devils_bluff.test_game import attack_ready, refused
from tests.devils_bluff.test_panes import select_row, table_app
from tests.devils_bluff.test_readings import agreed, hendry_to_act, wounded
from tests.devils_bluff.test_typed import played_out
from tests.pilot import fill, to_tab, until


def test_a_model_taken_out_takes_no_test() -> None:
    # digest 3.1: a model at 0 HP is removed; Shrug it Off (line 163) heals a model in the
    # game, it does not bring one back
    table = hendry_to_act(one_off(), "Jesse Hendry")
    wounded(table, "Ma Hendry", 0)
    table.give(HENDRY, "Qc Qd 2h 4s 6c")
    error = refused(table, AttributeTest("Ma Hendry", "CMD", hand=True), "Tests")
    assert error.field == "fighter" and "taken out" in error.message
    assert why_not_test(table.state, "Ma Hendry") is not None
    assert why_not_test(table.state, "Jesse Hendry") is None
    assert table.fighter("Ma Hendry").out


def test_a_model_taken_out_before_its_defence_does_not_shoot_back() -> None:
    # line 155: Return Fire's free attack is made by the model defending; one the Shotgun's
    # Rending (1) took out before its Defence test (digest 4) is out of the game
    table = hendry_to_act(one_off(), "Mule")
    wounded(table, "Sheriff Cole", 1)
    table.give(HENDRY, "As Ad Ac 2s 3d")
    table.give(COLE, "Ks Kd Kc 2h 3h")
    (event,) = table.execute(Attack("Mule", "Sheriff Cole", hand=True, defender_hand=True))
    assert table.fighter("Sheriff Cole").out
    assert not event.data.get("return_fire") and table.state.battle is not None
    assert table.state.battle.return_fire is None
    # out before any Defence test (round 17): none is taken, so his hand stays held
    assert "Rending 1: out before any Defence test" in event.data["line"]
    assert len(table.state.hand(COLE)) == 5
    # a model out makes no attack (round 17 names it, where "Activation" refused it)
    refused(table, Attack("Sheriff Cole", "Mule"), "Attack")


def test_a_recover_tells_its_test_card_by_card() -> None:
    # digest 2.3 and 4: Sheriff Cole (CMD 7, Fearless) recovers near Ma Hendry (Fear): at
    # -3 a 7 is 4, a fail; Fearless draws again and a King is 10, a pass
    table = one_off()
    if table.state.battle is not None and table.state.battle.turn != COLE:
        table.execute(Activate("Jesse Hendry"))
        table.execute(EndActivation("Jesse Hendry"))
    table.execute(Activate("Sheriff Cole"))
    with_tokens(table, "Sheriff Cole", 1)
    table.stack("7s Kd")
    (event,) = table.execute(Recover("Sheriff Cole", feared_by=1))
    assert event.data["line"] == (
        "Sheriff Cole recovers: CMD 7+ at -3 (Fear -3) with 7♠ (4), drawn again "
        "(Fearless): K♦ (10); passes: one token shed and an extra action")
    assert table.state.last == event.data["line"]
    # the log tells it once, the cards not said twice
    assert RULES.describe(table.events[-1]).count("K♦") == 1


def test_the_status_counts_hail_of_fire_s_attacks_left() -> None:
    # line 147: two free attacks, then one; the status says each as a number of attacks
    table, shooter, target = attack_ready()
    given_ability(table, shooter, "Hail of Fire")
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.stack("2c 2d")
    table.execute(Attack(shooter, target, hand=True))
    assert "; 2 free attacks (Hail of Fire" in " ".join(status_lines(table.state))
    table.stack("2c 3c")
    table.execute(Attack(shooter, target))
    assert "; 1 free attack (Hail of Fire" in " ".join(status_lines(table.state))


def test_an_attack_up_close_says_it_is_no_shot() -> None:
    # digest 3.1: within assault range a model without a Melee weapon fights with the
    # close-combat profile (ATT 1), not its gun; the line says so, where "shoots" would not
    table = hendry_to_act(one_off(), "Dutch")
    table.stack("Kc 2d")
    (event,) = table.execute(Attack("Dutch", "Eli Crane", assault_range=True))
    assert event.data["line"].startswith(
        "Dutch fights Eli Crane up close with Fists and Knives: 1 hit, 1 damage")
    # with the gun agreed to fire up close, it shoots
    table = agreed(hendry_to_act(one_off(), "Dutch"), guns_in_assault=True)
    (event,) = table.execute(Attack("Dutch", "Eli Crane", assault_range=True))
    assert event.data["line"].startswith("Dutch shoots at Eli Crane: ")


def test_hands_are_laid_against_a_parting_shot_s_by_keys(tmp_path: Path) -> None:
    asyncio.run(_hands_against_a_parting_shot(tmp_path))


async def _hands_against_a_parting_shot(tmp_path: Path) -> None:
    # line 45: when a hand is laid for a test, any other player may lay theirs against it;
    # a free attack on a model leaving assault range is no exception
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app, notices = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        first, second = campaign.state.battle.order
        mover = campaign.state.gang(first).fighters[3].name
        enemy = campaign.state.gang(second).fighters[4].name
        await select_row(pilot, mover)
        await pilot.press("a", "enter")
        await until(pilot, lambda: acting_now(pilot.app))
        await pilot.press("l")
        enemies = [f.name for f in campaign.state.gang(second).fighters]
        await fill(pilot, None, **{f"leaving{enemies.index(enemy)}": True})
        await pilot.press("f")
        await fill(pilot, hand=True, contest=True)
        shot = campaign.events[-1]
        assert shot.data["parting_shot"], notices
        assert set(shot.data["skill_hand"]["laid"]) == {first, second}
        assert not campaign.state.hand(first) and not campaign.state.hand(second)
    campaign.close()


def test_a_score_names_its_player_and_earns_points() -> None:
    # digest 2.1: points are earned for objectives, and the highest score wins; a score for
    # nobody, or of no points, is refused naming the field, nothing changed
    table = one_off()
    error = refused(table, Score("", 2, "the well"), "Scores")
    assert error.field == "player" and "choose" in error.message
    assert refused(table, Score(HENDRY, 0), "Scores").field == "points"
    assert refused(table, Score(HENDRY, -1), "Scores").field == "points"
    table.execute(Score(HENDRY, 2, "the well"))
    assert table.state.battle is not None and table.state.battle.score(HENDRY) == 2


def test_the_score_form_chooses_a_player_side_by_side(tmp_path: Path) -> None:
    asyncio.run(_score_form(tmp_path))


async def _score_form(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app, notices = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        turn = campaign.state.battle.turn
        await pilot.press("s")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, Form) and isinstance(form.query_one("#f-player"), OneOf)
        # the player whose turn it is is chosen: no blank the rules would refuse
        await fill(pilot, None, points="2")
        assert campaign.state.battle.score(turn) == 2, notices
    campaign.close()


def test_a_player_draws_once_a_turn_before_or_during_the_activation() -> None:
    # line 39: a card may be drawn on a player's turn to activate a model; the turn is
    # when, before the model is chosen or while it acts; once a turn
    table = one_off()
    assert table.state.battle is not None
    first, second = table.state.battle.order
    mine = next(f.name for f in table.state.gang(first).fighters if f.ready)  # type: ignore[union-attr]
    table.execute(Activate(mine))
    top = table.state.deck.order[0]
    held = table.state.hand(first)
    table.execute(DrawCard(first, held[0].code, unshuffled()))
    assert top in table.state.hand(first)
    assert "already" in refused(table, DrawCard(first, held[1].code), "The Hand").message
    refused(table, DrawCard(second), "The Hand")
    table.execute(EndActivation(mine))
    # drawn before the model is chosen: still once in the turn
    theirs = next(f.name for f in table.state.gang(second).fighters if f.ready)  # type: ignore[union-attr]
    table.execute(DrawCard(second, table.state.hand(second)[0].code, unshuffled()))
    table.execute(Activate(theirs))
    refused(table, DrawCard(second, table.state.hand(second)[0].code), "The Hand")


def test_a_level_without_a_perk_is_refused_saying_what_to_choose() -> None:
    # line 122: each level brings one perk; none chosen is refused naming the field
    table = campaign_table()
    table.execute(EndGame())
    error = refused(table, GainLevel("Ma Hendry", ""), "Perks")
    assert error.field == "perk" and "choose the perk" in error.message


def test_ending_a_game_early_says_the_rounds_left() -> None:
    # digest 2.1: a game lasts five rounds unless agreed; the end-game step says how many
    # are left before the players agree to stop, and nothing in the last round
    table = one_off()
    assert rounds_left(table.state) == 4
    assert end_game_note(table.state).startswith("Round 1 of 5: 4 more rounds to play.")
    agreed(table, rounds=2)
    assert end_game_note(table.state).startswith("Round 1 of 2: 1 more round to play.")
    agreed(table, rounds=5)
    for _ in range(4):
        played_out(table).execute(StartRound(unshuffled()))
    # the last round: its models still to activate are named, as the rounds were; once
    # every model has acted, the note is the result the step records
    assert rounds_left(table.state) == 0
    note = end_game_note(table.state)
    assert note.startswith("Round 5 of 5: 20 models still to activate. End it now only if "
                           "the players agree"), note
    played_out(table)
    assert end_game_note(table.state) == f"{HENDRY} 0, {COLE} 0: a draw.", (
        end_game_note(table.state))
    table.execute(EndGame())
    assert rounds_left(table.state) == 0 and end_game_note(table.state) == ""


def test_the_end_game_step_says_the_result_it_will_record() -> None:
    """Ann pressed x at the start of round 5 of 5 and the End-the-game form asked only for a
    note: nothing said that no model had acted in the last round, nor the scores and the
    winner the step was about to write. It says them now."""
    table = one_off()
    table.execute(Score(COLE, 2, "held the well"))
    assert end_game_note(table.state).endswith(
        f"Now: {HENDRY} 0, {COLE} 2: {COLE} would win."), end_game_note(table.state)
