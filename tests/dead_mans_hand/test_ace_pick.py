"""Line 108: a target beaten by an Ace gives up a weapon in reach of the winner, and the
choice is the loser's. The result-card form lists the Ace once for each weapon it may give
up and opens on the card that serves the attacker best; for the Ace it opened on the first
weapon the loser carried: the Outlaw, whose player would give up his fists, lost his Pistol
to an Enter pressed for the attacker's card. The picks are listed with the one a loser most
likely gives up first (the cheapest by the plunder prices, lines 130-141: fists cost
nothing), and the form says whose pick it is."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from gmscreen.games.dead_mans_hand.results import ace_choices
from gmscreen.games.dead_mans_hand.state import Colour
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import model
from tests.dead_mans_hand.test_enter_alone import (
    ACE_OFFERED,
    brave_against_the_outlaw,
    closed,
    offered,
)
from tests.pilot import form_up, synchronous, to_tab


def test_the_weapon_a_loser_most_likely_gives_up_comes_first() -> None:
    black: Colour = "black"
    outlaw = model("Outlaw", black, weapons=("pistol",))
    assert outlaw.weapons == ("pistol", "brawling")
    assert ace_choices(outlaw, 5) == ("brawling", "pistol")
    gunman = model("Gunman", black, weapons=("dual-pistols", "sawn-off"))
    # Brawling 0, the Pistol that came with the pair 3, Sawn-Off 3, Dual Pistols 6
    assert ace_choices(gunman, 5) == ("brawling", "pistol", "sawn-off", "dual-pistols")
    # out of reach of all but the pistols: those alone, the cheaper first
    assert ace_choices(gunman, 35) == ("pistol", "dual-pistols")


@synchronous
async def test_enter_on_the_result_card_form_leaves_the_outlaw_his_pistol(
        tmp_path: Path) -> None:
    campaign = brave_against_the_outlaw(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("p")
        shown = await form_up(pilot)
        assert offered(shown, "card") == ACE_OFFERED
        about = " ".join(str(s.render()) for s in shown.query(Static))
        assert "Outlaw's player picks the weapon it gives up" in about
        await pilot.press("enter")
        await closed(pilot)
    outlaw = campaign.state.find("Outlaw")
    assert outlaw is not None and outlaw.weapons == ("pistol",)
