"""The sample journals: they check clean, replay to the same state, and undo an attack
with the deck and the hands it spent."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.commands import Activate, Attack
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample


def test_the_samples_replay_and_check_clean(tmp_path: Path) -> None:
    for sample in SAMPLES:
        campaign = open_campaign(write_sample(sample, tmp_path), rules_for, writable=False)
        assert campaign.problems() == []
        assert campaign.state.battle is not None and campaign.state.battle.round == 1
        campaign.close()


def test_an_attack_is_undone_with_its_cards_and_hands(tmp_path: Path) -> None:
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for)
    state = campaign.state
    assert state.battle is not None
    player = state.battle.turn
    gang = state.gang(player)
    enemy = next(g for g in state.gangs if g.player != player)
    assert gang is not None
    shooter = gang.fighters[0].name
    campaign.execute(Activate(shooter))
    before = campaign.state
    campaign.execute(Attack(shooter, enemy.fighters[3].name, hand=True))
    assert campaign.state.hand(player) == ()
    assert campaign.state.deck != before.deck
    campaign.undo()
    assert campaign.state == before
    campaign.close()
    reopened = open_campaign(path, rules_for, writable=False)
    assert reopened.state == before
    reopened.close()
