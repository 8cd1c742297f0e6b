"""Dust's leftovers of rounds 24 to 27, looked at again in round 28."""

from __future__ import annotations

from gmscreen.ui.palette import StepsProvider
from tests.dust.app import CHARACTERS, CONSOLE, POSTS, app_of, night_with_three_extras
from tests.pilot import synchronous, to_tab


@synchronous
async def test_scavenge_in_the_palette_finds_the_night_action_first_on_every_tab(tmp_path):
    # at night "scavenge" put Add location first on the Characters and Posts tabs (its
    # title said "a place to scavenge", a tie the tab shown broke): Enter opened the
    # location form where the Dealer was entering a player's scavenging (round 27)
    app, _ = app_of(night_with_three_extras(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        for tab in (CHARACTERS, CONSOLE, POSTS):
            await to_tab(pilot, tab)
            provider = StepsProvider(app.screen)
            hits = sorted([hit async for hit in provider.search("scavenge")],
                          key=lambda hit: hit.score, reverse=True)
            found = [str(hit.text) for hit in hits]
            assert found[0] == f"{CONSOLE}: Night action: power, item, scavenge", tab
            # Add location is still found by the word, by its help, below the night action
            assert "Characters: Add location (a new place)" in found, tab
            location = [str(hit.text) async for hit in provider.search("location")]
            assert "Characters: Add location (a new place)" in location
