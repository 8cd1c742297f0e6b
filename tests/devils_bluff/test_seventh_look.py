"""Found on a seventh look: forms that lay hands follow the rule that hands are laid
against a tester's only when the tester lays one; a one-off's end; the recap's losses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.commands import Activate
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.test_panes import select_row
from tests.pilot import form_up, set_field, synchronous, to_tab, until

CAMPAIGN = SAMPLES[1]


async def _ticked(pilot: Pilot[Any], form: Form, key: str, value: bool) -> dict[str, bool]:
    """Tick (or untick) the box `key` as the Dealer would; the hand boxes then."""
    set_field(form, key, value)
    await pilot.pause()
    await pilot.pause()
    values = form.values()
    return {k: values.flag(k) for k in ("hand", "contest", "defender_hand",
                                        "defence_contest") if k in values}


@synchronous
async def test_ticking_others_lay_hands_ticks_the_testers_hand(tmp_path: Path) -> None:
    """"Others lay hands" could be ticked with "Attacker plays hand" left blank; only once
    sent did the refusal say hands are laid against the tester's only when it plays one.
    Now ticking a hand against one ticks the one it is laid against, and unticking that
    unticks the hands against it: the attack's and the defence's, and a test's."""
    campaign = open_campaign(write_sample(CAMPAIGN, tmp_path), rules_for)
    campaign.execute(Activate(COLE))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await select_row(pilot, HENDRY)
        await pilot.press("f")
        form = await form_up(pilot)
        assert await _ticked(pilot, form, "contest", True) == {
            "hand": True, "contest": True, "defender_hand": False, "defence_contest": False}
        assert await _ticked(pilot, form, "hand", False) == {
            "hand": False, "contest": False, "defender_hand": False,
            "defence_contest": False}
        assert await _ticked(pilot, form, "defence_contest", True) == {
            "hand": False, "contest": False, "defender_hand": True, "defence_contest": True}
        assert await _ticked(pilot, form, "defender_hand", False) == {
            "hand": False, "contest": False, "defender_hand": False,
            "defence_contest": False}
        # the attacker's hand alone stays as ticked
        assert await _ticked(pilot, form, "hand", True) == {
            "hand": True, "contest": False, "defender_hand": False, "defence_contest": False}
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(pilot.app.screen, Form))
        # a test of a model: the same two boxes follow each other
        await select_row(pilot, COLE)
        await pilot.press("t")
        form = await form_up(pilot)
        assert await _ticked(pilot, form, "contest", True) == {"hand": True, "contest": True}
        assert await _ticked(pilot, form, "hand", False) == {"hand": False, "contest": False}
    campaign.close()
