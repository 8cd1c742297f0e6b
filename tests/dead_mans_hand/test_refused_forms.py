"""A dialog whose command the rules refuse stays open with what was typed, says the rule at
its foot (in sight at 80x24) and goes to the field the rule names; put right, it is sent."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.app import App
from textual.widgets import Button, Input, SelectionList, Static

from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    LoadScenario,
    MakeAttack,
    PlayResult,
    Recruit,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes.forms import (
    AttackScreen,
    EditScreen,
    RecruitScreen,
    RuleForm,
)
from gmscreen.games.dead_mans_hand.state import Phase
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.test_panes import new_campaign


def shown_refusal(app: App[Any]) -> str:
    """The refusal at the dialog's foot, checked to be on the screen."""
    screen = app.screen
    assert isinstance(screen, RuleForm), f"the dialog closed: {screen!r}"
    line = screen.query_one("#refusal", Static)
    assert line.display and line.region.height > 0, "the refusal is not shown"
    assert screen.region.contains_region(line.region), "the refusal is out of sight"
    return str(line.render())


def test_an_attack_with_a_discarded_card_is_refused_then_put_right(tmp_path: Path) -> None:
    asyncio.run(_attack_refused_then_put_right(tmp_path))


async def _attack_refused_then_put_right(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    for command in (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                    Deploy("Sly Shooter"), UseModel("Big Oaf", Move.STILL)):
        campaign.execute(command)
    assert campaign.state.pack.discard == ("2h",)  # the setup card
    events = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2", "a")
        await pilot.pause()
        assert isinstance(app.screen, AttackScreen)
        app.screen.query_one("#yards", Input).value = "50"
        cards = app.screen.query_one("#cards", Input)
        cards.value = "2h 3c"
        cards.focus()
        await pilot.press("enter")
        await pilot.pause()
        said = shown_refusal(app)
        assert said.startswith("Pack: 2♥ not in the pile"), said
        assert len(campaign.events) == events and campaign.state.attack is None
        assert app.screen.query_one("#yards", Input).value == "50"
        assert app.focused is cards and cards.value == "2h 3c"
        cards.value = "Kh 3c"
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, RuleForm)
        attack = campaign.state.attack
        assert attack is not None and attack.cards == ("Kh", "3c") and attack.yards == 50


def test_a_recruit_with_a_name_taken_is_refused_then_put_right(tmp_path: Path) -> None:
    asyncio.run(_recruit_refused_then_put_right(tmp_path))


async def _recruit_refused_then_put_right(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(Recruit("red", "Slim", 8, 1, ("pistol",), False, False))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RecruitScreen)
        app.screen.query_one("#weapons", SelectionList).select("rifle")
        app.screen.query_one("#weapons", SelectionList).focus()
        app.screen.query_one("#name", Input).value = "Slim"
        app.screen.query_one("#ok", Button).press()
        await pilot.pause()
        said = shown_refusal(app)
        assert said == "Names: there is already a model called Slim", said
        name = app.screen.query_one("#name", Input)
        assert app.focused is name and name.value == "Slim"
        assert app.screen.query_one("#weapons", SelectionList).selected == ["rifle"]
        assert [m.name for m in campaign.state.red.models] == ["Slim"]
        name.value = "Slim Jim"
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, RuleForm)
        jim = campaign.state.find("Slim Jim")
        assert jim is not None and "rifle" in jim.kit


def test_a_typed_setup_card_refused_keeps_the_card(tmp_path: Path) -> None:
    asyncio.run(_setup_card_refused(tmp_path))


async def _setup_card_refused(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("g")  # set up with a card the players turned over
        await pilot.pause()
        await pilot.press("1", "x", "enter")
        await pilot.pause()
        assert shown_refusal(app).startswith("Cards: ")
        assert app.screen.query_one(Input).value == "1x"
        assert not campaign.state.pack.discard
        await pilot.press("backspace", "backspace", "2", "h", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, RuleForm)
        assert campaign.state.pack.discard == ("2h",)


def test_an_edit_between_games_refused_then_put_right(tmp_path: Path) -> None:
    asyncio.run(_edit_refused_then_put_right(tmp_path))


async def _edit_refused_then_put_right(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    for command in (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                    Deploy("Sly Shooter"), UseModel("Big Oaf", Move.STILL),
                    MakeAttack("Sly Shooter", "pistol", 50, ("Kh", "3c")), PlayResult("Kh")):
        campaign.execute(command)
    assert campaign.state.phase is Phase.AFTER_GAME
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e")  # Big Oaf, the first of the red posse
        await pilot.pause()
        assert isinstance(app.screen, EditScreen)
        weapons = app.screen.query_one("#weapons", SelectionList)
        weapons.deselect("pistol")
        app.screen.query_one("#name", Input).value = "Big [b]Oaf"
        await pilot.press("enter")
        await pilot.pause()
        assert shown_refusal(app).startswith("Between games: a model keeps its kit")
        assert app.focused is weapons
        assert app.screen.query_one("#name", Input).value == "Big [b]Oaf"
        assert campaign.state.find("Big Oaf") is not None
        weapons.select("pistol")
        app.screen.query_one("#ok", Button).press()
        await pilot.pause()
        assert not isinstance(app.screen, RuleForm)
        oaf = campaign.state.find("Big [b]Oaf")
        assert oaf is not None and "pistol" in oaf.weapons
