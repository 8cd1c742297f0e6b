"""The attack form's Target: offered with reason, reached by letters.

An attack took about ten keys when its target was not the first enemy listed (shift+tab
twice to a drop-down, Enter, a letter, Enter). The target is now one of the enemies side by
side, letters typed choosing it, the Yards and the Cards one Tab apart after it (the weapon
that fires is offered already, above them); the form opens on it, unless the rules can
offer one with reason: the enemy the model in use attacked last this game while it still
stands, or the only enemy on the table. Then it opens on Yards, as before."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand.commands import (
    EndTurn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.fight import aimed_target
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.one_of import OneOf
from tests.dead_mans_hand.helpers import Table, deploy_all, model_in_use
from tests.dead_mans_hand.test_game import leon_and_stephen
from tests.pilot import opened, synchronous, to_tab, until


def test_no_target_is_offered_with_reason_before_the_first_attack() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Sharpshooter", Move.STILL))
    assert aimed_target(table.state) is None


def test_the_enemy_attacked_last_is_offered_again_while_it_stands() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Sharpshooter", Move.STILL))
    table.do(MakeAttack("Rider", "rifle", 50, ("2h", "3s")))
    table.do(PlayResult("2h"))  # a miss: the Rider stands
    for name, move in (("Outlaw", Move.STILL), ("Brave", Move.STILL), ("Rider", Move.STILL)):
        table.do(UseModel(name, move))
        table.do(EndTurn())
    table.do(UseModel("Sharpshooter", Move.STILL))
    assert aimed_target(table.state) == "Rider"


def test_the_enemy_attacked_last_is_not_offered_once_it_is_down() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Sharpshooter", Move.STILL))
    table.do(MakeAttack("Rider", "rifle", 50, ("10h", "3s")))
    table.do(PlayResult("10h"))  # the Rider's one hit: down
    assert not table.model("Rider").on_table
    table.do(UseModel("Outlaw", Move.STILL))
    table.do(EndTurn())
    table.do(UseModel("Sharpshooter", Move.STILL))
    # the Outlaw is the only enemy left on the table: offered for that reason
    assert aimed_target(table.state) == "Outlaw"


def test_the_only_enemy_on_the_table_is_offered() -> None:
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("3s"))
    deploy_all(table)
    table.do(UseModel("Sly Shooter", Move.STILL))
    assert aimed_target(table.state) == "Big Oaf"


@synchronous
async def test_the_form_opens_on_the_target_and_letters_choose_it(tmp_path: Path) -> None:
    campaign = model_in_use(tmp_path / "c.toml", "skirmish-on-the-plains", "6s", "Rifleman 1")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        target = shown.widget_of("target")
        assert isinstance(target, OneOf)
        assert app.focused is target
        await pilot.press("4")
        await until(pilot, lambda: shown.values().text("target") == "Apache Raider 4")
        await pilot.press("tab", "1", "2")  # Yards, next to it
        await until(pilot, lambda: shown.values().text("yards") == "12")


@synchronous
async def test_with_a_target_offered_the_form_opens_on_yards(tmp_path: Path) -> None:
    campaign = model_in_use(tmp_path / "c.toml", "duel-between-rivals", "3s", "Sly Shooter")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        assert shown.values().text("target") == "Big Oaf"
        assert app.focused is shown.widget_of("yards")
