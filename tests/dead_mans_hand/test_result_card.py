"""The result card, row by row of the book, and its worked example."""

from __future__ import annotations

import pytest

from gmscreen.games.dead_mans_hand.results import (
    ace_choices,
    answer_refused,
    apply,
    resolve,
    says,
)
from gmscreen.games.dead_mans_hand.state import Effect, Status
from tests.dead_mans_hand.helpers import model

# Leon's Apache sharpshooter (red) and Stephen's Outlaw (black), 35 yards apart
SHARPSHOOTER = model("Sharpshooter", "red", value=6, weapons=("rifle",))
OUTLAW = model("Outlaw", "black", value=8, weapons=("pistol",))


def attack(code: str, attacker=SHARPSHOOTER, target=OUTLAW, weapon="rifle", yards=35, **kw):
    return resolve(code, attacker, target, weapon, yards, **kw)


class TestColour:
    def test_the_attackers_colour_wins_for_the_attacker(self) -> None:
        outcome = attack("9h")  # red: Leon's
        assert (outcome.winner, outcome.loser, outcome.effect) == (
            "Sharpshooter", "Outlaw", Effect.HIT)

    def test_the_targets_colour_wins_for_the_target_in_normal_range(self) -> None:
        outcome = attack("9s", yards=40)
        assert (outcome.winner, outcome.loser, outcome.effect) == (
            "Outlaw", "Sharpshooter", Effect.HIT)
        assert outcome.answer_weapon == "pistol"

    def test_the_target_never_answers_at_long_shot(self) -> None:
        outcome = attack("9s", yards=41)  # the Outlaw's pistol has Long Shot 60, unused
        assert outcome.effect is Effect.NO_ANSWER
        assert "Outlaw cannot reach Sharpshooter at 41 yards" in outcome.reason
        assert says(outcome) == "no effect, as Outlaw cannot reach Sharpshooter at 41 yards"

    def test_a_target_with_only_a_rifle_never_answers(self) -> None:
        rifleman = model("Rifleman", "black", value=6, weapons=("rifle",))
        assert attack("Ks", target=rifleman, yards=10).effect is Effect.NO_ANSWER
        assert attack("Ks", target=rifleman, yards=5).effect is Effect.KILLED  # its fists

    def test_a_civilian_target_answers_at_civilian_range(self) -> None:
        townsman = model("Clerk", "black", civilian=True, weapons=("pistol",))
        assert attack("9s", target=townsman, yards=20).effect is Effect.HIT
        assert attack("9s", target=townsman, yards=21).effect is Effect.NO_ANSWER

    def test_a_joker_hits_both_whatever_the_range(self) -> None:
        outcome = attack("*", yards=90)
        assert outcome.effect is Effect.BOTH_HIT and outcome.winner is None
        assert apply(outcome, SHARPSHOOTER).status is Status.DOWN
        assert apply(outcome, OUTLAW).status is Status.DOWN
        assert says(outcome) == "both take a hit and go down on the Joker"
        tough = model("Outlaw", "black", value=8, hits=2, weapons=("pistol",))
        assert says(attack("*", target=tough)) == (
            "both take a hit; Sharpshooter goes down on the Joker")


class TestNumbers:
    @pytest.mark.parametrize(("code", "effect"), [("5h", Effect.MISS), ("6h", Effect.HIT),
                                                  ("Th", Effect.HIT), ("2d", Effect.MISS)])
    def test_at_least_the_winners_value_hits(self, code: str, effect: Effect) -> None:
        assert attack(code).effect is effect  # the sharpshooter's value is 6

    def test_the_winners_value_counts_when_the_target_wins(self) -> None:
        assert attack("7s").effect is Effect.MISS  # the Outlaw's value is 8
        assert attack("8s").effect is Effect.HIT

    def test_a_hit_takes_one_hit_and_the_last_lays_the_model_on_its_coffin_card(self) -> None:
        tough = model("Boss", "black", value=6, hits=2)
        once = apply(attack("9h", target=tough), tough)
        assert (once.hits_left, once.status) == (1, Status.ON_TABLE)
        twice = apply(attack("Th", target=once), once)
        assert (twice.hits_left, twice.status, twice.coffin) == (0, Status.DOWN, "Th")

    @pytest.mark.parametrize("weapon", ["derringers", "tomahawks"])
    def test_derringers_and_tomahawks_run_out_on_a_low_number(self, weapon: str) -> None:
        thrower = model("Thrower", "red", value=6, weapons=(weapon,))
        outcome = attack("3h", attacker=thrower, weapon=weapon, yards=10)
        assert outcome.effect is Effect.RAN_OUT and outcome.weapon == weapon
        left = apply(outcome, thrower).weapons
        assert weapon not in left
        if weapon == "tomahawks":
            assert "big-blade" in left  # the Big Blade they came with stays

    def test_other_weapons_do_not_run_out(self) -> None:
        assert attack("3h").effect is Effect.MISS

    def test_a_target_answers_with_a_weapon_that_does_not_run_out(self) -> None:
        sly = model("Sly", "black", value=4, weapons=("derringers", "pistol"))
        outcome = attack("2s", target=sly, yards=10)
        assert outcome.answer_weapon == "pistol" and outcome.effect is Effect.MISS

    def test_a_target_with_only_derringers_spends_them_on_a_low_number(self) -> None:
        sly = model("Sly", "black", value=4, weapons=("derringers",))
        outcome = attack("2s", target=sly, yards=10)
        assert outcome.effect is Effect.RAN_OUT and outcome.weapon == "derringers"
        assert apply(outcome, sly).weapons == ("brawling",)


