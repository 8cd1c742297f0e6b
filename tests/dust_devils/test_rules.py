"""The decider: each command against the book's rules, refusals that change nothing, and a
journal that replays to the same state."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.dust_devils import RULES, resolution, rules
from gmscreen.games.dust_devils import conflict as steps
from gmscreen.games.dust_devils.commands import (
    BidForNarration,
    BuyKnack,
    Call,
    ChangeCharacter,
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
    RaiseAttribute,
    RaiseKnack,
    RecordFate,
    RestorePoint,
    RuleCarryOver,
    SetDevilRating,
    SetSessionDevils,
    SetWinnerCard,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.sample import JACK, JIM, LUKE, SAMPLES, TOM, ZEKE, best_lay
from gmscreen.games.dust_devils.sheet import Attribute
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from tests.dust_devils.game import Table

G = Attribute.GUTS


@pytest.fixture
def table() -> Table:
    t = Table()
    for sheet in (JIM, ZEKE, JACK, LUKE, TOM):
        t.do(MakeCharacter(sheet))
    t.start_session()
    return t


def refused(t: Table, command: object, rule: str) -> RuleError:
    before = t.state
    with pytest.raises(RuleError) as error:
        RULES.decide(t.state, command)
    assert error.value.rule == rule, error.value
    assert t.state == before
    return error.value


def test_a_sheet_that_breaks_a_rule_is_refused_and_names_it(table: Table) -> None:
    count = len(table.events)
    refused(table, MakeCharacter(replace(JIM, name="Jim Two", ratings=(5, 5, 3, 2))),
            "Attribute points")
    refused(table, MakeCharacter(replace(JIM, name="Jim Two", ratings=(6, 4, 3, 0))),
            "Attribute maximum")
    refused(table, MakeCharacter(replace(JIM, name="Jim Two", devil_rating=4)), "Devil rating")
    refused(table, MakeCharacter(JIM), "Characters")
    assert len(table.events) == count


def test_a_sheet_change_is_checked_too(table: Table) -> None:
    refused(table, ChangeCharacter(LUKE.name, replace(LUKE, ratings=(4, 3, 4, 3))),
            "Attribute points")
    table.do(ChangeCharacter(LUKE.name, replace(LUKE, name="Luke Johnson",
                                                 ratings=(4, 3, 3, 3))))
    luke = table.state.character("Luke Johnson")
    assert luke is not None and luke.ratings == (4, 3, 3, 3)


def test_difficulty_placed_wrong_is_corrected_on_the_sheet(table: Table) -> None:
    # Zeke's split went on Guts where the narrator said Heart, found a conflict later: the
    # sheet's correction kept each value's distance below its rating, so only undo (and
    # every step since) mended it. The values now are corrected on the sheet, told so
    table.do(SetDevilRating(ZEKE.name, 2))
    table.do(OpenConflict("A brawl", (Entrant(ZEKE.name, "win", ("Hand", "Guts")),), stud=5))
    table.do(Deal(((ZEKE.name, ("2h", "4c", "6d", "8c", "Td", "Qh", "3s", "5s")),
                   ("Dealer", ("Ah", "Ad", "As", "5c", "5d")))))
    table.do(Call(((ZEKE.name, ("2h", "4c", "6d", "8c", "Td")),
                   ("Dealer", ("Ah", "Ad", "As", "5c", "5d")))))
    table.do(TakeDifficulty(ZEKE.name, (("Guts", 2), ("Hand", 3)), told="a beating"))
    table.do(EndConflict())
    zeke = table.state.character(ZEKE.name)
    assert zeke is not None and zeke.values == (2, 3, 1, 2)
    sheet = replace(ZEKE, chips=zeke.chips)
    refused(table, ChangeCharacter(ZEKE.name, sheet, values=(2, 3, 3, 3)), "Attributes")
    refused(table, ChangeCharacter(ZEKE.name, sheet, values=(2, 3, 1)), "Attributes")
    (fixed,) = table.do(ChangeCharacter(ZEKE.name, sheet, values=(2, 3, 3, 0)))
    assert RULES.describe(fixed) == (f"{ZEKE.name}'s sheet is corrected: Hand 2, Eye 3, "
                                     "Guts 3, Heart 0 now")
    zeke = table.state.character(ZEKE.name)
    assert zeke is not None and zeke.values == (2, 3, 3, 0) and zeke.ratings == ZEKE.ratings
    assert table.replayed() == table.state
    # the values as they are, sent with the sheet as it is, correct nothing
    refused(table, ChangeCharacter(ZEKE.name, sheet, values=(2, 3, 3, 0)), "Characters")


def test_a_sheet_sent_back_as_it_was_is_no_correction(table: Table) -> None:
    # the edit form sent back untouched wrote "Luke's sheet is corrected" into the log and
    # the Dealer's recap, though nothing on it had changed
    luke = table.state.character(LUKE.name)
    assert luke is not None
    as_it_is = replace(LUKE, ratings=luke.ratings, knacks=luke.knacks, traits=luke.traits,
                       chips=luke.chips)
    error = refused(table, ChangeCharacter(LUKE.name, as_it_is), "Characters")
    assert "as it was" in error.message
    table.do(ChangeCharacter(LUKE.name, replace(as_it_is, vocation="Horse thief")))


def test_non_player_characters_are_free_of_the_budgets(table: Table) -> None:
    table.do(MakeCharacter(replace(TOM, name="Deputy", ratings=(5, 5, 5, 5), devil="",
                                   devil_rating=0, knacks=())))
    deputy = table.state.character("Deputy")
    assert deputy is not None and not deputy.important


def test_chips_buy_attributes_and_knacks(table: Table) -> None:
    luke = LUKE.name  # 6 Chips, Hand 3
    refused(table, RaiseAttribute(luke, "Hand"), "Improve attributes")  # to 4 costs 8
    table.do(GiveChips(luke, 4, "stood by Jim at the gallows"))
    table.do(RaiseAttribute(luke, "Hand"))
    table.do(RaiseKnack(luke, "lock pickin'"))  # 1 -> 2 costs 2
    refused(table, BuyKnack(luke, "Cookin'"), "New Knacks")  # none left
    table.do(GiveChips(luke, 2, "Stakes of a card game"))
    table.do(BuyKnack(luke, "Cookin'"))
    who = table.state.character(luke)
    assert who is not None
    assert who.rating(Attribute.HAND) == 4 and who.value(Attribute.HAND) == 4
    assert who.knack("Lock Pickin'") == 2 and who.knack("cookin'") == 1
    assert (who.chips, who.earned, who.spent) == (0, 6, 12)
    assert [e.change for e in who.ledger] == [6, 4, -8, -2, 2, -2]
    # the raised sheet still checks: 14 attribute points, 13 Knack points
    assert RULES.problems(table.state) == []
    refused(table, RaiseKnack(luke, "Shootin'"), "Improve Knacks")  # 2 -> 3 costs 3
    refused(table, GiveChips(luke, 1, " "), "Chips")


def test_a_raise_does_not_buy_off_the_road_to_hell(table: Table) -> None:
    test_zekes_flush_of_clubs_and_the_chip_that_restores_him(table)
    zeke = ZEKE.name  # Guts back at 1 of 3, 2 Chips left; a second flush takes it again
    table.do(EndConflict())
    _zeke_loses_to(table, "Another flush", ("3c", "6c", "9c", "Qc", "Ac"), (("Guts", 1),))
    table.do(EndConflict())
    table.do(GiveChips(zeke, 6, "a reward paid at last"))
    table.do(RaiseAttribute(zeke, "Guts"))  # to 4 for 8 Chips
    who = table.state.character(zeke)
    assert who is not None and who.rating(G) == 4 and who.value(G) == 0
    assert who.on_last_leg and who.chips == 0


def test_the_knack_limit_holds_when_buying(table: Table) -> None:
    luke = LUKE.name  # Hand 3 + Eye 3: the limit is 6; he has 5
    table.do(GiveChips(luke, 10, "a windfall"))
    table.do(BuyKnack(luke, "Cookin'"))
    refused(table, BuyKnack(luke, "Fiddlin'"), "Knack limit")
    refused(table, BuyKnack(luke, "ridin'"), "Knacks")


def test_every_players_devil_at_once(table: Table) -> None:
    events = table.do(SetSessionDevils(((JIM.name, 1), (LUKE.name, 3))))
    assert len({e.step for e in events}) == 1
    ratings = {c.name: c.devil_rating for c in table.state.players}
    assert (ratings[JIM.name], ratings[LUKE.name]) == (1, 3)
    refused(table, SetSessionDevils(((JIM.name, 2), (LUKE.name, 4))), "Devil rating")


def test_devil_rating_is_set_per_session(table: Table) -> None:
    table.do(SetDevilRating(LUKE.name, 3))
    luke = table.state.character(LUKE.name)
    assert luke is not None and (luke.devil_rating, luke.devil_set_for) == (3, 1)
    refused(table, SetDevilRating(LUKE.name, 0), "Devil rating")


def _jack_vs_stud(table: Table, stud: int = 5, stakes: int = 1) -> None:
    table.do(OpenConflict("Shootout at the cliff",
                          (Entrant(JACK.name, "get away", ("Guts", "Heart")),),
                          stakes=stakes, stud=stud))


def test_the_deal_is_checked(table: Table) -> None:
    refused(table, OpenConflict("Card game", (Entrant(JACK.name, "win", ("Eye", "Heart")),),
                                stakes=1, stud=3), "Stakes")
    refused(table, OpenConflict("Card game", (Entrant(JACK.name, "win", ("Eye", "Heart")),),
                                stakes=4, stud=5), "Stakes")
    refused(table, OpenConflict("Card game", (Entrant(JACK.name, "win", ("Eye", "Heart")),)),
            "Stud hand")
    _jack_vs_stud(table)
    conflict = table.state.conflict
    assert conflict is not None
    assert [p.cards_due for p in conflict.participants] == [6, 5]
    # a card typed twice in one deal is refused
    refused(table, Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "Qd")),
                         ("Dealer", ("As", "Ks", "Qs", "Js", "3h")))), "The Deal")
    refused(table, Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d")),
                         ("Dealer", ("As", "Ks", "Qs", "Js", "Ts")))), "The Deal")
    refused(table, Deal(((JACK.name, ("*", "*", "*", "7c", "9d", "Qd")),
                         ("Dealer", ("As", "Ks", "Qs", "Js", "Ts")))), "The Deal")


def _black_jacks_shootout(table: Table) -> None:
    _jack_vs_stud(table)
    table.do(Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "Qd")),
                   ("Dealer", ("Ah", "Kd", "9s", "5c", "2d")))))


def test_a_card_drawn_that_is_out_of_the_pack_already_says_so(table: Table) -> None:
    # the Dealer typed the A♥ for Jack's draw, which the stud hand holds: "A♥ is typed
    # twice" sent him looking for a second A♥ in what he had typed
    _black_jacks_shootout(table)
    error = refused(table, Draw(JACK.name, ("9d",), ("Ah",), knack="Shootin'"), "The Draw")
    assert error.message == ("A♥ is out of the pack already: dealt or drawn in this "
                             "conflict (one pack of 54 cards)")
    assert error.field == "drawn"
    error = refused(table, Draw(JACK.name, ("9d", "Qd"), ("4h", "4h"), knack="Shootin'"),
                    "The Draw")
    assert error.message == "4♥ is typed twice (one pack of 54 cards)"


def test_a_card_dealt_to_two_hands_names_the_hand_that_holds_it(table: Table) -> None:
    # the Dealer dealing from the table's own pack typed the 3♥ for Jack and again for his
    # stud hand: "3♥ is typed twice" left him to look through every hand for the other
    _jack_vs_stud(table)
    error = refused(table, Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "Qd")),
                                 ("Dealer", ("As", "Ks", "Qs", "Js", "3h")))), "The Deal")
    assert error.message == ('3♥ is typed for "Black" Jack Kerrigan already (one pack of '
                             '54 cards)')
    assert error.field == "Dealer"
    # a third joker: the two of the pack are Jack's
    error = refused(table, Deal(((JACK.name, ("*", "*", "7d", "7c", "9d", "Qd")),
                                 ("Dealer", ("As", "Ks", "Qs", "Js", "Joker")))), "The Deal")
    assert error.message == 'a pack has only two jokers: both typed for "Black" Jack ' \
        "Kerrigan already"
    assert error.field == "Dealer"


def test_a_card_thrown_twice_is_said_to_be_typed_twice(table: Table) -> None:
    # Jack holds one 9♦, typed twice among his discards: "does not hold 9♦" sent the
    # Dealer looking at Jack's hand, where the 9♦ is
    _black_jacks_shootout(table)
    error = refused(table, Draw(JACK.name, ("9d", "9d"), ("2s", "3s"), knack="Shootin'"),
                    "The Draw")
    assert error.message == '9♦ is typed twice: "Black" Jack Kerrigan holds one'
    assert error.field == "discards"


def test_a_lay_typed_wrong_is_refused_on_that_hands_line(table: Table) -> None:
    # the Call form types each hand's lay on its own line, found by the hand's name: a lay
    # one card short was refused under the field "lay", which no line is, and the 3♥ typed
    # twice read "does not hold 3♥", though Jack holds it
    _black_jacks_shootout(table)
    stud = ("Dealer", ("Ah", "Kd", "9s", "5c", "2d"))
    error = refused(table, Call(((JACK.name, ("3h", "3c", "7d", "7c")), stud)), "The Call")
    assert error.message == '"Black" Jack Kerrigan must lay 5 cards, not 4'
    assert error.field == JACK.name
    error = refused(table, Call(((JACK.name, ("3h", "3h", "7d", "7c", "9d")), stud)),
                    "The Call")
    assert error.message == '3♥ is typed twice: "Black" Jack Kerrigan holds one'
    assert error.field == JACK.name


def test_a_joker_drawn_when_the_packs_two_are_out_says_so(table: Table) -> None:
    # Jack and the stud hand were dealt a joker each; the Dealer typed one joker for Jack's
    # Draw and read "a pack has only two jokers", though he had typed one
    _jack_vs_stud(table)
    table.do(Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "*")),
                   ("Dealer", ("Ah", "Kd", "9s", "5c", "*")))))
    error = refused(table, Draw(JACK.name, ("9d",), ("*",), knack="Shootin'"), "The Draw")
    assert error.message == ("a pack has only two jokers: both out already, dealt or drawn "
                             "in this conflict")
    assert error.field == "drawn"


def test_a_chip_buys_a_card_only_beyond_what_the_draw_allows_without_it(
        table: Table) -> None:
    # line 300: the Chip's card is one more than the Knack lets him change. Jack's one card
    # with Shootin' 2 and the Dealer's stud hand throwing none were taken with the Chip:
    # Jack paid it, and the Dealer's "redraw" of nothing gave each player a Chip
    _black_jacks_shootout(table)
    error = refused(table, Draw(JACK.name, ("9d",), ("3d",), knack="Shootin'", chip=True),
                    "Additional card")
    assert error.field == "chip"
    assert error.message == (f"{JACK.name} may change 2 without a Chip and changes 1: "
                             "untick One more (Chip)")
    error = refused(table, Draw("Dealer", (), (), chip=True), "Additional card")
    assert error.message == ("The Dealer throws no card: the Chip's card is one more to "
                             "change; untick One more (Chip)")
    # one beyond the Knack is what the Chip buys
    table.do(Draw(JACK.name, ("9d", "Qd", "7c"), ("3d", "Ks", "2c"), knack="Shootin'",
                  chip=True))


def test_a_player_may_buy_a_card_in_the_deal_and_another_in_the_draw(table: Table) -> None:
    # lines 299 and 300 are two purchases, each once a hand (as the Dealer's two, lines 307
    # and 308): Jack's Chip deals him a card more, and a second lets him change one more
    table.do(OpenConflict("Shootout at the cliff", (
        Entrant(JACK.name, "get away", ("Guts", "Heart"), chip=True),), stakes=1, stud=5))
    jack = table.state.character(JACK.name)
    assert jack is not None
    chips = jack.chips
    table.do(Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "Qd", "4s")),
                   ("Dealer", ("Ah", "Kd", "9s", "5c", "2d")))))
    assert steps.why_not_chip(table.state, JACK.name, "Additional card") is None
    table.do(Draw(JACK.name, ("9d", "Qd", "4s"), ("3d", "Ks", "2c"), knack="Shootin'",
                  chip=True))
    jack = table.state.character(JACK.name)
    assert jack is not None and jack.chips == chips - 1


def test_black_jacks_draw_and_call(table: Table) -> None:
    _black_jacks_shootout(table)
    refused(table, Draw(JACK.name, ("9d", "Qd", "7c"), ("3d", "Ks", "2c"), knack="Shootin'"),
            "The Draw")
    refused(table, Draw(JACK.name, ("9d",), ("3d",), knack="Ropin'"), "The Draw")
    refused(table, Draw(JACK.name, ("9d",), ("Ah",), knack="Shootin'"), "The Draw")
    refused(table, Draw("Dealer", ("2d",), ("2c",)), "The Draw")  # no award, no draw
    table.do(Draw(JACK.name, ("9d", "Qd"), ("3d", "Ks"), knack="Shootin'"))
    refused(table, Call(((JACK.name, ("3h", "3c", "3d", "7d", "7c")),)), "The Call")
    table.do(Call(((JACK.name, ("7d", "7c", "3h", "3d", "Ks")),
                   ("Dealer", ("Ah", "Kd", "9s", "5c", "2d")))))
    conflict = table.state.conflict
    assert conflict is not None
    assert conflict.winners == (JACK.name,)
    assert conflict.high_card_holder == "Dealer" and conflict.narrator == "Dealer"
    table.do(EndConflict())
    jack = table.state.character(JACK.name)
    assert jack is not None and jack.chips == 5  # 4 and the Stakes
    assert table.state.conflict is None and table.state.last_winners == (JACK.name,)


def test_the_knack_named_at_entry_sets_the_draw(table: Table) -> None:
    refused(table, OpenConflict("Shootout at the cliff", (Entrant(
        JACK.name, "get away", ("Guts", "Heart"), knack="Ropin'"),), stud=5), "Knacks")
    table.do(OpenConflict("Shootout at the cliff", (Entrant(
        JACK.name, "get away", ("Guts", "Heart"), knack="shootin'"),), stud=5))
    table.do(Deal(((JACK.name, ("3h", "3c", "7d", "7c", "9d", "Qd")),
                   ("Dealer", ("Ah", "Kd", "9s", "5c", "2d")))))
    # Black Jack's Shootin' is 2: three cards are too many, unless a Chip buys one more
    refused(table, Draw(JACK.name, ("9d", "Qd", "7c"), ("3d", "Ks", "2c")), "The Draw")
    (drawn,) = table.do(Draw(JACK.name, ("9d", "Qd"), ("3d", "Ks")))
    assert drawn.data["knack"] == "Shootin'"  # as the sheet spells it


def test_the_draw_is_offered_first_to_a_hand_that_may_change_a_card(table: Table) -> None:
    # Jim entered with no Knack named: as he entered he may change no card, so the Draw is
    # offered first to Black Jack, whose Shootin' lets him change two; once Jack has drawn,
    # to Jim, the only hand left (a Knack ruled relevant at the Draw, or a Chip, may still
    # let him change cards)
    assert steps.first_to_draw(table.state) == ""
    table.do(OpenConflict("Shootout at the cliff", (
        Entrant(JIM.name, "get away", ("Guts", "Heart")),
        Entrant(JACK.name, "get away", ("Guts", "Heart"), knack="Shootin'")), stud=5))
    table.do(Deal(((JIM.name, ("2h", "4c", "6d", "8c", "Td")),
                   (JACK.name, ("3h", "3c", "7d", "7c", "9d", "Jh")),
                   ("Dealer", ("Ah", "Kd", "9s", "5c", "2d")))))
    assert steps.draw_allowed(table.state, JIM.name) == 0
    assert steps.first_to_draw(table.state) == JACK.name
    table.do(Draw(JACK.name, ("9d",), ("Qs",)))
    assert steps.first_to_draw(table.state) == JIM.name
    table.do(Draw(JIM.name, (), ()))
    assert steps.first_to_draw(table.state) == "Dealer"


def test_the_dealer_awards_a_chip_for_a_stud_redraw(table: Table) -> None:
    _black_jacks_shootout(table)
    # the stud hand redraws only for a Chip awarded to each player (line 174), and one card
    # for it (line 308): the refusals say so, where they spoke of a Knack
    error = refused(table, Draw("Dealer", ("2d",), ("2c",)), "The Draw")
    assert "awarding each player a Chip" in str(error) and error.field == "chip"
    error = refused(table, Draw("Dealer", ("2d", "5c"), ("2c", "4h"), chip=True), "The Draw")
    assert "one card" in str(error) and error.field == "discards"
    table.do(Draw("Dealer", ("2d",), ("2c",), chip=True))
    jack = table.state.character(JACK.name)
    assert jack is not None and jack.chips == 5
    # the Chip's reason names the redraw once, not the stud hand as if a character
    assert jack.ledger[-1].reason == "the Dealer's redraw in Shootout at the cliff"


def test_lukes_difficulty_split(table: Table) -> None:
    table.do(OpenConflict("A rival's wild shot",
                          (Entrant(LUKE.name, "stay alive", ("Guts", "Hand")),), stud=5))
    table.do(Deal(((LUKE.name, ("2s", "4d", "6c", "8h", "9s", "Jd", "Kc")),
                   ("Dealer", ("5h", "5c", "5d", "3s", "2h")))))
    table.do(Draw(LUKE.name, (), ()))
    table.do(Call(((LUKE.name, ("Kc", "Jd", "9s", "8h", "6c")),
                   ("Dealer", ("5h", "5c", "5d", "3s", "2h")))))
    refused(table, EndConflict(), "Difficulty")
    refused(table, TakeDifficulty(LUKE.name, (("Hand", 1), ("Guts", 2))), "Difficulty")
    refused(table, TakeDifficulty(LUKE.name, (("Heart", 2),)), "Difficulty")
    table.do(TakeDifficulty(LUKE.name, (("Eye", 1), ("Guts", 1), ("Heart", 1))))
    luke = table.state.character(LUKE.name)
    assert luke is not None and luke.values == (3, 2, 3, 2)
    table.do(EndConflict())
    assert table.state.past[-1].title == "A rival's wild shot"


def _zeke_loses_to(table: Table, title: str, dealer: tuple[str, ...],
                   split: tuple[tuple[str, int], ...]) -> None:
    zeke = ZEKE.name
    table.do(OpenConflict(title, (Entrant(zeke, "walk out", ("Hand", "Eye")),), stud=5))
    table.do(Deal(((zeke, ("As", "Kd", "9h", "7s", "4d", "3h", "2s", "Qh")),
                   ("Dealer", dealer))))
    table.do(Draw(zeke, (), ()))
    table.do(Call(((zeke, ("As", "Kd", "Qh", "9h", "7s")), ("Dealer", dealer))))
    table.do(TakeDifficulty(zeke, split))


def test_zekes_flush_of_clubs_and_the_chip_that_restores_him(table: Table) -> None:
    zeke = ZEKE.name
    # an earlier Difficulty leaves Zeke's Guts at 2, as in the book
    _zeke_loses_to(table, "A pair of jacks", ("Jc", "Jh", "5s", "6d", "8h"),
                   (("Guts", 1), ("Heart", 1)))
    table.do(EndConflict())
    refused(table, TakeDifficulty(zeke, (("Guts", 1),)), "Difficulty")
    who = table.state.character(zeke)
    assert who is not None and who.value(G) == 2
    # the flush of clubs deals five; only two can go, and Guts is 0
    with pytest.raises(RuleError, match="below 0"):
        _zeke_loses_to(table, "A flush of clubs", ("2c", "5c", "8c", "Jc", "Kc"),
                       (("Guts", 5),))
    table.do(TakeDifficulty(zeke, (("Guts", 2),)))
    who = table.state.character(zeke)
    assert who is not None and who.value(G) == 0 and who.on_last_leg
    # Zeke laid the high card A♠ and narrates without a bid; a point needs Chips: one
    # Chip is enough to bring him back to 1, and only one point comes back
    refused(table, RestorePoint("Guts"), "Narration")
    table.do(BidForNarration(((zeke, 1),)))
    table.do(RestorePoint("Guts"))
    refused(table, RestorePoint("Guts"), "Narration")
    who = table.state.character(zeke)
    assert who is not None and who.value(G) == 1 and who.chips == 2
    assert not who.on_last_leg


def test_bidding_for_narration(table: Table) -> None:
    _black_jacks_shootout(table)
    table.do(Draw(JACK.name, (), ()))
    table.do(Call(((JACK.name, ("3h", "3c", "7d", "7c", "Qd")),
                   ("Dealer", ("Ah", "Kd", "9s", "5c", "2d")))))
    refused(table, BidForNarration(((JACK.name, 5),)), "Narration")  # he has 4
    table.do(BidForNarration(((JACK.name, 2),)))
    conflict = table.state.conflict
    assert conflict is not None and conflict.narrator == JACK.name
    jack = table.state.character(JACK.name)
    assert jack is not None and jack.chips == 2


def test_the_narrators_point_is_only_of_difficulty_taken_in_the_conflict(table: Table) -> None:
    """Line 295: narration bought restores a point of the Difficulty the narrator suffered in
    the conflict. Black Jack wins and buys narration from the Dealer's A♥; he took none, so
    nothing is on offer, and the refusal says why (not that '' is no attribute). Once the
    narrator hands him a point of Heart, that point, and only an attribute he lost, comes
    back."""
    _black_jacks_shootout(table)
    table.do(Draw(JACK.name, (), ()))
    table.do(Call(((JACK.name, ("3h", "3c", "7d", "7c", "Qd")),
                   ("Dealer", ("Ah", "Kd", "9s", "5c", "2d")))))
    table.do(BidForNarration(((JACK.name, 1),)))
    conflict = table.state.conflict
    assert conflict is not None and resolution.restorable(conflict) == ()
    why = resolution.why_not_restore(table.state)
    assert why is not None and why.rule == "Narration"
    assert JACK.name in str(why) and "no Difficulty" in str(why)
    assert str(refused(table, RestorePoint("Guts"), "Narration")) == str(why)
    table.do(TakeDifficulty(JACK.name, (("Heart", 1),), by_narrator=True))
    conflict = table.state.conflict
    assert conflict is not None and resolution.restorable(conflict) == (Attribute.HEART,)
    assert resolution.why_not_restore(table.state) is None
    refused(table, RestorePoint("Guts"), "Narration")
    table.do(RestorePoint("Heart"))
    jack = table.state.character(JACK.name)
    assert jack is not None and jack.value(Attribute.HEART) == jack.rating(Attribute.HEART)


def test_folding(table: Table) -> None:
    table.do(OpenConflict("Ambush at the creek",
                          (Entrant(JACK.name, "escape", ("Hand", "Guts")),
                           Entrant(LUKE.name, "escape", ("Hand", "Guts"))), stud=7))
    table.do(Fold(JACK.name))
    assert table.state.conflict is not None
    table.do(Fold(LUKE.name))
    assert table.state.conflict is None
    assert [r.title for r in table.state.open_threads] == ["Ambush at the creek"]
    jack, luke = table.state.character(JACK.name), table.state.character(LUKE.name)
    assert jack is not None and luke is not None and (jack.chips, luke.chips) == (3, 5)


def test_who_folds_gets_no_stakes(table: Table) -> None:
    table.do(OpenConflict("The bank job",
                          (Entrant(JACK.name, "get the payroll", ("Hand", "Guts")),
                           Entrant(LUKE.name, "get the payroll", ("Hand", "Guts"))),
                          stud=7, stakes=2))
    table.do(Deal(((JACK.name, ("As", "Ad", "Ah", "Ks", "Kd")),
                   (LUKE.name, ("5c", "7d", "Tc", "Qs", "Js", "Th", "6h")),
                   ("Dealer", ("2c", "3d", "4h", "6s", "8c", "9d", "Jh")))))
    table.do(Fold(LUKE.name))  # a Chip: 6 to 5
    table.do(Call(((JACK.name, ("As", "Ad", "Ah", "Ks", "Kd")),
                   ("Dealer", ("Jh", "9d", "8c", "6s", "4h")))))
    table.do(EndConflict())
    jack, luke = table.state.character(JACK.name), table.state.character(LUKE.name)
    assert jack is not None and luke is not None and (jack.chips, luke.chips) == (6, 5)


def _ambush(table: Table) -> None:
    """Every player character folds: the conflict ends unresolved."""
    table.do(OpenConflict("Ambush at the creek",
                          (Entrant(JACK.name, "escape", ("Hand", "Guts")),), stud=7))
    table.do(Fold(JACK.name))


def test_an_open_thread_taken_up_again_closes_when_that_conflict_ends(table: Table) -> None:
    _ambush(table)
    refused(table, OpenConflict("Back at the creek", (Entrant(JACK.name, "escape",
                                                              ("Hand", "Guts")),),
                                stud=5, takes_up=7), "Open threads")
    table.do(OpenConflict("Back at the creek", (Entrant(JACK.name, "escape",
                                                        ("Hand", "Guts")),),
                          stud=5, takes_up=1))
    # still open while the second try is under way, and not closed by hand meanwhile
    assert [r.number for r in table.state.open_threads] == [1]
    refused(table, CloseThread(1, "the gang rode off"), "Open threads")
    table.do(Deal(((JACK.name, ("As", "Ad", "Kc", "7h", "2s")), ("Dealer", ("3c", "4d", "9h",
                                                                            "Js", "5c")))))
    table.do(Draw(JACK.name, (), ()))
    table.do(Call(((JACK.name, ("As", "Ad", "Kc", "7h", "2s")),
                   ("Dealer", ("3c", "4d", "9h", "Js", "5c")))))
    table.do(EndConflict())
    assert table.state.open_threads == ()
    assert table.state.past[0].closed == "taken up again in conflict 2"
    assert table.replayed() == table.state


def test_a_thread_taken_up_and_left_unresolved_again_is_the_one_open(table: Table) -> None:
    _ambush(table)
    table.do(OpenConflict("Back at the creek", (Entrant(JACK.name, "escape",
                                                        ("Hand", "Guts")),),
                          stud=5, takes_up=1))
    table.do(Fold(JACK.name))
    assert [r.number for r in table.state.open_threads] == [2]


def test_the_dealer_closes_an_abandoned_thread(table: Table) -> None:
    _ambush(table)
    refused(table, CloseThread(1, "  "), "Open threads")
    refused(table, CloseThread(2, "nobody cares"), "Open threads")
    (closed,) = table.do(CloseThread(1, "the gang rode off for Mexico"))
    assert RULES.describe(closed) == ("The open thread Ambush at the creek is closed: the "
                                      "gang rode off for Mexico")
    assert table.state.open_threads == ()
    refused(table, CloseThread(1, "again"), "Open threads")
    assert table.replayed() == table.state


def test_the_dealer_folds_only_with_an_important_npc(table: Table) -> None:
    _jack_vs_stud(table)
    refused(table, DealerFolds(), "Fold")
    table = Table()
    for sheet in (JACK, LUKE, TOM):
        table.do(MakeCharacter(sheet))
    table.do(OpenConflict("Long Tom's jail",
                          (Entrant(JACK.name, "spring Luke", ("Eye", "Heart")),
                           Entrant(LUKE.name, "get out", ("Hand", "Guts")),
                           Entrant(TOM.name, "keep them in", ("Hand", "Guts")))))
    table.do(DealerFolds())
    jack, luke = table.state.character(JACK.name), table.state.character(LUKE.name)
    assert jack is not None and luke is not None and (jack.chips, luke.chips) == (5, 7)
    assert table.state.open_threads[-1].title == "Long Tom's jail"


def test_the_road_to_hell(table: Table) -> None:
    zeke = ZEKE.name
    # Zeke's Guts falls to 0 in one conflict...
    table.do(OpenConflict("Bar fight", (Entrant(zeke, "win", ("Hand", "Eye")),), stud=5))
    table.do(Deal(((zeke, ("2s", "4d", "6h", "8h", "9s", "Jd", "Kh", "3d")),
                   ("Dealer", ("2c", "5c", "8c", "Jc", "Kc")))))
    table.do(Draw(zeke, (), ()))
    table.do(Call(((zeke, ("Kh", "Jd", "9s", "8h", "6h")),
                   ("Dealer", ("2c", "5c", "8c", "Jc", "Kc")))))
    table.do(TakeDifficulty(zeke, (("Guts", 3),)))
    table.do(EndConflict())
    refused(table, RecordFate(zeke, "dies"), "The Road to Hell")
    # ...and his next conflict with Guts is his last: the Devil rating counts for it, so
    # his player sets it for the session first
    table.do(SetDevilRating(zeke, 2))
    table.do(OpenConflict("Last stand", (Entrant(zeke, "go out fighting", ("Guts", "Hand")),
                                        ), stud=5))
    conflict = table.state.conflict
    assert conflict is not None and conflict.participants[0].cards_due == 2 + 5
    table.do(Deal(((zeke, ("2s", "4d", "6h", "8h", "9s", "Jd", "Ks")),
                   ("Dealer", ("As", "5c", "8c", "Jc", "Kc")))))
    # the Devil rating (2) adds to the Draw even without a Knack
    table.do(Draw(zeke, ("2s", "4d"), ("Qs", "Qd")))
    table.do(Call(((zeke, ("Qs", "Qd", "Ks", "Jd", "9s")),
                   ("Dealer", ("As", "5c", "8c", "Jc", "Kc")))))
    conflict = table.state.conflict
    assert conflict is not None and conflict.narrator == zeke  # at 0: he narrates
    refused(table, BidForNarration(((LUKE.name, 1),)), "The Road to Hell")
    table.do(EndConflict())
    who = table.state.character(zeke)
    assert who is not None and who.fate_due
    refused(table, OpenConflict("One more", (Entrant(zeke, "x", ("Hand", "Eye")),), stud=3),
            "The Road to Hell")
    refused(table, RecordFate(zeke, " "), "The Road to Hell")
    table.do(RecordFate(zeke, "rides off to Ohio and is never seen again"))
    who = table.state.character(zeke)
    assert who is not None and not who.in_play
    refused(table, OpenConflict("Later", (Entrant(zeke, "x", ("Hand", "Eye")),), stud=3),
            "The Road to Hell")


def jack_wins_the_recovery(table: Table) -> None:
    """Jack's pair of Aces beats the Dealer's three cards, and the conflict ends."""
    table.do(Deal(((JACK.name, ("Ah", "Ad", "2c", "3c", "4c", "9d", "Jh", "Qs")),
                   ("Dealer", ("5s", "6h", "8d")))))
    table.do(Draw(JACK.name, (), ()))
    table.do(Call(((JACK.name, ("Ah", "Ad", "Qs", "Jh", "9d")), ("Dealer", ("5s", "6h", "8d")))))
    table.do(EndConflict())


def test_session_end_recovers_all_but_zero(table: Table) -> None:
    test_lukes_difficulty_split(table)
    table.end_session()
    luke = table.state.character(LUKE.name)
    assert luke is not None and luke.values == luke.ratings
    table.start_session()
    refused(table, RuleCarryOver(False), "Recovery")
    table.do(RuleCarryOver(True))
    test_lukes_difficulty_split(table)
    table.end_session()
    luke = table.state.character(LUKE.name)
    assert luke is not None and luke.values == (3, 2, 3, 2)


def test_the_question_ending_a_session_offers_to_keep_the_damage_first(table: Table) -> None:
    # l.256: the Dealer may rule that damage carries over where the story gives no rest;
    # the question that ends the session, where he decides, said only what recovers
    test_lukes_difficulty_split(table)
    asked = RULES.before_session_ends(table.state)
    assert asked is not None and "(Damage carries over, on the Characters tab)" in asked
    table.do(RuleCarryOver(True))
    assert RULES.before_session_ends(table.state) is None  # ruled: nothing to offer
    table.end_session()
    assert RULES.before_session_ends(table.state) is None  # no session to end


def test_the_session_end_says_what_damage_it_leaves(table: Table) -> None:
    # what stays lost past a session's end (l.256-258): all of it when the Dealer rules it
    # carries over, an attribute at 0 always; the end of the session (and the recap, and
    # the question before it) says so, where a ruled carry-over said nothing at all
    table.do(RuleCarryOver(True))
    test_lukes_difficulty_split(table)
    table.end_session()
    assert RULES.describe(table.events[-2]) == (
        f"Session's end: the damage carries over, as the Dealer ruled: {LUKE.name} keeps "
        "1 Eye, 1 Guts, 1 Heart lost")
    assert table.state.character(LUKE.name).values == (3, 2, 3, 2)  # type: ignore[union-attr]
    table.start_session()
    table.do(OpenConflict("A second wild shot",
                          (Entrant(LUKE.name, "stay alive", ("Hand", "Eye")),), stud=5))
    table.do(Deal(((LUKE.name, ("2s", "4d", "6c", "8h", "9s")),
                   ("Dealer", ("5h", "5c", "5d", "3s", "2h")))))
    table.do(Call(((LUKE.name, ("2s", "4d", "6c", "8h", "9s")),
                   ("Dealer", ("5h", "5c", "5d", "3s", "2h")))))
    table.do(TakeDifficulty(LUKE.name, (("Heart", 2), ("Guts", 1))))
    table.do(EndConflict())
    table.end_session()
    assert [RULES.describe(e) for e in table.events[-3:-1]] == [
        f"Session's end: {LUKE.name} recovers 1 Eye, 2 Guts",
        f"Session's end: {LUKE.name} stays at 0 Heart, on the Road to Hell"]


def test_recovery_in_play(table: Table) -> None:
    test_lukes_difficulty_split(table)
    # Jack talks Luke round with his Lyin' (the Dealer rules it consoles)
    refused(table, OpenConflict("Doc's stitches", (Entrant(JACK.name, "patch Luke up",
                                                           ("Eye", "Heart"), knack="Lyin'"),),
                                stud=5, recovery=(LUKE.name, (("Guts", 1), ("Heart", 1)))),
            "Recovery")
    table.do(OpenConflict("Doc's stitches", (Entrant(JACK.name, "patch Luke up",
                                                     ("Eye", "Heart"), knack="Lyin'"),),
                          stud=3, recovery=(LUKE.name, (("Guts", 1), ("Heart", 1)))))
    jack_wins_the_recovery(table)
    luke = table.state.character(LUKE.name)
    assert luke is not None and luke.values == (3, 2, 4, 3)


def test_the_winners_card(table: Table) -> None:
    table.do(SetWinnerCard(True))
    refused(table, SetWinnerCard(True), "Optional rule")
    test_black_jacks_draw_and_call(table)
    table.do(OpenConflict("The shootout goes on", (Entrant(JACK.name, "get away", (
        "Guts", "Heart")),), stakes=1, stud=5, continues=True))
    conflict = table.state.conflict
    assert conflict is not None and conflict.participants[0].cards_due == 7


def test_a_player_buys_a_card_in_the_deal(table: Table) -> None:
    table.do(OpenConflict("Card game", (Entrant(JACK.name, "win", ("Eye", "Heart"),
                                               chip=True, trait=True),), stud=5))
    conflict = table.state.conflict
    jack = table.state.character(JACK.name)
    assert conflict is not None and jack is not None
    assert conflict.participants[0].cards_due == 10 and jack.chips == 3


def test_replay_gives_the_same_state(table: Table) -> None:
    test_zekes_flush_of_clubs_and_the_chip_that_restores_him(table)
    assert table.replayed() == table.state
    for event in table.events:
        assert RULES.describe(event)
    assert ZEKE.name in RULES.subjects(table.events[-1])


def test_the_dealer_buys_cards_with_chips_to_each_player(table: Table) -> None:
    table.do(OpenConflict("Long Tom's jail",
                          (Entrant(JACK.name, "spring Luke", ("Eye", "Heart")),
                           Entrant(TOM.name, "keep him in", ("Hand", "Guts"), chip=True)),
                          stud=5, stud_chip=True))
    conflict = table.state.conflict
    assert conflict is not None
    assert [p.cards_due for p in conflict.participants] == [8, 8, 6]
    jack, tom = table.state.character(JACK.name), table.state.character(TOM.name)
    assert jack is not None and jack.chips == 4 + 2
    assert tom is not None and tom.chips == 0


def test_a_character_whose_fate_is_due_buys_nothing_and_one_gone_takes_no_chips(
        table: Table) -> None:
    zeke = ZEKE.name
    test_the_road_to_hell(table)  # Zeke has ridden off: his fate is recorded
    refused(table, GiveChips(zeke, 1, "a round of drinks"), "The Road to Hell")
    table = Table()
    for sheet in (ZEKE, LUKE):
        table.do(MakeCharacter(sheet))
    table.start_session()
    _zeke_loses_to(table, "A flush", ("2c", "5c", "8c", "Jc", "Kc"), (("Guts", 3),))
    table.do(EndConflict())
    table.do(SetDevilRating(zeke, 2))
    table.do(OpenConflict("Last stand", (Entrant(zeke, "go out fighting", ("Guts", "Hand")),
                                        ), stud=3))
    table.do(Deal(((zeke, ("2s", "4d", "6h", "8h", "9s", "Jd", "Ks")),
                   ("Dealer", ("2c", "3d", "4h")))))
    table.do(Call(((zeke, ("Ks", "Jd", "9s", "8h", "6h")), ("Dealer", ("2c", "3d", "4h")))))
    table.do(EndConflict())
    assert table.state.character(zeke).fate_due  # type: ignore[union-attr]
    # the last conflict is over: the player records the fate; nothing more is bought
    for buy in (RaiseAttribute(zeke, "Hand"), RaiseKnack(zeke, "Ridin'"),
                BuyKnack(zeke, "Whittlin'")):
        refused(table, buy, "The Road to Hell")
    table.do(GiveChips(zeke, 1, "the bartender's pity"))  # Chips may still change hands


def test_the_chips_of_a_conflict_name_it() -> None:
    t = Table()
    t.do(MakeCharacter(JACK))
    _jack_vs_stud(t)
    t.do(Deal(((JACK.name, ("As", "Ad", "Kc", "7h", "2s", "8d")),
               ("Dealer", ("3c", "4d", "9h", "Js", "5c")))))
    drawn, paid = t.do(Draw(JACK.name, ("2s",), ("2h",), chip=True))
    assert drawn.data["title"] == paid.data["title"] == "Shootout at the cliff"


# -- what may be done now: a key's refusal is the command's --------------------------------


def _asked(state: DustDevilsState) -> list[tuple[RuleError | None, object]]:
    """Each rule's why_not_x with a command it stops: when the rule refuses now, the
    command is refused with the very same words."""
    asked: list[tuple[RuleError | None, object]] = [
        (steps.why_not_open(state), OpenConflict("Later", ())),
        (steps.why_not_deal(state), Deal(())),
        (steps.why_not_call(state), Call(())),
        (steps.why_not_fold(state), Fold("Nobody")),
        (steps.why_not_dealer_folds(state), DealerFolds()),
        (resolution.why_not_bid(state), BidForNarration(())),
        (resolution.why_not_restore(state), RestorePoint("Guts")),
        (resolution.why_not_end(state), EndConflict()),
        (rules.why_not_carry_over(state), RuleCarryOver(not state.carry_over)),
    ]
    for who in state.characters:
        asked += [
            (rules.why_not_devil(state, who.name), SetDevilRating(who.name, 2)),
            (rules.why_not_give(state, who.name), GiveChips(who.name, 1, "a reward")),
            (rules.why_not_spend(state, who.name), BuyKnack(who.name, "Whittlin'")),
            (rules.why_not_fate(state, who.name), RecordFate(who.name, "dies")),
        ]
    return asked


def test_every_step_refused_now_is_refused_by_the_rules_in_the_same_words(
        tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for, writable=False)
    refusals = 0
    try:
        for seq in range(len(campaign.events) + 1):
            state = campaign.replay(seq).state
            for refusal, command in _asked(state):
                if refusal is None:
                    continue
                refusals += 1
                with pytest.raises(RuleError) as decided:
                    RULES.decide(state, command)
                assert (decided.value.rule, decided.value.message) == (
                    refusal.rule, refusal.message), command
    finally:
        campaign.close()
    assert refusals > 100


# -- found by tests/dust_devils/test_fuzz_deep.py: input that was dropped without a word ------


def test_the_patient_of_a_recovery_keeps_its_sheet_until_the_recovery_ends(
        table: Table) -> None:
    """The points a recovery hopes for are the patient's: renamed mid-recovery, the healer's
    win restored nobody. The patient's sheet is corrected once the recovery is over."""
    test_lukes_difficulty_split(table)
    table.do(OpenConflict("Doc's stitches", (Entrant(JACK.name, "patch Luke up",
                                                     ("Eye", "Heart"), knack="Lyin'"),),
                          stud=3, recovery=(LUKE.name, (("Guts", 1),))))
    assert rules.why_not_change(table.state, LUKE.name) is not None
    refused(table, ChangeCharacter(LUKE.name, replace(LUKE, name="Luke J.")), "Characters")
    jack_wins_the_recovery(table)
    luke = table.state.character(LUKE.name)
    assert luke is not None and luke.value(G) == 4
    table.do(ChangeCharacter(LUKE.name, replace(LUKE, name="Luke J.")))


