"""Every row of the play sheet's weapon table and moving rules, from the rulebook."""

from __future__ import annotations

import pytest

from gmscreen.games.dead_mans_hand.attack import (
    attack_refused,
    card_count,
    describe_count,
    move_refused,
    moved_far,
    moving_target,
    weapon_choices,
)
from gmscreen.games.dead_mans_hand.state import Model
from gmscreen.games.dead_mans_hand.weapons import (
    WEAPONS,
    Band,
    Move,
    Reach,
    answer_reach,
    attack_reach,
    could_reach,
    reaches,
    weapon,
)

# (id, long shot, normal, civilian, power) as the play sheet gives them; None is "n/a"
PLAY_SHEET = [
    ("rifle", 100, None, 50, 2),
    ("pistol", 60, 40, 20, 2),
    ("dual-pistols", None, 40, None, 3),
    ("shotgun", None, 30, 30, 3),
    ("sawn-off", None, 10, 10, 4),
    ("derringers", None, 10, 10, 3),
    ("tomahawks", None, 10, None, 3),
    ("bow", 60, 40, None, 2),
    ("brawling", None, 5, 5, 2),
    ("big-blade", None, 5, 5, 3),
]

# the plunder prices of the Dramatic Showdown
PRICES = {"rifle": 6, "pistol": 3, "dual-pistols": 6, "shotgun": 3, "sawn-off": 3,
          "derringers": 2, "tomahawks": 2, "bow": 3, "big-blade": 1}


def test_the_table_has_every_weapon_and_no_other() -> None:
    assert set(WEAPONS) == {row[0] for row in PLAY_SHEET}


@pytest.mark.parametrize(("weapon_id", "long_shot", "normal", "civilian", "power"), PLAY_SHEET)
def test_each_row_of_the_weapon_table(weapon_id, long_shot, normal, civilian, power) -> None:
    arm = weapon(weapon_id)
    assert (arm.long_shot, arm.normal, arm.civilian, arm.power) == (
        long_shot, normal, civilian, power)


@pytest.mark.parametrize(("weapon_id", "price"), PRICES.items())
def test_plunder_prices(weapon_id: str, price: int) -> None:
    assert weapon(weapon_id).price == price


def test_what_comes_free_and_what_runs_out_and_what_civilians_cannot_use() -> None:
    assert weapon("dual-pistols").includes == "pistol"
    assert weapon("tomahawks").includes == "big-blade"
    assert {w for w in WEAPONS if weapon(w).runs_out} == {"derringers", "tomahawks"}
    assert {w for w in WEAPONS if not weapon(w).civilians} == {"dual-pistols", "tomahawks", "bow"}
    assert weapon("brawling").price_for(civilian=False) == 0
    assert weapon("brawling").price_for(civilian=True) == 1


def test_an_unknown_weapon_is_named() -> None:
    with pytest.raises(ValueError, match="no weapon 'lasso'"):
        weapon("lasso")


def band(weapon_id: str, civilian: bool, move: Move, yards: int) -> Band | None:
    reach = attack_reach(weapon_id, civilian, move, yards)
    return reach.band if reach else None


def answer_yards(weapon_id: str, civilian: bool) -> int | None:
    reach = answer_reach(weapon_id, civilian)
    return reach.yards if reach else None


def why(reason: str | None) -> str:
    assert reason is not None, "expected a refusal"
    return reason


class TestRanges:
    def test_standing_still_reaches_long_shot(self) -> None:
        assert attack_reach("pistol", False, Move.STILL, 55) == reaches(
            "pistol", False, Move.STILL)[1]
        assert band("pistol", False, Move.STILL, 55) is Band.LONG_SHOT
        assert band("pistol", False, Move.STILL, 40) is Band.NORMAL
        assert attack_reach("pistol", False, Move.STILL, 61) is None

    @pytest.mark.parametrize("move", [Move.SLOW, Move.QUICK, Move.FLAT_OUT])
    def test_after_a_move_only_normal_range(self, move: Move) -> None:
        assert band("pistol", False, move, 40) is Band.NORMAL
        assert attack_reach("pistol", False, move, 41) is None
        assert attack_reach("bow", False, move, 41) is None

    @pytest.mark.parametrize("move", [Move.SLOW, Move.QUICK, Move.FLAT_OUT])
    def test_rifles_fire_only_standing_still(self, move: Move) -> None:
        assert reaches("rifle", False, move) == ()
        assert band("rifle", False, Move.STILL, 100) is Band.LONG_SHOT
        assert attack_reach("rifle", False, Move.STILL, 101) is None

    def test_a_civilian_standing_still_reaches_the_normal_column(self) -> None:
        assert band("pistol", True, Move.STILL, 40) is Band.NORMAL
        assert attack_reach("pistol", True, Move.STILL, 41) is None  # never Long Shot
        assert band("pistol", True, Move.STILL, 20) is Band.CIVILIAN

    def test_a_civilian_who_moved_reaches_the_civilian_column(self) -> None:
        assert band("pistol", True, Move.SLOW, 20) is Band.CIVILIAN
        assert attack_reach("pistol", True, Move.SLOW, 21) is None

    def test_a_civilian_rifle_reaches_fifty_yards_standing_only(self) -> None:
        assert band("rifle", True, Move.STILL, 50) is Band.CIVILIAN
        assert attack_reach("rifle", True, Move.STILL, 51) is None
        assert attack_reach("rifle", True, Move.SLOW, 5) is None

    @pytest.mark.parametrize("weapon_id", ["dual-pistols", "tomahawks", "bow"])
    def test_civilians_cannot_use(self, weapon_id: str) -> None:
        assert reaches(weapon_id, True, Move.STILL) == ()
        assert answer_reach(weapon_id, True) is None

    def test_answering_uses_normal_or_civilian_range_never_long_shot(self) -> None:
        assert answer_yards("pistol", False) == 40
        assert answer_yards("pistol", True) == 20
        assert answer_yards("bow", False) == 40
        assert answer_reach("rifle", False) is None
        assert answer_reach("rifle", True) is None  # a rifle never answers

    def test_could_reach_is_the_longest_standing_reach(self) -> None:
        assert could_reach("rifle", False, 100)
        assert could_reach("pistol", False, 60)
        assert not could_reach("shotgun", False, 31)


