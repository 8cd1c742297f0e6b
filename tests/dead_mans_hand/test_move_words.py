"""Lines 45-50: each move says what it allows the model making it: a rider flat out still
attacks one card down, a man on foot does not attack at all, and a civilian standing still
reaches its Normal column. Leaving by a table edge is no attack, so its moves say only how
far they go."""

from __future__ import annotations

from gmscreen.games.dead_mans_hand.attack import move_words
from gmscreen.games.dead_mans_hand.panes.conflict import move_form
from gmscreen.games.dead_mans_hand.weapons import Move
from tests.dead_mans_hand.helpers import model


def labels(leaving: bool = False, **fields: object) -> list[str]:
    shown = move_form(model("Slim", "red", **fields), leaving=leaving)  # type: ignore[arg-type]
    return [label for label, _ in shown.fields[0].options]


def test_on_foot_flat_out_is_no_attack_and_a_rider_attacks_one_card_down() -> None:
    walker, rider = model("Walker", "red"), model("Rider", "red", horse=True)
    assert move_words(walker, Move.FLAT_OUT) == (
        "Flat out, up to 30 yards: no attack on foot, so the turn passes; a Moving Target after")
    assert move_words(rider, Move.FLAT_OUT) == (
        "Flat out, up to 30 yards: attack one card down; a Moving Target after")
    assert move_words(walker, Move.QUICK) == "Quick, up to 20 yards: attack one card down"
    assert move_words(walker, Move.SLOW) == "Slow, up to 10 yards: attack as usual"
    assert move_words(walker, Move.STILL) == "Stand still: Long Shot range allowed"
    civilian = model("Barkeep", "red", civilian=True, weapons=("pistol",))
    assert move_words(civilian, Move.STILL) == "Stand still: Normal range allowed"
    shotgun = model("Shotgun Sal", "red", civilian=True, weapons=("shotgun",))
    assert move_words(shotgun, Move.STILL) == "Stand still: attack as usual"  # 30 either way


def test_the_move_form_says_what_each_move_allows_this_model() -> None:
    assert labels() == ["Stand still: Long Shot range allowed",
                        "Slow, up to 10 yards: attack as usual",
                        "Quick, up to 20 yards: attack one card down",
                        "Flat out, up to 30 yards: no attack on foot, so the turn passes; a "
                        "Moving Target after"]
    assert labels(horse=True)[-1] == (
        "Flat out, up to 30 yards: attack one card down; a Moving Target after")


def test_leaving_by_a_table_edge_says_only_how_far_each_move_goes() -> None:
    assert labels(leaving=True) == ["Slow, up to 10 yards", "Quick, up to 20 yards",
                                    "Flat out, up to 30 yards"]
    assert move_words(model("Rider", "red", horse=True), Move.FLAT_OUT, leaving=True) == (
        "Flat out, up to 30 yards")


def test_under_a_queen_the_moves_say_no_attack_words() -> None:
    """Line 112: a Queen forbids the next attack, and the form's note says so; the moves
    promise none."""
    assert labels(shaken=True) == ["Stand still", "Slow, up to 10 yards",
                                   "Quick, up to 20 yards",
                                   "Flat out, up to 30 yards: a Moving Target after"]


def test_a_rifle_is_named_where_a_move_leaves_it_silent() -> None:
    """Lines 52-54 and 87: a rifle fires only from a standstill (a civilian's too, at its
    Civilian range); a model with nothing that gains from standing still attacks as usual."""
    rifleman = model("Long Rifle", "red", weapons=("rifle",))  # and his fists
    assert [move_words(rifleman, move) for move in Move] == [
        "Stand still: Long Shot range allowed",
        "Slow, up to 10 yards: attack as usual, not with the Rifle",
        "Quick, up to 20 yards: attack one card down, not with the Rifle",
        "Flat out, up to 30 yards: no attack on foot, so the turn passes; a Moving Target after"]
    townsman = model("Town Rifle", "red", civilian=True, weapons=("rifle",))
    assert move_words(townsman, Move.STILL) == "Stand still: Rifle may fire"
    assert move_words(townsman, Move.SLOW) == (
        "Slow, up to 10 yards: no attack (Rifle only standing), so the turn passes")
    bear = model("Rampaging Bear", "red", value=4, hits=6, weapons=("big-blade",))
    assert move_words(bear, Move.STILL) == "Stand still: attack as usual"
    rider = model("Rider", "red", horse=True, weapons=("rifle", "pistol"))
    assert move_words(rider, Move.FLAT_OUT) == ("Flat out, up to 30 yards: attack one card "
                                                "down, not with the Rifle; a Moving Target after")