def test_a_winner_renamed_keeps_the_winners_card(table: Table) -> None:
    """The optional card more goes to the winners of the conflict just called, whatever
    their sheets are called by the time the next one goes on from it."""
    table.do(SetWinnerCard(True))
    test_black_jacks_draw_and_call(table)
    table.do(ChangeCharacter(JACK.name, replace(JACK, name="Jack Kerrigan")))
    assert table.state.last_winners == ("Jack Kerrigan",)
    table.do(OpenConflict("The shootout goes on", (Entrant("Jack Kerrigan", "get away", (
        "Guts", "Heart")),), stakes=1, stud=5, continues=True))
    conflict = table.state.conflict
    assert conflict is not None and conflict.participants[0].won_last


def test_an_attribute_named_twice_in_a_split_is_refused(table: Table) -> None:
    """A loser's Difficulty, the narrator's, and the points a recovery hopes for each name
    an attribute once: "Guts 2, guts 1" kept only the one point."""
    _zeke_loses_to_three_fives(table)
    error = refused(table, TakeDifficulty(ZEKE.name, (("Guts", 2), ("guts", 1))),
                    "Difficulty")
    assert error.field == "split"
    refused(table, TakeDifficulty(JACK.name, (("Hand", 1), ("Hand", 1)), by_narrator=True),
            "Difficulty")
    table.do(TakeDifficulty(ZEKE.name, (("Guts", 2), ("Heart", 1))))
    table.do(TakeDifficulty(JACK.name, (("Eye", 2), ("Heart", 1))))
    table.do(EndConflict())
    refused(table, OpenConflict("Doc's stitches", (Entrant(JACK.name, "patch Zeke up",
                                                           ("Eye", "Heart"), knack="Lyin'"),),
                                stud=3, recovery=(ZEKE.name, (("Guts", 1), ("Guts", 1)))),
            "Recovery")


