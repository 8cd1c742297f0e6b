"""A game on the table through the decider: setup, turns, moves, attacks, All In, the end."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.attack import move_words
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    DeclineSecondResult,
    Deploy,
    Dismiss,
    EditModel,
    EndTurn,
    GoAllIn,
    LeaveTable,
    LoadScenario,
    MakeAttack,
    NamePosse,
    PlayResult,
    Recruit,
    Reshuffle,
    SetUpGame,
    Surrender,
    TakeSecondResult,
    UseModel,
)
from gmscreen.games.dead_mans_hand.events import KINDS
from gmscreen.games.dead_mans_hand.pack import FULL_PACK
from gmscreen.games.dead_mans_hand.rules import RULES
from gmscreen.games.dead_mans_hand.state import Effect, Format, Phase, Status
from gmscreen.games.dead_mans_hand.weapons import Band, Move
from gmscreen.journal.rules import RuleError
from tests.dead_mans_hand.helpers import Table

STILL, SLOW, QUICK, FLAT_OUT = Move.STILL, Move.SLOW, Move.QUICK, Move.FLAT_OUT


#: Leon's Apaches (red) against Stephen's Outlaws (black), placed and ready to play: the
#: 9♥ turned, red places first and takes the first turn
LEON_AND_STEPHEN = (
    ChooseFormat(Format.SINGLE),
    NamePosse("red", "Apaches"),
    NamePosse("black", "Outlaws"),
    Recruit("red", "Sharpshooter", 6, 1, ("rifle",)),
    Recruit("red", "Brave", 8, 1, ("tomahawks",)),
    Recruit("black", "Outlaw", 8, 1, ("pistol",)),
    Recruit("black", "Rider", 7, 1, ("shotgun",), horse=True),
    SetUpGame("9h"),
    *(Deploy(name) for name in ("Sharpshooter", "Outlaw", "Brave", "Rider")),
)


def leon_and_stephen() -> Table:
    """Leon's Apaches (red) against Stephen's Outlaws (black), placed and ready to play."""
    return Table(*LEON_AND_STEPHEN)


def test_the_card_drawn_says_who_places_and_acts_first() -> None:
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("3s"))
    assert (table.state.first, table.state.deploying, table.state.phase) == (
        "black", "black", Phase.DEPLOYING)
    with pytest.raises(RuleError, match="placing alternates: black places next"):
        table.do(Deploy("Big Oaf"))
    table.do(Deploy("Sly Shooter"))
    table.do(Deploy("Big Oaf"))
    assert table.state.phase is Phase.PLAYING
    assert table.turn().colour == "black"


def test_a_joker_cannot_choose_who_goes_first() -> None:
    table = Table(LoadScenario("jailbreak"))
    with pytest.raises(RuleError, match="Set-up card: a Joker has no colour"):
        table.do(SetUpGame("*"))


def test_placing_goes_on_when_the_other_side_has_nobody_left() -> None:
    table = Table(LoadScenario("hes-coming-right-for-us"), SetUpGame("Kh"))
    table.do(Deploy("Rampaging Bear"))
    table.do(Deploy("Hunter 1"))
    assert table.state.deploying == "black"
    table.do(Deploy("Hunter 2"))
    assert table.turn().colour == "red"


def test_the_sharpshooters_attack_from_the_book() -> None:
    table = leon_and_stephen()
    assert table.turn().colour == "red"
    table.do(UseModel("Sharpshooter", STILL))
    def aim(*cards: str) -> MakeAttack:
        return MakeAttack("Outlaw", "rifle", 35, cards, friends_near=True, from_behind=True,
                          cover=True)

    with pytest.raises(RuleError, match=r"Rifle 2 .* = 3 cards, not 2"):
        table.do(aim("Qc", "2s"))
    table.do(aim("Qc", "2s", "3h"))
    table.do(GoAllIn("Ah"))
    events = table.do(PlayResult("A♥"))
    # the red Ace takes the Outlaw's pistol, so Stephen's Queen could not apply: no second card
    assert table.kinds(events) == ["result_played", "turn_ended"]
    played = KINDS.read(events[0])
    assert played.effect is Effect.DISARMED and played.weapon == "pistol"
    assert played.second_offered is False
    assert table.model("Outlaw").weapons == ("brawling",)
    assert table.turn().colour == "black"
    assert table.state.attack is None
    pack = table.pack()
    assert sorted(pack.discard) == sorted(["9h", "Qc", "2s", "3h", "Ah"])
    assert len(pack.pile) == 54 - 5


def test_a_second_result_card_after_all_in() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Sharpshooter", STILL))
    table.do(MakeAttack("Outlaw", "rifle", 30, ("Qc", "2s")))
    table.do(GoAllIn("4d"))
    events = table.do(PlayResult("4d"))  # below the sharpshooter's 6: nothing
    assert KINDS.read(events[-1]).second_offered is True
    assert table.state.attack is not None and table.state.attack.awaiting_second
    with pytest.raises(RuleError, match="not among the cards left"):
        table.do(TakeSecondResult("4d"))
    events = table.do(TakeSecondResult("Qc"))
    played = KINDS.read(events[0])
    assert played.effect is Effect.SHAKEN and played.loser == "Sharpshooter"
    assert played.answer_weapon == "pistol"
    assert table.model("Sharpshooter").shaken


def test_the_target_may_decline_its_second_card() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Sharpshooter", STILL))
    table.do(MakeAttack("Outlaw", "rifle", 30, ("Qc", "3h")))
    table.do(GoAllIn("4d"))
    table.do(PlayResult("3h"))
    assert table.kinds(table.do(DeclineSecondResult())) == [
        "second_result_declined", "turn_ended"]
    # the table's last attack says so, as it says what each card played did
    lines = view.attack_lines(view.table_knows(table.state))
    assert lines[-1] == "Outlaw took no second card."


def test_no_second_card_out_of_the_targets_reach_or_without_all_in() -> None:
    """Line 77: the second card is the price of going all in, and only a target that can
    still answer takes it. At 60 yards the Outlaw's pistol (Normal 40) does not reach; at 30
    it does, but without All In the Q♠ left is no card of his either."""
    table = leon_and_stephen()
    table.do(UseModel("Sharpshooter", STILL))
    table.do(MakeAttack("Outlaw", "rifle", 60, ("Qc", "2s")))
    table.do(GoAllIn("4d"))
    assert table.kinds(table.do(PlayResult("4d"))) == ["result_played", "turn_ended"]
    table.do(UseModel("Outlaw", STILL))
    table.do(EndTurn())
    table.do(UseModel("Sharpshooter", STILL))
    table.do(MakeAttack("Outlaw", "rifle", 30, ("Qs", "4h")))
    events = table.do(PlayResult("4h"))  # below the sharpshooter's 6: he still stands
    assert KINDS.read(events[0]).second_offered is False
    assert table.kinds(events) == ["result_played", "turn_ended"]
    assert table.model("Outlaw").on_table and table.state.attack is None


def test_a_queen_stops_the_next_attack_then_wears_off() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Sharpshooter", STILL))
    table.do(MakeAttack("Outlaw", "rifle", 30, ("Qh", "2s")))
    table.do(PlayResult("Qh"))
    assert table.model("Outlaw").shaken
    table.do(UseModel("Outlaw", SLOW))  # no attack: the move ends the use
    assert not table.model("Outlaw").shaken
    assert table.turn().colour == "red"
    table.do(UseModel("Brave", SLOW))
    table.do(EndTurn())
    table.do(UseModel("Outlaw", STILL))
    table.do(MakeAttack("Brave", "pistol", 10, ("2c", "3c")))


def test_a_jack_pins_and_unhorses() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Sharpshooter", STILL))
    table.do(MakeAttack("Rider", "rifle", 50, ("Jh", "2s")))
    table.do(PlayResult("Jh"))
    rider = table.model("Rider")
    assert rider.pinned and not rider.horse
    with pytest.raises(RuleError, match="Jack: Rider was pinned"):
        table.do(UseModel("Rider", QUICK))
    table.do(UseModel("Rider", STILL))
    assert not table.model("Rider").pinned


def test_moving_target_and_quick_shot_change_the_count() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Brave", SLOW))
    table.do(EndTurn())
    table.do(UseModel("Rider", FLAT_OUT))  # mounted: may attack, one card down
    assert table.model("Rider").moving_target
    with pytest.raises(RuleError, match=r"Shotgun 3 -1 moved more than 10 yards = 2 cards"):
        table.do(MakeAttack("Brave", "shotgun", 20, ("2c",)))
    table.do(EndTurn())
    table.do(UseModel("Sharpshooter", STILL))
    with pytest.raises(RuleError, match="Rifle 2 -1 moving target = 1 card, not 2"):
        table.do(MakeAttack("Rider", "rifle", 80, ("2c", "3c")))
    table.do(EndTurn())
    table.do(UseModel("Rider", SLOW))
    assert not table.model("Rider").moving_target


def test_flat_out_on_foot_and_rifles_on_the_move() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Sharpshooter", SLOW))
    with pytest.raises(RuleError, match="Range: Rifle fires only standing still"):
        table.do(MakeAttack("Outlaw", "rifle", 30, ("2c", "3c")))
    table.do(EndTurn())
    table.do(UseModel("Outlaw", FLAT_OUT))  # on foot: no attack, so the use is over
    with pytest.raises(RuleError, match="use a model first"):
        table.do(MakeAttack("Brave", "pistol", 10, ("2c",)))
    assert table.turn().colour == "red"


def test_turns_alternate_one_model_each() -> None:
    table = leon_and_stephen()
    with pytest.raises(RuleError, match=r"it is the turn of Apaches \(red\)"):
        table.do(UseModel("Outlaw", STILL))
    with pytest.raises(RuleError, match="use a model first: each turn uses one model"):
        table.do(EndTurn())
    table.do(UseModel("Brave", SLOW))
    with pytest.raises(RuleError, match="Brave is being used this turn"):
        table.do(UseModel("Sharpshooter", STILL))
    with pytest.raises(RuleError, match="Result card: no attack is under way"):
        table.do(PlayResult("2c"))
    table.do(EndTurn())
    table.do(UseModel("Outlaw", STILL))
    table.do(EndTurn())
    table.do(UseModel("Brave", STILL))  # the same model again is fine
    assert table.turn().number == 3


def test_attacks_are_checked_against_the_table() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Sharpshooter", STILL))
    with pytest.raises(RuleError, match="Brave is not an enemy"):
        table.do(MakeAttack("Brave", "rifle", 30, ("2c", "3c")))
    with pytest.raises(RuleError, match="does not carry Pistol"):
        table.do(MakeAttack("Outlaw", "pistol", 30, ("2c", "3c")))
    with pytest.raises(RuleError, match="Rifle reaches 100 yards, not 120"):
        table.do(MakeAttack("Outlaw", "rifle", 120, ("2c", "3c")))
    with pytest.raises(RuleError, match="9♥ is not in the pile: drawn already"):
        table.do(MakeAttack("Outlaw", "rifle", 30, ("9h", "3c")))
    with pytest.raises(RuleError, match="Cards: "):
        table.do(MakeAttack("Outlaw", "rifle", 30, ("Zz", "3c")))
    table.do(MakeAttack("Outlaw", "rifle", 30, ("2c", "3c")))
    with pytest.raises(RuleError, match="still being resolved"):
        table.do(EndTurn())


def test_the_ace_pick_is_asked_for_when_there_is_a_choice() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Brave", SLOW))
    table.do(MakeAttack("Outlaw", "tomahawks", 5, ("Ac", "Ah", "2c")))
    with pytest.raises(RuleError, match="Ace: Outlaw picks the weapon it loses: Brawling, Pistol"):
        table.do(PlayResult("Ah"))
    table.do(PlayResult("Ah", weapon_lost="brawling"))
    assert table.model("Outlaw").weapons == ("pistol",)


def test_the_pile_runs_out_and_the_discard_comes_back() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Sharpshooter", STILL))
    short = replace(table.pack(), pile=("2c",), discard=("3c", "4c", "9h"))
    table.state = replace(table.state, pack=short)
    with pytest.raises(RuleError, match="9♦ is not in the pile or the discard"):
        table.do(MakeAttack("Outlaw", "rifle", 30, ("2c", "9d")))
    table.do(MakeAttack("Outlaw", "rifle", 30, ("2c", "3c")))
    assert table.pack().pile == ("4c", "9h") and table.pack().discard == ()
    table.do(PlayResult("2c"))
    assert table.pack().discard == ("2c", "3c")


def test_reshuffle_brings_the_discard_back() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Sharpshooter", STILL))
    table.do(MakeAttack("Outlaw", "rifle", 30, ("2c", "3c")))
    table.do(PlayResult("2c"))
    assert len(table.pack().discard) == 3
    table.do(Reshuffle())
    assert table.pack().pile == FULL_PACK and table.pack().discard == ()
    with pytest.raises(RuleError, match="the discard is empty"):
        table.do(Reshuffle())


def test_the_discard_goes_back_only_between_attacks_in_play() -> None:
    """Beyond the book (it never speaks of shuffling): the table shuffles its discard back
    between attacks while a game is played. Not while the models are placed (the set-up
    card alone lies there, and nothing is drawn), not while an attack's cards are still on
    the table, and not after the game (the next one starts from a full pack)."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"))
    with pytest.raises(RuleError, match="while the models are placed"):
        table.do(Reshuffle())
    table.do(Deploy("Big Oaf"))
    table.do(Deploy("Sly Shooter"))
    table.do(UseModel("Big Oaf", STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 10, ("3h", "3c")))
    with pytest.raises(RuleError, match="the attack's cards are still on the table"):
        table.do(Reshuffle())
    table.do(GoAllIn("9d"))
    table.do(PlayResult("3h"))
    assert table.state.attack is not None  # the Shooter may take a second card
    with pytest.raises(RuleError, match="the attack's cards are still on the table"):
        table.do(Reshuffle())
    table.do(DeclineSecondResult())
    table.do(Reshuffle())
    assert table.pack().pile == FULL_PACK
    table.do(Surrender("Sly Shooter"))
    assert table.state.phase is Phase.AFTER_GAME
    with pytest.raises(RuleError, match="the next game is dealt a full pack"):
        table.do(Reshuffle())


