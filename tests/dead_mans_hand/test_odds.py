"""The odds of an attack, checked against counting every draw by hand."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

from gmscreen.games.dead_mans_hand.odds import Attack, Tier, all_in_odds, draw_odds
from gmscreen.games.dead_mans_hand.pack import FULL_PACK, without
from tests.dead_mans_hand.helpers import model

SHOOTER = model("Shooter", "red", value=6, weapons=("pistol",))
TARGET = model("Target", "black", value=8, weapons=("pistol",))


def brute_force(attack: Attack, count: int, pile: tuple[str, ...]) -> dict[Tier, Fraction]:
    seen: dict[Tier, int] = {}
    hands = list(combinations(range(len(pile)), count))
    for hand in hands:
        best = min(attack.tier(pile[i]) for i in hand)
        seen[best] = seen.get(best, 0) + 1
    return {tier: Fraction(n, len(hands)) for tier, n in sorted(seen.items())}


def test_one_card_from_the_full_pack() -> None:
    attack = Attack(SHOOTER, TARGET, "pistol", 30)
    odds = draw_odds(attack, 1, FULL_PACK)
    # red 6 to 10 and the red King take the one-hit target down: 12 of 54
    assert odds[Tier.TAKES_DOWN] == Fraction(12, 54)
    assert odds[Tier.AGAINST_YOU] == Fraction(3 * 2 + 4 * 2, 54)  # black 8-10, J Q K A
    assert sum(odds.values()) == 1


def test_exact_against_every_hand_of_a_small_pile() -> None:
    pile = ("2c", "8s", "9h", "Ah", "Qs", "Jd", "*", "5h", "Kc", "3d")
    attack = Attack(SHOOTER, model("Boss", "black", value=6, hits=2), "pistol", 10)
    for count in (1, 2, 3, 4):
        assert draw_odds(attack, count, pile) == brute_force(attack, count, pile)


def test_out_of_the_targets_reach_its_cards_do_nothing() -> None:
    attack = Attack(SHOOTER, TARGET, "pistol", 55)  # a Long Shot: the target cannot answer
    assert Tier.AGAINST_YOU not in draw_odds(attack, 3, FULL_PACK)


def test_all_in_for_the_sharpshooters_three_cards() -> None:
    sharpshooter = model("Sharpshooter", "red", value=6, weapons=("rifle",))
    outlaw = model("Outlaw", "black", value=8, weapons=("pistol",))
    attack = Attack(sharpshooter, outlaw, "rifle", 35)
    drawn = ("Qc", "2s", "3h")
    pile = without(FULL_PACK, drawn)
    odds = all_in_odds(attack, drawn, pile, attack.ranked)  # single games: no coffin cards
    assert odds.best[Tier.TAKES_DOWN] == Fraction(12, 51)  # red 6-10, red Kings
    assert sum(odds.best.values()) == 1
    # the black Queen stays for the target whenever it can still answer; a red Ace (2 of 51)
    # takes its pistol, and a red Queen (2) stops it, and a kill (12) ends it
    assert odds.answered == Fraction(51 - 2 - 2 - 12, 51)


def test_a_joker_that_wins_the_duel_counts_as_taking_the_target_down() -> None:
    """Lines 102, 104, 114: the Big Oaf (value 9, 3 hits) shoots the Sly Shooter (1 hit) at
    60 yards, out of the Shooter's reach, with two cards from the 53 left after the set-up
    K♥. He lays the Shooter down with a red 9 or 10, the K♦, or a Joker (both are hit; the
    Oaf keeps 2 of his 3): 7 cards of 53. The line of odds said "down 18%" (5 cards: a
    Joker beside a card doing nothing counted as nothing), where the form offers the Joker
    and the Oaf's chance is 1 - C(46,2)/C(53,2)."""
    oaf = model("Big Oaf", "red", value=9, hits=3, weapons=("pistol", "big-blade"))
    shooter = model("Sly Shooter", "black", value=4, weapons=("pistol", "derringers"))
    pile = [code for code in FULL_PACK if code != "Kh"]
    odds = draw_odds(Attack(oaf, shooter, "pistol", 60), 2, pile)
    assert odds[Tier.TAKES_DOWN] == 1 - Fraction(comb(46, 2), comb(53, 2))
    assert Tier.BOTH_HIT not in odds  # two Jokers take the Shooter down too
