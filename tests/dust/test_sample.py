"""The shipped sample: built from the commands, it opens, replays and checks clean."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.dust.sample import DEADLINE, FIFTEEN, SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.clocks import Clock
from gmscreen.samples import write_sample

SHIPPED = Path(__file__).resolve().parents[2] / "campaigns" / "dust-fifteen.toml"


def test_the_sample_builds_opens_replays_and_has_no_problems(tmp_path):
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for, writable=False)
    try:
        state = campaign.state
        assert campaign.problems() == []
        assert len(state.players) == 15 and state.phase == "day" and state.number == 1
        assert {p.name: [h.item for h in p.items] for p in state.players if p.items} == {
            "Calamity": ["Alcohol"], "[Doc] Holliday": ["Crowbar"], "Wyatt_E": ["Crucifix"]}
        assert sum(1 for p in state.players if state.is_scum(p.name)) == 3
        assert state.tally() == {"Whisperer": ["Calamity", "Marshal Bass"],
                                 "Calamity": ["Whisperer"]}
        assert {loc.name for loc in state.open_locations()} == {
            "The Hardware Store", "The School", "The Garage", "The Cafe"}
        # the day's deadline, shown to the table: two of its eight six-hour segments gone
        assert campaign.clocks == (Clock(DEADLINE, 8, filled=2, public=True),)
        assert [campaign.describe(e) for e in campaign.events if e.kind == "clock.ticked"] == [
            f"{DEADLINE} moves forward 1 segment: Calamity puts the first vote on Whisperer, "
            "silent so far (six hours gone)",
            f"{DEADLINE} moves forward 1 segment: Whisperer votes back, and the Marshal joins "
            "the wagon on him (twelve hours gone)"]
        replayed = campaign.replay(len(campaign.events))
        assert replayed.state == state
    finally:
        campaign.close()


def test_the_shipped_sample_is_the_one_the_commands_build():
    campaign = open_campaign(SHIPPED, rules_for, writable=False)
    try:
        assert campaign.problems() == []
        assert [p.name for p in campaign.state.players] == [name for name, _, _ in FIFTEEN]
        assert [(c.name, c.filled, c.public) for c in campaign.clocks] == [(DEADLINE, 2, True)]
    finally:
        campaign.close()
