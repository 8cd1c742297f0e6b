"""A Fistful of Sixes without colour and in daylight (round 26): what the tabs tell by
colour is said in words too, and the colours are the theme's, read on its background in
each theme the app offers (western, textual-dark, textual-light). Without colour
(NO_COLOR) Textual draws each colour as the grey of its lightness, so a word with enough
contrast in colour keeps it in grey."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.color import Color as RichColor
from rich.segment import Segment
from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.fistful.commands import FlipInitiative, JoinFight
from gmscreen.games.fistful.events import DuelFought
from gmscreen.games.fistful.panes.conflict import duel_text
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.pilot import contrast, screen_text, synchronous, to_tab, until

THEMES = ("western", "textual-dark", "textual-light")
WORDS = {"SUCCESS": "text-success", "FAILURE": "text-warning", "CATASTROPHE": "text-warning",
         "BUST!": "text-error"}


def sample(folder: Path) -> Campaign[Any]:
    return open_campaign(write_sample(SAMPLES[0], folder), rules_for)


def drawn(app: GmScreenApp, words: str) -> Segment:
    """The one segment the screen draws holding `words`."""
    found = [s for strip in app.screen._compositor.render_strips() for s in strip
             if words in s.text]
    assert len(found) == 1, (words, found)
    return found[0]


@synchronous
async def test_a_tests_result_word_is_in_the_themes_own_readable_colour(
        tmp_path: Path) -> None:
    """The Conflict tab's SUCCESS, FAILURE and BUST! are said by the word and coloured by
    the theme's text-success, text-warning and text-error, at a contrast of 3 or more (the
    word is bold) on the tab's background in every theme. (The terminal's yellow was amber
    on light grey in daylight, under 3 to 1.)"""
    app = GmScreenApp(sample(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("r")
        await until(pilot, lambda: any(w in screen_text(app) for w in WORDS))
        (word,) = [w for w in WORDS if f"\n {w}" in screen_text(app)]
        for theme in THEMES:
            app.theme = theme
            await pilot.pause()
            await pilot.pause()
            segment = drawn(app, word)
            assert segment.style is not None
            fore, back = segment.style.color, segment.style.bgcolor
            assert fore is not None and back is not None, theme
            assert fore.get_truecolor() == RichColor.parse(
                app.theme_variables[WORDS[word]]).get_truecolor(), (theme, word, fore)
            assert contrast(fore, back) >= 3, (theme, word, contrast(fore, back))


@synchronous
async def test_the_fight_tab_names_the_highlighted_fighter_in_words(tmp_path: Path) -> None:
    """The keys of the Fight tab act on the highlighted fighter, marked only by the
    table's cursor colour: without colour nothing said whom `o`, space or `k` would take.
    The keys line names him, before the round and in it, and follows the cursor; only his
    own keys are said to be his (the round's coin and the ammunition die are nobody's)."""
    campaign = sample(tmp_path)
    campaign.execute(JoinFight("Eli 'Preacher' Moss", "Nearby"))
    campaign.execute(JoinFight("Rattlesnake Jake", "Nearby"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        line = " ".join(screen_text(app).split())
        assert ("Keys: c type the coin, b ammo check; for Eli 'Preacher' Moss "
                "(highlighted): k leaves the fight (all in ctrl+p)") in line
        assert "coin" not in line.partition("(highlighted):")[2]
        await pilot.press("down")
        await until(pilot, lambda: "for Rattlesnake Jake (highlighted):"
                    in screen_text(app))
        campaign.execute(FlipInitiative("H"))  # the posse first: Eli acts now
        app.refresh_bindings()
        await to_tab(pilot, "Fight")
        table = app.screen.query_one("#ff-fighters", DataTable)
        await until(pilot, lambda: f"for {['Eli', 'Rattlesnake'][table.cursor_row]}"
                    in screen_text(app))


def test_a_duels_bust_is_the_word_in_the_colour_the_tab_passes() -> None:
    """A duel's Bust is said by "BUST!" and drawn in the colour the Conflict tab passes,
    its theme's text-error, where it was the terminal's red in every theme."""
    duel = DuelFought(challenger="Ann", challenger_coins="HHT", challenger_total=13,
                      challenger_limit=15, opponent="Jake", opponent_coins="TH",
                      opponent_total=7, opponent_limit=6, winner="Ann", sheets={},
                      stress_shed=True)
    text = duel_text(duel, 5, "#a01010")
    (span,) = [s for s in text.spans if text.plain[s.start:s.end].strip().startswith("BUST!")]
    assert str(span.style) == "bold #a01010"
