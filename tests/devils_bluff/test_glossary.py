"""Every column heading of Devils Bluff's views and every short form their notes explain or
their cells write has a glossary entry (F1 shows it): read from view.py's column tuples and
notes, the grids its sections draw at every step of each sample, every weapon's short name
and every ability's two letters, so one added without an entry fails."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.gangs import abilities, weapons
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.glossary import words_of
from gmscreen.journal.sections import Grid
from tests.devils_bluff.helpers import table_sections
from tests.ui.test_glossary import sample_states, sections_words, unexplained, view_words

#: the columns whose cells are the game's short words, not names or numbers
WORD_COLUMNS = ("Unit", "Weapon", "Now", "Ab")


def test_every_heading_and_short_form_has_an_entry(tmp_path: Path) -> None:
    shown = view_words(view) | {w.short for w in weapons().values()}
    shown |= {view.ability_short(name) for name in abilities()}
    for state in sample_states(SAMPLES, tmp_path):
        sections = [*view.dealer_sections(state), *table_sections(view.table_knows(state)),
                    view.roster_grid(state), view.models_grid(state)]
        shown |= sections_words(sections)
        for grid in (s for s in sections if isinstance(s, Grid)):
            shown |= {row[i] for row in grid.rows for i, heading in enumerate(grid.columns)
                      if heading in WORD_COLUMNS}
    assert {"Lv", "MOV", "SKL DEF CMD", "Tok", "RF Rifle", "Ha", "-", "Hired"} <= shown
    assert unexplained(words_of("gmscreen.games.devils_bluff"), shown) == []
