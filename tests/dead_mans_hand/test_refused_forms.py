"""A form whose command the rules refuse stays open with what was typed, says the rule at
its foot (in sight at 80x24) and goes to the field the rule names; put right, it is sent."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    LoadScenario,
    MakeAttack,
    PlayResult,
    Recruit,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.state import Phase
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dead_mans_hand.helpers import new_campaign
from tests.pilot import fill, refusal_shown, synchronous, to_tab, until

DUEL = (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
        Deploy("Sly Shooter"))


@synchronous
async def test_an_attack_with_a_discarded_card_is_refused_then_put_right(
        tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    for command in (*DUEL, UseModel("Big Oaf", Move.STILL)):
        campaign.execute(command)
    assert campaign.state.pack.discard == ("2h",)  # the setup card
    events = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await fill(pilot, "a", yards="50", cards="2h 3c")
        assert shown.refusal.startswith("Pack: 2♥ is not in the pile: drawn already"), (
            shown.refusal)
        refusal_shown(app, "Pack")
        assert len(campaign.events) == events and campaign.state.attack is None
        assert shown.values()["yards"] == "50" and shown.values()["cards"] == "2h 3c"
        assert app.focused is shown.widget_of("cards")
        await fill(pilot, cards="Kh 3c")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        attack = campaign.state.attack
        assert attack is not None and attack.cards == ("Kh", "3c") and attack.yards == 50


@synchronous
async def test_a_recruit_with_a_name_taken_is_refused_then_put_right(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(Recruit("red", "Slim", 8, 1, ("pistol",), False, False))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = await fill(pilot, "r", weapons=["rifle"], name="Slim")
        assert shown.refusal == "Names: there is already a model called Slim"
        refusal_shown(app, "Names")
        assert app.focused is shown.widget_of("name")
        assert shown.values()["name"] == "Slim" and shown.values()["weapons"] == ("rifle",)
        assert [m.name for m in campaign.state.red.models] == ["Slim"]
        await fill(pilot, name="Slim Jim")
        await until(pilot, lambda: campaign.state.find("Slim Jim") is not None)
        jim = campaign.state.find("Slim Jim")
        assert jim is not None and "rifle" in jim.kit


@synchronous
async def test_a_typed_setup_card_refused_keeps_the_card(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await fill(pilot, "g", card="1x")
        refusal_shown(app, "Set-up card")
        assert shown.values()["card"] == "1x" and not campaign.state.pack.discard
        await fill(pilot, card="2h")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        assert campaign.state.pack.discard == ("2h",)


@synchronous
async def test_an_edit_refused_then_put_right(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    for command in (*DUEL, UseModel("Big Oaf", Move.STILL),
                    MakeAttack("Sly Shooter", "pistol", 50, ("Kh", "3c")), PlayResult("Kh")):
        campaign.execute(command)
    assert campaign.state.phase is Phase.AFTER_GAME
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # between games only the name changes: the form asks for nothing else
        shown = await fill(pilot, "e", name="Sly Shooter")  # Big Oaf, the first in red
        assert [field.key for field in shown.fields] == ["name"]
        assert shown.refusal == "Names: there is already a model called Sly Shooter"
        refusal_shown(app, "Names")
        assert app.focused is shown.widget_of("name")
        await fill(pilot, name="Big [b]Oaf")
        await until(pilot, lambda: campaign.state.find("Big [b]Oaf") is not None)
        oaf = campaign.state.find("Big [b]Oaf")
        assert oaf is not None and "pistol" in oaf.weapons


@pytest.mark.parametrize("yards", ["5.5", "²"])
@synchronous
async def test_yards_that_are_not_a_whole_number_are_refused_naming_the_field(
        tmp_path: Path, yards: str) -> None:
    # "5.5" was sent as 55 yards (the box dropped the point); a superscript two, which
    # reads as a digit but is no number, took the app down as the odds were worked out
    campaign = new_campaign(tmp_path / "c.toml")
    for command in (*DUEL, UseModel("Big Oaf", Move.STILL)):
        campaign.execute(command)
    events = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await fill(pilot, "a", yards=yards, cards="3c 4c")
        assert shown.refusal == f"Yards: {yards!r} is not a whole number", shown.refusal
        assert len(campaign.events) == events and campaign.state.attack is None