def test_leaving_by_a_table_edge_and_surrender_end_the_game() -> None:
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                  Deploy("Sly Shooter"))
    with pytest.raises(RuleError, match="leaves by a table edge with a move"):
        table.do(LeaveTable("Big Oaf", STILL))
    events = table.do(LeaveTable("Big Oaf", QUICK))
    # the game is over: no turn passes to a posse with nobody left (the log said "The red
    # posse's turn." just before the game went to the black posse)
    assert table.kinds(events) == ["model_left", "game_won"]
    assert [RULES.describe(e) for e in events] == [
        "Big Oaf leaves by a table edge.",
        "Game 1 goes to The Shooter (black), the only posse left on the table."]
    assert KINDS.read(events[-1]).winner == "black"
    assert table.state.phase is Phase.AFTER_GAME
    assert table.model("Big Oaf").status is Status.RESERVE  # safe, not fallen

    table.do(SetUpGame("3d"))  # a single game starts everyone afresh
    table.do(Deploy("Big Oaf"))
    table.do(Deploy("Sly Shooter"))
    events = table.do(Surrender("Sly Shooter"))
    assert table.kinds(events) == ["model_surrendered", "game_won"]
    assert table.state.games[-1].winner == "red"


def test_the_last_hit_ends_the_game() -> None:
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                  Deploy("Sly Shooter"))
    table.do(UseModel("Big Oaf", SLOW))
    table.do(MakeAttack("Sly Shooter", "pistol", 20, ("Kh", "2c")))
    events = table.do(PlayResult("Kh"))
    assert table.kinds(events) == ["result_played", "game_won"]  # no turn passes
    shooter = table.model("Sly Shooter")
    assert (shooter.status, shooter.coffin) == (Status.DOWN, "Kh")
    assert "Kh" in table.pack().coffins and "Kh" not in table.pack().pile
    last = table.state.last_attack  # the Conflict tab still shows the shot that ended it
    assert last is not None and last.target == "Sly Shooter"


