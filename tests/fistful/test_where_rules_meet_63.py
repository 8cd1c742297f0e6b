"""Stop 63: where rules meet, found by a Judge driving the app (docs/rules/fistful.md,
"Where rules meet (stop 63)"). Each test failed before its fix."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.fistful import RULES, wanted_rules
from gmscreen.games.fistful import commands as c
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.panes.conflict import ConflictPane
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.campaign import open_campaign
from tests.fistful.game import apply, posse, refused, run, said, sheet
from tests.fistful.test_panes import judged, sample, text_of
from tests.pilot import synchronous, to_tab, until

REVOLVER = Item("Revolver", 1, quickdraw=True)
SHIPPED = Path(__file__).resolve().parents[2] / "campaigns" / "fistful-dalton-boys.toml"


def purse(state: FistfulState, name: str) -> tuple[int, int]:
    """`name`'s Dollars and the starting money among them."""
    found = state.character(name)
    assert found is not None
    return found.dollars, found.start_purse


@pytest.mark.parametrize(("used", "back"), [(False, (92, 92)), (True, (62, 62))])
def test_starting_money_spent_in_the_store_comes_back_as_starting_money(
        used: bool, back: tuple[int, int]) -> None:
    """Lines 203, 319-321: Tomas's $92 was all starting money; a Revolver bought for $60 of
    it and sold again (as new for $60, used for $30) gave back money that paid off the
    Wanted Clock, though the book keeps starting money from the bounty."""
    state = sheet(posse(clock=5), "Ann", dollars=92, start_purse=92)
    state = sheet(state, "Bo", dollars=0, start_purse=0)
    bought = run(state, c.Buy("Ann", REVOLVER, "Boutique", (6, 6)))
    assert purse(bought, "Ann") == (32, 32)
    made = RULES.decide(bought, c.Sell("Ann", "Revolver", "Boutique", (6, 6), used=used))
    assert "(starting money, which cannot pay the bounty)" in said(made[0])
    sold = apply(bought, made)
    assert purse(sold, "Ann") == back
    refused(sold, c.PayBounty("Ann"), "Paying the bounty")
    assert wanted_rules.why_not_pay(sold) is not None


def test_a_sale_gives_back_the_starting_money_of_the_price_first() -> None:
    """A price paid partly with starting money: a sale for less gives back the starting
    money first, the rest is money that may pay the bounty."""
    state = sheet(posse(clock=5), "Ann", dollars=100, start_purse=20)
    bought = run(state, c.Buy("Ann", REVOLVER, "Boutique", (6, 6)))
    assert purse(bought, "Ann") == (40, 0)
    made = RULES.decide(bought, c.Sell("Ann", "Revolver", "Boutique", (6, 6)))
    assert said(made[0]).startswith(
        "Ann sells Revolver (dice 6 6, used: half of $60) for $30 ($20 of it starting "
        "money, which cannot pay the bounty)")
    assert purse(apply(bought, made), "Ann") == (70, 20)
    # bought with takings alone, it sells for money good for the bounty, as before
    takings = run(sheet(state, "Ann", start_purse=0), c.Buy("Ann", REVOLVER, "Boutique",
                                                           (6, 6)),
                  c.Sell("Ann", "Revolver", "Boutique", (6, 6)))
    assert purse(takings, "Ann") == (70, 0)


def test_starting_money_stays_in_an_item_handed_over_or_in_a_stack() -> None:
    """Handed to a friend who sells it, the Revolver's starting money stays so; one box of
    a stack carries its share (rounded up), the sheet typed anew keeps what each line
    held, and a box used up takes its share with it."""
    state = sheet(posse(clock=5), "Ann", dollars=92, start_purse=92)
    state = sheet(state, "Bo", dollars=0, start_purse=0)
    state = run(state, c.Buy("Ann", REVOLVER, "Boutique", (6, 6)),
                c.HandOver("Ann", "Bo", 0, "Revolver"),
                c.Sell("Bo", "Revolver", "Boutique", (6, 6), used=False))
    assert purse(state, "Bo") == (60, 60)
    boxes = Item("Box of shells", 2, count=3)
    state = run(state, c.Buy("Ann", boxes, "Common", (2, 2, 1)))
    assert purse(state, "Ann") == (27, 27)
    ann = state.character("Ann")
    assert ann is not None
    state = run(state, c.EditSheet("Ann", ann.background, ann.gender, ann.hometown,
                                   "mended a word", (Item("Box of shells", 2, count=3),)))
    state = run(state, c.Sell("Ann", "Box of shells", "Common", (2,), used=False))
    assert purse(state, "Ann") == (29, 29)
    ann = state.character("Ann")
    assert ann is not None and ann.equipment == (Item("Box of shells", 2, count=2,
                                                      start_money=3),)


def test_the_sample_as_shipped_before_replays_as_it_did_and_its_purchases_now_keep_it(
        tmp_path: Path) -> None:
    """The Judge's own steps on the Dalton Boys: Tomas's Revolver, bought with starting
    money, sold again as new. The sample as shipped before (its items keeping no starting
    money) still replays to the same purses, and sells as it did."""
    text = SHIPPED.read_text(encoding="utf-8")
    before = re.sub(r", start_money = \d+", "", text)
    assert before != text
    sold: dict[str, tuple[int, int]] = {}
    for name, journal in (("now", text), ("before", before)):
        path = tmp_path / f"{name}.toml"
        path.write_text(journal, encoding="utf-8")
        campaign = open_campaign(path, rules_for, cache=False)
        try:
            assert campaign.problems() == []
            sold[name] = purse(campaign.state, "Tomas Vega")
            campaign.execute(c.Sell("Tomas Vega", "Revolver", "Boutique", (5, 2), used=False))
            sold[f"{name}, sold"] = purse(campaign.state, "Tomas Vega")
        finally:
            campaign.close()
    assert sold["now"] == sold["before"] == (92, 92)
    assert sold["now, sold"] == (127, 127)
    assert sold["before, sold"] == (127, 92)


@synchronous
async def test_the_conflict_tab_keeps_who_tests_when_one_before_him_falls(
        tmp_path: Path) -> None:
    """After a run of one's tests, another tab and back (one before him in the list having
    fallen meanwhile) showed another testing: the tab kept a place in the list, not the
    one chosen."""
    campaign = sample(tmp_path)
    jake = "Rattlesnake Jake"
    app, _ = judged(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.screen.query_one(ConflictPane)
        await until(pilot, lambda: pane.current() is not None)
        while (who := pane.current()) is not None and who.name != jake:
            await pilot.press("p")
        made = len(campaign.events)
        await pilot.press("r")
        await until(pilot, lambda: len(campaign.events) > made)
        await pilot.press("r")
        await until(pilot, lambda: len(campaign.events) > made + 1)
        await to_tab(pilot, "Characters")
        campaign.execute(c.TakeHarm("Cora Dalton", 99, "shot in the saloon"))
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: text_of(app, "#ff-setup").startswith(f"{jake} (p)"))
        await pilot.press("P")
        before = pane.current()
        assert before is not None and before.name != jake
        await pilot.press("p")
        await until(pilot, lambda: text_of(app, "#ff-setup").startswith(f"{jake} (p)"))
    campaign.close()