def _zeke_loses_to_three_fives(table: Table) -> None:
    """Zeke and Jack against a stud hand's three fives (clubs, hearts, diamonds)."""
    table.do(OpenConflict("Three fives", (Entrant(ZEKE.name, "walk out", ("Hand", "Eye")),
                                          Entrant(JACK.name, "walk out", ("Hand", "Eye"))),
                          stud=5))
    table.do(Deal(((ZEKE.name, ("As", "Kd", "9h", "7s", "4d", "3h", "2s", "Qh")),
                   (JACK.name, ("Ac", "Kh", "9c", "7d", "4s", "3d", "Qd")),
                   ("Dealer", ("5h", "5c", "5d", "Js", "2h")))))
    table.do(Call(((ZEKE.name, ("As", "Kd", "Qh", "9h", "7s")),
                   (JACK.name, ("Ac", "Kh", "Qd", "9c", "7d")),
                   ("Dealer", ("5h", "5c", "5d", "Js", "2h")))))


def test_a_hand_or_a_bid_given_twice_or_for_no_hand_is_refused(table: Table) -> None:
    """Each hand in the conflict is dealt once and lays once; a bid is each player's once.
    A second entry for one hand, or a lay for a hand that is not in the conflict (or
    folded), used to be dropped without a word."""
    table.do(OpenConflict("Card game", (Entrant(JACK.name, "win", ("Eye", "Heart")),
                                        Entrant(LUKE.name, "win", ("Eye", "Heart"))),
                          stud=5))
    jack = ("3h", "3c", "7d", "7c", "9d", "Qd", "4s", "2h")
    luke = ("As", "Kd", "9h", "7s", "4d", "3d")
    dealer = ("5h", "5c", "5d", "Js", "2c")
    error = refused(table, Deal(((JACK.name, jack), (LUKE.name, luke), ("Dealer", dealer),
                                 (JACK.name, jack))), "The Deal")
    assert error.field == "hands"
    table.do(Deal(((JACK.name, jack), (LUKE.name, luke), ("Dealer", dealer))))
    table.do(Fold(LUKE.name))
    lays = ((JACK.name, best_lay(jack)), ("Dealer", dealer))
    assert refused(table, Call((*lays, (JACK.name, best_lay(jack)))), "The Call").field \
        == "lays"
    assert refused(table, Call((*lays, (LUKE.name, best_lay(luke)))), "The Call").field \
        == "lays"
    refused(table, Call((*lays, ("Nobody", ()))), "The Call")
    table.do(Call(lays))
    error = refused(table, BidForNarration(((JACK.name, 1), (JACK.name, 2))), "Narration")
    assert error.field == "bids"


