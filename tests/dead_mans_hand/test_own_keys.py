"""Round 25: the Dealer's own keys (`[keys]` in settings.toml), named in every word the
app shows. The footer, F1 and the Keys: words followed the keys set, but the tabs' own
words, the rules' refusals and the session's notices, and F1's entries for the game's
words still named the book keys: "No models yet: r recruits one." with Recruit moved to R,
"Ready: g on the Conflict tab", "The play sheet (key h)", the scenario form's "swapping
(w)", "M on the Characters tab (1) begins a new match". A Dealer pressing r then pressed
nothing, or another step.

Now a tab's own words put in the key as set; the words of the rules (refusals, the
session's notices) and of F1 cannot know the keymap, so they name the step by its name
("Name posse names it", "New match, on the Characters tab"); and the players' screen
names no key at all (the table has no keyboard): it said "M on the Characters tab (1)"."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Static, TabbedContent

from gmscreen.games.dead_mans_hand import rules, turns, view
from gmscreen.games.dead_mans_hand.commands import (
    DrawForTheFallen,
    LoadScenario,
    SetUpGame,
    Surrender,
)
from gmscreen.games.dead_mans_hand.panes.characters import PossesPane
from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane
from gmscreen.glossary import words_of
from gmscreen.journal.sections import Grid, Lines
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.tabs import tab_id
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign, showdown_game_one
from tests.dead_mans_hand.test_neither_fields import the_last_two_fall_on_a_joker
from tests.dead_mans_hand.test_new_match import showdown_won_in
from tests.dead_mans_hand.test_next_game_named import game_one_won
from tests.pilot import about, form_up, screen_text, synchronous, until

#: every key of the game and the shell's tab keys, each moved
KEYS = {
    "tab.1": "f10", "tab.3": "f12",
    "dead_mans_hand.recruit": "R", "dead_mans_hand.edit_model": "E",
    "dead_mans_hand.dismiss_model": "X", "dead_mans_hand.name_posse": "ctrl+k",
    "dead_mans_hand.scenario": "S", "dead_mans_hand.format": "F",
    "dead_mans_hand.swap_sides": "W", "dead_mans_hand.new_match": "ctrl+g",
    "dead_mans_hand.match_again": "ctrl+a", "dead_mans_hand.set_up": "G",
    "dead_mans_hand.deploy": "D", "dead_mans_hand.use": "U", "dead_mans_hand.attack": "A",
    "dead_mans_hand.all_in": "I", "dead_mans_hand.play": "P",
    "dead_mans_hand.end_turn": "E", "dead_mans_hand.leave": "L",
    "dead_mans_hand.surrender": "Y", "dead_mans_hand.recover": "V",
    "dead_mans_hand.reshuffle": "ctrl+x", "dead_mans_hand.sheet": "H",
    "dead_mans_hand.undo_attack": "Z",
}


def keyed(campaign: Any) -> GmScreenApp:
    app = GmScreenApp(campaign)
    app.set_keymap(KEYS)
    return app


async def tab(pilot: Pilot[Any], key: str, title: str) -> None:
    """Show the tab `title` by its key as set (`key`)."""
    await pilot.pause()
    await pilot.press(key)
    tabbed = pilot.app.screen.query_one(TabbedContent)
    await until(pilot, lambda: (tabbed.active_pane is not None
                                and tabbed.active_pane.id == tab_id(title)))
    await pilot.pause()


def said(app: GmScreenApp, widget: str) -> str:
    """What the widget of the tab shown holds, as one line."""
    tabbed = app.screen.query_one(TabbedContent)
    assert tabbed.active_pane is not None
    content = tabbed.active_pane.query_one(widget, Static).content
    return " ".join((content.plain if isinstance(content, Text) else str(content)).split())


@synchronous
async def test_an_empty_campaigns_words_name_the_keys_set(tmp_path: Path) -> None:
    app = keyed(new_campaign(tmp_path / "c.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await tab(pilot, "f10", "Characters")
        assert "No models yet: R recruits one." in screen_text(app)
        await pilot.press("S")
        scenario = await form_up(pilot)
        assert "play twice, swapping (W)." in about(scenario, "scenario")
        await pilot.press("escape")
        await tab(pilot, "f12", "Conflict")
        assert said(app, "#detail") == (
            "No models yet: R on the Characters tab (f10) recruits them.")
        assert "The play sheet (key H)" in said(app, "#sheet")


@synchronous
async def test_the_steps_that_come_next_on_the_other_tab_name_the_keys_set(
        tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "ready.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    app = keyed(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await tab(pilot, "f10", "Characters")
        assert said(app, "#summary").startswith(
            "The posses · Scenario: Duel between Rivals Ready: G on the Conflict tab · ")
    drawing = game_one_won(tmp_path / "drawing.toml")
    app = keyed(drawing)
    async with app.run_test(size=(80, 24)) as pilot:
        await tab(pilot, "f10", "Characters")
        assert "Between games: V the fallen's draw on the Conflict tab · " in said(
            app, "#summary")
    drawn = game_one_won(tmp_path / "drawn.toml")
    drawn.execute(DrawForTheFallen((("Stubby", "Jd"),)))
    app = keyed(drawn)
    async with app.run_test(size=(80, 24)) as pilot:
        await tab(pilot, "f10", "Characters")
        assert "Between games: G game 2 on the Conflict tab · " in said(app, "#summary")
    app = keyed(showdown_won_in(tmp_path / "over.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await tab(pilot, "f12", "Conflict")
        assert ("Next: ^g on the Characters tab (f10) begins a new match."
                in said(app, "#tracker"))


@synchronous
async def test_with_the_book_keys_the_words_are_as_they_were(tmp_path: Path) -> None:
    app = GmScreenApp(new_campaign(tmp_path / "c.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await tab(pilot, "3", "Conflict")
        await until(pilot, lambda: "No models yet: r on the Characters tab (1) recruits them."
                    in said(app, "#detail"))
        assert "The play sheet (key h)" in said(app, "#sheet")


#: a key named in words: "(key v)", "(w)", "v on the", "N names", ": s loads", "(3)"
KEY_WORDS = re.compile(r"\(key \w+\)|\([a-zA-Z]\)|\b[a-zA-Z] (on the|names|loads|begins|"
                       r"recruits|takes back)\b|ctrl\+|\b[fF]\d\b|\((\d)\)")
#: the book's side letters (R, B) are the table's, not keys
SIDES = ("(R)", "(B)")


def key_words(text: str) -> list[str]:
    return [m.group(0) for m in KEY_WORDS.finditer(text) if m.group(0) not in SIDES]


def test_the_rules_words_name_a_step_by_its_name_not_its_key() -> None:
    """A refusal and a session's notice come from the rules, which cannot know the keys
    set: each names the step ("Name posse names it", "New match, on the Characters
    tab"), as the footer and F1 name it."""
    steps = {b.description for pane in (PossesPane, ConflictPane) for b in pane.BINDINGS
             if isinstance(b, Binding)}
    assert {"Name posse", "Scenario", "New match"} <= steps
    duel = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"))
    deploy_all(duel)
    duel.do(Surrender("Sly Shooter"))
    refused = [rules.why_not_match_again(duel.state), rules.why_not_swap(duel.state)]
    won = showdown_game_one()
    refused += [rules.why_not_recruit(won.state), rules.why_not_swap(won.state)]
    neither = Table()
    the_last_two_fall_on_a_joker(neither)
    refused.append(turns.why_not_set_up(neither.state))
    words = [str(r) for r in refused if r is not None]
    words += [turns.session_begun(t.state) or "" for t in (won, neither)]
    words.append(turns.before_session_ends(won.state) or "")
    assert len(words) == 8 and all(words)
    for line in words:
        assert key_words(line) == [], line
    assert "after a New match, Scenario loads it again" in words[0]
    assert words[1] == "Swap sides: no player is named: Name posse names who plays each posse"
    assert words[-1] == ("Game 1's fallen wait: draw for the fallen (Stubby) on the Conflict "
                         "tab, now or as the next session begins.")


def test_f1_names_no_key_of_the_game() -> None:
    """F1's entries (and the forms' explanations, from the same words) cannot know the keys
    set: "(key v)", "Red or black, and who plays: N", "(r and e" named the book keys."""
    for word in words_of("gmscreen.games.dead_mans_hand"):
        assert key_words(word.means) == [], word.word
        assert not re.search(r": [a-zA-Z][.,;)]|: [a-zA-Z] \(|\([a-z] and [a-z];",
                             word.means), word.word
    calls = next(w.means for w in words_of("gmscreen.games.dead_mans_hand")
                 if w.word == "Table's calls")
    assert "Red or black, and who plays: Name posse." in calls


def test_the_players_screen_names_no_key() -> None:
    """The table has no keyboard: once neither posse has anybody left, the players' screen
    said "M on the Characters tab (1) begins a new match"."""
    table = Table()
    the_last_two_fall_on_a_joker(table)
    known = view.table_knows(table.state)
    shown = [view.whose(known)]
    for section in view.table_sections(known):
        if isinstance(section, Lines):
            shown += list(section.lines)
        elif isinstance(section, Grid):
            shown += [section.note, *(" ".join(row) for row in section.rows)]
    assert any("a new match comes next" in line for line in shown)
    for line in shown:
        assert key_words(line) == [] and "tab" not in line, line

