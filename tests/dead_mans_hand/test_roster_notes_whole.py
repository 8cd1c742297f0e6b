"""The Characters tab at 120 columns, side by side, on Skirmish on the Plains: a raider's
notes (his horse, a Queen against him) read whole beside his weapons. The six raiders'
names are as long as each other and their weapons the longest of any scenario's, so the
columns before the notes filled the posse's half and "horse" read "hors", under a heading
cut to "Note"."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.widgets import DataTable

from gmscreen.games.dead_mans_hand.commands import EditModel, LoadScenario
from gmscreen.games.dead_mans_hand.panes.characters import PossesPane
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import new_campaign
from tests.pilot import cut_off, shell_up, synchronous, until


@synchronous
async def test_a_raiders_horse_reads_whole_at_120_columns(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("skirmish-on-the-plains"))
    raider = campaign.state.red.models[0]
    campaign.execute(EditModel(raider.name, raider.name, ("shotgun", "tomahawks"),
                               horse=True))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await shell_up(pilot)
        pane = app.query_one(PossesPane)
        await until(pilot, lambda: pane.region.width > 0)
        await pilot.pause()
        assert cut_off(app) == []
        table: DataTable[Text] = app.query_one("#red", DataTable)
        weapons, notes = (cell.plain for cell in table.get_row_at(0)[3:])
        # the weapons give the room, the line under the tables naming them in full
        assert (weapons.endswith("…"), notes) == (True, "horse")
