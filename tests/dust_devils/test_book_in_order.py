"""Round 16: the book walked in order, line by line, and checked from outside.

Found wrong at the table: with Zeke's Guts and Heart both put at 0 by Long Tom's full house,
the narrator's point form offered each "0 to 1, off the Road to Hell", though one point lifts
one attribute and the other stays at 0 (line 295: one point a conflict; line 317: at 0 in
any single attribute is the Road to Hell), and the bid form said his Guts "and" his Heart
would come back. And the refusals of a Deal, a Draw, a Call or a fold that named the
Dealer's stud hand said "Dealer is dealt 5 cards" and "Dealer has drawn already", where
every other line says "the Dealer"."""

from __future__ import annotations

import pytest

from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import (
    BidForNarration,
    Call,
    Deal,
    Draw,
    EndConflict,
    Entrant,
    Fold,
    GiveChips,
    MakeCharacter,
    OpenConflict,
    SetDevilRating,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.deal import cards_in_deal
from gmscreen.games.dust_devils.sample import JACK, JIM, LUKE, TOM, ZEKE
from gmscreen.journal.rules import RuleError
from tests.dust_devils.game import Table


def _zeke_loses_guts_and_heart(table: Table) -> None:
    """The jail: Long Tom's full house with spades, diamonds, clubs and hearts beats Zeke,
    who places Guts 3 and Heart 2: both at 0."""
    table.do(MakeCharacter(ZEKE))
    table.do(MakeCharacter(TOM))
    table.start_session()
    table.do(SetDevilRating(ZEKE.name, 2))
    table.do(OpenConflict("The bounty money at the jail", (
        Entrant(ZEKE.name, "make Long Tom own it", ("Hand", "Guts")),
        Entrant(TOM.name, "run the drunk out", ("Hand", "Guts"))), stakes=1))
    table.do(Deal(((ZEKE.name, ("10d", "Qh", "Ah", "Kd", "8c", "3s", "Qs", "10h")),
                   (TOM.name, ("4s", "Jd", "4d", "Jh", "Jc", "7s", "8d")))))
    table.do(Call(((ZEKE.name, ("Qs", "Qh", "10h", "10d", "Ah")),
                   (TOM.name, ("Jh", "Jd", "Jc", "4s", "4d")))))
    table.do(TakeDifficulty(ZEKE.name, (("Guts", 3), ("Heart", 2)), told="a boot"))


def test_the_narrators_point_off_zero_says_another_attribute_stays_at_zero() -> None:
    # lines 295, 297, 317: one point a conflict lifts one attribute; with the other at 0
    # he is still on the Road to Hell
    table = Table()
    _zeke_loses_guts_and_heart(table)
    note = view.bid_note(table.state)
    assert note.endswith(f"conflict: {ZEKE.name}'s Guts or Heart would come back from 0 to "
                         "1 (one point a conflict, the narrator's pick)."), note
    table.do(BidForNarration(((ZEKE.name, 1),)))
    assert view.restore_choices(table.state) == [
        ("Guts 0 to 1; Heart stays at 0, the Road to Hell", "Guts"),
        ("Heart 0 to 1; Guts stays at 0, the Road to Hell", "Heart")]


def test_the_narrators_point_off_zero_with_nothing_else_at_zero_is_off_the_road() -> None:
    # kept as it was: the one attribute at 0 lifted takes him off the Road to Hell
    table = Table()
    table.do(MakeCharacter(ZEKE))
    table.start_session()
    table.do(SetDevilRating(ZEKE.name, 2))
    table.do(OpenConflict("The jail lock", (Entrant(ZEKE.name, "get in", ("Hand", "Eye")),),
                          stud=3))
    table.do(Deal(((ZEKE.name, ("As", "2c", "4d", "6h", "8s", "9c", "Jd", "Qh")),
                   ("Dealer", ("Kh", "Kd", "Kc")))))
    table.do(Call(((ZEKE.name, ("As", "Qh", "Jd", "9c", "8s")),
                   ("Dealer", ("Kh", "Kd", "Kc")))))
    table.do(TakeDifficulty(ZEKE.name, (("Heart", 2), ("Guts", 1))))
    assert view.bid_note(table.state).endswith(
        f"{ZEKE.name}'s Heart would come back from 0 to 1.")
    table.do(BidForNarration(((ZEKE.name, 1),)))
    assert view.restore_choices(table.state)[0] == (
        "Heart 0 to 1, off the Road to Hell", "Heart")


def _refusal(table: Table, command: object) -> str:
    count = len(table.events)
    with pytest.raises(RuleError) as refused:
        table.do(command)
    assert len(table.events) == count
    return str(refused.value)


def test_a_refusal_names_the_stud_hand_as_the_dealer() -> None:
    # lines 174, 198, 214: the stud hand is the Dealer's, said "the Dealer" as the log says
    table = Table()
    table.do(MakeCharacter(JACK))
    table.start_session()
    table.do(SetDevilRating(JACK.name, 2))
    table.do(OpenConflict("Shootout", (Entrant(JACK.name, "win", ("Hand", "Eye"),
                                               knack="Shootin'"),), stakes=1, stud=5))
    jack = ("3h", "3c", "7d", "7c", "9d", "Qd", "2s")
    said = _refusal(table, Deal(((JACK.name, jack), ("Dealer", ("2c", "5c", "7h", "9c")))))
    assert said == "The Deal: The Dealer is dealt 5 cards, not 4", said
    said = _refusal(table, Deal(((JACK.name, jack),)))
    assert said == "The Deal: no cards for the Dealer", said
    table.do(Deal(((JACK.name, jack), ("Dealer", ("2c", "5c", "7h", "9c", "Jd")))))
    said = _refusal(table, Draw("Dealer", ("Ac",), ("Kc",), chip=True))
    assert said.startswith("The Draw: The Dealer does not hold A♣"), said
    said = _refusal(table, Draw("Dealer", ("2c", "2c"), ("Kc", "Kd"), chip=True))
    assert "the Dealer holds one" in said, said
    said = _refusal(table, Fold("Dealer"))
    assert said.startswith("Fold: The Dealer is no player character"), said
    table.do(Draw("Dealer", ("2c",), ("Kc",), chip=True))
    said = _refusal(table, Draw("Dealer", ("5c",), ("Qc",), chip=True))
    assert said == "The Draw: The Dealer has drawn already", said
    lay = ("3h", "3c", "7d", "7c", "9d")
    said = _refusal(table, Call(((JACK.name, lay), ("Dealer", ("As", "5c", "7h", "9c", "Jd")))))
    assert said.startswith("The Call: The Dealer does not hold A♠"), said
    said = _refusal(table, Call(((JACK.name, lay), ("Dealer", ("Kc", "5c", "7h", "9c")))))
    assert said == "The Call: The Dealer must lay 5 cards, not 4", said
    said = _refusal(table, Call(((JACK.name, lay), ("Dealer", ()))))
    assert said.startswith("The Call: The Dealer"), said
    # a character's name is said as it is
    said = _refusal(table, Call(((JACK.name, lay[:4]), ("Dealer", ("Kc", "5c", "7h", "9c",
                                                                   "Jd")))))
    assert said == f"The Call: {JACK.name} must lay 5 cards, not 4", said


def test_the_devil_stands_in_at_zero_and_sways_the_deal_too() -> None:
    # lines 117, 321, 329 (a reading, in `deal`'s docstring): in place of the attribute at 0
    # the Devil rating deals, and the Devil coming into play moves the Deal by its whole
    # rating on top: Luke (Devil 2) at Guts 0 with Heart 3 is dealt 2 + 3, and 2 more when
    # his Devil helps, 2 fewer when it hinders
    assert cards_in_deal(0, 3, 2) == 5
    assert cards_in_deal(0, 3, 2, devil=2) == 7
    assert cards_in_deal(0, 3, 2, devil=-2) == 3
    assert cards_in_deal(0, 0, 2, devil=-2) == 2
    table = Table()
    table.do(MakeCharacter(LUKE))
    table.start_session()
    table.do(SetDevilRating(LUKE.name, 2))
    table.do(OpenConflict("The cattle pen", (Entrant(LUKE.name, "hold the herd",
                                                     ("Guts", "Heart")),), stud=5))
    table.do(Deal(((LUKE.name, ("2d", "4h", "6s", "8d", "Qh", "Kc", "Jh")),
                   ("Dealer", ("5c", "5d", "5h", "5s", "Kh")))))
    table.do(Call(((LUKE.name, ("Kc", "Qh", "Jh", "8d", "6s")),
                   ("Dealer", ("5c", "5d", "5h", "5s", "Kh")))))
    table.do(TakeDifficulty(LUKE.name, (("Guts", 4),)))
    table.do(EndConflict())
    table.do(GiveChips(LUKE.name, 0 + 1, "a round bought"))
    table.do(OpenConflict("Clara's rescue", (
        Entrant(LUKE.name, "save Clara", ("Guts", "Heart"), devil=2),), stakes=1, stud=5))
    conflict = table.state.conflict
    assert conflict is not None
    luke = conflict.participant(LUKE.name)
    assert luke is not None and luke.cards_due == 7
    assert conflict.at_zero == [LUKE.name]


def test_each_hand_draws_once_a_deal() -> None:
    # line 192: "for each Deal" a hand throws up to its Knack's rating; a second Draw
    # would double it. The stud hand's award buys one card, once (lines 174, 308)
    table = Table()
    table.do(MakeCharacter(JACK))
    table.start_session()
    table.do(SetDevilRating(JACK.name, 2))
    table.do(OpenConflict("Shootout", (Entrant(JACK.name, "win", ("Hand", "Eye"),
                                               knack="Shootin'"),), stakes=1, stud=5))
    table.do(Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "Qd", "2s")),
                   ("Dealer", ("2c", "5c", "7h", "9c", "Jd")))))
    table.do(Draw(JACK.name, ("9d", "Qd"), ("3d", "Ks")))
    said = _refusal(table, Draw(JACK.name, ("2s",), ("Kd",)))
    assert said == f"The Draw: {JACK.name} has drawn already", said
    said = _refusal(table, Draw(JACK.name, ("2s",), ("Kd",), chip=True))
    assert said == f"The Draw: {JACK.name} has drawn already", said
    table.do(Draw("Dealer", ("2c",), ("Kc",), chip=True))
    assert _refusal(table, Draw("Dealer", ("5c",), ("Qc",), chip=True)).endswith(
        "has drawn already")


