"""Line 67: an attack draws the weapon's power in cards, changed by the modifiers. When the
players turn their own cards over and type them, the attack form says as they type how many
of the cards it draws are in, so a short hand is seen before Draw, not refused after it."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.advice import cards_wanted
from gmscreen.games.dead_mans_hand.commands import LoadScenario, SetUpGame, UseModel
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import GUNMAN, MILITIA, Table, deploy_all, gunman_standing
from tests.pilot import opened, set_field, synchronous, to_tab, until


def test_the_cards_an_attack_wants_follow_the_weapon_and_the_boxes() -> None:
    table = Table(LoadScenario("take-that-bastard-down"), SetUpGame("2h"))
    deploy_all(table)
    assert cards_wanted(table.state, MILITIA, "dual-pistols") is None  # nobody used yet
    table.do(UseModel(GUNMAN, Move.QUICK))
    assert cards_wanted(table.state, MILITIA, "dual-pistols") == 2  # 3 -1 moved far
    assert cards_wanted(table.state, MILITIA, "sawn-off", friends_near=True,
                        from_behind=True) == 5
    assert cards_wanted(table.state, "Nobody", "sawn-off") is None


def test_typed_cards_are_counted_against_the_cards_wanted() -> None:
    blank = "Cards left blank: the app deals them."
    assert view.typed_cards("", blank, 4) == blank
    assert view.typed_cards("Qs 3h", blank, 4) == (
        "Turned over: Q♠ 3♥: 2 of the 4 cards this attack draws.")
    assert view.typed_cards("Qs 3h Kd 9c", blank, 4) == "Turned over: Q♠ 3♥ K♦ 9♣."
    assert view.typed_cards("Qs 3h Kd", blank, 2) == (
        "Turned over: Q♠ 3♥ K♦: 1 more than the 2 cards this attack draws.")
    assert view.typed_cards("Qs 3h", blank) == "Turned over: Q♠ 3♥."


def test_a_single_card_wanted_is_said_as_one() -> None:
    """A rifle (power 2) at a target in cover draws one card (lines 71, 79): three typed are
    two more than the card it draws, not "the 1 cards"."""
    blank = "Cards left blank: the app deals them."
    assert view.typed_cards("Qs 2c 3h", blank, 1) == (
        "Turned over: Q♠ 2♣ 3♥: 2 more than the card this attack draws.")


@synchronous
async def test_the_attack_form_counts_the_cards_typed(tmp_path: Path) -> None:
    campaign = gunman_standing(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")

        def preview() -> str:
            return str(shown.query_one("#form-preview", Static).render())

        set_field(shown, "target", MILITIA)
        set_field(shown, "weapon", "dual-pistols")
        set_field(shown, "cards", "Qs 3h")
        await until(pilot, lambda: "Turned over: Q♠ 3♥: 2 of the 3 cards this attack draws."
                    in preview().splitlines())
        set_field(shown, "behind", True)  # the gunman has no friend near: from behind
        await until(pilot, lambda: "Turned over: Q♠ 3♥: 2 of the 4 cards this attack draws."
                    in preview().splitlines())
