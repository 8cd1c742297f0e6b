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


#: every sentence of Day 1's rules of play, in the order posted, with the book's lines
#: (its special rules, and the Scum's and scavenging's) it tells: a sentence added,
#: dropped or changed fails the test
HOW_IT_GOES_TOLD = (
    ("24, 26, 28", "Each night, tell me in private what you do: stay in the church, go out and "
           "search one place that is open, or use a power."),
    ("24", "Send nothing and you stay in."),
    ("28, 36", "A search takes your whole night, your role's powers with it: you get the next "
           "find there, and whoever searches there with you sees you and what you find."),
    ("185", "The Scum cannot scavenge."),
    ("32, 34, 36", "Some powers work only in the church, or only while it is lit; one that takes "
               "the whole night goes with nothing else."),
    ("38", "Uses are often few, and a role power spent never comes back."),
    ("195", "Whoever dies loses what he held."),
    ("30", "By day, give an item to another player by telling me which and to whom: he is "
           "not told whose it was."),
    ("30", "No gifts once the hammer falls."),
    ("42", "A majority of the living lynches."),
    ("40", "After the lynch and the flip, talk on until I post the next day."),
    ("42", "Talk only here in the thread, do not lurk, never quote what I send you, and "
           "talk often: silence helps the Scum."),
)


def test_day_1_tells_the_players_how_the_game_goes():
    """The book's special rules are what its moderator tells the players before Day 1 (each
    night stay or search, a search takes the night and is seen by those beside, powers bound
    to the church or its light, limited uses, gifts by day unnamed, majority, twilight, the
    thread's conduct); a moderator who never read it had nothing to tell them from. Day 1's
    post says it, after the day's own lines: its heading, then each rule as a line of its
    own, every sentence of them checked whole (`HOW_IT_GOES_TOLD`), not a few phrases."""
    import re

    from gmscreen.games.dust.powers import HOW_IT_GOES
    from tests.dust.game import new_game
    day_1 = new_game().posts[0]
    assert day_1.title == "Day 1"
    assert day_1.lines[0] == "The survivors huddle in the church. Day 1 begins."
    assert day_1.lines[-len(HOW_IT_GOES):] == HOW_IT_GOES
    assert HOW_IT_GOES[0] == "How the game goes:"
    assert all(rule.startswith("- ") for rule in HOW_IT_GOES[1:])
    told = " ".join(rule.removeprefix("- ") for rule in HOW_IT_GOES[1:])
    sentences = re.split(r"(?<=\.) ", told)
    assert sentences == [sentence for _, sentence in HOW_IT_GOES_TOLD]


def test_the_players_screen_keeps_the_rules_of_play_under_the_roster():
    """On the players' screen Day 1's rules of play stand under the roster, the newest
    post above it holding the day's own lines: read once, they pushed the roster off a
    laptop's 80x24 all Day 1."""
    from gmscreen.games.dust import view
    from gmscreen.games.dust.powers import HOW_IT_GOES
    from gmscreen.journal.sections import Lines
    from tests.dust.game import new_game
    shown = view.table_sections(view.table_knows(new_game()))
    titles = [section.title for section in shown]
    assert titles.index("Players") < titles.index("How the game goes")
    newest = next(s for s in shown if s.title == "The newest post: Day 1")
    assert isinstance(newest, Lines) and "How the game goes:" not in newest.lines
    rules = next(s for s in shown if s.title == "How the game goes")
    assert isinstance(rules, Lines) and rules.lines == HOW_IT_GOES[1:]
