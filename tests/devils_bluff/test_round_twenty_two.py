"""Round 22: every call the books leave to the players, offered where the step is taken
(docs/rules/devils-bluff.md, "The Dealer's calls (round 22)")."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.app import GmScreenApp
from tests.devils_bluff.test_campaign_evenings import TOO_BIG, in_a_game
from tests.devils_bluff.test_third_look import focused_on
from tests.pilot import fill, glossary_entry, refusal_shown, synchronous, to_tab, until

GAME = "gmscreen.games.devils_bluff"

# -- the app's own numbers, named when a number is refused -----------------------------------


@pytest.mark.parametrize(("key", "field", "typed", "said"), [
    ("s", "points", TOO_BIG, f"at most 100, not {TOO_BIG}"),
    ("t", "modifier", TOO_BIG, f"at most 12, not {TOO_BIG}"),
    ("t", "modifier", f"-{TOO_BIG}", f"at least -12, not -{TOO_BIG}"),
], ids=["points", "modifier-up", "modifier-down"])
@synchronous
async def test_a_number_of_twenty_digits_is_refused_by_the_app_s_range(
        tmp_path: Path, key: str, field: str, typed: str, said: str) -> None:
    """A score or a modifier of twenty digits was refused as too large for the journal,
    which told the Dealer nothing of the range the app takes (1 to 100 points at once,
    -12 to +12): the form now refuses it by that range."""
    campaign: Campaign[DevilsBluffState] = in_a_game(tmp_path)
    events = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await fill(pilot, key, **{field: typed})
        assert said in refusal_shown(app, field.capitalize()).refusal
        await until(pilot, focused_on(form, field))
        assert len(campaign.events) == events
    campaign.close()


def test_f1_says_the_app_s_ranges_for_a_modifier_and_a_score() -> None:
    """The score's 1 to 100 was in F1 (round 21); the modifier's -12 to +12 was said under
    the field alone."""
    assert "-12 to +12" in glossary_entry(GAME, "Modifier").means
    assert "1 to 100" in glossary_entry(GAME, "Score").means
