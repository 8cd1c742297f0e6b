"""A journal whose structure is sound but one value is damaged opens read only up to the
event the game cannot apply, names it by seq, line and field, and changes nothing; check
reports it (exit 1), the log and replay still work (never a traceback)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalStore, new_header
from tests.high_card import RULES
from tests.high_card.commands import Ante, Seat


def damaged_table(folder: Path) -> Path:
    path = folder / "saloon.toml"
    store = JournalStore.create(path, new_header("high-card", "Saloon", 3))
    table = Campaign.load(RULES, store.load(), store)
    table.execute(Seat("Zeke", 10))
    table.execute(Seat("Ma", 10))
    table.execute(Ante("Ma", 2))
    table.close()
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('name = "Ma", chips = 10', 'name = "Ma", chips = "ten"'),
                    encoding="utf-8")
    return path


def test_a_damaged_value_opens_read_only_up_to_it(tmp_path: Path) -> None:
    path = damaged_table(tmp_path)
    before = path.read_bytes()
    campaign = open_campaign(path, lambda game: RULES, cache=False)
    assert [p.name for p in campaign.state.players] == ["Zeke"]
    assert campaign.damaged is not None and campaign.damaged.seq == 2
    reason = campaign.read_only_reason or ""
    assert reason.startswith("event 2 (high_card.player_seated) cannot be applied: chips "
                             "should be a whole number")
    assert "(line " in reason and "2 events left out" in reason
    assert campaign.problems()[0] == reason
    with pytest.raises(RuleError, match="nothing was saved"):
        campaign.note("Can I write?")
    campaign.close()
    assert path.read_bytes() == before
