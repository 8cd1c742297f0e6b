"""Every column heading of A Fistful of Sixes' views and every short form their notes explain
has a glossary entry (F1 shows it): the headings read from view.py's column tuples and from
the grids its sections draw at every step of the sample and of a session with every kind of
event, the short forms from the notes under them and the State column's short words, so one
added without an entry fails."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.games.fistful.state import FistfulState
from gmscreen.glossary import words_of
from tests.fistful.game import apply, every_kind
from tests.ui.test_glossary import sample_states, sections_words, unexplained, view_words


def test_every_heading_and_short_form_has_an_entry(tmp_path: Path) -> None:
    states = list(sample_states(SAMPLES, tmp_path))
    state: FistfulState = RULES.initial_state()
    for seq, event in enumerate(every_kind(), start=1):  # a fight, a duel, the Glory too
        state = apply(state, [event], seq)
        states.append(state)
    shown = view_words(view) | set(view.STATE_SHORT.values())
    for state in states:
        shown |= sections_words([*view.dealer_sections(state),
                                 *view.table_sections(view.table_knows(state)),
                                 view.fight_grid(state)])
    shown |= sections_words([view.odds_grid(15, 11, 6)])
    assert {"Gum", "Gra", "Str", "$", "F", "B", "Luck S F B", "out", "Band"} <= shown
    assert unexplained(words_of("gmscreen.games.fistful"), shown) == []
