"""A second look at the book against the engine: departures found and fixed, each proved
here through the decider (the module's lines; the Open Fire digest's sections), and the
Conflict tab's models table at 80 columns while a model acts."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, events, view
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    AttributeTest,
    EndActivation,
    Forgo,
    Move,
)
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from tests.devils_bluff.helpers import Table, acting_now, one_off, with_perk
from tests.devils_bluff.test_book import given_ability, with_tokens
from tests.devils_bluff.test_game import refused, total_cards
from tests.devils_bluff.test_panes import select_row
from tests.devils_bluff.test_readings import agreed
from tests.pilot import fill, refusal_shown, to_tab, until

# -- Fear and Fearless hear every Command test (digest 3.6, 4) ---------------------------------


def test_a_fearless_model_draws_a_failed_command_test_again_outside_a_recover() -> None:
    # Sheriff Cole (Veteran: Fearless) has CMD 7: a 2 fails, so a second card is drawn and
    # stands; a 9 passes
    table = one_off()
    assert table.fighter("Sheriff Cole").rule_value("Fearless")
    table.stack("2c 9c")
    (event,) = table.execute(AttributeTest("Sheriff Cole", "CMD"))
    assert event.data["outcome"] == "success"
    assert event.data["redrawn"] == "2c" and event.data["card"] == "9c"
    assert "drawn again (Fearless)" in RULES.describe(event)
    assert total_cards(table) == 52
    # the second card stands even when it fails too
    table.stack("3c 4c 5c")
    (event,) = table.execute(AttributeTest("Sheriff Cole", "CMD"))
    assert event.data["outcome"] == "failure" and event.data["card"] == "4c"
    # a model without Fearless keeps its first card
    table.stack("2d 9d")
    (event,) = table.execute(AttributeTest("Dutch", "CMD"))
    assert event.data["outcome"] == "failure" and "redrawn" not in event.data
    # Fearless is for Command tests only: a failed DEF test is not drawn again
    table.stack("2h 9h")
    (event,) = table.execute(AttributeTest("Sheriff Cole", "DEF"))
    assert event.data["outcome"] == "failure" and event.data["card"] == "2h"


def test_fear_takes_three_off_any_command_test() -> None:
    # Dutch CMD 8: a 10 passes alone, but 10 - 3 = 7 fails near Ma Hendry (Fearsome)
    table = one_off()
    table.stack("Td")
    (event,) = table.execute(AttributeTest("Dutch", "CMD"))
    assert event.data["outcome"] == "success"
    table.stack("Th")
    (event,) = table.execute(AttributeTest("Deputy Ames", "CMD", feared_by=1))
    assert event.data["outcome"] == "failure" and event.data["modifier"] == -3
    assert "Fear -3" in event.data["line"]
    # several Fear models give -3 once, unless the table agreed they add up
    with_perk(table, "Jesse Hendry", "Fearsome")
    table.stack("Kh")
    (event,) = table.execute(AttributeTest("Deputy Ames", "CMD", feared_by=2))
    assert event.data["modifier"] == -3 and event.data["outcome"] == "success"
    agreed(table, fear_stacks=True)
    # a Queen: 12 - 6 + 1 = 7, short of 8
    table.stack("Qs")
    (event,) = table.execute(AttributeTest("Deputy Ames", "CMD", feared_by=2, modifier=1))
    assert event.data["modifier"] == -5 and event.data["outcome"] == "failure"


def test_fear_is_refused_on_a_test_that_is_not_of_command() -> None:
    table = one_off()
    error = refused(table, AttributeTest("Dutch", "DEF", feared_by=1), "Fear")
    assert error.field == "feared_by" and "Command" in error.message
    error = refused(table, AttributeTest("Dutch", "CMD", feared_by=-1), "Fear")
    assert error.field == "feared_by"


def test_an_old_test_event_without_a_second_card_still_reads() -> None:
    table = one_off()
    table.stack("9c")
    (event,) = table.execute(AttributeTest("Dutch", "CMD"))
    data = dict(event.data)
    data.pop("redrawn", None)
    read = events.KINDS.read(event.__class__(event.seq, event.at, event.session, event.kind, data,
                                      event.seq))
    assert isinstance(read, events.Tested) and read.redrawn is None and read.card is not None


# -- Evading only beyond 6" (digest 3.4) ---------------------------------------------------------


def test_no_evading_an_attack_made_in_assault_range() -> None:
    # assault range is 1", so the attacker is never more than 6" away
    table = one_off()
    table.execute(Activate("Jesse Hendry"))
    error = refused(table, Attack("Jesse Hendry", "Deputy Ames", evading=True,
                                  assault_range=True), "Evading")
    assert error.field == "evading" and '6"' in error.message
    # beyond assault range it is the players' call, and the +2 applies
    table.stack("Kc 5d")
    (event,) = table.execute(Attack("Jesse Hendry", "Deputy Ames", evading=True))
    assert "DEF 7+ at +2" in event.data["line"]


# -- Free actions of an ability belong to the model's own activation (module 147, 159) ----------


def leaving_jesse(table: Table) -> Table:
    """Jesse Hendry has activated; Deputy Ames activates and moves out of his assault range,
    so Jesse makes a free attack on him first."""
    assert table.state.battle is not None and table.state.battle.turn == HENDRY
    table.execute(Activate("Jesse Hendry"))
    table.execute(EndActivation("Jesse Hendry"))
    table.execute(Activate("Deputy Ames"))
    table.execute(Move("Deputy Ames", "Advance", ("Jesse Hendry",)))
    return table


def test_hail_of_fire_gives_no_free_attacks_on_a_parting_shot() -> None:
    """Round 21 changed this reading: module line 147 names no activation, and a parting
    shot is a free attack action, so a critical hit on it brings Hail of Fire's two free
    attacks, owed at once in the mover's activation, which waits for them (see
    `test_round_twenty_one`). They are not the mover's: its own count stays at none."""
    table = leaving_jesse(one_off())
    assert table.fighter("Jesse Hendry").recruit.ability == "Hail of Fire"
    table.give(HENDRY, "4h 4d 9s 2c 3c")
    table.stack("2s")
    (event,) = table.execute(Attack("Jesse Hendry", "Deputy Ames", hand=True))
    assert event.data["critical_hits"] == 1 and event.data["parting_shot"]
    assert "Hail of Fire" in event.data.get("fired", [])
    assert "free_attacks" not in event.data and event.data["hail"] == 2
    battle = table.state.battle
    assert battle is not None and battle.activation is not None
    assert battle.activation.fighter == "Deputy Ames" and not battle.activation.free_attacks
    assert battle.hail == ("Jesse Hendry", 2)
    # let go, the mover's Advance is made
    table.execute(Forgo())
    (moved,) = table.execute(Move("Deputy Ames", "Advance"))
    assert moved.kind == "devils_bluff.moved"


