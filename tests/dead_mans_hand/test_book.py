"""The book's numbers and worked examples not tested elsewhere, each named by its line in
the book (../shared/seeds/002_ab9b051b2058633a.txt); docs/rules/dead-mans-hand.md maps
every rule to its test."""

from __future__ import annotations

import pytest

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.attack import card_count
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Deploy,
    EndTurn,
    GoAllIn,
    LoadScenario,
    MakeAttack,
    NamePosse,
    PlayResult,
    Recruit,
    SetUpGame,
    TakeSecondResult,
    UseModel,
)
from gmscreen.games.dead_mans_hand.events import KINDS
from gmscreen.games.dead_mans_hand.pack import FULL_PACK, colour_of, number, rank
from gmscreen.games.dead_mans_hand.posse import Recruitment, verify_model
from gmscreen.games.dead_mans_hand.results import resolve
from gmscreen.games.dead_mans_hand.sheet import play_sheet
from gmscreen.games.dead_mans_hand.state import Effect, Format, Phase, Status
from gmscreen.games.dead_mans_hand.weapons import Band, Move
from gmscreen.journal.rules import RuleError
from tests.dead_mans_hand.helpers import Table, model

STILL, SLOW, QUICK, FLAT_OUT = Move.STILL, Move.SLOW, Move.QUICK, Move.FLAT_OUT


def test_a_pack_with_a_couple_of_jokers() -> None:
    """Line 11: an ordinary pack and two jokers, 54 cards; line 19: the 2 to 10 count as
    numbers, the aces and picture cards do not."""
    assert len(FULL_PACK) == 54 and FULL_PACK.count("*") == 2
    numbered = [code for code in FULL_PACK if number(code) is not None]
    assert len(numbered) == 36 and {number(code) for code in numbered} == set(range(2, 11))
    assert [number(code) for code in ("As", "Js", "Qh", "Kd", "*")] == [None] * 5
    assert {colour_of(code) for code in ("2h", "Td")} == {"red"}
    assert {colour_of(code) for code in ("2c", "Ts")} == {"black"}
    assert colour_of("*") is None and rank("*") is None


@pytest.mark.parametrize(("value", "allowed"), [(1, False), (2, True), (10, True),
                                                (11, False)])
def test_values_run_from_two_to_ten(value: int, allowed: bool) -> None:
    """Line 17: a model's value is 2 to 10, and lower is better."""
    recruit = Recruitment("red", "Slim", value, 1, ())
    if allowed:
        verify_model(recruit)
    else:
        with pytest.raises(RuleError, match=f"Value: a value is from 2 to 10, not {value}"):
            verify_model(recruit)


def apaches_and_outlaws(card: str) -> Table:
    """Leon's Apaches (red) and Stephen's Outlaws (black), the set-up card drawn."""
    return Table(
        ChooseFormat(Format.SINGLE), NamePosse("red", "Apaches"), NamePosse("black", "Outlaws"),
        Recruit("red", "Sharpshooter", 6, 1, ("rifle",)),
        Recruit("red", "Brave", 8, 1, ("tomahawks",)),
        Recruit("black", "Outlaw 1", 8, 1, ("pistol",)),
        Recruit("black", "Outlaw 2", 8, 1, ("pistol",)),
        Recruit("black", "Rider", 7, 1, ("shotgun",), horse=True),
        SetUpGame(card))


def test_the_red_card_lets_leon_place_first_and_act_first() -> None:
    """Line 27: the card is red, so Leon (red) places an Apache first, Stephen an Outlaw,
    and so on in turn; then Leon takes the first turn, and Stephen the next."""
    table = apaches_and_outlaws("7d")
    assert table.state.deploying == "red"
    with pytest.raises(RuleError, match="placing alternates: red places next"):
        table.do(Deploy("Outlaw 1"))
    for name in ("Sharpshooter", "Outlaw 1", "Brave", "Outlaw 2"):
        assert table.state.deploying == table.model(name).colour
        table.do(Deploy(name))
    table.do(Deploy("Rider"))  # the Apaches are all placed: the Outlaws go on
    assert table.state.phase is Phase.PLAYING and table.turn().colour == "red"
    table.do(UseModel("Sharpshooter", STILL))
    table.do(EndTurn())
    assert table.turn().colour == "black"