def test_building_rules_and_the_order_of_play() -> None:
    table = Table(Recruit("red", "Boss", 6, 2, ("rifle",)))
    with pytest.raises(RuleError, match="Names: there is already a model called Boss"):
        table.do(Recruit("black", "Boss", 8, 1))
    with pytest.raises(RuleError, match="Format"):
        table.do(ChooseFormat(Format.SHOWDOWN))
    with pytest.raises(RuleError, match="Posse: The red posse: it has 1 model, not 8"):
        table.do(SetUpGame("2h"))
    with pytest.raises(RuleError, match="a scenario brings its own posses"):
        table.do(LoadScenario("jailbreak"))
    table.do(Dismiss("Boss"))
    assert table.state.models() == ()
    with pytest.raises(RuleError, match="no scenario 'alamo'"):
        table.do(LoadScenario("alamo"))
    with pytest.raises(RuleError, match="no game is being played: the posses are being built"):
        table.do(UseModel("Boss", STILL))


def test_a_second_card_is_played_whatever_its_colour() -> None:
    table = leon_and_stephen()
    table.do(UseModel("Sharpshooter", STILL))
    table.do(MakeAttack("Outlaw", "rifle", 30, ("*", "2h")))
    table.do(GoAllIn("3d"))
    table.do(PlayResult("2h"))  # red, below 6: nothing
    events = table.do(TakeSecondResult("*"))  # the Outlaw takes the Joker: both go down
    assert KINDS.read(events[0]).effect is Effect.BOTH_HIT
    assert table.kinds(events) == ["result_played", "turn_ended"]
    assert table.model("Sharpshooter").status is Status.DOWN
    assert table.model("Outlaw").status is Status.DOWN
    # one card lies under both: it is kept out of the discard once
    assert table.pack().coffins == ("*",)
    assert table.pack().discard == ("2h", "3d", "9h")


