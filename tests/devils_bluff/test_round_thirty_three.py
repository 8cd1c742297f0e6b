"""Round 33: the fewest keys. The steps a Dealer takes round after round, counted from the
Conflict tab at rest, and cut where the rules leave nothing to choose or the usual answer
was typed again: the last model of a turn is activated by a alone (digest 2.2, 83-84), an
attack offers the enemy its model attacked last (Hail of Fire's free attacks, module 147),
and the Score form opens on what is scored (digest 2.1, 78)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.commands import Activate, Attack, EndActivation, StartRound
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.games.devils_bluff.turns import activatable
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import defence_drawn
from tests.pilot import form_up, screen_text, synchronous, to_tab, until

ONE_OFF = SAMPLES[0]


def one_off(path: Path) -> Campaign[DevilsBluffState]:
    return open_campaign(write_sample(ONE_OFF, path), rules_for)


def done(campaign: Campaign[DevilsBluffState], name: str) -> None:
    campaign.execute(Activate(name))
    campaign.execute(EndActivation(name))


def last(campaign: Campaign[Any]) -> Any:
    return campaign.events[-1]


@synchronous
async def test_the_last_model_of_a_turn_is_activated_by_a_alone(tmp_path: Path) -> None:
    """With one model left to activate, a activates it: the list of one, which asked
    Enter as well, is not opened. With two or more the list still asks which."""
    (tmp_path / "list").mkdir()
    listed = one_off(tmp_path / "list")
    app = GmScreenApp(listed)
    async with app.run_test(size=(80, 24)) as pilot:
        # with more than one ready the list still asks which
        await to_tab(pilot, "Conflict")
        await pilot.press("a")
        form = await form_up(pilot)
        assert "activate which model" in form.title_text
        await pilot.press("escape")
    listed.close()
    campaign = one_off(tmp_path)
    while len(activatable(campaign.state)) != 1:
        done(campaign, activatable(campaign.state)[0])
    (only,) = activatable(campaign.state)
    before = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("a")
        await until(pilot, lambda: last(campaign).kind == "devils_bluff.activated")
        assert not isinstance(app.screen, Form)
        assert last(campaign).data["fighter"] == only
        assert len(campaign.events) == before + 1
        await until(pilot, lambda: f"{only} is activating" in screen_text(app))
        # undone, the model is ready again
        await pilot.press("ctrl+z")
        await until(pilot, lambda: only in activatable(campaign.state))
    campaign.close()


@synchronous
async def test_an_attack_offers_the_enemy_its_model_attacked_last(tmp_path: Path) -> None:
    """The cursor stays on the model acting, so the Target started on the first enemy at
    every attack: a model that shot Kit Rourke last round is offered Kit Rourke again
    (f then Enter); an enemy highlighted on the tab still comes first."""
    campaign = one_off(tmp_path)
    state = campaign.state
    assert state.battle is not None
    shooter = activatable(state)[0]
    campaign.execute(Activate(shooter))
    campaign.execute(Attack(shooter, "Kit Rourke"))
    campaign.execute(EndActivation(shooter))
    while activatable(campaign.state):
        done(campaign, activatable(campaign.state)[0])
    campaign.execute(StartRound(shuffle_order(random.Random(3))))
    while shooter not in activatable(campaign.state):
        done(campaign, activatable(campaign.state)[0])
    campaign.execute(Activate(shooter))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("f")
        form = await form_up(pilot)
        assert form.values().text("target") == "Kit Rourke"
        await pilot.press("enter")
        await defence_drawn(pilot)
    event = last(campaign)
    assert event.kind == "devils_bluff.attacked"
    assert (event.data["fighter"], event.data["target"]) == (shooter, "Kit Rourke")
    campaign.close()


@synchronous
async def test_the_score_form_opens_on_what_is_scored(tmp_path: Path) -> None:
    """s, the objective typed, Enter: the player whose turn it is scores 1 point for it.
    The form opened on the Player, so the objective was two Tabs away."""
    campaign = one_off(tmp_path)
    assert campaign.state.battle is not None
    turn = campaign.state.battle.turn
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("s")
        form = await form_up(pilot)
        assert form.focused is form.widget_of("reason")
        await pilot.press(*"the well", "enter")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    event = last(campaign)
    assert event.kind == "devils_bluff.scored", event
    assert (event.data["player"], event.data["points"], event.data["reason"]) == (
        turn, 1, "the well")
    campaign.close()
