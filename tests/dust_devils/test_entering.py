"""A conflict's set up is the journal's (book line 166: every character entering declares a
goal before the Deal): each character the Dealer adds, with its goal, attributes and extras,
is an event of its own, kept on disk before the conflict opens, so closing the app (or a
crash) loses nothing; undo takes them back one by one, and a character added is checked
as it is added, as it will be at the opening. Journals written before the set up was kept
open as they did: their conflicts name their entrants as they open."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Static

from gmscreen.games import rules_for
from gmscreen.games.dust_devils import RULES, view
from gmscreen.games.dust_devils import conflict as steps
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    ChangeCharacter,
    DealerFolds,
    Entrant,
    MakeCharacter,
    OpenConflict,
    SetSessionDevils,
    Sheet,
    WithdrawEntrants,
)
from gmscreen.games.dust_devils.panes import ConflictPane
from gmscreen.games.dust_devils.sample import JIM, LUKE, TOM, ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import as_text
from gmscreen.ui.app import GmScreenApp
from tests.dust_devils.game import Table
from tests.dust_devils.test_book import _luke_hurt
from tests.dust_devils.test_session import enter, new_campaign, send, watched
from tests.pilot import Notices, fill, opened, set_field, synchronous, to_tab, until

#: a minor character of the Dealer's, with no Devil: the book's town doctor (line 696)
DOC = Sheet('"Doc" Samuelson', player=False, ratings=(2, 3, 2, 3),
            knacks=(("Doctorin'", 3),), vocation="Town doctor")


def _session(path: Path) -> Campaign[DustDevilsState]:
    """The Hanged Man's characters, the Doc, a session begun and every Devil set."""
    campaign: Campaign[DustDevilsState] = open_campaign(path, rules_for)
    campaign.execute(MakeCharacter(DOC))
    campaign.start_session()
    campaign.execute(SetSessionDevils(tuple((w.name, 2) for w in campaign.state.players)))
    return campaign


