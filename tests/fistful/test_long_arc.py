"""A campaign's long arc, as a Judge runs it for weeks: what carries from one session to the
next (Carousing, advancement, the dead and their replacements, the Wanted Clock) driven over
three sessions of the sample and of a blank campaign. What it found, each checked against
the book (line numbers are lines of the book's file) and proved here: what failed before
its fix, and the reading chosen where the book leaves room."""

from __future__ import annotations

from datetime import datetime

from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful.commands import Carouse
from gmscreen.journal.events import Event, NewEvent
from tests.fistful.game import posse, said, sheet


def _as_logged(new: NewEvent) -> Event:
    return Event(1, datetime(2026, 1, 1), 1, new.kind, new.data, 1)


# -- lines 144-146: a night out is had to shed Stress and to buy advancement dice ------------


def test_a_night_out_says_what_it_bought_in_the_log_and_the_tables_recap():
    # the log told only the bill's dice ("Kit Hollis carouses (bill 4 4 = $8): 4, Drunken
    # Brawl"), and the table's recap only the table's entry: nobody reading either could
    # tell whether the night took Stress off or bought dice for the Advancement Test
    state = sheet(posse(), "Bo", xp=2, dollars=77, stress=2)
    both = RULES.decide(state, Carouse("Bo", 2, 2, (4, 3, 1, 2), 4))
    assert said(both[0]) == ("Bo carouses to shed 2 Stress and buy 2 advancement dice "
                             "(bill 4 3 1 2 = $10): 4, Drunken Brawl")
    assert view.table_tells(_as_logged(both[0])) == (
        "Bo went carousing to shed 2 Stress and buy 2 advancement dice: Drunken Brawl")
    one_die = RULES.decide(state, Carouse("Bo", 0, 1, (5,), 2, story="a Pinkerton once"))
    assert said(one_die[0]).startswith("Bo carouses to buy 1 advancement die (bill 5 = $5)")
    stress = RULES.decide(state, Carouse("Bo", 1, 0, (3,), 3))
    assert view.table_tells(_as_logged(stress[0])) == (
        "Bo went carousing to shed 1 Stress: Truth Comes Out")
    nothing = RULES.decide(state, Carouse("Bo", 0, 0, (), 4))
    assert said(nothing[0]) == "Bo carouses (no bill): 4, Drunken Brawl"
    assert view.table_tells(_as_logged(nothing[0])) == "Bo went carousing: Drunken Brawl"
