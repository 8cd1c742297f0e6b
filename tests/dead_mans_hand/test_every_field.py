"""Round 19: every field a Dealer types into. A card typed badly in the edit form's Coffin
card or Card turned is refused naming that field, as every other card field of the game is
("Set-up card: ...", "Cards turned over: ..."), with the cursor on it and the journal's bytes
unchanged; it said "Cards: ...", a rule no field of the form is called."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    EditModel,
    LoadScenario,
    SetUpGame,
)
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import MILITIA, deploy_all, new_campaign
from tests.pilot import fill, refusal_shown, synchronous, to_tab

DUEL = (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
        Deploy("Sly Shooter"))


@pytest.mark.parametrize(("typed", "said"), [
    ("1x", "Coffin card: not a card: '1x'"),
    ("Z\u2660", "Coffin card: not a card: 'Z\u2660'"),
    ("7", "Coffin card: not a card: '7'"),
    ("Kh Qh", "Coffin card: 1 card needed, 2 typed"),
])
@synchronous
async def test_a_bad_coffin_card_is_refused_naming_the_field(tmp_path: Path, typed: str,
                                                             said: str) -> None:
    path = tmp_path / "c.toml"
    campaign = new_campaign(path)
    for command in DUEL:
        campaign.execute(command)
    before = path.read_bytes()
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = await fill(pilot, "e", hits_left="0", coffin=typed)
        assert shown.refusal.startswith(said), shown.refusal
        refusal_shown(app, "Coffin card")
        assert app.focused is shown.widget_of("coffin")
        assert shown.values()["coffin"] == typed
    assert path.read_bytes() == before


@synchronous
async def test_a_bad_card_turned_is_refused_naming_the_field(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    campaign = new_campaign(path)
    campaign.execute(LoadScenario("take-that-bastard-down"))
    campaign.execute(SetUpGame("2h"))
    deploy_all(campaign)
    campaign.execute(EditModel(MILITIA, MILITIA, ("rifle", "brawling"), False, hits_left=0,
                               coffin="2h"))
    militia = campaign.state.find(MILITIA)
    assert militia is not None and militia.coffin == "2h"
    before = path.read_bytes()
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        app.query_one("#black", DataTable).focus()
        await pilot.pause()
        shown = await fill(pilot, "e", hits_left="1", turned="1x")
        assert shown.title_text == f"Put {MILITIA} right"
        assert shown.refusal.startswith("Card turned: not a card: '1x'"), shown.refusal
        refusal_shown(app, "Card turned")
        assert app.focused is shown.widget_of("turned")
    assert path.read_bytes() == before
