"""Open Fire's Leaving Assault Range: an enemy within 1" attacks a model moving away, free,
before the move. A model that had fought an enemy up close (neither moved since) advanced
by v, the Advance's own key, and the move was made with no free attack and no word: only l
opened the leave form. Now v or u on such a model opens that form, those enemies ticked;
nothing ticked, it moves as usual (the table says it stays within 1")."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.commands import Activate, Attack, EndActivation
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.games.devils_bluff.turns import fought_up_close
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.pilot import form_up, synchronous, to_tab, until


def jesse_up_close(tmp_path: Path) -> Campaign[DevilsBluffState]:
    """The one-off: Jesse Hendry, activating, has fought Deputy Ames up close (a miss, the
    table's own card), an action left."""
    sample = next(s for s in SAMPLES if "one-off" in s.file)
    campaign: Campaign[DevilsBluffState] = open_campaign(write_sample(sample, tmp_path),
                                                         rules_for)
    battle = campaign.state.battle
    assert battle is not None
    if battle.turn != HENDRY:
        gang = campaign.state.gang(COLE)
        assert gang is not None
        first = next(f.name for f in gang.fighters if f.ready)
        campaign.execute(Activate(first))
        campaign.execute(EndActivation(first))
    campaign.execute(Activate("Jesse Hendry"))
    campaign.execute(Attack("Jesse Hendry", "Deputy Ames", assault_range=True, typed="2c"))
    assert fought_up_close(campaign.state, "Jesse Hendry") == ("Deputy Ames",)
    return campaign


@pytest.mark.parametrize(("key", "move"), [("v", "Advance"), ("u", "Rush")])
@synchronous
async def test_a_move_key_from_an_enemy_fought_up_close_opens_the_leave_form(
        tmp_path: Path, key: str, move: str) -> None:
    campaign = jesse_up_close(tmp_path)
    count = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press(key)
        form = await form_up(pilot)
        assert form.title_text == "Jesse Hendry leaves assault range of:"
        assert form.values().text("action") == move
        ticked = [f.label for f in form.fields
                  if f.key.startswith("leaving") and form.values().flag(f.key)]
        assert ticked == ["Deputy Ames"]
        assert len(campaign.events) == count  # nothing moved before the table says
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    leaving = next(e for e in reversed(campaign.events)
                   if e.kind != "devils_bluff.activation_ended")
    assert leaving.kind == "devils_bluff.leaving_assault_range", leaving.kind
    assert leaving.data["attackers"] == ["Deputy Ames"]
    assert leaving.data["action"] == move
    campaign.close()


@synchronous
async def test_nothing_ticked_it_moves_as_usual(tmp_path: Path) -> None:
    campaign = jesse_up_close(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("v")
        form = await form_up(pilot)
        form.set_value(next(f.key for f in form.fields if f.label == "Deputy Ames"), False)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    moved = next(e for e in reversed(campaign.events) if e.kind != "devils_bluff.activation_ended")
    assert moved.kind == "devils_bluff.moved", moved.kind
    assert str(moved.data["line"]).startswith("Jesse Hendry advances up to")
    campaign.close()
