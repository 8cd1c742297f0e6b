"""An evening with round 33 (round 34): the defaults and shortcuts of round 33 played
together. An attack taken back (ctrl+z) and taken again offers the cards the table turned
over; it offers its own target and weapon with them, not the enemy attacked before it."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand.commands import EndTurn, MakeAttack, PlayResult, UseModel
from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import down_to
from tests.dead_mans_hand.test_fewest_keys import wagon
from tests.pilot import form_up, synchronous, to_tab, until


@synchronous
async def test_an_attack_taken_back_is_offered_again_at_its_own_target_and_weapon(
        tmp_path: Path) -> None:
    # Settler 3 shot Robber 1 last turn; this turn it hit Robber 3 with its fists, and the
    # Dealer takes it back to mend the yards
    campaign = wagon(tmp_path / "c.toml",
                     UseModel("Settler 3", Move.STILL),
                     MakeAttack("Robber 1", "shotgun", 25, ("5h", "3h", "4h")),
                     PlayResult("3h"),
                     UseModel("Robber 2", Move.STILL), EndTurn(),
                     UseModel("Settler 3", Move.STILL),
                     MakeAttack("Robber 3", "brawling", 5, ("6h", "7h")))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state.attack is None)
        await pilot.press("a")
        shown = await form_up(pilot)
        values = shown.values()
        assert values.text("cards") == "6h 7h"
        # before: Robber 1 (attacked before) with the Shotgun, the keys on the Yards, so
        # 4 Enter sent the two cards and a third dealt at Robber 1
        assert values.text("target") == "Robber 3"
        assert values.text("weapon") == "brawling"
        assert shown.focused is not None and shown.focused.id == "f-yards"
        await pilot.press("4", "enter")
        await until(pilot, lambda: campaign.state.attack is not None)
        attack = campaign.state.attack
        assert attack is not None
        assert (attack.target, attack.weapon, attack.yards, attack.cards) == (
            "Robber 3", "brawling", 4, ("6h", "7h"))


@synchronous
async def test_an_enemy_highlighted_still_comes_first_after_an_attack_taken_back(
        tmp_path: Path) -> None:
    campaign = wagon(tmp_path / "c.toml", UseModel("Settler 3", Move.STILL),
                     MakeAttack("Robber 3", "brawling", 5, ("6h", "7h")))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state.attack is None)
        pane = app.query_one(ConflictPane)
        await down_to(pilot, pane, "Robber 2")
        await pilot.press("a")
        shown = await form_up(pilot)
        assert shown.values().text("target") == "Robber 2"
        assert shown.values().text("cards") == "6h 7h"
