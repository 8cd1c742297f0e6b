"""The book, section by section: the numbers and worked examples not already proved in the
engine's own test files, the departures from the book found by the rules audit (each test
written from the book), and the readings we take where the book leaves room. Line numbers
are lines of ../shared/seeds/000_cbff6e1e13229b59.txt; docs/rules/dust-devils.md is the
whole table."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmscreen.games.dust_devils import RULES, resolution, view
from gmscreen.games.dust_devils import conflict as steps
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    BidForNarration,
    BuyKnack,
    Call,
    ChangeCharacter,
    Deal,
    DealerFolds,
    Draw,
    EndConflict,
    Entrant,
    Fold,
    GiveChips,
    MakeCharacter,
    OpenConflict,
    RaiseAttribute,
    RecordFate,
    RestorePoint,
    SetDevilRating,
    SetSessionDevils,
    SetWinnerCard,
    Sheet,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.deal import cards_in_deal, draw_limit, full_pack
from gmscreen.games.dust_devils.events import Called, Laid
from gmscreen.games.dust_devils.evolve import called
from gmscreen.games.dust_devils.log import goal_sentence
from gmscreen.games.dust_devils.sample import (
    CLARA,
    JACK,
    JIM,
    LUKE,
    MERRILL,
    NON_PLAYERS,
    PLAYERS,
    TOM,
    ZEKE,
)
from gmscreen.games.dust_devils.sheet import Attribute
from gmscreen.games.dust_devils.state import Conflict, DustDevilsState, Participant
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import as_text
from tests.dust_devils.game import Table, hanged_man_table
from tests.dust_devils.test_rules import refused

H, E, G, R = Attribute.HAND, Attribute.EYE, Attribute.GUTS, Attribute.HEART


@pytest.fixture
def table() -> Table:
    return hanged_man_table()


def values(t: Table, name: str) -> tuple[int, int, int, int]:
    who = t.state.character(name)
    assert who is not None
    return who.values


def chips(t: Table, name: str) -> int:
    who = t.state.character(name)
    assert who is not None
    return who.chips


# ---------------------------------------------------------------- characters (52-81)


def test_a_player_character_starts_with_every_attribute_at_one_or_more(table: Table) -> None:
    # 13 points as the player sees fit (line 56), but a 0 is the Road to Hell (line 317),
    # reached after a conflict (line 319): a new sheet starts on it never
    refused(table, MakeCharacter(replace(JIM, name="Dylan", ratings=(5, 5, 3, 0))),
            "Attribute minimum")
    table.do(MakeCharacter(replace(JIM, name="Dylan", ratings=(5, 5, 2, 1))))
    # the Dealer's characters are his to make as he sees fit (line 56)
    table.do(MakeCharacter(replace(TOM, name="A deputy", ratings=(3, 0, 2, 0))))


# ---------------------------------------------------------------- the Devil (83-121)


def test_the_devil_moves_the_deal_by_its_whole_rating() -> None:
    # Zeke's Devil at 2 costs him two cards, or gives him two (lines 119, 121): the
    # rating, not some part of it
    assert cards_in_deal(2, 3, 2, devil=-2) == 3
    assert cards_in_deal(2, 3, 2, devil=0) == 5
    for part in (-1, 1):
        with pytest.raises(RuleError) as error:
            cards_in_deal(2, 3, 2, devil=part)
        assert error.value.rule == "The Devil's due"


def test_a_players_devil_rating_holds_for_the_session(table: Table) -> None:
    # the player picks it at each session's start (line 115)
    table.do(SetDevilRating(JIM.name, 1))
    refused(table, SetDevilRating(JIM.name, 3), "Devil rating")
    refused(table, SetSessionDevils(((JIM.name, 2), (LUKE.name, 2))), "Devil rating")
    table.end_session()
    refused(table, SetDevilRating(JIM.name, 3), "Devil rating")  # between sessions
    table.start_session()
    table.do(SetDevilRating(JIM.name, 3))
    jim = table.state.character(JIM.name)
    assert jim is not None and (jim.devil_rating, jim.devil_set_for) == (3, 2)


def test_a_devil_rating_typed_wrong_is_corrected_for_the_rest_of_the_session(
        table: Table) -> None:
    # Jim's player said 1 and the Dealer typed 3: the rating holds for the session, and the
    # only mend was undo, which took back every step played since. A correction, told as
    # one, holds from now on; it is no second choice of the player's
    table.do(SetDevilRating(JIM.name, 3))
    table.do(SetDevilRating(LUKE.name, 2))  # a good step after the slip, kept
    (fixed,) = table.do(SetDevilRating(JIM.name, 1, corrects=True))
    assert RULES.describe(fixed) == f"{JIM.name}'s Devil for the session is corrected " \
        "from 3 to 1"
    assert view.table_tells(fixed) is None  # the posse's lines show the rating now
    jim = table.state.character(JIM.name)
    assert jim is not None and (jim.devil_rating, jim.devil_set_for) == (1, 1)
    luke = table.state.character(LUKE.name)
    assert luke is not None and luke.devil_rating == 2
    assert table.replayed() == table.state
    # a correction mends a rating set this session, to another number; setting it is the
    # player's choice, made once
    refused(table, SetDevilRating(JIM.name, 1, corrects=True), "Devil rating")
    refused(table, SetDevilRating(ZEKE.name, 2, corrects=True), "Devil rating")
    refused(table, SetDevilRating(JIM.name, 2), "Devil rating")
    # not while the character is in a conflict dealt by it
    table.do(SetDevilRating(ZEKE.name, 2))
    table.do(OpenConflict("A drink too many", (
        Entrant(JIM.name, "stay upright", ("Guts", "Heart")),), stud=5))
    refused(table, SetDevilRating(JIM.name, 2, corrects=True), "Devil rating")


def test_the_devil_rating_is_chosen_for_the_session_before_it_counts(table: Table) -> None:
    # each session opens with the player choosing the rating (line 115): a Deal that the
    # Devil sways, or where it stands in for an attribute at 0 (line 321), waits for that
    # choice instead of using last session's number
    brawl = (Entrant(ZEKE.name, "stay standing", ("Hand", "Guts"), devil=2),)
    error = refused(table, OpenConflict("Saloon brawl", brawl, stud=5), "Devil rating")
    assert "session 1" in error.message and error.field == "devil"
    # the Devil staying out of it needs no rating
    table.do(OpenConflict("Saloon brawl", (replace(brawl[0], devil=0),), stud=5))
    assert table.state.conflict is not None
    assert table.state.conflict.participants[0].cards_due == 5 + 3
    table = Table()
    for sheet in (ZEKE, TOM):
        table.do(MakeCharacter(sheet))
    table.start_session()
    table.do(SetDevilRating(ZEKE.name, 3))  # a bad night: the whiskey calls louder
    # the Dealer's characters need no session's choice (line 369)
    table.do(OpenConflict("Saloon brawl", (replace(brawl[0], devil=3), Entrant(
        TOM.name, "break it up", ("Hand", "Guts"), devil=-2)), stud=5))
    assert table.state.conflict is not None
    assert [p.cards_due for p in table.state.conflict.participants] == [5 + 3 + 3,
                                                                        3 + 4 - 2, 5]


def test_a_card_more_for_a_dealers_character_is_a_chip_to_each_player_present() -> None:
    # lines 307-308: the Dealer buys a card more for any of his hands, a character's too,
    # by giving each player in the conflict a Chip; his character pays nothing himself
    table = Table()
    for sheet in (ZEKE, TOM):
        table.do(MakeCharacter(sheet))
    table.start_session()
    table.do(SetDevilRating(ZEKE.name, 1))
    table.do(OpenConflict("Saloon brawl", (
        Entrant(ZEKE.name, "stay standing", ("Hand", "Guts"), devil=0),
        Entrant(TOM.name, "break it up", ("Hand", "Guts"), devil=0)), stud=5))
    conflict = table.state.conflict
    assert conflict is not None
    pack = iter(["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s", "6s", "5s", "4s", "3s",
                 "2s", "Ah", "Kh", "Qh", "Jh", "Th", "9h", "8h", "7h", "6h", "5h", "4h"])
    hands = tuple((p.name, tuple(next(pack) for _ in range(p.cards_due)))
                  for p in conflict.participants)
    table.do(Deal(hands))
    zeke_before, tom_before = chips(table, ZEKE.name), chips(table, TOM.name)
    toms = dict(hands)[TOM.name]
    table.do(Draw(TOM.name, (toms[0],), ("2h",), chip=True))
    assert chips(table, ZEKE.name) == zeke_before + 1
    assert chips(table, TOM.name) == tom_before


def test_a_session_begins_with_the_devils(table: Table) -> None:
    # at each session's start the players pick their ratings (line 115): the notice that
    # the session began says who, and where
    told = RULES.session_begun(table.state)
    assert told is not None and "Devils, on the Characters tab" in told and "session 1" in told
    assert all(who.name in told for who in PLAYERS)
    table.do(SetSessionDevils(tuple((who.name, 2) for who in PLAYERS)))
    assert RULES.session_begun(table.state) is None
    # one still in a conflict carried over picks once it ends
    table.do(OpenConflict("Saloon brawl", (Entrant(ZEKE.name, "stay standing",
                                                   ("Hand", "Guts")),), stud=5))
    table.end_session()
    table.start_session()
    told = RULES.session_begun(table.state)
    assert told is not None
    assert told.index(JIM.name) < told.index("Devils, on") < told.index(ZEKE.name)
    assert f"{ZEKE.name}: once the conflict carried over ends" in told


def test_before_the_first_session_the_sheets_devil_counts() -> None:
    # a Dealer who sets up and plays a conflict before starting the first session (a
    # one-shot straight from the sheets): no session has asked the players yet, so the
    # rating each sheet was made with is the one in play (the reading in `rules`), and it
    # moves the Deal by all of it (line 119)
    table = Table()
    table.do(MakeCharacter(ZEKE))
    assert not table.state.in_session and table.state.session == 0
    refused(table, OpenConflict("Saloon brawl", (Entrant(
        ZEKE.name, "stay standing", ("Hand", "Guts"), devil=3),), stud=5), "The Devil's due")
    table.do(OpenConflict("Saloon brawl", (Entrant(
        ZEKE.name, "stay standing", ("Hand", "Guts"), devil=ZEKE.devil_rating),), stud=5))
    conflict = table.state.conflict
    assert conflict is not None
    zeke = conflict.participant(ZEKE.name)
    assert zeke is not None and zeke.cards_due == 5 + 3 + 2


def test_no_path_uses_last_sessions_devil(table: Table) -> None:
    # the rating holds for its session only (lines 113, 115): once session 1 ends nothing
    # counts until the player picks again in session 2, not a Deal set up between sessions
    # (which then went on into session 2 with last session's 3), nor the sheet's field
    table.do(SetDevilRating(ZEKE.name, 3))
    table.end_session()
    swayed = Entrant(ZEKE.name, "stay standing", ("Hand", "Guts"), devil=3)
    error = refused(table, OpenConflict("Saloon brawl", (swayed,), stud=5), "Devil rating")
    assert ZEKE.name in error.message and "session 1 is over" in error.message
    assert error.field == "devil"
    # correcting the sheet between sessions is no choice for a session: it may
    table.do(ChangeCharacter(ZEKE.name, replace(ZEKE, devil_rating=1)))
    table.start_session()
    error = refused(table, OpenConflict("Saloon brawl", (swayed,), stud=5), "Devil rating")
    assert ZEKE.name in error.message and "session 2" in error.message
    # ...and the sheet is no back door to the session's choice, before it or after
    error = refused(table, ChangeCharacter(ZEKE.name, replace(ZEKE, devil_rating=3)),
                    "Devil rating")
    assert error.field == "devil_rating"
    table.do(ChangeCharacter(ZEKE.name, replace(ZEKE, devil_rating=1, vocation="Drunk")))
    table.do(SetDevilRating(ZEKE.name, 3))
    refused(table, ChangeCharacter(ZEKE.name, replace(ZEKE, devil_rating=2)), "Devil rating")
    table.do(OpenConflict("Saloon brawl", (swayed,), stud=5))
    # the Dealer's characters' ratings are his, session or not (line 369)
    table.do(ChangeCharacter(TOM.name, replace(TOM, devil_rating=3)))


def test_the_dealer_sets_a_devil_from_the_hip(table: Table) -> None:
    # a non-player character's rating is the Dealer's to set during play (line 369)
    table.do(SetDevilRating(TOM.name, 3))
    table.do(SetDevilRating(TOM.name, 1))
    tom = table.state.character(TOM.name)
    assert tom is not None and tom.devil_rating == 1


def test_the_dancehall_girl_gets_a_devil(table: Table) -> None:
    # a minor character is usually the stud hand's, and the Dealer may give her a hand of
    # her own (line 371, round 21); given a Devil she is important (lines 232, 371)
    sally = Sheet('"Red" Sally', player=False, ratings=(2, 3, 2, 4))
    table.do(MakeCharacter(sally))
    courting = (Entrant(JIM.name, "take her to California", ("Heart", "Eye")),
                Entrant(sally.name, "stay in Last Oak", ("Heart", "Eye")))
    assert RULES.decide(table.state, OpenConflict("Sweet talk", courting, stakes=1))
    table.do(ChangeCharacter(sally.name, replace(sally, devil="She ran from a husband in "
                                                 "St. Louis", devil_rating=2)))
    table.do(OpenConflict("Sweet talk", courting, stakes=1))
    conflict = table.state.conflict
    assert conflict is not None and [p.cards_due for p in conflict.participants] == [6, 7]


def test_stakes_for_facing_the_devil_with_fewer_cards(table: Table) -> None:
    # the Devil against him and Stakes for facing it (line 234)
    table.do(SetDevilRating(JACK.name, 2))
    table.do(OpenConflict("Befriend the Apache scout", (Entrant(
        JACK.name, "win the scout's trust", ("Heart", "Eye"), devil=-2),), stakes=1, stud=5))
    conflict = table.state.conflict
    assert conflict is not None and conflict.participants[0].cards_due == 4 + 4 - 2


# ---------------------------------------------------------------- the Deal (164-186)


def test_every_character_declares_a_goal(table: Table) -> None:
    # goals are declared before the cards are dealt (line 166)
    refused(table, OpenConflict("Ambush", (Entrant(JACK.name, " ", ("Hand", "Guts")),),
                                stud=5), "The Deal")
    table.do(OpenConflict("Ambush", (Entrant(JACK.name, "get away", ("Hand", "Guts")),),
                          stud=5))  # the stud hand's goal may go unsaid


def test_player_characters_may_face_each_other_without_a_dealer_hand(table: Table) -> None:
    # the Dealer only usually deals himself a hand (line 166)
    table.do(OpenConflict("Cards at the Red Roof", (
        Entrant(JACK.name, "clean Jim out", ("Eye", "Heart")),
        Entrant(JIM.name, "catch him cheating", ("Eye", "Guts")))))
    conflict = table.state.conflict
    assert conflict is not None and [p.name for p in conflict.participants] == [
        JACK.name, JIM.name]
    refused(table, DealerFolds(), "Fold")  # he has no hand to fold
    # one hand alone is no conflict
    table = Table()
    table.do(MakeCharacter(JACK))
    refused(table, OpenConflict("Solitaire", (Entrant(JACK.name, "win", ("Eye", "Heart")),)),
            "Stud hand")


def test_the_posse_is_a_five_card_stud_hand(table: Table) -> None:
    # no posse member matters, so the Dealer deals himself five (line 176)
    table.do(OpenConflict("The posse at the cliff", (
        Entrant(JACK.name, "leap into the stream", ("Guts", "Hand")),
        Entrant(LUKE.name, "leap into the stream", ("Guts", "Hand"))), stud=5))
    conflict = table.state.conflict
    assert conflict is not None
    assert [p.cards_due for p in conflict.participants] == [2 + 3, 4 + 3, 5]


def test_the_saloon_talk_is_a_three_card_stud_without_stakes(table: Table) -> None:
    # a minor conflict: three cards, and no Stakes (lines 178, 182)
    asking = tuple(Entrant(n, "learn when the payroll comes", ("Heart", "Eye"))
                   for n in (JACK.name, LUKE.name))
    refused(table, OpenConflict("Saloon talk", asking, stakes=1, stud=3), "Stakes")
    table.do(OpenConflict("Saloon talk", asking, stud=3))
    conflict = table.state.conflict
    assert conflict is not None and conflict.participants[-1].cards_due == 3


def test_the_bank_job_is_seven_cards_and_two_chips(table: Table) -> None:
    # seven cards, no redraw without a Chip to each player; two Chips of Stakes (184, 186)
    robbing = tuple(Entrant(n, "nab the payroll", ("Hand", "Guts"))
                    for n in (JACK.name, LUKE.name))
    table.do(OpenConflict("The bank job", robbing, stakes=2, stud=7))
    table.do(Deal(((JACK.name, ("As", "Ad", "Ah", "Ks", "Kd")),
                   (LUKE.name, ("5c", "7d", "Tc", "Qs", "Js", "Th", "6h")),
                   ("Dealer", ("2c", "3d", "4h", "6s", "8c", "9d", "Jh")))))
    refused(table, Draw("Dealer", ("2c",), ("2d",)), "The Draw")
    table.do(Draw("Dealer", ("2c",), ("2d",), chip=True))
    assert (chips(table, JACK.name), chips(table, LUKE.name)) == (5, 7)
    table.do(Call(((JACK.name, ("As", "Ad", "Ah", "Ks", "Kd")),
                   (LUKE.name, ("Qs", "Js", "Th", "Tc", "7d")),
                   ("Dealer", ("Jh", "9d", "8c", "6s", "4h")))))
    # Jack's full house wins; Luke's straight beat the bank beside him: the crazy bastards
    # pulled it off, and each takes the two Chips (line 186), Luke no Difficulty from Jack
    refused(table, TakeDifficulty(LUKE.name, (("Hand", 2), ("Eye", 2), ("Heart", 1))),
            "Difficulty")
    table.do(EndConflict())
    assert (chips(table, JACK.name), chips(table, LUKE.name)) == (7, 9)
    assert values(table, LUKE.name) == (3, 3, 4, 3)


def test_a_fold_comes_before_the_call(table: Table) -> None:
    # a player folds before the Dealer calls (line 214), and pays a Chip for it (line 301)
    _shootout(table, "Shootout at the cliff")
    table.do(Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "Qd")),
                   ("Dealer", ("Ah", "Kd", "9s", "5c", "2d")))))
    table.do(Call(((JACK.name, ("7d", "7c", "3h", "3c", "Qd")),
                   ("Dealer", ("Ah", "Kd", "9s", "5c", "2d")))))
    refused(table, Fold(JACK.name), "Fold")
    assert chips(table, JACK.name) == 4


# ---------------------------------------------------------------- shuffling (206-208)


def _shootout(table: Table, title: str) -> None:
    table.do(OpenConflict(title, (Entrant(JACK.name, "get away", ("Guts", "Heart")),),
                          stud=5))


def _jack_wins(table: Table) -> None:
    _shootout(table, "Shootout at the cliff")
    table.do(Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "Qd")),
                   ("Dealer", ("Ah", "Kd", "9s", "5c", "2d")))))
    table.do(Call(((JACK.name, ("7d", "7c", "3h", "3c", "Qd")),
                   ("Dealer", ("Ah", "Kd", "9s", "5c", "2d")))))
    table.do(EndConflict())


def _cards_for_jack(table: Table, *, continues: bool = False) -> int:
    (opened,) = RULES.decide(table.state, OpenConflict("The shootout goes on", (Entrant(
        JACK.name, "get away", ("Guts", "Heart")),), stud=5, continues=continues))
    cards: int = opened.data["entrants"][0]["cards"]
    return cards


def test_the_winners_card_is_for_the_conflict_that_follows(table: Table) -> None:
    # the optional card goes to the last winners when the fight goes on at once (line 208)
    table.do(SetWinnerCard(True))
    _jack_wins(table)
    assert _cards_for_jack(table) == 2 + 4  # a new conflict, days later
    assert _cards_for_jack(table, continues=True) == 2 + 4 + 1
    table.do(SetWinnerCard(False))
    assert _cards_for_jack(table, continues=True) == 2 + 4
    (opened,) = table.do(OpenConflict("The shootout goes on", (Entrant(
        JACK.name, "get away", ("Guts", "Heart")),), stud=5, continues=True))
    assert RULES.describe(opened).endswith("; it goes on from the conflict just called")


def test_only_a_conflict_just_called_goes_on(table: Table) -> None:
    going_on = OpenConflict("Goes on", (Entrant(JACK.name, "get away", ("Guts", "Heart")),),
                            stud=5, continues=True)
    refused(table, going_on, "Shuffling")  # nothing has been called yet
    _jack_wins(table)
    table.end_session()
    table.start_session()
    refused(table, going_on, "Shuffling")  # a new session is no fight that goes on


# ---------------------------------------------------------------- narration (216-226)


def test_the_narrator_has_a_losing_hand_hurt_the_winner(table: Table) -> None:
    # the narrator may have even a losing hand deal Difficulty to the winner (line 226)
    _shootout(table, "Shootout at the cliff")
    table.do(Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "Qd")),
                   ("Dealer", ("As", "Kd", "9s", "5c", "2d")))))
    table.do(Call(((JACK.name, ("7d", "7c", "3h", "3c", "Qd")),
                   ("Dealer", ("As", "Kd", "9s", "5c", "2d")))))
    conflict = table.state.conflict
    assert conflict is not None and conflict.winners == (JACK.name,)
    assert conflict.narrator == "Dealer"  # the A♠ of a losing hand
    refused(table, TakeDifficulty(JACK.name, (("Hand", 1),)), "Difficulty")
    table.do(TakeDifficulty(JACK.name, (("Hand", 1),), by_narrator=True))
    assert values(table, JACK.name) == (2, 4, 2, 4)


def test_only_the_cards_laid_count_for_narration(table: Table) -> None:
    # the A♠ held back from the full house is no high card (line 218)
    _shootout(table, "Shootout at the cliff")
    table.do(Deal(((JACK.name, ("3h", "3c", "3d", "7d", "7c", "As")),
                   ("Dealer", ("Kh", "Qd", "9s", "5c", "2d")))))
    table.do(Call(((JACK.name, ("3h", "3c", "3d", "7d", "7c")),
                   ("Dealer", ("Kh", "Qd", "9s", "5c", "2d")))))
    conflict = table.state.conflict
    assert conflict is not None and conflict.winners == (JACK.name,)
    assert (conflict.high_card, conflict.narrator) == ("Kh", "Dealer")


def _jack_lays_the_ace_of_spades(table: Table, title: str,
                                 stud: tuple[str, ...] = ("Kh", "Qd", "9s", "5c", "2d")
                                 ) -> None:
    """Jack's two pair with the A♠ holds the high card, and beats the stud hand (unless
    `stud` is better: three Kings beat him)."""
    _shootout(table, title)
    table.do(Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "As")), ("Dealer", stud))))
    table.do(Call(((JACK.name, ("7d", "7c", "3h", "3c", "As")), ("Dealer", stud))))


def test_the_high_card_need_only_meet_the_top_bid(table: Table) -> None:
    # the holder of the high card keeps narration by meeting the highest bid (line 293):
    # Luke bids 1, Jack answers with 3 and keeps it for the 1 that meets Luke's bid
    _jack_lays_the_ace_of_spades(table, "Shootout at the cliff")
    table.do(BidForNarration(((LUKE.name, 1), (JACK.name, 3))))
    conflict = table.state.conflict
    assert conflict is not None and conflict.narrator == JACK.name
    assert (chips(table, JACK.name), chips(table, LUKE.name)) == (3, 6)
    table.do(EndConflict())
    # with nobody bidding against him, narration costs him the one Chip (line 293)
    _jack_lays_the_ace_of_spades(table, "Shootout at the river")
    table.do(BidForNarration(((JACK.name, 2),)))
    assert chips(table, JACK.name) == 2
    # a rival who outbids him pays the whole bid
    table.do(EndConflict())
    _jack_lays_the_ace_of_spades(table, "Shootout at the ford")
    table.do(BidForNarration(((LUKE.name, 2), (JACK.name, 1))))
    conflict = table.state.conflict
    assert conflict is not None and conflict.narrator == LUKE.name
    assert (chips(table, JACK.name), chips(table, LUKE.name)) == (2, 4)


def test_the_bid_form_says_who_may_keep_narration(table: Table) -> None:
    # a player holding the high card keeps narration by meeting the top bid; the Dealer's
    # stud hand holds no Chips, so any bid takes narration from it (line 293)
    _jack_lays_the_ace_of_spades(table, "Shootout at the cliff")
    assert f"{JACK.name} holds the high card and keeps narration by meeting the highest " \
        "bid" in view.bid_note(table.state)
    table.do(EndConflict())
    _shootout(table, "Shootout at the river")
    table.do(Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "Qd")),
                   ("Dealer", ("As", "Kd", "9s", "5c", "2d")))))
    table.do(Call(((JACK.name, ("7d", "7c", "3h", "3c", "Qd")),
                   ("Dealer", ("As", "Kd", "9s", "5c", "2d")))))
    note = view.bid_note(table.state)
    assert "The Dealer holds the high card" in note
    assert "meeting" not in note and "the highest bid takes narration" in note


def test_the_bid_form_says_the_high_card_has_no_chip_to_meet_a_bid(table: Table) -> None:
    # Jack holds the high card with no Chip left: the form offered only the others' bids
    # and said he keeps narration by meeting the highest, though he cannot (line 293)
    jack = table.state.character(JACK.name)
    assert jack is not None
    table.do(GiveChips(JACK.name, -jack.chips, "lost at faro"))
    _jack_lays_the_ace_of_spades(table, "Shootout at the cliff")
    note = view.bid_note(table.state)
    assert note.startswith(f"{JACK.name} holds the high card but no Chip to meet a bid: the "
                           "highest bid takes narration."), note
    assert "keeps narration" not in note


def test_the_bid_form_says_a_paid_narration_brings_a_point_back(table: Table) -> None:
    # line 295: narrating by a Chip restores a point of the Difficulty taken in the
    # conflict, and an attribute put at 0 comes back to 1. The bid form said only who
    # keeps narration, so a Dealer could not tell Jack, at Guts 0 after the three Kings,
    # what his Chip would buy him
    _jack_lays_the_ace_of_spades(table, "Shootout at the corral",
                                 stud=("Kc", "Kd", "Ks", "5c", "2d"))
    assert "a point of the Difficulty" in view.bid_note(table.state)  # before it is placed
    table.do(TakeDifficulty(JACK.name, (("Guts", 2), ("Hand", 1))))
    assert view.bid_note(table.state).endswith(
        "Narrating by paying Chips also gives back a point of the Difficulty taken in this "
        f"conflict: {JACK.name}'s Guts would come back from 0 to 1.")


def test_an_attribute_put_at_0_is_said_under_the_loss_until_a_chip_lifts_it(
        table: Table) -> None:
    # lines 295 and 315: the Conflict tab and the players' screen said "Jack lost Guts 2,
    # Hand 1" and nothing of his Guts at 0, though a paid narration before the conflict
    # ends is his one way back to 1
    _jack_lays_the_ace_of_spades(table, "Shootout at the corral",
                                 stud=("Kc", "Kd", "Ks", "5c", "2d"))
    table.do(TakeDifficulty(JACK.name, (("Guts", 2), ("Hand", 1))))
    at_zero = f"{JACK.name} lost Guts 2, Hand 1; Guts is at 0, the Road to Hell."
    assert at_zero in view.conflict_lines(table.state)
    assert at_zero in as_text(view.table_sections(view.table_knows(table.state)))
    table.do(BidForNarration(((JACK.name, 1),)))
    table.do(RestorePoint("Guts"))
    assert f"{JACK.name} lost Guts 2, Hand 1." in view.conflict_lines(table.state)


# ---------------------------------------------------------------- Difficulty (238-252)


def test_a_loser_with_nothing_left_to_lose_places_nothing(table: Table) -> None:
    # line 295 (attributes never go below 0): Jack, at Guts 0, is beaten by a flush of
    # clubs, which deals its five points from Guts alone. The end waited for him to
    # "place" them: k opened "Jack loses 0 points" and sent "Jack loses nothing"
    table.do(SetSessionDevils(((JACK.name, 2),)))
    table.do(OpenConflict("A card sharp's stare", (Entrant(JACK.name, "hold his nerve",
                                                           ("Guts", "Heart")),), stud=5))
    table.do(Deal(((JACK.name, ("2h", "3d", "9s", "Jd", "Qh", "4s")),
                   ("Dealer", ("2c", "5c", "7c", "9c", "Kc")))))
    table.do(Call(((JACK.name, ("2h", "3d", "9s", "Jd", "Qh")),
                   ("Dealer", ("2c", "5c", "7c", "9c", "Kc")))))
    table.do(TakeDifficulty(JACK.name, (("Guts", 2),)))
    table.do(EndConflict())
    table.do(OpenConflict("A card sharp's other stare", (Entrant(
        JACK.name, "win the pot", ("Hand", "Eye")),), stud=5))
    table.do(Deal(((JACK.name, ("2h", "3d", "9s", "Jd", "Qh", "4s", "6s")),
                   ("Dealer", ("2c", "5c", "7c", "9c", "Kc")))))
    table.do(Call(((JACK.name, ("2h", "3d", "9s", "Jd", "Qh")),
                   ("Dealer", ("2c", "5c", "7c", "9c", "Kc")))))
    assert resolution.losers_waiting(table.state) == ()
    assert resolution.why_not_end(table.state) is None
    count = len(table.events)
    table.do(EndConflict())
    assert values(table, JACK.name)[2] == 0 and len(table.events) == count + 1


def test_the_outcome_says_what_a_loser_can_really_lose(table: Table) -> None:
    # lines 242 and 295: a flush of clubs deals five points from Guts, but attributes stop
    # at 0. Jack holds Guts 2 and Zeke Guts 3; the Conflict tab and the players' screen
    # read "Jack and Zeke each lose 5 from Guts", though the form asked Jack for 2
    table.do(SetSessionDevils(((JACK.name, 2), (ZEKE.name, 2))))
    table.do(OpenConflict("A card sharp's stare", (
        Entrant(JACK.name, "hold his nerve", ("Guts", "Heart")),
        Entrant(ZEKE.name, "stare back", ("Guts", "Hand"))), stud=5))
    table.do(Deal(((JACK.name, ("2h", "3d", "9s", "Jd", "Qh", "4s")),
                   (ZEKE.name, ("2s", "4d", "6h", "8s", "10d", "Qs", "Ah", "3h")),
                   ("Dealer", ("2c", "5c", "7c", "9c", "Kc")))))
    table.do(Call(((JACK.name, ("2h", "3d", "9s", "Jd", "Qh")),
                   (ZEKE.name, ("Ah", "Qs", "10d", "8s", "6h")),
                   ("Dealer", ("2c", "5c", "7c", "9c", "Kc")))))
    told = (f"Winning combination K♣ 9♣ 7♣ 5♣ 2♣ deals 5 points from Guts: {JACK.name} "
            f"loses 2, all that Guts holds; {ZEKE.name} loses 3, all that Guts holds.")
    assert told in view.conflict_lines(table.state)
    assert told in as_text(view.table_sections(view.table_knows(table.state)))
    # the end waits on both, named as a list ("Jack, Zeke must place" read as an address)
    refusal = resolution.why_not_end(table.state)
    assert refusal is not None
    assert refusal.message == f"{JACK.name} and {ZEKE.name} must place Difficulty first"
    # the same once placed, and once the narrator hands Jack's Heart a point more
    table.do(TakeDifficulty(JACK.name, (("Guts", 2),)))
    table.do(TakeDifficulty(JACK.name, (("Heart", 1),), by_narrator=True))
    assert told in view.conflict_lines(table.state)
    table.do(TakeDifficulty(ZEKE.name, (("Guts", 3),)))
    assert told in view.conflict_lines(table.state)


def test_the_outcome_keeps_a_hidden_loser_hidden(table: Table) -> None:
    # Jack's flush of clubs beats Clara Hardin, the Dealer's, at Guts 2: the Dealer reads
    # that she loses 2, all her Guts; the table, who never saw her sheet, reads "up to 5"
    # until her loss is placed, then the 2 she lost, not that it was all she had
    table.do(SetSessionDevils(((JACK.name, 2),)))
    table.do(OpenConflict("Words in the parlour", (
        Entrant(JACK.name, "win her over", ("Guts", "Heart")),
        Entrant(CLARA.name, "turn him out", ("Guts", "Heart"))), stud=3))
    table.do(Deal(((JACK.name, ("2c", "5c", "7c", "9c", "Kc", "4s")),
                   (CLARA.name, ("2h", "3d", "9s", "Jd", "Qh", "4d")),
                   ("Dealer", ("3s", "6h", "8d")))))
    table.do(Call(((JACK.name, ("2c", "5c", "7c", "9c", "Kc")),
                   (CLARA.name, ("2h", "3d", "9s", "Jd", "Qh")),
                   ("Dealer", ("3s", "6h", "8d")))))
    dealers = (f"Winning combination K♣ 9♣ 7♣ 5♣ 2♣ deals 5 points from Guts: "
               f"{CLARA.name} loses 2, all that Guts holds.")
    assert dealers in view.conflict_lines(table.state)
    tables = as_text(view.table_sections(view.table_knows(table.state)))
    assert (f"Winning combination K♣ 9♣ 7♣ 5♣ 2♣ deals 5 points from Guts: {CLARA.name} "
            "loses up to 5.") in tables
    assert "2, all" not in tables
    table.do(TakeDifficulty(CLARA.name, (("Guts", 2),)))
    tables = as_text(view.table_sections(view.table_knows(table.state)))
    assert (f"Winning combination K♣ 9♣ 7♣ 5♣ 2♣ deals 5 points from Guts: {CLARA.name} "
            "loses 2.") in tables
    assert "all that" not in tables
    assert dealers in view.conflict_lines(table.state)


def test_losers_who_can_lose_it_all_each_lose_the_combinations_points(table: Table) -> None:
    # three 5s deal 3 points (line 244): Jack and Luke can each lose all 3, and are told so
    table.do(OpenConflict("A rival's wild shot", (
        Entrant(JACK.name, "stay alive", ("Guts", "Hand")),
        Entrant(LUKE.name, "stay alive", ("Guts", "Hand"))), stud=5))
    table.do(Deal(((JACK.name, ("2s", "4d", "6c", "8h", "9s")),
                   (LUKE.name, ("3s", "4h", "7c", "10h", "Js", "Qd", "Kc")),
                   ("Dealer", ("5h", "5c", "5d", "3c", "2h")))))
    table.do(Call(((JACK.name, ("2s", "4d", "6c", "8h", "9s")),
                   (LUKE.name, ("Kc", "Qd", "Js", "10h", "7c")),
                   ("Dealer", ("5h", "5c", "5d", "3c", "2h")))))
    assert (f"Winning combination 5♥ 5♦ 5♣: {JACK.name} and {LUKE.name} each lose 3 from "
            "Eye, Guts, Heart.") in view.conflict_lines(table.state)


def test_lukes_joker_variant_through_the_decider(table: Table) -> None:
    # 5♥ 5♣ and a joker: three points, from Heart and Guts only (line 246)
    table.do(OpenConflict("A rival's wild shot",
                          (Entrant(LUKE.name, "stay alive", ("Guts", "Hand")),), stud=5))
    table.do(Deal(((LUKE.name, ("2s", "4d", "6c", "8h", "9s", "Jd", "Kc")),
                   ("Dealer", ("5h", "5c", "*", "3s", "2h")))))
    table.do(Call(((LUKE.name, ("Kc", "Jd", "9s", "8h", "6c")),
                   ("Dealer", ("5h", "5c", "*", "3s", "2h")))))
    refused(table, TakeDifficulty(LUKE.name, (("Eye", 1), ("Guts", 1), ("Heart", 1))),
            "Difficulty")
    refused(table, TakeDifficulty(LUKE.name, (("Guts", 2),)), "Difficulty")
    table.do(TakeDifficulty(LUKE.name, (("Guts", 2), ("Heart", 1))))
    assert values(table, LUKE.name) == (3, 3, 2, 2)


def test_a_partners_winning_hand_spares_the_players_beside_him(table: Table) -> None:
    # the posse at the cliff (line 176): when one or more of the pair wins, the pair leaps
    # to safety. Jack's two pair wins; Luke's ace high beat the posse too, stood with Jack,
    # and takes none of Jack's Difficulty (the narrator may still hand him some, line 226)
    table.do(OpenConflict("The posse at the cliff", (
        Entrant(JACK.name, "leap", ("Guts", "Hand")),
        Entrant(LUKE.name, "leap", ("Guts", "Hand"))), stud=5))
    table.do(Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d")),
                   (LUKE.name, ("As", "Kd", "Qh", "8c", "6s", "4d", "2h")),
                   ("Dealer", ("Jh", "9s", "5c", "4c", "2d")))))
    table.do(Call(((JACK.name, ("3h", "3c", "7d", "7c", "9d")),
                   (LUKE.name, ("As", "Kd", "Qh", "8c", "6s")),
                   ("Dealer", ("Jh", "9s", "5c", "4c", "2d")))))
    conflict = table.state.conflict
    assert conflict is not None and conflict.spared == (LUKE.name,)
    assert resolution.losers_waiting(table.state) == ()
    refused(table, TakeDifficulty(LUKE.name, (("Heart", 1), ("Guts", 2), ("Eye", 1))),
            "Difficulty")
    lines = view.conflict_lines(table.state)
    assert any(f"{LUKE.name} stood with the winning hand" in line for line in lines)
    # the Result column says his ally won, not that he lost, on both screens
    assert view.hand_row(conflict, conflict.participants[1])[-1] == "ally won, narrates"
    known = view.table_knows(table.state).conflict
    assert known is not None
    assert view._table_row(known, known.hands[1])[-1] == "ally won, narrates"
    assert "stood with the winning hand" in RULES.describe(table.events[-1])
    table.do(TakeDifficulty(LUKE.name, (("Guts", 1),), by_narrator=True))
    table.do(EndConflict())
    assert values(table, LUKE.name) == (3, 3, 3, 3)


@pytest.mark.parametrize(("side", "told", "marked"), [
    ("players", "on the players' side", "players' side"),
    ("dealer", "on the Dealer's side", "Dealer's side"),
    ("alone", "on its own side", "own side")])
def test_each_side_set_is_said_in_the_log_and_the_list_of_those_entering(
        table: Table, side: str, told: str, marked: str) -> None:
    table.do(AddEntrant(Entrant(ZEKE.name, "take the bounty", ("Hand", "Eye"), side=side)))
    assert f"Hand + Eye, {told})" in RULES.describe(table.events[-1])
    assert view.entering_row(table.state, table.state.entering[0])[-1] == \
        f"entering, {marked}"


def test_a_player_character_set_on_the_dealers_side_is_beaten_by_another_players_win(
        table: Table) -> None:
    # each declares his own goal (line 166): Zeke, a bounty hunter, stands with Long Tom to
    # keep Luke in his cell. Set on the Dealer's side as he enters, he loses to Luke's
    # three aces (line 240) and shares none of Luke's Stakes; as usual, the players'
    # characters would stand together and Zeke would be paid for Luke's escape
    table.do(SetSessionDevils(((ZEKE.name, 2), (JACK.name, 2), (LUKE.name, 2),
                               (JIM.name, 3))))
    table.do(AddEntrant(Entrant(LUKE.name, "escape the jail", ("Hand", "Guts"))))
    table.do(AddEntrant(Entrant(ZEKE.name, "keep Luke in his cell", ("Hand", "Eye"),
                                side="dealer")))
    table.do(AddEntrant(Entrant(TOM.name, "keep Luke in his cell", ("Hand", "Guts"))))
    assert "on the Dealer's side" in RULES.describe(table.events[-2])
    assert view.entering_row(table.state, table.state.entering[1])[-1] == \
        "entering, Dealer's side"
    table.do(OpenConflict("Jailbreak", stakes=2))
    table.do(Deal(((LUKE.name, ("Ac", "Ad", "Ah", "2c", "3d", "4h", "5s")),
                   (ZEKE.name, ("Kc", "Kd", "2d", "3c", "4c", "6h", "7h", "8h")),
                   (TOM.name, ("Qc", "Qd", "9s", "8s", "7s", "6s", "5c")))))
    table.do(Call(((LUKE.name, ("Ac", "Ad", "Ah", "5s", "4h")),
                   (ZEKE.name, ("Kc", "Kd", "8h", "7h", "6h")),
                   (TOM.name, ("Qc", "Qd", "9s", "8s", "7s")))))
    conflict = table.state.conflict
    assert conflict is not None and conflict.winners == (LUKE.name,)
    assert conflict.spared == ()
    assert set(resolution.losers_waiting(table.state)) >= {ZEKE.name}
    assert resolution.stakes_due(table.state) == (LUKE.name,)


def test_a_character_of_the_dealers_set_on_the_players_side_wins_for_them(
        table: Table) -> None:
    # Jim and Clara, the Dealer's, both want Merrill to confess: Clara set on the players'
    # side, her three kings win for both; Jim, below her, takes none of her Difficulty and
    # is paid the Stakes, and Merrill, alone on the Dealer's side, is beaten
    table.do(SetSessionDevils(((ZEKE.name, 2), (JACK.name, 2), (LUKE.name, 2),
                               (JIM.name, 3))))
    table.do(OpenConflict("Confronting the mayor", (
        Entrant(JIM.name, "make Merrill confess", ("Heart", "Eye")),
        Entrant(CLARA.name, "make Merrill confess", ("Heart", "Eye"), side="players"),
        Entrant(MERRILL.name, "keep his secret", ("Heart", "Eye"))), stakes=1))
    table.do(Deal(((JIM.name, ("2c", "3d", "5h", "7s", "9c", "Jd")),
                   (CLARA.name, ("Kh", "Kd", "Ks", "2h", "3h", "4d", "6d")),
                   (MERRILL.name, ("Qc", "Qd", "8s", "7d", "6s", "5c", "4c")))))
    table.do(Call(((JIM.name, ("Jd", "9c", "7s", "5h", "3d")),
                   (CLARA.name, ("Kh", "Kd", "Ks", "6d", "4d")),
                   (MERRILL.name, ("Qc", "Qd", "8s", "7d", "6s")))))
    conflict = table.state.conflict
    assert conflict is not None and conflict.winners == (CLARA.name,)
    assert conflict.spared == (JIM.name,)
    assert resolution.losers_waiting(table.state) == (MERRILL.name,)
    assert resolution.stakes_due(table.state) == (JIM.name,)


def test_a_side_no_table_plays_is_refused_naming_it(table: Table) -> None:
    refused(table, AddEntrant(Entrant(LUKE.name, "escape", ("Hand", "Guts"), side="posse")),
            "Sides")


def test_the_dealers_hand_that_wins_beats_every_player(table: Table) -> None:
    # the posse's hand wins (line 176): both fugitives lose to it, Luke's ace high too;
    # Long Tom, the Dealer's beside his stud hand, is spared by it
    table.do(OpenConflict("The posse at the cliff", (
        Entrant(JACK.name, "leap", ("Guts", "Hand")),
        Entrant(LUKE.name, "leap", ("Guts", "Hand")),
        Entrant(TOM.name, "take them", ("Hand", "Guts"))), stud=5))
    table.do(Deal(((JACK.name, ("3h", "4c", "7d", "8c", "9d")),
                   (LUKE.name, ("As", "Kd", "Qh", "8d", "6s", "3s", "4s")),
                   (TOM.name, ("2s", "5h", "6d", "10c", "Qs", "9s", "7h")),
                   ("Dealer", ("Jh", "Jc", "5c", "4h", "2d")))))
    table.do(Call(((JACK.name, ("3h", "4c", "7d", "8c", "9d")),
                   (LUKE.name, ("As", "Kd", "Qh", "8d", "6s")),
                   (TOM.name, ("2s", "5h", "6d", "10c", "Qs")),
                   ("Dealer", ("Jh", "Jc", "5c", "4h", "2d")))))
    conflict = table.state.conflict
    assert conflict is not None and conflict.spared == (TOM.name,)
    assert resolution.losers_waiting(table.state) == (JACK.name, LUKE.name)


def test_player_characters_facing_each_other_alone_beat_each_other(table: Table) -> None:
    # with no hand of the Dealer's, the players' hands are rivals (line 166): the loser
    # takes the winner's Difficulty
    table.do(OpenConflict("Cards at the Red Roof", (
        Entrant(JACK.name, "clean Jim out", ("Eye", "Heart")),
        Entrant(JIM.name, "catch him cheating", ("Eye", "Guts")))))
    table.do(Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "2s", "4h", "5h")),
                   (JIM.name, ("As", "Kd", "Qh", "8c", "6s", "4d", "5d")))))
    table.do(Call(((JACK.name, ("3h", "3c", "7d", "7c", "9d")),
                   (JIM.name, ("As", "Kd", "Qh", "8c", "6s")))))
    conflict = table.state.conflict
    assert conflict is not None and conflict.spared == ()
    assert resolution.losers_waiting(table.state) == (JIM.name,)


def test_a_healer_of_the_dealers_is_beaten_by_the_recoverys_stud_hand(table: Table) -> None:
    # in a recovery the stud hand is the hurt itself (line 260): Clara, the Dealer's,
    # loses to it and takes its Difficulty
    _luke_hurt(table)
    table.do(OpenConflict("Clara mends his coat and his pride", (
        Entrant(CLARA.name, "console Luke", ("Heart", "Eye"), knack="Mendin'"),), stud=3,
        recovery=(LUKE.name, (("Guts", 1), ("Heart", 1)))))
    table.do(Deal(((CLARA.name, ("Ah", "Kd", "2c", "3c", "4c", "9d", "Jh")),
                   ("Dealer", ("5s", "5h", "8d")))))
    table.do(Call(((CLARA.name, ("Ah", "Kd", "Jh", "9d", "4c")),
                   ("Dealer", ("5s", "5h", "8d")))))
    assert resolution.losers_waiting(table.state) == (CLARA.name,)


def test_the_healers_of_a_recovery_stand_together(table: Table) -> None:
    # Clara, the Dealer's, and Jack both tend Luke against the stud hand, the hurt: Jack's
    # win heals Luke, and Clara, beside him, takes none of its Difficulty
    _luke_hurt(table)
    table.do(OpenConflict("Mending Luke", (
        Entrant(CLARA.name, "console Luke", ("Heart", "Eye"), knack="Mendin'"),
        Entrant(JACK.name, "talk him round", ("Eye", "Heart"), knack="Lyin'")), stud=3,
        recovery=(LUKE.name, (("Guts", 1), ("Heart", 1)))))
    table.do(Deal(((CLARA.name, ("Ah", "Kd", "2c", "3c", "4c", "9d", "Jh")),
                   (JACK.name, ("Qs", "Qd", "Qh", "5c", "6c", "7d", "8h", "9c")),
                   ("Dealer", ("5s", "5h", "8d")))))
    table.do(Call(((CLARA.name, ("Ah", "Kd", "Jh", "9d", "4c")),
                   (JACK.name, ("Qs", "Qd", "Qh", "9c", "8h")),
                   ("Dealer", ("5s", "5h", "8d")))))
    conflict = table.state.conflict
    assert conflict is not None and conflict.spared == (CLARA.name,)
    assert resolution.losers_waiting(table.state) == ()


def test_a_journal_from_before_sides_reads_every_hand_below_as_beaten() -> None:
    # a Call recorded before the app told partners apart names nobody spared: every hand
    # below the winner placed Difficulty then, and replays so
    state = DustDevilsState(conflict=Conflict(1, "Old", 0, "draw", (
        Participant(JACK.name, "leap"), Participant(LUKE.name, "leap"),
        Participant("Dealer", ""))))
    after = called(state, Called((Laid(JACK.name, ()),), (JACK.name,), (), "Two pair"))
    assert after.conflict is not None and after.conflict.spared == ()


def test_the_difficulty_form_asks_for_the_points_a_loser_can_place(table: Table) -> None:
    # a flush of clubs deals five, but Zeke's Guts holds three and goes no lower than 0
    # (lines 240, 295): the form asks for three; a lone high card deals one point
    _zeke_meets_a_flush_of_clubs(table)
    asked = view.difficulty_asked(table.state)
    assert asked.title == f"{ZEKE.name} loses 3 points"
    assert "The flush deals 5 points, from Guts 3" in asked.note
    assert asked.split == {G: 3}
    table.do(TakeDifficulty(ZEKE.name, tuple((a.value, n) for a, n in asked.split.items())))
    table.do(EndConflict())
    table.do(OpenConflict("Card game", (Entrant(JACK.name, "win", ("Eye", "Heart")),),
                          stud=5))
    table.do(Deal(((JACK.name, ("2s", "4d", "6h", "8h", "9s", "Jd", "Qh", "3c")),
                   ("Dealer", ("2c", "5c", "8c", "Jc", "Ks")))))
    table.do(Call(((JACK.name, ("Qh", "Jd", "9s", "8h", "6h")),
                   ("Dealer", ("Ks", "Jc", "8c", "5c", "2c")))))
    asked = view.difficulty_asked(table.state)
    assert asked.title == f"{JACK.name} loses 1 point"
    assert asked.split == {H: 1}


# ---------------------------------------------------------------- recovery (254-285)


def _luke_hurt(table: Table) -> None:
    """Luke loses 1 Eye, 1 Guts, 1 Heart to three fives (line 244's split)."""
    table.do(OpenConflict("A rival's wild shot",
                          (Entrant(LUKE.name, "stay alive", ("Guts", "Hand")),), stud=5))
    table.do(Deal(((LUKE.name, ("2s", "4d", "6c", "8h", "9s", "Jd", "Kc")),
                   ("Dealer", ("5h", "5c", "5d", "3s", "2h")))))
    table.do(Call(((LUKE.name, ("Kc", "Jd", "9s", "8h", "6c")),
                   ("Dealer", ("5h", "5c", "5d", "3s", "2h")))))
    table.do(TakeDifficulty(LUKE.name, (("Eye", 1), ("Guts", 1), ("Heart", 1))))
    table.do(EndConflict())


def _zeke_meets_a_flush_of_clubs(table: Table) -> None:
    """Zeke's king high lies against the Dealer's stud flush of clubs, called."""
    table.do(OpenConflict("Bar fight", (Entrant(ZEKE.name, "win", ("Hand", "Eye")),),
                          stud=5))
    table.do(Deal(((ZEKE.name, ("2s", "4d", "6h", "8h", "9s", "Jd", "Kh", "3d")),
                   ("Dealer", ("2c", "5c", "8c", "Jc", "Kc")))))
    table.do(Call(((ZEKE.name, ("Kh", "Jd", "9s", "8h", "6h")),
                   ("Dealer", ("2c", "5c", "8c", "Jc", "Kc")))))


def _zeke_at_zero(table: Table) -> None:
    """A flush of clubs takes all three of Zeke's Guts."""
    _zeke_meets_a_flush_of_clubs(table)
    table.do(TakeDifficulty(ZEKE.name, (("Guts", 3),)))
    table.do(EndConflict())


def test_recovery_never_lifts_an_attribute_at_zero(table: Table) -> None:
    # no Difficulty comes back to an attribute at 0 (line 258), in play or at the end
    _zeke_at_zero(table)
    doctoring = (Entrant(JIM.name, "stitch Zeke up", ("Eye", "Heart")),)
    refused(table, OpenConflict("Stitches", doctoring, stud=3,
                                recovery=(ZEKE.name, (("Guts", 1),))), "The Road to Hell")


def test_an_important_npc_heals(table: Table) -> None:
    # Clara's Mendin' wins against the stud hand: Luke gets his points back (lines 260, 285)
    _luke_hurt(table)
    table.do(OpenConflict("Clara mends his coat and his pride", (
        Entrant(CLARA.name, "console Luke", ("Heart", "Eye"), knack="Mendin'"),), stud=3,
        recovery=(LUKE.name, (("Guts", 1), ("Heart", 1)))))
    table.do(Deal(((CLARA.name, ("Ah", "Ad", "2c", "3c", "4c", "9d", "Jh")),
                   ("Dealer", ("5s", "6h", "8d")))))
    table.do(Call(((CLARA.name, ("Ah", "Ad", "Jh", "9d", "4c")),
                   ("Dealer", ("5s", "6h", "8d")))))
    table.do(EndConflict())
    assert values(table, LUKE.name) == (3, 2, 4, 3)


def test_mccreedy_drinks_himself_better(table: Table) -> None:
    # his own Drinkin' puts back the Heart and Guts an embarrassment cost him (line 285):
    # four points are a Five Card Stud (the table, lines 264-279)
    dylan = Sheet('Dylan "Bang" McCreedy', player=True, ratings=(5, 3, 3, 2),
                  knacks=(("Drinkin'", 3), ("Blastin'", 4), ("Ridin'", 4)),
                  traits=("Strong as an ox", "Crazier than a loon"),
                  devil="Dynamite and no sense", devil_rating=2)
    table.do(MakeCharacter(dylan))
    table.do(OpenConflict("Red Sally laughs", (Entrant(dylan.name, "save face", (
        "Hand", "Eye")),), stud=5))
    table.do(Deal(((dylan.name, ("2s", "4d", "6h", "8s", "9s", "Jd", "Ks", "3d")),
                   ("Dealer", ("Jh", "Jc", "5c", "8c", "2c")))))
    table.do(Call(((dylan.name, ("Ks", "Jd", "9s", "8s", "6h")),
                   ("Dealer", ("Jh", "Jc", "8c", "5c", "2c")))))
    table.do(TakeDifficulty(dylan.name, (("Heart", 1), ("Guts", 1))))
    table.do(EndConflict())
    assert values(table, dylan.name) == (5, 3, 2, 1)

    def whiskey(stud: int, *points: tuple[str, int]) -> OpenConflict:
        return OpenConflict("Whiskey", (Entrant(dylan.name, "feel himself again", (
            "Guts", "Hand"), knack="Drinkin'"),), stud=stud, recovery=(dylan.name, points))

    refused(table, whiskey(3, ("Heart", 2)), "Recovery")  # he lost only one
    refused(table, whiskey(5, ("Heart", 1), ("Guts", 1)), "Recovery")  # two: three cards
    table.do(whiskey(3, ("Heart", 1), ("Guts", 1)))
    table.do(Deal(((dylan.name, ("Qs", "Qd", "2c", "5h", "7d", "9c", "Kd")),
                   ("Dealer", ("3s", "6c", "8h")))))
    table.do(Call(((dylan.name, ("Qs", "Qd", "Kd", "9c", "7d")),
                   ("Dealer", ("8h", "6c", "3s")))))
    table.do(EndConflict())
    assert values(table, dylan.name) == (5, 3, 3, 2)


def test_a_recovery_is_won_by_a_knack(table: Table) -> None:
    # points come back only through a Knack used to heal or console (line 260): a hand with
    # none named heals nobody, even when it wins
    _luke_hurt(table)
    hurt = values(table, LUKE.name)
    points = (LUKE.name, (("Guts", 1), ("Heart", 1)))
    error = refused(table, OpenConflict("Clara sits with him", (
        Entrant(CLARA.name, "console Luke", ("Heart", "Eye")),), stud=3, recovery=points),
        "Recovery")
    assert error.field == "knack"
    # Luke and Clara's Mendin' against the stud hand: Luke's hand wins, and Clara, a
    # healer beside him against the hurt, takes none of its Difficulty
    table.do(OpenConflict("Clara sits with him", (
        Entrant(LUKE.name, "shake it off", ("Guts", "Hand")),
        Entrant(CLARA.name, "console Luke", ("Heart", "Eye"), knack="Mendin'")), stud=3,
        recovery=points))
    table.do(Deal(((LUKE.name, ("As", "Ad", "2c", "3c", "4c", "9d")),
                   (CLARA.name, ("5h", "6d", "8s", "9c", "Jh", "Qs", "Kd")),
                   ("Dealer", ("7s", "7h", "3d")))))
    table.do(Call(((LUKE.name, ("As", "Ad", "9d", "4c", "3c")),
                   (CLARA.name, ("Kd", "Qs", "Jh", "9c", "8s")),
                   ("Dealer", ("7s", "7h", "3d")))))
    refused(table, TakeDifficulty(CLARA.name, (("Hand", 1), ("Eye", 1))), "Difficulty")
    table.do(EndConflict())
    assert values(table, LUKE.name) == hurt


# ---------------------------------------------------------------- Chips (287-309)


def test_chips_are_for_player_characters(table: Table) -> None:
    # players win, hold and spend Chips; the Dealer only awards them (lines 289, 305)
    refused(table, GiveChips(TOM.name, 2, "a bribe"), "Chips")
    refused(table, RaiseAttribute(TOM.name, "Eye"), "Chips")
    refused(table, BuyKnack(TOM.name, "Readin' 'n Writin'"), "Chips")
    refused(table, MakeCharacter(replace(TOM, name="Deputy", devil="", devil_rating=0,
                                         chips=2)), "Chips")


# ---------------------------------------------------------------- the Road to Hell (313-333)


def _two_lost_souls(table: Table) -> tuple[str, str]:
    """Dylan and Mae both lose their last point of Heart to a pair of hearts and clubs."""
    dylan = replace(JIM, name="Dylan", ratings=(5, 5, 2, 1))
    mae = replace(JIM, name="Mae", ratings=(4, 4, 4, 1))
    table.do(MakeCharacter(dylan))
    table.do(MakeCharacter(mae))
    table.do(OpenConflict("Cards with the mayor", (
        Entrant("Dylan", "win", ("Hand", "Eye")),
        Entrant("Mae", "win", ("Hand", "Eye"))), stud=3))
    table.do(Deal((("Dylan", ("2c", "3c", "4d", "6h", "7s", "9d", "Jd", "Ks", "8s", "Td")),
                   ("Mae", ("2d", "3d", "4h", "6s", "7c", "9h", "Jc", "Kc")),
                   ("Dealer", ("Ah", "Ac", "2s")))))
    table.do(Call((("Dylan", ("Ks", "Jd", "Td", "9d", "8s")),
                   ("Mae", ("Kc", "Jc", "9h", "7c", "6s")),
                   ("Dealer", ("Ah", "Ac", "2s")))))
    table.do(TakeDifficulty("Dylan", (("Heart", 1), ("Guts", 1))))
    table.do(TakeDifficulty("Mae", (("Heart", 1), ("Guts", 1))))
    table.do(EndConflict())
    return "Dylan", "Mae"


def test_two_at_zero_bid_and_the_high_card_among_them_holds(table: Table) -> None:
    # two characters at 0 bid for narration, nobody else (line 327); entering first gives
    # no right: among them the high card holds it, as it does for everyone (line 218)
    dylan, mae = _two_lost_souls(table)
    table.do(OpenConflict("Two lost souls", (
        Entrant(dylan, "be forgiven", ("Heart", "Eye")),
        Entrant(mae, "be forgiven", ("Heart", "Guts")),
        Entrant(LUKE.name, "watch", ("Eye", "Guts"))), stud=3))
    conflict = table.state.conflict
    assert conflict is not None
    # Heart 0 counts as the Devil rating (3): 3 + 5 and 3 + 3
    assert [p.cards_due for p in conflict.participants] == [8, 6, 7, 3]
    table.do(Deal(((dylan, ("2c", "3c", "4d", "6h", "7s", "9d", "Jd", "Qh")),
                   (mae, ("2d", "3d", "4h", "6s", "7c", "Ks")),
                   (LUKE.name, ("As", "Ah", "5c", "5d", "8s", "Th", "Qs")),
                   ("Dealer", ("2s", "3s", "4s")))))
    table.do(Call(((dylan, ("Qh", "Jd", "9d", "7s", "6h")),
                   (mae, ("Ks", "7c", "6s", "4h", "3d")),
                   (LUKE.name, ("As", "Ah", "5c", "5d", "Qs")),
                   ("Dealer", ("4s", "3s", "2s")))))
    conflict = table.state.conflict
    assert conflict is not None and conflict.narrator == mae  # her K♠; not Luke's A♠
    refused(table, BidForNarration(((LUKE.name, 1),)), "The Road to Hell")
    assert resolution.who_may_bid(table.state) == (dylan, mae)  # what the bid form offers
    table.do(BidForNarration(((dylan, 1), (mae, 1))))  # she meets his bid
    conflict = table.state.conflict
    assert conflict is not None and conflict.narrator == mae


def test_both_attributes_at_zero() -> None:
    # twice the Devil rating in the Deal, and the rating once more in the Draw (line 321)
    assert cards_in_deal(0, 0, 3) == 6
    assert draw_limit(0, devil_at_zero=3) == 3
    assert draw_limit(2, devil_at_zero=3) == 5


def test_a_conflict_without_the_attribute_at_zero_is_not_the_last(table: Table) -> None:
    # on his last leg Zeke plays on in conflicts that do not need his Guts (line 319)
    _zeke_at_zero(table)
    table.do(OpenConflict("Tracking the posse", (Entrant(ZEKE.name, "find their camp", (
        "Eye", "Hand"), knack="Trackin'"),), stud=5))
    conflict = table.state.conflict
    assert conflict is not None and not conflict.participants[0].at_zero
    assert conflict.participants[0].cards_due == 3 + 5  # no Devil in place of anything
    table.do(Deal(((ZEKE.name, ("As", "Ad", "Kc", "7h", "2s", "9d", "Jh", "4c")),
                   ("Dealer", ("3c", "4d", "9h", "Js", "5c")))))
    table.do(Call(((ZEKE.name, ("As", "Ad", "Kc", "Jh", "9d")),
                   ("Dealer", ("Js", "9h", "5c", "4d", "3c")))))
    table.do(EndConflict())
    zeke = table.state.character(ZEKE.name)
    assert zeke is not None and zeke.on_last_leg and not zeke.fate_due


def test_a_conflict_the_dealer_folds_is_no_last_stand(table: Table) -> None:
    # reading: a conflict left unresolved (line 309) settles nothing, the last stand too
    _zeke_at_zero(table)
    table.do(SetDevilRating(ZEKE.name, 2))
    table.do(OpenConflict("Last stand", (
        Entrant(ZEKE.name, "go out fighting", ("Guts", "Hand")),
        Entrant(TOM.name, "hang him", ("Hand", "Guts"))), stakes=1))
    table.do(DealerFolds())
    zeke = table.state.character(ZEKE.name)
    assert zeke is not None and not zeke.fate_due and zeke.on_last_leg
    refused(table, RecordFate(ZEKE.name, "dies"), "The Road to Hell")


# ---------------------------------------------------------------- the pack and the sheets


def test_a_pack_of_fifty_four_with_both_jokers() -> None:
    # a U.S. regulation poker deck and its two jokers (line 166)
    pack = full_pack()
    assert len(pack) == len(set(pack)) + 1 == 54 and pack.count("*") == 2


BOOK = {  # the Hanged Man's sheets as the book prints them (lines 456-692); Knacks by name
    '"Gentleman" Jim Harris': ((4, 4, 3, 2), 3, 3, {
        "Bargainin'": 2, "Drinkin'": 1, "Gamblin'": 2, "Philanderin'": 2, "Shootin'": 4}),
    "Zeke Munroe": ((5, 3, 3, 2), 2, 3, {
        "Drinkin'": 3, "Ridin'": 1, "Shootin'": 2, "Trackin'": 3, "Wrestlin'": 2}),
    '"Black" Jack Kerrigan': ((3, 4, 2, 4), 2, 4, {
        "Gamblin'": 4, "Lyin'": 3, "Shootin'": 2, "Snoopin'": 2}),
    '"Lucky" Luke Johnson': ((3, 3, 4, 3), 2, 6, {
        "Drinkin'": 3, "Lock Pickin'": 1, "Ridin'": 3, "Ropin'": 2, "Shootin'": 2}),
    "Clara Hardin": ((2, 3, 2, 4), 3, 0, {"Mendin'": 2, "Seducin'": 3, "Teachin'": 2}),
    "Merrill Randolph": ((3, 3, 2, 4), 3, 0, {
        "Drinkin'": 1, "Gamblin'": 2, "Politickin'": 3, "Sweet Talkin'": 2}),
    '"Long" Tom Meredith': ((3, 2, 4, 2), 2, 0, {
        "Fightin'": 3, "Interrogatin'": 2, "Ridin'": 2, "Shootin'": 3, "Trackin'": 1}),
}


def test_the_hanged_mans_sheets_carry_the_books_numbers() -> None:
    sheets = {s.name: s for s in (*PLAYERS, *NON_PLAYERS)}
    assert sheets.keys() == BOOK.keys()
    for name, (ratings, devil, chips_, knacks) in BOOK.items():
        sheet = sheets[name]
        assert (sheet.ratings, sheet.devil_rating, sheet.chips) == (ratings, devil, chips_)
        assert dict(sheet.knacks) == knacks, name
        assert len(sheet.traits) == 2 and sheet.devil
    # the four player characters are legal sheets: 13 and 11 points each (lines 56, 75)
    assert [s.player for s in sheets.values()] == [True] * 4 + [False] * 3
    table = Table()
    for sheet in sheets.values():
        table.do(MakeCharacter(sheet))
    assert RULES.problems(table.state) == []
    assert {MERRILL.name, CLARA.name, TOM.name} == {s.name for s in NON_PLAYERS}


# ---------------------------------------------------------------- goals on screen


def test_goals_read_as_sentences() -> None:
    assert goal_sentence("Zeke Munroe", "make Long Tom own up") == \
        "Zeke Munroe's goal: make Long Tom own up."
    assert goal_sentence("Dealer", "The sheriff dies.") == "The Dealer's goal: The sheriff dies."
    assert goal_sentence('"Gentleman" Jim Harris', "Find the man who hanged in his name!") \
        == '"Gentleman" Jim Harris\'s goal: Find the man who hanged in his name!'
    assert goal_sentence("Jim", "  ") == ""


def test_the_stakes_the_book_advises_are_said_as_the_conflict_is_set_up(table: Table) -> None:
    # lines 178, 184, 230, 234: Stakes are usually one Chip at a turning point, two or three
    # at a great one, at least one for a Seven Card Stud, none for a Three Card Stud, and
    # offered when a character deals with his Devil. The open form started on 0 with none
    # of it said: the Dealer kept the book's advice in his head
    advised = steps.stakes_advised(table.state.entering)
    assert all(words in advised for words in ("1 Chip", "2 or 3", "Seven Card Stud: 1 or "
                                              "more", "Three Card Stud: none"))
    assert "Devil" not in advised
    table.do(SetDevilRating(ZEKE.name, 2))
    table.do(AddEntrant(Entrant(ZEKE.name, "walk the saloon through the brawl",
                                ("Hand", "Guts"), devil=2)))
    advised = steps.stakes_advised(table.state.entering)
    assert f"The Devil is in play for {ZEKE.name}: Stakes" in advised
