"""A journal read whole is folded along the steps standing at its end (Campaign._fold_stack),
each once: the campaign it gives is the one built event by event as the journal was written
(every step undone, redone and folded again), on seeded random journals."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from tests.journal.support import new_campaign
from tests.tally import RULES, Add, Roll


def written(path: Path, seed: int, commands: int) -> Campaign[Any]:
    """A campaign written command by command, at random: steps of one event and of two,
    sessions, notes, undos of one step or several, redos."""
    rng = random.Random(seed)
    campaign = new_campaign(path)
    for _ in range(commands):
        choice = rng.random()
        try:
            if choice < 0.35:
                campaign.execute(Add(rng.choice(("Ann", "Zeke")), rng.randint(0, 9)))
            elif choice < 0.5:
                campaign.execute(Roll("Ann", (rng.randint(1, 6), rng.randint(1, 6))))
            elif choice < 0.6:
                campaign.note("The sheriff rides out.", ["Zeke"])
            elif choice < 0.67:
                if campaign.in_session:
                    campaign.end_session()
                else:
                    campaign.start_session()
            elif choice < 0.85:
                campaign.undo(rng.choice((1, 1, 2, 3)))
            else:
                campaign.redo()
        except RuleError:
            pass  # nothing to undo or redo, a count too large: nothing was written
    return campaign


@pytest.mark.parametrize("seed", range(8))
def test_a_journal_folded_along_its_stack_is_the_one_built_event_by_event(
        tmp_path: Path, no_fsync: None, seed: int) -> None:
    # snapshots and the newest states every few steps, so that a short journal has many
    with mock.patch("gmscreen.journal.campaign.SNAPSHOT_EVERY", 3), \
            mock.patch("gmscreen.journal.campaign.RECENT_STATES", 4):
        live = written(tmp_path / f"j{seed}.toml", seed, 400)
        read: Campaign[Any] = Campaign(RULES, live.header, live.events)
    assert read.events == live.events
    assert read.history == live.history
    assert read._table == live._table
    # every state kept is the fold of the steps under it; reading keeps at least as many
    assert live._snapshots.keys() <= read._snapshots.keys()
    assert live._recent.keys() <= read._recent.keys()
    for kept in (read._snapshots, read._recent):
        for depth, table in kept.items():
            assert table == Campaign(RULES, live.header, read.history.events_of(
                read.history.stack[:depth]))._table
    live.close()
