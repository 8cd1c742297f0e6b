"""Dust without colour: what the screen says by colour is said in words too (round 26). A
Dealer whose terminal has no colour (NO_COLOR), or who cannot tell one colour from another,
reads the highlighted row of a list in the words under it before a key acts on it."""

from __future__ import annotations

import re

from textual.widgets import DataTable, Static

from gmscreen.games.dust import panes
from gmscreen.games.dust.commands import UseBookSetUp
from gmscreen.games.dust.panes import characters, cycle, deadline, resolution
from gmscreen.ui.app import GmScreenApp
from tests.dust.app import CHARACTERS, app_of, new_campaign, pane
from tests.pilot import synchronous, to_tab, until


def sheet(app: GmScreenApp) -> str:
    """The words of the Characters tab's detail box, the colour taken away."""
    return str(pane(app, CHARACTERS).query_one("#dust-detail-text", Static).render())


@synchronous
async def test_the_highlighted_location_is_named_in_words_before_x_takes_it_off(tmp_path):
    """Before Day 1, x takes the highlighted location off the list at once. The players,
    items and roles lists name their highlighted row in the box under them; the locations
    list said nothing there, so which place x would remove was told by the cursor's colour
    alone (and the empty players list's guide kept its room, cutting the list to 3 rows)."""
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CHARACTERS)
        characters = pane(app, CHARACTERS)
        places = characters.query_one("#dust-places", DataTable)
        while not places.display:
            await pilot.press("o")
            await pilot.pause()
        names = [loc.name for loc in campaign.state.locations]
        await until(pilot, lambda: "The Hardware Store (nights 1-2; open the coming night)"
                    in sheet(app))
        assert "Left, in order: Crowbar, Hammer and Nails." in sheet(app)
        await pilot.press("down", "down")
        await until(pilot, lambda: sheet(app).splitlines()[1].startswith("The Garage"))
        assert "Left, in order: Gasoline, Flashlight." in sheet(app)
        # the list has the room the box does not need: 8 of the 9 places in sight at
        # 80x24 (the box kept the guide's and showed 3)
        assert places.region.height - 1 >= min(8, len(names))
        await pilot.press("x")
        await until(pilot, lambda: campaign.state.location("The Garage") is None)
        await until(pilot, lambda: sheet(app).splitlines()[1].startswith("The Cafe"))


BORDER_KINDS = {"none", "hidden", "blank", "solid", "round", "heavy", "double", "dashed",
                "tall", "wide", "thick", "outer", "inner", "hkey", "vkey", "panel", "ascii"}


def test_every_colour_of_dusts_tabs_is_the_themes():
    """A fixed colour (a hex value, white, black) in Dust's own CSS would read badly in one
    of the three themes the app offers (western, textual-dark, textual-light): every colour
    the tabs name is a theme variable ($text-muted, $primary, $boost), which each theme
    gives its own."""
    found, looked = [], 0
    for module in (panes, characters, cycle, deadline, resolution):
        for value in vars(module).values():
            css = getattr(value, "__dict__", {}).get("DEFAULT_CSS", "")
            for prop, said in re.findall(r"([\w-]+)\s*:\s*([^;]+);", css):
                if not re.match(r"(color|background|tint|border|outline)", prop):
                    continue
                looked += 1
                fixed = [w for w in said.split() if not w.startswith("$")
                         and w not in BORDER_KINDS and not re.fullmatch(r"\d+%", w)]
                if fixed:
                    found.append(f"{value.__name__}: {prop}: {said}")
    assert looked > 10 and found == []
