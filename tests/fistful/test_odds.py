"""`odds` against a brute-force enumeration of every ordered roll."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from gmscreen.games.fistful import odds


def _brute(dice: int, attribute: int, challenge: int, floating: str | None) -> dict[str, int]:
    """Count every ordered roll; the chooser tries every die to take away."""
    def verdict(total: int) -> int:  # 2 success, 1 failure, 0 Bust
        return 0 if total > attribute else 2 if total > challenge else 1

    counts = {"success": 0, "failure": 0, "bust": 0}
    names = ("bust", "failure", "success")
    extra = 0 if floating is None else 1
    for faces in product(range(1, 7), repeat=dice + extra):
        if floating is None:
            best = verdict(sum(faces))
        else:
            options = [verdict(sum(faces) - faces[i]) for i in range(len(faces))]
            best = max(options) if floating == "player" else min(options)
        counts[names[best]] += 1
    return counts


CASES = [(1, 15, 3), (2, 12, 8), (3, 15, 11), (3, 17, 8), (4, 17, 14),
         (4, 20, 11), (5, 21, 18), (2, 14, 0), (5, 16, 14)]


@pytest.mark.parametrize("floating", [None, "player", "judge"])
@pytest.mark.parametrize(("dice", "attribute", "challenge"), CASES)
def test_odds_match_every_roll(dice, attribute, challenge, floating):
    counts = _brute(dice, attribute, challenge, floating)
    whole = 6 ** (dice + (floating is not None))
    got = odds(dice, attribute, challenge, floating)
    assert (got.success, got.failure, got.bust) == (
        Fraction(counts["success"], whole), Fraction(counts["failure"], whole),
        Fraction(counts["bust"], whole))
    assert got.success + got.failure + got.bust == 1


def test_a_worked_number_two_dice():
    # 2d6 against Grit 7, Challenge 3: totals 4..7 succeed (3+4+5+6 = 18 of 36 rolls),
    # 2..3 fail (3 rolls), 8..12 bust (15 rolls).
    got = odds(2, 7, 3)
    assert (got.success, got.failure, got.bust) == (
        Fraction(18, 36), Fraction(3, 36), Fraction(15, 36))


def test_the_player_floating_die_helps_and_the_judges_hurts():
    plain = odds(4, 17, 11)
    assert odds(4, 17, 11, "player").success > plain.success
    assert odds(4, 17, 11, "judge").success < plain.success


@pytest.mark.parametrize("bad", [0, -1, 13, True, 2.5])
def test_bad_dice_are_refused_naming_the_stakes(bad):
    with pytest.raises(ValueError, match="Stakes"):
        odds(bad, 15, 8)


def test_a_bad_floating_word_is_refused():
    with pytest.raises(ValueError, match="floating"):
        odds(3, 15, 8, "dealer")  # type: ignore[arg-type]
