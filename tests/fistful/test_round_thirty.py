"""Round 30: what round 29 left on paper. A reaction rolled for an NPC whose outlook the
Judge set ahead (line 265: the table is for one with none) says it replaces it, and the
keys ask first."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful import RULES
from gmscreen.games.fistful import commands as c
from gmscreen.ui.confirm import Confirm
from tests.fistful.game import posse, run, said
from tests.fistful.test_fit import sample
from tests.fistful.test_panes import on_the_conflict_tab
from tests.pilot import fill, synchronous, until

SUSPICIOUS = c.EditSheet("Jake", "", "", "", "", (), outlook=7)


def test_a_reaction_rolled_over_the_judges_outlook_says_it_replaces_it() -> None:
    state = run(posse(), SUSPICIOUS)
    [event] = RULES.decide(state, c.RollReaction((2, 1), name="Jake"))
    assert event.data["replaces"] == 7
    assert said(event) == ("Jake's reaction 3: Helpful: offers help, supplies or advice. "
                           "It replaces the outlook the Judge set (Suspicious).")
    # one rolled before is no outlook set: the new roll says nothing of it
    rolled = run(posse(), c.RollReaction((3, 4), name="Jake"))
    [again] = RULES.decide(rolled, c.RollReaction((2, 1), name="Jake"))
    assert again.data.get("replaces", 0) == 0
    assert "replaces" not in said(again)
    # a stranger's reaction leaves Jake's set outlook be
    [stranger] = RULES.decide(state, c.RollReaction((2, 1)))
    assert stranger.data.get("replaces", 0) == 0
    assert run(state, c.RollReaction((2, 1))).character("Jake") == state.character("Jake")


@synchronous
async def test_x_asks_before_a_roll_replaces_the_outlook_the_judge_set(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path / "s")
    campaign.execute(c.EditSheet("Deputy Hal", "", "", "", "", (), outlook=9))
    async with on_the_conflict_tab(campaign) as (pilot, pane):
        while (pane.current() or pane).name != "Deputy Hal":
            await pilot.press("p")
            await pilot.pause()
        before = len(campaign.events)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(pilot.app.screen, Confirm))
        assert "Deputy Hal's outlook ahead: Calls for reinforcements" in str(
            pilot.app.screen.question)  # type: ignore[attr-defined]
        await pilot.press("n")  # kept as set: nothing rolled, nothing saved
        await pilot.pause()
        assert len(campaign.events) == before
        hal = campaign.state.character("Deputy Hal")
        assert hal is not None and (hal.outlook, hal.outlook_set) == (9, True)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(pilot.app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: len(campaign.events) > before)
        assert campaign.events[-1].data["replaces"] == 9
        assert "It replaces the outlook the Judge set (Calls for reinforcements)." in (
            campaign.describe(campaign.events[-1]))
        hal = campaign.state.character("Deputy Hal")
        assert hal is not None and not hal.outlook_set
        # the typed roll asks too, once the form names him
        campaign.execute(c.EditSheet("Deputy Hal", "", "", "", "", (), outlook=4))
        await pilot.pause()
        steps = len(campaign.events)
        await pilot.press("R")
        await fill(pilot, name="Deputy Hal", dice="3 3")
        await until(pilot, lambda: isinstance(pilot.app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: len(campaign.events) > steps)
        assert campaign.events[-1].data["replaces"] == 4
        # one undo brings the Judge's outlook back
        campaign.undo()
        hal = campaign.state.character("Deputy Hal")
        assert hal is not None and (hal.outlook, hal.outlook_set) == (4, True)
    campaign.close()
