"""The Encounter Log's lines read like a story and name who an event concerns; what a
Dealer types (Knacks, a split) reads as the rules need it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmscreen.games.dust_devils import RULES, view
from gmscreen.games.dust_devils.commands import (
    BidForNarration,
    BuyKnack,
    Call,
    CloseThread,
    Deal,
    DealerFolds,
    Draw,
    EndConflict,
    Entrant,
    Fold,
    GiveChips,
    MakeCharacter,
    OpenConflict,
    RaiseKnack,
    RestorePoint,
    SetDevilRating,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.events import (
    ConflictEnded,
    ConflictOpened,
    Entered,
    HopedFor,
    PointsOf,
    Recovered,
    Regained,
)
from gmscreen.games.dust_devils.log import conflict_ended, conflict_opened, named_all, recovered
from gmscreen.games.dust_devils.panes.characters import parse_knacks
from gmscreen.games.dust_devils.sample import JACK, LUKE, TOM, ZEKE
from gmscreen.games.dust_devils.sheet import Attribute, parse_split
from gmscreen.games.dust_devils.view import sheet_lines
from gmscreen.journal.rules import RuleError
from tests.dust_devils.game import Table


def test_a_conflict_reads_like_a_story() -> None:
    t = Table()
    t.do(MakeCharacter(LUKE))
    t.do(MakeCharacter(JACK))
    t.do(OpenConflict("A rival's wild shot",
                      (Entrant(LUKE.name, "stay alive", ("Guts", "Hand")),), stud=5, stakes=1))
    t.do(Deal(((LUKE.name, ("2s", "4d", "6c", "8h", "9s", "Jd", "As")),
               ("Dealer", ("5h", "5c", "*", "3s", "2h")))))
    t.do(Draw(LUKE.name, ("2s",), ("Kc",), knack="Shootin'"))
    t.do(Call(((LUKE.name, ("As", "Kc", "Jd", "9s", "8h")),
               ("Dealer", ("5h", "5c", "*", "3s", "2h")))))
    t.do(BidForNarration(((JACK.name, 1), (LUKE.name, 1))))
    t.do(TakeDifficulty(LUKE.name, (("Guts", 2), ("Heart", 1))))
    t.do(RestorePoint("Guts"))
    t.do(EndConflict())
    lines = [RULES.describe(e) for e in t.events[2:]]
    assert lines == [
        "Conflict 1, A rival's wild shot: \"Lucky\" Luke Johnson (Guts + Hand, 7 cards), "
        "the Dealer (Five Card Stud); Stakes 1 Chip",
        "\"Lucky\" Luke Johnson is dealt 2♠ 4♦ 6♣ 8♥ 9♠ J♦ A♠; the Dealer is dealt 5♥ 5♣ "
        "Joker 3♠ 2♥",
        "\"Lucky\" Luke Johnson throws 2♠ and draws K♣ with Shootin'",
        "Call: \"Lucky\" Luke Johnson lays A♠ K♣ J♦ 9♠ 8♥ (high card); "
        "the Dealer lays 5♥ 5♣ Joker 3♠ 2♥ (three of a kind). "
        "The Dealer wins with three of a kind; \"Lucky\" Luke Johnson's A♠ is high; "
        "\"Lucky\" Luke Johnson narrates",
        "Bids for narration (\"Black\" Jack Kerrigan 1, \"Lucky\" Luke Johnson 1): "
        "\"Lucky\" Luke Johnson narrates",
        "\"Lucky\" Luke Johnson spends 1 Chip: narrates A rival's wild shot",
        "\"Lucky\" Luke Johnson loses 2 Guts, 1 Heart",
        "\"Lucky\" Luke Johnson gets a point of Guts back by narrating",
        "A rival's wild shot ends: the Dealer won; \"Lucky\" Luke Johnson narrated",
    ]
    assert RULES.subjects(t.events[5]) == {LUKE.name}
    assert RULES.subjects(t.events[6]) == {LUKE.name, JACK.name}
    luke = t.state.character(LUKE.name)
    # the holder met the bid, paid, and so restored a point: Guts 4 - 2 + 1
    assert luke is not None and luke.values == (3, 3, 3, 2) and luke.chips == 5


def test_a_recovery_says_so_as_it_opens() -> None:
    # "Conflict 8: Zeke Munroe (Hand + Eye, 6 cards), the Dealer (Five Card Stud)" was all
    # the log and the recap said of Zeke digging a ball out of Jim: a recovery reads as one
    conflict = ConflictOpened(8, "Whiskey and a Bowie knife", (
        Entered("Zeke Munroe", 6, "dig the ball out", (Attribute.HAND, Attribute.EYE),
                knack="Drinkin'"), Entered("Dealer", 5)), stud=5,
        recovery=HopedFor("Jim", (PointsOf(Attribute.HAND, 1), PointsOf(Attribute.GUTS, 2))))
    assert conflict_opened(conflict) == (
        "Conflict 8, Whiskey and a Bowie knife: Zeke Munroe (Hand + Eye, 6 cards), the Dealer "
        "(Five Card Stud); a recovery for Jim: 1 Hand, 2 Guts back if a hand that named a "
        "Knack wins")
    # one opened before a Knack was asked for heals by any character's winning hand
    older = replace(conflict, entrants=(replace(conflict.entrants[0], knack=""),
                                        conflict.entrants[1]))
    assert conflict_opened(older).endswith("back if a character's hand wins")


def test_a_purchase_reads_as_two_lines_that_each_say_something() -> None:
    # a Knack point costs its new rating, an attribute point twice it, a new Knack two
    # (book lines 291-292): the sheet's line says what was bought, the Chips' its price
    t = Table()
    t.do(MakeCharacter(LUKE))
    t.do(RaiseKnack(LUKE.name, "Lock Pickin'"))
    t.do(BuyKnack(LUKE.name, "Cookin'"))
    bought = [RULES.describe(e) for e in t.events[1:]]
    assert bought == ["\"Lucky\" Luke Johnson raises Lock Pickin' to 2",
                      "\"Lucky\" Luke Johnson pays 2 Chips for it",
                      "\"Lucky\" Luke Johnson learns Cookin' at 1",
                      "\"Lucky\" Luke Johnson pays 2 Chips for it"]
    # the ledger on the sheet keeps the whole reason; and a journal written before the
    # price was marked reads as it did
    luke = t.state.character(LUKE.name)
    assert luke is not None
    assert [e.reason for e in luke.ledger[-2:]] == ["raises Lock Pickin' to 2",
                                                    "learns Cookin' at 1"]
    older = dict(t.events[2].data)
    del older["price"]
    assert RULES.describe(replace(t.events[2], data=older)) == (
        "\"Lucky\" Luke Johnson spends 2 Chips: raises Lock Pickin' to 2")


def test_a_fold_reads_as_two_lines_that_each_say_something() -> None:
    # a player folds before the Call by spending a Chip (book line 214): the first line
    # says the fold, the second its price, where it said "folds in" the conflict again
    t = Table()
    t.do(MakeCharacter(JACK))
    t.do(MakeCharacter(LUKE))
    t.do(OpenConflict("Ambush at the creek",
                      (Entrant(JACK.name, "escape", ("Hand", "Guts")),
                       Entrant(LUKE.name, "escape", ("Hand", "Guts"))), stud=7))
    folding = len(t.events)
    t.do(Fold(JACK.name))
    fold, price = t.events[folding:]
    assert [RULES.describe(e) for e in (fold, price)] == [
        "\"Black\" Jack Kerrigan folds", "\"Black\" Jack Kerrigan pays 1 Chip for it"]
    jack = t.state.character(JACK.name)
    assert jack is not None and jack.ledger[-1].reason == "folds in Ambush at the creek"
    older = dict(price.data)
    del older["price"]
    assert RULES.describe(replace(price, data=older)) == (
        "\"Black\" Jack Kerrigan spends 1 Chip: folds in Ambush at the creek")


def test_typed_knacks_and_splits() -> None:
    assert parse_knacks("Ridin' 2, Lock Pickin' 1") == (("Ridin'", 2), ("Lock Pickin'", 1))
    assert parse_split("Guts 2, heart 1") == (("Guts", 2), ("Heart", 1))
    for bad in ("Ridin'", "2"):
        try:
            parse_knacks(bad)
        except RuleError as error:
            assert error.rule == "Knacks"
        else:
            raise AssertionError(bad)


def test_the_stud_hand_is_the_dealer_in_a_sentence_and_a_hand_takes_its_article() -> None:
    t = Table()
    t.do(MakeCharacter(LUKE))
    t.do(OpenConflict("Cards at the Red Roof",
                      (Entrant(LUKE.name, "win the pot", ("Hand", "Eye")),), stud=5))
    t.do(Deal(((LUKE.name, ("2s", "3s", "4s", "5s", "Kd", "Jd")),
               ("Dealer", ("Ah", "Ac", "Kh", "Qh", "9c")))))
    t.do(Draw("Dealer", ("9c",), ("8c",), chip=True))
    t.do(Call(((LUKE.name, ("2s", "3s", "4s", "5s", "Kd")),
               ("Dealer", ("Ah", "Ac", "Kh", "Qh", "8c")))))
    lines = [RULES.describe(e) for e in t.events[-3:]]
    assert lines[0] == "The Dealer throws 9♣ and draws 8♣ with a Chip to each player"
    assert view.table_tells(t.events[-3]) == (
        "The Dealer changes 1 card, one for a Chip to each player")
    assert lines[2].endswith(
        "The Dealer wins with a pair; the Dealer's A♥ is high; the Dealer narrates")


def test_three_names_read_as_a_list() -> None:
    # the Conflict tab and the players' screen said "Jim and Luke and Jack each lose 5"
    # after the deputies' straight beat all three
    assert named_all(["Jim", "Luke", "Dealer"]) == "Jim, Luke and the Dealer"
    assert named_all(["Dealer", "Jim"]) == "the Dealer and Jim"
    assert named_all(["Jim"]) == "Jim"


def test_what_comes_back_is_told_once_a_character() -> None:
    # the recap of an evening read "Luke recovers 2 Hand; Luke recovers 2 Guts; Luke
    # recovers 1 Heart" at the session's end, and the same at a recovery's end
    back = (Regained("Luke", Attribute.HAND, 2), Regained("Luke", Attribute.GUTS, 2),
            Regained("Tom", Attribute.EYE, 1), Regained("Luke", Attribute.HEART, 1))
    told = "Luke recovers 2 Hand, 2 Guts, 1 Heart; Tom recovers 1 Eye"
    assert recovered(Recovered(back)) == f"Session's end: {told}"
    assert conflict_ended(ConflictEnded("Doc's stitches", outcome="Doc won",
                                        recovered=back)) == f"Doc's stitches ends: Doc won; {told}"


def test_points_hoped_for_are_refused_under_the_recovery_rule() -> None:
    # the open form's "Points back" is a recovery's (lines 260-279), not a loser's split
    for typed, rule, field in (("Heart one", "Recovery", "recover"),
                               ("Guts", "Difficulty", "split")):
        try:
            if rule == "Recovery":
                parse_split(typed, "Recovery", "recover")
            else:
                parse_split(typed)
        except RuleError as error:
            assert (error.rule, error.field) == (rule, field)
        else:
            raise AssertionError(typed)


def _zeke_at_zero_in_guts() -> Table:
    """Zeke's Guts fell to 0 in a bar fight; his player set the Devil at 2 this session."""
    t = Table()
    t.do(MakeCharacter(ZEKE))
    t.start_session()
    t.do(OpenConflict("Bar fight", (Entrant(ZEKE.name, "win", ("Hand", "Eye")),), stud=5))
    t.do(Deal(((ZEKE.name, ("2s", "4d", "6h", "8h", "9s", "Jd", "Kh", "3d")),
               ("Dealer", ("2c", "5c", "8c", "Jc", "Kc")))))
    t.do(Draw(ZEKE.name, (), ()))
    t.do(Call(((ZEKE.name, ("Kh", "Jd", "9s", "8h", "6h")),
               ("Dealer", ("2c", "5c", "8c", "Jc", "Kc")))))
    t.do(TakeDifficulty(ZEKE.name, (("Guts", 3),)))
    t.do(EndConflict())
    t.do(SetDevilRating(ZEKE.name, 2))
    t.do(OpenConflict("Last stand", (Entrant(ZEKE.name, "go out fighting", ("Guts", "Hand")),
                                    ), stud=5))
    t.do(Deal(((ZEKE.name, ("2s", "4d", "6h", "8h", "9s", "Jd", "Ks")),
               ("Dealer", ("As", "5c", "8c", "Jc", "Kc")))))
    return t