def a_model(**fields: object) -> Model:
    base: dict[str, object] = {"name": "Slim", "colour": "black", "value": 8, "hits": 1,
                               "kit": ("pistol", "brawling"), "weapons": ("pistol", "brawling"),
                               "hits_left": 1}
    base.update(fields)
    return Model(**base)  # type: ignore[arg-type]


class TestMoves:
    def test_yards_of_each_move(self) -> None:
        assert [m.yards for m in Move] == [0, 10, 20, 30]

    def test_the_penalty_and_the_marker(self) -> None:
        assert [moved_far(m) for m in Move] == [False, False, True, True]
        assert [moving_target(m) for m in Move] == [False, False, False, True]

    def test_flat_out_on_foot_cannot_attack_but_a_rider_can(self) -> None:
        assert "flat out on foot" in why(attack_refused(a_model(), Move.FLAT_OUT, stopped=False))
        assert attack_refused(a_model(horse=True), Move.FLAT_OUT, stopped=False) is None
        assert attack_refused(a_model(), Move.QUICK, stopped=False) is None

    def test_a_queen_stops_the_next_attack(self) -> None:
        assert "Queen" in why(attack_refused(a_model(), Move.STILL, stopped=True))

    def test_a_jack_stops_the_next_move_but_not_standing(self) -> None:
        pinned = a_model(pinned=True)
        assert "Jack" in why(move_refused(pinned, Move.SLOW))
        assert move_refused(pinned, Move.STILL) is None
        assert move_refused(a_model(), Move.FLAT_OUT) is None

    def test_weapon_choices_say_which_reach(self) -> None:
        rifleman = a_model(weapons=("rifle", "pistol", "brawling"))
        choices = {c.weapon: c for c in weapon_choices(rifleman, Move.SLOW, 30)}
        assert choices["rifle"].reach is None and "standing still" in why(choices["rifle"].why_not)
        assert choices["pistol"].reach == Reach(Band.NORMAL, 40)
        assert choices["brawling"].why_not == "Brawling reaches 5 yards, not 30"


class TestCardCount:
    def test_power_alone(self) -> None:
        assert card_count("sawn-off").total == 4

    def test_each_modifier(self) -> None:
        assert card_count("pistol", friends_near=True).total == 3
        assert card_count("pistol", from_behind=True).total == 3
        assert card_count("pistol", cover=True).total == 1
        assert card_count("pistol", target_moving=True).total == 1
        assert card_count("pistol", attacker_moved_far=True).total == 1

    def test_the_sharpshooters_three_cards(self) -> None:
        """Rifle 2, an ally near +1, the Outlaw's back +1, barrels in the way -1: 3 cards."""
        count = card_count("rifle", friends_near=True, from_behind=True, cover=True)
        assert count.total == 3
        assert describe_count(count, "rifle") == (
            "Rifle 2 +1 friends within 10 yards +1 from behind -1 target in cover = 3 cards")

    def test_never_fewer_than_one_card(self) -> None:
        count = card_count("pistol", cover=True, target_moving=True, attacker_moved_far=True)
        assert count.power + sum(d for _, d in count.modifiers) == -1
        assert count.total == 1
        # the attack form and the refusal of a wrong count say the least is kept, not "= 1"
        assert describe_count(count, "pistol") == (
            "Pistol 2 -1 target in cover -1 moving target -1 moved more than 10 yards = -1, "
            "but an attack draws at least 1 card")
