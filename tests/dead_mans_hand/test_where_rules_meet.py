"""Round 17: where two rules of the book apply at the same moment (`docs/rules/dead-mans-hand.md`,
"Where rules meet")."""

from __future__ import annotations

from gmscreen.games.dead_mans_hand import advice
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Deploy,
    GoAllIn,
    MakeAttack,
    NamePosse,
    PlayResult,
    Recruit,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.results import apply, resolve, says
from gmscreen.games.dead_mans_hand.state import Effect, Format
from gmscreen.games.dead_mans_hand.weapons import Move
from tests.dead_mans_hand.helpers import Table, model


def two_a_side() -> Table:
    """Shot (red, value 6, 2 hits, Pistol and Shotgun) and a friend against Out (black,
    Pistol) and his: placed, red to use a model."""
    table = Table(
        ChooseFormat(Format.SINGLE), NamePosse("red", "Reds"), NamePosse("black", "Blacks"),
        Recruit("red", "Shot", 6, 2, ("pistol", "shotgun")), Recruit("red", "Pal", 8, 1),
        Recruit("black", "Out", 8, 1, ("pistol",)), Recruit("black", "Pard", 8, 1),
        SetUpGame("5d"))
    for name in ("Shot", "Out", "Pal", "Pard"):
        table.do(Deploy(name))
    return table


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


def test_the_second_card_form_does_not_open_on_an_ace_that_takes_nothing() -> None:
    """Lines 77, 108: with the Pistol gone to Shot's own A♣, the A♠ left takes nothing, and
    neither does the 2♥ (Shot's colour, below his 6): no card serves Out, so the form asking
    for his second card opens on taking none, where it opened on the A♠."""
    table = two_a_side()
    table.do(UseModel("Shot", Move.STILL))
    table.do(MakeAttack("Out", "pistol", 30, ("Ac", "2h")))
    table.do(GoAllIn("As"))
    table.do(PlayResult("Ac"))
    assert table.state.attack is not None and table.state.attack.awaiting_second
    assert advice.second_card(table.state) is None
