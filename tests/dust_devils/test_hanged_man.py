"""The Hanged Man (book lines 409-698) run as a one-shot from a blank campaign, as a new
Dealer would: the book's four player characters and three important non-player characters,
session 1 begun with the players' Devils, and the scenario's scenes played with the cards
typed in, so that the book's worked examples come out in turn: Jim's questions against a
Three Card Stud, the jailbreak where Long Tom's three 5s beat Black Jack's drawn hand and
Luke (lines 204, 244), Zeke's Devil with Sally and in the brawl (lines 119-121), his Guts
emptied by a flush of clubs and a Chip back to 1 (line 297), his whiskey as a recovery
(lines 266-285), Black Jack's last conflict on the Road to Hell (lines 321-327), a Knack
bought and the session's end (lines 256, 292). Also what the Conflict tab says after a Call:
the losers the winning combination beat by name, or that it beat nobody who can lose points;
the Stakes the end pays, said only when a player character is due them; and which hand the
Dealer's card more bought."""

from __future__ import annotations

import pytest

from gmscreen.core.cards import cards_from_codes
from gmscreen.core.poker import Category
from gmscreen.games.dust_devils import RULES, view
from gmscreen.games.dust_devils.call import lay_choices
from gmscreen.games.dust_devils.commands import (
    BidForNarration,
    Call,
    Deal,
    Draw,
    EndConflict,
    Entrant,
    OpenConflict,
    RaiseKnack,
    RecordFate,
    RestorePoint,
    SetSessionDevils,
    SetWinnerCard,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.conflict import draw_allowed
from gmscreen.games.dust_devils.panes.conflict import next_step
from gmscreen.games.dust_devils.recovery import recoverable, recovery_stud
from gmscreen.games.dust_devils.rules import devil_to_set, devils_to_set_now
from gmscreen.games.dust_devils.sample import (
    JACK,
    JIM,
    LUKE,
    MERRILL,
    TOM,
    ZEKE,
    best_lay,
)
from gmscreen.games.dust_devils.sheet import Attribute
from gmscreen.games.dust_devils.state import Character, Conflict
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import as_text
from tests.dust_devils.game import Table, hanged_man_table

H, E, G, R = Attribute.HAND, Attribute.EYE, Attribute.GUTS, Attribute.HEART


@pytest.fixture
def table() -> Table:
    return hanged_man_table()


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
    assert "takes no Difficulty" in as_text(view.table_sections(view.table_knows(table.state)))


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
    table = hanged_man_table()
    _called(table, (Entrant(LUKE.name, "break out", ("Hand", "Guts")),
                    Entrant(TOM.name, "keep him locked up", ("Hand", "Guts"))),
            {LUKE.name: "8s 6d Qc Jc 2c 10s 9h", TOM.name: "5h 5c 5d Js 8c 6c 2s"},
            stakes=1)
    table.do(TakeDifficulty(TOM.name, (("Guts", 2), ("Hand", 2), ("Heart", 1))))
    # whom, and how many: the Dealer hands real Chips across the table as he presses e
    # (line 230), where it said "pays the Stakes" and he looked them up on another tab
    assert f"e ends it and pays the Stakes (1 Chip to {LUKE.name})." in next_step(table.state)
    table.do(EndConflict())
    luke = table.state.character(LUKE.name)
    assert luke is not None and luke.chips == LUKE.chips + 1
    # two winners side by side against the Dealer's stud hand: each is paid the Stakes
    table = hanged_man_table()
    _called(table, (Entrant(LUKE.name, "ride out", ("Hand", "Guts")),
                    Entrant(JACK.name, "cover him", ("Hand", "Guts"))),
            {LUKE.name: "8s 8d Qc Jc 2c 10s 9h", JACK.name: "3h 4c 7d 9s Ks",
             "Dealer": "5h 6c 2h Js Kd"}, stakes=2, stud=5)
    assert (f"e ends it and pays the Stakes (2 Chips each to {LUKE.name} and {JACK.name})."
            in next_step(table.state))


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


def _conflict(t: Table) -> Conflict:
    conflict = t.state.conflict
    assert conflict is not None
    return conflict


def _hand(t: Table, name: str) -> tuple[str, ...]:
    return next(p.hand for p in _conflict(t).participants if p.name == name)


def _due(t: Table) -> list[int]:
    """The cards each hand of the conflict just opened is dealt, in the order they entered."""
    return [p.cards_due for p in _conflict(t).participants]


def _sheet(t: Table, name: str) -> Character:
    who = t.state.character(name)
    assert who is not None
    return who


def test_a_hand_may_change_no_more_cards_than_it_holds(table: Table) -> None:
    # book line 192: the Draw throws up to the Knack's rating of the cards held. Zeke,
    # mean drunk in the saloon (Guts 3 + Heart 2, his Devil 3 against him), holds two
    # cards: the tab and the Draw form said he "may change 3" with Drinkin' 3
    table.do(SetSessionDevils(((ZEKE.name, 3),)))
    table.do(OpenConflict("Whiskey at the Red Roof", (Entrant(
        ZEKE.name, "drink Long Tom under the table", ("Guts", "Heart"), devil=-3,
        knack="Drinkin'"),), stud=5))
    table.do(Deal(((ZEKE.name, ("7c", "Ah")), ("Dealer", ("9h", "9c", "Jd", "8c", "4c")))))
    assert draw_allowed(table.state, ZEKE.name) == 2
    assert f"{ZEKE.name}: best lay High card: A♥ 7♣; may change 2 (Drinkin')" \
        in view.conflict_lines(table.state)


def test_the_hanged_man_played_as_a_one_shot_from_a_blank_campaign(table: Table) -> None:
    # the players pick the book's Devil ratings for the session (book line 115)
    table.do(SetSessionDevils(((JIM.name, 3), (ZEKE.name, 2), (JACK.name, 2), (LUKE.name, 2))))
    # Jim asks after the hanged man: a minor conflict, Three Card Stud and no Stakes (line
    # 178); Eye 4 + Heart 2, a trait, his Devil 3 against him: 4 cards, Bargainin' changes 2
    table.do(OpenConflict("Asking after the hanged man", (Entrant(
        JIM.name, "learn who they hanged", ("Eye", "Heart"), trait=True, devil=-3,
        knack="Bargainin'"),), stud=3))
    assert _due(table) == [4, 3]
    table.do(Deal(((JIM.name, ("Kh", "9d", "4c", "2s")), ("Dealer", ("Qs", "Qd", "6h")))))
    assert draw_allowed(table.state, JIM.name) == 2
    table.do(Draw(JIM.name, ("4c", "2s"), ("Ks", "9c")))
    table.do(Call(((JIM.name, best_lay(_hand(table, JIM.name))),
                   ("Dealer", ("Qs", "Qd", "6h")))))
    assert _conflict(table).winners == (JIM.name,)
    assert next_step(table.state).endswith("e ends it.")
    table.do(EndConflict())
    assert _sheet(table, JIM.name).chips == 3

    # the jailbreak (lines 204, 244): Black Jack (Eye + Guts, 6 cards) draws 3♦ K♠ for the
    # 9♦ Q♦ by Shootin' 2 and lays the book's two pair with the K♠; Long Tom's three 5s win
    table.do(OpenConflict("Jailbreak", (
        Entrant(JACK.name, "spring Luke", ("Eye", "Guts"), knack="Shootin'"),
        Entrant(LUKE.name, "break out", ("Hand", "Guts"), knack="Shootin'"),
        Entrant(TOM.name, "keep them locked up", ("Hand", "Guts"), knack="Fightin'")),
        stakes=1))
    table.do(Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "Qd")),
                   (LUKE.name, ("8s", "6d", "4h", "Jc", "2c", "10s", "9h")),
                   (TOM.name, ("5h", "5c", "5d", "Js", "8c", "6c", "2s")))))
    table.do(Draw(JACK.name, ("9d", "Qd"), ("3d", "Ks")))
    choice = lay_choices(cards_from_codes(_hand(table, JACK.name)))
    assert choice.best.category is Category.FULL_HOUSE and choice.keeps_high_card is not None
    table.do(Draw(LUKE.name, ("2c", "4h"), ("Ac", "4d")))
    table.do(Call(((JACK.name, ("3h", "3c", "7d", "7c", "Ks")),
                   (LUKE.name, best_lay(_hand(table, LUKE.name))),
                   (TOM.name, best_lay(_hand(table, TOM.name))))))
    jail = table.state.conflict
    assert jail is not None and jail.winners == (TOM.name,)
    assert jail.high_card_holder == LUKE.name  # the A♣ of the weakest hand (line 220)
    # Black Jack bids a Chip for narration; Luke meets it and keeps it (line 293)
    table.do(BidForNarration(((JACK.name, 1), (LUKE.name, 1))))
    assert _conflict(table).narrator == LUKE.name
    assert _sheet(table, LUKE.name).chips == 5 and _sheet(table, JACK.name).chips == 4
    # three 5s: 3 points from Heart, Guts, Eye (line 244); Black Jack puts 2 on his Guts 2
    assert view.difficulty_asked(table.state).split == {E: 1, G: 1, R: 1}
    table.do(TakeDifficulty(JACK.name, (("Guts", 2), ("Eye", 1)), told="his nerve is gone"))
    table.do(TakeDifficulty(LUKE.name, (("Eye", 1), ("Guts", 1), ("Heart", 1)),
                            told="blood in his eyes"))
    table.do(RestorePoint("Guts"))  # Luke paid to narrate: one point back (line 295)
    assert "pays the Stakes" not in next_step(table.state)
    table.do(EndConflict())
    assert _sheet(table, JACK.name).values == (3, 3, 0, 4)
    assert _sheet(table, JACK.name).on_last_leg
    assert _sheet(table, LUKE.name).values == (3, 2, 4, 2)

    # Zeke and Red Sally (lines 119-121): his Devil 2 against him, Eye 3 + Heart 2 - 2
    table.do(OpenConflict("Red Sally", (Entrant(ZEKE.name, "take Sally upstairs",
                                                 ("Eye", "Heart"), devil=-2),), stud=5))
    table.do(Deal(((ZEKE.name, ("4h", "9c", "2d")), ("Dealer", ("Ah", "Ad", "6s", "7c", "10h")))))
    table.do(Call(((ZEKE.name, ("4h", "9c", "2d")), ("Dealer", ("Ah", "Ad", "6s", "7c", "10h")))))
    table.do(TakeDifficulty(ZEKE.name, (("Eye", 1), ("Heart", 1))))
    table.do(EndConflict())
    # the brawl breaks out at once (line 208, optional): the Devil's liquid courage gives
    # Zeke two cards more (Hand 5 + Guts 3 + 2), and the stud hand that won gets its card
    table.do(SetWinnerCard(True))
    table.do(OpenConflict("Brawl", (Entrant(ZEKE.name, "walk through it", ("Hand", "Guts"),
                                            devil=2, knack="Wrestlin'"),),
                          stud=5, continues=True))
    assert _due(table) == [10, 6]
    table.do(Deal(((ZEKE.name, ("2s", "3h", "4d", "6s", "7h", "8d", "9s", "Jh", "Qd", "Kh")),
                   ("Dealer", ("Ac", "5h", "10s", "3c", "2d", "7s")))))
    table.do(Call(((ZEKE.name, best_lay(_hand(table, ZEKE.name))),
                   ("Dealer", best_lay(_hand(table, "Dealer"))))))
    assert view.difficulty_asked(table.state).split == {G: 1}  # the A♣ alone: 1 from Guts
    table.do(TakeDifficulty(ZEKE.name, (("Guts", 1),)))
    table.do(EndConflict())

    # Zeke's Guts is 2 when Long Tom's flush of clubs deals 5 to it (line 297): he buys
    # narration with a Chip, and that Chip brings his Guts back to 1, no more
    table.do(OpenConflict("Showdown", (
        Entrant(ZEKE.name, "make the sheriff talk", ("Hand", "Guts"), knack="Shootin'"),
        Entrant(TOM.name, "run the drunk out", ("Hand", "Guts"), knack="Shootin'")), stakes=1))
    table.do(Deal(((ZEKE.name, ("Qs", "Qh", "9d", "4s", "7h", "3d", "10s")),
                   (TOM.name, ("2c", "5c", "8c", "Jc", "Kc", "6d", "4h")))))
    table.do(Call(((ZEKE.name, best_lay(_hand(table, ZEKE.name))),
                   (TOM.name, best_lay(_hand(table, TOM.name))))))
    table.do(BidForNarration(((ZEKE.name, 1),)))
    asked = view.difficulty_asked(table.state)
    assert asked.split == {G: 2} and "deals 5 points, from Guts 2" in asked.note
    table.do(TakeDifficulty(ZEKE.name, (("Guts", 2),), told="a slug in the belly"))
    assert _sheet(table, ZEKE.name).value(G) == 0
    table.do(RestorePoint("Guts"))
    table.do(EndConflict())
    zeke = _sheet(table, ZEKE.name)
    assert zeke.values == (5, 2, 1, 1) and zeke.chips == 2

    # whiskey downstairs (line 285): Zeke's own Drinkin' heals the 4 points lost, against
    # the Five Card Stud the table gives 3 or 4 points (lines 266-279)
    lost = recoverable(zeke)
    assert lost == {E: 1, G: 2, R: 1} and recovery_stud(sum(lost.values())) == 5
    table.do(OpenConflict("Whiskey", (Entrant(ZEKE.name, "drink himself well",
                                              ("Hand", "Guts"), knack="Drinkin'"),),
                          stud=5, recovery=(ZEKE.name, (("Eye", 1), ("Guts", 2), ("Heart", 1)))))
    table.do(Deal(((ZEKE.name, ("8s", "8h", "8d", "2c", "4s", "6h")),
                   ("Dealer", ("Kc", "Qd", "9s", "5h", "3d")))))
    table.do(Call(((ZEKE.name, best_lay(_hand(table, ZEKE.name))),
                   ("Dealer", ("Kc", "Qd", "9s", "5h", "3d")))))
    table.do(EndConflict())
    assert _sheet(table, ZEKE.name).values == (5, 3, 3, 2)

    # Black Jack's last conflict (lines 321-327): Guts 0 deals his Devil's 2 in its place,
    # + Heart 4 + the Devil's sway 2; Gamblin' 4 and the Devil 2 change up to 6; he
    # narrates though the mayor lays the K♦
    table.do(OpenConflict("Poker with the mayor", (
        Entrant(JACK.name, "cheat the mayor", ("Guts", "Heart"), devil=2, knack="Gamblin'"),
        Entrant(MERRILL.name, "keep the money", ("Eye", "Heart"), knack="Gamblin'")),
        stakes=2))
    assert _due(table) == [8, 7]
    # the log and the recap say it is his last stand as the conflict opens, and the log the
    # Devil's sway the Dealer ruled
    assert RULES.describe(table.events[-1]).startswith(
        f"Conflict 7, Poker with the mayor: {JACK.name} (Guts + Heart, 8 cards, the Devil "
        f"+2, at 0: the last conflict), {MERRILL.name} (Eye + Heart, 7 cards)")
    table.do(Deal(((JACK.name, ("Jh", "Js", "4c", "9d", "2h", "*", "Qc", "6s")),
                   (MERRILL.name, ("10h", "10c", "5s", "8d", "Kd", "3h", "7c")))))
    assert draw_allowed(table.state, JACK.name) == 6
    table.do(Call(((JACK.name, best_lay(_hand(table, JACK.name))),
                   (MERRILL.name, best_lay(_hand(table, MERRILL.name))))))
    poker = table.state.conflict
    assert poker is not None and poker.high_card_holder == MERRILL.name
    assert poker.narrator == JACK.name
    # the joker shows no suit (line 246): the three jacks hit Hand and Heart only
    assert view.difficulty_asked(table.state).split.keys() <= {H, R}
    table.do(TakeDifficulty(MERRILL.name, (("Heart", 3),), told="shamed before the saloon"))
    table.do(EndConflict())
    jack = _sheet(table, JACK.name)
    assert jack.chips == 6 and jack.fate_due
    table.do(RecordFate(JACK.name, "rides out with the mayor's money"))
    assert not _sheet(table, JACK.name).in_play

    # Chips buy Knacks at the new rating (line 292): Luke's Ropin' 2 to 3 for 3
    table.do(RaiseKnack(LUKE.name, "Ropin'"))
    assert _sheet(table, LUKE.name).chips == 2 and _sheet(table, LUKE.name).knack("Ropin'") == 3
    # the session's end gives back all damage but a 0 (lines 256-258)
    table.end_session()
    assert _sheet(table, LUKE.name).values == (3, 3, 4, 3)
    assert _sheet(table, MERRILL.name).values == MERRILL.ratings
    assert _sheet(table, JACK.name).value(G) == 0
    assert table.replayed() == table.state


