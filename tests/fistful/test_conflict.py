"""The test rules from the book, and each reading in `conflict`'s docstring."""

from __future__ import annotations

import pytest

from gmscreen.games.fistful.conflict import (
    BANK_MAX,
    CHALLENGES,
    banked,
    chosen_removal,
    coin_faces,
    duel_loser,
    opposed_winner,
    outcome,
    remove_one,
    stakes_limit,
    stress_after,
    verify_double_down,
    verify_stakes,
)
from gmscreen.games.fistful.odds import Result, result_of
from gmscreen.journal.rules import RuleError


def test_the_books_challenges():
    assert CHALLENGES == {"simple": 8, "standard": 11, "hard": 14, "daunting": 18}


@pytest.mark.parametrize(("stress", "limit"), [(0, 6), (1, 5), (2, 4), (3, 3), (5, 1)])
def test_each_stress_takes_a_die_off_the_stakes(stress, limit):
    assert stakes_limit(stress) == limit
    verify_stakes(limit, stress)
    with pytest.raises(RuleError, match="Stakes") as refused:
        verify_stakes(limit + 1, stress)
    assert refused.value.field == "stakes"


def test_no_stakes_at_all_and_a_character_out_of_play():
    with pytest.raises(RuleError, match="Stakes"):
        verify_stakes(0, 0)
    with pytest.raises(RuleError, match="Stress"):
        verify_stakes(1, 6)


@pytest.mark.parametrize(("total", "result"), [
    (15, Result.SUCCESS),  # equal to the Attribute is safe
    (16, Result.BUST),
    (12, Result.SUCCESS),
    (11, Result.FAILURE),  # equal to the Challenge does not beat it
    (3, Result.FAILURE),
])
def test_beat_the_challenge_and_stay_at_or_under_the_attribute(total, result):
    assert result_of(total, 15, 11) is result


def test_a_bust_costs_one_stress_to_at_most_six_and_a_failure_none():
    assert stress_after(2, Result.BUST) == 3
    assert stress_after(6, Result.BUST) == 6
    assert stress_after(2, Result.FAILURE) == 2
    assert stress_after(2, Result.SUCCESS) == 2


def test_doubles_on_a_success_give_luck_on_a_failure_or_bust_misfortune():
    assert outcome((4, 4, 2), 15, 8).earns_luck
    assert not outcome((4, 4, 2), 15, 8).earns_misfortune
    assert outcome((2, 2), 15, 8).earns_misfortune
    bust = outcome((6, 6, 5), 15, 8)
    assert bust.result is Result.BUST and bust.earns_misfortune
    assert not outcome((1, 2, 6), 15, 8).doubles


def test_three_of_a_kind_is_still_one_luck():
    assert outcome((3, 3, 3), 15, 8).earns_luck


def test_banks_hold_at_most_three():
    assert BANK_MAX == 3
    assert banked(2) == 3
    assert banked(3) == 3


def test_the_books_floating_example_four_dice_one_removed():
    # Stakes 3 with a floating die: four dice rolled, the player takes one away.
    rolled = (6, 5, 4, 1)
    face = chosen_removal(rolled, 15, 11, "player")
    assert face == 1 and sum(remove_one(rolled, face)) == 15
    # The Judge takes away the die that leaves the worst: a failure (5+4+1 = 10).
    judge = chosen_removal(rolled, 15, 11, "judge")
    assert judge == 6 and outcome(remove_one(rolled, judge), 15, 11).result is Result.FAILURE


def test_the_judge_prefers_a_bust_to_a_failure():
    # 6 6 6 1 against 17, Challenge 11: without the 1 it is 18, a Bust.
    assert chosen_removal((6, 6, 6, 1), 17, 11, "judge") == 1


