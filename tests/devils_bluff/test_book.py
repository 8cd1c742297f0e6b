"""The module's and Open Fire's numbers and worked examples not proved elsewhere, each
through the decider (line numbers: the module's file; sections: the Open Fire digest)."""

from __future__ import annotations

import random
from dataclasses import replace

from gmscreen.core.cards import Deck, standard_cards
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    AttributeTest,
    ChooseSetUp,
    CloseAftermath,
    Discard,
    DrawCard,
    EndGame,
    Enlist,
    FoundGang,
    GainLevel,
    KeepHired,
    Move,
    Recover,
    RollOffForPicks,
    Score,
    StartGame,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import (
    GANG_SIZE,
    GUNSLINGER,
    LEADER,
    Recruit,
    close_combat_weapon,
    weapons,
)
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from gmscreen.games.devils_bluff.view import deployment_line
from tests.devils_bluff.helpers import (
    Table,
    campaign,
    one_off,
    recruit,
    unshuffled,
    with_perk,
)
from tests.devils_bluff.test_game import attack_ready, refused, total_cards
from tests.devils_bluff.test_readings import agreed, hendry_to_act, wounded
from tests.devils_bluff.test_typed import played_out


def with_tokens(table: Table, name: str, tokens: int) -> Table:
    gang = table.state.owner(name)
    assert gang is not None
    table.state = table.state.with_gang(gang.with_fighter(
        replace(table.fighter(name), tokens=tokens)))
    return table


def given_ability(table: Table, name: str, ability: str) -> Table:
    """The model has this ability (as if it had gained it with its third level)."""
    fighter = table.fighter(name)
    gang = table.state.owner(name)
    assert gang is not None
    recruit = replace(fighter.recruit, ability=ability)
    table.state = table.state.with_gang(gang.with_fighter(replace(fighter, recruit=recruit)))
    return table


# -- The Draw and The Hand (lines 27-39) -------------------------------------------------------


def test_an_empty_draw_deck_is_the_discard_pile_shuffled() -> None:
    # line 33, through a command: the test's card comes from the discards, shuffled
    table = hendry_to_act(one_off(), "Dutch")
    deck = table.state.deck
    table.state = replace(table.state, deck=Deck((), (*deck.discards, *deck.order)))
    left = len(table.state.deck.discards)
    (event,) = table.execute(AttributeTest("Dutch", "CMD", order_by=unshuffled()))
    assert "reshuffle" in event.data["moves"][0]
    assert table.state.deck.remaining == left - 1 and total_cards(table) == 52


def test_a_game_begins_with_all_52_shuffled() -> None:
    # line 29: the shuffle is the app's (a permutation from the campaign's generator)
    table = Table()
    table.execute(ChooseSetUp("campaign", "pool"))
    for player in ("A", "B"):
        table.execute(FoundGang(player, player))
        table.execute(Enlist(player, recruit(f"Boss {player}", "Revolver", "Quick",
                                             unit=LEADER)))
    refused(table, StartGame(tuple(range(51))), "Draw Deck")
    order = shuffle_order(random.Random(4))
    table.execute(StartGame(order))
    assert table.state.deck.order == tuple(standard_cards()[i] for i in order)
    assert table.state.deck.discards == () and table.state.hands == ()


def test_a_new_round_discards_the_hands_and_deals_five_anew() -> None:
    # line 37; and Open Fire 2.2: the activation markers are collected
    table = played_out(one_off())
    old = {player: table.state.hand(player) for player in table.state.players}
    table.execute(StartRound(unshuffled()))
    for player, hand in old.items():
        assert all(card in table.state.deck.discards for card in hand)
        assert len(table.state.hand(player)) == 5
    assert not any(f.activated for g in table.state.gangs for f in g.fighters)
    assert total_cards(table) == 52


def test_a_sixth_card_holds_up_the_other_player_too() -> None:
    # line 39, "immediately": while a sixth card waits for its discard nothing goes on
    table = one_off()
    hendry = table.state.gang(HENDRY)
    assert hendry is not None
    table.state = table.state.with_gang(replace(hendry, fighters=tuple(
        replace(f, activated=True) for f in hendry.fighters)))
    battle = table.state.battle
    assert battle is not None
    table.state = replace(table.state, battle=replace(battle, turn=COLE))
    table.execute(Activate("Eli Crane"))
    table.execute(DrawCard(HENDRY, order_by=unshuffled()))
    refused(table, Move("Eli Crane", "Advance"), "The Hand")
    table.execute(Discard(HENDRY, table.state.hand(HENDRY)[0].code))
    table.execute(Move("Eli Crane", "Advance"))


# -- Creating a gang, experience, hiring (lines 95-177) ----------------------------------------


