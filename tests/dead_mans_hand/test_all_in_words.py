"""Line 77 and the tips (line 273): after All In the target, alive and able to attack, may
take one of the other cards as a result card of its own. The All In advice read "a better
card 43%" for the Sly Shooter holding K♥ 2♣ against the Big Oaf, counting every black number
that hits the Oaf: each leaves the Oaf standing with his pistol in reach, and he takes the
K♥ back and kills the Shooter. A card is counted better now only when the target is left
no card against the attacker after it; the rest is the danger the advice names beside it.

The deck counted by hand: the set-up card 2♠ and the 2♣ K♥ drawn leave 51 cards. Drawn all
in, a black Queen stops the Oaf (he cannot answer), a black King kills him, a black Ace
takes his pistol, the one weapon that reaches 10 yards (his Big Blade and fists reach 5):
six cards better with nothing coming back. Every other card leaves the K♥ to the Oaf:
45 of 51."""

from __future__ import annotations

from fractions import Fraction

from gmscreen.games.dead_mans_hand import advice
from gmscreen.games.dead_mans_hand.commands import (
    GoAllIn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.weapons import Move
from tests.dead_mans_hand.helpers import Table, deploy_all


def shooter_holding(cards: tuple[str, ...]) -> Table:
    """Duel between Rivals, black first: the Sly Shooter (value 4) stands and fires his
    pistol at the Big Oaf (value 9, three hits) 10 yards off."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2s"))
    deploy_all(table)
    table.do(UseModel("Sly Shooter", Move.STILL))
    table.do(MakeAttack("Big Oaf", "pistol", 10, cards))
    return table


def test_a_better_card_is_one_after_which_nothing_comes_back() -> None:
    table = shooter_holding(("Kh", "2c"))
    assert len(table.state.pack.pile) == 51
    safe = ("Qc", "Qs", "Kc", "Ks", "Ac", "As")
    assert advice.all_in_advice(table.state) == (
        f"All In: {advice.percent(Fraction(6, 51))} a better card, none left for the "
        f"target to use; {advice.percent(Fraction(45, 51))} the target's second card "
        "goes against you.")
    # each of the six, drawn all in and played, ends the attack with nothing taken back
    for extra in safe:
        drawn = shooter_holding(("Kh", "2c"))
        drawn.do(GoAllIn(extra))
        assert advice.best_card(drawn.state) == extra
        drawn.do(PlayResult(extra))
        assert drawn.state.attack is None, extra
    # a black 7 hits the Oaf, who stands and takes the K♥: not a better card
    hit = shooter_holding(("Kh", "2c"))
    hit.do(GoAllIn("7c"))
    hit.do(PlayResult("7c"))
    assert hit.state.attack is not None and hit.state.attack.awaiting_second
    assert advice.second_card(hit.state) == "Kh"


def test_with_nothing_against_the_attacker_in_hand_every_better_card_counts() -> None:
    """With 2♣ 3♣ in hand (nothing either way) a black number from 4 hits the Oaf and leaves
    him nothing to take back: 14 numbers, 2 Jacks, 2 Queens, 2 Kings, 2 Aces; and the Oaf
    answers only when a red card is drawn all in (the Joker hits both)."""
    table = shooter_holding(("2c", "3c"))
    assert len(table.state.pack.pile) == 51
    assert advice.all_in_advice(table.state) == (
        f"All In: {advice.percent(Fraction(22, 51))} a better card, none left for the "
        f"target to use; {advice.percent(Fraction(4 + 8 + 2, 51))} the target's second "
        "card goes against you.")  # red 9s, 10s, pictures; Jokers
