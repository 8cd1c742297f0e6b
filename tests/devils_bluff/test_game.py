"""The decider through a game: set-up, rounds, hands, activations, attacks, campaigns."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmscreen.core.cards import card_from_code
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    AttributeTest,
    ChooseSetUp,
    CloseAftermath,
    Discard,
    DrawCard,
    EndActivation,
    EndGame,
    Enlist,
    GainLevel,
    KeepHired,
    Move,
    Recover,
    Score,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import card_value
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from gmscreen.journal.rules import RuleError
from tests.devils_bluff.helpers import Table, campaign, one_off, recruit, unshuffled


def refused(table: Table, command: object, rule: str) -> RuleError:
    before = table.state
    with pytest.raises(RuleError) as caught:
        table.execute(command)
    assert caught.value.rule == rule, str(caught.value)
    assert table.state == before
    return caught.value


def total_cards(table: Table) -> int:
    deck = table.state.deck
    return len(deck.order) + len(deck.discards) + sum(len(h) for _, h in table.state.hands)


def test_set_up_refuses_what_is_not_a_mode_or_setting() -> None:
    table = Table()
    refused(table, ChooseSetUp("skirmish"), "Set-up")
    refused(table, ChooseSetUp("campaign", settings=(("rounds", 13),)), "Settings")
    refused(table, ChooseSetUp("campaign", settings=(("speed", 1),)), "Settings")
    table.execute(ChooseSetUp("campaign", settings=(("rounds", 6),)))
    assert table.state.setting("rounds") == 6 and table.state.setting("rapid_fire") == "double"


def test_a_setting_takes_only_its_own_choices_not_a_look_alike() -> None:
    # a number where yes or no is asked, or a fraction of a round, is no choice of the
    # setting: the set-up names the setting, and the journal never sees it
    table = Table()
    for key, value in (("ace_fails", 1), ("king_capped_first", 0), ("rounds", 6.0),
                       ("guns_in_assault", "true")):
        error = refused(table, ChooseSetUp("campaign", settings=((key, value),)), "Settings")
        assert error.field == key
    table.execute(ChooseSetUp("campaign", settings=(("ace_fails", True), ("rounds", 6))))
    assert table.state.setting("ace_fails") is True and table.state == table.replayed()


def test_a_round_starts_with_initiative_and_five_cards_each() -> None:
    table = one_off()
    battle = table.state.battle
    assert battle is not None and battle.round == 1
    event = next(e for e in table.events if e.kind.endswith("round_started"))
    totals = {d["player"]: sum(card_value(card_from_code(c)) for c in d["cards"])
              for d in event.data["draws"][-2:]}
    assert [len(d["cards"]) for d in event.data["draws"]] == [2] * len(event.data["draws"])
    assert battle.order[0] == max(totals, key=lambda p: totals[p])
    assert battle.turn == battle.order[0]
    assert all(len(h) == 5 for _, h in table.state.hands)
    assert total_cards(table) == 52
    assert table.state == table.replayed()


def test_a_new_round_waits_for_every_activation() -> None:
    table = one_off()
    refused(table, StartRound(unshuffled()), "Rounds")


def test_a_player_sees_only_their_own_hand() -> None:
    table = one_off()
    view = table.state.view(HENDRY)
    assert view.hand == table.state.hand(HENDRY)
    assert view.others == ((COLE, 5),)
    assert table.state.hand(COLE) != view.hand


def test_drawing_on_your_turn_and_discarding_down_to_five() -> None:
    table = one_off()
    first, second = table.state.battle.order  # type: ignore[union-attr]
    refused(table, DrawCard(second), "The Hand")
    top = table.state.deck.order[0]
    gone = table.state.hand(first)[0]
    table.execute(DrawCard(first, gone.code))
    assert len(table.state.hand(first)) == 5 and top in table.state.hand(first)
    assert gone in table.state.deck.discards
    refused(table, DrawCard(first, table.state.hand(first)[0].code), "The Hand")
    assert total_cards(table) == 52


def test_a_full_hand_draws_a_sixth_then_discards_one_it_held() -> None:
    table = one_off()
    first = table.state.battle.order[0]  # type: ignore[union-attr]
    top = table.state.deck.order[0]
    held = table.state.hand(first)
    table.execute(DrawCard(first, order_by=unshuffled()))
    assert table.state.hand(first) == (*held, top)
    # nothing goes on until one of the five held before is discarded
    mine = table.state.gang(first).fighters[0].name  # type: ignore[union-attr]
    refused(table, Activate(mine), "The Hand")
    refused(table, Discard(first, "Xx"), "The Hand")
    # the card just drawn is not one of them (module line 39)
    assert "just drawn" in refused(table, Discard(first, top.code), "The Hand").message
    # none chosen: the rule says what is missing
    assert refused(table, Discard(first, ""), "The Hand").field == "card"
    table.execute(Discard(first, held[2].code))
    assert table.state.hand(first) == (*held[:2], *held[3:], top)
    assert held[2] in table.state.deck.discards
    refused(table, Discard(first, table.state.hand(first)[0].code), "The Hand")
    table.execute(Activate(mine))
    assert total_cards(table) == 52


def test_activations_alternate() -> None:
    table = one_off()
    first, second = table.state.battle.order  # type: ignore[union-attr]
    mine = table.state.gang(first).fighters[0].name  # type: ignore[union-attr]
    theirs = table.state.gang(second).fighters[0].name  # type: ignore[union-attr]
    refused(table, Activate(theirs), "Activation")
    table.execute(Activate(mine))
    advanced = table.execute(Move(mine, "Advance"))
    assert advanced[0].data["line"].startswith(f"{mine} advances up to ")
    refused(table, Move(mine, "Advance"), "Actions")
    rushed = table.execute(Move(mine, "Rush"))
    assert rushed[0].data["line"].startswith(f"{mine} rushes up to ")
    assert table.fighter(mine).activated
    assert table.state.battle.turn == second  # type: ignore[union-attr]
    refused(table, Activate(mine), "Activation")


def test_movement_counts_suppression() -> None:
    table = one_off()
    first = table.state.battle.order[0]  # type: ignore[union-attr]
    mine = table.state.gang(first).fighters[3].name  # type: ignore[union-attr]
    table.execute(Activate(mine))
    events = table.execute(Move(mine, "Rush"))
    assert events[0].data["inches"] == 3


def attack_ready() -> tuple[Table, str, str]:
    """Sheriff Cole's Eli Crane activating, and a Hendry target in the open."""
    table = one_off()
    if table.state.battle.turn != COLE:  # type: ignore[union-attr]
        table.execute(Activate("Jesse Hendry"))
        table.execute(EndActivation("Jesse Hendry"))
    table.execute(Activate("Eli Crane"))
    return table, "Eli Crane", "Dutch"