def test_a_loss_that_puts_an_attribute_at_0_says_the_road_to_hell() -> None:
    # line 317: at 0 a character's time of reckoning has come. The log and the table's recap
    # read "Zeke Munroe loses 3 Guts" and said nothing of it: the table learnt that Zeke
    # was on his last leg only when he entered his last conflict
    t = _zeke_at_zero_in_guts()
    taken = next(e for e in t.events if e.kind == "dust_devils.difficulty_taken")
    assert RULES.describe(taken) == (f"{ZEKE.name} loses 3 Guts; Guts at 0: the Road to Hell")
    known = view.table_knows(t.state)
    assert view.table_tells(taken, known) == RULES.describe(taken)
    # a journal written before reads as it did
    older = {k: v for k, v in taken.data.items() if k != "at_zero"}
    assert RULES.describe(replace(taken, data=older)) == f"{ZEKE.name} loses 3 Guts"
    # a non-player character's at 0 is his sheet's, the Dealer's: the table hears the loss
    npc = replace(taken, data={**taken.data, "name": TOM.name})
    assert RULES.describe(npc).endswith("the Road to Hell")
    assert view.table_tells(npc, known) == f"{TOM.name} loses 3 Guts"
    assert view.table_tells(taken) == f"{ZEKE.name} loses 3 Guts"  # nobody known: said of none


