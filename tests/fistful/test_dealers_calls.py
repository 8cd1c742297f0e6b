"""Round 22: every call the book leaves to the Judge, offered where he makes it
(docs/rules/fistful.md, "The Dealer's calls (round 22)"). A test here failed before its
fix."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.commands import ChooseOptionalRules, OpposedTest, Side
from gmscreen.games.fistful.state import FistfulState, Settings
from tests.fistful.game import apply, posse, said, sheet, told
from tests.fistful.test_panes import judged, keys, sample
from tests.pilot import fill, synchronous, to_tab, until


def guts(state: FistfulState, name: str) -> int:
    found = state.character(name)
    assert found is not None
    return found.guts


def sword_cut(state: FistfulState) -> FistfulState:
    """Ann's cavalry sword at Jake, at Close: 3 dice (15, under her Grit 17) to his 2 (3)."""
    return apply(state, RULES.decide(state, OpposedTest(
        Side("Ann", "grit", 3, (4, 5, 6)), Side("Jake", "grace", 2, (1, 2)), "sword")))


# -- lines 217, 221, 227-241: the harm of a weapon the book sells with no numbers -------------


def test_the_judge_sets_the_harm_of_the_weapons_the_book_gives_no_numbers() -> None:
    """The book sells a cavalry sword and a Gatling gun but gives neither a damage modifier:
    the app read +2 and +3, and the Judge could change them only by typing the harm of each
    blow himself. The Optional rules form (O) now holds his numbers for the campaign, the
    app's reading their default; the attack deals them, the sheet and the attack form show
    them, and the optional rules' line says them. Journals before read the app's numbers."""
    state = sheet(posse(), "Ann", equipment=(Item("Cavalry sword", 3),))
    assert Settings().house() == {"sword": 2, "gatling": 3}
    assert guts(sword_cut(state), "Jake") == 9 - 5  # 3 dice +2, the app's reading
    made = RULES.decide(state, ChooseOptionalRules(Settings(five_under=True, sword=3)))
    assert said(made[0]) == "Optional rules: 5 under; the Judge's harm: Cavalry sword +3"
    own = apply(state, made)
    assert own.settings.sword == 3 and own.settings.gatling == 3
    assert guts(sword_cut(own), "Jake") == 9 - 6  # 3 dice +3, the Judge's number
    ann = own.character("Ann")
    assert ann is not None
    assert "3: Cavalry sword (+3, Close)" in view.sheet_lines(ann, house=own.settings.house())[-1]
    from gmscreen.games.fistful.panes.rolls import attack_options
    assert ("Cavalry sword +3, Close (carried)", "sword") in attack_options(own, "Ann")
    # an optional rules' event written before round 22 has no weapon numbers: the app's
    old = told(replace(made[0], data={"five_under": True}))
    assert old.sword == 2 and old.gatling == 3
    assert said(RULES.decide(state, ChooseOptionalRules(Settings(five_under=True)))[0]) == (
        "Optional rules: 5 under")


@synchronous
async def test_the_optional_rules_form_asks_the_judges_harm_for_the_sword_and_the_gatling(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        chosen = await fill(pilot, "O", sword="+4")
        assert "Cavalry sword's harm" in str(chosen.fields)
        await until(pilot, lambda: campaign.state.settings.sword == 4)
        assert campaign.state.settings.gatling == 3  # left on the app's reading
        assert campaign.describe(campaign.events[-1]).endswith(
            "; the Judge's harm: Cavalry sword +4")
        await keys(pilot, "ctrl+z")
        await until(pilot, lambda: campaign.state.settings.sword == 2)
    campaign.close()
