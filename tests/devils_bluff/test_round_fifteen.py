"""Checked from outside (round 15): a resolution made by mistake, undone and taken again
right, read back through the keys, `replay --json`, `log` and `recap`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from gmscreen.core.cards import card_from_code, in_a_row
from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.commands import Activate, AttributeTest, DrawCard
from gmscreen.games.devils_bluff.sample import COLE, SAMPLES
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.test_round_fourteen import printed
from tests.pilot import synchronous, to_tab, until
from tests.test_cli_damaged import log_rows


def one_off(folder: Path) -> Campaign[Any]:
    """The one-off sample: round 1 dealt, Sheriff Cole's turn to activate."""
    sample = next(s for s in SAMPLES if "one-off" in s.file)
    return open_campaign(write_sample(sample, folder), rules_for)


def highlighted(app: GmScreenApp) -> str:
    table = app.screen.query_one("#bluff-models", DataTable)
    return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)


@synchronous
async def test_an_activation_undone_gives_the_cursor_back_to_the_model_it_was_on(
        tmp_path: Path) -> None:
    """Sheriff Cole's turn, the cursor on him: a, down, down, Enter activated Eli Crane by
    mistake, and the cursor followed Eli. ctrl+z made Eli ready again, but the cursor
    stayed on him: the odds line was still Eli's, and a and Enter, the step taken again,
    activated Eli a second time. Undone, the cursor is back where it was before the
    wrong step, so the Activate form offers Sheriff Cole as it did."""
    campaign = one_off(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.pause()
        assert highlighted(app) == COLE
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("down", "down", "enter")
        await until(pilot, lambda: campaign.state.battle.activation is not None)
        await pilot.pause()
        assert campaign.state.battle.activation.fighter == "Eli Crane"
        assert highlighted(app) == "Eli Crane"
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state.battle.activation is None)
        await pilot.pause()
        assert highlighted(app) == COLE
        # redone, the model activated by mistake takes the cursor again, as it first did
        await pilot.press("ctrl+y")
        await until(pilot, lambda: campaign.state.battle.activation is not None)
        await pilot.pause()
        assert highlighted(app) == "Eli Crane"
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state.battle.activation is None)
        await pilot.pause()
        assert highlighted(app) == COLE
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("enter")
        await until(pilot, lambda: campaign.state.battle.activation is not None)
        assert campaign.state.battle.activation.fighter == COLE
    campaign.close()


def test_a_hand_laid_by_mistake_undone_leaves_no_trace_in_the_state_or_the_table_s_copy(
        tmp_path: Path) -> None:
    """A hand laid on a Command test meant to go by the top card, undone: `replay --json`
    is what it was before (the hand back, the discard pile and the Draw Deck as they
    were), the table's recap does not tell it, and the redo gives back the same cards.
    The test taken again by the top card draws the card on top of the Draw Deck, as the
    table's own pack would after the laid cards went back into the hand."""
    campaign = one_off(tmp_path)
    campaign.execute(Activate(COLE))
    campaign.execute(DrawCard(COLE, discard="Td"))
    path = campaign.path
    assert path is not None
    campaign.close()
    before = printed("replay", str(path), "--json").split("\n", 4)[4]
    campaign = open_campaign(path, rules_for)
    campaign.execute(AttributeTest(COLE, "CMD", hand=True))
    laid = printed("replay", str(path), "--json").split("\n", 4)[4]
    campaign.undo()
    assert printed("replay", str(path), "--json").split("\n", 4)[4] == before
    campaign.redo()
    assert printed("replay", str(path), "--json").split("\n", 4)[4] == laid
    campaign.undo()
    campaign.execute(AttributeTest(COLE, "CMD"))
    path_text = printed("recap", str(path))
    assert "played hand" not in path_text and "lays" not in path_text, path_text
    campaign.close()


def test_a_step_undone_names_no_card_it_put_back_into_a_hand(tmp_path: Path) -> None:
    """Both players read the one screen, and the log never names a card held. A discard
    or a hand laid, undone, puts its cards back into the hand: the step's struck line, the
    undo's own line and the log's search then name none of them (they did: "Sheriff Cole
    discards 10♦ (undone)"), and say the cards are in the hand again; redone, the discard
    lies face up and is named again."""
    campaign = one_off(tmp_path)
    campaign.execute(Activate(COLE))
    drawn = campaign.execute(DrawCard(COLE, discard="Td"))[-1]
    ten = in_a_row([card_from_code("Td")])
    assert ten in campaign.describe(drawn)
    campaign.undo()
    held = campaign.state.hand(COLE)
    assert card_from_code("Td") in held
    undo = campaign.events[-1]
    for words in (campaign.describe(drawn), campaign.describe(undo)):
        assert ten not in words and "in the hand again" in words, words
    assert campaign.describe(drawn) == (
        "Sheriff Cole draws a card and discards 1 card, taken back: the cards are in the "
        "hand again")
    path = campaign.path
    assert path is not None
    campaign.redo()
    assert ten in campaign.describe(drawn)
    # a hand laid on a test by mistake, undone: none of its five cards is named
    laid = campaign.execute(AttributeTest(COLE, "CMD", hand=True))
    campaign.undo()
    hand = [in_a_row([card]) for card in campaign.state.hand(COLE)]
    told = " ".join(campaign.describe(event) for event in (*laid, campaign.events[-1]))
    assert "a played hand, taken back" in told
    assert not [card for card in hand if card in told], told
    first = laid[0].seq
    campaign.close()
    # and the command line's log, from the laid hand's lines on
    rows = log_rows(printed("log", str(path)))
    after = " ".join(words for seq, words in rows.items() if seq >= first)
    assert "a played hand, taken back" in after
    assert not [card for card in hand if card in after], after


def test_the_full_recap_tells_an_activation_once_under_its_heading(tmp_path: Path) -> None:
    # the Dealer's copy tells each step by its log line, and an activation's line is the
    # paragraph's own heading: "Sheriff Cole activates. Sheriff Cole activates. ..."
    campaign = one_off(tmp_path)
    campaign.execute(Activate(COLE))
    campaign.execute(DrawCard(COLE, discard="Td"))
    path = campaign.path
    assert path is not None
    campaign.close()
    for copy in (printed("recap", str(path), "--dealer"), printed("recap", str(path))):
        assert "Sheriff Cole activates.\nSheriff Cole draws" in copy, copy
        assert "activates. Sheriff Cole activates" not in copy


def test_a_discard_named_wrong_is_refused_naming_the_rule_once(tmp_path: Path) -> None:
    """The refusal read "The Hand: Hand size: 2♣ is not in the hand", the rule named twice
    (round 17 saw it); it names The Hand once, and the journal is unchanged."""
    campaign = one_off(tmp_path)
    campaign.execute(Activate(COLE))
    held = set(campaign.state.hand(COLE))
    absent = next(code for code in ("2c", "3c", "4c", "5c", "6c", "7c")
                  if card_from_code(code) not in held)
    count = len(campaign.events)
    with pytest.raises(RuleError) as refused:
        campaign.execute(DrawCard(COLE, discard=absent))
    assert str(refused.value) == f"The Hand: {card_from_code(absent)} is not in the hand"
    assert len(campaign.events) == count
    campaign.close()
