"""Slips mended forward, where undo would take back every good step since: a card typed
wrong into a hand, Done pressed too early, a perk chosen wrong, and a name typed wrong (a
gang's or a model's). Each is refused with a clear message that changes nothing, and told
in the log without showing a hidden hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Static

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.commands import (
    Activate,
    ChangeAbility,
    ChangePerk,
    CorrectCard,
    DrawCard,
    EndActivation,
    EndGame,
    GainLevel,
    Move,
    Rename,
    RenameGang,
    Resume,
)
from gmscreen.games.devils_bluff.rules import activating
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.games.devils_bluff.turns import activatable
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.devils_bluff.helpers import Table, campaign, cards, one_off, pick
from tests.devils_bluff.hidden import assert_table_keeps_hidden
from tests.pilot import form_up, screen_text, synchronous, to_tab, until


def refused(table: Table, command: object, rule: str) -> RuleError:
    """The refusal of `command` by `rule`; nothing journalled, the state as it was."""
    before, count = table.state, len(table.events)
    with pytest.raises(RuleError) as error:
        table.execute(command)
    assert error.value.rule == rule, error.value
    assert table.state == before and len(table.events) == count
    return error.value


def told(table: Table) -> str:
    return RULES.describe(table.events[-1])


# -- a name typed wrong ----------------------------------------------------------------------


def test_a_model_is_renamed_even_while_it_activates() -> None:
    table = one_off()
    table.execute(Activate("Dutch"))
    table.execute(Rename("Dutch", "Dutch Kane"))
    assert table.state.find("Dutch") is None
    assert table.fighter("Dutch Kane").recruit.weapon == "Revolver"
    assert table.state.battle is not None and table.state.battle.activation is not None
    assert table.state.battle.activation.fighter == "Dutch Kane"
    assert told(table) == "Dutch is renamed Dutch Kane"
    # found by either name, and by his player's (round 21: `log --who` finds a player)
    assert RULES.subjects(table.events[-1]) == {"Dutch", "Dutch Kane", "Ma Hendry"}
    assert table.replayed() == table.state
    # the renamed model goes on as before: Done ends its activation
    table.execute(EndActivation("Dutch Kane"))
    assert table.fighter("Dutch Kane").activated


def test_a_model_s_name_that_reads_as_a_taken_one_is_refused() -> None:
    table = one_off()
    error = refused(table, Rename("Dutch", "eli  CRANE"), "Roster")
    assert error.field == "name" and "Eli Crane" in str(error)
    refused(table, Rename("Dutch", "Dutch"), "Roster")
    refused(table, Rename("Nobody", "Somebody"), "Models")
    refused(table, Rename("Dutch", "x" * 41), "Roster")
    # its own name in another case is a slip mended, not a name taken
    table.execute(Rename("Dutch", "DUTCH"))
    assert table.fighter("DUTCH").name == "DUTCH"


def test_a_gang_is_renamed_and_a_name_another_gang_holds_is_refused() -> None:
    table = one_off()
    table.execute(RenameGang("Ma Hendry", "The Hendry Gang"))
    gang = table.state.gang("Ma Hendry")
    assert gang is not None and gang.name == "The Hendry Gang"
    assert told(table) == "Ma Hendry's gang The Hendry Boys is renamed The Hendry Gang"
    error = refused(table, RenameGang("Ma Hendry", "bluff regulators"), "Gangs")
    assert error.field == "name" and "Bluff Regulators" in str(error)
    refused(table, RenameGang("Nobody", "Gang"), "Gangs")


# -- Done pressed too early ------------------------------------------------------------------


def test_done_pressed_too_early_is_taken_back_before_the_next_model_activates() -> None:
    table = one_off()
    table.execute(Activate("Dutch"))
    table.execute(Move("Dutch", "Advance"))
    table.execute(EndActivation("Dutch"))
    table.execute(Resume("Dutch"))
    battle = table.state.battle
    assert battle is not None and battle.activation is not None
    assert battle.activation.fighter == "Dutch" and battle.activation.actions_left == 1
    assert battle.activation.taken == ("Advance",)
    assert battle.turn == "Ma Hendry" and not table.fighter("Dutch").activated
    assert told(table) == ("Dutch's activation goes on: Done was pressed too early "
                           "(1 action left)")
    assert table.replayed() == table.state


def test_a_card_drawn_before_done_was_taken_back_counts_for_its_own_turn() -> None:
    # Ma Hendry drew on her turn, then Done too early; Sheriff Cole drew on his: taken
    # back, neither draws again in the turn they drew for (module line 39: once a turn)
    table = one_off()
    table.execute(DrawCard("Ma Hendry", "4h"))
    table.execute(Activate("Dutch"))
    table.execute(EndActivation("Dutch"))
    table.execute(DrawCard("Sheriff Cole", "5d"))
    table.execute(Resume("Dutch"))
    refused(table, DrawCard("Ma Hendry", "9d"), "The Hand")
    table.execute(EndActivation("Dutch"))
    refused(table, DrawCard("Sheriff Cole", "Kh"), "The Hand")
    assert table.replayed() == table.state


def test_done_is_not_taken_back_once_the_next_model_activates_or_with_nothing_left() -> None:
    table = one_off()
    table.execute(Activate("Dutch"))
    table.execute(EndActivation("Dutch"))
    table.execute(Activate("Eli Crane"))
    refused(table, Resume("Dutch"), "Activation")
    table.execute(Move("Eli Crane", "Advance"))
    table.execute(Move("Eli Crane", "Rush"))  # its two actions spent, it ends at once
    error = refused(table, Resume("Eli Crane"), "Activation")
    assert "both actions" in str(error)
    refused(table, Resume("Dutch"), "Activation")


# -- a perk chosen wrong ---------------------------------------------------------------------


def after_a_game() -> Table:
    table = campaign()
    table.execute(EndGame())
    return table


def test_a_perk_chosen_wrong_is_changed_between_games() -> None:
    table = after_a_game()
    table.execute(GainLevel("Ma Hendry", "Tough"))
    table.execute(ChangePerk("Ma Hendry", "Tough", "Quick"))
    assert table.fighter("Ma Hendry").recruit.perks == ("Cunning", "Quick")
    assert told(table) == "Ma Hendry's perk Tough is changed to Quick"
    assert table.replayed() == table.state
    # the model's level stays gained after this game
    refused(table, GainLevel("Ma Hendry", "Deft"), "Experience")


def test_a_perk_change_the_rules_refuse_changes_nothing() -> None:
    table = after_a_game()
    error = refused(table, ChangePerk("Ma Hendry", "Tough", "Quick"), "Perks")
    assert error.field == "was"
    error = refused(table, ChangePerk("Ma Hendry", "Cunning", "Cunning"), "Perks")
    assert error.field == "perk"
    refused(table, ChangePerk("Ma Hendry", "Cunning", "Lucky"), "Perks")
    playing = campaign()
    refused(playing, ChangePerk("Ma Hendry", "Cunning", "Quick"), "Between games")


def test_an_ability_chosen_wrong_is_changed_between_games_for_one_its_gang_leaves_open(
        ) -> None:
    table = one_off()
    table.execute(EndGame())
    jesse = table.fighter("Jesse Hendry").recruit.ability
    ma = table.fighter("Ma Hendry").recruit.ability
    assert jesse and ma
    error = refused(table, ChangeAbility("Jesse Hendry", ma), "Abilities")
    assert error.field == "ability" and "Ma Hendry" in error.message
    refused(table, ChangeAbility("Jesse Hendry", jesse), "Abilities")
    refused(table, ChangeAbility("Dutch", "Precise Shot"), "Abilities")
    refused(table, ChangeAbility("Jesse Hendry", "Second Sight"), "Abilities")
    table.execute(ChangeAbility("Jesse Hendry", "Precise Shot"))
    assert table.fighter("Jesse Hendry").recruit.ability == "Precise Shot"
    assert told(table) == f"Jesse Hendry's ability {jesse} is changed to Precise Shot"
    assert table.replayed() == table.state
    refused(one_off(), ChangeAbility("Jesse Hendry", "Precise Shot"), "Between games")


# -- a card typed wrong into a hand ----------------------------------------------------------


def test_a_card_typed_wrong_into_a_hand_is_swapped_for_the_one_held() -> None:
    table = one_off()
    deck = table.state.deck
    place = deck.order.index(cards("2c")[0])
    table.execute(CorrectCard("Ma Hendry", "4h", "2c"))
    assert table.state.hand("Ma Hendry") == cards("2c 9d As Kd Qh")
    # the card wrongly held goes where the Draw Deck kept the one really held
    assert table.state.deck.order[place] == cards("4h")[0]
    assert len(table.state.deck.order) == len(deck.order)
    line = told(table)
    assert line == "A card in Ma Hendry's hand is corrected to the one held (typed wrong)"
    assert "4" not in line and "2" not in line
    assert "4♥" not in " ".join(view.status_lines(table.state))
    assert_table_keeps_hidden(table.state)
    assert table.replayed() == table.state


def test_a_card_correction_the_rules_refuse_changes_nothing() -> None:
    table = one_off()
    error = refused(table, CorrectCard("Ma Hendry", "2c", "3c"), "The Hand")
    assert error.field == "was"
    # a card the other player holds is said to be out of the Draw Deck, never in a hand
    error = refused(table, CorrectCard("Ma Hendry", "4h", "5d"), "The Hand")
    assert error.field == "card" and error.message == (
        "the card held is not in the Draw Deck, so it cannot have been drawn into the hand")
    refused(table, CorrectCard("Ma Hendry", "4h", "4h"), "The Hand")
    refused(table, CorrectCard("Ma Hendry", "4h", "zz"), "The Hand")


# -- by keys, at 80x24 -------------------------------------------------------------------------


def test_the_recap_tells_done_taken_back_in_the_activation_s_paragraph(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    hendry = campaign.state.players[0]
    model = activatable(campaign.state)[0]
    campaign.execute(Activate(model))
    campaign.execute(EndActivation(model))
    campaign.execute(Resume(model))
    assert view.episode(campaign.events[-1]) == f"{model} activates."
    held = campaign.state.hand(hendry)
    spare = campaign.state.deck.order[0]
    campaign.execute(CorrectCard(hendry, held[0].code, spare.code))
    recap = render(build(campaign, campaign.session, view), "txt")
    assert f"A card in {hendry}'s hand is corrected" in recap
    assert str(held[0]) not in recap and str(spare) not in recap
    campaign.close()


@synchronous
async def test_slips_are_mended_by_keys(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    hendry = campaign.state.players[0]
    model = activatable(campaign.state)[0]
    campaign.execute(Activate(model))
    campaign.execute(EndActivation(model))
    held = campaign.state.hand(hendry)
    spare = campaign.state.deck.order[3]
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        # Done pressed too early: the Keys line names E, which takes it back
        assert "E take back Done" in screen_text(app)
        await pilot.press("E")
        await until(pilot, lambda: activating(campaign.state) == model)
        # a card typed wrong: typed unseen, the two cards, Enter
        await pilot.press("C")
        await form_up(pilot)
        app.screen.query_one("#f-was", Input).value = held[1].code
        app.screen.query_one("#f-card", Input).value = spare.code
        await pilot.press("ctrl+s")
        await until(pilot, lambda: spare in campaign.state.hand(hendry))
        assert str(spare) not in screen_text(app) and str(held[1]) not in screen_text(app)
        # a model's name typed wrong, set right on the Characters tab
        await to_tab(pilot, "Characters")
        pick(pilot, "#bluff-roster", model)
        await pilot.press("N")
        await form_up(pilot)
        await pilot.press("ctrl+u", *"Dutch Kane", "enter")
        await until(pilot, lambda: campaign.state.find("Dutch Kane") is not None)
    campaign.close()


@synchronous
async def test_a_renamed_model_s_sheet_keeps_the_notes_about_its_old_name(
        tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign.note("Dutch owes the livery two dollars", ["Dutch"])
    campaign.execute(Rename("Dutch", "Dutch Kane"))
    campaign.execute(Rename("Dutch Kane", "Dutch Kaine"))
    campaign.note("Dutch Kaine swore off whiskey", ["Dutch Kaine"])
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pick(pilot, "#bluff-roster", "Dutch Kaine")
        await pilot.pause()
        shown = str(app.screen.query_one("#bluff-roster-text", Static).content)
        assert "two dollars" in shown and "whiskey" in shown
    campaign.close()


@synchronous
async def test_a_perk_and_an_ability_chosen_wrong_are_changed_by_keys(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign.execute(EndGame())
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pick(pilot, "#bluff-roster", "Jesse Hendry")
        await pilot.pause()
        assert "V change perk" in screen_text(app)
        assert "A set ability" in screen_text(app)
        await pilot.press("A")
        await form_up(pilot)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: campaign.state.find("Jesse Hendry")[1].recruit.ability
                    != "Hail of Fire")
        held = campaign.state.find("Jesse Hendry")[1].recruit.perks
        await pilot.press("V")
        await form_up(pilot)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: campaign.state.find("Jesse Hendry")[1].recruit.perks
                    != held)
        # a hired gun has neither: the step is refused before any form, naming the rule
        pick(pilot, "#bluff-roster", "Dutch")
        await pilot.pause()
        assert "A set ability" not in screen_text(app)
    campaign.close()
