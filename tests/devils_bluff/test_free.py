"""Free actions an ability offers come at once ("immediately", module lines 147, 155, 159):
taken, or forgone, before anything else; forgoing one costs the model nothing."""

from __future__ import annotations

from gmscreen.games.devils_bluff.commands import Attack, Forgo, Move
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from tests.devils_bluff.test_book import given_ability
from tests.devils_bluff.test_game import attack_ready, refused


def test_hail_of_fire_s_attacks_come_at_once_or_are_forgone() -> None:
    table, shooter, target = attack_ready()
    given_ability(table, shooter, "Hail of Fire")
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.stack("2c 2d")
    table.execute(Attack(shooter, target, hand=True))
    refused(table, Move(shooter, "Advance"), "Hail of Fire")
    (event,) = table.execute(Forgo())
    assert event.data == {"fighter": shooter, "forgone": "Hail of Fire",
                          "line": f"{shooter} forgoes the free attacks of Hail of Fire"}
    activation = table.state.battle.activation  # type: ignore[union-attr]
    assert activation is not None and activation.free_attacks == 0
    assert activation.actions_left == 1
    table.execute(Move(shooter, "Advance"))
    assert table.fighter(shooter).activated


def test_return_fire_may_be_forgone() -> None:
    table, shooter, target = attack_ready()
    given_ability(table, target, "Return Fire")
    table.give(HENDRY, "Jc Jd 2h 4s 6c")
    table.stack("Kc 2c")
    table.execute(Attack(shooter, target, defender_hand=True))
    refused(table, Move(shooter, "Advance"), "Return Fire")
    (event,) = table.execute(Forgo())
    assert event.data["forgone"] == "Return Fire"
    assert table.state.battle.return_fire is None  # type: ignore[union-attr]
    # the attacker's second action is still its own
    table.execute(Move(shooter, "Advance"))
    assert table.fighter(shooter).activated


def test_run_and_gun_s_advance_comes_at_once_or_is_forgone() -> None:
    table, shooter, target = attack_ready()
    given_ability(table, shooter, "Run and Gun")
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.stack("2c 2d")
    table.execute(Attack(shooter, target, hand=True))
    refused(table, Move(shooter, "Rush"), "Run and Gun")
    table.execute(Forgo())
    table.execute(Move(shooter, "Rush"))
    assert table.fighter(shooter).activated


def test_forgoing_needs_something_free_on_offer() -> None:
    table, _, _ = attack_ready()
    refused(table, Forgo(), "Free actions")
