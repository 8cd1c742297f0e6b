"""Round 26: what the screen says by colour is said in words or signs too, read here as a
Dealer with no colour reads it (the characters on the screen, the styles taken away)."""

from __future__ import annotations

from pathlib import Path

from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import new_campaign
from tests.pilot import screen_text, synchronous, to_tab


def titles(text: str) -> list[str]:
    """The lines of the screen that hold a posse's title, stripped."""
    return [line.strip() for line in text.splitlines()
            if "The red posse" in line or "The black posse" in line]


@synchronous
async def test_the_posse_the_keys_act_on_is_marked_by_a_sign(tmp_path: Path) -> None:
    """With no models yet neither table shows a cursor, and only the title's background
    (a shade of the theme's primary) said which posse r recruits into and N names: with
    NO_COLOR the two titles read alike (grey 235 against 233). The one the keys act on
    begins with a sign."""
    campaign = new_campaign(tmp_path / "blank.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.pause()
        red, black = titles(screen_text(app))
        assert red.startswith("▸ RED") and black.startswith("BLACK"), (red, black)
        await pilot.press("tab")
        await pilot.pause()
        red, black = titles(screen_text(app))
        assert red.startswith("RED") and black.startswith("▸ BLACK"), (red, black)
