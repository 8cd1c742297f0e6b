"""Small things earlier testers left unmended (round 64): the level form's word that a
level brings an ability, what a test is for, and the rounds changed mid-game."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import events
from gmscreen.games.devils_bluff.commands import AgreeObjectives, AttributeTest, EndGame
from gmscreen.games.devils_bluff.hands import Outcome
from gmscreen.games.devils_bluff.log import objectives
from gmscreen.games.devils_bluff.sample import HENDRY, SAMPLES
from gmscreen.games.devils_bluff.turns import agree_objectives
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import NO_BREAK
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.devils_bluff.helpers import Table, one_off, pick
from tests.pilot import fill, opened, synchronous, to_tab

# -- the level form says when the level may bring an ability (module line 124) --------------


@synchronous
async def test_a_third_level_says_it_may_bring_an_ability(tmp_path: Path) -> None:
    # Ma Hendry of two levels gains her third after a campaign game: the form showed the
    # Ability field with no word that this is the level that brings one
    sample = next(s for s in SAMPLES if "campaign" in s.file)
    path = write_sample(sample, tmp_path)
    path.write_text(path.read_text().replace('perks = ["Cunning"]',
                                             'perks = ["Cunning", "Quick"]', 1))
    campaign = open_campaign(path, rules_for)
    assert campaign.state.find(HENDRY)[1].recruit.levels == 2
    campaign.execute(EndGame())
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pick(pilot, "#bluff-roster", HENDRY)
        form = await opened(pilot, "l")
        note = form.note.replace(NO_BREAK, " ")
        assert ("Ma Hendry's 3rd level may bring an ability as well: choose it under Ability"
                in note), note
        await pilot.press("escape")
        # Sheriff Cole's second level says why none, and nothing of a level that brings one
        pick(pilot, "#bluff-roster", "Sheriff Cole")
        form = await opened(pilot, "l")
        assert "may bring an ability" not in form.note
        assert "an ability comes with the 3rd" in form.note
    campaign.close()


# -- a test says what it is for -------------------------------------------------------------


def test_a_test_line_says_what_the_test_is_for() -> None:
    # the Test form had no field for what the test decides: the log said "Sheriff Cole
    # tests CMD 7+ with ...: success" and no more
    table = one_off()
    (event,) = table.execute(AttributeTest("Sheriff Cole", "CMD", purpose="  the rope  bridge"))
    assert event.data["purpose"] == "the rope bridge"
    assert ", for the rope bridge: " in event.data["line"], event.data["line"]
    (plain,) = table.execute(AttributeTest("Sheriff Cole", "SKL"))
    assert ", for" not in plain.data["line"] and "purpose" not in plain.data
    with pytest.raises(RuleError) as refused:
        table.execute(AttributeTest("Sheriff Cole", "CMD", purpose="x" * 500))
    assert (refused.value.rule, refused.value.field) == ("Tests", "purpose")


def test_a_test_from_an_older_journal_reads_as_before() -> None:
    old = events.Tested("Dutch", "CMD", 8, 0, Outcome.SUCCESS,
                        "Dutch tests CMD 8+ with 9♠ (9): success")
    assert old.purpose == ""


@synchronous
async def test_the_test_form_has_a_for_field(tmp_path: Path) -> None:
    sample = next(s for s in SAMPLES if "one-off" in s.file)
    campaign = open_campaign(write_sample(sample, tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_tab(pilot, "Conflict")
        pick(pilot, "#bluff-models", "Sheriff Cole")
        await fill(pilot, "t", purpose="the rope bridge")
        last = campaign.events[-1]
        assert last.kind == "devils_bluff.tested", last
        assert ", for the rope bridge: " in last.data["line"]
    campaign.close()


# -- the rounds changed mid-game read as a change --------------------------------------------


def _agreed(table: Table, text: str, rounds: int) -> str:
    """The log's line for these objectives agreed, the table moved on by them."""
    command = AgreeObjectives(text, rounds)
    (payload,) = agree_objectives(table.state, command)
    table.execute(command)
    assert isinstance(payload, events.ObjectivesAgreed)
    return objectives(payload)


def test_the_rounds_changed_by_the_objectives_form_read_as_a_change() -> None:
    # the rounds changed from 3 to 4 were logged "The objectives agreed: ... (the game lasts
    # 4 rounds)", as a first agreement reads
    table = one_off()
    assert _agreed(table, "the well", 3) == (
        "The objectives agreed: the well (the game lasts 3 rounds)")
    assert _agreed(table, "the well", 4) == (
        "The game's rounds changed from 3 to 4 (the objectives stand: the well)")
    assert _agreed(table, "the wagon", 4) == (
        "The objectives agreed anew: the wagon (the game lasts 4 rounds)")
    # back to the campaign's setting (5): the rounds the game now lasts, not a 0
    assert _agreed(table, "the well", 0) == (
        "The objectives agreed anew: the well; the game's rounds changed from 4 to 5")
    # a journal from before: read as it was
    assert objectives(events.ObjectivesAgreed("the well", 4)) == (
        "The objectives agreed: the well (the game lasts 4 rounds)")