def test_a_draw_at_0_says_the_devil_added_cards() -> None:
    # at 0 the Devil rating is added to the cards a hand may change (book line 321): the
    # line says where the cards came from, the Knack and the Devil, where it said the
    # Knack alone, as if Shootin' 2 had changed four cards
    t = _zeke_at_zero_in_guts()
    drawing = len(t.events)
    t.do(Draw(ZEKE.name, ("2s", "4d", "6h", "8h"), ("Qs", "Qd", "Qh", "3c"),
              knack="Shootin'"))
    assert RULES.describe(t.events[drawing]) == (
        "Zeke Munroe throws 2♠ 4♦ 6♥ 8♥ and draws Q♠ Q♦ Q♥ 3♣ with Shootin' and 2 more "
        "for the Devil (at 0)")
    # without a Knack the Devil's cards alone are said
    t = _zeke_at_zero_in_guts()
    drawing = len(t.events)
    t.do(Draw(ZEKE.name, ("2s", "4d"), ("Qs", "Qd")))
    assert RULES.describe(t.events[drawing]) == (
        "Zeke Munroe throws 2♠ 4♦ and draws Q♠ Q♦ with 2 for the Devil (at 0)")
    # a journal written before the Devil's cards were kept reads as it did
    older = dict(t.events[drawing].data)
    del older["devil"]
    assert RULES.describe(replace(t.events[drawing], data=older)) == (
        "Zeke Munroe throws 2♠ 4♦ and draws Q♠ Q♦")
    # a hand not at 0 draws by its Knack alone: nothing of the Devil is said
    t = Table()
    t.do(MakeCharacter(LUKE))
    t.do(OpenConflict("A rival's wild shot",
                      (Entrant(LUKE.name, "stay alive", ("Guts", "Hand")),), stud=5))
    t.do(Deal(((LUKE.name, ("2s", "4d", "6c", "8h", "9s", "Jd", "As")),
               ("Dealer", ("5h", "5c", "*", "3s", "2h")))))
    t.do(Draw(LUKE.name, ("2s",), ("Kc",), knack="Shootin'"))
    assert RULES.describe(t.events[-1]).endswith("draws K♣ with Shootin'")


