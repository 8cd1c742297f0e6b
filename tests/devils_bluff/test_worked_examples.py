"""Every worked example and sample number of the module and the Open Fire digest, played
through the decider with the example's own cards: a command in, the event's result out.

Line numbers are the module's file; sections the digest's. Examples proved through the
decider elsewhere are named in docs/rules/devils-bluff.md beside these."""

from __future__ import annotations

import pytest

from gmscreen.core.cards import card_from_code
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    AttributeTest,
    EndActivation,
    Recover,
)
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from tests.devils_bluff.helpers import Table, one_off
from tests.devils_bluff.test_book import given_ability, with_tokens
from tests.devils_bluff.test_game import attack_ready, total_cards
from tests.devils_bluff.test_readings import agreed, hendry_to_act


def cole_to_act(fighter: str) -> Table:
    """The one-off sample with Sheriff Cole's `fighter` activating."""
    table = one_off()
    if table.state.battle.turn != COLE:  # type: ignore[union-attr]
        table.execute(Activate("Jesse Hendry"))
        table.execute(EndActivation("Jesse Hendry"))
    table.execute(Activate(fighter))
    return table


# -- The Draw (module line 31) -------------------------------------------------------------


@pytest.mark.parametrize(("code", "value"), [
    ("Ah", 1), ("2h", 2), ("7h", 7), ("Th", 10), ("Jh", 11), ("Qh", 12), ("Kh", 13)])
def test_a_card_drawn_for_a_test_counts_its_face_value(code: str, value: int) -> None:
    # line 31: Ace 1, numbers as printed, Jack 11, Queen 12, King 13; then discarded
    table, shooter, _ = attack_ready()
    table.stack(code)
    (event,) = table.execute(AttributeTest(shooter, "CMD"))
    assert event.data["result"] == value
    assert table.state.deck.discards[-1] == card_from_code(code)


def test_a_king_drawn_is_a_success_but_never_a_critical() -> None:
    # line 31: only a played hand is a critical success; a King is a plain 13
    table, shooter, target = attack_ready()
    table.stack("Kh")
    (event,) = table.execute(AttributeTest(shooter, "CMD"))
    assert event.data["outcome"] == "success"
    table.stack("Kc Ks 2d 3d")
    (event,) = table.execute(Attack(shooter, target))
    assert event.data["hits"] == 2 and event.data["critical_hits"] == 0


# -- Playing your hand (module lines 43-89) -------------------------------------------------


@pytest.mark.parametrize("against", ["Jc Jd 4h 4s 6c", "Ac Ad 2h 4s 6c"],
                         ids=["two pairs", "one pair"])
def test_three_of_a_kind_beats_two_pairs_or_one_pair(against: str) -> None:
    # line 49, the book's example: Eli Crane lays three of a kind; Ma Hendry lays two pairs
    # (or one pair) against it; the three must beat it, and does: a critical hit
    table, shooter, target = attack_ready()
    table.give(COLE, "5c 5d 5h 9s Kc")
    table.give(HENDRY, against)
    table.stack("2c 2s")  # the second test misses; the Defence test fails
    (event,) = table.execute(Attack(shooter, target, hand=True, contest=(HENDRY,)))
    assert event.data["skill_hand"]["outcome"] == "critical success"
    assert event.data["critical_hits"] == 1 and event.data["damage"] == 1
    # line 51: every hand laid is discarded
    assert table.state.hand(COLE) == () and table.state.hand(HENDRY) == ()
    assert total_cards(table) == 52


def test_two_pairs_laid_against_three_of_a_kind_lose() -> None:
    # line 49 turned round: the tester's two pairs do not beat the other's three
    table, shooter, target = attack_ready()
    table.give(COLE, "Jc Jd 4h 4s 6c")
    table.give(HENDRY, "5c 5d 5h 9s Kc")
    table.stack("2c")
    (event,) = table.execute(Attack(shooter, target, hand=True, contest=(HENDRY,)))
    assert event.data["skill_hand"]["outcome"] == "failure" and event.data["hits"] == 0