def test_an_attack_by_the_top_cards() -> None:
    table, shooter, target = attack_ready()
    # Eli Crane: SKL 10 (Brute); a King and a Queen hit; Dutch DEF 7 draws 2 and 3, fails both
    table.stack("Kc Qc 2d 3d")
    events = table.execute(Attack(shooter, target))
    assert events[0].data["hits"] == 2 and events[0].data["damage"] == 2
    assert table.fighter(target).hp == 6
    assert table.state.deck.discards[-4:] == tuple(
        card_from_code(c) for c in ("Kc", "Qc", "2d", "3d"))
    refused(table, Attack(shooter, target), "Actions")


def test_playing_a_hand_alone_forces_a_critical_hit() -> None:
    table, shooter, target = attack_ready()
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.stack("2c 2s")  # the second Battle Skill test misses; the Defence test fails
    events = table.execute(Attack(shooter, target, hand=True))
    data = events[0].data
    assert data["skill_hand"]["outcome"] == "critical success"
    assert data["critical_hits"] == 1 and data["damage"] == 1
    assert table.state.hand(COLE) == ()
    assert total_cards(table) == 52


def test_a_contested_hand_that_loses_is_a_miss() -> None:
    table, shooter, target = attack_ready()
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.give(HENDRY, "Jc Jd Jh 4s 6c")
    table.stack("2c")
    events = table.execute(Attack(shooter, target, hand=True, contest=(HENDRY,)))
    assert events[0].data["skill_hand"]["outcome"] == "failure"
    assert events[0].data["hits"] == 0
    assert table.state.hand(COLE) == () and table.state.hand(HENDRY) == ()
    assert total_cards(table) == 52


def test_no_hand_is_laid_against_a_test_by_the_top_card() -> None:
    # module line 45: the other players lay theirs against the hand played for a test; a
    # test by the top card has none to answer, and the hands stay held
    table, shooter, target = attack_ready()
    held = table.state.hands
    for command in (Attack(shooter, target, contest=(HENDRY,)),
                    AttributeTest(shooter, "CMD", contest=(HENDRY,))):
        assert refused(table, command, "Playing your hand").field == "contest"
    gang = table.state.gang(COLE)
    assert gang is not None
    table.state = table.state.with_gang(gang.with_fighter(
        replace(table.fighter(shooter), tokens=1)))
    assert refused(table, Recover(shooter, contest=(HENDRY,)),
                   "Playing your hand").field == "contest"
    assert table.state.hands == held
    table.execute(Recover(shooter, hand=True, contest=(HENDRY,)))
    assert table.state.hand(COLE) == () and table.state.hand(HENDRY) == ()


