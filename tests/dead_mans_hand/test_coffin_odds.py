"""Lines 151-153 and 273: in a Dramatic Showdown a model laid down on its coffin card draws
after the game, and pulls through on a number at least the coffin card's or on a Jack,
Queen or King. So the card that lays the target down matters: on an 8 it comes back far
more often than on a 10, and never from a King. The All In advice counted only a King as
better than a last hit already in hand (with the 8♥ drawn, a red 10 that leaves the target
a worse draw read as no better), and the result-card form opened on the first card drawn,
whatever it did: Enter played the 4♥ (nothing) with the 8♥ (a last hit) beside it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from gmscreen.games.dead_mans_hand import advice
from gmscreen.games.dead_mans_hand.commands import MakeAttack, SetUpGame, UseModel
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.weapons import Move
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign, play_the_card_offered
from tests.pilot import synchronous


def slim_at_stubby(cards: tuple[str, ...]) -> Table:
    """Game 1 of the sample showdown: Slim (red, value 8) shoots Stubby (black, one hit)
    with his rifle from a standstill, `cards` drawn (a third card for a friend near)."""
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Slim", Move.STILL))
    table.do(MakeAttack("Stubby", "rifle", 60, cards, friends_near=len(cards) == 3))
    return table


def test_the_chance_to_pull_through_falls_as_the_coffin_card_rises() -> None:
    """From a fresh pack without the coffin cards: on an 8, the 8s, 9s and 10s and the
    twelve pictures save; on a 10, the 10s and the pictures; on a King, nothing."""
    lying = ("8h",)
    assert advice.pull_through("8h", lying) == Fraction(3 * 4 - 1 + 12, 53)
    assert advice.pull_through("Th", ("Th",)) == Fraction(4 - 1 + 12, 53)
    assert advice.pull_through("Kh", ("Kh",)) == 0
    assert advice.pull_through("*", ("*",)) == 0
    assert advice.pull_through("8h", ("8h", "9c", "Kd")) == Fraction(3 * 4 - 2 + 11, 51)


def test_all_in_counts_a_higher_coffin_card_better_than_the_last_hit_in_hand() -> None:
    table = slim_at_stubby(("8h", "2c"))  # the 8♥ lays Stubby down, on an 8
    pile = len(table.state.pack.pile)
    # 9♥ 9♦ 10♥ 10♦ leave him a worse draw, K♥ K♦ kill him
    assert advice.all_in_advice(table.state).startswith(
        f"All In: {advice.percent(Fraction(6, pile))} a better card, none left for the "
        "target to use;")


def test_with_a_ten_in_hand_only_a_king_is_better() -> None:
    table = slim_at_stubby(("Th", "2c"))
    pile = len(table.state.pack.pile)
    assert advice.all_in_advice(table.state).startswith(
        f"All In: {advice.percent(Fraction(2, pile))} a better card, none left for the "
        "target to use;")


def test_the_best_card_is_the_one_the_target_is_least_likely_to_draw_back_from() -> None:
    assert advice.best_card(slim_at_stubby(("4h", "Jh", "8h")).state) == "8h"
    assert advice.best_card(slim_at_stubby(("8h", "Td", "2c")).state) == "Td"
    assert advice.best_card(slim_at_stubby(("Td", "Kh")).state) == "Kh"


@synchronous
async def test_the_result_card_form_opens_on_the_best_card(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "coffin.toml")
    for command in showdown_commands():
        campaign.execute(command)
    campaign.execute(SetUpGame("5h"))
    deploy_all(campaign)
    campaign.execute(UseModel("Slim", Move.STILL))
    campaign.execute(MakeAttack("Stubby", "rifle", 60, ("4h", "Jh", "8h"), friends_near=True))
    await play_the_card_offered(campaign)
    assert campaign.state.last_attack is not None
    assert campaign.state.last_attack.results == ("8h",)


def test_a_joker_that_lays_the_target_down_alone_is_a_last_hit_in_hand() -> None:
    """Big Jim (two hits) turns a Joker at Stubby (one): both take a hit, Stubby goes down
    on the Joker, past saving, and Big Jim stands. The All In advice counted it as a card
    that takes the target down but looked for such a card among those drawn in vain, and
    the app went down as it drew the attack. No All In card leaves Stubby a worse draw, but
    one that lays him down without a hit to Big Jim is better, as the result-card form ranks
    it (`test_better_as_the_form_ranks`): a red 6 to 10 or a red King, 12 cards."""
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Big Jim", Move.STILL))
    table.do(MakeAttack("Stubby", "dual-pistols", 20, ("*", "2c", "3c")))
    pile = len(table.state.pack.pile)
    assert advice.all_in_advice(table.state).startswith(
        f"All In: {advice.percent(Fraction(12, pile))} a better card, none left for the "
        "target to use;")