def test_a_royal_flush_against_a_royal_flush_is_still_a_critical_success() -> None:
    # line 89: even when two players lay a Royal Flush, the tester's is critical
    table, shooter, target = attack_ready()
    table.give(COLE, "Th Jh Qh Kh Ah")
    table.give(HENDRY, "Ts Js Qs Ks As")
    table.stack("2c 2d")
    (event,) = table.execute(Attack(shooter, target, hand=True, contest=(HENDRY,)))
    assert event.data["skill_hand"]["outcome"] == "critical success"
    assert event.data["critical_hits"] == 1


def test_a_lone_hand_with_no_valid_hand_is_a_failure() -> None:
    # line 47: laid alone, an invalid hand fails the test
    table, shooter, _ = attack_ready()
    table.give(COLE, "2c 5d 9h Js Kc")
    (event,) = table.execute(AttributeTest(shooter, "CMD", hand=True))
    assert event.data["outcome"] == "failure"


# -- Abilities (module lines 145-163) -------------------------------------------------------


def test_precise_shot_adds_three_dmg_and_three_prc() -> None:
    # line 151: Ruth Cole's Rifle (DMG 2, PRC 1) wins a critical: DMG 5, PRC 4. Dutch
    # (DEF 7, HP 8) draws a 10: 10 - 4 = 6 fails, and he takes 5
    table = cole_to_act("Ruth Cole")
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.stack("Tc")
    (event,) = table.execute(Attack("Ruth Cole", "Dutch", hand=True))
    assert event.data["fired"] == ["Precise Shot"]
    assert "DEF 7+ at -4 (PRC -4): 10♣ 6 failed" in event.data["line"]
    assert event.data["damage"] == 5 and table.fighter("Dutch").hp == 3


def test_run_and_gun_adds_one_dmg_and_drops_the_tokens() -> None:
    # line 159: Eli Crane's Revolver (DMG 1) deals 2 a failed test on a critical
    table, shooter, target = attack_ready()
    given_ability(table, shooter, "Run and Gun")
    with_tokens(table, shooter, 2)
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.stack("2c 2d")
    (event,) = table.execute(Attack(shooter, target, hand=True))
    assert event.data["damage"] == 2 and event.data["attacker_tokens"] == 0
    assert event.data["free_advance"] is True


# -- Open Fire's numbers (the digest) --------------------------------------------------------


def test_a_modifier_of_plus_two_makes_a_six_an_eight() -> None:
    # 1.2 (56): +2 turns a 6 into an 8. An evading model's Defence test is at +2: Dutch
    # (DEF 7) draws a 6, which is 8 and saves (a 6 alone would fail)
    table, shooter, target = attack_ready()
    table.stack("Kc 2c 6d")
    (event,) = table.execute(Attack(shooter, target, evading=True))
    assert "DEF 7+ at +2 (evading +2): 6♦ 8 saved" in event.data["line"]
    assert event.data["damage"] == 0 and event.data["target_tokens"] == 1


def test_skl_nine_at_minus_four_a_king_hits_and_a_queen_misses() -> None:
    # 6.4: SKL 9 with -4 (two suppression tokens, 2.3/3.5): a King, 13 - 4 = 9, hits; a
    # Queen, 12 - 4 = 8, misses
    table = with_tokens(hendry_to_act(one_off(), "Dutch"), "Dutch", 2)
    table.stack("Kc Qc 2d")
    (event,) = table.execute(Attack("Dutch", "Deputy Ames"))
    assert "SKL 9+ at -4 (2 tokens -4): K♣ 9 hit, Q♣ 8 miss" in event.data["line"]
    assert event.data["hits"] == 1
    # the table's other reading (6.4): a King is a 12 before any modifier, so it misses too
    table = agreed(with_tokens(hendry_to_act(one_off(), "Dutch"), "Dutch", 2),
                   king_capped_first=True)
    table.stack("Kc Qc")
    (event,) = table.execute(Attack("Dutch", "Deputy Ames"))
    assert event.data["hits"] == 0


