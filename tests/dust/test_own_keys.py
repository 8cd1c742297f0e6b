"""Dust with the Dealer's own keys (round 25): every word the app shows that names a key
names the key as settings.toml's `[keys]` set it, or names the step instead.

Found so: with every key moved, the set-up guide still read "b puts in the book's roles ...
p adds each player", a refusal "add the players first (p)", "Show the players (o)", the
Posts tab "until r on the Day and night tab resolves it", the clocks tab "d moves it ... e
on the Day and night tab ends the day", the hammer's question "(e ends the day without a
lynch)", the Move the deadline step's help "at the deadline, e ends the day", and F1's
entries "(K)", "(w)", "(d on the Characters tab)": each a key that no longer does that.
The rules and the views are Textual-free, so they write the book's key in a phrase of
`keys.PHRASES`, and the tabs put the key as set in (`keys.keyed`); the words the kit shows
itself (F1, a session's first and last words) name the step."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from gmscreen.games.dust import keys
from gmscreen.games.dust.panes.cycle import CyclePane
from gmscreen.games.dust.powers import book_locations
from gmscreen.games.dust.sessions import session_begun
from gmscreen.games.dust.words import place_means
from gmscreen.glossary import words_of
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from gmscreen.ui.keymap import every_key
from tests.dust.app import (
    CHARACTERS,
    POSTS,
    app_of,
    new_campaign,
    pane,
    question,
    refusals,
    sample_campaign,
)
from tests.dust.game import new_game
from tests.pilot import synchronous, to_tab, until

DUST = Path(keys.__file__).parent

#: every key of Dust moved, and the shell's that Dust's words name
MOVED = {
    "dust.toggle_places": "O", "dust.book_setup": "B", "dust.add_player": "P",
    "dust.correct_player": "C", "dust.deal_roles": "ctrl+d", "dust.start": "S",
    "dust.add_location": "L", "dust.remove_location": "X", "dust.edit_power": "E",
    "dust.vote": "V", "dust.day_power": "P", "dust.end_day": "E", "dust.tick_deadline": "j",
    "dust.set_deadline": "J", "dust.night_action": "A", "dust.night_kill": "ctrl+k",
    "dust.resolve": "R", "dust.resolve_typed": "T", "dust.clocks.tick_deadline": "j",
    "dust.clocks.set_deadline": "J", "dust.copy_post": "C", "dust.copy_messages": "M",
    "dust.copy_one": "Y", "dust.copy_last": "L", "dust.undo_night": "U",
    "dust.late_note": "W", "undo": "ctrl+u", "start_session": "f7", "help": "f2",
}


def test_each_phrase_naming_a_key_is_written_so_in_the_rules_or_a_tab() -> None:
    sources = "".join(path.read_text(encoding="utf-8") for path in DUST.rglob("*.py")
                      if path.name != "keys.py")
    flat = re.sub(r'"\s*\n\s*f?"', "", sources)  # strings continued on the next line
    missing = [pattern for pattern in keys.PHRASES if keys.phrase(pattern) not in flat]
    assert missing == []
    ids = {entry.binding.id for entry in every_key({"Dust": "gmscreen.games.dust"})}
    assert set(keys.BOOK) <= ids


def test_a_phrase_names_the_key_set_and_nothing_else_changes() -> None:
    said = ("Setup: the roles are dealt among two players or more: add the players first "
            "(p). Deal the roles? d deals again, ctrl+z takes it back.")
    assert keys.keyed(said, {"dust.add_player": "P", "dust.deal_roles": "^d",
                             "undo": "^u"}) == (
        "Setup: the roles are dealt among two players or more: add the players first (P). "
        "Deal the roles? ^d deals again, ^u takes it back.")
    assert keys.keyed(said, {}) == said
    assert keys.keyed(said, {"dust.vote": "V"}) == said


def test_the_words_the_kit_shows_name_the_step_never_a_key() -> None:
    """F1's entries, a place's entry and the words as a session begins: the kit shows
    them as written, so they cannot follow the keys set."""
    single = re.compile(r"\((?:[a-zA-Z]|[a-zA-Z], [a-zA-Z])(?: on [^)]*| again)?\)"
                        r"|: [a-zA-Z](?: and [a-zA-Z])?\."
                        r"|(?<![\w'])[a-zA-Z] (?:on the|ends|deals)\b")
    wrong = [f"{word.word}: {found.group(0)}" for word in words_of("gmscreen.games.dust")
             for found in single.finditer(word.means)]
    assert wrong == []
    assert all("o on" not in place_means(place) for place in book_locations())
    over = replace(new_game(), phase="over", winner="town")
    assert "ctrl+" not in (session_begun(over) or "")
    step = next(b for b in CyclePane.BINDINGS if getattr(b, "id", "") == "dust.tick_deadline")
    assert "e ends" not in str(getattr(step, "tooltip", ""))


@synchronous
async def test_a_new_game_reads_the_keys_set(tmp_path: Path) -> None:
    app, notices = app_of(new_campaign(tmp_path))
    app.set_keymap(MOVED)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, CHARACTERS)
        guide = str(app.screen.query_one("#dust-detail-text").render())
        assert "B puts in the book's roles" in guide and "L adds a location" in guide
        assert "P adds each player" in guide and "S posts Day 1" in guide
        assert " b puts" not in guide and "p adds" not in guide
        await pilot.press("B")
        await until(pilot, lambda: app.screen is not app.screen_stack[0])
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.screen is app.screen_stack[0])
        await pilot.pause()
        guide = str(app.screen.query_one("#dust-detail-text").render())
        assert "O shows them, E edits a power" in guide
        assert "ctrl+d deals the roles" in guide or "^d deals the roles" in guide
        # the refusals, as the palette's step gives them (a refused step's key as set
        # says nothing yet: the kit's, asked of the lead)
        characters: Any = pane(app, CHARACTERS)
        assert characters.explain("deal") and characters.explain("edit_power")
        await pilot.pause()
        said = [why for _, why in refusals(notices)]
        assert said[0].endswith("add the players first (P)"), said
        assert said[1].endswith("(O shows them)."), said
        for name in ("Ann", "Bob"):
            await pilot.press("P")
            await until(pilot, lambda: isinstance(app.screen, Form))
            await pilot.press(*name, "ctrl+s")
            await until(pilot, lambda: app.screen is app.screen_stack[0])
        await pilot.press("ctrl+d")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        assert "Nothing is sent before Day 1; ctrl+d deals again, ctrl+u takes it back." in (
            question(app))


@synchronous
async def test_the_sample_reads_the_keys_set_on_every_tab(tmp_path: Path) -> None:
    app, notices = app_of(sample_campaign(tmp_path))
    app.set_keymap(MOVED)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_tab(pilot, POSTS)
        title = str(app.screen.query_one("#dust-night-title").render())
        assert "until R on the Day and night tab" in title, title
        posts: Any = pane(app, POSTS)
        to_post = str(posts.query_one("#dust-night-to-post").render())
        assert "(C copies it)" in to_post or "L copies" in to_post, to_post
        await to_tab(pilot, "Wanted Clock")
        note = str(app.screen.query_one("#dust-deadline-note").render())
        assert note.startswith("j moves it for the time gone") and "E on the Day" in note
        assert "J changes its size" in note
    assert notices.of("error") == []
