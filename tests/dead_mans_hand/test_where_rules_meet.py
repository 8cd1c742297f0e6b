"""Round 17: where two rules of the book apply at the same moment (`docs/rules/dead-mans-hand.md`,
"Where rules meet")."""

from __future__ import annotations

from gmscreen.games.dead_mans_hand.results import apply, resolve, says
from gmscreen.games.dead_mans_hand.state import Effect
from tests.dead_mans_hand.helpers import model


def test_tomahawks_spent_by_the_first_card_are_not_spent_again_by_the_second() -> None:
    """Lines 77, 90, 106: Hatchet's 5♠ (below his 8) spends his Tomahawks; Quickdraw, the
    target, may then take the 2♣ left, of Hatchet's colour and below his value too. The
    Tomahawks are gone already, so it does nothing: the form, the log and the last attack
    read "no effect", where they said the Tomahawks ran out a second time."""
    hatchet = model("Hatchet", "black", weapons=("tomahawks",), horse=True)
    quickdraw = model("Quickdraw", "red", weapons=("pistol",))
    first = resolve("5s", hatchet, quickdraw, "tomahawks", 8)
    assert first.effect is Effect.RAN_OUT
    hatchet = apply(first, hatchet)
    assert "tomahawks" not in hatchet.weapons and "big-blade" in hatchet.weapons
    second = resolve("2c", hatchet, quickdraw, "tomahawks", 8)
    assert second.effect is Effect.MISS and second.weapon is None
    assert says(second) == "no effect"
    assert apply(second, hatchet) == hatchet


def test_a_second_ace_against_the_attacker_finds_its_weapon_gone_already() -> None:
    """Lines 77, 108: Shot's own A♣ (the target's colour) took the Pistol he attacked with;
    Out then takes the A♠ as his second card. The Ace takes the weapon the attacker used,
    gone already, so Shot loses nothing more (the reading kept in `results`), and the card
    says why, where it said "Shot has no weapon left to lose" of a man still carrying a
    Shotgun and his fists."""
    shot = model("Shot", "red", value=6, hits=2, weapons=("pistol", "shotgun"))
    out = model("Out", "black", weapons=("pistol",))
    first = resolve("Ac", shot, out, "pistol", 30)
    assert first.effect is Effect.DISARMED and first.weapon == "pistol"
    shot = apply(first, shot)
    second = resolve("As", shot, out, "pistol", 30)
    assert second.effect is Effect.DISARMED and second.weapon is None
    assert says(second) == "Shot loses nothing more: its Pistol is gone already"
    assert apply(second, shot).weapons == ("shotgun", "brawling")
    duals = model("Duals", "red", weapons=("dual-pistols",))
    duals = apply(resolve("Ac", duals, out, "dual-pistols", 30), duals)
    assert says(resolve("As", duals, out, "dual-pistols", 30)) == (
        "Duals loses nothing more: its Dual Pistols are gone already")
    # a target with nothing at all to give up reads as before
    bare = model("Bare", "black", weapons=())
    bare = apply(resolve("Ah", shot, bare, "shotgun", 3), bare)
    assert says(resolve("Ah", shot, bare, "shotgun", 3)) == "Bare has no weapon left to lose"
