"""At 80x24 a notice takes rows of the tab (the kit keeps it off what the Dealer works on),
and the Characters tab gave them up from the posses' tables alone: with the line of keys
over the posses, a model's notes under them and the notice of a note taken back with
ctrl+z, a posse's table showed its header and no model until the notice faded. The notes
under the tables give way first: each table keeps its header and two rows."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable
from textual.widgets._toast import Toast

from gmscreen.games.dead_mans_hand.commands import LoadScenario
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import new_campaign
from tests.pilot import synchronous, to_tab, until

NOTES = ("Swore to see the militia captain hang for the stage robbery at Dry Gulch",
         "Wounded at Dry Gulch last spring, he limps on the left leg when it rains",
         "Carries a letter from the governor that nobody has read, sealed in red wax, "
         "and will not say who it is for")


@synchronous
async def test_a_notice_leaves_each_posse_its_header_and_two_rows(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "room.toml")
    campaign.execute(LoadScenario("take-that-bastard-down"))
    for note in NOTES:
        campaign.note(note, about=["Hardbitten Gunman"])
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("ctrl+z")  # the last note taken back: its notice takes rows
        await until(pilot, lambda: bool(app.screen.query(Toast)))
        await pilot.pause()
        await pilot.pause()
        toast = app.screen.query_one(Toast).region
        for colour, rows in (("red", 1), ("black", 2)):  # the gunman alone; seven militia
            table = app.screen.query_one(f"#{colour}", DataTable)
            assert table.region.height >= 1 + rows, (colour, table.region)
            assert not table.region.overlaps(toast)