def test_an_opposed_tests_floating_die_counts_a_draw_for_the_higher_attribute():
    # line 30: a draw goes to the higher Attribute. 6 6 5 on Grace 19 against a total of
    # 12 on Grace 17: taking the 5 away draws at 12 and wins, its doubles a Luck; read as
    # a simple test (the total must beat the Challenge) the 6 went, and the test was lost
    assert chosen_removal((6, 6, 5), 19, 12, "player", against=17) == 5
    assert outcome(remove_one((6, 6, 5), 5), 19, 12).result is Result.FAILURE  # simple
    assert opposed_winner(12, 19, 12, 17) == "active"
    # the Judge's die on the same dice leaves the loss, where the simple reading's "worst"
    # (the draw, a failure there) handed the posse the win
    assert chosen_removal((6, 6, 5), 19, 12, "judge", against=17) == 6
    # against the higher Attribute a draw loses as surely, and its doubles would give the
    # Judge a Misfortune: the 6 goes
    assert chosen_removal((6, 6, 5), 19, 12, "player", against=20) == 6
    # on equal Attributes a draw is a stand-off, better than a loss
    assert chosen_removal((6, 6, 5), 17, 12, "player", against=17) == 5
    assert opposed_winner(12, 17, 12, 17) is None


def test_an_opposed_tests_floating_die_prefers_a_loss_to_a_bust_and_a_win_to_both():
    # 6 6 5 on Grace 12 against 10 on Grace 17: 12 wins (no Bust at 12), 11 wins too, so
    # the doubles' Luck decides; against 13, every choice loses and 12 or 11 stays
    # unbusted either way: no doubles (no Misfortune) is kept
    assert chosen_removal((6, 6, 5), 12, 10, "player", against=17) == 5
    assert chosen_removal((6, 6, 5), 12, 13, "player", against=17) == 6
    # 6 6 1 on Grace 11 against 9: 12 Busts and 7 loses unbusted; the player keeps 7
    assert chosen_removal((6, 6, 1), 11, 9, "player", against=17) == 6
    assert chosen_removal((6, 6, 1), 11, 9, "judge", against=17) == 1


def test_taking_away_a_face_nobody_rolled_is_refused():
    with pytest.raises(RuleError, match="Floating die"):
        remove_one((1, 2, 3), 6)


def test_doubling_down_only_after_a_plain_failure_with_a_die_per_stress():
    verify_double_down(Result.FAILURE, 2, (3, 4))
    with pytest.raises(RuleError, match="Doubling Down"):
        verify_double_down(Result.BUST, 2, (3, 4))
    with pytest.raises(RuleError, match="Doubling Down"):
        verify_double_down(Result.SUCCESS, 2, (3, 4))
    with pytest.raises(RuleError, match="no Stress"):
        verify_double_down(Result.FAILURE, 0, ())
    with pytest.raises(RuleError, match="one die per Stress"):
        verify_double_down(Result.FAILURE, 2, (3,))


@pytest.mark.parametrize(("active", "opposition", "winner"), [
    ((14, 15), (12, 17), "active"),       # beats the opposition's total
    ((12, 15), (12, 17), "opposition"),   # a draw goes to the higher Attribute
    ((12, 18), (12, 17), "active"),
    ((12, 15), (12, 15), None),           # a draw with equal Attributes: a stand-off
    ((16, 15), (10, 17), "opposition"),   # the one who busts loses
    ((9, 15), (18, 17), "active"),
    ((16, 15), (18, 17), None),           # both bust: nobody wins
])
def test_opposed_tests(active, opposition, winner):
    assert opposed_winner(active[0], active[1], opposition[0], opposition[1]) == winner


def test_duel_coins_count_heads_six_and_tails_one():
    assert coin_faces("HTh") == (6, 1, 6)
    with pytest.raises(RuleError, match="High Stakes Duel"):
        coin_faces("HX")


def test_a_duels_loser_is_the_side_the_winner_beat_and_a_stand_off_has_none():
    assert duel_loser("Ann", "Jake", "Ann") == "Jake"
    assert duel_loser("Ann", "Jake", "Jake") == "Ann"
    assert duel_loser("Ann", "Jake", "") is None
