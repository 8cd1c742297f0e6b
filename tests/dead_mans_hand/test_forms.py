"""The dialogs of the Conflict tab as the players see them at 80x24: a ticked box reads
ticked in every theme, the attack form fits and scrolls with its way to send in sight."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, SelectionList, Static

from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes.forms import AttackScreen, EditScreen, RecruitScreen
from gmscreen.games.dead_mans_hand.sample import build_showdown
from gmscreen.games.dead_mans_hand.state import MatchState, Phase, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.theme import OFFERED
from tests.dead_mans_hand.test_panes import new_campaign


def gunman_to_attack(path: Path) -> Campaign[MatchState]:
    """Take that Bastard Down!, placed, the gunman standing still and about to attack."""
    campaign = new_campaign(path)
    campaign.execute(LoadScenario("take-that-bastard-down"))
    campaign.execute(SetUpGame("2h"))
    while campaign.state.deploying is not None:
        colour = campaign.state.deploying
        waiting = next(m for m in campaign.state.posse(colour).models
                       if m.status is Status.RESERVE)
        campaign.execute(Deploy(waiting.name))
    campaign.execute(UseModel("Hardbitten Gunman", Move.STILL))
    return campaign


@pytest.mark.parametrize("theme", OFFERED)
def test_a_ticked_box_reads_ticked_in_every_theme(tmp_path: Path, theme: str) -> None:
    asyncio.run(_ticked_box(tmp_path, theme))


async def _ticked_box(tmp_path: Path, theme: str) -> None:
    app = GmScreenApp(gunman_to_attack(tmp_path / "c.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        await pilot.pause()
        await pilot.press("2", "a")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AttackScreen)
        boxes = {box.id: box for box in screen.query(Checkbox)}
        assert set(boxes) == {"friends", "behind", "cover"}
        boxes["cover"].value = True
        await pilot.pause()
        cover, behind = str(boxes["cover"].render()), str(boxes["behind"].render())
        # the mark itself differs, not only its colour
        assert cover.replace("Cover", "") != behind.replace("Behind", "")
        assert "X" in cover and "X" not in behind
        # ticked by a key as well, and the preview follows
        boxes["behind"].focus()
        await pilot.press("space")
        await pilot.pause()
        assert "X" in str(boxes["behind"].render())
        preview = str(screen.query_one("#preview").render())
        assert "+1 from behind -1 target in cover" in preview


def test_a_ticked_weapon_reads_ticked(tmp_path: Path) -> None:
    asyncio.run(_ticked_weapon(tmp_path))


async def _ticked_weapon(tmp_path: Path) -> None:
    app = GmScreenApp(new_campaign(tmp_path / "c.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RecruitScreen)
        weapons = app.screen.query_one("#weapons", SelectionList)
        weapons.select("rifle")
        await pilot.pause()

        def row(index: int) -> str:
            return "".join(segment.text for segment in weapons.render_line(index))

        assert row(0).startswith("▐X▌ Rifle") and row(1).startswith("▐ ▌ Pistol")


def in_sight(screen: Screen[object], widget: Widget) -> bool:
    """Drawn on the screen and covered by nothing: what is under its middle is itself."""
    region = widget.region
    if not region.width or not region.height or not screen.region.contains_region(region):
        return False
    found, _ = screen.get_widget_at(region.x + region.width // 2, region.y + region.height // 2)
    return found is widget or widget in found.ancestors


def test_the_attack_form_fits_80x24_and_a_refusal_leaves_draw_in_sight(
        tmp_path: Path) -> None:
    asyncio.run(_attack_fits(tmp_path))


async def _attack_fits(tmp_path: Path) -> None:
    campaign = gunman_to_attack(tmp_path / "c.toml")
    events = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2", "a")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AttackScreen)
        ok = screen.query_one("#ok", Button)
        assert in_sight(screen, ok) and in_sight(screen, screen.query_one("#cancel", Button))
        screen.query_one("#yards", Input).value = "30"
        cards = screen.query_one("#cards", Input)
        cards.value = "2h 3c"  # the set-up card lies in the discard
        cards.focus()
        await pilot.press("enter")
        await pilot.pause()
        refusal = screen.query_one("#refusal", Static)
        assert in_sight(screen, refusal), "the refusal is out of sight"
        assert in_sight(screen, ok), "the refusal covers Draw"
        assert in_sight(screen, cards), "the field the refusal names is out of sight"
        # every field can be brought into sight by tabbing to it, the refusal still shown
        for field in ("#target", "#weapon", "#yards", "#cards", "#friends", "#behind",
                      "#cover"):
            widget = screen.query_one(field)
            widget.focus()
            await pilot.pause()
            assert in_sight(screen, widget), field
        assert in_sight(screen, refusal) and in_sight(screen, ok)
        cards.value = "Kh 3c 4c"  # Dual Pistols: power 3
        ok.press()
        await pilot.pause()
        assert len(campaign.events) == events + 1 and campaign.state.attack is not None


def test_the_recruit_and_edit_forms_keep_their_buttons_in_sight(tmp_path: Path) -> None:
    asyncio.run(_recruit_and_edit_fit(tmp_path))


async def _recruit_and_edit_fit(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    build_showdown(campaign)  # the Callahan Gang spends all its points
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e")  # Big Jim
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EditScreen)
        screen.query_one("#weapons", SelectionList).select("rifle")
        screen.query_one("#ok", Button).press()
        await pilot.pause()
        assert in_sight(screen, screen.query_one("#refusal", Static))
        assert in_sight(screen, screen.query_one("#ok", Button))
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RecruitScreen)
        screen.query_one("#name", Input).value = "Slim"
        screen.query_one("#ok", Button).press()
        await pilot.pause()
        assert in_sight(screen, screen.query_one("#refusal", Static))
        assert in_sight(screen, screen.query_one("#ok", Button))


def test_the_set_up_card_is_typed_from_the_tables_pack_or_drawn(tmp_path: Path) -> None:
    asyncio.run(_set_up_card(tmp_path))


async def _set_up_card(tmp_path: Path) -> None:
    """Set up (g) asks for the card the table turned over, as the attack asks for its cards;
    left blank, the app draws it; a Joker has no colour and is refused in the dialog."""
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        field = app.screen.query_one(Input)
        assert "blank: the app draws" in str(field.placeholder)
        await pilot.press("asterisk", "enter")
        await pilot.pause()
        assert str(app.screen.query_one("#refusal", Static).render()).startswith(
            "Setup card: a Joker has no colour")
        await pilot.press("backspace", "Q", "s", "enter")
        await pilot.pause()
        assert (campaign.state.setup_card, campaign.state.first) == ("Qs", "black")
        campaign.undo()
        await pilot.pause()
        await pilot.press("g", "enter")  # nothing typed: the app draws
        await pilot.pause()
        assert campaign.state.setup_card is not None and campaign.state.first is not None


def test_the_all_in_and_recovery_cards_can_be_typed(tmp_path: Path) -> None:
    asyncio.run(_typed_draws(tmp_path))


async def _typed_draws(tmp_path: Path) -> None:
    """The other cards the app draws (All In, i; a recovery draw, v) can be typed from the
    table's own pack instead (I, V); a card already out of the pile is refused."""
    campaign = gunman_to_attack(tmp_path / "c.toml")
    militia = campaign.state.black.models[0].name
    campaign.execute(MakeAttack(militia, "dual-pistols", 20, ("2c", "3c", "4c")))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2", "I")
        await pilot.pause()
        await pilot.press("3", "c", "enter")  # drawn already
        await pilot.pause()
        assert str(app.screen.query_one("#refusal", Static).render()).startswith(
            "Pack: 3♣ not in the pile")
        await pilot.press("backspace", "backspace", "K", "h", "enter")
        await pilot.pause()
        attack = campaign.state.attack
        assert attack is not None and attack.all_in and attack.cards[-1] == "Kh"
    campaign.close()

    showdown = new_campaign(tmp_path / "s.toml")
    build_showdown(showdown)
    showdown.execute(SetUpGame("5h"))
    while showdown.state.deploying is not None:
        colour = showdown.state.deploying
        showdown.execute(Deploy(next(m.name for m in showdown.state.posse(colour).models
                                     if m.status is Status.RESERVE)))
    showdown.execute(UseModel("Slim", Move.STILL))
    showdown.execute(MakeAttack("Stubby", "rifle", 60, ("9h", "2c")))
    showdown.execute(PlayResult("9h"))  # Stubby lies on the 9
    for black in showdown.state.black.models:
        if black.on_table:
            showdown.execute(Surrender(black.name))
    assert showdown.state.phase is Phase.AFTER_GAME
    app = GmScreenApp(showdown)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2", "V")
        await pilot.pause()
        await pilot.press("T", "d", "enter")  # a 10 beats his 9: he pulls through
        await pilot.pause()
        stubby = showdown.state.find("Stubby")
        assert stubby is not None and stubby.status is Status.RESERVE
