"""Putting a model right from the roster: name, weapons, horse and markers."""

from __future__ import annotations

import pytest

from gmscreen.games.dead_mans_hand import RULES
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    EditModel,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.rules import Editable, editable
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import Phase
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.rules import RuleError
from tests.dead_mans_hand.helpers import Table
from tests.dead_mans_hand.test_game import leon_and_stephen


def test_while_building_the_weapons_are_plunder_bought_by_the_rules() -> None:
    table = Table(*showdown_commands())
    events = table.do(EditModel("Slim", "Slim Jim", ("shotgun",), horse=False))
    slim = table.model("Slim Jim")
    assert slim.kit == slim.weapons == ("shotgun", "brawling")
    assert table.state.find("Slim") is None
    assert RULES.describe(events[0]) == "Slim, now Slim Jim, put right: Shotgun, Brawling."
    assert RULES.subjects(events[0]) == {"Slim", "Slim Jim"}


def test_plunder_over_the_posses_points_is_refused_and_changes_nothing() -> None:
    table = Table(*showdown_commands())
    before = table.state
    # the Callahan Gang spends all 43 points: a horse more is too much
    with pytest.raises(RuleError, match="Plunder"):
        table.do(EditModel("Slim", "Slim", ("rifle",), horse=True))
    with pytest.raises(RuleError, match="already a model called Doc"):
        table.do(EditModel("Slim", "Doc", ("rifle",), horse=False))
    with pytest.raises(RuleError, match="Markers"):
        table.do(EditModel("Slim", "Slim", ("rifle",), horse=False, pinned=True))
    assert table.state == before


def test_during_a_game_a_lost_weapon_and_markers_can_be_put_back() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Sharpshooter", Move.STILL))
    table.do(MakeAttack("Rider", "rifle", 50, ("Jh", "2s")))
    table.do(PlayResult("Jh"))
    assert table.model("Rider").pinned and not table.model("Rider").horse
    # the Jack was a misreading: the Dealer takes it off and gives the horse back
    table.do(EditModel("Rider", "Rider", ("shotgun", "brawling"), horse=True))
    rider = table.model("Rider")
    assert rider.horse and not rider.pinned
    table.do(EditModel("Outlaw", "Outlaw", ("brawling",), horse=False, shaken=True))
    outlaw = table.model("Outlaw")
    assert outlaw.weapons == ("brawling",) and outlaw.kit == ("pistol", "brawling")
    assert outlaw.shaken


def test_during_a_game_only_the_models_own_kit() -> None:
    table = leon_and_stephen()
    with pytest.raises(RuleError, match="owns no Rifle"):
        table.do(EditModel("Outlaw", "Outlaw", ("rifle",), horse=False))
    with pytest.raises(RuleError, match="never had a horse"):
        table.do(EditModel("Outlaw", "Outlaw", ("pistol",), horse=True))


def test_renaming_the_model_in_use_keeps_the_turn() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Sharpshooter", Move.STILL))
    table.do(EditModel("Sharpshooter", "Eagle Eye", ("rifle", "brawling"), horse=False))
    assert table.turn().in_use == "Eagle Eye"
    table.do(MakeAttack("Outlaw", "rifle", 30, ("2h", "3s")))
    with pytest.raises(RuleError, match="still being resolved"):
        table.do(EditModel("Outlaw", "Bandit", ("pistol", "brawling"), horse=False))


def test_what_edit_may_change_follows_the_moment() -> None:
    """The rules say what the Edit form offers: plunder while building; during a game the
    model's own kit, its horse if it ever had one, and markers only on the table; between
    games nothing but the name."""
    building = Table(*showdown_commands())
    assert editable(building.state, building.model("Slim")) == Editable(
        "plunder", horse=True, markers=False)
    table = leon_and_stephen()
    assert editable(table.state, table.model("Rider")) == Editable(
        "carried", horse=True, markers=True)
    assert editable(table.state, table.model("Outlaw")).horse is False
    table.do(UseModel("Sharpshooter", Move.STILL))
    table.do(MakeAttack("Outlaw", "rifle", 30, ("Kh", "3s")))
    table.do(PlayResult("Kh"))  # the Outlaw falls: off the table, no markers for him
    assert editable(table.state, table.model("Outlaw")).markers is False
    duel = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                 Deploy("Sly Shooter"), UseModel("Big Oaf", Move.STILL),
                 MakeAttack("Sly Shooter", "pistol", 50, ("Kh", "3c")), PlayResult("Kh"))
    assert duel.state.phase is Phase.AFTER_GAME
    assert editable(duel.state, duel.model("Big Oaf")) == Editable("", horse=False,
                                                                    markers=False)


def test_a_weapon_listed_twice_is_refused_during_a_game_and_between_games() -> None:
    """A model has one of each piece of its kit; a form that lists one twice must not leave
    it holding two (its attack would find the weapon twice)."""
    table = leon_and_stephen()
    before = table.state
    with pytest.raises(RuleError, match="carries Rifle only once") as refused:
        table.do(EditModel("Sharpshooter", "Sharpshooter", ("rifle", "rifle"), horse=False))
    assert refused.value.field == "weapons" and table.state == before
    duel = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                 Deploy("Sly Shooter"), UseModel("Big Oaf", Move.STILL),
                 MakeAttack("Sly Shooter", "pistol", 50, ("Kh", "3c")), PlayResult("Kh"))
    assert duel.state.phase is Phase.AFTER_GAME
    kit = duel.model("Big Oaf").weapons
    with pytest.raises(RuleError, match="only once"):
        duel.do(EditModel("Big Oaf", "Big Oaf", (*kit, kit[0]), horse=False))
