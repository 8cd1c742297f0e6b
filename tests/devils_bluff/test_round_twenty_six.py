"""Round 26: without colour and in daylight (docs/rules/devils-bluff.md, "Without colour
and in daylight (round 26)"). Whatever the screen says by colour is said in words or signs
too: the tests read the characters the screen draws, with every style taken away, as a
Dealer on a terminal with no colour (NO_COLOR) or who cannot tell red from green reads them;
and the tabs' own styles are the theme's variables, so each of the app's themes draws them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from gmscreen.core.cards import in_a_row, parse_cards
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import (
    ChooseSetUp,
    CloseAftermath,
    EndGame,
    FoundGang,
    KeepHired,
)
from gmscreen.games.devils_bluff.hands import held_before, suggested_discard
from gmscreen.games.devils_bluff.panes.characters import CharactersPane
from gmscreen.games.devils_bluff.panes.conflict import ConflictPane
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import campaign_sample
from tests.devils_bluff.test_snapshots import one_off
from tests.devils_bluff.test_third_look import fresh
from tests.pilot import form_up, opened, screen_text, synchronous, to_tab, until

THEMES = ["western", "textual-dark", "textual-light"]


def sixth_drawn(campaign: Campaign[DevilsBluffState]) -> bool:
    return any(len(campaign.state.hand(p)) > 5 for p in campaign.state.players)


@synchronous
async def test_the_discard_list_says_in_words_which_card_goes(tmp_path: Path) -> None:
    """Round 26: after a sixth card, the Discard list of the five held before showed the
    card Enter would discard only by its highlight; without colour the five read alike
    ("A♠ 5♣ 3♥ 4♥ 10♦"), and which card went was a guess. Now the line under the list
    names the card highlighted and the hand it leaves, and follows the highlight."""
    campaign = one_off(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "3")
        await pilot.press("d")  # the player whose turn it is draws a sixth card
        await until(pilot, lambda: sixth_drawn(campaign))
        await pilot.press("d")  # and discards one of the five held before
        await form_up(pilot)
        player = next(p for p in campaign.state.players
                      if len(campaign.state.hand(p)) > 5)
        hand = campaign.state.hand(player)
        first = suggested_discard(hand)
        assert first is not None
        kept = in_a_row(c for c in hand if c is not first)
        await until(pilot, lambda: f"{first} goes; {kept} stay (" in screen_text(app))
        # the highlight moved: the words follow it to the next card down
        before = held_before(hand)
        after = before[(before.index(first) + 1) % len(before)]
        await pilot.press("down")
        await until(pilot, lambda: f"{after} goes; " in screen_text(app))
        assert f"{first} goes; " not in screen_text(app)


def test_discard_words_name_each_card_and_the_hand_it_leaves() -> None:
    """Each of the five held before, by its code: the card that goes and what the six less
    it make; nothing while no discard is due."""
    hand = tuple(parse_cards("9s 9c 4h 7d 2c Kh"))
    words = view.discard_words(hand)
    assert list(words) == ["9s", "9c", "4h", "7d", "2c"]
    assert words["2c"] == "2♣ goes; 9♠ 9♣ 4♥ 7♦ K♥ stay (One Pair, ties on 9)"
    assert words["9s"] == "9♠ goes; 9♣ 4♥ 7♦ 2♣ K♥ stay (no valid hand)"
    assert view.discard_words(hand[:5]) == {}


async def the_line_under(pilot: Pilot[Any], form: Form, key: str, moves: int) -> str:
    """The screen's words (no colour) once `form`'s list `key` has the keyboard and its
    highlight has moved down `moves` lines."""
    form.widget_of(key).focus()
    await pilot.pause()
    for _ in range(moves):
        await pilot.press("down")
    await pilot.pause()
    return screen_text(pilot.app)


@synchronous
async def test_the_perks_to_tick_say_in_words_which_line_is_highlighted(tmp_path: Path) -> None:
    """Round 26: the Enlist form's perks, a list to tick, showed the line a tick would go to
    by its highlight alone: without colour twelve lines of boxes read alike. The perk
    highlighted is said under the form now, with its special rule where it has one."""
    campaign = fresh(tmp_path, ChooseSetUp("one-off"), FoundGang("Ann", "Hendry Boys"),
                     FoundGang("Bob", "Law Dogs"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "e")
        assert "Quick: +1 MOV." in await the_line_under(pilot, form, "perks", 0)
        text = await the_line_under(pilot, form, "perks", 2)
        assert "Deadly: -1 SKL." in text and "Quick: +1 MOV." not in text
        # a perk of a special rule says what the rule does
        text = await the_line_under(pilot, form, "perks", 8)
        assert "Hunter gives Scout: held back at deployment" in text, text
    campaign.close()


@synchronous
async def test_the_guns_to_hire_again_say_in_words_which_line_is_highlighted(
        tmp_path: Path) -> None:
    """Round 26: Hire again's list to tick, the same: the gun highlighted is named under
    the form with its player and gun, following the highlight."""
    campaign = campaign_sample(tmp_path)
    for command in (EndGame("agreed"), KeepHired("Dutch"), CloseAftermath()):
        campaign.execute(command)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "h")
        names = [value for _, value in form.fields[0].options]
        first = await the_line_under(pilot, form, "names", 0)
        assert f"{names[0]} (" in first.split("─")[-1], first
        second = await the_line_under(pilot, form, "names", 1)
        assert f"{names[1]} (" in second.split("─")[-1], second
    campaign.close()


@pytest.mark.parametrize("pane", [CharactersPane, ConflictPane])
def test_the_tabs_styles_are_the_themes_own(pane: type[CharactersPane | ConflictPane]) -> None:
    """Every colour the tabs' own stylesheet names is a theme variable ($text-muted,
    $primary), never a fixed colour that reads in one theme and not another."""
    css = pane.DEFAULT_CSS
    for line in css.splitlines():
        for rule in ("color:", "background:", "border", "tint:"):
            if rule in line:
                value = line.split(rule, 1)[1].split(";")[0]
                assert "$" in value or "none" in value, f"{pane}: a fixed colour: {line}"


@pytest.mark.parametrize("theme", THEMES)
@synchronous
async def test_every_theme_draws_the_tabs_in_words(tmp_path: Path, theme: str) -> None:
    """In each theme the app offers, the tabs' words are the same characters: no word is
    drawn only as a colour (and none is hidden in one theme and shown in another)."""
    app = GmScreenApp(one_off(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        await to_tab(pilot, "3")
        await pilot.pause()
        text = screen_text(app)
        for words in ("Game 1 · Round 1 of 5", "face down", "ready", "Next card for"):
            assert words in text, (theme, words)
