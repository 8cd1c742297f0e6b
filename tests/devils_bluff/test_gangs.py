"""The module's unit, weapon, perk and ability tables, and the limits of a gang."""

from __future__ import annotations

import pytest

from gmscreen.games.devils_bluff.gangs import (
    GangError,
    Profile,
    Recruit,
    abilities,
    gun_names,
    perks,
    profile,
    units,
    verify_ready,
    verify_roster,
    weapons,
)
from tests.devils_bluff.helpers import recruit


def test_unit_profiles() -> None:
    assert units()["Gang Leader"] == Profile(5, 8, 6, 7, 10)
    assert units()["Gunslinger"] == Profile(5, 9, 7, 8, 8)


@pytest.mark.parametrize(("name", "rules", "numbers"), [
    ("Shotgun", ("Rending (1)",), {"rng": 8, "att": 2, "dmg": 2, "prc": 1}),
    ("Rifle", ("Suppressing",), {"rng": 30, "att": 1, "dmg": 2, "prc": 1}),
    ("Revolver", ("Rapid Fire",), {"rng": 16, "att": 2, "dmg": 1, "prc": 0}),
    ("Rapid Fire Rifle", (), {"rng": 20, "att": 2, "dmg": 1, "prc": 1}),
])
def test_weapons(name: str, rules: tuple[str, ...], numbers: dict[str, int]) -> None:
    weapon = weapons()[name]
    assert {key: getattr(weapon, key) for key in numbers} == numbers
    assert weapon.rules == rules


def test_the_guns_on_offer_leave_out_the_close_combat_fallback() -> None:
    assert gun_names() == ["Rapid Fire Rifle", "Revolver", "Rifle", "Shotgun"]
    assert weapons()["Shotgun"].rule_value("Rending") == 1
    assert weapons()["Revolver"].rule_value("Rapid Fire") == 0
    assert weapons()["Rifle"].rule_value("Rapid Fire") is None


# each perk on a Gunslinger (5, 9, 7, 8, 8)
@pytest.mark.parametrize(("perk", "expected"), [
    ("Quick", Profile(6, 9, 7, 8, 8)),
    ("Lightfoot", Profile(7, 9, 7, 8, 6)),
    ("Deadly", Profile(5, 8, 7, 8, 8)),
    ("Sharpshooter", Profile(5, 8, 7, 8, 7)),
    ("Deft", Profile(5, 9, 6, 8, 8)),
    ("Cunning", Profile(5, 9, 7, 6, 8)),
    ("Tough", Profile(5, 9, 7, 8, 9)),
    ("Brute", Profile(5, 10, 7, 8, 10)),
    ("Fearsome", Profile(5, 9, 7, 8, 8, ("Fear",))),
    ("Veteran", Profile(5, 9, 7, 8, 8, ("Fearless",))),
    ("Hunter", Profile(5, 9, 7, 8, 8, ("Scout",))),
    ("Stealthy", Profile(5, 9, 7, 8, 8, ("Stealth (1)",))),
])
def test_each_perk_changes_the_profile(perk: str, expected: Profile) -> None:
    assert profile("Gunslinger", [perk]) == expected


def test_there_are_twelve_perks_and_five_abilities() -> None:
    assert len(perks()) == 12
    assert list(abilities()) == ["Hail of Fire", "Precise Shot", "Return Fire", "Run and Gun",
                                 "Shrug it Off"]


def test_perks_add_up() -> None:
    assert profile("Gang Leader", ["Deadly", "Sharpshooter", "Tough"]) == Profile(5, 6, 6, 7, 10)


def rule_of(models: list[Recruit]) -> str:
    with pytest.raises(GangError) as caught:
        verify_roster(models)
    return caught.value.rule


def test_a_perk_is_taken_once_and_levels_stop_at_four() -> None:
    assert rule_of([recruit("A", "Revolver", "Quick", "Quick")]) == "Perks"
    assert rule_of([recruit("A", "Revolver", "Quick", "Deft", "Tough", "Deadly", "Cunning")]) \
        == "Experience"


def test_abilities_come_at_the_third_level_at_most_three_a_gang_none_twice() -> None:
    assert rule_of([recruit("A", "Revolver", "Quick", "Deft", ability="Hail of Fire")]) \
        == "Abilities"
    three = ("Quick", "Deft", "Tough")
    able = [recruit(n, "Revolver", *three, ability=a) for n, a in
            (("A", "Hail of Fire"), ("B", "Precise Shot"), ("C", "Run and Gun"))]
    verify_roster(able)
    assert rule_of([*able, recruit("D", "Revolver", *three, ability="Return Fire")]) \
        == "Abilities"
    assert rule_of([able[0], recruit("D", "Revolver", *three, ability="Hail of Fire")]) \
        == "Abilities"


def test_a_gang_has_at_most_ten_and_one_leader() -> None:
    eleven = [recruit(f"G{i}", hired=True) for i in range(11)]
    assert rule_of(eleven) == "Gang size"
    leaders = [recruit("A", unit="Gang Leader"), recruit("B", unit="Gang Leader")]
    assert rule_of(leaders) == "Gang Leader"


def test_weapons_come_from_the_list() -> None:
    assert rule_of([recruit("A", "Gatling")]) == "Weapons"
    assert rule_of([recruit("A", "Fists and Knives")]) == "Weapons"


def test_a_one_off_gang_is_four_three_two_and_hired() -> None:
    leader = recruit("L", "Shotgun", "Quick", "Deft", "Tough", "Deadly", unit="Gang Leader")
    custom = [recruit("C3", "Rifle", "Quick", "Deft", "Tough"), recruit("C2", "Rifle", "Quick",
                                                                         "Deft")]
    hired = [recruit(f"H{i}", hired=True) for i in range(7)]
    verify_ready([leader, *custom, *hired], "one-off", "controlled choice")
    with pytest.raises(GangError, match="One-off gang"):
        verify_ready([leader, custom[0], *hired], "one-off", "controlled choice")


def test_controlled_choice_needs_five_revolvers() -> None:
    leader = recruit("L", "Shotgun", "Quick", unit="Gang Leader")
    four = [recruit(f"H{i}", hired=True) for i in range(4)]
    rifles = [recruit(f"R{i}", "Rifle", hired=True) for i in range(5)]
    with pytest.raises(GangError, match="Controlled choice"):
        verify_ready([leader, *four, *rifles], "campaign", "controlled choice")
    verify_ready([leader, *four, *rifles], "campaign", "pool")
    verify_ready([leader, *four, recruit("H9", hired=True)], "campaign", "controlled choice")


def test_a_hired_gun_has_no_levels() -> None:
    assert rule_of([recruit("A", "Revolver", "Quick", hired=True)]) == "Hiring"
