"""Small things earlier testers left unmended (round 64): the recruit form's plunder for a
civilian, a plunder refusal's heading, the notice of a scenario loaded, and the log searched
for a card by name."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand.state import Format
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import new_campaign
from tests.pilot import opened, set_field, synchronous, to_tab, until

# -- the recruit form's plunder follows Civilian (lines 65, 88-91, 143, play sheet) ------------


@synchronous
async def test_the_plunder_list_gives_a_civilians_reach_once_civilian_is_ticked(
        tmp_path: Path) -> None:
    # Civilian ticked, the list still gave a practised hand's reach (a Pistol at 40 yards,
    # 60 standing; a civilian's is 20, 40 standing) and offered Dual Pistols as for anyone
    campaign = new_campaign(tmp_path / "c.toml")
    assert campaign.state.format is Format.SHOWDOWN
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "r")

        def labels() -> list[str]:
            return [label for label, _ in form.options_of("weapons")]

        assert "Pistol, 3 pts: power 2, 40 yd, 60 standing" in labels()
        set_field(form, "weapons", ("pistol",))
        set_field(form, "civilian", True)
        await until(pilot, lambda: "Pistol, 3 pts: power 2, 20 yd, 40 standing" in labels())
        assert "Rifle, 6 pts: power 2, 50 yd, standing only" in labels()
        assert "Dual Pistols, 6 pts: power 3, not for civilians" in labels()
        assert form.values().chosen("weapons") == ("pistol",)  # kept ticked
        set_field(form, "civilian", False)
        await until(pilot, lambda: "Pistol, 3 pts: power 2, 40 yd, 60 standing" in labels())
    campaign.close()
