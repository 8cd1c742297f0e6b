"""Round 34: an evening with round 33's defaults played together. The enemy an attack
offers as the one its model attacked last follows a name set right (Rename, a slip mended
forward, may come between the attack and the next): the enemy attacked is offered under
its new name, a shooter renamed still finds its last target, and a name freed by a rename
and given to another enemy never makes that other the one attacked last."""

from __future__ import annotations

import random
from pathlib import Path

from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    EndActivation,
    Rename,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.games.devils_bluff.turns import activatable
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.test_round_thirty_three import done, last, one_off
from tests.pilot import form_up, synchronous, to_tab, until


def shot_at_then_next_round(campaign: Campaign[DevilsBluffState], enemy: str) -> str:
    """The first ready model attacks `enemy` and ends; the round is played out and the
    next begun; the model is activated again. Its name."""
    shooter = activatable(campaign.state)[0]
    campaign.execute(Activate(shooter))
    campaign.execute(Attack(shooter, enemy))
    campaign.execute(EndActivation(shooter))
    while activatable(campaign.state):
        done(campaign, activatable(campaign.state)[0])
    campaign.execute(StartRound(shuffle_order(random.Random(3))))
    while shooter not in activatable(campaign.state):
        done(campaign, activatable(campaign.state)[0])
    campaign.execute(Activate(shooter))
    return shooter


async def offered(campaign: Campaign[DevilsBluffState]) -> str:
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("f")
        form = await form_up(pilot)
        target = form.values().text("target")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    return target


@synchronous
async def test_the_enemy_attacked_last_is_offered_under_its_name_set_right(
        tmp_path: Path) -> None:
    """Kit Rourke, shot at last round, is renamed Kit Rourk: f offers Kit Rourk, not the
    first enemy on the roster."""
    campaign = one_off(tmp_path)
    shot_at_then_next_round(campaign, "Kit Rourke")
    campaign.execute(Rename("Kit Rourke", "Kit Rourk"))
    assert await offered(campaign) == "Kit Rourk"
    campaign.close()


@synchronous
async def test_a_shooter_renamed_still_finds_the_enemy_it_attacked_last(
        tmp_path: Path) -> None:
    campaign = one_off(tmp_path)
    shooter = shot_at_then_next_round(campaign, "Kit Rourke")
    campaign.execute(Rename(shooter, f"{shooter} Jr"))
    assert await offered(campaign) == "Kit Rourke"
    campaign.close()


@synchronous
async def test_a_name_freed_and_given_to_another_enemy_is_not_offered(
        tmp_path: Path) -> None:
    """Kit Rourke renamed Kit Rourk, and Lefty then given the name Kit Rourke: the enemy
    attacked last is Kit Rourk; Lefty, never shot at, is not offered as it."""
    campaign = one_off(tmp_path)
    shot_at_then_next_round(campaign, "Kit Rourke")
    campaign.execute(Rename("Kit Rourke", "Kit Rourk"))
    campaign.execute(Rename("Lefty", "Kit Rourke"))
    assert await offered(campaign) == "Kit Rourk"
    campaign.close()


@synchronous
async def test_the_score_form_offers_the_player_whose_model_just_acted(
        tmp_path: Path) -> None:
    """A model's second action (an Interact with an objective, say) ends its activation and
    passes the turn at once: the Score form, opened then, offered the other player, whose
    model had done nothing yet, and s, the objective, Enter gave them the point. It offers
    the player whose activation just ended; once the next model is activated, its player;
    before any has acted this round, the player whose turn it is."""
    campaign = one_off(tmp_path)
    state = campaign.state
    assert state.battle is not None
    first = state.battle.turn
    model = activatable(state)[0]
    done(campaign, model)
    assert campaign.state.battle is not None
    other = campaign.state.battle.turn
    assert other != first
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("s")
        form = await form_up(pilot)
        assert form.values().text("player") == first
        await pilot.press(*"the well", "enter")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        event = last(campaign)
        assert event.kind == "devils_bluff.scored", event
        assert (event.data["player"], event.data["points"]) == (first, 1)
        # the next model activated: its player is offered
        campaign.execute(Activate(activatable(campaign.state)[0]))
        await pilot.pause()
        await pilot.press("s")
        form = await form_up(pilot)
        assert form.values().text("player") == other
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    campaign.close()