def test_chips_the_dealer_takes_back_are_not_spent() -> None:
    # the book's Chips are spent on a raise, a new Knack, narration, a card more or a fold
    # (lines 289-301); a Chip the Dealer takes back (g with a negative number) was spent on
    # none of them: it reads "gives back" and counts apart on the sheet, where it read
    # "spends" and was added to the Chips spent
    t = Table()
    t.do(MakeCharacter(LUKE))
    t.start_session()
    taking = len(t.events)
    t.do(GiveChips(LUKE.name, -2, "given twice by mistake"))
    assert RULES.describe(t.events[taking]) == (
        "\"Lucky\" Luke Johnson gives back 2 Chips: given twice by mistake")
    luke = t.state.character(LUKE.name)
    assert luke is not None and (luke.chips, luke.spent, luke.earned) == (4, 0, 0)
    assert luke.ledger[-1].change == -2
    sheet = "\n".join(sheet_lines(luke, t.state))
    assert "Chips: 4 now: 6 from the sheet, 0 earned, 0 spent, 2 given back" in sheet
    # a Chip spent is still spent
    t.do(RaiseKnack(LUKE.name, "Lock Pickin'"))
    luke = t.state.character(LUKE.name)
    assert luke is not None and (luke.chips, luke.spent) == (2, 2)
    assert t.replayed() == t.state
    # a journal written before the taking was marked reads, and counts, as it did
    older = dict(t.events[taking].data)
    del older["taken"]
    assert RULES.describe(replace(t.events[taking], data=older)) == (
        "\"Lucky\" Luke Johnson spends 2 Chips: given twice by mistake")


