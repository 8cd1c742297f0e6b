"""The exact chances of a test: success, plain failure and Bust, as fractions.

A total succeeds when it is at most the Attribute and strictly above the Challenge; above
the Attribute is a Bust; anything else is a plain failure. With a floating die one more die
is rolled and one is taken away: the player takes away the die that leaves the best result
(success, then failure, then Bust: a plain failure costs no Stress, so it beats a Bust), the
Judge the die that leaves the worst (Bust, then failure, then success).

With the optional scene stakes, one of the Stakes is the scene's die, already showing its
face: `scene_odds` counts only the other dice as thrown (a floating die may still take the
scene's die away, as the roll may).

A High Stakes Duel's chances (`duel_odds`) count every flip of both sides' coins, heads 6
and tails 1, and an opposed test's (`opposed_odds`) every throw of both sides' dice, each
scored as the contest is: a Bust loses to a total that does not, equal totals go to the
higher Attribute, and equal Attributes or two Busts leave nobody the winner. Their forms
show them as the Stakes are set, since the book has both sides set theirs before anything
is rolled. Doubling Down's (`double_down_odds`) count its dice, or its coins, added to
the total the failure left, offered with the key that takes it. An opposed test with a
floating die (`opposed_floating_odds`) is counted as it is decided: the opposition's die
is taken away first, against no Challenge (its total unknown to the active side), then the
active side's against the opposition's total, each by its chooser's rule
(`conflict.chosen_removal`: the player the best, the Judge the worst).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial
from typing import Literal

from gmscreen.core.dice import (
    distribution_of_outcomes,
    distribution_with_removal,
    sum_distribution,
    totals_after_removal,
)

Floating = Literal["player", "judge"] | None

#: the most dice any test rolls: six Stakes and a floating die, or Doubling Down on top
MOST_DICE = 12


class Result(IntEnum):
    """How a total stands, ordered from worst to best for the one who rolled."""

    BUST = 0
    FAILURE = 1
    SUCCESS = 2


def result_of(total: int, attribute: int, challenge: int) -> Result:
    """Success when the total is at most the Attribute and above the Challenge."""
    if total > attribute:
        return Result.BUST
    if total > challenge:
        return Result.SUCCESS
    return Result.FAILURE


@dataclass(frozen=True, slots=True)
class Odds:
    """The chance of each result of a test; the three sum to 1."""

    success: Fraction
    failure: Fraction
    bust: Fraction


def _checked(dice: int, floating: Floating) -> None:
    if isinstance(dice, bool) or not isinstance(dice, int) or not 1 <= dice <= MOST_DICE:
        raise ValueError(f"Stakes: a test rolls 1 to {MOST_DICE} dice, not {dice!r}")
    if floating not in (None, "player", "judge"):
        raise ValueError(f"floating die: None, 'player' or 'judge', not {floating!r}")


def _of(chances: dict[Result, Fraction]) -> Odds:
    return Odds(success=chances.get(Result.SUCCESS, Fraction(0)),
                failure=chances.get(Result.FAILURE, Fraction(0)),
                bust=chances.get(Result.BUST, Fraction(0)))


def odds(dice: int, attribute: int, challenge: int, floating: Floating = None) -> Odds:
    """The exact chances of a test of `dice` dice against `attribute` and `challenge`."""
    _checked(dice, floating)

    def outcome(total: int) -> Result:
        return result_of(total, attribute, challenge)

    chances: dict[Result, Fraction] = {}
    if floating is None:
        for total, chance in sum_distribution(dice).items():
            result = outcome(total)
            chances[result] = chances.get(result, Fraction(0)) + chance
    else:
        chooser = max if floating == "player" else min
        chances = distribution_with_removal(dice, outcome, chooser)
    return _of(chances)


def scene_odds(dice: int, attribute: int, challenge: int, scene: int,
               floating: Floating = None) -> Odds:
    """The exact chances of a test of `dice` Stakes of which one is the scene's die showing
    `scene`: `dice - 1` dice are thrown (one more with a floating die)."""
    _checked(dice, floating)
    if not 1 <= scene <= 6:
        raise ValueError(f"the scene die shows 1 to 6, not {scene!r}")
    chooser = max if floating == "player" else min

    def outcome(faces: tuple[int, ...]) -> Result:
        pool = (*faces, scene)
        if floating is None:
            return result_of(sum(pool), attribute, challenge)
        return chooser(result_of(total, attribute, challenge)
                       for total in totals_after_removal(pool))

    return _of(distribution_of_outcomes(dice - 1 + (1 if floating else 0), outcome))


def advancement_chance(dice: int, attribute: int, cap: int = 21) -> Fraction:
    """The chance that `dice` d6 total above `attribute` (an Advancement Test), 0 for an
    Attribute already at `cap`, the most it may be."""
    if dice < 1 or attribute >= cap:
        return Fraction(0)
    return above_chance(dice, attribute)


def above_chance(dice: int, least: int) -> Fraction:
    """The chance that `dice` d6 total above `least` (an Advancement Test, a quick draw)."""
    return sum((p for total, p in sum_distribution(dice).items() if total > least),
               Fraction(0))


@dataclass(frozen=True, slots=True)
class ContestOdds:
    """The chances of a contest of two totals, each against its own Attribute (an opposed
    test's dice, a High Stakes Duel's coins): the active side (the challenger) wins, the
    opposition wins, or nobody does (both Bust, or a draw on equal Attributes), and each
    side's chance to Bust. The first three sum to 1."""

    active: Fraction
    opposition: Fraction
    nobody: Fraction
    active_busts: Fraction
    opposition_busts: Fraction