def test_leon_uses_one_model_every_turn_stephen_a_new_one_each_time() -> None:
    """Line 35: the sharpshooter shoots each of Leon's turns; Stephen moves his Outlaws one
    after another."""
    table = apaches_and_outlaws("7d")
    for name in ("Sharpshooter", "Outlaw 1", "Brave", "Outlaw 2", "Rider"):
        table.do(Deploy(name))
    for outlaw in ("Outlaw 1", "Outlaw 2", "Rider"):
        table.do(UseModel("Sharpshooter", STILL))
        table.do(EndTurn())
        table.do(UseModel(outlaw, SLOW))
        table.do(EndTurn())
    assert table.turn().number == 7 and table.turn().colour == "red"


def test_the_fence_costs_the_outlaw_six_yards_of_his_move() -> None:
    """Line 43: a fence 3 yards high is climbed up and down, 6 yards of the move, as the
    play sheet tells the table, which measures it. 10 yards of ground and the fence are 16
    yards: the players pick the quick move, and his pistol draws a card fewer."""
    climbing = next(line for title, lines in play_sheet() if title.startswith("On the table")
                    for line in lines if line.startswith("Moving:"))
    assert "a climb counts up and down" in climbing and "3 yards high costs 6" in climbing
    assert [m.yards for m in (SLOW, QUICK)] == [10, 20]  # 16 yards: more than slow
    table = apaches_and_outlaws("4s")  # black first
    for name in ("Outlaw 1", "Sharpshooter", "Outlaw 2", "Brave", "Rider"):
        table.do(Deploy(name))
    table.do(UseModel("Outlaw 1", QUICK))
    with pytest.raises(RuleError, match="Pistol 2 -1 moved more than 10 yards = 1 card, not 2"):
        table.do(MakeAttack("Brave", "pistol", 20, ("2h", "3h")))
    drawn = table.do(MakeAttack("Brave", "pistol", 20, ("2h",)))
    assert KINDS.read(drawn[0]).modifiers == {"moved more than 10 yards": -1}


def test_how_each_of_the_three_moves_the_example_makes_shoots() -> None:
    """Line 59, played through the rules: the sharpshooter does not move and fires his rifle
    at Long Shot range; an Outlaw moves about 15 yards (a quick move) and fires his pistol
    one card down; the Outlaw on a horse rides 30 yards, fires his shotgun one card down,
    and wears the Moving Target marker, so the sharpshooter shooting at him draws one card
    fewer too."""
    table = apaches_and_outlaws("4s")  # black first
    for name in ("Outlaw 1", "Sharpshooter", "Outlaw 2", "Brave", "Rider"):
        table.do(Deploy(name))
    # the Outlaw who moved about 15 yards: a quick move, his pistol at its Normal range
    assert SLOW.yards < 15 <= QUICK.yards
    table.do(UseModel("Outlaw 1", QUICK))
    with pytest.raises(RuleError, match="Pistol reaches 40 yards, not 50"):
        table.do(MakeAttack("Sharpshooter", "pistol", 50, ("2h",)))  # no Long Shot moving
    drawn = KINDS.read(table.do(MakeAttack("Sharpshooter", "pistol", 30, ("2h",)))[0])
    assert (drawn.range, drawn.power, len(drawn.cards)) == (Band.NORMAL, 2, 1)
    table.do(PlayResult("2h"))  # red 2, below the Sharpshooter's 6: nothing
    # the sharpshooter stands and fires his rifle at Long Shot range
    table.do(UseModel("Sharpshooter", STILL))
    drawn = KINDS.read(table.do(MakeAttack("Outlaw 2", "rifle", 90, ("3c", "4c")))[0])
    assert (drawn.range, drawn.power, drawn.modifiers) == (Band.LONG_SHOT, 2, {})
    table.do(PlayResult("3c"))  # black 3, out of the Outlaw's reach: nothing
    # the rider rides 30 yards, flat out: he may still fire, one card down
    assert FLAT_OUT.yards == 30
    table.do(UseModel("Rider", FLAT_OUT))
    drawn = KINDS.read(table.do(MakeAttack("Brave", "shotgun", 20, ("5c", "6c")))[0])
    assert drawn.modifiers == {"moved more than 10 yards": -1} and len(drawn.cards) == 3 - 1
    table.do(PlayResult("5c"))  # black 5, below the Rider's 7: nothing
    assert table.model("Rider").moving_target
    # and anyone shooting at him draws one card fewer
    table.do(UseModel("Sharpshooter", STILL))
    with pytest.raises(RuleError, match="Rifle 2 -1 moving target = 1 card, not 2"):
        table.do(MakeAttack("Rider", "rifle", 60, ("7h", "8h")))
    table.do(MakeAttack("Rider", "rifle", 60, ("7h",)))


