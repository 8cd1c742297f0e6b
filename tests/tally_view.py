"""What the tally game's tabs show (tests/tally.py): the tallies, for the Dealer and the
table alike (nothing is hidden in it)."""

from __future__ import annotations

from dataclasses import dataclass

from gmscreen.glossary import Word
from gmscreen.journal.sections import Section, grid
from tests.tally import TallyState


def dealer_sections(state: TallyState) -> list[Section]:
    return [grid("Tallies", ("Name", "Tally"), sorted(state.tallies.items()))]


@dataclass(frozen=True)
class TableKnows:
    tallies: tuple[tuple[str, int], ...]


def table_knows(state: TallyState) -> TableKnows:
    return TableKnows(tuple(sorted(state.tallies.items())))


def table_sections(known: TableKnows) -> list[Section]:
    return [grid("Tallies", ("Name", "Tally"), known.tallies)]


def names(state: TallyState) -> list[str]:
    return sorted(state.tallies)


def campaign_words(state: TallyState) -> tuple[Word, ...]:
    """The words as this campaign has them (as a game whose Dealer edits a power tells it
    as he defined it): each tally, with its count now."""
    return tuple(Word(name, f"A tally, at {count} now.")
                 for name, count in sorted(state.tallies.items()))