def coin_totals(coins: int) -> dict[int, Fraction]:
    """What `coins` coins may total, heads 6 and tails 1 (line 70), and the chance of each:
    k heads of n make 6k + (n - k)."""
    if isinstance(coins, bool) or not isinstance(coins, int) or coins < 1:
        raise ValueError(f"a duel flips 1 coin or more, not {coins!r}")
    every = Fraction(1, 2 ** coins)
    return {6 * heads + (coins - heads): comb(coins, heads) * every
            for heads in range(coins + 1)}


def dice_totals(dice: int, scene: int | None = None) -> dict[int, Fraction]:
    """What `dice` Stakes may total, with no floating die: all thrown, or with scene stakes
    one of them the scene's die showing `scene` and the rest thrown."""
    _checked(dice, None)
    if scene is None:
        return sum_distribution(dice)
    return {scene + total: chance for total, chance in sum_distribution(dice - 1).items()}


def contest_odds(totals: dict[int, Fraction], attribute: int,
                 their_totals: dict[int, Fraction], their_attribute: int) -> ContestOdds:
    """The exact chances of a contest of `totals` against `their_totals`, scored as an
    opposed test is (`conflict.opposed_winner`: a Bust loses to a total that does not, equal
    totals go to the higher Attribute, equal Attributes or two Busts leave nobody the
    winner)."""
    from gmscreen.games.fistful.conflict import opposed_winner

    won = {"active": Fraction(0), "opposition": Fraction(0), None: Fraction(0)}
    for total, chance in totals.items():
        for their_total, their_chance in their_totals.items():
            won[opposed_winner(total, attribute, their_total, their_attribute)] += (
                chance * their_chance)

    def busts(chances: dict[int, Fraction], most: int) -> Fraction:
        return sum((p for total, p in chances.items() if total > most), Fraction(0))

    return ContestOdds(won["active"], won["opposition"], won[None], busts(totals, attribute),
                       busts(their_totals, their_attribute))


def duel_odds(coins: int, attribute: int, their_coins: int, their_attribute: int
              ) -> ContestOdds:
    """The exact chances of a High Stakes Duel of `coins` against `their_coins`."""
    return contest_odds(coin_totals(coins), attribute, coin_totals(their_coins),
                        their_attribute)


def opposed_odds(dice: int, attribute: int, their_dice: int, their_attribute: int,
                 scene: int | None = None) -> ContestOdds:
    """The exact chances of an opposed test (an attack too) of `dice` Stakes against
    `their_dice`, neither side floating a die; with scene stakes, the scene's die showing
    `scene` is one of each side's Stakes."""
    return contest_odds(dice_totals(dice, scene), attribute, dice_totals(their_dice, scene),
                        their_attribute)