def test_leons_three_cards_hurt_neither_side_much_and_the_ace_disarms() -> None:
    """Lines 79-81 and 118-120, card by card as the table sees them: Rifle 2, +1 an Apache
    near, +1 the Outlaw's back, -1 the barrels: three cards, a black Queen, a black Two and a
    red Three. The Queen would only stop the sharpshooter's next shot; the Two and the Three
    do nothing. All In turns up a red Ace, which takes the Outlaw's only weapon in reach,
    his pistol; without it nothing of his reaches, so his Queen cannot count and he is
    offered no second card."""
    table = apaches_and_outlaws("7d")
    for name in ("Sharpshooter", "Outlaw 1", "Brave", "Outlaw 2", "Rider"):
        table.do(Deploy(name))
    table.do(UseModel("Sharpshooter", STILL))
    drawn = KINDS.read(table.do(MakeAttack(
        "Outlaw 1", "rifle", 35, ("Qs", "2c", "3d"), friends_near=True, from_behind=True,
        cover=True))[0])
    assert (drawn.power, drawn.modifiers) == (2, {"friends within 10 yards": 1,
                                                 "from behind": 1, "target in cover": -1})
    before = {card: what for card, what, _ in view.card_lines(view.table_knows(table.state))}
    # line 112: no attack at the next use itself, no answer till that use is over ("until
    # used again" read as if the Sharpshooter could shoot once used again)
    assert before == {"Q♠": "Sharpshooter may not attack next use, nor answer till that use "
                            "is over",
                      "2♣": "no effect", "3♦": "no effect"}
    table.do(GoAllIn("Ad"))
    ace = view.card_lines(view.table_knows(table.state))[-1]
    assert ace[:2] == ("A♦", "Outlaw 1 loses Pistol")
    events = table.do(PlayResult("Ad"))
    assert table.kinds(events) == ["result_played", "turn_ended"]  # no second card
    played = KINDS.read(events[0])
    assert (played.winner, played.effect, played.weapon) == ("Sharpshooter", Effect.DISARMED,
                                                             "pistol")
    assert table.model("Outlaw 1").weapons == ("brawling",)
    assert not table.model("Sharpshooter").shaken


def test_had_the_pistol_stayed_stephens_queen_would_count() -> None:
    """Line 81, the other way: had All In turned up a red Jack instead of the Ace, the Outlaw
    would keep his pistol, and Stephen could take the black Queen as a second result card,
    stopping the sharpshooter's next shot."""
    table = apaches_and_outlaws("7d")
    for name in ("Sharpshooter", "Outlaw 1", "Brave", "Outlaw 2", "Rider"):
        table.do(Deploy(name))
    table.do(UseModel("Sharpshooter", STILL))
    table.do(MakeAttack("Outlaw 1", "rifle", 35, ("Qs", "2c", "3d"), friends_near=True,
                        from_behind=True, cover=True))
    table.do(GoAllIn("Jh"))
    events = table.do(PlayResult("Jh"))
    assert KINDS.read(events[-1]).second_offered
    assert table.model("Outlaw 1").pinned
    played = KINDS.read(table.do(TakeSecondResult("Qs"))[0])
    assert (played.by, played.effect, played.loser, played.answer_weapon) == (
        "target", Effect.SHAKEN, "Sharpshooter", "pistol")
    assert table.model("Sharpshooter").shaken


def test_regular_folk_take_one_hit_a_curly_wolf_more() -> None:
    """Line 116: one hit puts a regular down and off the table; a tough gunslinger with
    three hits goes down at the third."""
    regular = model("Townsman", "black", value=8, hits=1)
    shooter = model("Shooter", "red", value=6, weapons=("rifle",))
    outcome = resolve("9h", shooter, regular, "rifle", 30)
    assert outcome.effect is Effect.HIT
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2s"), Deploy("Sly Shooter"),
                  Deploy("Big Oaf"))
    for turn, (card, spare) in enumerate((("4s", "2h"), ("5s", "3h"), ("6s", "4h")), start=1):
        table.do(UseModel("Sly Shooter", STILL))
        table.do(MakeAttack("Big Oaf", "pistol", 40, (card, spare)))
        table.do(PlayResult(card))  # black, at least the Shooter's 4: a hit
        oaf = table.model("Big Oaf")
        assert oaf.hits_left == 3 - turn
        if oaf.hits_left:
            table.do(UseModel("Big Oaf", STILL))
            table.do(EndTurn())
    assert table.model("Big Oaf").status is Status.DOWN
    assert table.state.games[-1].winner == "black"


