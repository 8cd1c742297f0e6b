"""Dust Devils on a loaded machine (round 35): the races read for in the panes and the pilot
tests, and the leftovers of round 34 (a step's key on a row that cannot take it, and a
conflict told in two paragraphs of the recap where Chips were handed over in the middle)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from random import Random
from typing import Any

from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.dust_devils import resolution, view
from gmscreen.games.dust_devils.commands import (
    Call,
    Deal,
    DealerFolds,
    Draw,
    Entrant,
    GiveChips,
    OpenConflict,
)
from gmscreen.games.dust_devils.deal import deal_hands
from gmscreen.games.dust_devils.panes.conflict import ConflictPane
from gmscreen.games.dust_devils.sample import JACK, JIM, SAMPLES, TOM, ZEKE, best_lay
from gmscreen.games.dust_devils.state import DEALER, DustDevilsState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dust_devils.game import sample
from tests.pilot import form_up, synchronous, to_tab, until

JAIL = "The bounty money at the jail"


def test_chips_handed_over_in_a_conflict_are_told_in_its_one_paragraph(tmp_path: Path) -> None:
    # g in the middle of the jail conflict (a Chip for a fine line): the recap closed the
    # conflict's paragraph at the Chip and opened a second one under the same title
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign.execute(GiveChips(ZEKE.name, 1, "a fine line"))
    campaign.execute(DealerFolds())
    for dealer in (False, True):
        told = render(build(campaign, 1, view, dealer=dealer), "txt").splitlines()
        assert told.count(JAIL) == 1, "\n".join(told)
        paragraph = told[told.index(JAIL) + 1]
        assert f"{ZEKE.name} gains 1 Chip: a fine line." in paragraph
        assert paragraph.rstrip().endswith("the Dealer folded (an open thread).")
    # between conflicts a Chip is told on its own, as before
    campaign.execute(GiveChips(ZEKE.name, 1, "the song at the wake"))
    told = render(build(campaign, 1, view), "txt").split("\n\n")
    assert f"{ZEKE.name} gains 1 Chip: the song at the wake." in told
    campaign.close()


def _faro(campaign: Campaign[DustDevilsState]) -> None:
    """Jim and Black Jack against the Dealer's stud hand, dealt: at the Draw."""
    campaign.execute(DealerFolds())
    campaign.execute(OpenConflict("A hand of faro", (
        Entrant(JIM.name, "clean out the table", ("Eye", "Heart")),
        Entrant(JACK.name, "clean out the table", ("Eye", "Heart"), knack="Gamblin'")),
        stud=5))
    conflict = campaign.state.conflict
    assert conflict is not None
    campaign.execute(Deal(tuple(deal_hands(Random(3), {
        p.name: p.cards_due for p in conflict.participants}).items())))


async def _form_on_row(pilot: Any, row: int, key: str) -> Form:
    """The form `key` opens with the hand of `row` picked in the table (moved to by keys)."""
    app = pilot.app
    if isinstance(app.screen, Form):
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    table = app.screen.query_one("#dd-hands", DataTable)
    while table.cursor_row != row:
        await pilot.press("down" if table.cursor_row < row else "up")
    await pilot.press(key)
    return await form_up(pilot)


