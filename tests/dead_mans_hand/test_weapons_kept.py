"""The Conflict tab at 120 columns keeps its Weapons column for the scenarios whose weapons
are a few columns too wide: the Hardbitten Gunman's "Dual/Pistol/Sawn-off/Fists" and the six
Apache Raiders' "Shotgun/Toma./Blade/Fists" took the column from every model on the table,
the militia's rifles and the riflemen's too, for want of one to six columns. The weapons
are cut short instead (ending in an ellipsis, the line under the table naming the
highlighted model's in full), and the notes wrap, before the column goes."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import DataTable

from gmscreen.games.dead_mans_hand.commands import LoadScenario, SetUpGame
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import deploy_all, new_campaign
from tests.pilot import cut_off, synchronous, to_tab, until


@pytest.mark.parametrize("scenario", ["take-that-bastard-down", "skirmish-on-the-plains"])
@synchronous
async def test_the_weapons_column_stays_at_120_columns(tmp_path: Path, scenario: str) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario(scenario))
    campaign.execute(SetUpGame("2h"))
    deploy_all(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, "Conflict")
        table: DataTable[Text] = app.query_one("#models", DataTable)
        await until(pilot, lambda: table.row_count > 0)
        await pilot.pause()
        headings = [column.label.plain for column in table.ordered_columns]
        assert headings == ["Name", "Val", "Hits", "Notes", "Weapons"]
        kits = [table.get_row_at(row)[-1].plain for row in range(table.row_count)]
        assert any(kit.endswith("…") for kit in kits), kits  # the widest, cut short
        assert "Rifle/Pistol/Fists" in kits or "Rifle/Fists" in kits  # the others whole
        assert cut_off(app) == []
