"""The Road to Hell through the app's pilot, by keys: Zeke's Guts goes to 0, his next
conflict with Guts is his last, both tabs say his fate is due, the Characters footer offers
the fate (and no purchases for him), and once it is recorded he enters no conflict. The
Conflict footer offers only the current step's keys, within 80 columns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Static

from gmscreen.games import rules_for
from gmscreen.games.dust_devils import conflict as steps
from gmscreen.games.dust_devils.commands import (
    Call,
    Deal,
    Draw,
    EndConflict,
    Entrant,
    OpenConflict,
    SetDevilRating,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.panes import CharactersPane, ConflictPane
from gmscreen.games.dust_devils.sample import ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import open_campaign
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.form import Form
from tests.dust_devils.test_session import enter, new_campaign, press, send, watched
from tests.pilot import fill, synchronous, to_tab, until

FLUSH = ("2c", "5c", "8c", "Jc", "Kc")


def zeke_at_zero(folder: Path) -> Path:
    """A campaign in session where a flush of clubs has taken all of Zeke's Guts."""
    path = new_campaign(folder)
    campaign = open_campaign(path, rules_for)
    zeke = ZEKE.name
    campaign.start_session()
    campaign.execute(SetDevilRating(zeke, 2))  # his player's choice for the session
    campaign.execute(OpenConflict("Bar fight", (Entrant(zeke, "win", ("Hand", "Eye")),),
                                  stud=5))
    campaign.execute(Deal(((zeke, ("2s", "4d", "6h", "8h", "9s", "Jd", "Kh", "3d")),
                           ("Dealer", FLUSH))))
    campaign.execute(Draw(zeke, (), ()))
    campaign.execute(Call(((zeke, ("Kh", "Jd", "9s", "8h", "6h")), ("Dealer", FLUSH))))
    campaign.execute(TakeDifficulty(zeke, (("Guts", 3),)))
    campaign.execute(EndConflict())
    campaign.close()
    return path


def footer_actions(pane: Any) -> set[str]:
    """The pane's actions the footer offers now."""
    return {b.action for b in pane.BINDINGS
            if b.show and pane.check_action(b.action, ()) is True}


@synchronous
async def test_the_last_conflict_is_said_as_the_hand_is_added(tmp_path: Path) -> None:
    # a character at 0 that takes part in a conflict using that attribute is in its last
    # (book line 319): known once its two attributes are picked, so the tab says it then,
    # before the conflict opens, as it does after
    campaign = open_campaign(zeke_at_zero(tmp_path), rules_for)
    zeke = ZEKE.name
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.screen.query_one(ConflictPane)
        await enter(pilot, zeke, "go out fighting", "Guts", "Hand")
        await until(pilot, lambda: campaign.state.entering)
        last = f"{zeke} enters at 0: the last conflict on the Road to Hell."
        assert last in str(pane.query_one("#dd-detail", Static).content)
        table = pane.query_one("#dd-hands", DataTable)
        assert str(table.get_row_at(0)[3]) == "entering, at 0"
        assert campaign.state.conflict is None  # set up, not opened
        await fill(pilot, "x")  # taken out again; with Hand and Eye it is no last
        await until(pilot, lambda: not campaign.state.entering)
        await enter(pilot, zeke, "walk away", "Hand", "Eye")
        await until(pilot, lambda: campaign.state.entering)
        assert last not in str(pane.query_one("#dd-detail", Static).content)
        assert str(pane.query_one("#dd-hands", DataTable).get_row_at(0)[3]) == "entering"


@pytest.mark.slow
@synchronous
async def test_the_road_to_hell_by_keys(tmp_path: Path) -> None:
    campaign = open_campaign(zeke_at_zero(tmp_path), rules_for)
    zeke = ZEKE.name
    app, notices = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        conflict_pane = app.screen.query_one(ConflictPane)
        # u (taking back a conflict) and h (the earlier ones) are named under the steps:
        # the footer's room goes to ^z Undo, ^y Redo and n Note
        assert footer_actions(conflict_pane) == {"add_entrant"}
        await enter(pilot, zeke, "go out fighting", "Guts", "Hand")
        await send(pilot, "o", title="Last stand", stud="5")
        state: DustDevilsState = campaign.state
        assert state.conflict is not None and state.conflict.participants[0].cards_due == 7
        assert footer_actions(conflict_pane) == {"deal", "type_deal", "fold"}
        detail = str(conflict_pane.query_one("#dd-detail", Static).content)
        assert "the last conflict on the Road to Hell" in detail
        await pilot.press("w")  # not a step of the Deal: nothing opens, nothing is saved
        await until(pilot, lambda: notices.of("warning"))
        assert not isinstance(app.screen, Form)
        await press(pilot, "d")
        await send(pilot, "w", name=zeke, discards="")
        await send(pilot, "l")
        state = campaign.state
        assert state.conflict is not None and state.conflict.narrator == zeke
        if zeke not in state.conflict.winners and zeke not in state.conflict.placed:
            await send(pilot, "k")
        await press(pilot, "e")
        state = campaign.state
        assert state.conflict is None
        who = state.character(zeke)
        assert who is not None and who.fate_due
        detail = str(conflict_pane.query_one("#dd-detail", Static).content)
        assert f"Fate due: {zeke}" in detail

        # he enters no other conflict before his fate is recorded: the rules refuse him,
        # so the entrant form does not offer him
        assert steps.why_not_enter(state, Entrant(zeke, "one more drink", ("Hand", "Eye")))
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, Form))
        assert isinstance(app.screen, Form)
        names = next(f for f in app.screen.fields if f.key == "name").options
        assert zeke not in [choice for _, choice in names]
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        assert campaign.state.entering == () and campaign.state.conflict is None

        await to_tab(pilot, "Characters")
        characters = app.screen.query_one(CharactersPane)
        await pilot.press("down")  # Zeke is the second sheet
        await pilot.pause()
        offered = footer_actions(characters)
        assert "fate" in offered and "raise_attribute" not in offered
        await fill(pilot, "t", fate="dies")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: bool(campaign.state.character(zeke).fate))
        who = campaign.state.character(zeke)
        assert who is not None and who.fate == "dies" and not who.in_play
        assert "fate" not in footer_actions(characters)