def refused(state: DustDevilsState, command: Any, rule: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        RULES.decide(state, command)
    assert caught.value.rule == rule, caught.value
    return caught.value


def test_entrants_are_kept_in_the_journal_and_undone_one_by_one(tmp_path: Path) -> None:
    path = new_campaign(tmp_path)
    campaign = _session(path)
    zeke = Entrant(ZEKE.name, "make Long Tom own up", ("Hand", "Guts"), knack="Wrestlin'")
    tom = Entrant(TOM.name, "run the drunk out", ("Hand", "Guts"), devil=2)
    jim = Entrant(JIM.name, "watch", ("Eye", "Heart"), trait=True, chip=True)
    for entrant in (zeke, tom, jim):
        campaign.execute(AddEntrant(entrant))
    assert campaign.events[-1].kind == "dust_devils.entrant_added"
    assert campaign.state.entering == (zeke, tom, jim)
    campaign.close()
    # closed (or crashed) before the conflict opened: the set up is on disk
    campaign = open_campaign(path, rules_for)
    assert campaign.state.entering == (zeke, tom, jim)
    assert campaign.state.conflict is None
    campaign.undo()  # Jim, the last added
    assert list(campaign.state.entering) == [zeke, tom]
    campaign.execute(WithdrawEntrants((TOM.name,)))
    assert list(campaign.state.entering) == [zeke]
    campaign.undo()
    campaign.execute(AddEntrant(jim))
    # the conflict opens with those added, and they are in it now
    campaign.execute(OpenConflict("The bounty money", stakes=1, stud=0))
    conflict = campaign.state.conflict
    assert conflict is not None
    assert [(p.name, p.goal, p.knack) for p in conflict.participants] == [
        (ZEKE.name, "make Long Tom own up", "Wrestlin'"),
        (TOM.name, "run the drunk out", ""), (JIM.name, "watch", "")]
    assert [p.cards_due for p in conflict.participants] == [8, 9, 8]
    assert campaign.state.entering == ()
    told = [campaign.describe(e) for e in campaign.events
            if e.kind.startswith("dust_devils.entrant")]
    assert told[0] == (f"{ZEKE.name} is to enter the next conflict (Hand + Guts, Wrestlin'): "
                       "make Long Tom own up")
    assert f"{TOM.name} will not enter the next conflict after all" in told
    # the conflict taken back whole: its set up is there again to open
    campaign.undo()
    assert campaign.state.conflict is None and len(campaign.state.entering) == 3
    campaign.close()


def test_a_character_is_checked_as_it_is_added() -> None:
    table = Table()
    for sheet in (JIM, ZEKE, TOM, DOC):
        table.do(MakeCharacter(sheet))
    table.start_session()
    # before the player sets the Devil for the session, it cannot sway the Deal (l.115)
    refused(table.state, AddEntrant(Entrant(ZEKE.name, "hold", ("Hand", "Guts"), devil=-2)),
            "Devil rating")
    table.do(SetSessionDevils(((JIM.name, 3), (ZEKE.name, 2))))
    no_goal = refused(table.state, AddEntrant(Entrant(ZEKE.name, " ", ("Hand", "Guts"))),
                      "The Deal")
    assert no_goal.field == "goal"
    refused(table.state, AddEntrant(Entrant(ZEKE.name, "hold", ("Hand", "Hand"))), "The Deal")
    # a Chip's card more is paid for with a Chip the player holds
    table.do(MakeCharacter(Sheet("Pete Broke", player=True, ratings=(4, 3, 3, 3),
                                 knacks=(("Ridin'", 4), ("Ropin'", 4), ("Cookin'", 3)),
                                 traits=("Poor as dirt", "Honest as the day"),
                                 devil="Owes everyone", devil_rating=1)))
    poor = refused(table.state, AddEntrant(Entrant("Pete Broke", "eat", ("Hand", "Eye"),
                                                   chip=True)), "Extra card")
    assert poor.field == "chip"
    table.do(AddEntrant(Entrant(ZEKE.name, "hold", ("Hand", "Guts"))))
    twice = refused(table.state, AddEntrant(Entrant(ZEKE.name, "again", ("Eye", "Guts"))),
                    "Conflict")
    assert "once" in twice.message
    refused(table.state, WithdrawEntrants((JIM.name,)), "Conflict")
    # a minor character (no Devil) may have a hand of his own, the Dealer's call (line 371,
    # round 21: he was added only to heal before), but has no Devil to sway it
    refused(table.state, AddEntrant(Entrant(DOC.name, "watch", ("Eye", "Heart"), devil=1)),
            "The Devil's due")
    table.do(AddEntrant(Entrant(DOC.name, "stitch him up", ("Hand", "Eye"),
                                knack="Doctorin'")))
    # the command's entrants, when given, are the ones added
    refused(table.state, OpenConflict("Other", (Entrant(JIM.name, "x", ("Hand", "Eye")),),
                                      stud=5), "Conflict")
    assert table.state.entering[0].name == ZEKE.name
    # while a conflict is under way nobody is added to the next
    table.do(WithdrawEntrants((DOC.name,)))
    table.do(OpenConflict("Zeke holds on", stud=5))
    refused(table.state, AddEntrant(Entrant(JIM.name, "watch", ("Eye", "Heart"))), "Conflict")
    # the table never hears who was added before the conflict opened
    assert [view.table_tells(e) for e in table.events
            if e.kind.startswith("dust_devils.entrant")] == [None] * 3


def _doc_at_lukes_recovery() -> Table:
    """Luke hurt, and the Doc (a character of the Dealer's, no Devil) entering his
    recovery with his Doctorin'."""
    table = Table()
    for sheet in (LUKE, DOC):
        table.do(MakeCharacter(sheet))
    _luke_hurt(table)
    table.do(AddEntrant(Entrant(DOC.name, "patch Luke up", ("Hand", "Eye"),
                                knack="Doctorin'")))
    table.do(OpenConflict("Doc's table", stud=3, recovery=(LUKE.name, (("Heart", 1),))))
    return table


def test_a_minor_character_heals_in_a_recovery() -> None:
    # the book's Doc Samuelson stitches McCreedy up with his Doctorin' (l.285): a
    # character of the Dealer's without a Devil enters a recovery
    table = _doc_at_lukes_recovery()
    assert table.state.conflict is not None
    assert [p.name for p in table.state.conflict.participants] == [DOC.name, "Dealer"]


def test_the_dealer_does_not_fold_a_minor_characters_recovery() -> None:
    # line 309: the Dealer folds only in conflicts with an important non-player character
    # (one with a Devil, line 174); the Doc has none, so his recovery is no such conflict
    table = _doc_at_lukes_recovery()
    why = steps.why_not_dealer_folds(table.state)
    assert why is not None and why.rule == "Fold" and "important" in why.message
    refused(table.state, DealerFolds(), "Fold")


def test_a_set_up_renamed_follows_the_sheet() -> None:
    table = Table()
    table.do(MakeCharacter(JIM))
    table.do(AddEntrant(Entrant(JIM.name, "ride in", ("Hand", "Eye"))))
    table.do(ChangeCharacter(JIM.name, replace(JIM, name="Jim Harris")))
    assert [e.name for e in table.state.entering] == ["Jim Harris"]
    assert table.replayed() == table.state


@synchronous
async def test_the_set_up_typed_is_there_after_the_app_closes(tmp_path: Path) -> None:
    path = new_campaign(tmp_path)
    _session(path).close()
    campaign = open_campaign(path, rules_for)
    app, notices = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await enter(pilot, ZEKE.name, "make Long Tom own up", "Hand", "Guts")
        await enter(pilot, TOM.name, "run the drunk out", "Hand", "Guts")
        await enter(pilot, JIM.name, "watch the jail", "Eye", "Heart")
        # ctrl+z takes back the last added, as it would any step
        count = len(campaign.events)
        await pilot.press("ctrl+z")
        await until(pilot, lambda: len(campaign.events) > count)
        assert [e.name for e in campaign.state.entering] == [ZEKE.name, TOM.name]
        table = app.screen.query_one(ConflictPane).query_one("#dd-hands", DataTable)
        await until(pilot, lambda: table.row_count == 2)
    campaign.close()
    # the app closed before the conflict opened: the set up is still there
    campaign = open_campaign(path, rules_for)
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pane = app.screen.query_one(ConflictPane)
        table = pane.query_one("#dd-hands", DataTable)
        await until(pilot, lambda: table.row_count == 2)
        assert [str(table.get_row_at(i)[0]) for i in range(2)] == [ZEKE.name, TOM.name]
        await send(pilot, "o", title="The bounty money", stud="0")
        conflict = campaign.state.conflict
        assert conflict is not None
        assert [p.name for p in conflict.participants] == [ZEKE.name, TOM.name]
        # the players' screen never saw the set up, and sees the conflict now
        shown = as_text(view.table_sections(view.table_knows(campaign.state)))
        assert "run the drunk out" in shown
        assert notices.of("warning") == []
    campaign.close()


@synchronous
async def test_a_character_is_taken_out_of_the_set_up_by_keys(tmp_path: Path) -> None:
    path = new_campaign(tmp_path)
    campaign = _session(path)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await enter(pilot, ZEKE.name, "make Long Tom own up", "Hand", "Guts")
        await enter(pilot, TOM.name, "run the drunk out", "Hand", "Guts")
        before = campaign.state.entering
        await send(pilot, "x", names="1")  # Tom, the second added
        assert campaign.state.entering == before[:1]
        await fill(pilot, "a", name=TOM.name, goal="keep him", first="Hand", second="Eye")
        await until(pilot, lambda: len(campaign.state.entering) == 2)
        await send(pilot, "x")  # everyone, as offered first when there are several
        assert campaign.state.entering == ()
    campaign.close()


@synchronous
async def test_the_entrant_form_says_the_traits_and_devil_of_the_one_picked(
        tmp_path: Path) -> None:
    # at 80 columns the sheets beside the Conflict tab are out of sight: the form itself
    # says what the Dealer rules on (a trait that fits, the Devil's sway, l.67-69, 117)
    campaign = _session(new_campaign(tmp_path))
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "a")

        def preview() -> str:
            return str(form.query_one("#form-preview", Static).render())

        await until(pilot, lambda: "Cool as a cucumber" in preview())
        assert preview().startswith(f"Deals 8 cards (Hand {JIM.ratings[0]} + Eye")
        set_field(form, "name", ZEKE.name)
        await until(pilot, lambda: "Strong as an ox" in preview())
        set_field(form, "trait", True)
        await until(pilot, lambda: preview().startswith("Deals 9 cards"))
    campaign.close()


