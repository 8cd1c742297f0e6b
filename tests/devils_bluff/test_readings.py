"""The open points of the rules: each one a setting with the first rules' reading as its
default, or a fixed reading stated in the module docstrings."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from gmscreen.games.devils_bluff.attack import resolve
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    DrawCard,
    EndActivation,
    Move,
    Recover,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import passes
from gmscreen.games.devils_bluff.gangs import weapons
from gmscreen.games.devils_bluff.hands import Outcome
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from gmscreen.games.devils_bluff.state import default_settings, settings_in_words
from tests.devils_bluff.helpers import Table, one_off, unshuffled
from tests.devils_bluff.test_attack import BASE, Pile
from tests.devils_bluff.test_game import refused


def agreed(table: Table, **settings: Any) -> Table:
    """The table plays with these settings (as if chosen at the set-up)."""
    table.state = replace(table.state, settings={**table.state.settings, **settings})
    return table


def hendry_to_act(table: Table, fighter: str) -> Table:
    """Let a Cole model pass if Cole goes first, then activate a Hendry model."""
    if table.state.battle.turn == COLE:  # type: ignore[union-attr]
        table.execute(Activate("Eli Crane"))
        table.execute(EndActivation("Eli Crane"))
    table.execute(Activate(fighter))
    return table


def test_the_settings_line_is_in_words() -> None:
    assert settings_in_words(default_settings()) == (
        "5 rounds; otherwise as Open Fire's first rules read")
    changed = {**default_settings(), "rounds": 6, "king_capped_first": True,
               "injuries": "survival test"}
    assert settings_in_words(changed) == (
        "6 rounds; a King is 12; a Defence test to stay on 1 HP")


def test_an_ace_is_one_unless_the_table_makes_it_fail() -> None:
    ace = Pile("As").cards.__next__()
    # no critical failure in any version: an Ace with +3 in heavy cover passes DEF 4
    assert passes(ace, 4, 3)
    assert not passes(ace, 4, 3, ace_fails=True)
    report = resolve(replace(BASE, target_def=2, cover="heavy", ace_fails=True),
                     Pile("Kc Qc As 2s"))
    assert [t.passed for t in report.defence] == [False, True]


def test_initiative_draws_a_card_per_player_or_one() -> None:
    table = one_off()
    first = next(e for e in table.events if e.kind.endswith("round_started"))
    assert {len(d["cards"]) for d in first.data["draws"]} == {2}
    agreed(table, initiative_cards="one")
    for _ in range(25):  # both gangs pass every model (bounded: ten models each)
        battle = table.state.battle
        assert battle is not None
        if not battle.turn:
            break
        gang = table.state.gang(battle.turn)
        assert gang is not None
        ready = next(f.name for f in gang.fighters if f.ready)
        table.execute(Activate(ready))
        table.execute(EndActivation(ready))
    else:
        pytest.fail("the round never ran out of models to activate")
    event = table.execute(StartRound(unshuffled()))[0]
    assert {len(d["cards"]) for d in event.data["draws"]} == {1}


def test_recover_without_tokens_only_when_agreed() -> None:
    table = hendry_to_act(one_off(), "Dutch")
    refused(table, Recover("Dutch"), "Recover")
    agreed(table, recover_needs_token=False)
    table.stack("Kh")
    event = table.execute(Recover("Dutch"))[0]
    assert event.data["tokens"] == 0 and event.data["actions_left"] == 2


def test_stealth_in_assault_range() -> None:
    # Dutch (SKL 9) in assault range of Ruth Cole (Stealth 1): a 9 misses at -1
    table = hendry_to_act(one_off(), "Dutch")
    table.stack("9c 2d")
    event = table.execute(Attack("Dutch", "Ruth Cole", assault_range=True))[0]
    assert event.data["hits"] == 0
    table = agreed(hendry_to_act(one_off(), "Dutch"), stealth_in_assault=False)
    table.stack("9c 2d")
    event = table.execute(Attack("Dutch", "Ruth Cole", assault_range=True))[0]
    assert event.data["hits"] == 1 and event.data["damage"] == 1


def test_guns_give_way_to_close_combat_in_assault_range() -> None:
    table = hendry_to_act(one_off(), "Dutch")
    event = table.execute(Attack("Dutch", "Eli Crane", assault_range=True))[0]
    assert event.data["weapon"] == "Fists and Knives" and len(event.data["skill"]) == 1
    table = agreed(hendry_to_act(one_off(), "Dutch"), guns_in_assault=True)
    event = table.execute(Attack("Dutch", "Eli Crane", assault_range=True))[0]
    # within 1" is within the Revolver's half range (8"): Rapid Fire doubles its two
    assert event.data["weapon"] == "Revolver" and len(event.data["skill"]) == 4


def test_rending_before_defence_or_on_a_failed_defence() -> None:
    shotgun = replace(BASE, weapon=weapons()["Shotgun"], rending_mode="on a failed defence")
    # the critical hit's Defence test passes: no Rending damage under this reading
    report = resolve(shotgun, Pile("2c Kd"), Outcome.CRITICAL)
    assert (report.rending, report.damage) == (0, 0)
    # it fails: DMG 2 and Rending 1
    report = resolve(shotgun, Pile("2c 2d"), Outcome.CRITICAL)
    assert (report.rending, report.damage) == (1, 3)
    # a drawn hit that fails its Defence test takes no Rending
    report = resolve(shotgun, Pile("Kc 2c 2d"), None)
    assert (report.hits, report.rending, report.damage) == (1, 0, 2)


def wounded(table: Table, name: str, hp: int) -> Table:
    """The model has only `hp` hit points left."""
    gang = table.state.owner(name)
    fighter = table.fighter(name)
    assert gang is not None
    table.state = table.state.with_gang(gang.with_fighter(
        replace(fighter, damage=fighter.profile.hp - hp)))
    return table


def test_at_zero_hp_taken_out_or_a_survival_test() -> None:
    # Eli Crane on 2 HP: two hits from Dutch's revolver, both Defence tests fail (DMG 1)
    table = wounded(hendry_to_act(one_off(), "Dutch"), "Eli Crane", 2)
    table.stack("Kc Qc 2d 3d 9h")
    event = table.execute(Attack("Dutch", "Eli Crane"))[0]
    assert "survival" not in event.data and table.fighter("Eli Crane").out
    table = wounded(hendry_to_act(one_off(), "Dutch"), "Eli Crane", 2)
    agreed(table, injuries="survival test")
    table.stack("Kc Qc 2d 3d 9h")
    event = table.execute(Attack("Dutch", "Eli Crane"))[0]
    assert event.data["survival"] == {"card": "9h", "outcome": "success"}
    assert table.fighter("Eli Crane").hp == 1 and "stays on 1 HP" in event.data["line"]
    # a failed survival card (6 against DEF 7) leaves him taken out
    table = agreed(wounded(hendry_to_act(one_off(), "Dutch"), "Eli Crane", 2),
                   injuries="survival test")
    table.stack("Kc Qc 2d 3d 6h")
    event = table.execute(Attack("Dutch", "Eli Crane"))[0]
    assert event.data["survival"]["outcome"] == "failure" and table.fighter("Eli Crane").out


def test_free_actions_spend_no_action() -> None:
    # Run and Gun's free Advance after an Advance: neither the limit nor the no-repeat rule
    table = hendry_to_act(one_off(), "Dutch")
    table.execute(Move("Dutch", "Advance"))
    battle = table.state.battle
    assert battle is not None and battle.activation is not None
    table.state = replace(table.state, battle=replace(
        battle, activation=replace(battle.activation, free_advance=True)))
    event = table.execute(Move("Dutch", "Advance"))[0]
    assert "free" in event.data["line"]
    assert table.state.battle.activation.actions_left == 1  # type: ignore[union-attr]


def test_negative_movement_stops_at_nothing() -> None:
    table = hendry_to_act(one_off(), "Dutch")
    dutch = table.fighter("Dutch")
    gang = table.state.gang(HENDRY)
    assert gang is not None
    table.state = table.state.with_gang(gang.with_fighter(replace(dutch, tokens=2)))
    # MOV 5 (a gunslinger) less 2 for the Rush and 4 for two tokens: -1, so 0"
    event = table.execute(Move("Dutch", "Rush"))[0]
    assert dutch.profile.mov - 6 < 0 and event.data["inches"] == 0


def test_fearless_draws_a_failed_command_test_again() -> None:
    table = one_off()
    cole = table.fighter("Sheriff Cole")
    assert cole.rule_value("Fearless") and cole.profile.cmd == 7
    gang = table.state.gang(COLE)
    assert gang is not None
    table.state = table.state.with_gang(gang.with_fighter(replace(cole, tokens=1)))
    if table.state.battle.turn != COLE:  # type: ignore[union-attr]
        table.execute(Activate("Dutch"))
        table.execute(EndActivation("Dutch"))
    table.execute(Activate("Sheriff Cole"))
    # a 3 fails CMD 7; the second card, a 9, stands
    table.stack("3h 9h")
    event = table.execute(Recover("Sheriff Cole"))[0]
    assert event.data["cards"] == ["3h", "9h"] and event.data["outcome"] == "success"
    # a pass is never drawn again: a drawn card is never critical, so it could not help
    table.state = table.state.with_gang(table.state.gang(COLE).with_fighter(  # type: ignore[union-attr]
        replace(table.fighter("Sheriff Cole"), tokens=1)))
    table.stack("8c 2c")
    event = table.execute(Recover("Sheriff Cole"))[0]
    assert event.data["cards"] == ["8c"]


def test_a_side_out_of_models_passes_and_the_other_goes_on() -> None:
    table = one_off()
    hendry = table.state.gang(HENDRY)
    assert hendry is not None
    table.state = table.state.with_gang(replace(hendry, fighters=tuple(
        replace(f, activated=True) for f in hendry.fighters)))
    battle = table.state.battle
    assert battle is not None
    table.state = replace(table.state, battle=replace(battle, turn=COLE))
    for name in ("Sheriff Cole", "Ruth Cole"):
        table.execute(Activate(name))
        # Ma Hendry has nothing to activate but may draw once during each activation
        table.execute(DrawCard(HENDRY, discard=table.state.hand(HENDRY)[0].code,
                               order_by=unshuffled()))
        refused(table, DrawCard(HENDRY, discard=table.state.hand(HENDRY)[0].code),
                "The Hand")
        table.execute(EndActivation(name))
        assert table.state.battle.turn == COLE  # type: ignore[union-attr]
