"""Round 26: without colour and in daylight (docs/rules/devils-bluff.md, "Without colour
and in daylight (round 26)"). Whatever the screen says by colour is said in words or signs
too: the tests read the characters the screen draws, with every style taken away, as a
Dealer on a terminal with no colour (NO_COLOR) or who cannot tell red from green reads them;
and the tabs' own styles are the theme's variables, so each of the app's themes draws them."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.core.cards import in_a_row, parse_cards
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.hands import held_before, suggested_discard
from gmscreen.games.devils_bluff.panes.characters import CharactersPane
from gmscreen.games.devils_bluff.panes.conflict import ConflictPane
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from tests.devils_bluff.test_snapshots import one_off
from tests.pilot import form_up, screen_text, synchronous, to_tab, until

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