def test_a_rifle_out_of_the_targets_reach_is_safe() -> None:
    """Line 265: a rifle shot from beyond the target's reach cannot be answered, however
    the cards fall."""
    rifleman = model("Rifleman", "red", value=6, weapons=("rifle",))
    outlaw = model("Outlaw", "black", value=8, weapons=("pistol",))
    for card in ("2s", "9s", "As", "Js", "Qs", "Ks"):
        assert resolve(card, rifleman, outlaw, "rifle", 90).effect is Effect.NO_ANSWER


def test_flat_out_through_cover_sheds_two_cards() -> None:
    """Line 267: in cover after a flat-out run, the attacker draws two cards fewer."""
    plain = card_count("shotgun").total
    assert card_count("shotgun", cover=True, target_moving=True).total == plain - 2
    table = apaches_and_outlaws("7d")
    for name in ("Sharpshooter", "Outlaw 1", "Brave", "Outlaw 2", "Rider"):
        table.do(Deploy(name))
    table.do(UseModel("Brave", FLAT_OUT))  # on foot: no attack, but a Moving Target
    table.do(UseModel("Rider", STILL))
    with pytest.raises(RuleError, match="Shotgun 3 -1 target in cover -1 moving target = 1"):
        table.do(MakeAttack("Brave", "shotgun", 20, ("2h", "3h", "4h"), cover=True))
    table.do(MakeAttack("Brave", "shotgun", 20, ("2h",), cover=True))


def test_a_friend_near_is_one_more_card() -> None:
    """Line 271: the extra card for being near friends."""
    assert card_count("rifle", friends_near=True).total == card_count("rifle").total + 1


def test_all_in_is_safe_against_a_target_out_of_reach_or_under_a_queen() -> None:
    """Line 273: going all in, nothing is to be feared from a target out of range or one the
    result card stopped with a Queen: it takes no second card, not even a Joker."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                  Deploy("Sly Shooter"))
    table.do(UseModel("Big Oaf", STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 50, ("*", "3c")))  # Long Shot: no answer
    table.do(GoAllIn("5c"))
    events = table.do(PlayResult("3c"))
    assert table.kinds(events) == ["result_played", "turn_ended"]
    table.do(UseModel("Sly Shooter", STILL))
    table.do(EndTurn())
    table.do(UseModel("Big Oaf", STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 10, ("Qh", "4c")))  # within its reach
    table.do(GoAllIn("6c"))
    events = table.do(PlayResult("Qh"))  # the Queen stops it: no second card either
    assert table.kinds(events) == ["result_played", "turn_ended"]
    assert table.model("Sly Shooter").shaken


def test_all_in_within_reach_leaves_the_target_a_second_card() -> None:
    """Lines 77 and 408: within its reach and able to shoot, the target may take one of the
    other cards as a result card of its own."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                  Deploy("Sly Shooter"))
    table.do(UseModel("Big Oaf", STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 10, ("3h", "9c")))
    table.do(GoAllIn("4h"))
    events = table.do(PlayResult("3h"))  # red 3, below the Oaf's 9: nothing
    assert KINDS.read(events[-1]).second_offered is True
    events = table.do(TakeSecondResult("9c"))  # black 9, at least the Shooter's 4: a hit
    played = KINDS.read(events[0])
    assert played.effect is Effect.HIT and played.loser == "Big Oaf"



def test_a_target_that_wins_is_told_to_turn_and_face() -> None:
    """Line 100: when the target's card counts, the target is turned to face its attacker;
    the log says so, whom it faces and the weapon it answered with ("turns to face with
    Pistol" named neither who was faced nor that the Pistol was the answer)."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                  Deploy("Sly Shooter"))
    table.do(UseModel("Big Oaf", STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 10, ("9c", "2d")))
    events = table.do(PlayResult("9c"))  # black, at least the Shooter's 4: the Oaf is hit
    assert table.rules.describe(events[0]) == (
        "Big Oaf plays 9♣: Big Oaf takes a hit (Sly Shooter answers with Pistol and turns "
        "to face Big Oaf).")
