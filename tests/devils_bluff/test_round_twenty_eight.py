"""Round 28: the leftovers of rounds 24 to 27 (docs/rules/devils-bluff.md, "Leftovers
(round 28)"): the palette finds the steps by the words a Dealer types for them, and names
whose hand each key shows before the Conflict tab is first opened; between games the
Conflict tab's table highlights no row."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.sections import GridTable
from tests.devils_bluff.test_round_twenty_four import first_found
from tests.pilot import fill, synchronous, to_tab, until

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
