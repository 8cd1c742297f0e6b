"""Every column heading of Dead Man's Hand's views and every short form their keys explain
has a glossary entry (F1 shows it): read from view.py's column tuples, the grids its sections
draw at every step of each sample, the key line under each table (for every model of every
step, with the sides' letters) and the markers of the Notes column, and the weapons' short
words, so one added without an entry fails."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.sample import SAMPLES
from gmscreen.glossary import words_of
from gmscreen.journal.sections import NO_BREAK
from tests.ui.test_glossary import (
    explained,
    sample_states,
    sections_words,
    unexplained,
    view_words,
)


def test_every_heading_and_short_form_has_an_entry(tmp_path: Path) -> None:
    shown = view_words(view) | explained(view.MARKERS) | set(view.SHORT.values())
    models = []
    for state in sample_states(SAMPLES, tmp_path):
        shown |= sections_words([*view.dealer_sections(state),
                                 *view.table_sections(view.table_knows(state))])
        models.extend(state.models())
    shown |= explained(view.key_line(models, sides=True).replace(NO_BREAK, " "))
    assert {"Val", "Hits", "R", "B", "civ", "Derr.", "moving", "on a card"} <= shown
    assert unexplained(words_of("gmscreen.games.dead_mans_hand"), shown) == []


def test_what_runs_out_and_what_a_civilian_answers_with_are_told_by_the_book() -> None:
    """F1's words, checked against the book where a Dealer meets them once a campaign:
    Derringers and Tomahawks run out for the rest of the game, and of a showdown (single games
    start afresh, so "for good" misled); a horse a Jack kills stays dead for the showdown
    (line 153 with 110); a civilian target answers within its Civilian column, not the
    Normal one (line 100); a civilian pays 9 for a horse and 1 for Brawling (line 143)."""
    means = {w.word: w.means for w in words_of("gmscreen.games.dead_mans_hand")}
    for spent in ("Derringers", "Tomahawks"):
        assert "for good" not in means[spent]
        assert "game" in means[spent] and "showdown" in means[spent], means[spent]
    assert "showdown" in means["Horse"]
    assert "Civilian column" in means["Normal range"]
    assert "9" in means["Plunder"] and "Brawling" in means["Plunder"]
