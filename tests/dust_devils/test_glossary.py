"""Every column heading of Dust Devils' views and every short form their notes explain has a
glossary entry (F1 shows it): read from view.py's column tuples (the characters', and a
conflict's before and after the Call) and notes, and from the grids its sections draw at
every step of each sample, so a heading or a short form added without an entry fails."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.sample import SAMPLES
from gmscreen.glossary import find, words_of
from tests.pilot import glossary_entry
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


def _means(word: str) -> str:
    return glossary_entry("gmscreen.games.dust_devils", word).means


def test_the_chips_say_what_each_buys_and_its_price() -> None:
    # lines 289-309: a Dealer asked "what can I buy, and for how much?" found in F1 only
    # "a card more in the Deal or the Draw, folding, narration, and attribute points and
    # Knacks", no price; each price was on its own key's line of another tab, and the
    # Dealer's own (a Chip to each player) nowhere
    chips = _means("Prices")
    assert chips == _means("Chips")
    assert "a card more in the Deal, 1" in chips and "each once a hand" in chips
    assert "a fold, 1" in chips and "narration, 1, or more when others bid" in chips
    assert "twice its new rating (5 at most)" in chips
    assert "a Knack point its new rating (a point at a time)" in chips
    assert "a new Knack at 1 costs 2" in chips
    assert "a Chip to each player present" in chips and "to fold" in chips


def test_the_call_says_how_a_tie_is_settled() -> None:
    # line 730: suits rank clubs, diamonds, hearts, spades; F1's Call said only "the highest
    # poker hand wins", and a Dealer with two flushes of the same ranks had nothing to go by
    call = _means("Call")
    assert "clubs lowest, then diamonds, hearts, spades" in call
    assert "single highest card" in call and "all win" in call
    # line 722: the ace low in a five-high straight, whose high card is the five
    made = _means("Made")
    assert made.index("high card") < made.index("royal flush") and "from the lowest" in made
    assert "ace to five" in made and "the five" in made


def test_the_recovery_says_the_stud_hand_for_the_points_hoped_for() -> None:
    # lines 262-270: the recovery table (1-2 points a Three Card Stud, 3-4 Five, 5+ Seven);
    # F1 said "a stud hand of 3, 5 or 7" without which for how many points
    from gmscreen.games.dust_devils.recovery import recovery_stud
    recovery = _means("Recovery")
    assert "3 cards for 1 or 2 points back, 5 for 3 or 4, 7 for 5 or more" in recovery
    assert [recovery_stud(n) for n in (1, 2, 3, 4, 5, 8)] == [3, 3, 5, 5, 7, 7]


def test_the_knack_limit_says_the_higher_of_the_two() -> None:
    # line 75: Hand + Eye or 6, whichever is higher; "no more Knacks than Hand + Eye, or 6"
    # read as a choice, or as the lower; the 11 points of Knacks were not said at all
    knack = _means("Knack limit")
    assert "Hand + Eye, or 6 when that is more" in knack and "11 points" in knack


def test_the_road_to_hell_says_both_attributes_at_zero() -> None:
    # line 321: two attributes at 0 deal twice the Devil rating
    assert "twice over when both attributes picked are at 0" in _means("Road to Hell")


def test_the_hanged_man_is_told_for_a_dealer_without_the_book() -> None:
    # lines 409-698: the sample scenario's situation, each player character's tie to it,
    # what is left for play and the other people of Last Oak were only in the book: the
    # sample's sheets say a line of each, and a Dealer opening it had no word of why
    # Clara wants Merrill dead, who Doc Samuelson is, or what to raise when play stalls
    from gmscreen.games.dust_devils.sample import NON_PLAYERS, PLAYERS
    told = " ".join(_means(w) for w in ("The Hanged Man", "Hooks", "Left to play",
                                         "Last Oak's people"))
    assert _means("Last Oak") == _means("The Hanged Man")
    for sheet in (*PLAYERS, *NON_PLAYERS):
        surname = sheet.name.split()[-1]
        first = sheet.name.replace('"', "").split()[-2]
        assert surname in told or first in told, sheet.name
    assert "who the hanged man was" in _means("Left to play")
    assert "how Clara's husband died" in _means("Left to play")
    assert "Long Tom had in the lynching" in _means("Left to play")
    assert "one player running Jim" in _means("The Hanged Man")
    for who in ("Doc Samuelson", "Red Sally", "Delmer Barnes"):
        assert _means(who) == _means("Last Oak's people")


def test_the_goal_says_who_rules_on_the_losers_and_what_a_hand_weighs() -> None:
    # lines 166, 220-224: the narrator decides whether a loser's goal comes true, and the
    # hand weighs the win; F1's Goal said only that the winner's comes true
    goal = _means("Goal")
    assert "whether the losers' come true too" in goal
    assert "a high card is a routine one, a full house or better exceptional" in goal


def test_the_devil_says_the_dealer_sets_his_own_characters_rating() -> None:
    # line 369: the Dealer rates his characters' Devils himself, even from the hip in play
    assert "the Dealer sets his own characters' when he likes" in _means("Devil rating")


def test_the_trait_says_both_fitting_give_one_card() -> None:
    # line 67: the card is for meeting the conflict in a way that shows one of the two
    # traits; a Dealer whose player's both traits fit asked "two cards?"
    assert "one card, even when both fit" in _means("Trait")
