"""Dead Man's Hand's Posses tab typed in one burst (a quick Dealer, a paste, a loaded
machine) gives what the same keys give typed slowly. A key acts on the model highlighted in
the posse's table the keyboard is in: Tab, to the other posse's table, then e in one burst
put right the model highlighted in the table left, as the tab heard of the keyboard's move
only after e's step had run."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.dead_mans_hand.panes.characters import PossesPane
from gmscreen.games.dead_mans_hand.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.pilot import EITHER_WAY, form_up, synchronous, to_tab, type_in, until


@EITHER_WAY
@synchronous
async def test_a_model_edited_is_the_one_highlighted_in_the_table_tabbed_to(
        tmp_path: Path, quickly: bool) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, "1")
        pane = app.screen.query_one(PossesPane)
        assert app.focused is pane.query_one("#red", DataTable)
        black = pane.query_one("#black", DataTable)
        highlighted = str(black.ordered_rows[black.cursor_row].key.value)
        assert campaign.state.find(highlighted) is not None
        await type_in(pilot, ["tab", "e"], in_one_burst=quickly)
        form = await form_up(pilot)
        assert app.screen_stack[0].focused is black
        assert form.title_text.startswith(f"Put {highlighted} right"), form.title_text
    campaign.close()


@EITHER_WAY
@synchronous
async def test_the_posse_left_last_is_the_table_the_keyboard_passed_through_last(
        tmp_path: Path, quickly: bool) -> None:
    """Round the tables and back, a key acts on the posse whose table has the keyboard.
    Passed through in one burst (the black table, then on), the tab heard of the keyboard
    on the black table only once it had left, and kept the red posse. Tab goes from the
    black table straight back to the red: the notes under the tables, all in sight, are no
    Tab stop (round 64; before, the second Tab stopped on them, and a key there acted on
    the table left last)."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, "1")
        pane = app.screen.query_one(PossesPane)
        red = pane.query_one("#red", DataTable)
        assert app.focused is red
        # on through the black table and round to the red
        await type_in(pilot, ["tab", "tab"], in_one_burst=quickly)
        await until(pilot, lambda: app.focused is red)
        await type_in(pilot, ["e"], in_one_burst=quickly)
        form = await form_up(pilot)
        highlighted = str(red.ordered_rows[red.cursor_row].key.value)
        assert form.title_text.startswith(f"Put {highlighted} right"), form.title_text
    campaign.close()
