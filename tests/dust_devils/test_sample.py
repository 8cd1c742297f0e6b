"""The shipped sample, The Hanged Man: built from the commands, it replays to the same
state, checks clean, is the file in campaigns/, and shows the Road to Hell."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.dust_devils.sample import CLARA, JIM, SAMPLES, TRUTH, ZEKE
from gmscreen.games.dust_devils.sheet import Attribute
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample

SHIPPED = Path(__file__).resolve().parents[2] / "campaigns" / "the-hanged-man.toml"


def test_the_sample_replays_and_shows_the_road_to_hell(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for, writable=False)
    try:
        state = campaign.state
        assert campaign.problems() == []
        assert campaign.replay(len(campaign.events)).state == state
        clara = state.character(CLARA.name)
        assert clara is not None and clara.fate == "moves on" and not clara.in_play
        assert clara.value(Attribute.GUTS) == 0
        # her last conflict: she entered at 0 and narrated, as the book has it
        mayor = next(r for r in state.past if r.title == "Clara at the mayor's door")
        assert CLARA.name in mayor.outcome.split("; ")[1]
        kinds = [e.kind for e in campaign.events]
        assert kinds.index("dust_devils.fate_recorded") < len(kinds) - 1
        conflict = state.conflict
        assert conflict is not None and conflict.phase == "draw"
        zeke = conflict.participant(ZEKE.name)
        assert zeke is not None and zeke.knack == "Wrestlin'"
    finally:
        campaign.close()


def test_the_shipped_sample_is_the_one_the_commands_build(tmp_path: Path) -> None:
    ours = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for, writable=False)
    shipped = open_campaign(SHIPPED, rules_for, writable=False)
    try:
        assert shipped.state == ours.state
    finally:
        ours.close()
        shipped.close()


def test_the_sample_keeps_a_clock_on_the_truth_about_jim(tmp_path: Path) -> None:
    for path in (write_sample(SAMPLES[0], tmp_path), SHIPPED):
        campaign = open_campaign(path, rules_for, writable=False)
        try:
            (clock,) = campaign.clocks
            assert (clock.name, clock.segments, clock.filled, clock.public) == (
                TRUTH, 6, 2, True)
            made = next(e for e in campaign.events if e.kind == "clock.made")
            assert "wrong man" in campaign.describe(made) or "not Gentleman Jim" in \
                campaign.describe(made)
            ticks = [e for e in campaign.events if e.kind == "clock.ticked"]
            # each tick follows the conflict that gives it its reason
            assert [campaign.events[e.seq - 2].data.get("title") for e in ticks] == [
                "Whose body is on the gallows?", "Clara at the mayor's door"]
            assert [e.data["text"] for e in campaign.notes_about(JIM.name)] == [
                "Jim rides into Last Oak and finds a man hanging under his own name."]
        finally:
            campaign.close()
