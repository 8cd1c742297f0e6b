"""Leaving assault range: each enemy left behind makes a free attack before the move."""

from __future__ import annotations

from gmscreen.games.devils_bluff.commands import Attack, Move, Recover
from tests.devils_bluff.helpers import one_off
from tests.devils_bluff.test_game import refused
from tests.devils_bluff.test_readings import agreed, hendry_to_act, wounded


def test_the_move_waits_for_each_free_attack() -> None:
    table = hendry_to_act(one_off(), "Dutch")
    events = table.execute(Move("Dutch", "Advance", leaving=("Eli Crane", "Marlow")))
    assert [e.kind for e in events] == ["devils_bluff.leaving_assault_range"]
    battle = table.state.battle
    assert battle is not None and battle.parting is not None
    assert battle.parting.attackers == ("Eli Crane", "Marlow")
    # nothing else until the move is made
    refused(table, Attack("Dutch", "Eli Crane"), "Assault range")
    refused(table, Move("Dutch", "Rush"), "Assault range")
    refused(table, Attack("Marlow", "Dutch", evading=True), "Evading")
    # Eli Crane (SKL 10) fights with the close-combat profile: one test, a King hits;
    # Dutch (DEF 7) fails with a 2 and takes 1
    table.stack("Ks 2d")
    shot = table.execute(Attack("Eli Crane", "Dutch"))[0]
    assert shot.data["weapon"] == "Fists and Knives" and shot.data["damage"] == 1
    assert shot.data["parting_shot"] and "leaves its assault range" in shot.data["line"]
    assert table.state.battle.parting.attackers == ("Marlow",)  # type: ignore[union-attr]
    assert table.state.battle.activation.actions_left == 2  # type: ignore[union-attr]
    # Marlow lets him go; the move is made and counted
    moved = table.execute(Move("Dutch", "Advance"))[0]
    assert moved.kind == "devils_bluff.moved"
    battle = table.state.battle
    assert battle is not None and battle.parting is None
    assert battle.activation is not None and battle.activation.actions_left == 1
    assert table.fighter("Dutch").damage == 1


def test_a_mover_taken_out_ends_its_activation() -> None:
    table = wounded(hendry_to_act(one_off(), "Dutch"), "Dutch", 1)
    table.execute(Move("Dutch", "Rush", leaving=("Eli Crane",)))
    table.stack("Ks 2d")
    events = table.execute(Attack("Eli Crane", "Dutch"))
    assert [e.kind for e in events][-1] == "devils_bluff.activation_ended"
    battle = table.state.battle
    assert battle is not None and battle.activation is None and battle.parting is None
    assert table.fighter("Dutch").out


def test_only_moves_leave_and_only_enemies_attack() -> None:
    table = agreed(hendry_to_act(one_off(), "Dutch"), guns_in_assault=True)
    refused(table, Move("Dutch", "Interact", leaving=("Eli Crane",)),
            "Assault range")
    refused(table, Move("Dutch", "Advance", leaving=("Sonny",)), "Assault range")
    refused(table, Recover("Dutch"), "Recover")
    # with guns allowed in assault range the free attack is the gun's, and from within 1"
    # it is within the Revolver's half range: Rapid Fire's four attacks
    table.execute(Move("Dutch", "Advance", leaving=("Eli Crane",)))
    table.stack("2c 3c 4c 5c")
    shot = table.execute(Attack("Eli Crane", "Dutch"))[0]
    assert shot.data["weapon"] == "Revolver" and len(shot.data["skill"]) == 4


def test_a_refused_move_out_of_assault_range_names_the_game_s_rule_not_the_event() -> None:
    # the refusal is the game's rule (the glossary's "Assault range"), never the name of the
    # event a move out of assault range journals, which the journal's own check of an
    # unreadable event would give
    table = hendry_to_act(one_off(), "Dutch")
    error = refused(table, Move("Dutch", "Advance", leaving=("Ma Hendry",)), "Assault range")
    assert error.field == "leaving" and "no enemy" in error.message
    table.execute(Move("Dutch", "Advance", leaving=("Eli Crane",)))
    refused(table, Attack("Dutch", "Dutch", defender_hand=True), "Assault range")
