"""Small things earlier testers left unmended (round 64): the recruit form's plunder for a
civilian, a plunder refusal's heading, the notice of a scenario loaded, and the log searched
for a card by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    EditModel,
    LoadScenario,
    Recruit,
)
from gmscreen.games.dead_mans_hand.state import Format
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, new_campaign
from tests.pilot import fill, opened, set_field, synchronous, to_tab, until

# -- the recruit form's plunder follows Civilian (lines 65, 88-91, 143, play sheet) ------------


@synchronous
async def test_the_plunder_list_gives_a_civilians_reach_once_civilian_is_ticked(
        tmp_path: Path) -> None:
    # Civilian ticked, the list still gave a practised hand's reach (a Pistol at 40 yards,
    # 60 standing; a civilian's is 20, 40 standing) and offered Dual Pistols as for anyone
    campaign = new_campaign(tmp_path / "c.toml")
    assert campaign.state.format is Format.SHOWDOWN
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "r")

        def labels() -> list[str]:
            return [label for label, _ in form.options_of("weapons")]

        assert "Pistol, 3 pts: power 2, 40 yd, 60 standing" in labels()
        set_field(form, "weapons", ("pistol",))
        set_field(form, "civilian", True)
        await until(pilot, lambda: "Pistol, 3 pts: power 2, 20 yd, 40 standing" in labels())
        assert "Rifle, 6 pts: power 2, 50 yd, standing only" in labels()
        assert "Dual Pistols, 6 pts: power 3, not for civilians" in labels()
        assert form.values().chosen("weapons") == ("pistol",)  # kept ticked
        set_field(form, "civilian", False)
        await until(pilot, lambda: "Pistol, 3 pts: power 2, 40 yd, 60 standing" in labels())
    campaign.close()


# -- a plunder refusal is headed as its field reads -------------------------------------------


@pytest.mark.parametrize(("fmt", "rule"), [(Format.SHOWDOWN, "Plunder"),
                                           (Format.SINGLE, "Weapons")])
def test_a_kit_refusal_is_headed_as_its_field_reads(fmt: Format, rule: str) -> None:
    # Dual Pistols with a Pistol ticked beside them: in a showdown the refusal stood headed
    # "Weapons:" on the field labelled Plunder
    table = Table()
    if table.state.format is not fmt:
        table.do(ChooseFormat(fmt))
    for command in (Recruit("red", "Ezra", 8, 1, ("dual-pistols", "pistol")),
                    Recruit("red", "Ezra", 8, 1, ("pistol", "pistol"))):
        with pytest.raises(RuleError) as refused:
            table.do(command)
        assert (refused.value.rule, refused.value.field) == (rule, "weapons")
    table.do(Recruit("red", "Ezra", 8, 1, ("pistol",)))
    with pytest.raises(RuleError) as refused:
        table.do(EditModel("Ezra", "Ezra", ("dual-pistols", "pistol"), False))
    assert refused.value.rule == rule


# -- a scenario loaded says so ----------------------------------------------------------------


@synchronous
async def test_a_scenario_loaded_says_what_was_loaded_in_place_of_the_last_notice(
        tmp_path: Path) -> None:
    # s and a scenario chosen: no notice, and the last one stood ("Dismissed: Big Oaf
    # leaves The Oaf (red). Undo brings Big Oaf back", when undo now took back the scenario)
    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("x")
        def titles() -> list[str]:
            return [n.title for n in app._notifications]

        await until(pilot, lambda: "Dismissed" in titles())
        await fill(pilot, "s", scenario="defend-the-wagon")
        await until(pilot, lambda: "Scenario loaded" in titles())
        assert "Dismissed" not in titles(), titles()
        (notice,) = [n for n in app._notifications if n.title == "Scenario loaded"]
        assert notice.message == ("Defend the Wagon!: Settlers (red) with 6 models and Robbers "
                                  "(black) with 6 models. Undo puts back the posses as they "
                                  "were."), notice.message
    campaign.close()