def test_a_recovery_without_a_knack_says_how_to_name_one(table: Table) -> None:
    # book line 260: a recovery needs a Knack that heals; the open form has no Knack field,
    # so the refusal says where the Knack is named: as the healer is added
    table.do(OpenConflict("Showdown", (
        Entrant(ZEKE.name, "make the sheriff talk", ("Hand", "Guts")),), stud=5))
    table.do(Deal(((ZEKE.name, ("Qs", "3h", "9d", "4s", "7h", "2d", "10c", "6h")),
                   ("Dealer", ("Kc", "2c", "5h", "8s", "Jd")))))
    table.do(Call(((ZEKE.name, best_lay(_hand(table, ZEKE.name))),
                   ("Dealer", ("Kc", "2c", "5h", "8s", "Jd")))))
    table.do(TakeDifficulty(ZEKE.name, (("Guts", 1),)))
    table.do(EndConflict())
    try:
        table.do(OpenConflict("Whiskey", (Entrant(ZEKE.name, "drink himself well",
                                                  ("Hand", "Eye")),),
                              stud=3, recovery=(ZEKE.name, (("Guts", 1),))))
    except RuleError as error:
        refused = error
    else:
        raise AssertionError("a recovery without a Knack opened")
    assert refused.rule == "Recovery"
    assert (f"and {ZEKE.name} entered naming none: take the healer out of the conflict and "
            "add the healer again naming the Knack that heals") in refused.message


