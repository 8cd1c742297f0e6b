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
