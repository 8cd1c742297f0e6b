"""Refusals that name the field the Dealer most likely typed wrong, and names that would read
as the app's own words for the other side.

- Lines 45-47, 63-65: a weapon that does not reach the yards measured was refused on the
  Weapon field, so the cursor left the Yards the Dealer had just typed. It names the Yards;
  a weapon that cannot fire at all after this move (a rifle after moving, a civilian's
  Bow) still names the Weapon, whatever the yards.
- Line 9: the app calls the sides "the red posse" and "the black posse". A red posse named
  "The black posse" read, in the log and the recap, as the other side ("The black posse
  joins..." beside "the black posse's turn"): a name that reads as the other side's colour
  is refused, naming the field."""

from __future__ import annotations

import pytest

from gmscreen.games.dead_mans_hand.commands import (
    LoadScenario,
    MakeAttack,
    NamePosse,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.rules import RuleError
from tests.dead_mans_hand.helpers import Table, deploy_all
from tests.dead_mans_hand.test_bad_input import refused


def shooter(move: Move) -> Table:
    """Duel between Rivals, black first: the Sly Shooter (pistol, derringers, fists) used
    with `move`, the Big Oaf his target."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2s"))
    deploy_all(table)
    table.do(UseModel("Sly Shooter", move))
    return table


def test_a_weapon_out_of_reach_of_the_yards_names_the_yards() -> None:
    table = shooter(Move.STILL)
    refused(table, MakeAttack("Big Oaf", "pistol", 70, ("2c", "3c")), "Range", "yards")
    refused(table, MakeAttack("Big Oaf", "derringers", 20, ("2c",)), "Range", "yards")


def test_the_refusal_names_the_weapons_that_do_reach() -> None:
    """The yards may be right and the weapon wrong: the refusal says which of the model's
    weapons would reach, so the Dealer knows to pick another, or to measure again."""
    table = shooter(Move.STILL)
    with pytest.raises(RuleError) as caught:
        table.do(MakeAttack("Big Oaf", "derringers", 20, ("2c",)))
    assert caught.value.message == ("Derringers reach 10 yards, not 20; the Pistol reaches "
                                    "that far")
    with pytest.raises(RuleError) as caught:
        table.do(MakeAttack("Big Oaf", "pistol", 70, ("2c", "3c")))
    assert caught.value.message == "Pistol reaches 60 yards, not 70"  # nothing does


def test_a_weapon_that_cannot_fire_after_the_move_names_the_weapon() -> None:
    """Jailbreak!: a sharpshooter's rifle fires only standing still (lines 52-54)."""
    table = Table(LoadScenario("jailbreak"), SetUpGame("2h"))
    deploy_all(table)
    red = table.state.red.models[0]
    target = table.state.black.models[0].name
    table.do(UseModel(red.name, Move.SLOW))
    refused(table, MakeAttack(target, "rifle", 5, ("2c",)), "Range", "weapon")


@pytest.mark.parametrize("name", ["The black posse", "black posse", "BLACK", "the  Black",
                                  "Ｂｌａｃｋ Posse"])
def test_a_red_posse_named_as_the_black_one_is_refused(name: str) -> None:
    refused(Table(), NamePosse("red", name, "Leon"), "Names", "name")


@pytest.mark.parametrize("name", ["Red posse", "the red posse", "Black Hats", "Blackwater"])
def test_a_posse_may_take_its_own_colour_or_a_name_that_only_holds_the_other(name: str) -> None:
    table = Table(NamePosse("red", name, "Leon"))
    assert table.state.red.name == name
    refused(table, NamePosse("black", "the red posse"), "Names", "name")
