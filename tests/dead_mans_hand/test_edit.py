"""Putting a model right from the roster: name, weapons, horse, hits left and markers."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.dead_mans_hand import RULES
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    EditModel,
    EndTurn,
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
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dead_mans_hand.helpers import Table, new_campaign
from tests.dead_mans_hand.test_game import leon_and_stephen
from tests.pilot import opened, set_field, synchronous, to_tab, until


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
    table.do(PlayResult("Kh"))  # the Outlaw falls: his hits may stand him up again
    assert editable(table.state, table.model("Outlaw")).markers is True
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



#: The duel under way: the Sly Shooter (value 4) played the 3♠ against the Big Oaf (3 hits)
#: and the table misread it as a hit, though 3 is below 4: they typed the 4♠ instead, and
#: the Oaf has 2 hits left where he should have all 3. A turn went on since.
MISREAD = (LoadScenario("duel-between-rivals"), SetUpGame("2s"), Deploy("Sly Shooter"),
           Deploy("Big Oaf"), UseModel("Sly Shooter", Move.STILL),
           MakeAttack("Big Oaf", "pistol", 30, ("4s", "9h")), PlayResult("4s"),
           UseModel("Big Oaf", Move.SLOW), EndTurn())


def test_during_a_game_the_hits_left_are_put_right_as_the_table_marks_them() -> None:
    """Line 116: the players mark the hits a model has left beside it or on the sheet. A mark
    set wrong turns ago is put right where it stands, as a Jack's marker is, without undoing
    the turns played since."""
    table = Table(*MISREAD)
    oaf = table.model("Big Oaf")
    assert (oaf.hits, oaf.hits_left) == (3, 2)
    events = table.do(EditModel("Big Oaf", "Big Oaf", oaf.weapons, horse=False, hits_left=3))
    assert table.model("Big Oaf").hits_left == 3
    assert RULES.describe(events[0]) == (
        "Big Oaf put right: Pistol, Big Blade, Brawling; 3 hits left.")
    # a rename alone leaves the hits as they are, and says nothing of them
    events = table.do(EditModel("Big Oaf", "Oaf", oaf.weapons, horse=False, hits_left=3))
    assert table.model("Oaf").hits_left == 3
    assert RULES.describe(events[0]) == (
        "Big Oaf, now Oaf, put right: Pistol, Big Blade, Brawling.")


def test_hits_left_beyond_the_start_or_none_or_off_the_table_are_refused() -> None:
    """From 0 to the hits the model started the game with, none left only with the coffin
    card it lies on (`test_stood_up`); and a model not on the table
    (here, while the posses are built) has no hits to mark."""
    table = Table(*MISREAD)
    before = table.state
    weapons = table.model("Big Oaf").weapons
    for hits in (4, True):
        with pytest.raises(RuleError) as refused:
            table.do(EditModel("Big Oaf", "Big Oaf", weapons, horse=False, hits_left=hits))
        assert (refused.value.rule, refused.value.field) == ("Hits", "hits_left")
        assert table.state == before
    with pytest.raises(RuleError, match="coffin card") as refused:
        table.do(EditModel("Big Oaf", "Big Oaf", weapons, horse=False, hits_left=0))
    assert refused.value.field == "coffin" and table.state == before
    building = Table(*showdown_commands())
    with pytest.raises(RuleError, match="only on a model on the table during a game"):
        building.do(EditModel("Big Jim", "Big Jim", ("dual-pistols",), horse=True,
                              hits_left=1))


@synchronous
async def test_the_edit_form_puts_the_hits_left_right_by_keys(tmp_path: Path) -> None:
    """At 80x24 the Dealer highlights the Oaf on the Characters tab, opens Edit, types 3 over
    the 2 hits left and saves: the tab reads 3/3."""
    campaign = new_campaign(tmp_path / "duel.toml")
    for command in MISREAD:
        campaign.execute(command)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")  # the red posse's table, the Oaf highlighted
        shown = await opened(pilot, "e")
        assert shown.values().text("hits_left") == "2"
        set_field(shown, "hits_left", "3")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        oaf = campaign.state.find("Big Oaf")
        assert oaf is not None and oaf.hits_left == 3


@synchronous
async def test_in_play_the_edit_form_opens_on_the_hits_left(tmp_path: Path) -> None:
    """During a game the Dealer mends hits and markers far more often than a name: the form
    opens on Hits left, its number taken whole by what is typed, so e, 3, Enter puts the
    Oaf's hits right. While the posses are built it opens on the Name, as before."""
    campaign = new_campaign(tmp_path / "duel.toml")
    for command in MISREAD:
        campaign.execute(command)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = await opened(pilot, "e")
        assert app.focused is shown.widget_of("hits_left")
        await pilot.press("3", "enter")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        oaf = campaign.state.find("Big Oaf")
        assert oaf is not None and oaf.hits_left == 3
    building = new_campaign(tmp_path / "building.toml")
    for command in showdown_commands():
        building.execute(command)
    app = GmScreenApp(building)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = await opened(pilot, "e")
        assert app.focused is shown.widget_of("name")
