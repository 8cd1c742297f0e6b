"""Journals written before a change keep opening: the samples as shipped at cb5e155 (kept in
tests/fixtures) open, fold, describe every event and report no problem, whatever the games'
payloads have become since."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.journal.campaign import open_campaign

OLD = Path(__file__).resolve().parent.parent / "fixtures" / "samples-cb5e155"


@pytest.mark.parametrize("sample", sorted(p.name for p in OLD.glob("*.toml")))
def test_an_old_sample_opens_and_reads_as_before(sample: str, tmp_path: Path) -> None:
    path = tmp_path / sample
    shutil.copy(OLD / sample, path)
    before = path.read_bytes()
    campaign = open_campaign(path, rules_for, writable=False, cache=False)
    try:
        assert campaign.events, "the old sample has events"
        for event in campaign.events:
            line = campaign.describe(event)
            assert line.strip(), f"event {event.seq} reads as nothing"
            campaign.subjects(event)
        assert campaign.problems() == []
    finally:
        campaign.close()
    assert path.read_bytes() == before
