"""The tenth look: an initiative card typed wrong is set right before anyone acts on the
order (the hands dealt after it stay as typed); the card correction is named where it is
needed (a hand turned face up, a typed card refused because a hand holds it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.commands import (
    Activate,
    CorrectInitiative,
    DrawCard,
    EndActivation,
    Rename,
    Resume,
)
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import Table, cards, one_off
from tests.devils_bluff.hidden import assert_table_keeps_hidden
from tests.pilot import form_up, screen_text, synchronous, to_tab, until

HENDRY, COLE = "Ma Hendry", "Sheriff Cole"


def refused(table: Table, command: object, rule: str) -> RuleError:
    before, count = table.state, len(table.events)
    with pytest.raises(RuleError) as error:
        table.execute(command)
    assert error.value.rule == rule, error.value
    assert table.state == before and len(table.events) == count
    return error.value


def test_an_initiative_card_typed_wrong_is_set_right_and_the_order_follows() -> None:
    # round 1: Ma Hendry drew J♥ 2♦ (13), Sheriff Cole 5♥ 7♦ (12): Ma Hendry first
    table = one_off()
    assert table.state.battle is not None and table.state.battle.order == (HENDRY, COLE)
    hands = dict(table.state.hands)
    place = table.state.deck.order.index(cards("3c")[0])
    table.execute(CorrectInitiative(HENDRY, "Jh", "3c"))
    battle = table.state.battle
    assert battle is not None
    assert battle.order == (COLE, HENDRY) and battle.turn == COLE
    # the card typed wrong goes into the Draw Deck where the one drawn lay; the one drawn
    # lies face up in the discard pile; the hands dealt stay as they were
    assert table.state.deck.order[place] == cards("Jh")[0]
    assert cards("3c")[0] in table.state.deck.discards
    assert cards("Jh")[0] not in table.state.deck.discards
    assert dict(table.state.hands) == hands
    line = RULES.describe(table.events[-1])
    assert line == ("Round 1's initiative set right: Ma Hendry drew 3♣, not J♥ (typed "
                    "wrong), so 3♣ 2♦ (5); Sheriff Cole goes first")
    assert view.episode(table.events[-1]) == "Round 1."
    assert table.state.last == line
    assert_table_keeps_hidden(table.state)
    assert table.replayed() == table.state


def test_an_initiative_correction_the_rules_refuse_changes_nothing() -> None:
    table = one_off()
    assert refused(table, CorrectInitiative(HENDRY, "5h", "3c"), "Initiative").field == "was"
    # a card held in a hand is said to be out of the Draw Deck, never in a hand
    error = refused(table, CorrectInitiative(HENDRY, "Jh", "5d"), "Initiative")
    assert error.field == "card" and "hand" not in error.message
    assert "discard pile" in refused(table, CorrectInitiative(HENDRY, "Jh", "7d"),
                                     "Initiative").message
    # a tie would have been drawn again at the table: typed as one draw, it cannot be
    assert "tie" in refused(table, CorrectInitiative(HENDRY, "Jh", "Tc"), "Initiative").message
    refused(table, CorrectInitiative(HENDRY, "Jh", "zz"), "Initiative")


def test_once_the_order_is_acted_on_undo_is_the_way_back() -> None:
    table = one_off()
    table.execute(DrawCard(HENDRY))
    assert "undo" in refused(table, CorrectInitiative(HENDRY, "Jh", "3c"),
                             "Initiative").message
    table = one_off()
    model = next(f.name for f in table.state.gangs[0].fighters)
    table.execute(Activate(model))
    refused(table, CorrectInitiative(HENDRY, "Jh", "3c"), "Initiative")
    table.execute(EndActivation(model))
    refused(table, CorrectInitiative(HENDRY, "Jh", "3c"), "Initiative")


@synchronous
async def test_an_initiative_card_is_set_right_by_keys_named_on_the_keys_line(
        tmp_path: Path) -> None:
    # the one-off sample's round 1: Ma Hendry 5♥ 6♠ (11), Sheriff Cole J♥ 6♥ (17)
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        assert "I initiative typed wrong" in screen_text(app)
        await pilot.press("I")
        form = await form_up(pilot)
        assert "Ma Hendry 5♥ 6♠ (11)" in screen_text(app), form
        app.screen.query_one("#f-was", Input).value = "5h"
        app.screen.query_one("#f-card", Input).value = "Kc"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: campaign.state.battle is not None
                    and campaign.state.battle.order[0] == HENDRY)
        # acted on, the order is the table's: the key is no longer named
        await pilot.press("d")
        await pilot.pause()
        if isinstance(app.screen, Form):
            await pilot.press("ctrl+s")
        await until(pilot, lambda: campaign.state.battle is not None
                    and campaign.state.battle.drawn)
        assert "I initiative typed wrong" not in screen_text(app)
    campaign.close()


# -- the card correction, named where it is needed ---------------------------------------------


def test_a_card_refused_because_a_hand_holds_it_names_the_card_correction() -> None:
    # the app has a card in a hand that the table's pack still holds: a card typed wrong
    # into that hand; the refusal says how to set it right, without saying which hand
    table = one_off()
    held = table.state.hand(COLE)[0]
    error = refused(table, DrawCard(HENDRY, typed=held.code), "Draw Deck")
    assert error.message == ("the 1st card is not in the Draw Deck (a card typed wrong "
                             "into a hand is set right with C)"), error.message
    # a card face up in the discard pile needs no correction: it is said to be there
    discarded = table.state.deck.discards[0]
    error = refused(table, DrawCard(HENDRY, typed=discarded.code), "Draw Deck")
    assert "with C" not in error.message


def test_a_hand_face_up_names_the_card_correction() -> None:
    table = one_off()
    line = view.hand_lines(table.state, HENDRY)[0]
    assert line.endswith("  C if a card is wrong"), line
    assert all("C if" not in line for line in view.hand_lines(table.state))


# -- a correction, told in the recap -----------------------------------------------------------


def test_a_model_renamed_in_the_session_is_not_told_as_gone(tmp_path: Path) -> None:
    # the one-off's hired gun Dutch, renamed Dutch Kane: the recap's totals compare the
    # models at the session's start with those at its end, and Dutch must not "move on"
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign.execute(Rename("Dutch", "Dutch Kane"))
    for dealer in (False, True):
        recap = render(build(campaign, campaign.session, view, dealer=dealer), "txt")
        assert "moved on" not in recap, recap
        assert recap.count("Dutch is renamed Dutch Kane") == 1, recap
    campaign.close()


def test_a_model_renamed_in_a_game_is_just_now_for_the_table() -> None:
    # "Just now" said "Dutch's activation goes on" while the table's roster said Dutch
    # Kane: the rename is the last thing the table was told
    table = one_off()
    model = "Dutch"
    table.execute(CorrectInitiative(HENDRY, "Jh", "Qc"))  # Ma Hendry still first
    table.execute(Activate(model))
    table.execute(EndActivation(model))
    table.execute(Resume(model))
    table.execute(Rename(model, "Dutch Kane"))
    assert table.state.last == "Dutch is renamed Dutch Kane"
    assert view.table_knows(table.state).last == "Dutch is renamed Dutch Kane"
    assert table.replayed() == table.state
