"""The attack step by step: modifiers, Rapid Fire, Rending, suppression, abilities."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from gmscreen.core.cards import Card
from gmscreen.games.devils_bluff.attack import (
    Setup,
    attacks,
    defence_modifier,
    resolve,
    skill_modifier,
    steps,
)
from gmscreen.games.devils_bluff.gangs import weapons
from gmscreen.games.devils_bluff.hands import Outcome
from tests.devils_bluff.helpers import cards

BASE = Setup(skl=9, weapon=weapons()["Revolver"], attacker_tokens=0, attacker_ability="",
             target_def=7, target_stealth=0, target_tokens=0, target_ability="")


class Pile:
    """Cards in a fixed order, counting what was drawn."""

    def __init__(self, text: str) -> None:
        self.cards: Iterator[Card] = iter(cards(text))
        self.drawn = 0

    def __call__(self, n: int) -> tuple[Card, ...]:
        self.drawn += n
        return tuple(next(self.cards) for _ in range(n))


def test_rapid_fire_doubles_att_within_half_range() -> None:
    assert attacks(BASE) == 2
    assert attacks(replace(BASE, half_range=True)) == 4
    assert attacks(replace(BASE, half_range=True, rapid_fire="plus one")) == 3
    rifle = replace(BASE, weapon=weapons()["Rapid Fire Rifle"], half_range=True)
    assert attacks(rifle) == 2


def test_battle_skill_modifiers() -> None:
    assert skill_modifier(replace(BASE, obscured=True)) == -3
    assert skill_modifier(replace(BASE, attacker_tokens=2)) == -4
    assert skill_modifier(replace(BASE, target_stealth=1)) == -1
    assert skill_modifier(replace(BASE, obscured=True, attacker_tokens=1, target_stealth=1)) \
        == -6


def test_defence_modifiers() -> None:
    assert defence_modifier(BASE, 1) == -1
    assert defence_modifier(replace(BASE, cover="light"), 0) == 1
    assert defence_modifier(replace(BASE, cover="heavy"), 1) == 2
    assert defence_modifier(replace(BASE, evading=True), 0) == 2
    # digest 3.1: a Defence test for each hit, each with the modifiers: a Revolver within
    # half range draws four, three hit; in light cover a 5 is 6 and fails DEF 7, a 6 is 7
    pile = Pile("Th Jc 2c Qd 5h 6h 9s")
    report = resolve(replace(BASE, half_range=True, cover="light"), pile)
    assert report.hits == 3 and pile.drawn == 7
    assert [(t.result, t.passed) for t in report.defence] == [(6, False), (7, True),
                                                              (10, True)]
    assert report.damage == 1


def test_a_plain_attack() -> None:
    # two tests against SKL 9: a 10 hits, a 5 misses; one Defence test against DEF 7: a 3 fails
    pile = Pile("Th 5c 3d")
    report = resolve(BASE, pile)
    assert (report.hits, report.damage, pile.drawn) == (1, 1, 3)
    assert [t.result for t in report.skill] == [10, 5]
    assert not report.defence[0].passed


def test_no_hits_no_defence_tests() -> None:
    pile = Pile("2c 3c")
    report = resolve(BASE, pile)
    assert (report.hits, report.damage, report.defence, pile.drawn) == (0, 0, (), 2)


def test_an_ace_is_one_and_a_king_does_not_crit() -> None:
    report = resolve(BASE, Pile("Ah Kh 2c"))
    assert [t.result for t in report.skill] == [1, 13]
    assert report.critical_hits == 0


def test_the_steps_show_a_king_as_13_and_say_a_cap() -> None:
    # module line 31: a King is 13; the steps show it so, not the dice's 12
    report = resolve(BASE, Pile("Kc Kh 9c 9d"))
    assert steps(BASE, report).startswith("SKL 9+: K♣ 13 hit, K♥ 13 hit")
    # modified above 12, the core's cap makes it 12, and the steps say why
    shot_back = replace(BASE, free_bonus=3)
    assert "K♣ 12 (capped from 16) hit" in steps(shot_back, resolve(shot_back,
                                                                    Pile("Kc 2h 2c 2d")))
    # the table's other reading: a King is a 12 before any modifier, said so
    capped = replace(BASE, king_capped_first=True, attacker_tokens=2)
    assert "K♣ 8 (King as 12) miss" in steps(capped, resolve(capped, Pile("Kc 2h")))


def test_rending_deals_its_damage_on_a_critical_hit_before_defence() -> None:
    shotgun = replace(BASE, weapon=weapons()["Shotgun"])
    # the hand forces a critical hit; the drawn test misses; the Defence test passes
    report = resolve(shotgun, Pile("2c Kd"), Outcome.CRITICAL)
    assert (report.hits, report.critical_hits, report.rending, report.damage) == (1, 1, 1, 1)
    # the same with a failed Defence test: 1 from Rending and 2 DMG
    report = resolve(shotgun, Pile("2c 2d"), Outcome.CRITICAL)
    assert report.damage == 3


def test_a_failed_hand_is_a_miss() -> None:
    report = resolve(BASE, Pile("2c"), Outcome.FAILURE)
    assert report.hits == 0


def test_suppressing_gives_a_token_for_an_attack_that_hits() -> None:
    rifle = replace(BASE, weapon=weapons()["Rifle"])
    assert resolve(rifle, Pile("Th Kd")).target_tokens == 1
    assert resolve(rifle, Pile("2h")).target_tokens == 0
    capped = replace(rifle, target_tokens=2)
    assert resolve(capped, Pile("Th Kd")).target_tokens == 2
    two_hits = replace(BASE, weapon=replace(weapons()["Rifle"], att=2), suppressing="per hit")
    assert resolve(two_hits, Pile("Th Jh Kd Kc")).target_tokens == 2


def test_evading_gives_plus_two_and_costs_a_token() -> None:
    evading = replace(BASE, evading=True)
    # a 5 on DEF 7 passes with +2
    report = resolve(evading, Pile("Th 2c 5d"))
    assert report.damage == 0 and report.target_tokens == 1
    assert resolve(evading, Pile("2h 2c")).target_tokens == 1
    strict = replace(evading, evade_token_always=False)
    assert resolve(strict, Pile("2h 2c")).target_tokens == 0


def test_precise_shot() -> None:
    setup = replace(BASE, attacker_ability="Precise Shot")
    report = resolve(setup, Pile("2c Kd"), Outcome.CRITICAL)
    # PRC 0 + 3 takes the King's 12 to 9, still a pass on DEF 7
    assert report.fired == ("Precise Shot",) and report.dmg == 4 and report.damage == 0
    report = resolve(setup, Pile("2c 9d"), Outcome.CRITICAL)
    assert report.damage == 4


def test_run_and_gun() -> None:
    setup = replace(BASE, attacker_ability="Run and Gun", attacker_tokens=2)
    report = resolve(setup, Pile("2c 2d"), Outcome.CRITICAL)
    assert report.dmg == 2 and report.damage == 2
    assert report.attacker_tokens == 0 and report.free_advance


def test_hail_of_fire() -> None:
    report = resolve(replace(BASE, attacker_ability="Hail of Fire"), Pile("2c 2d"),
                     Outcome.CRITICAL)
    assert report.free_attacks == 2
    assert resolve(replace(BASE, attacker_ability="Hail of Fire"), Pile("Tc 3d Kc")) \
        .free_attacks == 0


def test_return_fire_throws_the_hits_away() -> None:
    setup = replace(BASE, weapon=weapons()["Rifle"], target_ability="Return Fire")
    report = resolve(setup, Pile("Tc"), defend=lambda: Outcome.CRITICAL)
    assert report.return_fire and report.damage == 0 and report.target_tokens == 0
    assert report.fired == ("Return Fire",)
    # without the ability a critical Defence test is only a save (digest 3.1): the hit
    # stands, so the Rifle's Suppressing token comes, and nobody shoots back
    plain = resolve(replace(setup, target_ability=""), Pile("Tc"),
                    defend=lambda: Outcome.CRITICAL)
    assert (plain.hits, plain.damage, plain.target_tokens) == (1, 0, 1)
    assert not plain.return_fire and plain.fired == ()


def test_the_defender_lays_a_hand_only_when_a_defence_test_comes() -> None:
    laid: list[bool] = []

    def defend() -> Outcome:
        laid.append(True)
        return Outcome.FAILURE
    resolve(BASE, Pile("2c 2d"), defend=defend)
    assert laid == []
    report = resolve(BASE, Pile("Tc 2d"), defend=defend)
    assert laid == [True] and report.damage == 1


def test_the_steps_name_each_card_and_result() -> None:
    setup = replace(BASE, obscured=True, cover="light")
    report = resolve(setup, Pile("Ks 2d 9h"))
    assert steps(setup, report) == ("SKL 9+ at -3 (obscured -3): K♠ 10 hit, 2♦ 1 miss; "
                                    "DEF 7+ at +1 (light cover +1): 9♥ 10 saved")
    shotgun = replace(BASE, weapon=weapons()["Shotgun"])
    report = resolve(shotgun, Pile("2c 2d"), Outcome.CRITICAL)
    assert steps(shotgun, report) == ("SKL 9+: hand critical success, 2♣ 2 miss; "
                                      "DEF 7+ at -1 (PRC -1): 2♦ 1 failed; Rending 1")
