"""Line 75: the attacker chooses its result card among those drawn. When every card drawn
goes against the attacker, the result-card form opened on the first of them drawn, as if
they were all alike: with K♥ Q♥ in hand the Sly Shooter was offered the K♥, and Enter
killed him, where the Q♥ only stops his next attack (line 112). Cards that go against the
attacker are ranked by what they do to it, the mildest first; and in a Dramatic Showdown,
of the cards that lay it down, the one it is likelier to pull through from (lines 151-153:
a King is death, a number leaves it a draw)."""

from __future__ import annotations

from fractions import Fraction

from gmscreen.games.dead_mans_hand import advice
from gmscreen.games.dead_mans_hand.commands import (
    GoAllIn,
    LoadScenario,
    MakeAttack,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.odds import Attack, all_in_odds
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import Status
from gmscreen.games.dead_mans_hand.weapons import Move
from tests.dead_mans_hand.helpers import Table, deploy_all


def shooter_holding(cards: tuple[str, ...]) -> Table:
    """Duel between Rivals, black first: the Sly Shooter (value 4, one hit) fires his
    pistol at the Big Oaf (value 9) 10 yards off; the Oaf's pistol reaches him."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2s"))
    deploy_all(table)
    table.do(UseModel("Sly Shooter", Move.STILL))
    table.do(MakeAttack("Big Oaf", "pistol", 10, cards))
    return table


def test_of_the_cards_against_the_attacker_the_mildest_is_offered() -> None:
    assert advice.best_card(shooter_holding(("Kh", "Qh")).state) == "Qh"  # stopped
    assert advice.best_card(shooter_holding(("9h", "Jh")).state) == "Jh"  # pinned, not hit
    assert advice.best_card(shooter_holding(("Kh", "Ah")).state) == "Ah"  # his pistol lost


def test_in_a_showdown_a_number_that_lays_the_attacker_down_beats_a_king() -> None:
    """Quickdraw (red, value 8, one hit) fires his pistol at Two-Gun (black), whose Dual
    Pistols reach him at 20 yards: the K♠ kills Quickdraw, the 9♠ lays him down on a 9,
    from which a 9, a 10 or a picture card brings him back."""
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Quickdraw", Move.STILL))
    table.do(MakeAttack("Two-Gun", "pistol", 20, ("Ks", "9s")))
    assert advice.best_card(table.state) == "9s"


def test_the_all_in_odds_count_the_card_the_form_offers() -> None:
    """The All In advice counts the danger of the card the form would open on (`odds`): the
    same ranking there. With K♥ Q♥ in hand, a 3♣ drawn all in is offered and nothing else
    does the Oaf harm, so the Oaf takes the K♥ back: counted as a second card against the
    Shooter whatever the order of the hand."""
    for drawn in (("Kh", "Qh"), ("Qh", "Kh")):
        table = shooter_holding(drawn)
        seen = Attack(table.model("Sly Shooter"), table.model("Big Oaf"), "pistol", 10)
        odds = all_in_odds(seen, drawn, ("3c",), advice.ranking(table.state, seen))
        assert odds.answered == Fraction(1)
        then = shooter_holding(drawn)
        then.do(GoAllIn("3c"))
        assert advice.best_card(then.state) == "3c"


def test_a_joker_that_lays_the_attacker_down_is_no_milder_than_being_stopped() -> None:
    """Line 102: a Joker hits both. On his last hit the Sly Shooter goes down on it; the
    form offered the Joker before the Q♥, which only stops his next attack. A Joker that
    lays the attacker down ranks among the cards that lay it down: after the Queen, before
    a number that lays it down alone in single games (the Oaf is hit too), after such a
    number in a showdown (a Joker for a coffin card is death, lines 151-153)."""
    assert advice.best_card(shooter_holding(("*", "Qh")).state) == "Qh"
    assert advice.best_card(shooter_holding(("9h", "*")).state) == "*"
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Quickdraw", Move.STILL))
    table.do(MakeAttack("Two-Gun", "pistol", 20, ("*", "9s")))
    assert advice.best_card(table.state) == "9s"


def test_in_a_showdown_the_target_is_offered_the_king_before_a_number() -> None:
    """Line 77 and lines 151-153: the target's second card after All In. Quickdraw pinned
    Two-Gun with the J♥ and left him the 9♠ and the K♠: both lay Quickdraw down, and the
    form offered the 9♠ (the first drawn), from which Quickdraw may draw his way back;
    the K♠ is death."""
    from gmscreen.games.dead_mans_hand.commands import PlayResult

    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Quickdraw", Move.STILL))
    table.do(MakeAttack("Two-Gun", "pistol", 20, ("Jh", "9s")))
    table.do(GoAllIn("Ks"))
    table.do(PlayResult("Jh"))
    assert advice.second_card(table.state) == "Ks"


def test_between_games_the_line_over_the_table_names_who_a_card_may_save() -> None:
    """Lines 151-153: a model lying on a King or a Joker is stone dead, whatever is drawn.
    After game 1 the line over the table read "Draw for the fallen: Deacon, Stubby, Rider."
    with Deacon on the K♥, as if a card were to be turned over for him; it names those a
    card may save, and the others as past saving."""
    from gmscreen.games.dead_mans_hand import view
    from tests.dead_mans_hand.helpers import showdown_game_one

    table = showdown_game_one(("Deacon", "Crouch", 80, ("Kc", "3h")))
    assert view.whose(view.table_knows(table.state)) == (
        "Game 1 goes to The Callahan Gang (red), the only posse left on the table. Draw for "
        "the fallen: Stubby (Crouch on K♣ is past saving).")
    from dataclasses import replace as put

    from tests.dead_mans_hand.helpers import model

    slim = put(model("Slim", "red"), status=Status.DOWN, coffin="Kh")
    rider = put(model("Rider", "black"), status=Status.DOWN, coffin="*")
    assert view.fallen_to_draw([slim, rider]) == (
        "Bury the fallen: Slim on K♥ and Rider on the Joker are past saving.")
