"""A step taken back and taken again offers the cards the table already turned over.

The Dealer sent an attack on the wrong target (or at the wrong yards), pressed ctrl+z and
attacked again: the app dealt new cards, where the table had seen the first ones, and a
player could ask for an undo until the cards served. The form of a step taken again
after an undo now holds the cards of the step taken back (the attack's, All In's, the
set-up card, each draw for the fallen), and says so; cleared, the app deals anew. Once
another step stands after the undo, nothing is offered."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand.commands import (
    DrawForTheFallen,
    EndTurn,
    GoAllIn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import deploy_all, model_in_use, new_campaign
from tests.pilot import opened, synchronous, to_tab


@synchronous
async def test_an_attack_taken_back_offers_its_cards_again(tmp_path: Path) -> None:
    for name, after in (("c.toml", ()), ("later.toml", (EndTurn(), UseModel(
            "Apache Raider 1", Move.STILL)))):
        campaign = model_in_use(tmp_path / name, "skirmish-on-the-plains", "6s", "Rifleman 1")
        campaign.execute(MakeAttack("Apache Raider 3", "rifle", 30, ("Kd", "9h")))
        campaign.undo()  # the wrong target
        for step in after:
            campaign.execute(step)
        app = GmScreenApp(campaign)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_tab(pilot, "Conflict")
            shown = await opened(pilot, "a")
            if after:  # another step stands after the undo: nothing is offered
                assert shown.values().text("cards") == ""
                assert not shown.note
            else:
                assert shown.values().text("cards") == "Kd 9h"
                assert "taken back" in shown.note


@synchronous
async def test_all_in_and_the_set_up_taken_back_offer_their_card(tmp_path: Path) -> None:
    campaign = model_in_use(tmp_path / "c.toml", "skirmish-on-the-plains", "6s", "Rifleman 1")
    campaign.execute(MakeAttack("Apache Raider 3", "rifle", 30, ("2d", "3h")))
    campaign.execute(GoAllIn("Qc"))
    campaign.undo()
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "i")
        assert shown.values().text("card") == "Qc"
    other = new_campaign(tmp_path / "s.toml")
    other.execute(LoadScenario("skirmish-on-the-plains"))
    other.execute(SetUpGame("8c"))
    other.undo()
    app = GmScreenApp(other)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "g")
        assert shown.values().text("card") == "8c"


@synchronous
async def test_the_draws_for_the_fallen_taken_back_are_offered_again(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    for command in (*showdown_commands(), SetUpGame("5h")):
        campaign.execute(command)
    deploy_all(campaign)
    for command in (UseModel("Slim", Move.STILL), MakeAttack("Stubby", "rifle", 60, ("9h", "2c")),
                    PlayResult("9h")):
        campaign.execute(command)
    for fighter in campaign.state.black.on_table():
        campaign.execute(Surrender(fighter.name))
    campaign.execute(DrawForTheFallen((("Stubby", "9d"),)))
    campaign.undo()
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "v")
        assert [shown.values().text(f.key) for f in shown.fields] == ["9d"]
