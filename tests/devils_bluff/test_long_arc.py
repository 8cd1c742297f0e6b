"""The campaign's long arc, run as an experienced Dealer runs it for weeks: the sample
campaign played on over three sessions (games finished, levels and perks, a hired gun kept
each game, new guns hired), each screen looked at from the start of session 3, with the
players' screen beside it; and the two things the last look left alone at 80x24."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.pilot import opened, synchronous, to_tab, until

CAMPAIGN = next(s for s in SAMPLES if "campaign" in s.file)


@synchronous
async def test_the_activate_box_says_its_words_on_one_row(tmp_path: Path) -> None:
    """At 80x24 the Activate form's words under its list ("Sheriff Cole's models still to
    activate this round: Enter activates the one highlighted") took two rows of the list's
    under the list, where the form's title names whose turn it is already. They take one
    row now. (The list shows seven models at most: the kit's form holds a list to seven
    rows.)"""
    campaign = open_campaign(write_sample(CAMPAIGN, tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "a")
        shown = form.query_one("#form-about", Static)
        await until(pilot, lambda: "Enter activates" in str(shown.render()))
        assert shown.content_region.height == 1, (shown.content_region, str(shown.render()))
    campaign.close()


@synchronous
async def test_the_keys_line_names_l_while_a_model_may_move(tmp_path: Path) -> None:
    """While a model acted, the Keys line ran to 78 of 80 columns ("t test, s score, x end
    game, D draw a typed card, m mend") and had no room for l: leaving an enemy's assault
    range was offered in the status only where the journal knew of an enemy within 1", and
    the app measures nothing, so a model that walked up to one left the key unsaid. It is
    named whenever the model may still Advance or Rush, and the line keeps to one row."""
    campaign = open_campaign(write_sample(CAMPAIGN, tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await opened(pilot, "a")
        await pilot.press("enter")
        note = app.screen.query_one("#bluff-models-note", Static)
        await until(pilot, lambda: "m mend" in str(note.render()))
        keys = str(note.render()).splitlines()[0]
        assert "l leave" in keys, keys
        assert len(keys) <= note.content_region.width, (len(keys), keys)
        assert note.content_region.height == 3, note.content_region  # keys and the note
    campaign.close()
