"""Every column heading of Dust Devils' views and every short form their notes explain has a
glossary entry (F1 shows it): read from view.py's column tuples (the characters', and a
conflict's before and after the Call) and notes, and from the grids its sections draw at
every step of each sample, so a heading or a short form added without an entry fails."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.sample import SAMPLES
from gmscreen.glossary import find, words_of
from tests.ui.test_glossary import sample_states, sections_words, unexplained, view_words


def test_every_heading_and_short_form_has_an_entry(tmp_path: Path) -> None:
    # a conflict's columns before and after the Call are the view's own tuples too
    shown = view_words(view) | set(view.BEFORE_CALL) | set(view.AFTER_CALL)
    for state in sample_states(SAMPLES, tmp_path):
        shown |= sections_words([*view.dealer_sections(state),
                                 *view.table_sections(view.table_knows(state))])
    assert {"Devil", "Chips", "3/4", "-", "?", "Deal", "Laid", "Made", "Win"} <= shown
    assert unexplained(words_of("gmscreen.games.dust_devils"), shown) == []


def test_the_value_after_difficulty_all_comes_back_at_the_session_end() -> None:
    # every point of damage comes back at a session's end (line 256), except an attribute
    # at 0 (line 258): the entry said "most of it"
    entry = find(words_of("gmscreen.games.dust_devils"), "3/4")
    assert entry is not None
    assert "All of it comes back when the session ends" in entry.means
    assert "at 0 gets nothing back" in entry.means


def test_difficulty_is_dealt_to_the_other_side_only() -> None:
    # a partner's winning hand beats nobody beside him (lines 176, 186): F1 said every
    # loser loses the winning combination's points
    entry = find(words_of("gmscreen.games.dust_devils"), "Difficulty")
    assert entry is not None
    assert "the winner's side loses none" in entry.means


def test_the_attributes_say_what_the_book_has_each_cover() -> None:
    # Hand is any physical action, brawn as much as finesse (line 60); Heart is social
    # competence and a heroic or villainous nature (line 63). F1 read "quick hands and sure
    # aim" (a Dealer ruling a brawl or a rope trick on Hand found no word for it) and
    # "charm, kindness and will"
    words = words_of("gmscreen.games.dust_devils")
    hand, heart = find(words, "Hand"), find(words, "Heart")
    assert hand is not None and heart is not None
    assert "body" in hand.means and "strength" in hand.means and "aim" not in hand.means
    assert "people" in heart.means and "villain" in heart.means
    assert "kindness" not in heart.means


def test_narration_says_the_road_to_hell_takes_it() -> None:
    # line 327: a character entering at 0 narrates, whoever laid the high card, and two or
    # more at 0 bid for it among themselves. F1's Narration said only the high card and
    # the bids: a Dealer looking up why Clara narrated over Black Jack's A♥ found nothing
    words = words_of("gmscreen.games.dust_devils")
    narration, road = find(words, "Narration"), find(words, "Road to Hell")
    assert narration is not None and road is not None
    assert "at 0" in narration.means
    assert "only they" in narration.means and "only they" in road.means
    # line 321: the rating stands in for the attribute at 0, in the Deal and the Draw
    assert "Devil rating" in road.means
    # line 295: what a bought narration gives back is the narrator's own loss in the
    # conflict, an attribute put at 0 coming back to 1
    assert "back to 1" in narration.means


def test_the_stakes_say_the_seven_card_stud_and_the_devil() -> None:
    # a Seven Card Stud usually earns at least a Chip (line 184), and dealing with the Devil
    # earns Stakes (line 234): F1's Stakes said only "1 usually, 2 or 3 for great ones"
    entry = find(words_of("gmscreen.games.dust_devils"), "Stakes")
    assert entry is not None
    assert "1 or more for a Seven Card Stud" in entry.means
    assert "facing the Devil" in entry.means
