"""Round 28: the leftovers of rounds 24 to 27 (docs/rules/devils-bluff.md, "Leftovers
(round 28)"): the palette finds the steps by the words a Dealer types for them, and names
whose hand each key shows before the Conflict tab is first opened; between games the
Conflict tab's table highlights no row."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Static

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.commands import (
    ChooseSetUp,
    CloseAftermath,
    EndGame,
    Enlist,
    FoundGang,
)
from gmscreen.games.devils_bluff.gangs import LEADER, Recruit
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from gmscreen.ui.sections import GridTable
from gmscreen.ui.shell import ShellScreen
from tests.devils_bluff.test_campaign_evenings import game_begun
from tests.devils_bluff.test_round_twenty_four import first_found
from tests.devils_bluff.test_third_look import fresh
from tests.pilot import fill, form_up, synchronous, to_tab, until

#: what ctrl+p lists first for the words a Dealer types: "start game" found the kit's "New
#: campaign…" first, and the other three found nothing
WORDS = {
    "start game": "Conflict: New game: start a game, the deck shuffled",
    "hit points": "Conflict: Mend HP/tokens: a wound, damage or suppression set right",
    "close combat": "Conflict: Attack: shoot or fire at a model, or fight up close",
    "next turn": "Conflict: Done: end the activation, the turn passes",
}


@synchronous
async def test_the_palette_finds_the_steps_by_the_table_s_words(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        for tab in ("", "Conflict"):  # before the tab is opened, and on it
            if tab:
                await to_tab(pilot, tab)
            found = {}
            for words in WORDS:
                found[words] = await first_found(pilot, words)
                await pilot.press("escape")
                await pilot.pause()
            assert found == WORDS, tab
    campaign.close()


@synchronous
async def test_the_palette_names_the_hands_players_before_the_tab_is_opened(
        tmp_path: Path) -> None:
    # ctrl+p said "Hand 1: look or hide" until the Conflict tab was first shown
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    first, second = campaign.state.players
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await first_found(pilot, "hand 1") == (
            f"Conflict: Hand 1 ({first}'s): look or hide")
        await pilot.press("escape")
        await pilot.pause()
        assert await first_found(pilot, "hand 2") == (
            f"Conflict: Hand 2 ({second}'s): look or hide")
    campaign.close()


@synchronous
async def test_between_games_the_conflict_tab_highlights_no_model(tmp_path: Path) -> None:
    # a highlighted row no words named, where no step acts on a model; in a game the odds
    # line names the model highlighted, and the cursor is back once the game is
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        table = app.screen.query_one("#bluff-models", GridTable)
        assert table.show_cursor
        await fill(pilot, "x", note="agreed")
        await until(pilot, lambda: campaign.state.battle is None)
        await pilot.pause()
        assert table.row_count and not table.show_cursor
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state.battle is not None)
        await until(pilot, lambda: table.show_cursor)
    campaign.close()


async def click_words(pilot: Pilot[Any], widget: Widget, words: str) -> None:
    """Click the middle of `words` where `widget` draws them."""
    width, height = widget.content_region.size
    strips = widget.render_lines(Region(0, 0, width, height))
    for row, strip in enumerate(strips):
        column = strip.text.find(words)
        if column >= 0:
            gutter = widget.content_region.offset - widget.region.offset
            await pilot.click(widget, offset=(gutter.x + column + len(words) // 2,
                                                    gutter.y + row))
            return
    raise AssertionError(f"{words!r} not drawn: {[s.text for s in strips]}")


@synchronous
async def test_the_words_naming_o_and_f_take_their_steps_when_clicked(tmp_path: Path) -> None:
    # o (the objectives written down) and F (the campaign's end) are kept off the footer
    # and named in the tabs' own words: a Dealer using the mouse reached them by ctrl+p alone
    campaign = fresh(tmp_path, *game_begun())
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 50)) as pilot:
        await to_tab(pilot, "Conflict")
        status = app.screen.query_one("#bluff-status", Widget)
        await click_words(pilot, status, "(o)")
        form = await form_up(pilot)
        assert "bjectives" in form.title_text, form.title_text
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        campaign.execute(EndGame("agreed"))
        campaign.execute(CloseAftermath())
        screen = app.screen
        assert isinstance(screen, ShellScreen)
        screen.redraw()  # steps taken outside the app, drawn as after its own
        await to_tab(pilot, "Characters")
        text = app.screen.query_one("#bluff-roster-text", Static)
        await until(pilot, lambda: "F ends the campaign" in str(text.content))
        await click_words(pilot, text, "F ends the campaign")
        form = await form_up(pilot)
        assert "campaign" in form.title_text.lower(), form.title_text
    campaign.close()


@synchronous
async def test_the_words_naming_p_take_the_roll_off_with_typed_cards(tmp_path: Path) -> None:
    # P (the roll-off for the picks with the table's own cards) is named beside p under the
    # gangs; a click on its words opens the typed roll-off's form, as P does
    commands: list[object] = [ChooseSetUp("campaign", "pool")]
    for player in ("Ann", "Bob"):
        commands += [FoundGang(player, f"{player}'s gang"),
                     Enlist(player, Recruit(f"{player} leader", LEADER, "Revolver",
                                            ("Quick",)))]
    campaign = fresh(tmp_path, *commands)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 50)) as pilot:
        await to_tab(pilot, "Characters")
        text = app.screen.query_one("#bluff-roster-text", Widget)
        await click_words(pilot, text, "P with the table's own cards")
        form = await form_up(pilot)
        assert form.title_text == "Roll-off for the first pick from the pool"
    campaign.close()