def test_a_name_the_table_cannot_tell_apart_is_refused(table: Table) -> None:
    # "zeke munroe" typed for a new sheet is Zeke Munroe said aloud: a second character of
    # that name split his log and his notes from the first's. And a character called "the
    # Dealer" or "dealer" reads as the stud hand in every line the log and the screens say
    # of it ("High card A♣ laid by the Dealer")
    # nor a name that differs by a character nobody sees, or by wide letters, journaled by
    # another program than the form
    for name in ("zeke munroe", "ZEKE MUNROE ", "dealer", "the Dealer", "The dealer",
                 "Zeke\u200b Munroe", "Ｚｅｋｅ Munroe", "the Deal\u00ader"):
        error = refused(table, MakeCharacter(replace(TOM, name=name)), "Characters")
        assert error.field == "name"
    error = refused(table, ChangeCharacter(TOM.name, replace(TOM, name="Zeke munroe")),
                    "Characters")
    assert ZEKE.name in str(error)
    # a character may still have his own name's case corrected
    table.do(ChangeCharacter(TOM.name, replace(TOM, name='"long" Tom Meredith')))
    assert table.state.character('"long" Tom Meredith') is not None


def test_a_knack_named_with_a_comma_is_refused(table: Table) -> None:
    # the sheet form lists Knacks by commas ("Shootin' 4, Drinkin' 1"): Jim's new Knack
    # "Readin', Writin'" came back on it as "Readin'" with no rating, and the Dealer could
    # correct nothing else on Jim's sheet until he renamed it there
    table.do(GiveChips(JIM.name, 2, "a windfall"))
    error = refused(table, BuyKnack(JIM.name, "Readin', Writin'"), "Knacks")
    assert error.field == "knack" and "comma" in str(error)
    refused(table, MakeCharacter(replace(TOM, name="Deputy Hob", knacks=(
        ("Shootin', Ridin'", 2),))), "Knacks")
    table.do(BuyKnack(JIM.name, "Readin' and Writin'"))