def test_run_and_gun_on_a_parting_shot_hits_harder_and_sheds_tokens_but_does_not_move() -> None:
    table = one_off()
    given_ability(table, "Jesse Hendry", "Run and Gun")
    with_tokens(table, "Jesse Hendry", 1)
    leaving_jesse(table)
    table.give(HENDRY, "4h 4d 9s 2c 3c")
    # fists: DMG 1, +1 for Run and Gun; Deputy Ames (DEF 7) fails with a 2
    table.stack("2s")
    (event,) = table.execute(Attack("Jesse Hendry", "Deputy Ames", hand=True))
    assert event.data["fired"] == ["Run and Gun"] and event.data["damage"] == 2
    assert table.fighter("Jesse Hendry").tokens == 0
    assert "free_advance" not in event.data and "no free Advance" in event.data["line"]
    battle = table.state.battle
    assert battle is not None and battle.activation is not None
    assert battle.activation.fighter == "Deputy Ames" and not battle.activation.free_advance


def test_in_its_own_activation_hail_of_fire_still_gives_two_attacks() -> None:
    table = one_off()
    table.execute(Activate("Jesse Hendry"))
    table.give(HENDRY, "4h 4d 9s 2c 3c")
    table.stack("2s 2d")
    (event,) = table.execute(Attack("Jesse Hendry", "Deputy Ames", hand=True))
    assert event.data["fired"] == ["Hail of Fire"] and event.data["free_attacks"] == 2


