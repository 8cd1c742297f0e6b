"""What a new Dealer meets in the first hour, from a blank campaign: the sheets he makes for
his own table, and what the screens then say of them."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from functools import partial
from pathlib import Path

import pytest
from textual.widgets import Select, Static

from gmscreen.games import rules_for
from gmscreen.games.dust_devils import RULES, log, view
from gmscreen.games.dust_devils import conflict as steps
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    Call,
    Deal,
    EndConflict,
    Entrant,
    GiveChips,
    MakeCharacter,
    OpenConflict,
    RaiseKnack,
    SetDevilRating,
    SetWinnerCard,
    Sheet,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.events import FateRecorded
from gmscreen.games.dust_devils.panes import CharactersPane
from gmscreen.games.dust_devils.sample import JACK
from gmscreen.games.dust_devils.sheet import ATTRIBUTE_ABOUT
from gmscreen.games.dust_devils.state import DEALER, DustDevilsState
from gmscreen.glossary import find, words_of
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.undo_preview import UndoPreview
from tests.dust_devils.game import Table
from tests.pilot import fill, opened, set_field, synchronous, to_tab, until

#: a player character of the Dealer's own table, Chips written on her sheet as she is made
CASSIE = Sheet("Cassie Boone", player=True, ratings=(4, 3, 3, 3),
               knacks=(("Shootin'", 4), ("Trackin'", 3), ("Ridin'", 2), ("Doctorin'", 2)),
               traits=("Quick as a rattler", "Cold as a January creek"),
               devil="Shot her own brother for a bounty, and kept the money",
               devil_rating=2, chips=2)
#: the town doctor, a minor character of the Dealer's: no Devil written, and the sheet
#: form's Devil rating left as it starts (1)
DOC = Sheet("Doc Pruitt", player=False, ratings=(1, 3, 2, 2), knacks=(("Doctorin'", 3),),
            devil="", devil_rating=1)
#: an important one, with a Devil
JUDGE = Sheet("Judge Amos Whitlock", player=False, ratings=(2, 4, 3, 4),
              knacks=(("Politickin'", 3),), traits=("Proud as a peacock",),
              devil="Sold the valley's water rights twice", devil_rating=2)


def test_a_devil_rating_without_a_devil_is_refused() -> None:
    # lines 174, 367-371: the Dealer's important characters are those with a Devil; a sheet
    # of his made with no Devil written but a rating (the form starts at 1) made the town
    # doctor an important character, "Devil (1):", who entered any conflict with a hand of
    # his own and could be folded for
    table = Table()
    with pytest.raises(RuleError) as error:
        RULES.decide(table.state, MakeCharacter(DOC))
    assert error.value.rule == "Devil" and error.value.field == "devil_rating"
    assert "0" in error.value.message and "Doc Pruitt" in error.value.message
    assert table.state.characters == ()
    # rated 0 he is the minor character the Dealer meant; given a Devil he is important
    table.do(MakeCharacter(replace(DOC, devil_rating=0)))
    doc = table.state.character(DOC.name)
    assert doc is not None and not doc.important
    table.do(MakeCharacter(JUDGE))
    judge = table.state.character(JUDGE.name)
    assert judge is not None and judge.important


def test_the_chips_on_a_sheet_add_up() -> None:
    # lines 289, 770: the sheet keeps the Chips now, earned and spent; Chips written on the
    # sheet as it was made counted in none of them ("3 now, 2 earned, 1 spent"), where the
    # same Chips given with g before play counted as earned
    table = Table()
    table.do(MakeCharacter(CASSIE))
    table.start_session()
    table.do(GiveChips(CASSIE.name, 2, "Stakes of a card game"))
    table.do(RaiseKnack(CASSIE.name, "Ridin'"))  # 2 -> 3 costs 3
    assert chips_line(table) == "Chips: 1 now: 2 from the sheet, 2 earned, 3 spent"
    # without Chips on the sheet, the line says nothing of it
    table = Table()
    table.do(MakeCharacter(replace(CASSIE, chips=0)))
    table.do(GiveChips(CASSIE.name, 2, "Starting Chips"))
    assert chips_line(table) == "Chips: 2 now, 2 earned, 0 spent"


def chips_line(table: Table) -> str:
    who = table.state.character(CASSIE.name)
    assert who is not None
    return next(line for line in view.sheet_lines(who, table.state)
                if line.startswith("Chips:"))


def test_the_entrant_form_says_the_devil_and_chips_as_sentences() -> None:
    # the entrant form read "Devil 2: Shot her own brother for a bounty, and kept the money
    # Chips 2." for a Devil typed without a full stop, and a trait typed with one ended ".."
    table = Table()
    table.do(MakeCharacter(replace(CASSIE, traits=("Quick as a rattler",
                                                   "Cold as a January creek."))))
    told = view.entrant_preview(table.state, Entrant(CASSIE.name, "", ("Hand", "Eye")))
    assert "Traits: Quick as a rattler; Cold as a January creek. Devil" in told
    assert told.endswith("kept the money. Chips 2.")


def test_the_entrant_form_says_who_pays_for_a_card_bought_for_the_dealers_hand() -> None:
    # lines 305-307: the Dealer's character gets a card more when the Dealer awards a Chip
    # to each player; the form's "Buy a card (Chip)" said only "a Chip" for the Judge too
    table = Table()
    table.do(MakeCharacter(CASSIE))
    table.do(MakeCharacter(JUDGE))
    told = view.entrant_preview(table.state, Entrant(JUDGE.name, "", ("Heart", "Eye"),
                                                     chip=True))
    assert told.startswith("Deals 9 cards (Heart 4 + Eye 4, a Chip to each player).")
    told = view.entrant_preview(table.state, Entrant(CASSIE.name, "", ("Hand", "Eye"),
                                                     chip=True))
    assert told.startswith("Deals 8 cards (Hand 4 + Eye 3, a Chip).")


def test_the_stud_hand_offered_is_none_when_an_important_npc_plays_his_own() -> None:
    # lines 174, 371: the Five Card Stud is the Dealer's hand for a conflict without an
    # important non-player character; the open form started on five cards with the Judge
    # entered, and Enter dealt the Dealer a stud hand beside the Judge's own
    table = Table()
    table.do(MakeCharacter(CASSIE))
    table.do(MakeCharacter(JUDGE))
    table.do(MakeCharacter(replace(DOC, devil_rating=0)))
    table.start_session()
    table.do(SetDevilRating(CASSIE.name, 2))
    assert steps.stud_offered(table.state) == 5
    table.do(AddEntrant(Entrant(CASSIE.name, "get the pardon", ("Heart", "Eye"))))
    assert steps.stud_offered(table.state) == 5
    table.do(AddEntrant(Entrant(JUDGE.name, "keep it unsigned", ("Heart", "Eye"))))
    assert steps.stud_offered(table.state) == 0


def test_the_stud_hand_that_won_gets_the_winners_card_in_the_conflict_that_follows() -> None:
    # line 208: with the optional rule on, the winner of a conflict gets a card more in the
    # one that follows it at once; when the Dealer's stud hand had won, "Follows the last"
    # was taken and nobody got a card
    table = Table()
    table.do(MakeCharacter(JACK))
    table.start_session()
    table.do(SetWinnerCard(True))
    table.do(OpenConflict("Ambush", (Entrant(JACK.name, "get away", ("Guts", "Heart")),),
                          stud=5))
    jack = ("2c", "3d", "5h", "7s", "9c", "Jd")
    posse = ("As", "Ad", "Ks", "Kd", "Qh")
    table.do(Deal(((JACK.name, jack), (DEALER, posse))))
    table.do(Call(((JACK.name, jack[1:]), (DEALER, posse))))
    table.do(TakeDifficulty(JACK.name, (("Hand", 2), ("Eye", 2))))
    table.do(EndConflict())
    table.do(OpenConflict("The ambush goes on", (Entrant(
        JACK.name, "get away", ("Guts", "Heart")),), stud=5, continues=True))
    conflict = table.state.conflict
    assert conflict is not None
    assert [(p.name, p.cards_due) for p in conflict.participants] == [
        (JACK.name, 2 + 4), (DEALER, 5 + 1)]
    # the log and the recap say the stud hand's card more, as they say a character's count
    (opened,) = [e for e in table.events if e.kind == "dust_devils.conflict_opened"][-1:]
    assert RULES.describe(opened).startswith(
        f"Conflict 2, The ambush goes on: {JACK.name} (Guts + Heart, 6 cards), the Dealer "
        "(Five Card Stud, 6 cards, one the winner's card);")


def test_help_finds_the_open_forms_words_for_the_winners_card() -> None:
    # the open form's box reads "Follows the last"; help (f1) knew only "Goes on from the
    # last", and said the card went to the winners' characters alone
    entry = find(words_of("gmscreen.games.dust_devils"), "Follows the last")
    assert entry is not None and entry.word == "Winner's extra card"
    assert "stud hand" in entry.means


def test_a_fate_told_in_words_reads_as_told() -> None:
    # line 317: the player may end the character another way, told in words; the log and
    # the recap put those words where a fate of the list goes: "Judge Amos Whitlock Hangs
    # himself in his chambers, and leaves play"
    assert log.fate_recorded(FateRecorded("Cassie Boone", "settles down")) == (
        "Cassie Boone settles down, and leaves play")
    assert log.fate_recorded(FateRecorded(JUDGE.name, "Hangs himself in his chambers")) == (
        f"{JUDGE.name} leaves play: Hangs himself in his chambers")
    # and the recap's "Won and lost" alike
    assert view._chips_and_fates([view.Purse(JUDGE.name, 0, "")],
                                 [view.Purse(JUDGE.name, 0, "Hangs himself in his chambers")]) == [
        f"{JUDGE.name} leaves play: Hangs himself in his chambers"]


def test_the_sheet_forms_attribute_fields_say_a_players_start_at_one() -> None:
    # line 56 and the reading that a player character starts at 1 or more: the form's line
    # under each attribute said "0 to 5; a player character's four share 13", and a player
    # character's 0 was then refused
    assert ATTRIBUTE_ABOUT == ("1 to 5 for a player character (the four share 13); 0 to 5 "
                               "for the Dealer's")


def test_a_fate_due_on_the_conflict_tab_says_who_records_it() -> None:
    # line 317: the Dealer ends his own characters; with only the Judge's fate due the
    # Conflict tab said "the player records the fate (the Dealer, his own characters')"
    table = Table()
    table.do(MakeCharacter(CASSIE))
    table.do(MakeCharacter(replace(JUDGE, ratings=(2, 0, 3, 4))))
    table.start_session()
    table.do(OpenConflict("The courthouse steps", (
        Entrant(CASSIE.name, "make him confess", ("Hand", "Guts")),
        Entrant(JUDGE.name, "run her out", ("Heart", "Eye")))))
    cassie = ("As", "Ad", "Ac", "2h", "3h", "4h", "5c")
    judge = ("6s", "7d", "9h", "Jc", "Qs", "Kd")
    table.do(Deal(((CASSIE.name, cassie), (JUDGE.name, judge))))
    table.do(Call(((CASSIE.name, cassie[:5]), (JUDGE.name, judge[1:]))))
    table.do(TakeDifficulty(JUDGE.name, (("Hand", 2), ("Guts", 1))))
    table.do(EndConflict())
    (due,) = [line for line in view.conflict_lines(table.state) if line.startswith("Fate due")]
    assert due == (f"Fate due: {JUDGE.name}. The last conflict is over; the Dealer records "
                   "the fate on the Characters tab (Fate).")


def blank_table(tmp_path: Path) -> Campaign[DustDevilsState]:
    """A campaign just started, as `gmscreen new` leaves it."""
    store = JournalStore.create(tmp_path / "mine.toml", new_header(
        "dust-devils", "My table", 1, datetime(2026, 12, 1, 20, 0).astimezone()))
    return Campaign.load(RULES, store.load(), store)


@synchronous
async def test_a_sheet_just_made_is_the_one_shown(tmp_path: Path) -> None:
    # from a blank campaign the Dealer makes his table's characters one by one: the sheet
    # shown below the table stayed on the first made, and a Dealer checking the sheet he
    # had just typed (or pressing g to give its Chips) was on another's
    campaign = blank_table(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pane = app.screen.query_one(CharactersPane)
        for name, eye in (("Cassie Boone", "3"), ("Elias Crane", "2")):
            await fill(pilot, "m", name=name, hand="4", eye=eye, guts="3",
                       heart=str(13 - 7 - int(eye)), trait1="Quick as a rattler",
                       trait2="Cold as a creek", knacks="Shootin' 4, Trackin' 4, Ridin' 3",
                       devil="Shot her brother", devil_rating="2")
            await until(pilot, partial(made, campaign, name))
            await until(pilot, partial(shown, pane, name))
        # a sheet corrected keeps its place; the one highlighted stays highlighted
        await pilot.press("up")
        await fill(pilot, "e", vocation="Bounty hunter")
        await until(pilot, lambda: campaign.state.characters[0].vocation == "Bounty hunter")
        selected = pane.selected()
        assert selected is not None and selected.name == "Cassie Boone"


def made(campaign: Campaign[DustDevilsState], name: str) -> bool:
    return campaign.state.character(name) is not None


def shown(pane: CharactersPane, name: str) -> bool:
    selected = pane.selected()
    return selected is not None and selected.name == name


def test_the_sheet_form_keeps_the_tally_of_the_points() -> None:
    # lines 56, 75: a player shares 13 attribute points and 11 Knack points, with no more
    # Knacks than Hand + Eye or 6; the new sheet form left the Dealer to add them up, and
    # said the sums only once Send was refused
    assert view.sheet_tally(True, (4, 3, 3, 2), (("Shootin'", 4), ("Trackin'", 3))) == (
        "Attribute points 12 of 13; Knack points 7 of 11; Knacks 2 of 7.")
    # the Dealer's characters have no points to share: only the Knack limit holds
    assert view.sheet_tally(False, (1, 3, 2, 2), (("Doctorin'", 3),)) == "Knacks 1 of 6."


@synchronous
async def test_the_new_sheet_form_shows_the_tally_as_it_is_typed(tmp_path: Path) -> None:
    campaign = blank_table(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "m")

        def preview() -> str:
            return str(form.query_one("#form-preview", Static).render())

        await until(pilot, lambda: preview().startswith("Attribute points 0 of 13"))
        # in sight above the buttons at 80x24, though the sheet's fields run past the screen
        await pilot.pause()
        tally = form.query_one("#form-preview").region
        assert tally.height and tally.bottom <= form.query_one("#form-send").region.y
        for key, value in (("hand", "4"), ("eye", "3"), ("knacks", "Shootin' 4, Rop")):
            set_field(form, key, value)
            await pilot.pause()
        await until(pilot, lambda: preview().startswith("Attribute points 7 of 13"))
        assert "write each Knack as its name and rating" in preview()
        set_field(form, "knacks", "Shootin' 4, Ropin' 2")
        await until(pilot, lambda: preview().endswith("Knack points 6 of 11; Knacks 2 of 7."))


@synchronous
async def test_the_entrant_drop_down_offers_no_blank(tmp_path: Path) -> None:
    # with the sample's many characters the entrant's name is a drop-down, and it offered a
    # blank "(none)" that the rules then refused ("pick the character who enters")
    shipped = Path(__file__).resolve().parents[2] / "campaigns" / "the-hanged-man.toml"
    (tmp_path / "hanged.toml").write_bytes(shipped.read_bytes())
    app = GmScreenApp(open_campaign(tmp_path / "hanged.toml", rules_for))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("u")  # the conflict under way taken back, to set up another
        await until(pilot, lambda: isinstance(app.screen, UndoPreview))
        await pilot.press("y")
        await until(pilot, lambda: campaign_conflict(app) is None)
        entrant = await opened(pilot, "a")
        name = entrant.widget_of("name")
        assert isinstance(name, Select) and not name._allow_blank
        assert name.value != Select.NULL


def campaign_conflict(app: GmScreenApp) -> object:
    """The conflict under way in the app's campaign (None: none is)."""
    state: DustDevilsState = app.campaign.state
    return state.conflict
