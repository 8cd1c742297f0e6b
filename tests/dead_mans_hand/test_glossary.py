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
    shown |= explained(view.key_line(models, sides=True))
    assert {"Val", "Hits", "R", "B", "civ", "Derr.", "moving", "on a card"} <= shown
    assert unexplained(words_of("gmscreen.games.dead_mans_hand"), shown) == []
