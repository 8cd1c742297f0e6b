"""The Hanged Man (book lines 409-698) as a new Dealer runs it, from a blank campaign with
the book's characters: what the Conflict tab says after a Call, the losers the winning
combination beat by name, or that it beat nobody who can lose points; and the Stakes the end
pays, said only when a player character is due them."""

from __future__ import annotations

import pytest

from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import (
    Call,
    Deal,
    EndConflict,
    Entrant,
    MakeCharacter,
    OpenConflict,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.panes.conflict import next_step
from gmscreen.games.dust_devils.sample import JIM, LUKE, NON_PLAYERS, PLAYERS, TOM, best_lay
from tests.dust_devils.game import Table


@pytest.fixture
def table() -> Table:
    t = Table()
    for sheet in (*PLAYERS, *NON_PLAYERS):
        t.do(MakeCharacter(sheet))
    t.start_session()
    return t


def _called(t: Table, entrants: tuple[Entrant, ...], dealt: dict[str, str],
            *, stakes: int = 0, stud: int = 0) -> None:
    """A conflict opened, dealt `dealt` and called with each hand's best lay."""
    t.do(OpenConflict("A scene in Last Oak", entrants, stakes=stakes, stud=stud))
    hands = tuple((name, tuple(cards.split())) for name, cards in dealt.items())
    t.do(Deal(hands))
    t.do(Call(tuple((name, best_lay(cards)) for name, cards in hands)))


def test_a_win_over_the_stud_hand_alone_says_nobody_takes_its_difficulty(
        table: Table) -> None:
    # Jim's two pair beat only the Dealer's Three Card Stud: the stud hand has no
    # attributes, so no loser loses anything; "each loser loses 4" had the Dealer look for one
    _called(table, (Entrant(JIM.name, "learn who they hanged", ("Eye", "Heart")),),
            {JIM.name: "Kh Ks 9d 9c 4c 2s", "Dealer": "Qs Qd 6h"}, stud=3)
    told = view.conflict_lines(table.state)
    assert ("Winning combination K♠ K♥ 9♦ 9♣: it beat only the Dealer's stud hand, which "
            "takes no Difficulty.") in told
    assert not any("each loser" in line for line in told)
    known = view.table_knows(table.state)
    assert known.conflict is not None
    assert any("takes no Difficulty" in line for line in view._resolution_lines(known.conflict))


def test_the_winning_combination_names_the_losers_it_beat(table: Table) -> None:
    # book line 244: Long Tom's three 5s beat Luke (and the Dealer's own hand takes none)
    _called(table, (Entrant(LUKE.name, "break out", ("Hand", "Guts")),
                    Entrant(TOM.name, "keep him locked up", ("Hand", "Guts"))),
            {LUKE.name: "8s 6d 4h Jc 2c 10s 9h", TOM.name: "5h 5c 5d Js 8c 6c 2s"},
            stakes=1)
    told = view.conflict_lines(table.state)
    assert (f"Winning combination 5♥ 5♦ 5♣: {LUKE.name} loses 3 from Eye, Guts, Heart."
            in told)


def test_the_end_pays_the_stakes_only_when_a_player_character_is_due_them(
        table: Table) -> None:
    # Stakes 1, but Long Tom's hand won: nobody is paid, so "e ends it" says no more
    _called(table, (Entrant(LUKE.name, "break out", ("Hand", "Guts")),
                    Entrant(TOM.name, "keep him locked up", ("Hand", "Guts"))),
            {LUKE.name: "8s 6d 4h Jc 2c 10s 9h", TOM.name: "5h 5c 5d Js 8c 6c 2s"},
            stakes=1)
    told = next_step(table.state)
    assert "e ends it" in told and "pays the Stakes" not in told
    # Luke's straight wins the same Stakes: the end pays them
    table = Table()
    for sheet in (*PLAYERS, *NON_PLAYERS):
        table.do(MakeCharacter(sheet))
    table.start_session()
    _called(table, (Entrant(LUKE.name, "break out", ("Hand", "Guts")),
                    Entrant(TOM.name, "keep him locked up", ("Hand", "Guts"))),
            {LUKE.name: "8s 6d Qc Jc 2c 10s 9h", TOM.name: "5h 5c 5d Js 8c 6c 2s"},
            stakes=1)
    table.do(TakeDifficulty(TOM.name, (("Guts", 2), ("Hand", 2), ("Heart", 1))))
    assert "e ends it and pays the Stakes." in next_step(table.state)
    table.do(EndConflict())
    luke = table.state.character(LUKE.name)
    assert luke is not None and luke.chips == LUKE.chips + 1


def test_the_chip_for_the_dealers_card_more_says_which_hand_it_bought(table: Table) -> None:
    # book lines 305-307: the Dealer's card more is a Chip to each player present; the
    # ledger read "the Dealer's card more for Dealer", naming the stud hand by its key
    table.do(OpenConflict("The hanged man's horse", (
        Entrant(JIM.name, "find the horse", ("Eye", "Guts")),
        Entrant(TOM.name, "keep the horse hid", ("Hand", "Guts"), chip=True)),
        stud=5, stud_chip=True))
    jim = table.state.character(JIM.name)
    assert jim is not None and jim.chips == JIM.chips + 2
    assert [e.reason for e in jim.ledger[-2:]] == [
        f"the Dealer's card more for {TOM.name}'s hand in The hanged man's horse",
        "the Dealer's card more for his stud hand in The hanged man's horse"]
