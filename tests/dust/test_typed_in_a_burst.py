"""Dust's forms typed in one burst (a quick moderator, a paste, a loaded machine) give what
the same keys give typed slowly. The gift form moves the cursor on to the receiver once a
giver with one item to give is picked; typed in a burst ("m", down to [Doc] Holliday, Tab,
"Wya"), the Tab had moved to the Item field before the pick was worked out, and "Wya" went
to the item, not the receiver."""

from __future__ import annotations

from pathlib import Path

from tests.dust.app import CONSOLE, app_of, sample_campaign
from tests.pilot import EITHER_WAY, opened, synchronous, to_tab, type_in, until


@EITHER_WAY
@synchronous
async def test_a_gift_typed_in_a_burst_goes_to_the_receiver_typed_slowly(
        tmp_path: Path, quickly: bool) -> None:
    campaign = sample_campaign(tmp_path)
    app, _ = app_of(campaign)
    keys = ["m", "down", "tab", *"Wya", "ctrl+s"]
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        form = await opened(pilot, "g")
        await type_in(pilot, keys, in_one_burst=quickly)
        await until(pilot, lambda: app.screen is not form)
        wyatt = campaign.state.player("Wyatt_E")
        assert wyatt is not None and wyatt.holds("Crowbar")
