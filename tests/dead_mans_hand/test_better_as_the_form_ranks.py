"""Line 77 and line 102: the All In hint ("a better card") and the result-card form's best
card ranked the cards two ways. The hint compared tiers alone, so a Joker that lays the
target down, hitting the attacker too, counted as good as a number that lays it down
without hurting the attacker; the form puts the number first ("A Joker would hit it as
well"). With a Joker in hand the hint said no card was better, though the form then opened
on the card drawn; with a number in hand, in a showdown, it counted both Jokers as better
(a Joker for a coffin card is past saving), though the form never opens on them. The hint
now asks the form's own ranking (`advice.ranking`) which card the form would open on."""

from __future__ import annotations

from fractions import Fraction

from gmscreen.games.dead_mans_hand import advice
from gmscreen.games.dead_mans_hand.commands import (
    EndTurn,
    GoAllIn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.weapons import Move
from tests.dead_mans_hand.helpers import Table, deploy_all


def hint(better: Fraction) -> str:
    return (f"All In: {advice.percent(better)} a better card, none left for the target to "
            "use; 0% the target's second card goes against you.")


def jailbreak_joker() -> Table:
    """Jailbreak!, red first: Sharpshooter 2 (red, value 5, two hits) puts a hit on Convict 1
    with the 7♥, and next turn fires the rifle at him again, 5 yards off, drawing a Joker
    and the 4♣. The Joker lays the convict (one hit left) down and costs the sharpshooter
    one of his two hits; the 4♣ goes against him."""
    table = Table(LoadScenario("jailbreak"), SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Sharpshooter 2", Move.STILL))
    table.do(MakeAttack("Convict 1", "rifle", 5, ("7h", "2c")))
    table.do(PlayResult("7h"))
    table.do(UseModel("Convict 2", Move.STILL))
    table.do(EndTurn())
    table.do(UseModel("Sharpshooter 2", Move.STILL))
    table.do(MakeAttack("Convict 1", "rifle", 5, ("*", "4c")))
    assert table.model("Convict 1").hits_left == 1
    return table


def test_with_a_joker_in_hand_a_number_that_lays_the_target_down_alone_is_better() -> None:
    table = jailbreak_joker()
    pile = table.state.pack.pile
    assert len(pile) == 49
    # red 5 to 10 (the 5♥ turned at the set-up, the 7♥ played) and the red Kings: 12
    assert advice.all_in_advice(table.state) == hint(Fraction(12, 49))
    for extra, best in (("6h", "6h"), ("Kd", "Kd"), ("*", "*"), ("3h", "*")):
        then = jailbreak_joker()
        then.do(GoAllIn(extra))
        assert advice.best_card(then.state) == best


def big_jim_at_hatchet() -> Table:
    """The sample showdown, red first: Big Jim (red, value 6, two hits) fires his pistol at
    Hatchet (black, one hit) 15 yards off and draws the 5♠ and the 7♦: the 7♦ lays Hatchet
    down, on a 7, without a hit to Big Jim."""
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Big Jim", Move.STILL))
    table.do(MakeAttack("Hatchet", "pistol", 15, ("5s", "7d")))
    return table


def test_in_a_showdown_a_joker_is_no_better_than_a_last_hit_on_a_number() -> None:
    table = big_jim_at_hatchet()
    pile = len(table.state.pack.pile)
    # red 8, 9 and 10 (a worse draw for Hatchet) and the red Kings (death), not the Jokers
    assert advice.all_in_advice(table.state) == hint(Fraction(8, pile))
    for extra, best in (("*", "7d"), ("9h", "9h"), ("Kh", "Kh")):
        then = big_jim_at_hatchet()
        then.do(GoAllIn(extra))
        assert advice.best_card(then.state) == best