@synchronous
async def test_a_step_on_a_row_that_cannot_take_it_says_why_and_whom_it_offers(
        tmp_path: Path) -> None:
    # w on the row of a hand that has drawn, f on the Dealer's, K on the stud hand's and k
    # on a winner's opened the form on the first that could, naming him only: a Dealer who
    # had picked Jack's row read "Jim" as his pick. The form still offers the first that
    # can (one key), and says first why the row picked cannot
    def drawn(campaign: Campaign[DustDevilsState]) -> None:
        _faro(campaign)
        campaign.execute(Draw(JACK.name, (), ()))

    campaign = sample(tmp_path / "a", drawn)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await app.workers.wait_for_complete()
        # nobody picked (the cursor at rest on the first row): nothing said, as before
        await pilot.press("w")
        form = await form_up(pilot)
        assert form.values().text("name") == JIM.name
        assert form.note.startswith("Up to the rating"), form.note
        form = await _form_on_row(pilot, 1, "w")
        assert form.values().text("name") == JIM.name
        assert form.note.startswith(f"{JACK.name} has drawn already: the Draw is offered to "
                                    f"{JIM.name}. Up to the rating"), form.note
        form = await _form_on_row(pilot, 2, "f")
        assert form.values().text("name") == JIM.name
        # the stud hand alone on the Dealer's side: his own fold is refused, and not named
        assert form.note.startswith("The Dealer is no player character in this conflict: the "
                                    f"fold is offered to {JIM.name}. "), form.note
        # a row that can: offered, and nothing said
        form = await _form_on_row(pilot, 1, "f")
        assert form.values().text("name") == JACK.name
        assert form.note == view.fold_note(campaign.state)
        await pilot.press("escape")
    campaign.close()

    # the jail: Long Tom's row, one of the Dealer's with a Devil, where F folds his side
    campaign = sample(tmp_path / "jail")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await app.workers.wait_for_complete()
        form = await _form_on_row(pilot, 1, "f")
        assert form.values().text("name") == ZEKE.name
        assert form.note.startswith(f"{TOM.name} is no player character in this conflict (F "
                                    "folds the Dealer's hands): the fold is offered to "
                                    f"{ZEKE.name}. "), form.note
        await pilot.press("escape")
    campaign.close()

    def called(campaign: Campaign[DustDevilsState]) -> None:
        drawn(campaign)
        campaign.execute(Draw(JIM.name, (), ()))
        conflict = campaign.state.conflict
        assert conflict is not None
        campaign.execute(Draw(DEALER, (), ()))
        conflict = campaign.state.conflict
        assert conflict is not None
        campaign.execute(Call(tuple((p.name, tuple(best_lay(p.hand)))
                                    for p in conflict.active)))

    campaign = sample(tmp_path / "b", called)
    conflict = campaign.state.conflict
    assert conflict is not None and conflict.phase == "resolve"
    names = [p.name for p in conflict.participants]
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await app.workers.wait_for_complete()
        form = await _form_on_row(pilot, names.index(DEALER), "K")
        offered = form.values().text("name")
        assert offered in (JIM.name, JACK.name)
        assert form.note.startswith("The stud hand takes no Difficulty: the Difficulty is "
                                    f"offered to {offered}. "), form.note
        await pilot.press("escape")
    campaign.close()

    # the jail called: k on the winner's row offers the loser, and says why
    def jail_called(campaign: Campaign[DustDevilsState]) -> None:
        for name in (ZEKE.name, TOM.name):
            campaign.execute(Draw(name, (), ()))
        conflict = campaign.state.conflict
        assert conflict is not None
        campaign.execute(Call(tuple((p.name, tuple(best_lay(p.hand)))
                                    for p in conflict.active)))

    campaign = sample(tmp_path / "c", jail_called)
    conflict = campaign.state.conflict
    assert conflict is not None and len(conflict.winners) == 1
    names = [p.name for p in conflict.participants]
    winner, = conflict.winners
    loser, = resolution.losers_waiting(campaign.state)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await app.workers.wait_for_complete()
        await pilot.press("down" if names.index(winner) == 0 else "up")  # picked, then back
        form = await _form_on_row(pilot, names.index(winner), "k")
        assert form.values().text("split")
        assert form.note.startswith(f"{winner} won; only the narrator hands Difficulty to a "
                                    f"winner: the Difficulty is offered to {loser}. "), form.note
        await pilot.press("escape")
    campaign.close()


@synchronous
async def test_a_row_moved_to_and_its_step_typed_at_once_open_for_that_row(
        tmp_path: Path) -> None:
    # down and w typed in one burst (or a loaded machine handing both over together): the
    # table moves its cursor on the first key and says so in a message; the second key's
    # step ran before that message came, took the Dealer to have picked no hand, and the
    # Draw opened on the first to draw, not on the row the cursor was on. The order is
    # forced here: the cursor moved and the step taken in one go, nothing between
    campaign = sample(tmp_path / "jail")  # Zeke, then Long Tom, both to draw
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await app.workers.wait_for_complete()
        pane = app.screen.query_one(ConflictPane)
        table = app.screen.query_one("#dd-hands", DataTable)
        assert table.cursor_row == 0
        for step, offered in ((pane.action_draw, TOM.name), (pane.action_fold, ZEKE.name)):
            table.action_cursor_down() if table.cursor_row == 0 else table.action_cursor_up()
            step()
            form = await form_up(pilot)
            # on the stack at once, its fields once mounted (the kit's form_up waits for the
            # first only: after a key pressed, the pilot's wait covers the second)
            await until(pilot, partial(form.query, "#f-name"))
            assert form.values().text("name") == offered, (step, table.cursor_row)
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, Form))
        # (the cursor a redraw moves as it makes the rows anew picks nobody, as before:
        # test_by_enter::test_the_draw_opens_on_a_hand_that_may_change_cards_unless_one_is_picked)
    campaign.close()
