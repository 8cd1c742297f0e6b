"""Dice and coins: faces recorded, seeded rolls, and exact odds against brute force."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmscreen.core.dice import (
    Coin,
    Roll,
    distribution_of_outcomes,
    distribution_with_removal,
    flip,
    outcome_counts,
    parse_coin,
    parse_faces,
    roll,
    roll_2d6,
    sum_distribution,
    totals_after_removal,
)

# ---------------------------------------------------------------- rolls


def test_a_roll_records_its_faces() -> None:
    dice = roll(5, random.Random(1))
    assert len(dice) == len(dice.faces) == 5
    assert all(1 <= face <= 6 for face in dice)
    assert dice.total == sum(dice.faces)
    assert str(dice) == " ".join(str(f) for f in dice.faces)


def test_rolls_follow_the_seed() -> None:
    assert roll(6, random.Random(42)) == roll(6, random.Random(42))
    rolls = {roll(6, random.Random(seed)).faces for seed in range(20)}
    assert len(rolls) > 1


def test_rolls_use_only_the_generator_given() -> None:
    random.seed(1)
    first = roll(8, random.Random(5))
    random.seed(2)
    assert roll(8, random.Random(5)) == first


def test_every_face_comes_up() -> None:
    rng = random.Random(3)
    faces = Counter(face for _ in range(600) for face in roll(1, rng))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert set(roll(50, rng, sides=20)) <= set(range(1, 21))


def test_two_d6() -> None:
    dice = roll_2d6(random.Random(9))
    assert len(dice) == 2 and 2 <= dice.total <= 12


def test_no_dice_and_bad_counts() -> None:
    assert roll(0, random.Random(1)) == Roll(())
    assert Roll(()).total == 0
    with pytest.raises(ValueError):
        roll(-1, random.Random(1))
    with pytest.raises(ValueError, match="no dice"):
        _ = Roll(()).highest
    with pytest.raises(ValueError, match="no dice"):
        _ = Roll(()).lowest


def test_doubles() -> None:
    dice = Roll((3, 5, 3, 6, 5, 5))
    assert dice.has_doubles
    assert dice.doubles == (5, 3)
    assert dice.count(5) == 3 and dice.count(1) == 0
    assert not Roll((1, 2, 3)).has_doubles and Roll((1, 2, 3)).doubles == ()
    assert Roll((4, 4)).has_doubles
    assert dice.highest == 6 and dice.lowest == 3


def test_taking_a_die_away() -> None:
    dice = Roll((3, 5, 3))
    assert dice.without(3) == Roll((5, 3))
    assert dice.without(5).faces == (3, 3)
    with pytest.raises(ValueError, match="no die shows 6"):
        dice.without(6)


def test_rolls_are_immutable_and_checked() -> None:
    dice = Roll([1, 2])  # type: ignore[arg-type]
    assert dice.faces == (1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        dice.faces = (6, 6)  # type: ignore[misc]
    with pytest.raises(ValueError, match="not a face of a d6: 7"):
        Roll((1, 7))
    with pytest.raises(ValueError, match="not a face of a d6: 0"):
        Roll((0,))
    with pytest.raises(ValueError, match="whole number"):
        Roll((True,))
    with pytest.raises(ValueError, match="at least two sides"):
        Roll((1,), sides=1)
    assert Roll((12,), sides=12).total == 12


# ---------------------------------------------------------------- typed dice and coins


@pytest.mark.parametrize("text", ["3 5 6", "3,5,6", " 3, 5  6 ", "3 ,5,, 6"])
def test_typed_faces(text: str) -> None:
    assert parse_faces(text) == (3, 5, 6)


def test_typed_faces_of_other_dice_and_none() -> None:
    assert parse_faces("") == ()
    assert parse_faces("10 12", sides=12) == (10, 12)


@pytest.mark.parametrize(("text", "bad"), [("3 7 6", "7"), ("0", "0"), ("3 x", "x"),
                                           ("2.5", "2.5"), ("-1", "-1"), ("٣", "٣")])
def test_bad_faces_are_named(text: str, bad: str) -> None:
    with pytest.raises(ValueError, match="not a face of a d6") as error:
        parse_faces(text)
    assert repr(bad) in str(error.value)


def test_coins() -> None:
    flips = [flip(random.Random(seed)) for seed in range(40)]
    assert set(flips) == {Coin.HEADS, Coin.TAILS}
    assert flip(random.Random(4)) == flip(random.Random(4))
    assert Coin.HEADS.value == "heads" and str(Coin.TAILS) == "tails"


@pytest.mark.parametrize(("text", "side"), [("h", Coin.HEADS), ("Heads", Coin.HEADS),
                                            ("T", Coin.TAILS), (" tails ", Coin.TAILS)])
def test_typed_coins(text: str, side: Coin) -> None:
    assert parse_coin(text) is side


def test_bad_coins_are_named() -> None:
    with pytest.raises(ValueError, match="'edge'"):
        parse_coin("edge")


# ---------------------------------------------------------------- exact odds


def brute_sums(n: int, sides: int = 6) -> dict[int, Fraction]:
    counts = Counter(sum(faces) for faces in product(range(1, sides + 1), repeat=n))
    return {total: Fraction(count, sides**n) for total, count in counts.items()}


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5])
def test_sum_distribution_equals_brute_force(n: int) -> None:
    found = sum_distribution(n)
    assert found == brute_sums(n)
    assert sum(found.values()) == 1
    assert all(isinstance(p, Fraction) for p in found.values())


def test_known_sums() -> None:
    two = sum_distribution(2)
    assert two[7] == Fraction(1, 6)
    assert two[2] == two[12] == Fraction(1, 36)
    assert min(two) == 2 and max(two) == 12
    three = sum_distribution(3)
    assert three[10] == three[11] == Fraction(27, 216)
    assert sum_distribution(3, sides=4) == brute_sums(3, sides=4)


def test_sum_distributions_are_symmetric_and_sum_to_one() -> None:
    for n in range(1, 11):
        found = sum_distribution(n)
        assert sum(found.values()) == 1
        assert all(found[t] == found[7 * n - t] for t in found)


def test_callers_cannot_spoil_the_cache() -> None:
    sum_distribution(2)[7] = Fraction(1)
    assert sum_distribution(2)[7] == Fraction(1, 6)
    outcome_counts(2)[(1, 1)] = 99
    assert outcome_counts(2)[(1, 1)] == 1


def test_bad_dice_for_odds() -> None:
    with pytest.raises(ValueError):
        sum_distribution(-1)
    with pytest.raises(ValueError):
        outcome_counts(-2)
    with pytest.raises(ValueError):
        distribution_with_removal(-1, lambda total: total, max)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_outcome_counts_equal_brute_force(n: int) -> None:
    brute = Counter(tuple(sorted(faces)) for faces in product(range(1, 7), repeat=n))
    assert outcome_counts(n) == dict(brute)
    assert sum(outcome_counts(n).values()) == 6**n


def test_outcome_counts_stay_small() -> None:
    assert len(outcome_counts(9)) == 2002
    assert sum(outcome_counts(9).values()) == 6**9


def test_distribution_of_outcomes_equals_brute_force() -> None:
    def doubles(faces: tuple[int, ...]) -> bool:
        return len(set(faces)) < len(faces)

    for n in range(1, 5):
        brute = Counter(doubles(tuple(sorted(f))) for f in product(range(1, 7), repeat=n))
        expected = {k: Fraction(v, 6**n) for k, v in brute.items()}
        assert distribution_of_outcomes(n, doubles) == expected
    assert distribution_of_outcomes(2, doubles)[True] == Fraction(1, 6)


def test_totals_after_removal() -> None:
    assert totals_after_removal((2, 5, 5)) == (10, 7)
    assert totals_after_removal([4]) == (0,)
    with pytest.raises(ValueError):
        totals_after_removal(())


# A test in the manner of Fistful of Sixes: a total at most the attribute and above the
# challenge succeeds; above the attribute is a bust. Outcomes are ordered worst to best for
# the player, so the player's choice is max and the Judge's is min.
BUST, FAILURE, SUCCESS = 0, 1, 2


def judged(attribute: int, challenge: int) -> Callable[[int], int]:
    def outcome(total: int) -> int:
        if total > attribute:
            return BUST
        return SUCCESS if total > challenge else FAILURE

    return outcome


def brute_removal(kept: int, attribute: int, challenge: int, player: bool) -> dict[int, Fraction]:
    outcome = judged(attribute, challenge)
    counts: Counter[int] = Counter()
    for faces in product(range(1, 7), repeat=kept + 1):
        results = [outcome(sum(faces) - faces[i]) for i in range(len(faces))]
        counts[max(results) if player else min(results)] += 1
    return {k: Fraction(v, 6 ** (kept + 1)) for k, v in counts.items()}


@pytest.mark.parametrize("kept", [1, 2, 3, 4])
@pytest.mark.parametrize(("attribute", "challenge"), [(7, 3), (10, 6), (12, 8), (4, 1), (20, 2)])
@pytest.mark.parametrize("player", [True, False])
def test_removal_equals_brute_force(
    kept: int, attribute: int, challenge: int, player: bool
) -> None:
    outcome = judged(attribute, challenge)
    found = distribution_with_removal(kept, outcome, max if player else min)
    assert found == brute_removal(kept, attribute, challenge, player)
    assert sum(found.values()) == 1


def test_the_player_does_better_than_the_judge_lets_them() -> None:
    outcome = judged(10, 5)
    player = distribution_with_removal(3, outcome, max)
    judge = distribution_with_removal(3, outcome, min)
    plain = distribution_of_outcomes(3, lambda faces: outcome(sum(faces)))
    assert player.get(SUCCESS, 0) > plain.get(SUCCESS, 0) > judge.get(SUCCESS, 0)
    assert player.get(BUST, 0) < plain.get(BUST, 0) < judge.get(BUST, 0)


def test_removal_works_out_eight_dice_exactly() -> None:
    found = distribution_with_removal(8, judged(30, 20), max)
    assert sum(found.values()) == 1
    # nine dice, the player taking away the one that serves them best: at least as good as
    # eight dice rolled alone (which is taking away the ninth, whatever it shows)
    assert found.get(SUCCESS, 0) > distribution_of_outcomes(
        8, lambda faces: judged(30, 20)(sum(faces))).get(SUCCESS, 0)


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=8))
def test_any_seeded_roll_is_a_possible_outcome(seed: int, n: int) -> None:
    dice = roll(n, random.Random(seed))
    assert tuple(sorted(dice.faces)) in outcome_counts(n)
    assert sum_distribution(n)[dice.total] > 0
