"""The Dealer's calls (round 22): each place the book leaves a choice to the Dealer or the
players, offered where the step is taken with the reading the table would take as its
default, or said in F1 as the app's own reading where the book gives no number."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmscreen.games import rules_for
from gmscreen.games.dust_devils import conflict as steps
from gmscreen.games.dust_devils.cast import NON_PLAYERS
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    Call,
    Deal,
    DealerFolds,
    EndConflict,
    Entrant,
    MakeCharacter,
    MakeHangedManCast,
    OpenConflict,
    Sheet,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.rules import RULES
from gmscreen.games.dust_devils.sample import JACK, JIM, LUKE, SAMPLES, ZEKE
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dust_devils.game import Table, hanged_man_table
from tests.dust_devils.test_first_hour import blank_table
from tests.dust_devils.test_rules import refused
from tests.pilot import about, fill, glossary_entry, set_field, synchronous, to_tab, until


def _between_conflicts(folder: Path) -> Campaign[Any]:
    """The Hanged Man with its conflict under way folded: the next one is set up."""
    campaign = open_campaign(write_sample(SAMPLES[0], folder), rules_for)
    campaign.execute(DealerFolds())
    return campaign


# -- the Stakes follow the stud hand picked (book l.178, 184) ---------------------------------


@synchronous
async def test_the_stakes_offered_follow_the_stud_hand_picked(tmp_path: Path) -> None:
    """Line 184: a Seven Card Stud is, as a rule, worth one Chip of Stakes or more to the
    players who beat it; line 178: a Three Card Stud has none. The open form started
    the Stakes at 0 whatever stud hand was picked: the Dealer picking 7 cards sent a
    hazardous conflict with no Stakes unless he remembered the advice beside the field.
    Now the Stakes offered follow the stud hand (1 for 7 cards, 0 for 3, back to 0 for 5)
    until the Dealer types his own, which stays his call."""
    campaign = _between_conflicts(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await fill(pilot, "a", name=JIM.name, goal="nab the payroll", first="Hand",
                   second="Eye")
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, Form)
        assert (form.values().text("stud"), form.values().text("stakes")) == ("5", "0")
        set_field(form, "stud", "7")
        await pilot.pause()
        assert form.values().text("stakes") == "1"
        set_field(form, "stud", "3")
        await pilot.pause()
        assert form.values().text("stakes") == "0"
        set_field(form, "stud", "7")
        await pilot.pause()
        set_field(form, "stud", "5")
        await pilot.pause()
        assert form.values().text("stakes") == "0"
        # the Dealer's own number stays: two Chips for the bank job, then the stud hand
        set_field(form, "stakes", "2")
        await pilot.pause()
        set_field(form, "stud", "7")
        await pilot.pause()
        set_field(form, "stud", "5")
        await pilot.pause()
        assert form.values().text("stakes") == "2"
        set_field(form, "stud", "7")
        await pilot.pause()
        await fill(pilot, title="The bank job")
        await until(pilot, lambda: campaign.state.conflict is not None)
        conflict = campaign.state.conflict
        assert conflict is not None and (conflict.stud, conflict.stakes) == (7, 2)


def test_a_recoverys_seven_cards_offer_no_stakes() -> None:
    """The stud hand of a recovery is set by the points hoped for (5 or more: seven cards),
    not by a hazard: the Stakes offered stay where they started."""
    assert [steps.stakes_for_stud(n) for n in (0, 3, 5, 7)] == [0, 0, 0, 1]
    assert [steps.stakes_for_stud(n, 2) for n in (0, 3, 5, 7)] == [2, 0, 2, 2]
    assert steps.stakes_for_stud(7, recovery=True) == 0
    assert steps.stakes_for_stud(3, 1, recovery=True) == 0


# -- numbers the book gives none for, said in F1 as the app's own -----------------------------


def test_f1_says_the_numbers_the_app_chose_where_the_book_gives_none() -> None:
    """The book gives no floor to a hand the Devil bites, no most for Chips handed over at
    once, no limit to the Dealer's awards a hand, and no way to settle two hands alike in
    every card: the app's own readings, which F1 now says as its own."""
    devil = glossary_entry("gmscreen.games.dust_devils", "Devil").means
    assert "at least one card" in devil and "the app's" in devil
    chips = glossary_entry("gmscreen.games.dust_devils", "Chips").means
    assert "99" in chips and "the app's" in chips
    stud = glossary_entry("gmscreen.games.dust_devils", "Stud hand").means
    assert "once a hand" in stud and "the app's" in stud
    call = glossary_entry("gmscreen.games.dust_devils", "Call").means
    assert "all win" in call and "the app's" in call
    attribute = glossary_entry("gmscreen.games.dust_devils", "Attribute").means
    assert "1 or more as he is made" in attribute and "the app's reading" in attribute