@synchronous
async def test_the_last_character_to_add_opens_the_form_at_the_goal(tmp_path: Path) -> None:
    # with one character left to enter, the form opened on the Character field, where there
    # is nothing to choose: the Dealer tabbed past it each time to type the goal
    path = new_campaign(tmp_path)
    campaign = _session(path)
    # all but two added, the Doc (who enters only to heal, naming his Knack) among them
    *others, doc = steps.entrants_left(campaign.state)
    assert doc == DOC.name
    for name in (*others[:-2], doc):
        campaign.execute(AddEntrant(Entrant(name, "watch", ("Eye", "Heart"),
                                            knack="Doctorin'" if name == DOC.name else "")))
    app, notices = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        left = steps.entrants_left(campaign.state)
        shown = await opened(pilot, "a")
        assert len(left) > 1 and shown.focused is shown.widget_of("name")
        await pilot.press("escape")
        await pilot.pause()
        await enter(pilot, left[0], "hold the jail", "Hand", "Guts")
        (last,) = steps.entrants_left(campaign.state)
        shown = await opened(pilot, "a")
        assert shown.focused is shown.widget_of("goal")
        await pilot.press(*"run", "enter")  # the goal typed at once, and sent
        await until(pilot, lambda: not steps.entrants_left(campaign.state))
        assert campaign.state.entering[-1].name == last
        assert campaign.state.entering[-1].goal == "run"
        assert notices.of("warning") == []
    campaign.close()