def test_the_bid_form_says_plainly_who_at_zero_holds_narration(table: Table) -> None:
    # book line 327: two characters at 0 narrate, and only they bid for it; the one that
    # laid the high card among them holds it. The form read "Zeke Munroe entered at 0 and
    # holds narration and keeps narration by meeting the highest bid"
    _called(table, (Entrant(ZEKE.name, "face the mob", ("Heart", "Guts")),
                    Entrant(LUKE.name, "face the mob too", ("Heart", "Guts"))),
            {ZEKE.name: "2c 4d 6h 8s 10c", LUKE.name: "3c 5d 7h 9s Jc Kd 2h",
             "Dealer": "As Ah Ac 2d 3d"}, stud=5)
    table.do(TakeDifficulty(ZEKE.name, (("Heart", 2), ("Guts", 1))))
    table.do(TakeDifficulty(LUKE.name, (("Heart", 3),)))
    table.do(EndConflict())
    table.do(SetSessionDevils(((ZEKE.name, 2), (LUKE.name, 2))))
    _called(table, (Entrant(ZEKE.name, "last stand", ("Heart", "Guts")),
                    Entrant(LUKE.name, "go down fighting", ("Heart", "Guts"))),
            {ZEKE.name: "2c 4d 6h Ks", LUKE.name: "3c 5d 7h 9s Jc Kd",
             "Dealer": "2s 3h 8c 9d Qh"}, stakes=2, stud=5)
    assert _conflict(table).narrator == ZEKE.name  # his K♠ over Luke's K♦
    assert view.bid_note(table.state).startswith(
        f"{ZEKE.name} entered at 0 and laid the high card of those at 0, who alone bid: "
        "narration is kept by meeting the highest bid, paying only what meets it. Only the "
        "narrator pays.")