# -- a second hand of the Dealer's for a hazard of its own (book l.371, left from round 21) ---


def test_a_second_hazard_plays_a_hand_of_its_own_named_in_the_journal() -> None:
    """Line 371: the Dealer may deal himself more than one hand; one stud hand for all the
    hazards often works best, and an important character should have a hand of his own.
    Round 22 decided against a second nameless stud hand: a journal naming two hands
    "Dealer" could not tell their Deal, Draw or Call apart, and the book's own case for
    separate hands is its characters. A hazard the Dealer wants to play apart (the flash
    flood beside the posse's stud hand) is made as a character of his without a Devil: the
    journal, the log and the table name its hand, its two attributes are its cards, and it
    stands with the stud hand against the players."""
    table = hanged_man_table()
    flood = Sheet("The flash flood", player=False, ratings=(3, 0, 2, 0),
                  vocation="a wall of water down the gulch")
    table.do(MakeCharacter(flood))
    table.do(AddEntrant(Entrant(JACK.name, "leap into the river", ("Hand", "Guts"))))
    table.do(AddEntrant(Entrant(flood.name, "sweep them off the cliff", ("Hand", "Guts"))))
    table.do(OpenConflict("The cliff above the river", stud=5, stud_goal="the posse takes "
                          "them"))
    conflict = table.state.conflict
    assert conflict is not None
    assert [(p.name, p.cards_due) for p in conflict.participants] == [
        (JACK.name, 5), (flood.name, 5), ("Dealer", 5)]
    table.do(Deal(((JACK.name, ("2s", "4d", "6h", "8s", "9c")),
                   (flood.name, ("Qh", "Qc", "3d", "5s", "7h")),
                   ("Dealer", ("Jh", "Jc", "5c", "4h", "2d")))))
    called = table.do(Call(((JACK.name, ("2s", "4d", "6h", "8s", "9c")),
                            (flood.name, ("Qh", "Qc", "3d", "5s", "7h")),
                            ("Dealer", ("Jh", "Jc", "5c", "4h", "2d")))))
    told = " ".join(RULES.describe(event) for event in called)
    assert "The flash flood" in told
    # the flood's queens beat Jack, not the stud hand beside it (one side, the Dealer's)
    conflict = table.state.conflict
    assert conflict is not None
    assert steps.side(table.state, conflict, flood.name) == steps.side(
        table.state, conflict, "Dealer") != steps.side(table.state, conflict, JACK.name)
    table.do(TakeDifficulty(JACK.name, (("Heart", 1), ("Guts", 1))))
    table.do(EndConflict())
    assert table.replayed() == table.state


# -- The Hanged Man with the players' own characters (book l.411, 447) ---------------------


def test_the_hanged_mans_cast_may_leave_out_those_the_players_replace() -> None:
    """Line 411: players may put their own characters in place of the book's four, the
    Dealer seeing that they are tied in as strongly; line 447: two to four of the four are
    used, and one player should run Jim. The cast step refused any choice without Jim, or
    of fewer than two: a table bringing its own characters had to type the Dealer's three
    sheets by hand. Now the cast is the Dealer's pick: Jim offered first (the form's
    default, all four ticked), any left out for a player's own character, made with m."""
    for players in ((ZEKE.name, JACK.name), (LUKE.name,), ()):
        table = Table()
        table.do(MakeHangedManCast(players))
        assert [w.name for w in table.state.characters] == [
            *players, *(s.name for s in NON_PLAYERS)]
    refused_now = refused(Table(), MakeHangedManCast((JIM.name, "Bang McCreedy")),
                          "Characters")
    assert "none of" in refused_now.message


@synchronous
async def test_the_cast_form_says_jim_is_the_books_pick_and_a_players_own_may_replace_him(
        tmp_path: Path) -> None:
    campaign = blank_table(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("H")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, Form)
        told = about(form, "players")
        assert "should run" in told and "own character" in told
        set_field(form, "players", [ZEKE.name, JACK.name])
        await fill(pilot)
        await until(pilot, lambda: len(campaign.state.characters) == 5)