def test_two_players_two_gangs() -> None:
    table = Table()
    table.execute(ChooseSetUp("one-off"))
    table.execute(FoundGang("A", "a"))
    table.execute(FoundGang("B", "b"))
    refused(table, FoundGang("C", "c"), "Gangs")


def test_the_hiring_method_is_one_of_the_two() -> None:
    # line 167
    refused(Table(), ChooseSetUp("campaign", "auction"), "Hiring")


def test_a_campaign_leader_starts_with_one_level() -> None:
    # line 103
    table = Table()
    table.execute(ChooseSetUp("campaign"))
    table.execute(FoundGang("A", "a"))
    for perks in ((), ("Quick", "Deft")):
        refused(table, Enlist("A", recruit("Boss", "Revolver", *perks, unit=LEADER)),
                "Campaign gang")
    table.execute(Enlist("A", recruit("Boss", "Revolver", "Quick", unit=LEADER)))


def test_a_one_off_gang_is_a_leader_of_four_and_customs_of_three_and_two() -> None:
    # lines 107-109, as each model is enlisted
    table = Table()
    table.execute(ChooseSetUp("one-off"))
    table.execute(FoundGang("A", "a"))
    refused(table, Enlist("A", recruit("Boss", "Revolver", "Quick", "Deft", "Tough",
                                       unit=LEADER)), "One-off gang")
    table.execute(Enlist("A", recruit("Boss", "Revolver", "Quick", "Deft", "Tough", "Deadly",
                                      unit=LEADER)))
    refused(table, Enlist("A", recruit("C4", "Rifle", "Quick")), "One-off gang")
    table.execute(Enlist("A", recruit("C3", "Rifle", "Quick", "Deft", "Tough")))
    refused(table, Enlist("A", recruit("C3b", "Rifle", "Quick", "Deft", "Deadly")),
            "One-off gang")
    table.execute(Enlist("A", recruit("C2", "Rifle", "Quick", "Deft")))
    refused(table, Enlist("A", recruit("C2b", "Rifle", "Quick", "Deft")), "One-off gang")
    table.execute(Enlist("A", recruit("H1", hired=True)))


def test_levels_come_after_a_campaign_game() -> None:
    # line 120: at the end of each battle
    table = campaign()
    refused(table, GainLevel("Ma Hendry", "Quick"), "Experience")
    table.execute(EndGame())
    table.execute(GainLevel("Ma Hendry", "Quick"))


def aftermath_of(levels: tuple[str, ...], ability: str = "") -> Table:
    """A campaign after its first game, Ma Hendry holding these perks."""
    table = campaign()
    ma = table.fighter("Ma Hendry")
    gang = table.state.gang(HENDRY)
    assert gang is not None
    table.state = table.state.with_gang(gang.with_fighter(replace(
        ma, recruit=replace(ma.recruit, perks=levels, ability=ability))))
    table.execute(EndGame())
    return table


def test_no_model_gains_a_fifth_level() -> None:
    # line 120
    table = aftermath_of(("Quick", "Deft", "Tough", "Deadly"), "Precise Shot")
    assert "more than 4" in refused(table, GainLevel("Ma Hendry", "Cunning"),
                                    "Experience").message


def test_an_ability_comes_with_the_third_level() -> None:
    # line 124
    table = aftermath_of(("Cunning",))
    refused(table, GainLevel("Ma Hendry", "Quick", "Hail of Fire"), "Abilities")
    table = aftermath_of(("Cunning", "Quick"))
    table.execute(GainLevel("Ma Hendry", "Deft", "Hail of Fire"))
    assert table.fighter("Ma Hendry").recruit.ability == "Hail of Fire"