def test_a_card_thrown_or_laid_that_is_not_held_is_named(table: Table) -> None:
    # a Dealer who typed 2♦ for a card of Jack's read only that Jack "lays only cards in
    # the hand", and looked through seven cards for the one he had mistyped
    _black_jacks_shootout(table)
    error = refused(table, Draw(JACK.name, ("9d", "2d"), ("3d", "Ks"), knack="Shootin'"),
                    "The Draw")
    assert "2♦" in str(error) and "9♦" not in str(error) and error.field == "discards"
    table.do(Draw(JACK.name, ("9d", "Qd"), ("3d", "Ks"), knack="Shootin'"))
    error = refused(table, Call(((JACK.name, ("7d", "7c", "3h", "3d", "Qd")),
                                 ("Dealer", ("Ah", "Kd", "9s", "5c", "2d")))), "The Call")
    assert "Q♦" in str(error) and "7♦" not in str(error) and error.field == JACK.name


def test_chips_given_or_written_at_once_are_a_table_s_few(table: Table) -> None:
    # the book's Chips come a few at a time (a small number to start, Stakes of one to
    # three): a Dealer's slip of the keys ("99999999999999999999" for 9) closed the form
    # with "TOML integers are 64-bit", naming no rule nor field, and lost what was typed
    for chips in (100, -100, 10**20):
        error = refused(table, GiveChips(JIM.name, chips, "a windfall"), "Chips")
        assert error.field == "chips" and "99" in str(error)
    error = refused(table, MakeCharacter(replace(JIM, name="Rich Jim", chips=10**20)),
                    "Chips")
    assert error.field == "chips"
    table.do(GiveChips(JIM.name, 99, "the railroad's whole payroll"))
    table.do(MakeCharacter(replace(JIM, name="Rich Jim", chips=99)))


