"""What two players reading the book once more would still have reached for paper or the
book for, now said by the app: the score of single games played twice with the sides
swapped (line 11, line 261), what values and hits suit the models of a free game (lines 17
and 116), what being a civilian or riding a horse means when a model is recruited (lines
39, 50, 54, 65, 88-92, 143), and a plural weapon's reach read as English."""

from __future__ import annotations

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.attack import weapon_choices
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Deploy,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes.characters import recruit_form
from gmscreen.games.dead_mans_hand.state import Format
from gmscreen.games.dead_mans_hand.weapons import Move
from tests.dead_mans_hand.helpers import Table, model


def test_single_games_keep_the_score_of_each_side_over_the_table() -> None:
    """Line 11: one game, then swap sides to be fair; line 261: play twice with the same
    set-up. The line over the table keeps each side's games, as the showdown's does."""
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                  Deploy("Sly Shooter"))
    assert view.match_line(view.table_knows(table.state)) == (
        "Duel between Rivals · game 1 · red 0, black 0")
    table.do(UseModel("Big Oaf", Move.STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 50, ("Kh", "3c")))
    table.do(PlayResult("Kh"))  # the Oaf's King: the Shooter is dead, red wins
    table.do(SetUpGame("3s"))
    assert view.match_line(view.table_knows(table.state)) == (
        "Duel between Rivals · game 2 · red 1, black 0")
    table.do(Deploy("Sly Shooter"))
    table.do(Deploy("Big Oaf"))
    table.do(Surrender("Big Oaf"))  # the sides swapped, the Oaf's player gives it up
    assert view.match_line(view.table_knows(table.state)) == (
        "Duel between Rivals · game 2 · red 1, black 1")
    free = Table(ChooseFormat(Format.SINGLE))
    # before the first game, no number and no score (round 10: it read "game - · red 0,
    # black 0")
    assert view.match_line(view.table_knows(free.state)) == "Free game · no game set up yet"


def about(fmt: Format, key: str) -> str:
    shown = recruit_form(fmt, "red", lambda: "Slim", lambda colour: ())
    return next(field.about for field in shown.fields if field.key == key)


def test_the_free_recruit_form_says_what_values_and_hits_suit_whom() -> None:
    """Line 17: townsfolk about 10 to 8, gunslingers 9 to 6, the feared 6 to 3; line 116:
    regular folk one hit, a hardened gunslinger two or three."""
    value = about(Format.SINGLE, "value")
    assert "2 to 10, lower is better" in value
    assert "townsfolk 10-8" in value and "gunslingers 9-6" in value and "the feared 6-3" in value
    hits = about(Format.SINGLE, "hits")
    assert "regular folk 1" in hits and "a hardened gunslinger 2 or 3" in hits


def test_the_recruit_form_says_what_a_civilian_and_a_horse_are() -> None:
    """Lines 47, 54, 65, 88-92 and 143 for a civilian; 39, 50, 110 and 132-143 for a horse."""
    for fmt in Format:
        civilian = about(fmt, "civilian")
        assert "Civilian range" in civilian and "Normal range standing still" in civilian
        assert "no Dual Pistols, Tomahawks or Bow" in civilian
        assert "no free Brawling" in civilian
        horse = about(fmt, "horse")
        assert "flat out, one card down" in horse and "no ladders" in horse
        assert "a Jack kills it" in horse
    assert "3 more points" in about(Format.SHOWDOWN, "civilian")
    assert "6 points, 9 for a civilian" in about(Format.SHOWDOWN, "horse")
    assert "points" not in about(Format.SINGLE, "horse")


def test_a_plural_weapon_reaches_in_the_plural() -> None:
    shooter = model("Shooter", "red", weapons=("dual-pistols", "derringers"))
    said = {choice.weapon: choice.why_not for choice in weapon_choices(shooter, Move.STILL, 50)}
    assert said == {"dual-pistols": "Dual Pistols reach 40 yards, not 50",
                    "pistol": None,  # its Long Shot, standing still
                    "derringers": "Derringers reach 10 yards, not 50",
                    "brawling": "Brawling reaches 5 yards, not 50"}
