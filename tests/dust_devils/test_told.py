"""How a loss is told is kept with it (book lines 248-252: the narrator says what the
Difficulty is, a wound or shame or fear; line 260: a recovery's treatment must fit that
description). The Difficulty form takes the narrator's words; the journal keeps them; the
sheet says them while the points are still lost, the open form says them as a patient is
chosen, and the table, who heard them told, reads them on its screen and in its recap.
Journals written before keep opening: their losses were told in no words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from textual.widgets import Static

from gmscreen.games import rules_for
from gmscreen.games.dust_devils import RULES, view
from gmscreen.games.dust_devils.commands import (
    Call,
    Deal,
    EndConflict,
    Entrant,
    MakeCharacter,
    OpenConflict,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.events import KINDS, DifficultyTaken
from gmscreen.games.dust_devils.sample import JIM, LUKE, ZEKE
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.sections import as_text
from tests.dust_devils.game import Table
from tests.dust_devils.test_session import enter, new_campaign, press, send, watched
from tests.pilot import opened, set_field, synchronous, to_tab, until

CHANDELIER = "the chandelier came down on his head"


def _called(do: Callable[[Any], object]) -> None:
    """Luke's king high against three fives (line 244), called."""
    do(OpenConflict("A rival's wild shot",
                    (Entrant(LUKE.name, "stay alive", ("Guts", "Hand")),), stud=5))
    do(Deal(((LUKE.name, ("2s", "4d", "6c", "8h", "9s", "Jd", "Kc")),
             ("Dealer", ("5h", "5c", "5d", "3s", "2h")))))
    do(Call(((LUKE.name, ("Kc", "Jd", "9s", "8h", "6c")),
             ("Dealer", ("5h", "5c", "5d", "3s", "2h")))))


def _wild_shot(table: Table, told: str = CHANDELIER) -> None:
    """Luke loses 1 Eye, 1 Guts, 1 Heart to three fives, told as the narrator likes (line
    252's chandelier)."""
    _called(table.do)
    table.do(TakeDifficulty(LUKE.name, (("Eye", 1), ("Guts", 1), ("Heart", 1)), told=told))


def luke_shot_at() -> Table:
    """Luke and Zeke made, session 1 begun, and Luke's loss to the wild shot placed."""
    table = Table()
    for sheet in (LUKE, ZEKE):
        table.do(MakeCharacter(sheet))
    table.start_session()
    _wild_shot(table)
    return table


def test_a_loss_is_kept_with_the_words_it_was_told_in() -> None:
    table = luke_shot_at()
    taken = table.events[-1]
    assert taken.data["told"] == CHANDELIER
    assert RULES.describe(taken) == f"{LUKE.name} loses 1 Eye, 1 Guts, 1 Heart: {CHANDELIER}"
    # the table heard it told: its screen and its recap say it
    shown = as_text(view.table_sections(view.table_knows(table.state)))
    assert f"{LUKE.name} lost Eye 1, Guts 1, Heart 1: {CHANDELIER}." in shown
    assert view.table_tells(taken) == RULES.describe(taken)
    table.do(EndConflict())
    # the sheet says it while the points are lost; the recovery is offered with it
    luke = table.state.character(LUKE.name)
    assert luke is not None and luke.hurts == ((CHANDELIER, "A rival's wild shot"),)
    assert (f"Difficulty told as: {CHANDELIER} (A rival's wild shot)"
            in view.sheet_lines(luke, table.state))
    assert view.recovery_told(luke) == f"{LUKE.name}'s Difficulty was told as: {CHANDELIER}."
    # all of it back at the session's end: nothing is left to tell
    table.end_session()
    luke = table.state.character(LUKE.name)
    assert luke is not None and luke.values == luke.ratings and luke.hurts == ()
    assert view.recovery_told(luke) == ""
    assert table.replayed() == table.state


def test_a_loss_told_in_no_words_reads_as_it_did() -> None:
    # a journal written before the words were asked for
    table = Table()
    table.do(MakeCharacter(LUKE))
    _wild_shot(table, told="")
    data = dict(table.events[-1].data)
    data.pop("told", None)
    old = KINDS.read(replace(table.events[-1], data=data))
    assert isinstance(old, DifficultyTaken) and old.told == ""
    assert RULES.describe(table.events[-1]) == f"{LUKE.name} loses 1 Eye, 1 Guts, 1 Heart"
    luke = table.state.character(LUKE.name)
    assert luke is not None and luke.hurts == ()


def test_an_attribute_at_zero_keeps_its_words_past_the_session() -> None:
    # line 258: an attribute at 0 recovers nothing, so its loss is still to be told
    table = Table()
    table.do(MakeCharacter(ZEKE))
    table.do(OpenConflict("Bar fight", (Entrant(ZEKE.name, "win", ("Hand", "Eye")),), stud=5))
    table.do(Deal(((ZEKE.name, ("2s", "4d", "6h", "8h", "9s", "Jd", "Kh", "3d")),
                   ("Dealer", ("2c", "5c", "8c", "Jc", "Kc")))))
    table.do(Call(((ZEKE.name, ("Kh", "Jd", "9s", "8h", "6h")),
                   ("Dealer", ("2c", "5c", "8c", "Jc", "Kc")))))
    table.do(TakeDifficulty(ZEKE.name, (("Guts", 3),), told="his nerve breaks"))
    table.do(EndConflict())
    table.start_session()
    table.end_session()
    zeke = table.state.character(ZEKE.name)
    assert zeke is not None and zeke.hurts == (("his nerve breaks", "Bar fight"),)


@synchronous
async def test_the_difficulty_form_takes_the_narrators_words(tmp_path: Path) -> None:
    campaign = open_campaign(new_campaign(tmp_path), rules_for)
    campaign.start_session()
    _called(campaign.execute)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await send(pilot, "k", told=CHANDELIER)  # the split as offered
        assert campaign.events[-1].data["told"] == CHANDELIER
        await press(pilot, "e")
        await enter(pilot, JIM.name, "patch Luke up", "Eye", "Heart")
        # the recovery's patient, chosen, says how his loss was told
        form = await opened(pilot, "o")
        set_field(form, "patient", LUKE.name)
        await until(pilot, lambda: CHANDELIER in str(
            form.query_one("#form-preview", Static).render()))
    campaign.close()