def test_a_revolver_within_half_range_makes_four_attacks() -> None:
    # 4 (194) and 3.2: a Revolver (RNG 16, ATT 2) within 8" doubles to ATT 4
    table = hendry_to_act(one_off(), "Dutch")
    table.stack("Tc Jc Qc 2c 2d 2h 2s")
    (event,) = table.execute(Attack("Dutch", "Deputy Ames", half_range=True))
    assert len(event.data["skill"]) == 4 and event.data["hits"] == 3
    assert len(event.data["defence"]) == 3
    # the later rules' reading, a setting: +1 ATT, so 3
    table = agreed(hendry_to_act(one_off(), "Dutch"), rapid_fire="plus one")
    table.stack("Tc Jc Qc 2d 2h 2s")
    (event,) = table.execute(Attack("Dutch", "Deputy Ames", half_range=True))
    assert len(event.data["skill"]) == 3


@pytest.mark.parametrize(("defence", "damage"), [("7d", 3), ("8d", 1)])
def test_a_shotgun_s_critical_hit_rends_then_tests_defence(defence: str, damage: int) -> None:
    # 4 (196): Shotgun, Rending (1): a critical hit deals 1 at once, then a Defence test at
    # -1 (PRC 1); a failure adds DMG 2 more. Ma Hendry lays a pair for the first test;
    # Deputy Ames (DEF 7) draws a 7 (6 at -1, fails: 3 in all) or an 8 (7, saved: 1)
    table = hendry_to_act(one_off(), "Ma Hendry")
    table.give(HENDRY, "9c 9d 2h 5s Qc")
    table.stack(f"2c {defence}")
    hp = table.fighter("Deputy Ames").hp
    (event,) = table.execute(Attack("Ma Hendry", "Deputy Ames", hand=True))
    assert event.data["critical_hits"] == 1 and event.data["damage"] == damage
    assert "Rending 1" in event.data["line"]
    assert table.fighter("Deputy Ames").hp == hp - damage


def test_recover_fail_pass_and_critical() -> None:
    # 2.3 (91): a fail sheds a token and spends the action; a pass sheds one and gives an
    # extra action; a critical (a hand) sheds every token and gives an extra action. Dutch
    # (CMD 8), two tokens, two actions
    table = with_tokens(hendry_to_act(one_off(), "Dutch"), "Dutch", 2)
    table.stack("7c")
    (event,) = table.execute(Recover("Dutch"))
    assert (event.data["outcome"], event.data["tokens"], event.data["actions_left"]) \
        == ("failure", 1, 1)
    table = with_tokens(hendry_to_act(one_off(), "Dutch"), "Dutch", 2)
    table.stack("8c")
    (event,) = table.execute(Recover("Dutch"))
    assert (event.data["outcome"], event.data["tokens"], event.data["actions_left"]) \
        == ("success", 1, 2)
    table = with_tokens(hendry_to_act(one_off(), "Dutch"), "Dutch", 2)
    table.give(HENDRY, "9c 9d 2h 5s Qc")
    (event,) = table.execute(Recover("Dutch", hand=True))
    assert (event.data["outcome"], event.data["tokens"], event.data["actions_left"]) \
        == ("critical success", 0, 2)


def test_fists_up_close_are_one_attack_of_one_damage() -> None:
    # 3.1 (119): in assault range a gun gives way to RNG 1, ATT 1, DMG 1, PRC 0: one card
    # is drawn for the Battle Skill test, and a failed Defence test (no PRC) costs 1
    table = hendry_to_act(one_off(), "Dutch")
    table.stack("Tc 6d")
    (event,) = table.execute(Attack("Dutch", "Deputy Ames", assault_range=True))
    assert len(event.data["skill"]) == 1 and event.data["damage"] == 1
    assert "DEF 7+: 6♦ 6 failed" in event.data["line"]


def test_a_rifle_that_hits_gives_a_suppression_token() -> None:
    # 4 (195): a Suppressing weapon that hits gives its target a token, whatever its
    # Defence test; at most two. Preacher's Rifle hits Deputy Ames, who saves
    table = hendry_to_act(one_off(), "Preacher")
    table.stack("Tc Kd")
    (event,) = table.execute(Attack("Preacher", "Deputy Ames"))
    assert event.data["hits"] == 1 and event.data["damage"] == 0
    assert table.fighter("Deputy Ames").tokens == 1
