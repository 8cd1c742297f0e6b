"""Module lines 101 and 120: after a campaign game each gang may keep one hired gun for good
and its models may gain a level. c closed the aftermath at once: one player, done with his
own gang, forwent the other's keep and levels with no word. Now c asks first while a gang
has kept no hired gun or levelled no model and still may, naming it; no answer changes
nothing."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import EndGame, GainLevel, KeepHired
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.confirm import Confirm
from tests.devils_bluff.helpers import campaign
from tests.pilot import synchronous, to_tab, until

CAMPAIGN = next(s for s in SAMPLES if "campaign" in s.file)


def hired_and_permanent(state: DevilsBluffState, player: str) -> tuple[str, str]:
    gang = state.gang(player)
    assert gang is not None
    hired = next(f.name for f in gang.fighters if f.recruit.hired)
    permanent = next(f.name for f in gang.fighters if not f.recruit.hired)
    return hired, permanent


def test_the_question_names_each_gang_that_has_not_kept_or_levelled() -> None:
    table = campaign()
    table.execute(EndGame())
    asked = view.close_aftermath_question(table.state)
    assert asked.startswith("Close the aftermath of game 1? ")
    for player in (HENDRY, COLE):
        assert f"{player} may still keep a hired gun for good and give a model a level" \
            in asked
    hired, permanent = hired_and_permanent(table.state, HENDRY)
    table.execute(KeepHired(hired))
    table.execute(GainLevel(permanent, "Brute"))
    asked = view.close_aftermath_question(table.state)
    assert HENDRY not in asked and f"{COLE} may still keep" in asked
    hired, permanent = hired_and_permanent(table.state, COLE)
    table.execute(KeepHired(hired))
    table.execute(GainLevel(permanent, "Brute"))
    assert view.close_aftermath_question(table.state) == ""


@synchronous
async def test_c_asks_before_closing_and_no_keeps_the_aftermath_open(tmp_path: Path) -> None:
    opened = open_campaign(write_sample(CAMPAIGN, tmp_path), rules_for)
    opened.execute(EndGame("agreed"))
    app = GmScreenApp(opened)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        count = len(opened.events)
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        question = app.screen
        assert isinstance(question, Confirm) and f"{COLE} may still keep" in question.question
        await pilot.press("n")
        await until(pilot, lambda: not isinstance(app.screen, Confirm))
        assert len(opened.events) == count and opened.state.aftermath is not None
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: opened.state.aftermath is None)
    assert opened.events[-1].kind == "devils_bluff.aftermath_closed"
    opened.close()