class TestPictures:
    def test_king_kills_whatever_hits_are_left(self) -> None:
        bear = model("Bear", "black", value=4, hits=6, weapons=("big-blade",))
        dead = apply(attack("Kd", target=bear), bear)
        assert (dead.hits_left, dead.status, dead.coffin) == (0, Status.DOWN, "Kd")

    def test_jack_pins_and_kills_the_horse(self) -> None:
        rider = model("Rider", "black", horse=True)
        outcome = attack("Jh", target=rider)
        assert outcome.effect is Effect.PINNED and outcome.horse
        after = apply(outcome, rider)
        assert after.pinned and not after.horse
        assert says(outcome) == "Rider may not move next use and loses its horse"

    def test_queen_stops_the_next_attack_and_any_answer(self) -> None:
        shaken = apply(attack("Qh"), OUTLAW)
        assert shaken.shaken
        assert "Queen" in str(answer_refused(shaken, SHARPSHOOTER, 10))
        assert attack("Ks", target=shaken, yards=10).effect is Effect.NO_ANSWER

    def test_an_ace_takes_the_attackers_weapon_when_the_attacker_loses(self) -> None:
        gunman = model("Gunman", "red", value=3, hits=4, weapons=("dual-pistols", "sawn-off"))
        outcome = attack("Ac", attacker=gunman, weapon="dual-pistols", yards=20)
        assert outcome.loser == "Gunman" and outcome.weapon == "dual-pistols"
        assert apply(outcome, gunman).weapons == ("pistol", "sawn-off", "brawling")

    def test_an_ace_against_the_target_takes_one_that_reaches_the_winner(self) -> None:
        kid = model("Kid", "black", weapons=("shotgun", "derringers"))
        assert ace_choices(kid, 25) == ("shotgun",)
        assert attack("Ah", target=kid, yards=25).weapon == "shotgun"
        near = attack("Ah", target=kid, yards=8)
        assert near.needs_choice and near.choices == ("derringers", "shotgun")
        # the cheapest first: the one a loser most likely gives up (`test_ace_pick`)
        assert attack("Ah", target=kid, yards=5).choices == ("brawling", "derringers", "shotgun")
        assert attack("Ah", target=kid, yards=8, weapon_lost="derringers").weapon == "derringers"

    def test_a_free_weapon_may_be_given_up_like_any_other(self) -> None:
        """Lines 88, 92, 108: no model has a Pistol free; the Dual Pistols bring one, and
        everyone but a civilian has Brawling, which an Ace may take (line 92). The Pistol
        that came with the Dual Pistols is one of the model's weapons too: the loser may
        give it up and keep the pair; the book's promise is only that losing the pair
        leaves the Pistol, so once the Pistol is gone the pair leave nothing behind."""
        gunman = model("Gunman", "black", value=3, hits=4, weapons=("dual-pistols", "sawn-off"))
        assert gunman.weapons == ("dual-pistols", "pistol", "sawn-off", "brawling")
        assert ace_choices(gunman, 30) == ("pistol", "dual-pistols")
        assert set(ace_choices(gunman, 5)) == set(gunman.weapons)  # Brawling among them
        kept_pair = apply(attack("Ah", target=gunman, yards=30, weapon_lost="pistol"), gunman)
        assert kept_pair.weapons == ("dual-pistols", "sawn-off", "brawling")
        lost_pair = apply(attack("Ah", target=kept_pair, yards=30), kept_pair)
        assert lost_pair.weapons == ("sawn-off", "brawling")
        lost_pair_first = apply(attack("Ah", target=gunman, yards=30,
                                       weapon_lost="dual-pistols"), gunman)
        assert lost_pair_first.weapons == ("pistol", "sawn-off", "brawling")

    def test_out_of_reach_the_loser_picks_any(self) -> None:
        kid = model("Kid", "black", weapons=("shotgun",))
        assert ace_choices(kid, 90) == ("brawling", "shotgun")

    def test_a_pick_out_of_the_choices_is_refused(self) -> None:
        kid = model("Kid", "black", weapons=("shotgun", "derringers"))
        with pytest.raises(ValueError, match="must give up one of: Shotgun"):
            attack("Ah", target=kid, yards=25, weapon_lost="derringers")


class TestWorkedExample:
    """Leon's red sharpshooter goes all in and draws the red Ace; Stephen's Queen fails."""

    def test_the_red_ace_takes_the_outlaws_pistol(self) -> None:
        outcome = attack("Ah")
        assert (outcome.winner, outcome.effect, outcome.weapon) == (
            "Sharpshooter", Effect.DISARMED, "pistol")

    def test_stephens_queen_cannot_apply_once_the_pistol_is_gone(self) -> None:
        disarmed = apply(attack("Ah"), OUTLAW)
        assert disarmed.weapons == ("brawling",)
        queen = attack("Qs", target=disarmed)
        assert queen.effect is Effect.NO_ANSWER
        # with its pistol the Outlaw could have answered at 35 yards
        assert attack("Qs").effect is Effect.SHAKEN
