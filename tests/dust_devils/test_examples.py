"""The book's worked examples played through the decider with their own cards and numbers,
where the other test files prove them only through the engine's arithmetic: McCreedy's
traits (line 71), Zeke's Devil at the saloon (lines 119-121), and every hand of the Poker
Hands page (lines 721-732) laid at a Call. Line numbers are lines of
../shared/seeds/000_cbff6e1e13229b59.txt."""

from __future__ import annotations

import pytest

from gmscreen.core.cards import cards_from_codes
from gmscreen.core.poker import Category, evaluate
from gmscreen.games.dust_devils import RULES, view
from gmscreen.games.dust_devils.call import difficulty_attributes, difficulty_points
from gmscreen.games.dust_devils.commands import (
    Call,
    Deal,
    Draw,
    EndConflict,
    Entrant,
    MakeCharacter,
    OpenConflict,
    SetDevilRating,
    Sheet,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.sample import LUKE, NON_PLAYERS, PLAYERS, ZEKE
from gmscreen.games.dust_devils.sheet import ATTRIBUTES, Attribute
from tests.dust_devils.game import Table
from tests.dust_devils.test_rules import refused

H, E, G, R = Attribute.HAND, Attribute.EYE, Attribute.GUTS, Attribute.HEART

#: Dylan "Bang" McCreedy, as the book's examples tell of him (lines 71, 182, 285)
MCCREEDY = Sheet('Dylan "Bang" McCreedy', player=True, ratings=(5, 3, 3, 2),
                 knacks=(("Drinkin'", 3), ("Blastin'", 4), ("Ridin'", 4)),
                 traits=("Strong as an ox", "Crazier than popcorn on a hot stove"),
                 devil="Dynamite and no sense", devil_rating=2)


@pytest.fixture
def table() -> Table:
    t = Table()
    for sheet in (*PLAYERS, *NON_PLAYERS, MCCREEDY):
        t.do(MakeCharacter(sheet))
    t.start_session()
    return t


def _dealt(table: Table, *entrants: Entrant, stud: int = 5) -> list[int]:
    """The cards each entrant would be dealt, as the decider counts them."""
    (opened,) = RULES.decide(table.state, OpenConflict("A conflict", entrants, stud=stud))
    return [e["cards"] for e in opened.data["entrants"][:len(entrants)]]


def test_mccreedys_traits_each_earn_him_one_card(table: Table) -> None:
    # strong as an ox, he heaves his fallen horse off himself: Hand 5 + Guts 3 and one card
    # for the trait that fits (line 71)
    horse = Entrant(MCCREEDY.name, "get out from under his horse", ("Hand", "Guts"))
    assert _dealt(table, horse) == [5 + 3]
    assert _dealt(table, Entrant(**{**horse.__dict__, "trait": True})) == [5 + 3 + 1]
    # a lit stick of dynamite in each hand: crazy fits, one card for it too
    bank = Entrant(MCCREEDY.name, "rob the bank", ("Guts", "Heart"), trait=True)
    assert _dealt(table, bank) == [3 + 2 + 1]
    # a character with no trait on its sheet has none to fit
    doc = Sheet('"Doc" Samuelson', player=False, ratings=(2, 4, 2, 2),
                knacks=(("Doctorin'", 3),), devil="Lost a patient to laudanum",
                devil_rating=1)
    table.do(MakeCharacter(doc))
    fight = (horse, Entrant(doc.name, "keep him in bed", ("Eye", "Heart"), trait=True))
    error = refused(table, OpenConflict("Out of bed", fight, stud=3), "Traits")
    assert error.field == "trait"
    assert _dealt(table, horse, Entrant(doc.name, "keep him in bed", ("Eye", "Heart")),
                  stud=3) == [5 + 3, 4 + 2]


def test_zekes_devil_costs_him_two_cards_with_sally_and_gives_two_in_the_brawl(
        table: Table) -> None:
    # Zeke's player sets his Devil, a mean drunk, at 2 for the session (line 119)
    table.do(SetDevilRating(ZEKE.name, 2))
    # half drunk, he sweet-talks Sally: Heart 2 + Eye 3, two cards fewer
    sally = Entrant(ZEKE.name, "take Sally upstairs", ("Heart", "Eye"), devil=-2)
    assert _dealt(table, sally) == [2 + 3 - 2]
    # the same whiskey walks him through the brawl: Hand 5 + Guts 3, two cards more (121)
    brawl = Entrant(ZEKE.name, "cross the saloon", ("Hand", "Guts"), devil=+2)
    assert _dealt(table, brawl) == [5 + 3 + 2]
    # the Devil moves the Deal by its rating, not by a part of it
    refused(table, OpenConflict("Sally", (Entrant(
        ZEKE.name, "take Sally upstairs", ("Heart", "Eye"), devil=-1),), stud=5),
        "The Devil's due")
    table.do(OpenConflict("Sally at the Red Roof", (sally,), stud=5))
    conflict = table.state.conflict
    assert conflict is not None and conflict.participants[0].cards_due == 3


#: the Poker Hands page's examples (lines 721-729), made five cards with odd cards where
#: the example shows fewer: the category, the points it deals, the attributes it hits
POKER_PAGE = [
    ("Td Jd Qd Kd Ad", Category.ROYAL_FLUSH, 5, (E,)),
    ("5c 6c 7c 8c 9c", Category.STRAIGHT_FLUSH, 5, (G,)),
    ("As 2s 3s 4s 5s", Category.STRAIGHT_FLUSH, 5, (H,)),  # the ace low (line 722)
    ("Qc Qd Qh Qs 2c", Category.FOUR_OF_A_KIND, 4, (H, E, G, R)),
    ("Jc Jh Js 9d 9h", Category.FULL_HOUSE, 5, (H, E, G, R)),
    ("3s 6s 7s Ts Qs", Category.FLUSH, 5, (H,)),
    ("6c 7d 8s 9h Ts", Category.STRAIGHT, 5, (H, E, G, R)),
    ("Ac Ah As 2d 3c", Category.THREE_OF_A_KIND, 3, (H, G, R)),
    ("Ac Ad 8h 8s 2c", Category.TWO_PAIR, 4, (H, E, G, R)),
    ("5d 5h 2c 9s Kc", Category.PAIR, 2, (E, R)),
]
#: high-card hands for the loser, the first one clear of the Dealer's cards is used
LOSERS = ("2h 4d 7c 9s Jh", "2d 4h 6s Tc Kd")


@pytest.mark.parametrize(("laid", "category", "points", "hit"), POKER_PAGE,
                         ids=[h.replace(" ", "-") for h, _, _, _ in POKER_PAGE])
def test_each_hand_of_the_poker_page_wins_a_call_and_deals_its_difficulty(
        table: Table, laid: str, category: Category, points: int,
        hit: tuple[Attribute, ...]) -> None:
    dealer = tuple(laid.split())
    zeke = next(tuple(h.split()) for h in LOSERS if not set(h.split()) & set(dealer))
    table.do(OpenConflict("The poker page", (
        Entrant(ZEKE.name, "stand his ground", ("Heart", "Eye")),), stud=5))
    table.do(Deal(((ZEKE.name, zeke), ("Dealer", dealer))))
    table.do(Call(((ZEKE.name, zeke), ("Dealer", dealer))))
    conflict = table.state.conflict
    assert conflict is not None and conflict.winners == ("Dealer",)
    winning = evaluate(cards_from_codes(conflict.combination))
    assert winning.category is category
    assert (difficulty_points(winning), difficulty_attributes(winning)) == (points, hit)
    if category is Category.STRAIGHT_FLUSH and "As" in dealer:
        # the wheel's high card is its five (line 722): Zeke's jack narrates over it
        assert conflict.narrator == ZEKE.name
    # Zeke places what his hit attributes hold, up to the points; nothing elsewhere
    before = table.state.character(ZEKE.name)
    assert before is not None
    asked = view.difficulty_asked(table.state)
    due = min(points, sum(before.value(a) for a in hit))
    assert asked.title == f"{ZEKE.name} loses {due} point{'s' * (due != 1)}"
    spared = [a for a in ATTRIBUTES if a not in hit]
    if spared:
        refused(table, TakeDifficulty(ZEKE.name, ((spared[0].value, 1),)), "Difficulty")
    table.do(TakeDifficulty(ZEKE.name, tuple((a.value, n) for a, n in asked.split.items())))
    after = table.state.character(ZEKE.name)
    assert after is not None
    lost = [b - a for b, a in zip(before.values, after.values, strict=True)]
    assert sum(lost) == due
    assert all(lost[ATTRIBUTES.index(a)] == 0 for a in spared)


def _zeke_loses_to_the_full_house(table: Table, split: tuple[tuple[str, int], ...]) -> None:
    dealer = ("Jc", "Jh", "Js", "9d", "9h")
    table.do(OpenConflict("The full house", (
        Entrant(ZEKE.name, "stand his ground", ("Hand", "Eye")),), stud=5))
    table.do(Deal(((ZEKE.name, ("2h", "4d", "7c", "9s", "Qh", "3d", "5s", "8c")),
                   ("Dealer", dealer))))
    table.do(Call(((ZEKE.name, ("Qh", "9s", "8c", "7c", "5s")), ("Dealer", dealer))))
    table.do(TakeDifficulty(ZEKE.name, split))
    table.do(EndConflict())


def test_lukes_three_points_may_all_come_off_one_attribute(table: Table) -> None:
    # three fives of hearts, clubs and diamonds: all three points off his Heart (line 244)
    fives = ("5h", "5c", "5d", "3s", "2h")
    table.do(OpenConflict("A rival's wild shot", (
        Entrant(LUKE.name, "stay alive", ("Guts", "Hand")),), stud=5))
    table.do(Deal(((LUKE.name, ("4s", "6d", "8c", "9s", "Jd", "Kc", "Qh")),
                   ("Dealer", fives))))
    table.do(Call(((LUKE.name, ("Kc", "Qh", "Jd", "9s", "8c")), ("Dealer", fives))))
    table.do(TakeDifficulty(LUKE.name, (("Heart", 3),)))
    luke = table.state.character(LUKE.name)
    assert luke is not None and luke.values == (3, 3, 4, 0) and luke.on_last_leg


@pytest.mark.parametrize(("points", "stud"), [(1, 3), (2, 3), (3, 5), (4, 5), (5, 7)])
def test_the_recovery_table_sets_the_dealers_hand(table: Table, points: int,
                                                  stud: int) -> None:
    # a full house takes five of Zeke's points (Hand 5 to 0 would end him: spread them);
    # his own Drinkin' brings them back against the stud hand the table names (264-279)
    _zeke_loses_to_the_full_house(table, (("Hand", 3), ("Eye", 1), ("Guts", 1)))
    back = (("Hand", 3), ("Eye", 1), ("Guts", 1))
    hoped: list[tuple[str, int]] = []
    for name, n in back:
        take = min(n, points - sum(k for _, k in hoped))
        if take:
            hoped.append((name, take))

    def whiskey(size: int) -> OpenConflict:
        return OpenConflict("Whiskey", (Entrant(ZEKE.name, "feel himself again", (
            "Hand", "Eye"), knack="Drinkin'"),), stud=size, recovery=(ZEKE.name, tuple(hoped)))

    for other in {3, 5, 7} - {stud}:
        refused(table, whiskey(other), "Recovery")
    table.do(whiskey(stud))
    dealer = ("2c", "3s", "6h", "8d", "Tc", "4h", "7s")[:stud]
    zeke = ("As", "Ad", "Kc", "Qd")  # Hand 2 + Eye 2 now
    table.do(Deal(((ZEKE.name, zeke), ("Dealer", dealer))))
    table.do(Call(((ZEKE.name, zeke), ("Dealer", dealer[:5]))))
    table.do(EndConflict())
    who = table.state.character(ZEKE.name)
    assert who is not None and sum(who.values) == 13 - 5 + points


def _zeke_loses_to_a_flush(table: Table, title: str, flush: tuple[str, ...],
                           attribute: str, points: int) -> None:
    table.do(OpenConflict(title, (Entrant(ZEKE.name, "win", ("Hand", "Eye")),), stud=5))
    zeke = ("2s", "4d", "6h", "8s", "9s", "Jd", "Ks", "3d")
    table.do(Deal(((ZEKE.name, zeke), ("Dealer", flush))))
    table.do(Call(((ZEKE.name, ("Ks", "Jd", "9s", "8s", "6h")), ("Dealer", flush))))
    table.do(TakeDifficulty(ZEKE.name, ((attribute, points),)))
    table.do(EndConflict())


def test_both_attributes_at_zero_deal_twice_the_devil_and_draw_it_once(table: Table) -> None:
    # Guts and Heart both at 0: twice the Devil rating in the Deal, and the rating once
    # more in the Draw beside the Knack's (lines 321-325)
    _zeke_loses_to_a_flush(table, "Clubs", ("2c", "5c", "8c", "Jc", "Kc"), "Guts", 3)
    _zeke_loses_to_a_flush(table, "Hearts", ("2h", "5h", "8h", "Jh", "Kh"), "Heart", 2)
    table.do(SetDevilRating(ZEKE.name, 2))
    table.do(OpenConflict("The whiskey and the woman in Ohio", (Entrant(
        ZEKE.name, "put the bottle down", ("Guts", "Heart"), trait=True),), stud=5))
    conflict = table.state.conflict
    assert conflict is not None and conflict.participants[0].at_zero
    assert conflict.participants[0].cards_due == 2 * 2 + 1  # and mean as a sheared sheep
    zeke = ("2c", "7d", "9h", "Qs", "3h")
    table.do(Deal(((ZEKE.name, zeke), ("Dealer", ("3c", "4d", "6h", "8s", "Td")))))
    # no Knack named: the Devil's 2 alone; with his Drinkin' 3 beside it, all five
    refused(table, Draw(ZEKE.name, zeke[:3], ("As", "Ad", "Ah")), "The Draw")
    table.do(Draw(ZEKE.name, zeke, ("As", "Ad", "Ah", "Ac", "Ks"), knack="Drinkin'"))
    drawn = table.state.conflict
    assert drawn is not None and drawn.participants[0].hand == ("As", "Ad", "Ah", "Ac", "Ks")