def test_a_step_taken_at_the_wrong_moment_is_refused_under_its_own_rule(table: Table) -> None:
    # every step out of its moment was refused as "Conflict": the Dealer pressing d at the
    # Draw read "Conflict: that is not a step of the Draw", not which step it was
    steps_now = {  # the step's refusal and the rule it names, whatever the moment
        "The Deal": (steps.why_not_deal, Deal(())),
        "The Draw": (steps.why_not_draw, Draw(JACK.name, (), ())),
        "The Call": (steps.why_not_call, Call(())),
        "Fold": (steps.why_not_fold, Fold(JACK.name)),
        "Narration": (resolution.why_not_bid, BidForNarration(())),
        "Difficulty": (resolution.why_not_difficulty, TakeDifficulty(JACK.name, ())),
        "Stakes": (resolution.why_not_end, EndConflict()),
    }
    assert resolution.why_not_restore(table.state) == RuleError(
        "Narration", "no conflict is under way; set one up first")
    assert resolution.why_not_narrator_difficulty(table.state) == RuleError(
        "Difficulty", "no conflict is under way; set one up first")
    assert steps.why_not_dealer_folds(table.state) == RuleError(
        "Fold", "no conflict is under way; set one up first")
    for rule, (why_not, command) in steps_now.items():  # no conflict under way
        assert why_not(table.state) == RuleError(rule, "no conflict is under way; set one "
                                                 "up first"), rule
        refused(table, command, rule)
    table.do(OpenConflict("The bank job",
                          (Entrant(JACK.name, "get the payroll", ("Hand", "Guts")),),
                          stud=7, stakes=2))
    told = {rule: why_not(table.state) for rule, (why_not, _) in steps_now.items()}
    assert {rule: (r.rule, r.message) for rule, r in told.items() if r is not None} == {
        "The Draw": ("The Draw", "not yet: the conflict is at the Deal"),
        "The Call": ("The Call", "not yet: the conflict is at the Deal"),
        "Narration": ("Narration", "not yet: the conflict is at the Deal"),
        "Difficulty": ("Difficulty", "not yet: the conflict is at the Deal"),
        "Stakes": ("Stakes", "not yet: the conflict is at the Deal"),
    }
    table.do(Deal(((JACK.name, ("As", "Ad", "Ah", "Ks", "Kd")),
                   ("Dealer", ("2c", "3d", "4h", "6s", "8c", "9d", "Jh")))))
    assert steps.why_not_deal(table.state) == RuleError(
        "The Deal", "that is over: the conflict is at the Draw")
    refused(table, Deal(()), "The Deal")
    refused(table, EndConflict(), "Stakes")
