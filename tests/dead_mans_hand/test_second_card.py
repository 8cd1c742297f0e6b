"""Line 77: after All In, the target may take one of the other cards as a result card of its
own, "if they wish". The form that asks which opened on the first card left, whatever it
did: with J♥ Q♦ 5♣ drawn and the J♥ played, Enter took the Q♦, a Queen of the attacker's
colour, against the target that chose it. It opens on the card that serves the target
best, or on taking none when no card left does it any good."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

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
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign, play_the_card_offered
from tests.pilot import synchronous

DUEL = (LoadScenario("duel-between-rivals"), SetUpGame("2h"))


def second_card_after(cards: tuple[str, ...], extra: str, played: str) -> Table:
    """Big Oaf (red) shoots the Sly Shooter (black, value 4) at 10 yards, goes all in and
    plays `played`: the Shooter, alive, may take a second card."""
    table = Table(*DUEL)
    deploy_all(table)
    table.do(UseModel("Big Oaf", Move.STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 10, cards))
    table.do(GoAllIn(extra))
    table.do(PlayResult(played))
    assert table.state.attack is not None and table.state.attack.awaiting_second
    return table


def test_the_target_is_offered_the_card_that_serves_it_best() -> None:
    table = second_card_after(("Jh", "Qd"), "5c", "Jh")
    assert advice.second_card(table.state) == "5c"  # 5 at least its value 4: Big Oaf is hit


def test_no_card_is_offered_when_none_does_the_target_any_good() -> None:
    table = second_card_after(("Jh", "Qd"), "3c", "Jh")  # 3 is below the Shooter's 4
    assert advice.second_card(table.state) is None


def test_no_card_is_offered_before_the_target_may_take_one() -> None:
    table = Table(*DUEL)
    deploy_all(table)
    table.do(UseModel("Big Oaf", Move.STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 10, ("5c", "Qd")))
    assert advice.second_card(table.state) is None


@synchronous
async def test_enter_on_the_second_card_form_takes_the_card_that_serves_the_target(
        tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "second.toml")
    for setting in DUEL:
        campaign.execute(setting)
    deploy_all(campaign)
    for command in (UseModel("Big Oaf", Move.STILL),
                    MakeAttack("Sly Shooter", "pistol", 10, ("Jh", "Qd")), GoAllIn("5c"),
                    PlayResult("Jh")):
        campaign.execute(command)
    await play_the_card_offered(campaign)
    taken = [e.data["card"] for e in campaign.events
             if e.kind.endswith("result_played") and e.data["by"] == "target"]
    assert taken == ["5c"]


def test_in_a_showdown_all_in_counts_a_king_better_than_a_last_hit_on_a_number() -> None:
    """Lines 114, 151-153 and 273: in a Dramatic Showdown a model laid down on a number may
    draw its way back for the next game; one killed by a King is stone dead. With a card
    that takes the target's last hit already drawn, All In cannot hurt (the target, down,
    takes no second card) and a King of the attacker's colour kills outright: the advice
    said "a better card 0%". (With the 10♥ in hand no number lays it down any harder:
    `test_coffin_odds` counts the higher numbers.)"""
    from gmscreen.games.dead_mans_hand.sample import showdown_commands

    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Slim", Move.STILL))
    table.do(MakeAttack("Stubby", "rifle", 60, ("Th", "2c")))  # the 10♥ lays Stubby down
    pile = len(table.state.pack.pile)
    assert advice.all_in_advice(table.state) == (
        f"All In: {advice.percent(Fraction(2, pile))} a better card, none left for the "
        "target to use; 0% the target's second card goes against you.")  # K♥ or K♦


def test_in_single_games_a_king_is_no_better_than_a_last_hit() -> None:
    table = Table(*DUEL)
    deploy_all(table)
    table.do(UseModel("Big Oaf", Move.STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 10, ("9h", "2c")))  # Sly's one hit: down
    assert advice.all_in_advice(table.state).startswith(
        "All In: 0% a better card, none left for the target to use")


def bear_all_in(cards: tuple[str, ...], extra: str) -> Table:
    """He's Coming Right for Us!: the bear (red) runs quick at Hunter 1 (black, value 7) and
    strikes with its Big Blade at 5 yards, then goes all in."""
    table = Table(LoadScenario("hes-coming-right-for-us"), SetUpGame("7h"))
    deploy_all(table)
    table.do(UseModel("Rampaging Bear", Move.QUICK))
    table.do(MakeAttack("Hunter 1", "big-blade", 5, cards))
    table.do(GoAllIn(extra))
    return table


def test_after_all_in_the_card_offered_leaves_the_target_nothing_against_the_attacker() -> None:
    """Line 273: after All In a target stopped by a Queen has nothing to answer with. The
    bear drew A♥ K♠ and the Q♥ all in; the result-card form opened on the A♥, the best of
    the three alone, and Enter played it: the hunter kept a weapon that reaches (its pick)
    and took the K♠ as its second card, killing the bear. It opens on the Q♥ now."""
    table = bear_all_in(("Ah", "Ks"), "Qh")
    assert advice.best_card(table.state) == "Qh"
    table.do(PlayResult("Qh"))
    assert table.state.attack is None  # the hunter, stopped, takes no second card
    # with nothing left that would go against the bear, the best card is still the best
    assert advice.best_card(bear_all_in(("Ah", "3s"), "Qh").state) == "Ah"
    # a card against the bear itself is never the safe one: with every card a risk, the
    # best still comes first, never the K♠ that kills the bear outright
    assert advice.best_card(bear_all_in(("Ah", "Ks"), "3s").state) == "Ah"


def test_the_all_in_advice_counts_the_danger_of_the_card_the_form_offers() -> None:
    """The All In advice counted the danger of a second card as if the attacker then played
    the best card alone: with the bear's A♥ K♠ in hand, a Q♥ drawn all in counted as the K♠
    coming back at it, though the form offers the Q♥ then and the hunter, stopped, takes
    nothing. The danger counted is the danger of the card the form would open on."""
    from gmscreen.games.dead_mans_hand.fight import go_all_in
    from gmscreen.games.dead_mans_hand.odds import Attack as Seen
    from gmscreen.games.dead_mans_hand.odds import all_in_odds, answered_against

    drawn = ("Ah", "Ks")
    table = Table(LoadScenario("hes-coming-right-for-us"), SetUpGame("7h"))
    deploy_all(table)
    table.do(UseModel("Rampaging Bear", Move.QUICK))
    table.do(MakeAttack("Hunter 1", "big-blade", 5, drawn))
    state = table.state
    pile = state.pack.pile
    seen = Seen(table.model("Rampaging Bear"), table.model("Hunter 1"), "big-blade", 5)
    dangerous = 0
    for extra in pile:
        then = table.rules.after(state, go_all_in(state, GoAllIn(extra)))
        offered = advice.best_card(then)
        assert offered is not None
        dangerous += answered_against(seen, [*drawn, extra], offered)
    assert all_in_odds(seen, drawn, pile, advice.ranking(state, seen)).answered == Fraction(
        dangerous, len(pile))


def test_a_joker_that_lays_the_attacker_down_is_offered_before_a_queen() -> None:
    """Line 102: a Joker hits both. The Sly Shooter (one hit) shoots Big Oaf (three hits),
    goes all in and plays a 3 that misses: of the Joker and the Oaf's red Queen left, the
    Joker lays the Shooter down and leaves the Oaf on two hits, where the Queen only stops
    the Shooter's next attack. The form used to open on the Queen."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2s"))
    deploy_all(table)
    table.do(UseModel("Sly Shooter", Move.STILL))
    table.do(MakeAttack("Big Oaf", "pistol", 10, ("3c", "Qh")))
    table.do(GoAllIn("*"))
    table.do(PlayResult("3c"))
    assert table.state.attack is not None and table.state.attack.awaiting_second
    assert advice.second_card(table.state) == "*"


def test_a_joker_that_would_lay_the_target_down_too_is_not_offered() -> None:
    """The Oaf on its last hit: the Joker would lay both down, so the Queen of its colour,
    which costs it nothing, is the card offered."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2s"))
    deploy_all(table)
    red = table.state.red
    table.state = replace(table.state, red=replace(red, models=tuple(
        replace(m, hits_left=1) for m in red.models)))
    table.do(UseModel("Sly Shooter", Move.STILL))
    table.do(MakeAttack("Big Oaf", "pistol", 10, ("3c", "Qh")))
    table.do(GoAllIn("*"))
    table.do(PlayResult("3c"))
    assert advice.second_card(table.state) == "Qh"


def test_the_attacker_is_offered_a_joker_that_lays_the_target_down_alone() -> None:
    """Line 102 from the attacker's side: Big Oaf (three hits) draws 2♦ and a Joker against
    the Sly Shooter (one hit). The 2 does nothing; the Joker lays the Shooter down and
    leaves the Oaf on two hits. The form opened on the 2."""
    table = Table(*DUEL)
    deploy_all(table)
    table.do(UseModel("Big Oaf", Move.STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 10, ("2d", "*")))
    assert advice.best_card(table.state) == "*"
