"""The shipped sample: built from the commands, it opens, replays and checks clean."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.dust.sample import DEADLINE, EVENING, FIFTEEN, SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.clocks import Clock
from gmscreen.samples import write_sample
from gmscreen.ui.players import clocks_the_table_sees

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
        # the day's deadline, the game's own (it goes with its day), shown to the table:
        # two of its eight six-hour segments gone; the moderator's own clock is his alone
        assert (state.deadline, state.deadline_gone) == (8, 2)
        assert campaign.clocks == (Clock(EVENING, 4, filled=1, public=False),)
        assert [(f.name, f.segments, f.filled) for f in clocks_the_table_sees(campaign)] == [
            (DEADLINE, 8, 2)]
        assert [campaign.describe(e) for e in campaign.events
                if e.kind == "dust.deadline_ticked"] == [
            "The Day 1 deadline moves forward 1 segment: Calamity puts the first vote on "
            "Whisperer, silent so far (six hours gone)",
            "The Day 1 deadline moves forward 1 segment: Whisperer votes back, and the Marshal "
            "joins the wagon on him (twelve hours gone)"]
        replayed = campaign.replay(len(campaign.events))
        assert replayed.state == state
    finally:
        campaign.close()


def test_the_shipped_sample_is_the_one_the_commands_build():
    campaign = open_campaign(SHIPPED, rules_for, writable=False)
    try:
        assert campaign.problems() == []
        assert [p.name for p in campaign.state.players] == [name for name, _, _ in FIFTEEN]
        assert [(f.name, f.filled) for f in clocks_the_table_sees(campaign)] == [(DEADLINE, 2)]
    finally:
        campaign.close()