def test_a_full_gang_drops_out_of_the_picks() -> None:
    # line 173: alternate until each gang has 10 or the pool is empty
    table = Table()
    table.execute(ChooseSetUp("campaign", "pool"))
    table.execute(FoundGang("A", "a"))
    table.execute(FoundGang("B", "b"))
    table.execute(Enlist("A", recruit("Boss A", "Revolver", "Quick", unit=LEADER)))
    table.execute(Enlist("B", recruit("Boss B", "Revolver", "Quick", unit=LEADER)))
    table.execute(RollOffForPicks(typed=(("A", "Kh"), ("B", "2d"))))
    for i in range(GANG_SIZE - 1):
        for player in ("A", "B"):
            table.execute(Enlist(player, Recruit(f"{player}{i}", GUNSLINGER, "Revolver",
                                                 hired=True)))
    assert [len(g.fighters) for g in table.state.gangs] == [GANG_SIZE, GANG_SIZE]
    refused(table, Enlist("A", Recruit("A10", GUNSLINGER, "Revolver", hired=True)),
            "Gang size")
    # one gang full first (A kept a hired gun after game 1, B nobody): B picks on alone
    table = Table()
    table.execute(ChooseSetUp("campaign", "pool"))
    table.execute(FoundGang("A", "a"))
    table.execute(FoundGang("B", "b"))
    table.execute(Enlist("A", recruit("Boss A", "Revolver", "Quick", unit=LEADER)))
    table.execute(Enlist("B", recruit("Boss B", "Revolver", "Quick", unit=LEADER)))
    table.execute(RollOffForPicks(typed=(("A", "Kh"), ("B", "2d"))))
    for player in ("A", "B"):
        table.execute(Enlist(player, Recruit(f"{player} first", GUNSLINGER, "Revolver",
                                             hired=True)))
    table.execute(StartGame(unshuffled()))
    table.execute(EndGame())
    table.execute(KeepHired("A first"))
    table.execute(CloseAftermath())
    table.execute(RollOffForPicks(typed=(("A", "Kh"), ("B", "2d"))))
    for i in range(GANG_SIZE - 2):
        for player in ("A", "B"):
            table.execute(Enlist(player, Recruit(f"{player}{i}", GUNSLINGER, "Revolver",
                                                 hired=True)))
    assert len(table.state.gang("A").fighters) == GANG_SIZE  # type: ignore[union-attr]
    assert table.state.picker == "B"
    table.execute(Enlist("B", Recruit("B9", GUNSLINGER, "Revolver", hired=True)))
    assert len(table.state.gang("B").fighters) == GANG_SIZE  # type: ignore[union-attr]


# -- Abilities (lines 141-163) -----------------------------------------------------------------


def test_hail_of_fire_two_free_attacks_with_the_same_gun() -> None:
    # line 147
    table, shooter, target = attack_ready()
    given_ability(table, shooter, "Hail of Fire")
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.stack("2c 2d")
    (event,) = table.execute(Attack(shooter, target, hand=True))
    assert event.data["fired"] == ["Hail of Fire"] and event.data["free_attacks"] == 2
    activation = table.state.battle.activation  # type: ignore[union-attr]
    assert activation is not None and activation.actions_left == 1
    for left in (1, 0):
        table.stack("2c 3c")
        (event,) = table.execute(Attack(shooter, target))
        assert event.data["weapon"] == "Revolver" and event.data["free_attacks"] == left
    activation = table.state.battle.activation  # type: ignore[union-attr]
    assert activation is not None and activation.actions_left == 1


def test_return_fire_shoots_back_at_plus_three_and_cannot_be_evaded() -> None:
    # line 155: Dutch (Return Fire) lays a winning hand on the Defence test
    table, shooter, target = attack_ready()
    given_ability(table, target, "Return Fire")
    table.give(HENDRY, "Jc Jd 2h 4s 6c")
    table.stack("Kc 2c")
    (event,) = table.execute(Attack(shooter, target, defender_hand=True))
    assert event.data["return_fire"] and event.data["damage"] == 0
    refused(table, Attack(target, shooter, evading=True), "Return Fire")
    table.stack("6c 2d 2h")
    (event,) = table.execute(Attack(target, shooter))
    # Dutch SKL 9: a 6 with +3 is 9, a hit
    assert "SKL 9+ at +3 (Return Fire +3): 6♣ 9 hit" in event.data["line"]
    assert event.data["free_return"]


def test_shrug_it_off_on_a_recover() -> None:
    # line 163: Ma Hendry wins her Command test with a hand
    table = hendry_to_act(one_off(), "Ma Hendry")
    wounded(table, "Ma Hendry", 7)
    for name in ("Ma Hendry", "Dutch", "Lefty"):
        with_tokens(table, name, 2)
    table.give(HENDRY, "Qc Qd 2h 4s 6c")
    (event,) = table.execute(Recover("Ma Hendry", hand=True))
    assert event.data["shrugged"] and event.data["outcome"] == "critical success"
    assert all(f.tokens == 0 for f in table.state.gang(HENDRY).fighters)  # type: ignore[union-attr]
    # 3 HP back, up to the model's own (11 with Tough)
    assert table.fighter("Ma Hendry").hp == 10
    # a critical Recover: every token shed and an extra action (Open Fire 2.3)
    assert event.data["actions_left"] == 2


def test_shrug_it_off_on_any_command_test() -> None:
    table = hendry_to_act(one_off(), "Ma Hendry")
    wounded(table, "Ma Hendry", 10)
    with_tokens(table, "Dutch", 1)
    table.give(HENDRY, "Qc Qd 2h 4s 6c")
    (event,) = table.execute(AttributeTest("Ma Hendry", "CMD", hand=True))
    assert event.data["shrugged"] and "Shrug it Off" in event.data["line"]
    assert table.fighter("Dutch").tokens == 0 and table.fighter("Ma Hendry").hp == 11


