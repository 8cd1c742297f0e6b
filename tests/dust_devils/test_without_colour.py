"""Dust Devils without colour and in daylight (round 26): what the tabs mark by colour is
said in words or signs too, and the colours are the theme's, read on its background in
each theme the app offers (western, textual-dark, textual-light). Without colour
(NO_COLOR) Textual draws each colour as the grey of its lightness, so a mark with enough
contrast in colour keeps it in grey."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.color import Color as RichColor
from rich.segment import Segment
from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.dust_devils.panes.characters import readable
from gmscreen.games.dust_devils.sample import SAMPLES
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.pilot import contrast, screen_text, synchronous, to_tab

THEMES = ("western", "textual-dark", "textual-light")


def sample(folder: Path) -> Campaign[Any]:
    return open_campaign(write_sample(SAMPLES[0], folder), rules_for)


def stripes(app: GmScreenApp) -> list[RichColor | None]:
    """The Characters table's two row backgrounds (its stripes)."""
    table = app.screen.query_one("#dd-characters", DataTable)
    return [table.get_component_rich_style(f"datatable--{stripe}-row").bgcolor
            for stripe in ("odd", "even")]


def segments_of(app: GmScreenApp, row_holding: str, words: str) -> list[Segment]:
    """The segments drawn for `words` on the screen's row holding `row_holding`."""
    strips = app.screen._compositor.render_strips()
    for strip in strips:
        line = "".join(s.text for s in strip)
        if row_holding in line and words in line:
            return [s for s in strip if words in s.text]
    raise AssertionError(f"no row with {row_holding!r} and {words!r}")


@synchronous
async def test_the_characters_marks_are_words_in_the_themes_own_readable_colours(
        tmp_path: Path) -> None:
    """Clara Hardin's Guts at 0 ("0/2"), her hurt attributes ("1/2") and "left play" are
    marked by colour and said by the words; each colour is the theme's text-error or
    text-warning, at a contrast of 3 or more on the row's background in every theme. (The
    terminal's red and yellow were dark grey on near black without colour, and orange on
    light grey in daylight.)"""
    campaign = sample(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        assert "3/4: Difficulty left 3 of 4." in screen_text(app)
        for theme in THEMES:
            app.theme = theme
            await pilot.pause()
            await pilot.pause()
            colours = app.theme_variables
            for words, variable in (("0/2", "text-error"), ("left play", "text-error"),
                                    ("1/2", "text-warning")):
                (drawn,) = segments_of(app, "Clara Hardin", words)
                assert drawn.style is not None
                fore, back = drawn.style.color, drawn.style.bgcolor
                assert fore is not None and back is not None, (theme, words)
                # the theme's own colour; in daylight the amber, which read at 2.7 to 1 on
                # the table's darker stripe, taken toward the text till it reads (round 27)
                meant = colours[variable] if (theme, variable) != (
                    "textual-light", "text-warning") else readable(
                    colours[variable], stripes(app), colours["foreground"])
                assert fore.get_truecolor() == RichColor.parse(meant).get_truecolor(), (
                    theme, words, fore)
                assert contrast(fore, back) >= 3, (theme, words, contrast(fore, back))
