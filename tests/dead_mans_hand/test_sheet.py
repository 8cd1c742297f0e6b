"""The play sheet the Conflict tab keeps beside the table: the book's sheet, row by row."""

from __future__ import annotations

from gmscreen.games.dead_mans_hand.sheet import play_sheet
from tests.dead_mans_hand.test_play_sheet import PLAY_SHEET


def part(heading: str) -> tuple[str, ...]:
    return next(lines for title, lines in play_sheet() if title.startswith(heading))


def test_the_four_parts_of_the_sheet_and_the_tables_own_rules() -> None:
    assert [title.split(":")[0] for title, _ in play_sheet()] == [
        "Moves", "Weapons", "The result card", "Cards to draw", "On the table"]


def test_the_tables_own_rules_without_the_book() -> None:
    """What the players do with the tape measure, so the Dealer never opens the book: where
    ranges run from (line 15), where models are placed (line 23), what a climb costs and
    where a horse cannot go (lines 39, 43), which way models face (lines 41, 100), and how
    big a table and where its scenery (lines 13, 21, 145)."""
    size, yards, placing, climbing, facing = part("On the table")
    assert "two to four feet" in size and "changed between games" in size
    assert "centre of a base" in yards and "10 yards" in yards
    assert "more than 40 yards from every enemy" in placing
    assert "more than 20 yards from the table's centre" in placing
    assert "set-up card's colour places a model first" in placing
    assert "3 yards high costs 6 yards" in climbing and "horseback" in climbing
    assert "attacker turns to its target" in facing
    assert "target that wins the result card turns to face its attacker" in facing


def test_the_cards_to_draw_say_what_behind_and_cover_mean() -> None:
    """From behind is more than 90 degrees off the target's facing; cover hides at least a
    quarter of the target (lines 70-71)."""
    cards = part("Cards to draw")
    assert "more than 90 degrees" in cards[1]
    assert "a quarter of it or more" in cards[2]


def test_every_weapon_row_with_its_ranges_and_power() -> None:
    rows = {line[:16].strip(): line[16:].split() for line in part("Weapons")[1:11]}
    names = {"rifle": "Rifle", "pistol": "Pistol", "dual-pistols": "Dual Pistols",
             "shotgun": "Shotgun", "sawn-off": "Sawn-Off Shotgun", "derringers": "Derringers",
             "tomahawks": "Thrown Tomahawks", "bow": "Bow", "brawling": "Brawling",
             "big-blade": "Big Blade"}
    for weapon_id, long_shot, normal, civilian, power in PLAY_SHEET:
        shown = [str(v) if v is not None else "-" for v in (long_shot, normal, civilian, power)]
        assert rows[names[weapon_id]] == shown, weapon_id
    # the table fits beside the models at 80 columns
    assert max(len(line) for line in part("Weapons")[:11]) <= 34


def test_the_weapons_special_rules() -> None:
    notes = part("Weapons")[11:]
    assert notes == ("Long: Long Shot, Norm: Normal, Civ: Civilian range; Pow: power.",
                     "Fire only standing still: Rifle.",
                     "Lost on a number below the winner's value: Derringers, Thrown Tomahawks.",
                     "Civilians cannot use: Dual Pistols, Thrown Tomahawks, Bow.",
                     "Come with another, kept when they are lost: Dual Pistols (Pistol), "
                     "Thrown Tomahawks (Big Blade).")


def test_moves_result_card_and_cards_to_draw() -> None:
    moves = part("Moves")
    assert [line.split(":")[0] for line in moves] == ["Stand", "Slow", "Quick", "Flat out"]
    assert "10 yards" in moves[1] and "20 yards" in moves[2] and "30 yards" in moves[3]
    result = part("The result card")
    assert [line.split(":")[0] for line in result[4:]] == ["Ace", "Jack", "Queen", "King",
                                                           "Joker"]
    cards = part("Cards to draw")
    assert [line[:2] for line in cards[:5]] == ["+1", "+1", "-1", "-1", "-1"]
    assert cards[5].startswith("All In: one more card")
