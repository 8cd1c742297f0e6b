"""Fistful's Conflict tab typed in one burst (a quick Judge, a paste, a loaded machine)
gives what the same keys give typed slowly. The Stakes are the odds' row highlighted: down
on the odds then a step straight after it (`o` for an opposed test, `r` to roll) took the
Stakes before the down, as the tab heard of the new row only after the step had run."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.fistful.events import TestRolled, WantedChartRolled
from gmscreen.games.fistful.panes.conflict import ConflictPane
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.fistful.game import told
from tests.pilot import EITHER_WAY, form_up, synchronous, to_tab, type_in, until


@EITHER_WAY
@synchronous
async def test_the_opposed_test_opens_at_the_stakes_just_highlighted(
        tmp_path: Path, quickly: bool) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.screen.query_one(ConflictPane)
        before = pane.stakes
        assert before < pane.limit(), "no room on the odds to go down"
        await type_in(pilot, ["down", "o"], in_one_burst=quickly)
        form = await form_up(pilot)
        assert isinstance(form, Form)
        assert form.values().number("a_stakes") == before + 1
        assert pane.query_one("#ff-odds", DataTable).cursor_row == before
    campaign.close()


@EITHER_WAY
@synchronous
async def test_a_roll_throws_the_stakes_just_highlighted(tmp_path: Path, quickly: bool) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for, writable=True)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.screen.query_one(ConflictPane)
        before, events = pane.stakes, len(campaign.events)
        assert pane.floating is None  # r rolls at once, with no die to take away
        await type_in(pilot, ["down", "r"], in_one_burst=quickly)
        await until(pilot, lambda: len(campaign.events) > events)
        rolled = told(campaign.events[-1])
        assert isinstance(rolled, TestRolled), rolled
        assert rolled.stakes == before + 1
        assert pane.stakes == before + 1
    campaign.close()


@pytest.mark.parametrize("keys", [["2", "w"], ["shift+tab", "w"], ["tab", "w"]],
                         ids=["the-tab-s-digit", "shift+tab", "tab"])
@EITHER_WAY
@synchronous
async def test_w_typed_straight_after_coming_to_the_wanted_clock_rolls_the_chart(
        tmp_path: Path, keys: list[str], quickly: bool) -> None:
    """The Wanted Clock tab's own keys sit in the game's pane inside the clocks' pane. The
    clocks' pane took the keyboard first (shown, or Tabbed to) and gave it to the game's a
    turn later: a w typed straight after went to the clocks' keys, which have none, and the
    chart was not rolled."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for, writable=True)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, "Characters" if keys[0] == "2" else "Wanted Clock")
        events = len(campaign.events)
        await type_in(pilot, keys, in_one_burst=quickly)
        await until(pilot, lambda: len(campaign.events) > events)
        assert isinstance(told(campaign.events[-1]), WantedChartRolled)
    campaign.close()