def test_a_civilian_reaches_normal_range_only_standing() -> None:
    table = Table(ChooseFormat(Format.SINGLE),
                  Recruit("red", "Clerk", 9, 1, ("pistol",), civilian=True),
                  Recruit("black", "Outlaw", 8, 1, ("pistol",)),
                  SetUpGame("2d"), Deploy("Clerk"), Deploy("Outlaw"))
    table.do(UseModel("Clerk", SLOW))
    with pytest.raises(RuleError, match="Pistol reaches 20 yards, not 30"):
        table.do(MakeAttack("Outlaw", "pistol", 30, ("2c", "3c")))
    table.do(EndTurn())
    table.do(UseModel("Outlaw", STILL))
    table.do(EndTurn())
    table.do(UseModel("Clerk", STILL))
    table.do(MakeAttack("Outlaw", "pistol", 40, ("2c", "3c")))
    assert KINDS.read(table.events[-1]).range is Band.NORMAL


def test_a_model_alone_on_the_table_draws_no_card_for_friends_near() -> None:
    """Line 69: the extra card is for friends of the attacker within 10 yards. The gunman of
    Take that Bastard Down! has no friend on the table, yet the app drew him a fourth card
    with Dual Pistols for one; a posse's last model standing is alone the same way."""
    from tests.dead_mans_hand.helpers import GUNMAN, deploy_all

    table = Table(LoadScenario("take-that-bastard-down"), SetUpGame("2h"))
    deploy_all(table)
    table.do(UseModel(GUNMAN, STILL))
    with pytest.raises(RuleError, match="no friend on the table") as refused:
        table.do(MakeAttack("Town Militia 1", "dual-pistols", 30, ("3c", "4c", "5c", "6c"),
                            friends_near=True))
    assert refused.value.field == "friends"
    table.do(MakeAttack("Town Militia 1", "dual-pistols", 30, ("3c", "4c", "5c")))
    table.do(PlayResult("3c"))
    # the militia keep the card while two stand, and lose it with the last
    for fallen in range(2, 7):
        table.do(Surrender(f"Town Militia {fallen}"))
    table.do(UseModel("Town Militia 1", STILL))
    table.do(MakeAttack(GUNMAN, "rifle", 60, ("2d", "3d", "4d"), friends_near=True))
    table.do(PlayResult("2d"))
    table.do(Surrender("Town Militia 7"))
    table.do(UseModel(GUNMAN, STILL))
    table.do(EndTurn())
    table.do(UseModel("Town Militia 1", STILL))
    with pytest.raises(RuleError, match="Town Militia 1 has no friend on the table"):
        table.do(MakeAttack(GUNMAN, "rifle", 60, ("5d", "6d", "7d"), friends_near=True))


