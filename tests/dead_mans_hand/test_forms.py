"""The forms of Dead Man's Hand as the players see them at 80x24: a ticked box reads ticked
in every theme, the attack form fits and scrolls with its way to send in sight, and every
card the app draws can be typed from the table's own pack instead, in the form of its step."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, SelectionList, Static

from gmscreen.games.dead_mans_hand.commands import (
    Dismiss,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.sample import build_showdown
from gmscreen.games.dead_mans_hand.state import MatchState, Phase, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from gmscreen.ui.theme import OFFERED
from tests.dead_mans_hand.helpers import deploy_all, gunman_standing, new_campaign
from tests.pilot import (
    fill,
    opened,
    refusal_shown,
    screen_text,
    set_field,
    synchronous,
    to_tab,
    until,
)


def status(campaign: Campaign[MatchState], name: str) -> Status | None:
    model = campaign.state.find(name)
    return model.status if model is not None else None




def showdown_game_over(path: Path) -> Campaign[Any]:
    """A showdown's first game over: Stubby lies on the 9♥, Slim on the K♣, black gave up."""
    showdown = new_campaign(path)
    build_showdown(showdown)
    showdown.execute(SetUpGame("5h"))
    deploy_all(showdown)
    showdown.execute(UseModel("Slim", Move.STILL))
    showdown.execute(MakeAttack("Stubby", "rifle", 60, ("9h", "2c")))
    showdown.execute(PlayResult("9h"))  # Stubby lies on the 9
    showdown.execute(UseModel("Deacon", Move.STILL))
    showdown.execute(MakeAttack("Slim", "rifle", 60, ("Kc", "2d")))
    showdown.execute(PlayResult("Kc"))  # Slim lies on the King
    for black in showdown.state.black.models:
        if black.on_table:
            showdown.execute(Surrender(black.name))
    return showdown


