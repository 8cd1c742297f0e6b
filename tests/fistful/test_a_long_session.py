"""Stop 62: where rules meet in a long session, read by a reader who had not built the
engine (docs/rules/fistful.md, "Where rules meet (stop 62)"). Each test failed before
its fix."""

from __future__ import annotations

import pytest

from gmscreen.games.fistful import RULES, wanted_rules
from gmscreen.games.fistful import commands as c
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.rules import problems
from tests.fistful.game import apply, posse, refused, run, said, sheet, told


def test_one_ridden_off_at_six_stress_pays_no_bounty() -> None:
    """Lines 87 and 163: at 6 Stress a character leaves play; the posse pays its bounty.
    Bo rode off with $200 of his own: the Pay form put him first and his $50 paid off 5
    o'clock, though a share or a purchase of his was refused for the same reason."""
    state = sheet(posse(clock=5), "Bo", stress=6, dollars=200, start_purse=0)
    state = sheet(state, "Ann", dollars=60, start_purse=0)
    assert "Bo" not in wanted_rules.suggested_shares(state)
    assert [x.name for x in wanted_rules.bounty_payers(state)] == ["Ann"]
    error = refused(state, c.PayBounty("Bo"), "Paying the bounty")
    assert "has left play" in error.message and "Hand over" in error.message
    assert said(RULES.decide(state, c.PayBounty("Ann"))[0]).endswith("paid: Ann pays $50")
    alone = sheet(state, "Ann", dollars=0)
    refusal = wanted_rules.why_not_pay(alone)
    assert refusal is not None and "$0" in refusal.message


@pytest.mark.parametrize(("name", "change", "rule"), [
    ("Bo", {"dead": True, "guts": 0}, "Out of action"),
    ("Ann", {"stress": 6}, "Stress"),
    ("Jake", {}, "Doing time")])
def test_time_is_done_by_one_of_the_posse_alive_and_in_play(
        name: str, change: dict[str, object], rule: str) -> None:
    """Line 165: a member of the posse does time. The dead, one ridden off at 6 Stress,
    and an NPC (whose taking the fall is a cunning deal, line 167) each took hours off."""
    state = run(posse(clock=5), c.Crime(3, "robbed the Wells Fargo"))
    state = sheet(state, name, **change)
    refused(state, c.DoTime(name, 4, ""), rule)
    assert state.clock == 8
    living = next(x.name for x in state.posse_in_play)
    assert run(state, c.DoTime(living, 4, "")).clock == 4


def test_grit_raised_moves_what_a_grown_very_large_item_reaches() -> None:
    """Lines 136 and 245: a very large item takes half of all slots, so it grows as Grit
    rises. Bo's barrel (Grit 18: slots 6 to 14) grew into his lantern's slot 15 with
    Grit 19, and nothing moved it: the sheet broke the slot rules, `check` flagged the
    journal, and every purchase after was refused for a clash the player never made."""
    state = sheet(posse(), "Bo", grit=18, guts=9, xp=4, advancement_dice=4, dollars=50,
                  equipment=(Item("Water barrel", 6, "very large"), Item("Lantern", 15)))
    made = RULES.decide(state, c.Advance("Bo", "grit", (6, 6, 6, 1)))
    assert said(made[0]).endswith("; Lantern moved from slot 15 to 19")
    after = apply(state, made)
    bo = after.character("Bo")
    assert bo is not None and bo.grit == 19
    assert [(i.name, i.slot) for i in bo.equipment] == [("Water barrel", 6), ("Lantern", 19)]
    assert problems(after) == []
    apply(after, RULES.decide(after, c.Buy("Bo", Item("Box of candles", 3), "Incidental", ())))
    # a Grit test that fails moves nothing
    kept = RULES.decide(state, c.Advance("Bo", "grit", (1, 1, 1, 1)))
    assert not told(kept[0]).refit and "moved" not in said(kept[0])


def test_a_wager_won_from_one_of_the_posse_earns_no_xp_and_keeps_starting_money() -> None:
    """Lines 72, 136, 321: Bo's $50, all starting money, lost to Ann in a wager became hers
    to pay the bounty with, and counted in her take for XP: Dollars handed over keep their
    kind and earn none, and two players trading wagers earned XP without end."""
    state = sheet(posse(clock=5), "Bo", dollars=50, start_purse=50)
    state = sheet(state, "Ann", dollars=0, start_purse=0, take=0)
    refusal = wanted_rules.why_not_pay(state)
    assert refusal is not None
    won = run(state, c.LoseWealth("Bo", "Ann", "lost at faro"))
    ann = won.character("Ann")
    assert ann is not None and (ann.dollars, ann.start_purse, ann.take) == (50, 50, 0)
    assert wanted_rules.why_not_pay(won) is not None  # still starting money
    # won from an NPC, it is winnings as before
    jake = sheet(state, "Jake", dollars=30)
    ann = run(jake, c.LoseWealth("Jake", "Ann", "lost at faro")).character("Ann")
    assert ann is not None and (ann.dollars, ann.start_purse, ann.take) == (30, 0, 30)
