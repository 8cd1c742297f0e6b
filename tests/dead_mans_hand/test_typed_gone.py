"""Line 67: the attacker draws its cards from the pack, each card once. A card typed from
the table's pack that the app's pile no longer holds (drawn already this game: a slip of the
fingers, or a draw the app was never told of) was read back as turned over ("Turned over:
K♥ 2♣.") and refused only when Draw was pressed. The form says so as it is typed."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.widgets import Static

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.rules import why_not_drawn
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign
from tests.pilot import opened, synchronous, to_tab, until


def test_a_card_not_in_the_pile_is_named_as_it_is_typed() -> None:
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2s"))
    deploy_all(table)
    for step in (UseModel("Sly Shooter", Move.STILL),
                 MakeAttack("Big Oaf", "pistol", 10, ("Kh", "2c")), PlayResult("2c"),
                 UseModel("Big Oaf", Move.STILL)):
        table.do(step)
    def refused(cards: Sequence[str]) -> str | None:
        return why_not_drawn(table.state, cards)

    assert view.typed_cards("Kh 3c", "", 2, refused) == (
        "Turned over: K♥ 3♣. K♥ is not in the pile: drawn already this game; the discard "
        "comes back when the pile runs out.")
    assert view.typed_cards("Kd 3c", "", 2, refused) == "Turned over: K♦ 3♣."


@synchronous
async def test_the_attack_form_names_a_card_drawn_already(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "duel.toml")
    for command in (LoadScenario("duel-between-rivals"), SetUpGame("2s")):
        campaign.execute(command)
    deploy_all(campaign)
    for step in (UseModel("Sly Shooter", Move.STILL),
                 MakeAttack("Big Oaf", "pistol", 10, ("Kh", "2c")), PlayResult("2c"),
                 UseModel("Big Oaf", Move.STILL)):
        campaign.execute(step)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        await pilot.press("1", "0", "tab", *"Kh 3c")
        await until(pilot, lambda: "K♥ is not in the pile" in str(
            shown.query_one("#form-preview", Static).render()))