def test_the_narrator_hands_no_difficulty_to_a_character_who_folded() -> None:
    # line 301: a fold takes the character out of the risks of the conflict; the narrator's
    # Difficulty (line 226) is for those still in it
    table = Table()
    for sheet in (JACK, LUKE):
        table.do(MakeCharacter(sheet))
    table.start_session()
    table.do(SetDevilRating(JACK.name, 2))
    table.do(SetDevilRating(LUKE.name, 2))
    table.do(OpenConflict("Stampede", (
        Entrant(JACK.name, "stop the herd", ("Hand", "Eye")),
        Entrant(LUKE.name, "rope the lead steer", ("Hand", "Guts"))), stakes=2, stud=5))
    table.do(Deal(((JACK.name, ("As", "Ad", "3s", "4s", "6d", "8h", "9d")),
                   (LUKE.name, ("2d", "4h", "6s", "8d", "Qs", "Kc", "Jh")),
                   ("Dealer", ("2c", "5c", "7c", "9c", "Jc")))))
    table.do(Fold(JACK.name))
    table.do(Call(((LUKE.name, ("Kc", "Qs", "Jh", "8d", "6s")),
                   ("Dealer", ("Jc", "9c", "7c", "5c", "2c")))))
    said = _refusal(table, TakeDifficulty(JACK.name, (("Eye", 1),), by_narrator=True))
    assert said == f"Difficulty: {JACK.name} holds no hand in this conflict", said
    table.do(TakeDifficulty(LUKE.name, (("Guts", 4),)))
    table.do(EndConflict())
    jack = table.state.character(JACK.name)
    assert jack is not None and jack.values == jack.ratings


