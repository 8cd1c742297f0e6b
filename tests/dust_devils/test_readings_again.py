"""The readings judged again (round 21): each reading of the book the app takes, read once
more against the book's own words, and the places where the app chose without saying so."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    BuyKnack,
    Call,
    ChangeCharacter,
    Deal,
    EndConflict,
    Entrant,
    GiveChips,
    MakeCharacter,
    OpenConflict,
    Sheet,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.conflict import stud_offered
from gmscreen.games.dust_devils.panes.characters import parse_knacks, tally_number
from gmscreen.games.dust_devils.sample import JIM, LUKE, TOM
from gmscreen.games.dust_devils.sheet import parse_split
from gmscreen.journal.rules import RuleError
from gmscreen.ui.form import Values
from tests.dust_devils.game import Table, hanged_man_table
from tests.dust_devils.test_rules import refused

#: a minor character of the Dealer's: no Devil, his attributes and a Knack
HANK = Sheet("Deputy Hank", player=False, ratings=(3, 2, 0, 1), knacks=(("Shootin'", 2),),
             vocation="Long Tom's deputy")

# -- one way to write a number in every field (left from round 19) -------------------------


def test_a_plus_sign_is_read_alike_in_every_field() -> None:
    """The Chips, the attributes and the Stakes are read by the form's number fields, which
    take "+1" as 1; a Knack's rating and a split's points are typed in a line of text, and
    refused "+4". A Dealer writing a sign in one field and not in another should meet one
    rule: a sign is read wherever a number is typed, and a number is still needed."""
    assert Values({"chips": "+1"}, {"chips": "Chips"}).number("chips") == 1
    assert parse_knacks("Shootin' +4, Drinkin' 1") == (("Shootin'", 4), ("Drinkin'", 1))
    assert parse_split("Guts +2, Heart 1") == (("Guts", 2), ("Heart", 1))
    assert tally_number("+4") == 4 and tally_number("-1") == -1 and tally_number("x") == 0
    for bad in ("Guts +", "Guts ++2", "Guts +-2", "Guts 2+"):
        with pytest.raises(RuleError):
            parse_split(bad)
    for bad in ("Shootin' +", "Shootin' ++4"):
        with pytest.raises(RuleError):
            parse_knacks(bad)


# -- the Dealer may deal himself more than one hand (book l.371) ------------------------------


def _with_hank() -> Table:
    table = hanged_man_table()
    table.do(MakeCharacter(HANK))
    return table


def test_a_minor_character_of_the_dealers_may_play_a_hand_of_his_own() -> None:
    """Line 371: a Dealer running several characters or hazards in one conflict "may deal
    himself more than one hand"; one stud hand for the hazards "often works best", and an
    important character (one with a Devil) should have a hand of his own. Line 174's Five
    Card Stud is what he "typically" deals when no important character is in it. So a
    deputy without a Devil playing a hand of his own is the Dealer's choice, as the stud
    hand is; the app refused him outside a recovery ("the Dealer's stud hand plays minor
    characters")."""
    table = _with_hank()
    table.do(AddEntrant(Entrant(LUKE.name, "get out of the cell", ("Hand", "Guts"),
                                knack="Lock Pickin'")))
    table.do(AddEntrant(Entrant(HANK.name, "keep Luke locked up", ("Hand", "Eye"),
                                knack="Shootin'")))
    table.do(OpenConflict("The deputy's keys", stud=0))
    hank = table.state.conflict.participant(HANK.name) if table.state.conflict else None
    assert hank is not None and hank.cards_due == 5 and not hank.at_zero
    table.do(Deal(((LUKE.name, ("2s", "4d", "6h", "8s", "9c", "Jd", "Kc")),
                   (HANK.name, ("Qh", "Qc", "3d", "5s", "7h")))))
    table.do(Call(((LUKE.name, ("Kc", "Jd", "9c", "8s", "6h")),
                   (HANK.name, ("Qh", "Qc", "7h", "5s", "3d")))))
    # the deputy's pair of queens beats Luke, who loses two from Hearts and Guts
    table.do(TakeDifficulty(LUKE.name, (("Guts", 1), ("Heart", 1))))
    table.do(EndConflict())
    luke = table.state.character(LUKE.name)
    assert luke is not None and luke.values == (3, 3, 3, 2)
    assert table.replayed() == table.state


def test_the_entrant_form_offers_a_minor_character_a_hand_of_his_own() -> None:
    """The form says, as the deputy is picked, that the stud hand usually plays a character
    without a Devil and that a hand of his own is the Dealer's call; it no longer says he
    enters only to heal."""
    table = _with_hank()
    told = view.entrant_preview(table.state, Entrant(
        HANK.name, "keep Luke locked up", ("Hand", "Eye")))
    assert "only to heal" not in told
    assert "Deputy Hank has no Devil" in told and "a hand of his own" in told


def test_a_minor_character_has_no_devil_to_sway_the_deal_nor_a_road_to_hell() -> None:
    """Without a Devil there is nothing to sway his Deal, and nothing to stand in for an
    attribute at 0: the Road to Hell is the Devil's (l.313-327, and the Devil's mechanics
    are the important characters', l.367-369). The deputy at 0 Guts entering with it is
    dealt what his other attribute holds, narrates only by the high card, and has no fate
    due when the conflict ends."""
    table = _with_hank()
    refused(table, AddEntrant(Entrant(HANK.name, "shoot", ("Hand", "Eye"), devil=1)),
            "The Devil's due")
    table.do(AddEntrant(Entrant(LUKE.name, "get out of the cell", ("Hand", "Guts"))))
    table.do(AddEntrant(Entrant(HANK.name, "stand his ground", ("Hand", "Guts"))))
    table.do(OpenConflict("The deputy's nerve", stud=0))
    assert table.state.conflict is not None
    hank = table.state.conflict.participant(HANK.name)
    assert hank is not None and hank.cards_due == 3 and not hank.at_zero
    table.do(Deal(((LUKE.name, ("2s", "4d", "6h", "8s", "9c", "Jd", "Kc")),
                   (HANK.name, ("Ah", "3c", "5d")))))
    table.do(Call(((LUKE.name, ("Kc", "Jd", "9c", "8s", "6h")),
                   (HANK.name, ("Ah", "5d", "3c")))))
    # the ace narrates and wins: no fate comes due for him
    table.do(TakeDifficulty(LUKE.name, (("Heart", 1),)))
    table.do(EndConflict())
    deputy = table.state.character(HANK.name)
    assert deputy is not None and not deputy.fate_due


# -- readings right but held by no test ------------------------------------------------------


def test_the_knack_limit_counts_the_ratings_while_the_attributes_are_hurt() -> None:
    """The Knack limit is Hand + Eye, or 6 when higher (l.75, 292), read from the ratings, not
    the values Difficulty left (the `sheet` reading): Jim, Hand 4 and Eye 4, may hold 8
    Knacks even while his Hand and Eye are down to 1 each (1 + 1, or 6, would stop him at
    6). Only the limit's arithmetic was tested, never a purchase by a hurt character."""
    table = hanged_man_table()
    table.do(ChangeCharacter(JIM.name, JIM, values=(1, 1, 3, 2)))
    table.do(GiveChips(JIM.name, 10, "a windfall"))
    jim = table.state.character(JIM.name)
    assert jim is not None and jim.values == (1, 1, 3, 2) and len(jim.knacks) == 5
    table.do(BuyKnack(JIM.name, "Ropin'"))
    table.do(BuyKnack(JIM.name, "Ridin'"))
    table.do(BuyKnack(JIM.name, "Trackin'"))
    refused(table, BuyKnack(JIM.name, "Fiddlin'"), "Knack limit")


def test_the_dealers_characters_keep_the_ceilings_of_every_character() -> None:
    """The Dealer makes his characters' attributes as he sees fit (l.56): no budget, but no
    attribute above 5 (l.56, 291: "cannot be higher than 5") and Knacks rated 1 to 4
    (l.75). The free budget was tested; the ceilings they keep were not."""
    table = hanged_man_table()
    refused(table, MakeCharacter(replace(TOM, name="Big Ned", ratings=(6, 3, 3, 3))),
            "Attribute maximum")
    refused(table, MakeCharacter(replace(TOM, name="Big Ned", knacks=(("Fightin'", 5),))),
            "Knack rating")
    table.do(MakeCharacter(replace(TOM, name="Big Ned", ratings=(5, 5, 5, 5),
                                   knacks=(("Fightin'", 4),))))


# -- the silent choices written down ---------------------------------------------------------


def test_a_newcomer_made_during_a_session_comes_with_his_sheets_devil_rating() -> None:
    """Line 115: the player picks the rating as a session begins. A player character made
    in the middle of one (a newcomer taking a dead man's seat) has missed that moment: the
    rating on his sheet is his player's pick for the session, so he enters a conflict with
    his Devil at once, not held back until the next session."""
    table = hanged_man_table()
    table.do(MakeCharacter(replace(JIM, name="Dylan", devil_rating=2)))
    dylan = table.state.character("Dylan")
    assert dylan is not None and (dylan.devil_rating, dylan.devil_set_for) == (2, 1)
    table.do(OpenConflict("Dylan rides in", (Entrant("Dylan", "find work", ("Hand", "Eye"),
                                                     devil=2),), stud=5))
    assert table.state.conflict is not None
    assert table.state.conflict.participants[0].cards_due == 4 + 4 + 2


def test_the_open_form_keeps_the_stud_hand_beside_a_minor_characters_own_hand() -> None:
    """The open form starts on no stud hand when an important character of the Dealer's
    plays his own; beside a minor one given a hand it stays at five (the Dealer picks none
    if the deputy is all the opposition)."""
    table = _with_hank()
    table.do(AddEntrant(Entrant(HANK.name, "keep Luke locked up", ("Hand", "Eye"))))
    assert stud_offered(table.state) == 5
    table.do(AddEntrant(Entrant('"Long" Tom Meredith', "back his deputy", ("Hand", "Guts"))))
    assert stud_offered(table.state) == 0
