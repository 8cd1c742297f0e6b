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