def double_down_odds(total: int, attribute: int, challenge: int, count: int, *,
                     coins: bool = False, draw_wins: bool = False) -> Odds:
    """The exact chances of Doubling Down (line 93): `count` dice (or coins, heads 6 and
    tails 1, with the optional Double or Nothing coins) added to the `total` a plain
    failure left. A failure now is the catastrophe. `draw_wins`: an opposed test lost,
    whose draw goes to the doubler's higher Attribute (line 30), so meeting the other
    side's total succeeds."""
    added = coin_totals(count) if coins else sum_distribution(count)
    chances: dict[Result, Fraction] = {}
    for more, chance in added.items():
        result = result_of(total + more, attribute, challenge)
        if draw_wins and result is Result.FAILURE and total + more == challenge:
            result = Result.SUCCESS
        chances[result] = chances.get(result, Fraction(0)) + chance
    return _of(chances)


def _throws(thrown: int, scene: int | None) -> list[tuple[tuple[int, ...], int]]:
    """Every throw of `thrown` dice as its faces in order (the scene's die added when it is
    one of the Stakes) with the orders it may come in, of 6 ** `thrown`: each set of faces
    once, weighted by them."""
    throws = []
    for faces in combinations_with_replacement(range(1, 7), thrown):
        orders = factorial(thrown)
        for face in set(faces):
            orders //= factorial(faces.count(face))
        throws.append((faces + ((scene,) if scene is not None else ()), orders))
    return throws


@lru_cache(maxsize=256)
def opposed_floating_odds(dice: int, attribute: int, floating: Floating, their_dice: int,
                          their_attribute: int, their_floating: Floating,
                          scene: int | None = None) -> ContestOdds:
    """The exact chances of an opposed test (an attack too) of `dice` Stakes against
    `their_dice`, with a floating die on either side or both (`floating`: who takes a die
    away, "player" or "judge"; None for none), decided as `conflict_rules.opposed_test`
    does: the opposition's die taken away against Challenge 0, the active side's against
    the opposition's total, each by `conflict.chosen_removal`. With scene stakes the
    scene's die showing `scene` is one of each side's Stakes, and may be the one taken."""
    from gmscreen.games.fistful.conflict import chosen_removal, opposed_winner

    _checked(dice, floating)
    _checked(their_dice, their_floating)
    extra = 1 if scene is not None else 0

    def kept_total(pool: tuple[int, ...], most: int, challenge: int, chooser: Floating,
                   against: int | None = None) -> int:
        if chooser is None:
            return sum(pool)
        return sum(pool) - chosen_removal(pool, most, challenge, chooser, against)

    # counted in orders of the dice, whole numbers, and made chances once at the end (a
    # Fraction a sum took most of the time an Opposed form took to open)
    thrown, their_thrown = (dice - extra + (1 if floating else 0),
                            their_dice - extra + (1 if their_floating else 0))
    theirs: dict[int, int] = {}
    for pool, orders in _throws(their_thrown, scene):
        total = kept_total(pool, their_attribute, 0, their_floating)
        theirs[total] = theirs.get(total, 0) + orders
    won: dict[str | None, int] = {"active": 0, "opposition": 0, None: 0}
    busts = 0
    for pool, orders in _throws(thrown, scene):
        for their_total, their_orders in theirs.items():
            total = kept_total(pool, attribute, their_total, floating, their_attribute)
            both = orders * their_orders
            won[opposed_winner(total, attribute, their_total, their_attribute)] += both
            if total > attribute:
                busts += both
    every, their_every = 6 ** thrown, 6 ** their_thrown
    both_every = every * their_every
    return ContestOdds(Fraction(won["active"], both_every),
                       Fraction(won["opposition"], both_every), Fraction(won[None], both_every),
                       Fraction(busts, both_every),
                       Fraction(sum(n for total, n in theirs.items() if total > their_attribute),
                                their_every))