def test_a_player_character_left_alone_by_a_fold_wins_at_the_call() -> None:
    # line 301 (a reading, in `rules`' docstring): only when every player character folds
    # is the conflict left unresolved; Jim and Luke face each other with no hand of the
    # Dealer's, Luke folds, and Jim's lay alone wins it, its Stakes too
    table = Table()
    for sheet in (JIM, LUKE):
        table.do(MakeCharacter(sheet))
    table.start_session()
    table.do(SetDevilRating(JIM.name, 3))
    table.do(SetDevilRating(LUKE.name, 2))
    table.do(OpenConflict("The duel at noon", (
        Entrant(JIM.name, "make Luke back down", ("Hand", "Eye")),
        Entrant(LUKE.name, "keep the stranger's horse", ("Hand", "Eye"))), stakes=1))
    table.do(Deal(((JIM.name, ("As", "Ad", "Ah", "4s", "6d", "8h", "9d", "10h")),
                   (LUKE.name, ("2d", "4h", "6s", "8d", "Qs", "Kc")))))
    table.do(Fold(LUKE.name))
    table.do(Call(((JIM.name, ("As", "Ad", "Ah", "10h", "9d")),)))
    conflict = table.state.conflict
    assert conflict is not None and conflict.winners == (JIM.name,)
    chips = table.state.character(JIM.name).chips  # type: ignore[union-attr]
    table.do(EndConflict())
    assert table.state.character(JIM.name).chips == chips + 1  # type: ignore[union-attr]
    assert not table.state.open_threads