# -- Open Fire's actions and tests (digest 2.1-3.6) --------------------------------------------


def test_advance_and_rush_and_their_tokens() -> None:
    # 2.3: MOV 5, Advance 5" then Rush 3", 8" in all; -2" a token
    table = hendry_to_act(one_off(), "Dutch")
    advanced = table.execute(Move("Dutch", "Advance"))[0].data["inches"]
    rushed = table.execute(Move("Dutch", "Rush"))[0].data["inches"]
    assert (advanced, rushed, advanced + rushed) == (5, 3, 8)
    table = with_tokens(hendry_to_act(one_off(), "Dutch"), "Dutch", 1)
    assert table.execute(Move("Dutch", "Advance"))[0].data["inches"] == 3


def test_recover_may_be_taken_twice() -> None:
    # 2.3: no action twice in an activation, but Recover
    table = with_tokens(hendry_to_act(one_off(), "Dutch"), "Dutch", 2)
    table.stack("2c 3c")
    table.execute(Recover("Dutch"))
    assert table.fighter("Dutch").tokens == 1
    table.execute(Recover("Dutch"))
    assert table.fighter("Dutch").tokens == 0 and table.fighter("Dutch").activated


def two_fear_models_against_dutch() -> Table:
    """Dutch (Hendry's) to act with a token, two of Cole's models Fearsome."""
    table = with_tokens(hendry_to_act(one_off(), "Dutch"), "Dutch", 1)
    return with_perk(with_perk(table, "Eli Crane", "Fearsome"), "Deputy Ames", "Fearsome")


def test_fear_is_minus_three_to_the_command_test() -> None:
    # section 4: Fear -3 within 6"; one or more Fear models, -3 once unless agreed
    table = two_fear_models_against_dutch()
    table.stack("Tc")  # 10 - 3 = 7 against CMD 8: fails (10 alone would pass)
    (event,) = table.execute(Recover("Dutch", feared_by=2))
    assert event.data["modifier"] == -3 and event.data["outcome"] == "failure"
    table = agreed(two_fear_models_against_dutch(), fear_stacks=True)
    table.stack("Kc")
    (event,) = table.execute(Recover("Dutch", feared_by=2))
    assert event.data["modifier"] == -6 and event.data["outcome"] == "failure"
    refused(with_tokens(table, "Dutch", 1), Recover("Dutch", feared_by=-1), "Fear")


def test_a_model_with_two_tokens_cannot_evade() -> None:
    # 3.4
    table, shooter, target = attack_ready()
    with_tokens(table, target, 2)
    refused(table, Attack(shooter, target, evading=True), "Evading")


def test_the_close_combat_profile_and_half_ranges() -> None:
    # 3.1: RNG 1, ATT 1, DMG 1, PRC 0, Melee; 3.2: half of 20, 16, 30 and 8
    fists = close_combat_weapon()
    assert (fists.rng, fists.att, fists.dmg, fists.prc, fists.rules) == (1, 1, 1, 0,
                                                                         ("Melee",))
    halves = {name: weapons()[name].half_range for name in
              ("Rapid Fire Rifle", "Revolver", "Rifle", "Shotgun")}
    assert halves == {"Rapid Fire Rifle": 10, "Revolver": 8, "Rifle": 15, "Shotgun": 4}


def test_the_game_lasts_five_rounds_and_the_higher_score_wins() -> None:
    # 2.1: 5 rounds unless agreed; the highest score wins, equal scores are a draw
    table = one_off()
    for _ in range(4):
        played_out(table).execute(StartRound(unshuffled()))
    assert table.state.battle.round == 5  # type: ignore[union-attr]
    refused(played_out(table), StartRound(unshuffled()), "Rounds")
    table.execute(Score(HENDRY, 2))
    table.execute(Score(COLE, 2))
    table.execute(EndGame())
    assert table.state.record[-1].winner == ""
    table = one_off()
    table.execute(Score(COLE, 1))
    table.execute(EndGame())
    assert table.state.record[-1].winner == COLE


def test_deploying_model_by_model_is_said_in_the_status() -> None:
    # 2.1 (open point 24): a setting, said where the table reads it
    table = agreed(one_off(), deployment="model by model")
    assert "one model at a time by turns" in deployment_line(table.state)
    table = agreed(one_off())
    assert "the whole gang, then" in deployment_line(table.state)


def test_the_hired_guns_leave_after_the_aftermath() -> None:
    table = campaign()
    table.execute(EndGame())
    table.execute(CloseAftermath())
    assert all(not f.recruit.hired for g in table.state.gangs for f in g.fighters)