@pytest.mark.parametrize("theme", OFFERED)
@synchronous
async def test_a_ticked_box_reads_ticked_in_every_theme(tmp_path: Path, theme: str) -> None:
    app = GmScreenApp(gunman_standing(tmp_path / "c.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        boxes = {box.id: box for box in shown.query(Checkbox)}
        assert set(boxes) == {"f-behind", "f-cover"}  # the gunman has no friend to be near
        boxes["f-cover"].value = True
        await pilot.pause()
        cover, behind = str(boxes["f-cover"].render()), str(boxes["f-behind"].render())
        # the mark itself differs, not only its colour
        assert "✓" in cover and "✓" not in behind
        # ticked by a key as well, and the preview follows
        boxes["f-behind"].focus()
        await pilot.press("space")
        await until(pilot, lambda: "✓" in str(boxes["f-behind"].render()))
        # the preview follows on the box's Changed message
        await until(pilot, lambda: "+1 from behind -1 target in cover"
                    in str(shown.query_one("#form-preview").render()))


@synchronous
async def test_a_ticked_weapon_reads_ticked(tmp_path: Path) -> None:
    app = GmScreenApp(new_campaign(tmp_path / "c.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = await opened(pilot, "r")
        weapons = shown.query_one("#f-weapons", SelectionList)
        weapons.select("rifle")
        await pilot.pause()

        def row(index: int) -> str:
            return "".join(segment.text for segment in weapons.render_line(index))

        assert "✓" in row(0) and "Rifle" in row(0)
        assert "✓" not in row(1) and "Pistol" in row(1)


def in_sight(screen: Screen[object], widget: Widget) -> bool:
    """Drawn on the screen and covered by nothing: what is under its middle is itself."""
    region = widget.region
    if not region.width or not region.height or not screen.region.contains_region(region):
        return False
    found, _ = screen.get_widget_at(region.x + region.width // 2, region.y + region.height // 2)
    return found is widget or widget in found.ancestors


@synchronous
async def test_the_attack_form_fits_80x24_and_a_refusal_leaves_draw_in_sight(
        tmp_path: Path) -> None:
    campaign = gunman_standing(tmp_path / "c.toml")
    events = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        send = shown.query_one("#form-send", Button)
        assert in_sight(shown, send) and in_sight(shown, shown.query_one("#form-cancel"))
        await fill(pilot, yards="30", cards="2h 3c 4c")  # the set-up card lies in the discard
        refusal = refusal_shown(app, "Pack")
        assert refusal.refused == "cards"
        assert in_sight(shown, shown.query_one("#form-refusal")), "the refusal is out of sight"
        assert in_sight(shown, send), "the refusal covers Draw"
        assert in_sight(shown, shown.widget_of("cards")), "the field refused is out of sight"
        # every field can be brought into sight by tabbing to it, the refusal still shown
        for field in [f.key for f in shown.fields]:  # no Friend near: the gunman is alone
            widget = shown.widget_of(field)
            widget.focus()
            # scrolled into sight after the next refresh
            await until(pilot, partial(in_sight, shown, widget))
        assert in_sight(shown, shown.query_one("#form-refusal")) and in_sight(shown, send)
        set_field(shown, "cards", "Kh 3c 4c")  # Dual Pistols: power 3
        send.press()
        await until(pilot, lambda: len(campaign.events) == events + 1)
        assert campaign.state.attack is not None


@synchronous
async def test_the_recruit_and_edit_forms_keep_their_buttons_in_sight(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    build_showdown(campaign)  # the Callahan Gang spends all its points
    # one of black's eight dismissed: with both posses full Recruit is refused, not opened
    campaign.execute(Dismiss("Sawbones"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = await fill(pilot, "e", weapons=["dual-pistols", "rifle"])  # Big Jim
        refusal_shown(app, "Plunder")
        assert in_sight(shown, shown.query_one("#form-refusal"))
        assert in_sight(shown, shown.query_one("#form-send"))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        shown = await fill(pilot, "r", name="Slim")
        refusal_shown(app, "Names")
        assert in_sight(shown, shown.query_one("#form-refusal"))
        assert in_sight(shown, shown.query_one("#form-send"))


@synchronous
async def test_the_set_up_card_is_typed_from_the_tables_pack_or_drawn(tmp_path: Path) -> None:
    """Set up (g) asks for the card the table turned over, as the attack asks for its cards;
    left blank, the app draws it; a Joker has no colour and is refused in the form."""
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "g")
        assert "blank: the app draws" in shown.fields[0].placeholder
        await pilot.press("asterisk", "enter")
        refusal_shown(app, "Set-up card")
        assert shown.refusal == "Set-up card: a Joker has no colour; draw another card"
        await pilot.press("backspace", "Q", "s", "enter")
        await until(pilot, lambda: campaign.state.setup_card is not None)
        assert (campaign.state.setup_card, campaign.state.first) == ("Qs", "black")
        campaign.undo()
        await opened(pilot, "g")
        await pilot.press("enter")  # nothing typed: the app draws
        await until(pilot, lambda: campaign.state.setup_card is not None)
        assert campaign.state.first is not None


@synchronous
async def test_the_all_in_and_recovery_cards_can_be_typed(tmp_path: Path) -> None:
    """The other cards the app draws (All In, i; a recovery draw, v) are asked for in the
    form of their step, as the set-up card is: typed from the table's own pack, or left
    blank for the app to draw; a card already out of the pile is refused."""
    campaign = gunman_standing(tmp_path / "c.toml")
    militia = campaign.state.black.models[0].name
    campaign.execute(MakeAttack(militia, "dual-pistols", 20, ("2c", "3c", "4c")))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await opened(pilot, "i")
        await pilot.press("3", "c", "enter")  # the attack's own
        shown = refusal_shown(app, "Pack")
        assert shown.refusal == "Pack: 3♣ is not in the pile: it is among this attack's cards"
        await pilot.press("backspace", "backspace", "K", "h", "enter")
        await until(pilot, lambda: campaign.state.attack is not None
                    and campaign.state.attack.all_in)
        attack = campaign.state.attack
        assert attack is not None and attack.cards[-1] == "Kh"
    campaign.close()

    showdown = showdown_game_over(tmp_path / "s.toml")
    assert showdown.state.phase is Phase.AFTER_GAME
    app = GmScreenApp(showdown)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await opened(pilot, "v")  # one card field: Stubby's (Slim lies on a King)
        await pilot.press("T", "d", "enter")  # a 10 beats his 9: he pulls through
        await until(pilot, lambda: status(showdown, "Stubby") is Status.RESERVE)
        assert status(showdown, "Slim") is Status.DEAD  # buried in the same step
        assert not [m for m in showdown.state.models() if m.status is Status.DOWN]


def preview(shown: Form) -> str:
    return str(shown.query_one("#form-preview", Static).render())


@synchronous
async def test_each_card_form_says_a_blank_card_is_the_apps_to_draw(tmp_path: Path) -> None:
    """A card field left blank means the app draws, and a card typed into another field is
    lost: each form that takes a card from the table says under its fields, as it is
    filled, which it will be: "left blank, the app draws", or the card read. The forms whose
    point is the card start with the keys in the card field (set-up, All In, the recovery
    draw); the attack starts on its Target among several enemies (then Yards), as its cards
    are counted from what follows."""
    campaign = gunman_standing(tmp_path / "c.toml")
    militia = campaign.state.black.models[0].name
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        assert app.focused is shown.widget_of("target")
        # the attack's field says it itself: under the odds the line read as All In's
        # (test_dealers_mistakes)
        assert "Cards turned over   blank: the app deals" in screen_text(app)
        set_field(shown, "target", militia)
        set_field(shown, "cards", "9s 4h")
        await until(pilot, lambda: "Turned over: 9♠ 4♥: 2 of the 3 cards this attack draws."
                    in preview(shown).splitlines())  # Dual Pistols: 3
        await pilot.press("escape")
    campaign = gunman_standing(tmp_path / "all-in.toml")
    campaign.execute(MakeAttack(militia, "dual-pistols", 20, ("2c", "3c", "4c")))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "i")
        assert app.focused is shown.widget_of("card")
        assert preview(shown) == "Left blank, the app draws the All In card."
        await pilot.press("K", "h")
        await until(pilot, lambda: preview(shown) == "Turned over: K♥.")
        await pilot.press("x")
        await until(pilot, lambda: preview(shown).startswith("not a card: 'Khx'"))

    showdown = new_campaign(tmp_path / "set-up.toml")
    build_showdown(showdown)
    app = GmScreenApp(showdown)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "g")
        assert app.focused is shown.widget_of("card")
        assert preview(shown) == "Left blank, the app draws the set-up card."
        await pilot.press("5", "h")
        await until(pilot, lambda: preview(shown) == "Turned over: 5♥.")

    showdown = showdown_game_over(tmp_path / "recovery.toml")
    app = GmScreenApp(showdown)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "v")
        assert app.focused is shown.widget_of("card1")  # Stubby's card, the only one asked
        slim = ("Slim, lying on K♣, is stone dead: a King for a coffin card is death, so no "
                "card is drawn.")
        assert preview(shown) == f"Stubby, lying on 9♥: left blank, the app draws.\n{slim}"
        await pilot.press("9", "S")  # the card the table turned over (line 151)
        await until(pilot, lambda: preview(shown) == (
            f"Stubby, lying on 9♥, draws 9♠ and pulls through.\n{slim}"))
        await pilot.press("backspace", "backspace", "7", "c")
        await until(pilot, lambda: preview(shown) == (
            "Stubby, lying on 9♥, draws 7♣ and is stone dead: 7 is below the 9 of the "
            f"coffin card.\n{slim}"))
        await pilot.press("enter")
        await until(pilot, lambda: status(showdown, "Stubby") is Status.DEAD)


@synchronous
async def test_the_attack_form_offers_friend_near_only_to_a_model_with_friends(
        tmp_path: Path) -> None:
    """Line 69: the gunman of Take that Bastard Down! stands alone, yet his attack form
    offered the Friend near box and drew him a card for it; it is offered to a militiaman,
    whose friends stand about him."""
    campaign = gunman_standing(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        assert "friends" not in {field.key for field in shown.fields}
        assert not shown.query("#f-friends")
        await fill(pilot, yards="30", cards="3c 4c 5c")
        await until(pilot, lambda: campaign.state.attack is not None)
        campaign.execute(PlayResult("3c"))
        campaign.execute(UseModel("Town Militia 1", Move.STILL))
        shown = await opened(pilot, "a")
        assert "friends" in {field.key for field in shown.fields}
