"""Help on one key: the keys and the words, searched as typed, closed by escape."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import DataTable

from gmscreen.glossary import Word, find, gmscreens_words, words_of
from gmscreen.ui.help import Entry, HelpScreen, Part, words_part
from tests.pilot import synchronous, until


class Host(App[None]):
    def __init__(self, screen: HelpScreen) -> None:
        super().__init__()
        self.help = screen
        self.closed = False

    def on_mount(self) -> None:
        self.push_screen(self.help, lambda _: setattr(self, "closed", True))


def shown(screen: HelpScreen) -> list[str]:
    table = screen.query_one(DataTable)
    return [" ".join(str(cell) for cell in table.get_row_at(i)) for i in range(table.row_count)]


def test_gmscreens_own_words_are_there_and_found_by_short_form() -> None:
    words = gmscreens_words()
    assert find(words, "undo") is not None and find(words, "#") is not None
    assert find(words, "Encounter log") is not None
    assert words_of("gmscreen.no_such_package") == ()


@synchronous
async def test_typing_searches_keys_and_words_and_escape_closes() -> None:
    screen = HelpScreen("Help: The Hanged Man", [
        Part("This tab: Conflict", (Entry("d", "Deal the cards"), Entry("c", "Call"))),
        Part("Everywhere", (Entry("ctrl+z", "Undo the newest step"),)),
        words_part("Words of gmscreen", gmscreens_words()),
    ])
    app = Host(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        every = shown(screen)
        assert any("Deal the cards" in line for line in every)
        assert any(line.startswith("Replay") for line in every)
        await pilot.press(*"undo")
        await pilot.pause()
        found = shown(screen)
        assert any("Undo the newest step" in line for line in found)
        assert not any("Deal the cards" in line for line in found)
        await pilot.press(*"zzzq")
        await pilot.pause()
        assert "Nothing holds 'undozzzq'." in shown(screen)[0]
        await pilot.press("escape")
        await until(pilot, lambda: app.closed)


@synchronous
async def test_a_heading_runs_across_and_each_part_has_a_key_column_as_wide_as_its_keys(
) -> None:
    # one key column for every part gave one-letter keys the glossary's 22 columns: at 80
    # columns each meaning took two rows, and "Words of Dead Man's Hand" wrapped in it
    heading = "Words of Dead Man's Hand"
    screen = HelpScreen("Help: Dead Man's Hand", [
        Part("This tab: Conflict", (Entry("d", "Deal: the cards for the turn, one to each "
                                          "model in the fight, from the pack"),
                                    Entry("f1 or ?", "Help"))),
        Part(heading, (Entry("Queen", "Stops a model's next attack"),
                       Entry("A word longer than the column", "Wraps in its column")))])
    app = Host(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = screen.query_one(DataTable)
        drawn = [table.render_line(y).text.rstrip() for y in range(8)]
        assert drawn[0].strip() == "This tab: Conflict"
        assert drawn[1].startswith(
            " d        Deal: the cards for the turn, one to each model in the")
        assert drawn[3].startswith(" f1 or ?  Help")
        assert drawn[4].strip() == heading  # whole on its row
        assert drawn[5].startswith(" Queen                   Stops a model's next attack")
        assert drawn[6].startswith(" A word longer than the  Wraps in its column")
        assert drawn[7].strip() == "column"
        assert shown(screen)[1].startswith("d Deal: the cards")  # the key, then its words


@synchronous
async def test_meanings_take_the_width_the_help_has_from_the_first_showing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the meanings were first laid out twenty columns wide (the table not yet measured),
    # so at 80x24 a short line took three rows: the resize that measured it again does not
    # always come to a dialog (dialog.Dialog._on_resize), and in a terminal it often did not
    monkeypatch.setattr(HelpScreen, "on_resize", lambda self: None)
    meaning = "Roll: the app rolls the dice for the test, the Stakes and any floating die"
    for size in ((80, 24), (200, 50)):
        screen = HelpScreen("Help", [Part("This tab: Conflict", (Entry("r", meaning),))])
        app = Host(screen)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            table = screen.query_one(DataTable)
            assert table.ordered_columns[0].width >= min(110, size[0]) - 4 - 4, size
            drawn = [table.render_line(y).text for y in range(3)]
            assert meaning[:60] in drawn[1], (size, drawn)


def test_a_key_of_several_is_named_each_on_its_own() -> None:
    from textual.binding import Binding

    from gmscreen.ui.help import keys_part

    app = App[None]()
    help_key = Binding("f1,question_mark", "help", "Help", key_display="f1")
    part = keys_part("Everywhere", [help_key, Binding("f2", "x", "Ex", key_display="F-2")],
                     app)
    assert [entry.key for entry in part.entries] == ["f1 or ?", "F-2"]


def test_help_says_every_key_can_be_changed_and_how() -> None:
    from gmscreen.ui.help import help_for

    screen = help_for(App[None](), "Dust Devils", "Conflict", [], [], ())
    found = HelpScreen.matching(screen, "keys")
    entry = next(e for part in found for e in part.entries if e.key == "Your own keys")
    assert "gmscreen keys" in entry.means and "[keys] table of settings.toml" in entry.means


def test_a_key_shown_short_is_found_by_its_whole_name() -> None:
    """The footer and help write ctrl+o as "^o"; a Dealer searching for "ctrl+o" (or any
    ctrl key) finds it, and a key the Dealer set is found by the name they set."""
    from textual.binding import Binding

    from gmscreen.ui.help import help_for

    app = App[None]()
    app.set_keymap({"shell.undo": "ctrl+u"})
    screen = help_for(app, "Dust Devils", "Characters", [], [
        Binding("ctrl+o", "campaigns", "Campaigns", id="shell.campaigns"),
        Binding("ctrl+z", "undo", "Undo", id="shell.undo"),
    ], ())
    [everywhere] = [p for p in HelpScreen.matching(screen, "ctrl+o") if p.heading == "Everywhere"]
    assert [(e.key, e.means) for e in everywhere.entries] == [("^o", "Campaigns")]
    [everywhere] = [p for p in HelpScreen.matching(screen, "ctrl+u") if p.heading == "Everywhere"]
    assert [e.key for e in everywhere.entries] == ["^u"]
    found = HelpScreen.matching(screen, "ctrl+z")
    assert not [e for p in found for e in p.entries if e.means == "Undo"]


def test_a_word_typed_whole_comes_before_the_entries_that_only_mention_it() -> None:
    # "rifle" listed Large, Slots and Weapon, which speak of rifles, before Rifle itself
    screen = HelpScreen("Help: The Dalton Boys", [Part("Words of A Fistful of Sixes", (
        Entry("Large", "A rifle or a shotgun takes two slots."),
        Entry("Rifleman", "An NPC with a rifle."),
        Entry("Slots", "What a rider carries; a rifle takes two."),
        Entry("Rifle (Rifles)", "Damage 2, reach far."),
    ))])
    [part] = screen.matching("rifle")
    assert [e.key for e in part.entries] == ["Rifle (Rifles)", "Rifleman", "Large", "Slots"]
    [part] = screen.matching("rifles")
    assert part.entries[0].key == "Rifle (Rifles)"


def test_a_short_form_that_only_adds_to_its_word_is_not_said_twice() -> None:
    # Devils Bluff's Rending read "Rending (Rending (1))"
    part = words_part("Words", [Word("Rending", "Each critical hit deals 1 more.",
                                     ("Rending (1)",)),
                                Word("Chips", "What players win.", ("Chip", "Price"))])
    assert [e.key for e in part.entries] == ["Rending", "Chips (Chip, Price)"]
    screen = HelpScreen("Help", [part])
    assert [e.key for p in screen.matching("rending (1)") for e in p.entries] == ["Rending"]
