"""Dead Man's Hand in a real journal: the samples, undo of an attack, replay, the log."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    GoAllIn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.sample import SAMPLES
from gmscreen.games.dead_mans_hand.state import MatchState, Phase
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from tests.dead_mans_hand import helpers


def new_campaign(path: Path) -> Campaign[MatchState]:
    return helpers.new_campaign(path, "Test", seed=5)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.file)
def test_each_sample_opens_replays_and_is_sound(sample, tmp_path: Path) -> None:
    path = write_sample(sample, tmp_path)
    campaign = open_campaign(path, rules_for)
    try:
        assert campaign.problems() == []
        assert campaign.state.phase is Phase.BUILDING
        assert len(campaign.state.red.models) >= 1 and len(campaign.state.black.models) >= 1
        replayed = campaign.replay(len(campaign.events))
        assert replayed.state == campaign.state
        assert all(campaign.describe(e) for e in campaign.events)
    finally:
        campaign.close()


CLOCKS = {
    "dead-mans-hand-showdown": ("The marshal rides for Red Gulch", 8, 1),
    "dead-mans-hand-take-that-bastard-down": ("Sundown: the gunman slips away", 6, 1),
    "dead-mans-hand-skirmish-on-the-plains": ("The relief column from the fort", 8, 2),
    "dead-mans-hand-hes-coming-right-for-us": ("The bear reaches the homesteads", 4, 1),
    "dead-mans-hand-duel-between-rivals": ("The sheriff comes to stop it", 4, 1),
    "dead-mans-hand-defend-the-wagon": ("The wagon's guards ride back", 6, 2),
    "dead-mans-hand-jailbreak": ("The jail's alarm wakes the town", 4, 1),
}


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.file)
def test_each_sample_starts_with_a_clock_that_fits_its_story(sample, tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(sample, tmp_path), rules_for)
    try:
        (clock,) = campaign.clocks
        assert (clock.name, clock.segments, clock.filled) == CLOCKS[sample.file]
        assert clock.public  # two players and no referee: both see it
        made, *ticks = [e for e in campaign.events if e.kind.startswith("clock.")]
        assert made.seq == 1 and len(ticks) == clock.filled
        assert all(campaign.describe(tick).endswith(".") for tick in ticks)
    finally:
        campaign.close()


def test_seven_samples_one_showdown_and_the_six_scenarios() -> None:
    assert [s.file for s in SAMPLES] == [
        "dead-mans-hand-showdown",
        "dead-mans-hand-take-that-bastard-down", "dead-mans-hand-skirmish-on-the-plains",
        "dead-mans-hand-hes-coming-right-for-us", "dead-mans-hand-duel-between-rivals",
        "dead-mans-hand-defend-the-wagon", "dead-mans-hand-jailbreak"]


def test_an_attack_undone_puts_the_cards_back(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "duel.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    campaign.execute(SetUpGame("2h"))
    campaign.execute(Deploy("Big Oaf"))
    campaign.execute(Deploy("Sly Shooter"))
    campaign.execute(UseModel("Big Oaf", Move.STILL))
    before = campaign.state
    before_seq = len(campaign.events)
    campaign.execute(MakeAttack("Sly Shooter", "pistol", 50, ("Kh", "3c")))
    campaign.execute(GoAllIn("9d"))
    campaign.execute(PlayResult("Kh"))
    assert campaign.state.phase is Phase.AFTER_GAME
    assert "Kh" not in campaign.state.pack.pile
    campaign.undo_to(before_seq)
    assert campaign.state == before
    assert "Kh" in campaign.state.pack.pile and len(campaign.state.pack.pile) == 53
    campaign.close()
    reopened = open_campaign(tmp_path / "duel.toml", rules_for)
    assert reopened.state == before
    reopened.close()


def test_the_log_reads_like_the_table(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "log.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    campaign.execute(SetUpGame("2h"))
    campaign.execute(Deploy("Big Oaf"))
    campaign.execute(Deploy("Sly Shooter"))
    campaign.execute(UseModel("Big Oaf", Move.STILL))
    campaign.execute(MakeAttack("Sly Shooter", "pistol", 50, ("Th", "3c")))
    campaign.execute(PlayResult("Th"))
    lines = [campaign.describe(e) for e in campaign.events]
    assert lines[0] == ('The scenario is "Duel between Rivals": brawn against brains, one on '
                        "one in the main street.")
    assert lines[3] == ("Big Oaf joins the red posse: value 9, 3 hits, Pistol, Big Blade, "
                        "Brawling.")
    assert "Game 1: the card is 2♥, so red places first and acts first." in lines
    assert "Big Oaf stands still." in lines
    assert ("Big Oaf attacks Sly Shooter with Pistol at 50 yards (Long Shot range), power 2: "
            "10♥ 3♣.") in lines
    assert "Big Oaf plays 10♥: Sly Shooter takes a last hit and goes down on 10♥." in lines
    assert lines[-1] == "Game 1 goes to The Oaf (red), the only posse left on the table."
    assert campaign.subjects(campaign.events[-3]) == {"Big Oaf", "Sly Shooter"}
    for command in (SetUpGame("5d"), Deploy("Big Oaf"), Deploy("Sly Shooter"),
                    UseModel("Big Oaf", Move.STILL),
                    MakeAttack("Sly Shooter", "pistol", 10, ("2c", "3c")), GoAllIn("4c")):
        campaign.execute(command)
    assert campaign.describe(campaign.events[-1]) == "Big Oaf goes all in: 4♣."
    campaign.close()
