"""Stop 62: where rules meet in a long session, read by a reader who had not built the
engine (docs/rules/dust-devils.md, "Where rules meet (stop 62)"). Each test failed before
its fix."""

from __future__ import annotations

import pytest

from gmscreen.games.dust_devils import RULES
from gmscreen.games.dust_devils import commands as c
from gmscreen.games.dust_devils.conflict import side
from gmscreen.games.dust_devils.sample import CLARA, JACK, JIM, LUKE, ZEKE
from gmscreen.journal.rules import RuleError
from tests.dust_devils.game import Table, hanged_man_table


def devils_set() -> Table:
    table = hanged_man_table()
    table.do(c.SetSessionDevils(((JIM.name, 3), (ZEKE.name, 2), (LUKE.name, 2), (JACK.name, 2))))
    return table


def values_of(table: Table, name: str, values: tuple[int, int, int, int]) -> None:
    """`name`'s attributes now `values` (Hand, Eye, Guts, Heart), as the Dealer sets them."""
    who = table.state.character(name)
    assert who is not None
    table.do(c.ChangeCharacter(who.name, c.Sheet(
        who.name, who.player, who.ratings, who.knacks, who.traits, who.devil,
        who.devil_rating, who.vocation, who.description, who.back_story, who.notes,
        who.chips), values=values))


def chips(table: Table, name: str) -> int:
    who = table.state.character(name)
    assert who is not None
    return who.chips


def test_the_dealers_card_more_redraw_and_fold_pay_the_player_whose_character_is_healed(
        ) -> None:
    """Lines 174 and 305-309: the Dealer's card more, redraw and fold cost a Chip to each
    player present; line 285's McCreedy is healed by a doctor who holds the hand. Clara,
    the Dealer's, stitched Zeke up against a stud with a card more, the stud redrew and the
    Dealer folded: no player character held a hand, so all three cost nothing."""
    table = devils_set()
    values_of(table, ZEKE.name, (3, 3, 3, 2))  # Zeke hurt: 2 of his Hand to get back
    before = chips(table, ZEKE.name)
    table.do(c.OpenConflict("Clara stitches Zeke", (
        c.Entrant(CLARA.name, "stitch him up", ("Eye", "Heart"), knack="Mendin'"),),
        stud=3, stud_chip=True, recovery=(ZEKE.name, (("Hand", 2),))))
    assert chips(table, ZEKE.name) == before + 1
    table.do(c.Deal(((CLARA.name, ("2h", "4d", "6s", "8c", "Th", "Qd", "3c")),
                   ("Dealer", ("As", "3h", "5c", "7h")))))
    table.do(c.Draw("Dealer", ("3h",), ("Ks",), chip=True))
    assert chips(table, ZEKE.name) == before + 2
    table.do(c.DealerFolds())
    assert chips(table, ZEKE.name) == before + 3
    assert table.state == table.replayed()


def test_one_whose_last_conflict_is_over_bids_no_chips_for_narration() -> None:
    """Lines 293 and 317-319: a character whose last conflict is over buys nothing more
    with Chips (the app's own reading, which a raise already kept); Zeke, his fate due,
    still bid for the narration of Jim's next conflict and won it."""
    table = devils_set()
    values_of(table, ZEKE.name, (5, 3, 0, 2))  # Guts at 0: his last conflict
    table.do(c.OpenConflict("Last stand", (
        c.Entrant(ZEKE.name, "stare down the sheriff", ("Hand", "Guts")),), stud=5))
    table.do(c.Deal(((ZEKE.name, ("2c", "3c", "4c", "5c", "6c", "7d", "8d")),
                   ("Dealer", ("Ah", "Ad", "9s", "9h", "Kc")))))
    table.do(c.Call(((ZEKE.name, ("2c", "3c", "4c", "5c", "6c")),
                   ("Dealer", ("Ah", "Ad", "9s", "9h", "Kc")))))
    table.do(c.EndConflict())
    zeke = table.state.character(ZEKE.name)
    assert zeke is not None and zeke.fate_due
    table.do(c.OpenConflict("Card game", (c.Entrant(JIM.name, "win the pot", ("Eye", "Heart")),),
                          stud=5, stakes=1))
    table.do(c.Deal(((JIM.name, ("2h", "4d", "6s", "8c", "Th", "Qd")),
                   ("Dealer", ("As", "3h", "5c", "7h", "9d")))))
    table.do(c.Call(((JIM.name, ("4d", "6s", "8c", "Th", "Qd")),
                   ("Dealer", ("As", "3h", "5c", "7h", "9d")))))
    with pytest.raises(RuleError, match="last conflict is over") as refused:
        RULES.decide(table.state, c.BidForNarration(((ZEKE.name, 1),)))
    assert refused.value.rule == "The Road to Hell" and refused.value.field == ZEKE.name