# -- The Conflict tab at 80 columns ----------------------------------------------------------


def test_a_model_acting_keeps_each_row_of_the_models_table_on_one_line(
        tmp_path: Path) -> None:
    asyncio.run(_acting_keeps_rows_on_one_line(tmp_path))


async def _acting_keeps_rows_on_one_line(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        table = app.screen.query_one("#bluff-models", DataTable)
        player = campaign.state.battle.turn
        assert player in (HENDRY, COLE)
        await pilot.press("a", "enter")
        await until(pilot, lambda: acting_now(pilot.app))
        acting = campaign.state.battle.activation
        assert acting is not None
        assert {r.height for r in table.rows.values()} == {1}
        row = table.get_row_index(acting.fighter)
        assert table.get_row_at(row)[4].plain == "ACT"
        # the Player column shows each player's name whole on the one line
        players = {table.get_row_at(i)[-1].plain for i in range(table.row_count)}
        assert players == {HENDRY, COLE}


def test_a_fear_test_by_keys(tmp_path: Path) -> None:
    asyncio.run(_a_fear_test_by_keys(tmp_path))


async def _a_fear_test_by_keys(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await select_row(pilot, "Deputy Ames")
        await fill(pilot, "t", attribute="CMD", feared_by="1")
        (event,) = [e for e in campaign.events if e.kind == "devils_bluff.tested"]
        assert event.data["fighter"] == "Deputy Ames" and event.data["modifier"] == -3
        # Fear on a DEF test is refused by name, and the form stays to be put right
        await fill(pilot, "t", attribute="DEF", feared_by="1")
        form = refusal_shown(app, "Fear")
        # on the field the rule names: the Fear, where the Dealer puts it right
        assert app.focused is form.widget_of("feared_by")


# -- The level and enlist forms say what each perk and ability does (module 128-163) ---------


def test_each_perk_is_offered_with_what_it_does() -> None:
    offered = dict((value, label) for label, value in view.perk_options())
    assert len(offered) == 12
    # the book's numbers: Lightfoot +2 MOV -2 HP, Brute +2 HP +1 SKL, Cunning -2 CMD
    assert offered["Lightfoot"] == "Lightfoot: +2 MOV, -2 HP"
    assert offered["Brute"] == "Brute: +1 SKL, +2 HP"
    assert offered["Cunning"] == "Cunning: -2 CMD"
    assert offered["Sharpshooter"] == "Sharpshooter: -1 SKL, -1 HP"
    assert offered["Stealthy"] == "Stealthy: Stealth (1)"
    assert offered["Veteran"] == "Veteran: Fearless"
    # a perk held is not offered again: a perk is taken once
    again = [value for _, value in view.perk_options(("Quick", "Deft"))]
    assert "Quick" not in again and "Deft" not in again and len(again) == 10


def test_each_ability_is_offered_with_its_test_and_effect() -> None:
    offered = dict((value, label) for label, value in view.ability_options())
    assert offered[""] == "(none)" and len(offered) == 6
    assert offered["Return Fire"].startswith("Return Fire: DEF crit")
    assert offered["Shrug it Off"].startswith("Shrug it Off: CMD crit")
    assert "+3 DMG and +3 PRC" in offered["Precise Shot"]
    # narrow enough for the drop-down at 80 columns
    assert all(len(label) <= 54 for label in offered.values())
