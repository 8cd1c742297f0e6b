"""Round 30: the hiring pool laid out in the app (module lines 169-173; docs/rules/devils-bluff.md,
"Preparation (round 30)"): its miniatures and the gun each shows, its size checked against
the gangs before the roll-off, the picks from it alone, in turn, each with its gun; the
table meets it at the picks, never before."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import (
    ChooseSetUp,
    Dismiss,
    Enlist,
    FoundGang,
    LayOutPool,
    Rename,
    RollOffForPicks,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, Recruit
from gmscreen.games.devils_bluff.hiring import pool_left
from gmscreen.games.devils_bluff.rules import RULES
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from tests.devils_bluff.helpers import Table, table_sections, two_gangs
from tests.devils_bluff.test_third_look import fresh
from tests.pilot import fill, opened, synchronous, until

MA, COLE = "Ma", "Cole"
#: ten miniatures: two gangs of one model each get five picks each from it
TEN = "Hank (Shotgun), Dutch, Slim (rifle), Ez (RF Rifle), Bo, Cy, Di, Ed, Fa, Gus"


def _gangs(mode: str = "campaign", hiring: str = "pool") -> list[object]:
    """The set-up and two gangs, each with its Gang Leader, ready for the roll-off."""
    return two_gangs(MA, COLE, mode=mode, hiring=hiring)


def _table(*commands: object) -> Table:
    table = Table()
    for command in (*_gangs(), *commands):
        table.execute(command)
    return table


def _refused(table: Table, command: object) -> RuleError:
    with pytest.raises(RuleError) as refused:
        table.execute(command)
    return refused.value


def _roll(table: Table) -> str:
    table.execute(RollOffForPicks(shuffle_order(random.Random(3))))
    return table.state.picker


def test_the_pool_is_laid_out_with_the_gun_each_miniature_shows() -> None:
    table = _table()
    (event,) = table.execute(LayOutPool(TEN))
    assert table.state.pool[:4] == (("Hank", "Shotgun"), ("Dutch", "Revolver"),
                                    ("Slim", "Rifle"), ("Ez", "Rapid Fire Rifle"))
    assert RULES.describe(event).startswith(
        "The hiring pool is laid out, 10 models: Hank (Shotgun), Dutch (Revolver)")
    # the Dealer's tab says what is in it
    assert any(line.replace("\xa0", " ").startswith("In the pool, 10 of 10: Hank (Shotgun)")
               for line in view.campaign_lines(table.state))


@pytest.mark.parametrize(("text", "says"), [
    ("", "name the pool's miniatures"),
    ("Hank (Lasso)", "Hank shows 'Lasso'"),
    ("Hank, hank (Rifle)", "two miniatures are called Hank"),
    ("Ma leader", "a model called Ma leader is already on a roster"),
])
def test_a_pool_typed_wrong_is_refused_saying_what(text: str, says: str) -> None:
    refusal = _refused(_table(), LayOutPool(text))
    assert refusal.rule == "Hiring pool" and says in refusal.message, refusal


def test_the_pool_is_laid_out_only_hiring_from_one_and_before_the_roll_off() -> None:
    by_choice = Table()
    for command in _gangs(hiring="controlled choice"):
        by_choice.execute(command)
    assert _refused(by_choice, LayOutPool(TEN)).rule == "Hiring pool"
    table = _table(LayOutPool(TEN))
    _roll(table)
    refusal = _refused(table, LayOutPool(TEN))
    assert refusal.rule == "Hiring pool" and "before the roll-off" in refusal.message


def test_a_pool_too_small_to_give_both_gangs_as_many_is_refused_at_the_roll_off() -> None:
    # module line 171: enough to fill both gangs, or else to give both as many hired guns.
    # Nine for eighteen places gives one gang five and the other four
    table = _table(LayOutPool(TEN.rsplit(",", 1)[0]))
    refusal = _refused(table, RollOffForPicks(shuffle_order(random.Random(3))))
    assert refusal.rule == "Hiring pool", refusal
    assert "9 models for the 18 places" in refusal.message
    assert any("Before the roll-off (Hiring pool)" in line
               for line in view.campaign_lines(table.state))
    table.execute(LayOutPool(TEN))  # ten: five each
    assert _roll(table)
    # enough to fill both gangs, odd or not
    full = _table(LayOutPool(", ".join(f"Gun {n}" for n in range(19))))
    assert _roll(full)


def test_the_places_counted_are_those_the_gangs_own_models_leave() -> None:
    # a one-off gang makes its leader and two custom gunslingers itself (module line 107):
    # the pool fills seven places each, not ten, even before they are made
    table = Table()
    table.execute(ChooseSetUp("one-off", "pool"))
    table.execute(FoundGang(MA, "The Hendry Boys"))
    table.execute(FoundGang(COLE, "Bluff Regulators"))
    table.execute(LayOutPool(", ".join(f"Gun {n}" for n in range(13))))
    assert any("13 models for the 14 places" in line
               for line in view.campaign_lines(table.state))


def test_without_a_pool_laid_out_the_picks_are_any_models_named_as_before() -> None:
    table = _table()
    picker = _roll(table)
    table.execute(Enlist(picker, Recruit("Anybody", GUNSLINGER, "Rifle", hired=True)))
    assert table.state.picker != picker


def test_each_pick_is_a_miniature_of_the_pool_with_its_gun_in_turn() -> None:
    table = _table(LayOutPool(TEN))
    picker = _roll(table)
    other = next(p for p in (MA, COLE) if p != picker)
    out_of_turn = _refused(table, Enlist(other, Recruit("Hank", GUNSLINGER, "Shotgun",
                                                        hired=True)))
    assert (out_of_turn.rule, out_of_turn.message) == ("Hiring pool",
                                                       f"it is {picker}'s pick")
    stranger = _refused(table, Enlist(picker, Recruit("Zed", GUNSLINGER, hired=True,
                                                      weapon="Revolver")))
    assert stranger.rule == "Hiring pool" and "Zed is not in the pool" in stranger.message
    wrong_gun = _refused(table, Enlist(picker, Recruit("Hank", GUNSLINGER, "Revolver",
                                                       hired=True)))
    assert wrong_gun.rule == "Hiring pool" and "Shotgun" in wrong_gun.message
    table.execute(Enlist(picker, Recruit("Hank", GUNSLINGER, "Shotgun", hired=True)))
    assert table.state.picker == other
    assert [n for n, _ in pool_left(table.state)][:1] == ["Dutch"]


def test_the_picks_end_when_the_pool_is_empty() -> None:
    table = _table(LayOutPool(TEN))
    picker = _roll(table)
    for name, gun in pool_left(table.state):
        assert table.state.picker == picker
        table.execute(Enlist(picker, Recruit(name, GUNSLINGER, gun, hired=True)))
        picker = table.state.picker
    assert table.state.picker == ""  # both gangs have six of ten: the pool is empty
    assert any(line == "The pool is empty: all 10 picked."
               for line in view.campaign_lines(table.state))


def test_a_miniature_dismissed_or_renamed_is_the_pool_s_again_under_its_name() -> None:
    table = _table(LayOutPool(TEN))
    picker = _roll(table)
    table.execute(Enlist(picker, Recruit("Hank", GUNSLINGER, "Shotgun", hired=True)))
    table.execute(Rename("Hank", "Hank Hill"))
    assert ("Hank Hill", "Shotgun") in table.state.pool
    assert ("Hank Hill", "Shotgun") not in pool_left(table.state)
    table.execute(Dismiss(picker, "Hank Hill"))
    assert ("Hank Hill", "Shotgun") in pool_left(table.state)


def test_the_table_s_recap_leaves_the_laying_out_to_the_dealer(tmp_path: Path) -> None:
    # round 32: the players' screen shows the pool from the moment it is laid out
    # (test_round_thirty_two); the recap still tells each laying out to the Dealer alone
    campaign = fresh(tmp_path, *_gangs(), LayOutPool(TEN))
    told = render(build(campaign, 0, view), "txt")
    assert "Slim" not in told and "pool is laid out" not in told
    assert "pool is laid out" in render(build(campaign, 0, view, dealer=True), "txt")
    campaign.execute(RollOffForPicks(shuffle_order(random.Random(3))))
    shown = repr(table_sections(view.table_knows(campaign.state)))
    assert "In the pool, 10: Hank (Shotgun)" in shown
    # undone, the roll-off leaves the pool on the table's screen, and the laying out
    # takes it off both
    campaign.undo()
    assert len(view.table_knows(campaign.state).pool) == 10
    campaign.undo()
    assert campaign.state.pool == ()
    assert view.table_knows(campaign.state).pool == ()
    campaign.close()


@synchronous
async def test_l_lays_out_the_pool_and_e_offers_only_its_miniatures(tmp_path: Path) -> None:
    campaign = fresh(tmp_path, *_gangs())
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await fill(pilot, "L", text=TEN)
        await until(pilot, lambda: len(campaign.state.pool) == 10)
        campaign.execute(RollOffForPicks(shuffle_order(random.Random(3))))
        await pilot.pause()
        form = await opened(pilot, "e")
        assert [value for _, value in form.options_of("name")] == [
            n for n, _ in campaign.state.pool]
        # its fields are filled once mounted, after the form is up
        await until(pilot, lambda: form.values().text("weapon") == "Shotgun")  # Hank's
        form.set_value("name", "Slim")
        # the weapon follows the name once the form has heard of the change: waited for,
        # where a pause read Hank's still there (the starved wait, round 36)
        await until(pilot, lambda: form.values().text("weapon") == "Rifle")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: campaign.state.find("Slim") is not None)
    campaign.close()
