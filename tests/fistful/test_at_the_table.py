"""What a Judge running a whole evening from a blank campaign, book open, ran into: each
test names the book's line it follows (docs/rules/fistful.md has its row)."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful import fight_rules
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.commands import (
    CheckAmmunition,
    EditSheet,
    OpposedTest,
    Side,
)
from gmscreen.games.fistful.state import FistfulState
from tests.fistful.game import posse, run, sheet
from tests.fistful.test_panes import judged, sample
from tests.pilot import fill, opened, synchronous, to_tab

# -- the ammunition die after a firefight (line 229): for the gun just fired ---------------


def gunslinger() -> FistfulState:
    """Ann carries a revolver (slot 1) and a rifle (slot 6) with a box of shells."""
    return run(posse(), EditSheet("Ann", "", "", "", "", (
        Item("Revolver", 1, quickdraw=True), Item("Box of shells", 2, count=2),
        Item("Rifle", 6, size="large"))))


def test_the_ammunition_die_is_first_for_the_gun_just_fired():
    state = run(gunslinger(), OpposedTest(Side("Ann", "gumption", 2, (4, 3)),
                                          Side("Jake", "grace", 2, (2, 1)), "rifle",
                                          "Faraway"))
    assert fight_rules.ammunition_due(state) == (("Ann", "rifle"),)
    assert fight_rules.ammunition_first(state, "Ann") == "rifle"  # not her revolver
    # the die left blank rolls for the rifle too
    checked = run(state, CheckAmmunition("Ann", 5))
    assert fight_rules.ammunition_due(checked) == ()
    assert fight_rules.ammunition_first(checked, "Ann") == "revolver"  # her first again
    # two fired: the newest first, then the other
    both = run(state, OpposedTest(Side("Ann", "gumption", 2, (4, 3)),
                                  Side("Jake", "grace", 2, (2, 1)), "revolver", "Nearby"))
    assert fight_rules.ammunition_due(both) == (("Ann", "revolver"), ("Ann", "rifle"))
    after = run(both, CheckAmmunition("Ann", 6, "revolver"))
    assert fight_rules.ammunition_first(after, "Ann") == "rifle"
    # a gun no longer carried waits for nothing
    unarmed = sheet(state, "Ann", equipment=())
    assert fight_rules.ammunition_due(unarmed) == ()


@synchronous
async def test_the_ammunition_form_starts_on_the_shooter_and_the_gun_just_fired(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    # Cora fires her rifle at Jake, after Tomas's revolver shot of the sample
    campaign.execute(OpposedTest(Side("Cora Dalton", "gumption", 2, (4, 3)),
                                 Side("Rattlesnake Jake", "grace", 2, (2, 1)), "rifle",
                                 "Faraway"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "b")
        assert form.values().text("name") == "Cora Dalton"
        assert form.values().text("weapon") == "rifle"  # not her revolver, first on her sheet
        await fill(pilot, None, face="5")
        assert "Rifle" in campaign.describe(campaign.events[-1])
        form = await opened(pilot, "b")  # Tomas's revolver is still to roll for
        assert form.values().text("name") == "Tomas Vega"
        assert form.values().text("weapon") == "revolver"
        await pilot.press("escape")
    campaign.close()
