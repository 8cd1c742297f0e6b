"""The shipped sample: built from the commands, it opens, replays and checks clean."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.fistful.sample import CLAIM, POSSE, SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.clocks import Clock
from gmscreen.samples import write_sample
from gmscreen.ui.players import clocks_the_table_sees

SHIPPED = Path(__file__).resolve().parents[2] / "campaigns" / "fistful-dalton-boys.toml"


def test_the_sample_builds_replays_and_has_no_problems(tmp_path):
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for, writable=False)
    try:
        state = campaign.state
        assert campaign.problems() == []
        assert state.clock == 3 and state.posse == "The Dalton Boys"
        assert [c.name for c in state.posse_members] == [p[0] for p in POSSE]
        assert {c.rank for c in state.npcs} == {"Poor", "Common", "Ornery", "Infamous",
                                                "Creature"}
        # the clock's moves say why, and the crime links to the shot that caused it
        crime, paid = state.clock_moves
        shot = campaign.events[crime.cause - 1] if crime.cause else None
        assert shot is not None and shot.kind == "fistful.opposed_test_rolled"
        assert (crime.before, crime.after, paid.after) == (3, 4, 3) and paid.how == "paid"
        # the Judge's own clock, moved twice in the story, kept from the table
        assert campaign.clocks == (Clock(CLAIM, 8, 2, public=False),)
        assert [f.name for f in clocks_the_table_sees(campaign)] == ["Wanted Clock"]
        assert [e.data["text"] for e in campaign.notes_about("Cora Dalton")] == [
            "Her husband's deed to the land is in the Dodge City bank's vault; the railroad "
            "wants it burned."]
        jake = state.character("Rattlesnake Jake")
        assert jake is not None and jake.guts == 4  # 3 dice and the revolver's 2, Nearby
        assert campaign.replay(len(campaign.events)).state == state
    finally:
        campaign.close()


def test_the_posse_starts_with_no_gear_and_buys_it_from_the_purse(tmp_path):
    # lines 311-321: starting gear is bought with the starting dollars, before play
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for, writable=False)
    try:
        before_play = [e for e in campaign.events if e.session == 0]
        created = [e for e in before_play if e.kind == "fistful.character_created"]
        assert [e.data["character"]["name"] for e in created] == [p[0] for p in POSSE]
        assert all(not e.data["character"].get("equipment") for e in created)
        bought = [e for e in before_play if e.kind == "fistful.bought"]
        state = campaign.replay(before_play[-1].seq).state
        for event in created:
            name, purse = event.data["character"]["name"], event.data["character"]["dollars"]
            theirs = [e for e in bought if e.data["name"] == name]
            sheet = state.character(name)
            assert theirs and sheet is not None
            assert [i.name for i in sheet.equipment] == [e.data["item"] for e in theirs]
            assert sheet.dollars == purse - sum(e.data["cost"] for e in theirs)
    finally:
        campaign.close()


def test_the_shipped_sample_is_the_one_the_commands_build(tmp_path):
    built = write_sample(SAMPLES[0], tmp_path)
    ours = open_campaign(built, rules_for, writable=False)
    shipped = open_campaign(SHIPPED, rules_for, writable=False)
    try:
        assert shipped.state == ours.state
    finally:
        ours.close()
        shipped.close()


def test_the_engine_imports_without_textual():
    import subprocess
    import sys

    code = "import sys, gmscreen.games.fistful; assert 'textual' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
