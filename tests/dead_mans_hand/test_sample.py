"""The shipped samples play by the book: each starts session 1 where a table sitting down
to play would, once its posses are built and before its first game is set up, and leaves it
running where the story pauses (ready for the first game), so the header, the recap and the
Dealer's first step all find session 1 under way."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.dead_mans_hand.commands import SetUpGame
from gmscreen.games.dead_mans_hand.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.events import SESSION_END, SESSION_START
from gmscreen.samples import Sample, write_sample

BUILDING = ("clock.made", "clock.ticked", "dead_mans_hand.scenario_loaded",
            "dead_mans_hand.posse_named", "dead_mans_hand.model_recruited")


@pytest.mark.parametrize("sample", SAMPLES, ids=[s.file for s in SAMPLES])
def test_session_1_begins_once_the_posses_are_built_and_runs_on(
        sample: Sample, tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(sample, tmp_path), rules_for, cache=False)
    try:
        kinds = [e.kind for e in campaign.events]
        assert kinds.count(SESSION_START) == 1 and SESSION_END not in kinds
        start = kinds.index(SESSION_START)
        assert set(kinds[:start]) <= set(BUILDING) and "dead_mans_hand.model_recruited" in kinds
        assert all(e.session == 0 for e in campaign.events[:start])
        assert campaign.in_session and campaign.session == 1
        # the Dealer's first step is taken in session 1
        assert campaign.execute(SetUpGame("2h"))[0].session == 1
    finally:
        campaign.close()
