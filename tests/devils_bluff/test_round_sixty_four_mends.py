"""Small things earlier testers left unmended (round 64): the level form's word that a
level brings an ability, what a test is for, and the rounds changed mid-game."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.commands import EndGame
from gmscreen.games.devils_bluff.sample import HENDRY, SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.sections import NO_BREAK
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.devils_bluff.helpers import pick
from tests.pilot import opened, synchronous, to_tab

# -- the level form says when the level may bring an ability (module line 124) --------------


@synchronous
async def test_a_third_level_says_it_may_bring_an_ability(tmp_path: Path) -> None:
    # Ma Hendry of two levels gains her third after a campaign game: the form showed the
    # Ability field with no word that this is the level that brings one
    sample = next(s for s in SAMPLES if "campaign" in s.file)
    path = write_sample(sample, tmp_path)
    path.write_text(path.read_text().replace('perks = ["Cunning"]',
                                             'perks = ["Cunning", "Quick"]', 1))
    campaign = open_campaign(path, rules_for)
    assert campaign.state.find(HENDRY)[1].recruit.levels == 2
    campaign.execute(EndGame())
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pick(pilot, "#bluff-roster", HENDRY)
        form = await opened(pilot, "l")
        note = form.note.replace(NO_BREAK, " ")
        assert ("Ma Hendry's 3rd level may bring an ability as well: choose it under Ability"
                in note), note
        await pilot.press("escape")
        # Sheriff Cole's second level says why none, and nothing of a level that brings one
        pick(pilot, "#bluff-roster", "Sheriff Cole")
        form = await opened(pilot, "l")
        assert "may bring an ability" not in form.note
        assert "an ability comes with the 3rd" in form.note
    campaign.close()
