"""The third play test, a whole campaign session by keys: what got in the Dealer's way,
each played through the rules or the pane (the notes are /tmp/h/devils_bluff-play.md)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from gmscreen.games.devils_bluff.commands import ChooseSetUp, Enlist, FoundGang
from gmscreen.games.devils_bluff.gangs import abilities
from gmscreen.games.devils_bluff.hiring import abilities_on_enlist
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import Table, recruit
from tests.devils_bluff.test_third_look import fresh
from tests.pilot import set_field, to_tab, until

LEADER = "Gang Leader"


def one_off_gang() -> Table:
    """A one-off, Ann's gang founded and empty."""
    table = Table()
    table.execute(ChooseSetUp("one-off", "controlled choice"))
    table.execute(FoundGang("Ann", "The Cartwrights"))
    return table


# -- the enlist form offers only the abilities the rules allow (module line 124) -------------


def test_an_enlisted_model_may_hold_an_ability_only_from_its_third_level() -> None:
    table = one_off_gang()
    assert abilities_on_enlist(table.state, "Ann", 2) == (
        [], "2 perks ticked: an ability comes with the level 3")
    assert abilities_on_enlist(table.state, "Ann", 0, hired=True)[0] == []
    assert abilities_on_enlist(table.state, "Ann", 3) == (list(abilities()), "")
    # every ability offered is one the rules take; one held in the gang is offered no more
    table.execute(Enlist("Ann", recruit("Ben", "Rifle", "Quick", "Deft", "Tough", "Deadly",
                                        ability="Return Fire", unit=LEADER)))
    able, why = abilities_on_enlist(table.state, "Ann", 3)
    assert "Return Fire" not in able and len(able) == len(abilities()) - 1 and why == ""
    table.execute(Enlist("Ann", recruit("Adam", "Revolver", "Quick", "Deft", "Tough",
                                        ability=able[0])))


def test_an_ability_the_rules_do_not_offer_is_refused_naming_the_rule() -> None:
    table = one_off_gang()
    before = table.state
    with pytest.raises(RuleError) as refused:
        table.execute(Enlist("Ann", recruit("Adam", "Revolver", "Quick", "Deft",
                                            ability="Hail of Fire")))
    assert refused.value.rule == "Abilities" and refused.value.field == "ability"
    assert "ability comes with the level 3" in str(refused.value)
    assert table.state == before


def test_the_enlist_form_offers_an_ability_only_when_the_perks_ticked_allow(
        tmp_path: Path) -> None:
    asyncio.run(_enlist_form_abilities(tmp_path))


async def _enlist_form_abilities(tmp_path: Path) -> None:
    campaign = fresh(tmp_path, ChooseSetUp("one-off", "controlled choice"),
                     FoundGang("Ann", "The Cartwrights"),
                     Enlist("Ann", recruit("Ben", "Rifle", "Quick", "Deft", "Tough",
                                           "Deadly", ability="Return Fire", unit=LEADER)))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, Form))
        form = app.screen
        assert isinstance(form, Form)

        def offered() -> list[str]:
            return [value for _, value in form.options_of("ability") if value]

        def preview() -> str:
            return str(form.query_one("#form-preview").render())

        # a hired gun, as the form opens: no ability, and why
        assert offered() == []
        await until(pilot, lambda: "a hired gun has no levels" in preview())
        # a custom gunslinger of two levels: still none, and why
        set_field(form, "hired", False)
        set_field(form, "perks", ("Quick", "Deft"))
        await until(pilot, lambda: "2 perks ticked" in preview())
        assert offered() == []
        # a third perk: every ability but the one Ben holds
        set_field(form, "perks", ("Quick", "Deft", "Tough"))
        await until(pilot, lambda: offered() != [])
        assert offered() == [a for a in abilities() if a != "Return Fire"]
        set_field(form, "ability", "Precise Shot")
        await until(pilot, lambda: preview().startswith("Precise Shot"))
        # a perk taken off: the ability chosen is no longer offered, nor sent
        set_field(form, "perks", ("Quick", "Deft"))
        await until(pilot, lambda: offered() == [])
        assert form.values().text("ability") == ""
    campaign.close()

