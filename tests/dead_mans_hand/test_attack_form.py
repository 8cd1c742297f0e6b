"""Line 63: an attack is made against a target, with one of the attacker's weapons. The
attack form's Target and Weapon drop-downs offered "(none)" above the enemies and the
weapons carried: chosen, it blanked the field and Draw was refused ("there is no model
called ''", "Rifleman 1 does not carry "). Neither offers "(none)" now."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import model_in_use
from tests.pilot import opened, synchronous, to_tab


@synchronous
async def test_the_target_and_the_weapon_offer_no_blank(tmp_path: Path) -> None:
    campaign = model_in_use(tmp_path / "c.toml", "skirmish-on-the-plains", "6s", "Rifleman 1")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        offered = shown.widget_of("weapon")
        assert isinstance(offered, Select)
        assert not offered._allow_blank  # no "(none)"
        # the target is one of the enemies side by side: one is always chosen
        assert shown.values().text("target") == "Apache Raider 1"


@synchronous
async def test_after_a_move_the_weapon_offered_first_is_one_that_fires(tmp_path: Path) -> None:
    """Lines 52-54 and 87: a rifle fires only from a standstill. A Rifleman who moved slow
    was offered his Rifle first, and Draw was refused ("Rifle fires only standing still");
    the form opens on his Pistol, the first weapon that fires after his move."""
    campaign = model_in_use(tmp_path / "c.toml", "skirmish-on-the-plains", "6s", "Rifleman 1",
                            Move.SLOW)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        assert shown.values().text("weapon") == "pistol"
