"""What the fifth look noticed: a fight begun in fewer keys, a move closer that comes closer,
and the Judge's mistakes mended (undone, redone, or put right forward). Line numbers are
lines of the book's file; each test failed before its fix."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.fistful import fight_rules
from tests.fistful.game import posse, run
from tests.fistful.test_enter_through import CORA, ELI, JAKE, KIT, TOMAS, pressed
from tests.fistful.test_fit import sample
from tests.fistful.test_panes import judged
from tests.pilot import opened, synchronous, to_tab, until

# -- lines 122-124: a side goes into the fight together --------------------------------------


def test_the_sides_still_to_join_are_offered_whole():
    from gmscreen.games.fistful.commands import AddNpc, JoinFight
    state = posse()
    sides = fight_rules.joining_sides(state)
    assert sides[0] == ("the posse", ("Ann", "Bo"))
    # one of a side in the fight: the rest of it, while two or more are still out
    state = run(state, JoinFight("Ann", "Nearby"))
    assert all(label != "the posse" for label, _ in fight_rules.joining_sides(state))
    state = run(state, AddNpc("Pete", "Poor", side="Jake's gang"),
                AddNpc("Sam", "Poor", side="Jake's gang"))
    assert ("Jake's gang", ("Pete", "Sam")) in fight_rules.joining_sides(state)


@synchronous
async def test_the_whole_posse_joins_a_new_fight_by_j_tab_enter(tmp_path: Path) -> None:
    # it took j, Tab, Tab, space, down, space, Enter for three: who, then each ticked
    campaign = sample(tmp_path / "s")
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        await opened(pilot, "j")
        await pressed(pilot, "tab", "enter")
        assert [f.name for f in campaign.state.fight] == [CORA, ELI, TOMAS, KIT]
        assert {f.band for f in campaign.state.fight} == {"Nearby"}
        # the other side by its name, at a band: letters find the side's line
        await opened(pilot, "j")
        await pressed(pilot, "right", "tab", "gang", "enter")
        joined = {f.name: f.band for f in campaign.state.fight}
        assert joined[JAKE] == "Faraway" and len(joined) > 5
        # one alone is still one line down: letters go to the name before the side's line
        await opened(pilot, "j")
        await pressed(pilot, "tab", "old", "enter")
        assert campaign.state.fight[-1].name == "Old Grizzly"
    campaign.close()


# -- lines 76-83, 124: a move closer comes closer to the other side ---------------------------


def test_a_step_closer_that_brings_nobody_nearer_closes_on_a_foe():
    from gmscreen.games.fistful.commands import FlipInitiative, JoinFight
    tails = FlipInitiative("T")  # Jake's side acts first
    state = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Jake", "Nearby"), tails)
    # Jake to Close by his own band alone: still Nearby from Ann, so the step is a close-on
    assert fight_rules.closer_on(state, "Jake") == ("Ann",)
    assert fight_rules.why_not_closer(state, "Jake") is None
    # from Faraway, his own step brings him Nearby Ann: a plain step
    far = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Jake", "Faraway"))
    assert fight_rules.closer_on(far, "Jake") == ()
    # at Close already, with Ann a band off: the step closes on her (it was refused)
    close = run(posse(), JoinFight("Ann", "Nearby"), JoinFight("Jake", "Close"), tails)
    assert fight_rules.closer_on(close, "Jake") == ("Ann",)
    assert fight_rules.why_not_closer(close, "Jake") is None
    # both at Close: nowhere nearer
    both = run(posse(), JoinFight("Ann", "Close"), JoinFight("Jake", "Close"), tails)
    assert fight_rules.why_not_closer(both, "Jake") is not None


@synchronous
async def test_comma_on_an_npc_nearby_one_of_the_posse_brings_them_to_close(
        tmp_path: Path) -> None:
    # the NPC went to Close by its own band while the range to Cora stayed Nearby
    from gmscreen.games.fistful.commands import FlipInitiative, JoinFight
    campaign = sample(tmp_path / "s")
    campaign.execute(JoinFight(CORA, "Nearby"))
    campaign.execute(JoinFight(JAKE, "Nearby"))
    campaign.execute(FlipInitiative("T"))
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Fight")
        # tails: the highlight is on Jake, whose side goes first
        await pilot.press("comma")
        await until(pilot, lambda: campaign.state.fighter(JAKE).moved)  # type: ignore[union-attr]
        bands = {f.name: f.band for f in campaign.state.fight}
        assert bands == {CORA: "Close", JAKE: "Close"}
    campaign.close()