def test_a_use_with_nothing_left_to_do_ends_with_its_move() -> None:
    """Line 39: a model used moves once, then attacks "if its able". After a move that
    leaves it no attack (flat out on foot, line 50; stopped by a Queen, line 112; no weapon
    left) nothing of its use remains, yet the turn waited for End turn. The move ends the
    use, and the turn passes with it; a move after which it may attack still waits."""
    table = leon_and_stephen()
    used = table.do(UseModel("Brave", FLAT_OUT))  # on foot: no attack
    assert table.kinds(used) == ["model_used", "turn_ended"]
    assert table.turn().colour == "black" and table.turn().in_use is None
    table.do(UseModel("Rider", FLAT_OUT))  # mounted: may attack, one card down
    assert table.turn().in_use == "Rider"
    table.do(EndTurn())
    table.do(UseModel("Sharpshooter", STILL))
    table.do(MakeAttack("Outlaw", "rifle", 30, ("Qh", "2s")))
    table.do(PlayResult("Qh"))  # the Outlaw is stopped by the Queen
    used = table.do(UseModel("Outlaw", STILL))
    assert table.kinds(used) == ["model_used", "turn_ended"]
    assert not table.model("Outlaw").shaken and table.turn().colour == "red"
    table.do(EditModel("Brave", "Brave", (), horse=False))  # every weapon lost to Aces
    used = table.do(UseModel("Brave", SLOW))
    assert table.kinds(used) == ["model_used", "turn_ended"]
    assert [RULES.describe(e) for e in used] == [
        "Brave moves slow (up to 10 yards): it has no weapon left to attack with; the turn "
        "passes.", "Over to Outlaws (black)."]
    # a civilian's rifle fires only standing: after a move nothing it carries fires
    town = Table(ChooseFormat(Format.SINGLE),
                 Recruit("red", "Clerk", 8, 1, ("rifle",), civilian=True),
                 Recruit("black", "Outlaw", 8, 1, ("pistol",)), SetUpGame("9h"),
                 Deploy("Clerk"), Deploy("Outlaw"))
    clerk = town.do(UseModel("Clerk", SLOW))
    assert town.kinds(clerk) == ["model_used", "turn_ended"]
    assert RULES.describe(clerk[0]) == (
        "Clerk moves slow (up to 10 yards): none of its weapons fires after this move; the "
        "turn passes.")
    assert town.kinds(town.do(UseModel("Outlaw", SLOW))) == ["model_used"]  # may attack
    assert move_words(table.model("Brave"), SLOW) == (
        "Slow, up to 10 yards: no weapon left, so the turn passes")