def test_a_sheet_says_first_how_its_character_left_play(table: Table) -> None:
    # book line 317: the player chooses the fate; once recorded the character has left
    # play, and the sheet says so under its attributes (it was its last line, below the
    # Chips' ledger, out of sight at 80x24)
    _called(table, (Entrant(LUKE.name, "face the mob", ("Heart", "Guts")),),
            {LUKE.name: "3c 5d 7h 9s Jc Kd 2h", "Dealer": "As Ah Ac 2d 3d"}, stud=5)
    table.do(TakeDifficulty(LUKE.name, (("Heart", 3),)))
    table.do(EndConflict())
    table.do(SetSessionDevils(((LUKE.name, 2),)))
    _called(table, (Entrant(LUKE.name, "go down fighting", ("Heart", "Guts")),),
            {LUKE.name: "3c 5d 7h 9s Jc Kd", "Dealer": "2s 3h 8c 9d Qh"}, stud=5)
    table.do(EndConflict())
    table.do(RecordFate(LUKE.name, "settles down on the farm"))
    luke = _sheet(table, LUKE.name)
    told = view.sheet_lines(luke, table.state)
    assert told[3] == "Left play in session 1: settles down on the farm"
    assert not any(line.startswith("Fate:") for line in told)


def test_a_session_begun_asks_a_fate_due_for_the_fate_not_the_devil(table: Table) -> None:
    # book lines 115, 317: a character whose last conflict is over enters no other, so his
    # player has no Devil rating to set for the new session, but the fate still to record
    table.do(SetSessionDevils(((JIM.name, 3), (ZEKE.name, 2), (JACK.name, 2), (LUKE.name, 2))))
    _called(table, (Entrant(LUKE.name, "face the mob", ("Heart", "Guts")),),
            {LUKE.name: "3c 5d 7h 9s Jc Kd 2h", "Dealer": "As Ah Ac 2d 3d"}, stud=5)
    table.do(TakeDifficulty(LUKE.name, (("Heart", 3),)))
    table.do(EndConflict())
    _called(table, (Entrant(LUKE.name, "go down fighting", ("Heart", "Guts")),),
            {LUKE.name: "3c 5d 7h 9s Jc Kd", "Dealer": "2s 3h 8c 9d Qh"}, stud=5)
    table.do(EndConflict())
    assert _sheet(table, LUKE.name).fate_due
    table.end_session()
    # the recap of the session left says the same of the next
    for leaves in (view.table_stands(view.table_knows(table.state), leaving=True),
                   view.dealer_stands(table.state, leaving=True)):
        assert leaves is not None and "Devil rating for session 2 first" in leaves
        assert LUKE.name not in leaves.split("Devil rating for session 2 first")[1]
    table.start_session()
    told = RULES.session_begun(table.state)
    assert told is not None
    assert (f"Each player sets the Devil rating for session 2 first: {JIM.name}, "
            f"{ZEKE.name}, {JACK.name} (Devils, on the Characters tab, sets them all).") in told
    assert f"{LUKE.name}: the fate is still to record (Fate, on the Characters tab)." in told
    assert LUKE.name not in [w.name for w in devils_to_set_now(table.state)]
    assert view.devil_cell(2, devil_to_set(table.state, _sheet(table, LUKE.name))) == "2"
