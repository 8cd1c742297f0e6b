"""Building a posse for the Dramatic Showdown, and the book's six scenarios."""

from __future__ import annotations

import pytest

from gmscreen.games.dead_mans_hand.posse import (
    Recruitment,
    budget,
    cost,
    kit,
    model_cost,
    showdown_posse_problems,
    spent,
    verify_model,
    verify_showdown_recruit,
)
from gmscreen.games.dead_mans_hand.scenarios import SCENARIOS, scenario_models
from gmscreen.games.dead_mans_hand.state import COLOURS, Model
from gmscreen.journal.rules import RuleError


def recruit(name: str = "Slim", value: int = 8, hits: int = 1, weapons: tuple[str, ...] = (),
            civilian: bool = False, horse: bool = False) -> Recruitment:
    return Recruitment("red", name, value, hits, weapons, civilian, horse)


def joined(r: Recruitment) -> Model:
    carried = kit(r.weapons, r.civilian)
    return Model(r.name, r.colour, r.value, r.hits, carried, r.civilian, r.horse, r.horse,
                 hits_left=r.hits, weapons=carried)


class TestKit:
    def test_brawling_comes_free_to_all_but_civilians(self) -> None:
        assert kit(("pistol",), civilian=False) == ("pistol", "brawling")
        assert kit(("pistol",), civilian=True) == ("pistol",)
        assert kit(("pistol", "brawling"), civilian=True) == ("pistol", "brawling")

    def test_dual_pistols_bring_a_pistol_and_tomahawks_a_big_blade(self) -> None:
        assert kit(("dual-pistols",), False) == ("dual-pistols", "pistol", "brawling")
        assert kit(("tomahawks",), False) == ("tomahawks", "big-blade", "brawling")

    def test_buying_the_free_piece_again_is_refused(self) -> None:
        with pytest.raises(RuleError, match="Dual Pistols already come with a Pistol"):
            kit(("dual-pistols", "pistol"), False)
        with pytest.raises(RuleError, match="carries Shotgun only once"):
            kit(("shotgun", "shotgun"), False)

    @pytest.mark.parametrize("weapon", ["dual-pistols", "tomahawks", "bow"])
    def test_civilians_cannot_carry(self, weapon: str) -> None:
        with pytest.raises(RuleError, match="Civilians: a civilian cannot use") as error:
            kit((weapon,), civilian=True)
        assert error.value.field == "weapons"

    def test_unknown_weapons_are_named(self) -> None:
        with pytest.raises(RuleError, match="no weapon 'cannon'"):
            kit(("cannon",), False)


class TestPrices:
    def test_the_price_list(self) -> None:
        assert cost(("rifle", "pistol"), civilian=False, horse=True) == 6 + 3 + 6
        assert cost(("dual-pistols",), False, False) == 6
        assert cost(("tomahawks",), False, False) == 2
        assert cost(("derringers", "big-blade", "bow", "sawn-off", "shotgun"), False, False) == 12

    def test_civilians_pay_nine_for_a_horse_and_one_for_brawling(self) -> None:
        assert cost(("shotgun",), civilian=True, horse=True) == 3 + 9
        assert cost(("brawling",), civilian=True, horse=False) == 1
        assert cost(("brawling",), civilian=False, horse=False) == 0

    def test_a_model_costs_what_it_bought_not_what_came_free(self) -> None:
        assert model_cost(joined(recruit(weapons=("dual-pistols",), horse=True))) == 12

    def test_each_civilian_adds_three_points(self) -> None:
        posse = [joined(recruit("A", civilian=True)), joined(recruit("B"))]
        assert budget(posse) == 43