def test_the_defender_may_play_a_hand_on_a_defence_test() -> None:
    table, shooter, target = attack_ready()
    table.give(HENDRY, "Jc Jd 2h 4s 6c")
    table.stack("Kc 2c")
    events = table.execute(Attack(shooter, target, defender_hand=True))
    assert events[0].data["defence_hand"]["outcome"] == "critical success"
    assert events[0].data["damage"] == 0


def test_a_hand_may_be_laid_against_the_defender_s() -> None:
    # module line 45: after a test's hand is laid, any other player may lay theirs
    table, shooter, target = attack_ready()
    table.give(HENDRY, "Jc Jd 2h 4s 6c")
    table.give(COLE, "Qc Qd 3h 5s 7c")
    table.stack("Kc 2c")
    refused(table, Attack(shooter, target, defence_contest=(COLE,)), "Playing your hand")
    refused(table, Attack(shooter, target, hand=True, defender_hand=True,
                          defence_contest=(COLE,)), "Playing your hand")
    events = table.execute(Attack(shooter, target, defender_hand=True,
                                  defence_contest=(COLE,)))
    played = events[0].data["defence_hand"]
    assert played["outcome"] == "failure" and set(played["laid"]) == {HENDRY, COLE}
    assert events[0].data["damage"] == 1
    assert table.state.hand(COLE) == () and table.state.hand(HENDRY) == ()
    assert total_cards(table) == 52


def test_recover_needs_a_token_and_an_attack_an_enemy_and_a_cover() -> None:
    table, shooter, target = attack_ready()
    refused(table, Recover(shooter), "Recover")
    refused(table, Attack(shooter, "Eli Crane"), "Attack")
    refused(table, Attack(shooter, target, cover="thick"), "Cover")


def test_a_test_by_the_top_card() -> None:
    table, shooter, _ = attack_ready()
    table.stack("8h")
    events = table.execute(AttributeTest(shooter, "CMD"))
    assert events[0].data["outcome"] == "success" and events[0].data["result"] == 8
    table.stack("7h")
    assert table.execute(AttributeTest(shooter, "CMD"))[0].data["outcome"] == "failure"
    refused(table, AttributeTest(shooter, "LUCK"), "Tests")


def test_a_campaign_game_then_experience_and_the_hired_guns() -> None:
    table = campaign()
    table.execute(Score(HENDRY, 3))
    table.execute(EndGame("the bank job"))
    assert table.state.record[0].winner == HENDRY
    refused(table, GainLevel("Dutch", "Quick"), "Experience")
    table.execute(GainLevel("Ma Hendry", "Quick"))
    refused(table, GainLevel("Ma Hendry", "Deft"), "Experience")
    table.execute(KeepHired("Dutch"))
    refused(table, KeepHired("Lefty"), "Joining for good")
    table.execute(CloseAftermath())
    roster = [f.name for f in table.state.gang(HENDRY).fighters]  # type: ignore[union-attr]
    assert roster == ["Ma Hendry", "Dutch"]
    assert table.fighter("Ma Hendry").recruit.perks == ("Cunning", "Quick")
    assert table.state == table.replayed()


def test_a_campaign_gang_hires_its_gunslingers() -> None:
    table = campaign()
    table.execute(EndGame())
    table.execute(CloseAftermath())
    refused(table, Enlist(HENDRY, recruit("Kid", "Revolver", "Quick")), "Campaign gang")


def test_a_defender_s_hand_with_no_hit_to_defend_is_said_to_stay_in_hand() -> None:
    """Module line 43: a hand is played instead of a test's card. Ben ticked "Defender plays
    hand" for Marshal Pike and both shots missed: no Defence test, so his hand was never
    laid and he kept his five cards, but the line read as any miss and the table could not
    tell from it whether his hand had been spent."""
    table, shooter, target = attack_ready()
    held = table.state.hand(HENDRY)
    table.stack("2c 3c")
    (event,) = table.execute(Attack(shooter, target, defender_hand=True))
    assert table.state.hand(HENDRY) == held
    assert event.data["line"].endswith(
        f"; no Defence test, so {HENDRY}'s hand is not laid"), event.data["line"]
    # the attacker's player, who would have laid against it, keeps theirs too
    table, shooter, target = attack_ready()
    table.stack("2c 3c")
    (event,) = table.execute(Attack(shooter, target, defender_hand=True,
                                    defence_contest=(COLE,)))
    assert event.data["line"].endswith(
        f"; no Defence test, so the hands of {HENDRY} and {COLE} are not laid"), (
        event.data["line"])
    assert len(table.state.hand(COLE)) == 5
    # with a hit, the hand is laid for the Defence test as before, and nothing is added
    table, shooter, target = attack_ready()
    table.stack("Kc 3c")
    (event,) = table.execute(Attack(shooter, target, defender_hand=True))
    assert table.state.hand(HENDRY) == () and "is not laid" not in event.data["line"]