def test_the_fold_form_says_a_character_at_zero_skirts_his_last_conflict() -> None:
    # line 329: a player with an attribute at 0 may fold to keep his last conflict for one
    # that means something. The fold form said only what a fold costs: the Dealer asked
    # by Luke's player could not read there that folding spares the last stand
    table = Table()
    for sheet in (JACK, LUKE):
        table.do(MakeCharacter(sheet))
    table.start_session()
    table.do(SetDevilRating(JACK.name, 2))
    table.do(SetDevilRating(LUKE.name, 2))
    table.do(OpenConflict("The cattle pen", (Entrant(LUKE.name, "hold the herd",
                                                     ("Guts", "Heart")),), stud=5))
    table.do(Deal(((LUKE.name, ("2d", "4h", "6s", "8d", "Qh", "Kc", "Jh")),
                   ("Dealer", ("5c", "5d", "5h", "5s", "Kh")))))
    table.do(Call(((LUKE.name, ("Kc", "Qh", "Jh", "8d", "6s")),
                   ("Dealer", ("5c", "5d", "5h", "5s", "Kh")))))
    table.do(TakeDifficulty(LUKE.name, (("Guts", 4),)))
    table.do(EndConflict())
    table.do(OpenConflict("Clara's rescue", (
        Entrant(JACK.name, "get Clara out", ("Eye", "Heart")),
        Entrant(LUKE.name, "save Clara", ("Guts", "Heart"))), stakes=1, stud=5))
    note = view.fold_note(table.state)
    assert note.startswith(view.FOLD_NOTE)
    assert note.endswith(f"{LUKE.name} entered at 0: folded, this is not his last conflict; "
                         "he stays on the Road to Hell for one that means more."), note
    # nobody at 0 in the conflict: the note as it was
    table.do(Fold(LUKE.name))
    assert view.fold_note(table.state) == view.FOLD_NOTE