class TestShowdownPosse:
    def test_one_leader_at_six_with_two_hits_the_rest_eight_with_one(self) -> None:
        leader = joined(recruit("Boss", 6, 2))
        verify_showdown_recruit(recruit("Boss", 6, 2), [])
        with pytest.raises(RuleError, match="Leader"):
            verify_showdown_recruit(recruit("Boss2", 6, 2), [leader])
        with pytest.raises(RuleError, match="Starting values"):
            verify_showdown_recruit(recruit("Ace", 5, 1), [])

    def test_eight_models_at_most(self) -> None:
        posse = [joined(recruit(f"M{i}")) for i in range(8)]
        with pytest.raises(RuleError, match="Posse size: a showdown posse has 8"):
            verify_showdown_recruit(recruit("Ninth"), posse)

    def test_forty_points_and_no_more(self) -> None:
        posse = [joined(recruit(f"M{i}", weapons=("rifle",))) for i in range(6)]  # 36
        verify_showdown_recruit(recruit("Four", weapons=("pistol", "big-blade")), posse)
        with pytest.raises(RuleError, match="costs 6 points and the posse would spend 42 of"):
            verify_showdown_recruit(recruit("Over", weapons=("rifle",)), posse)

    def test_a_civilian_brings_its_own_three_points(self) -> None:
        posse = [joined(recruit(f"M{i}", weapons=("rifle",))) for i in range(6)]  # 36
        verify_showdown_recruit(recruit("Clerk", weapons=("rifle",), civilian=True), posse)

    def test_a_ready_posse_has_no_problems(self) -> None:
        posse = [joined(recruit("Boss", 6, 2, ("rifle",)))]
        posse += [joined(recruit(f"M{i}", weapons=("pistol",))) for i in range(7)]
        assert spent(posse) == 27
        assert showdown_posse_problems(posse) == []
        assert showdown_posse_problems(posse[1:]) == [
            "it has 7 models, not 8", "nobody starts at value 6 with 2 hits"]

    def test_names_values_and_hits(self) -> None:
        with pytest.raises(RuleError, match="Names"):
            verify_model(recruit("  "))
        with pytest.raises(RuleError, match="a value is from 2 to 10, not 11"):
            verify_model(recruit(value=11))
        with pytest.raises(RuleError, match="Hits"):
            verify_model(recruit(hits=0))


# name, count, value, hits, weapons as the book lists each side (lines 165-259); nobody is
# a civilian, so each also brawls (lines 92, 130), listed or not, and what comes free with a
# weapon comes too
Roster = tuple[str, int, int, int, tuple[str, ...]]
BOOK_SCENARIOS: dict[str, list[Roster]] = {
    "take-that-bastard-down": [("Hardbitten Gunman", 1, 3, 4,
                                ("dual-pistols", "pistol", "sawn-off", "brawling")),
                               ("Town Militia", 7, 8, 1, ("rifle", "brawling"))],
    "skirmish-on-the-plains": [("Apache Raider", 6, 6, 1,
                                ("shotgun", "tomahawks", "big-blade", "brawling")),
                               ("Rifleman", 6, 6, 1, ("rifle", "pistol", "brawling"))],
    "hes-coming-right-for-us": [("Rampaging Bear", 1, 4, 6, ("big-blade", "brawling")),
                                ("Hunter", 2, 7, 1, ("shotgun", "brawling"))],
    "duel-between-rivals": [("Big Oaf", 1, 9, 3, ("pistol", "big-blade", "brawling")),
                            ("Sly Shooter", 1, 4, 1, ("pistol", "derringers", "brawling"))],
    "defend-the-wagon": [("Settler", 6, 8, 1, ("shotgun", "brawling")),
                         ("Robber", 6, 7, 1, ("pistol", "brawling"))],
    "jailbreak": [("Sharpshooter", 2, 5, 2, ("rifle", "brawling")),
                  ("Convict", 5, 6, 2, ("big-blade", "brawling"))],
}


def test_every_model_of_every_scenario_brawls() -> None:
    """All who are not civilians have Brawling (lines 92, 130); the book's scenario sheets
    name it for some sides only, and nobody in them is a civilian."""
    for scenario in SCENARIOS.values():
        for model in scenario_models(scenario):
            assert "brawling" in model.weapons and "brawling" in model.kit, model.name


@pytest.mark.parametrize("scenario_id", BOOK_SCENARIOS)
def test_each_scenario_as_the_book_gives_it(scenario_id: str) -> None:
    models = scenario_models(SCENARIOS[scenario_id])
    for colour, (name, count, value, hits, weapons) in zip(
            COLOURS, BOOK_SCENARIOS[scenario_id], strict=True):
        side = [m for m in models if m.colour == colour]
        assert len(side) == count
        assert all(m.name.startswith(name) for m in side)
        assert {(m.value, m.hits, m.weapons, m.civilian, m.horse) for m in side} == {
            (value, hits, weapons, False, False)}
    assert len({m.name for m in models}) == len(models)


def test_the_scenarios_are_the_books_six_in_order() -> None:
    assert list(SCENARIOS) == list(BOOK_SCENARIOS)
    assert [m.name for m in scenario_models(SCENARIOS["hes-coming-right-for-us"])] == [
        "Rampaging Bear", "Hunter 1", "Hunter 2"]