def test_a_hand_folded_before_the_deal_is_dealt_no_cards() -> None:
    """Lines 214 and 301: a fold takes the character out of the conflict. Jim folded as it
    opened, and the Deal was refused without cards for him (the app's own d dealt him
    seven, which left the pack for the rest of the conflict)."""
    table = devils_set()
    table.do(c.OpenConflict("Saloon brawl", (
        c.Entrant(JIM.name, "keep his seat", ("Hand", "Guts")),
        c.Entrant(ZEKE.name, "bust heads", ("Hand", "Guts"))), stud=5))
    table.do(c.Fold(JIM.name))
    zeke = ("2c", "3c", "4c", "5c", "6c", "7d", "8d", "9d")
    stud = ("Ah", "Ad", "9s", "9h", "Kc")
    with pytest.raises(RuleError, match="folded: no cards") as refused:
        RULES.decide(table.state, c.Deal(((JIM.name, ("2h", "3h", "4h", "5h", "6h", "7h", "8h")),
                                        (ZEKE.name, zeke), ("Dealer", stud))))
    assert refused.value.field == JIM.name
    table.do(c.Deal(((ZEKE.name, zeke), ("Dealer", stud))))
    conflict = table.state.conflict
    assert conflict is not None and conflict.phase == "draw"
    assert conflict.participant(JIM.name).hand == ()  # type: ignore[union-attr]
    assert table.state == table.replayed()


def test_a_conflict_whose_hands_all_stand_on_one_side_is_refused() -> None:
    """Lines 166, 176, 186: hands on one side spare each other. Jim and Luke, set on the
    players' side with no hand of the Dealer's, played a conflict nobody lost and both
    were paid; Clara set on the players' side to help Jim against Luke stood alone there,
    beating Jim with her win. A players' side now takes the player characters left as
    usual, and a conflict with every hand on one side is refused, naming the fix."""
    table = devils_set()
    for entrants in (
            (c.Entrant(JIM.name, "get there first", ("Hand", "Guts"), side="players"),
             c.Entrant(LUKE.name, "get there first", ("Hand", "Guts"), side="players")),
            (c.Entrant(JIM.name, "win the hand", ("Eye", "Heart")),
             c.Entrant(LUKE.name, "win the hand", ("Eye", "Heart")),
             c.Entrant(CLARA.name, "help Jim", ("Eye", "Heart"), side="players"))):
        with pytest.raises(RuleError, match="every hand plays on one side") as refused:
            RULES.decide(table.state, c.OpenConflict("Race", entrants, stakes=2))
        assert refused.value.rule == "Sides"
    # Luke set apart: Clara stands with Jim, against him
    table.do(c.OpenConflict("Cards", (
        c.Entrant(JIM.name, "win the hand", ("Eye", "Heart")),
        c.Entrant(LUKE.name, "win the hand", ("Eye", "Heart"), side="dealer"),
        c.Entrant(CLARA.name, "help Jim", ("Eye", "Heart"), side="players")), stakes=2))
    conflict = table.state.conflict
    assert conflict is not None
    sides = {p.name: side(table.state, conflict, p.name) for p in conflict.participants}
    assert sides[JIM.name] == sides[CLARA.name] != sides[LUKE.name]


def test_a_character_of_the_dealers_on_its_own_side_is_a_hand_of_his_the_players_face_together(
        ) -> None:
    """Line 186: the player characters face each other only when the Dealer holds no hand.
    Clara, the Dealer's, set on her own side with no stud hand, is still a hand of his: Jim
    and Luke stand together against her."""
    table = devils_set()
    table.do(c.OpenConflict("Three-way draw", (
        c.Entrant(JIM.name, "win the hand", ("Eye", "Heart")),
        c.Entrant(LUKE.name, "win the hand", ("Eye", "Heart")),
        c.Entrant(CLARA.name, "win the hand", ("Eye", "Heart"), side="alone")), stakes=2))
    conflict = table.state.conflict
    assert conflict is not None
    sides = {p.name: side(table.state, conflict, p.name) for p in conflict.participants}
    assert sides[JIM.name] == sides[LUKE.name] == "the players"
    assert sides[CLARA.name] == CLARA.name
