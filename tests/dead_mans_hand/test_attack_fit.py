"""The attack form at 80x24 in its tallest case: an attacker carrying every weapon of the
play sheet (a line of reach for each, under the fields, with the count, the answer and the
odds) fills more than the screen. Every field and Draw can still be reached, and each
refusal the form can get leaves in sight the field it names, itself and Draw."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Recruit,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.state import Format, MatchState
from gmscreen.games.dead_mans_hand.weapons import WEAPONS, Move
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import deploy_all, new_campaign
from tests.dead_mans_hand.test_forms import in_sight
from tests.pilot import opened, refusal_shown, set_field, synchronous, to_tab, until

FIELDS = ("weapon", "target", "yards", "cards", "friends", "behind", "cover")


def arsenal(path: Path) -> Campaign[MatchState]:
    """A free game: the Arsenal, carrying every weapon, stands still to shoot the Mark, its
    Squire beside it."""
    campaign = new_campaign(path)
    campaign.execute(ChooseFormat(Format.SINGLE))
    bought = ("rifle", "dual-pistols", "shotgun", "sawn-off", "derringers", "tomahawks", "bow")
    campaign.execute(Recruit("red", "Arsenal", 5, 2, bought))  # with a Pistol, a Blade, fists
    campaign.execute(Recruit("black", "Mark", 8, 1, ("pistol",)))
    campaign.execute(Recruit("red", "Squire", 8, 1, ("pistol",)))  # a friend: every box shown
    campaign.execute(SetUpGame("2h"))
    deploy_all(campaign)
    campaign.execute(UseModel("Arsenal", Move.STILL))
    model = campaign.state.find("Arsenal")
    assert model is not None and len(model.weapons) == len(WEAPONS)
    return campaign


@pytest.mark.parametrize(("values", "rule", "field"), [
    ({"yards": "2000"}, "Range", "yards"),  # beyond the farthest distance worth typing
    ({"weapon": "sawn-off", "yards": "60"}, "Range", "yards"),  # out of its reach
    ({"yards": "5", "cards": "As 2c"}, "Cards", "cards"),  # Big Blade: 3 cards, not 2
    ({"yards": "5", "cards": "2h 3c 4c"}, "Pack", "cards"),  # the set-up card is discarded
])
@synchronous
async def test_each_refusal_leaves_its_field_and_draw_in_sight(
        tmp_path: Path, values: dict[str, str], rule: str, field: str) -> None:
    campaign = arsenal(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        send = shown.query_one("#form-send")
        assert in_sight(shown, send), "Draw is out of sight"
        set_field(shown, "weapon", "big-blade")
        for key, value in values.items():
            set_field(shown, key, value)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(shown.refusal))
        refusal_shown(app, rule)
        assert shown.refused == field
        await pilot.pause()
        assert in_sight(shown, shown.widget_of(field)), f"the refused {field} is out of sight"
        assert in_sight(shown, shown.query_one("#form-refusal")), "the refusal is out of sight"
        assert in_sight(shown, send), "the refusal covers Draw"
        # Tab walks every field into sight, the refusal and Draw staying in sight, then
        # round to the first (the buttons are the mouse's)
        shown.widget_of(FIELDS[0]).focus()
        for number, key in enumerate(FIELDS):
            if number:
                await pilot.press("tab")
            widget = shown.widget_of(key)
            await until(pilot, lambda widget=widget: app.focused is widget)  # type: ignore[misc]
            await until(pilot, lambda widget=widget: in_sight(shown, widget))  # type: ignore[misc]
            assert in_sight(shown, shown.query_one("#form-refusal")) and in_sight(shown, send)
        await pilot.press("tab")
        first = shown.widget_of(FIELDS[0])
        await until(pilot, lambda: app.focused is first)
