"""What a moderator who never read the book asks at the table, answered where he is: each
key of Dust's tabs says in F1 (and the palette) what it does, not its name alone."""

from __future__ import annotations

import pytest
from textual.binding import Binding

from gmscreen.games.dust.panes.characters import CharactersPane
from gmscreen.games.dust.panes.cycle import CyclePane
from gmscreen.games.dust.panes.deadline import DeadlinePane
from gmscreen.games.dust.panes.resolution import PostsPane


@pytest.mark.parametrize("pane", [CharactersPane, CyclePane, PostsPane, DeadlinePane])
def test_every_key_of_dusts_tabs_says_what_it_does(pane):
    bindings = [b for b in pane.BINDINGS if isinstance(b, Binding)]
    assert all(b.tooltip for b in bindings), [b.key for b in bindings if not b.tooltip]


def test_the_gift_and_the_days_end_say_what_they_do():
    bindings = [b for b in CyclePane.BINDINGS if isinstance(b, Binding)]
    end = next(b for b in bindings if b.action == "end_day")
    assert "no lynch" in end.tooltip and "asked first" in end.tooltip
    give = next(b for b in bindings if b.action == "give")
    assert "never by whom" in give.tooltip and "until the hammer falls" in give.tooltip


def test_f1_reads_an_items_brackets_as_the_screens_write_them():
    """The entry said a number in brackets is the uses spent; the screens write the uses
    left ('Notebook (1 of 2 uses left)')."""
    from gmscreen.glossary import find, words_of
    items = find(words_of("gmscreen.games.dust"), "Items")
    assert items is not None and "how many uses of the copy are spent" not in items.means
    assert "how many the copy has left (Notebook (1 of 2 uses left))" in items.means


def test_the_resolving_question_says_where_the_messages_and_the_post_are():
    from gmscreen.games.dust.night_rules import resolving_question
    from tests.dust.game import night_of
    assert resolving_question(night_of()).startswith(
        "Resolve Night 1? The messages and the Day 2 post are written on the Posts tab, to "
        "send and post (undo takes the whole night back;")