def test_a_conflicts_end_is_about_its_hands() -> None:
    # the log's filter by character keeps a conflict's end with the rest of it: the end
    # line names the winner and the narrator, and was about nobody (Zeke's filter left
    # out "The bounty money ... ends: Long Tom won; Zeke narrated")
    t = _zeke_at_zero_in_guts()
    ended = next(e for e in t.events if e.kind == "dust_devils.conflict_ended")
    assert RULES.subjects(ended) == {ZEKE.name}
    # a journal written before reads as it did, about nobody
    older = {k: v for k, v in ended.data.items() if k != "hands"}
    assert RULES.subjects(replace(ended, data=older)) == frozenset()


def test_an_open_thread_is_about_its_conflicts_characters_to_its_close() -> None:
    # a Dealer filtering the log by a character expects every line of his conflicts: an
    # unresolved end (every player folded, the Dealer folded, left off as a session ended)
    # and the thread's close named nobody, so Jack's filter lost them
    t = Table()
    for sheet in (JACK, LUKE, TOM):
        t.do(MakeCharacter(sheet))
    t.start_session()
    t.do(OpenConflict("Ambush at the creek",
                      (Entrant(JACK.name, "escape", ("Hand", "Guts")),
                       Entrant(TOM.name, "take the strongbox", ("Hand", "Eye"))), stud=0))
    t.do(Fold(JACK.name))
    t.do(OpenConflict("Words at the bank", (Entrant(LUKE.name, "the loan", ("Heart", "Eye")),
                                            Entrant(TOM.name, "no loan", ("Heart", "Eye"))),
                      stud=0))
    t.do(DealerFolds())
    t.do(OpenConflict("Night ride", (Entrant(JACK.name, "get away", ("Hand", "Guts")),
                                     Entrant(LUKE.name, "keep up", ("Hand", "Guts"))), stud=5))
    t.end_session(leave_off=True)
    ends = [e for e in t.events if e.kind == "dust_devils.conflict_ended"]
    assert [RULES.subjects(e) for e in ends] == [
        {JACK.name, TOM.name}, {LUKE.name, TOM.name}, {JACK.name, LUKE.name}]
    t.start_session()
    closed = [*t.do(CloseThread(1, "the gang rode off for Mexico")),
              *t.do(CloseThread(3, "they got away"))]
    assert [RULES.subjects(e) for e in closed] == [{JACK.name, TOM.name},
                                                   {JACK.name, LUKE.name}]
    assert t.replayed() == t.state
    # a journal written before reads as it did, about nobody
    older = {k: v for k, v in closed[0].data.items() if k != "hands"}
    assert RULES.subjects(replace(closed[0], data=older)) == frozenset()
    assert RULES.describe(replace(closed[0], data=older)) == RULES.describe(closed[0])


def test_a_chips_card_in_the_draw_is_told_with_the_cards_and_paid_for() -> None:
    # line 299: a player receives one card more by spending one Chip; in the Draw it is one
    # more card to change (line 192). The Draw's line says what the Chip bought, so that the
    # cards changed add up (Shootin' 1 and the Chip's one), and the Chip's line its price, as
    # a fold's does; it read "throws 2♠ 4♦ ... with Shootin'" and then "spends 1 Chip: draws
    # a card more", two cards thrown for a Knack of 1
    t = Table()
    t.do(MakeCharacter(LUKE))
    t.start_session()
    t.do(OpenConflict("A rival's wild shot",
                      (Entrant(LUKE.name, "stay alive", ("Guts", "Hand")),), stud=5))
    t.do(Deal(((LUKE.name, ("2s", "4d", "6c", "8h", "9s", "Jd", "As")),
               ("Dealer", ("5h", "5c", "*", "3s", "2h")))))
    before = len(t.events)
    t.do(Draw(LUKE.name, ("2s", "4d"), ("Kc", "Kd"), knack="Lock Pickin'", chip=True))
    assert [RULES.describe(e) for e in t.events[before:]] == [
        "\"Lucky\" Luke Johnson throws 2♠ 4♦ and draws K♣ K♦ with Lock Pickin' and a "
        "Chip's card",
        "\"Lucky\" Luke Johnson pays 1 Chip for it"]
    luke = t.state.character(LUKE.name)
    assert luke is not None and (luke.chips, luke.spent, luke.earned) == (5, 1, 0)
    assert luke.ledger[-1].reason == "draws a card more in A rival's wild shot"
    assert t.replayed() == t.state


def test_points_that_read_as_a_digit_but_are_no_number_are_refused() -> None:
    # a superscript two is a digit to Python's isdigit but no number to int: it took the
    # app down from the split form instead of being refused
    with pytest.raises(RuleError) as refused:
        parse_split("Guts ²")
    assert (refused.value.rule, refused.value.field) == ("Difficulty", "split")
