"""The book's tables, as our data files hold them, and the arithmetic built on them."""

from __future__ import annotations

import pytest

from gmscreen.games.fistful.between import settle_bill
from gmscreen.games.fistful.characters import (
    Item,
    advanced,
    equipment_text,
    npc_attributes,
    parse_equipment,
    price,
    quick_draw,
    resale,
    xp_for,
)
from gmscreen.games.fistful.harm import (
    ammunition_spent,
    damage,
    in_reach,
    initiative,
    morale_breaks,
    morale_dice,
    rest,
)
from gmscreen.games.fistful.odds import Result
from gmscreen.games.fistful.tables import (
    carousing_table,
    out_of_action_table,
    price_categories,
    reaction_table,
    wanted_chart,
    weapons,
)
from gmscreen.games.fistful.wanted import (
    after_crime,
    after_deal,
    after_time_served,
    band,
    bands_reached,
    chart_entry,
    pay_off_cost,
)
from gmscreen.journal.rules import RuleError


def test_every_weapon_of_the_book():
    table = {key: (w.add, w.times, w.reach) for key, w in weapons().items()}
    assert table == {
        "improvised": (0, 1, None), "fist": (-1, 1, None), "knife": (1, 1, "Nearby"),
        "axe": (2, 1, "Nearby"), "spear": (2, 1, "Faraway"), "bow": (2, 1, "Faraway"),
        "derringer": (1, 1, "Nearby"), "revolver": (2, 1, "Faraway"),
        "rifle": (3, 1, "Distant"), "shotgun": (0, 3, "Nearby"), "dynamite": (0, 5, "Nearby"),
        # priced by the book with no numbers: readings (test_nothing_on_paper)
        "sword": (2, 1, None), "gatling": (3, 1, "Distant")}
    assert {k for k, w in weapons().items() if w.quickdraw} == {"derringer", "revolver"}
    assert {k for k, w in weapons().items() if w.thrown} == {"knife", "axe", "spear",
                                                               "dynamite"}


@pytest.mark.parametrize(("weapon", "stakes", "band", "cover", "guts"), [
    ("fist", 3, "Close", "none", 2),         # a die each, less one
    ("revolver", 4, "Nearby", "none", 6),    # +2
    ("revolver", 4, "Faraway", "none", 3),   # halved at its farthest band
    ("rifle", 5, "Faraway", "light", 6),     # 8, light cover -2
    ("rifle", 5, "Nearby", "hard", 4),       # 8, hard cover -4
    ("shotgun", 3, "Close", "none", 9),      # x3
    ("shotgun", 3, "Nearby", "none", 4),     # x3 halved (rounded down)
    ("dynamite", 2, "Close", "none", 10),    # x5
    ("fist", 1, "Close", "none", 0),         # never below 0
])
def test_damage(weapon, stakes, band, cover, guts):
    assert damage(stakes, weapons()[weapon], band, cover) == guts


def test_reach():
    assert in_reach(weapons()["rifle"], "Distant")
    assert not in_reach(weapons()["revolver"], "Distant")
    assert not in_reach(weapons()["fist"], "Nearby")


def test_prices_by_category():
    categories = price_categories()
    assert {n: (c.dice, c.times) for n, c in categories.items()} == {
        "Incidental": (0, 1), "Common": (1, 1), "Boutique": (2, 5), "Bespoke": (4, 10)}
    assert price("Boutique", (3, 4), 5, 0) == 35
    assert price("Boutique", (3, 4, 6, 6), 5, 0) == 95  # a rifle: rolled twice
    assert price("Bespoke", (1, 2, 3, 4), 10, 0) == 100
    assert price("Incidental", (), 1, 1) == 1
    assert resale(35) == 17


def test_out_of_action_table():
    table = out_of_action_table()
    assert [(f, m.stress, m.lower, m.dead) for f, m in sorted(table.items())] == [
        (1, 0, None, False), (2, 1, None, False), (3, 1, "gumption", False),
        (4, 1, "grit", False), (5, 1, "grace", False), (6, 0, None, True)]


#: the book's names of the entries of its tables (a Judge reads them aloud), by roll
BOOK_NAMES = {
    "out of action": {1: "Knocked out", 2: "Battered Noggin", 3: "Nasty head wound",
                      4: "Maimed", 5: "Disfigured", 6: "Dead"},
    "carousing": {1: "Winner Winner Chicken Dinner!", 2: "Secrets revealed",
                  3: "Truth Comes Out", 4: "Drunken Brawl", 5: "Drunk and Disorderly",
                  6: "Wanted"},
    # 11 and 12 have no name in the book, only what the NPC does
    "reaction": {2: "Fearful/awed", 3: "Helpful", 4: "Opportunistic", 5: "Mistaken",
                 6: "Cautious", 7: "Suspicious", 8: "Guarded", 9: "Calls for reinforcements",
                 10: "Devious"},
    "wanted chart": {2: "Is that them?", 3: "Howdy!", 4: "Do I know you?",
                     5: "I've seen you before!", 6: "Well ain't this Fortunate?",
                     7: "Ambush!", 8: "An offer.", 9: "Hunted.", 10: "A trade.",
                     11: "Caught!", 12: "Manhunt."},
}


def test_the_tables_name_their_entries_as_the_book_does():
    names = {
        "out of action": {f: m.name for f, m in out_of_action_table().items()},
        "carousing": {f: name for f, (name, _) in carousing_table().items()},
    }
    assert names == {k: BOOK_NAMES[k] for k in names}
    for table, entries in (("reaction", reaction_table()), ("wanted chart", wanted_chart())):
        for roll, name in BOOK_NAMES[table].items():
            # the name, then our own words of what it means
            assert entries[roll].startswith(name + (" " if name[-1] in ".!?" else ": ")), (
                table, roll, entries[roll])
    assert weapons()["improvised"].name == "Improvised weapon"
    assert (weapons()["bow"].note, weapons()["dynamite"].note) == ("quiet", "area effect")


def test_the_carousing_and_reaction_tables_have_every_roll():
    assert sorted(carousing_table()) == [1, 2, 3, 4, 5, 6]
    assert sorted(reaction_table()) == list(range(2, 13))
    assert sorted(wanted_chart()) == list(range(2, 13))


@pytest.mark.parametrize(("hour", "first"), [(1, 1), (3, 1), (4, 4), (5, 4), (6, 6), (7, 6),
                                             (8, 8), (9, 8), (10, 10), (11, 10), (12, 12)])
def test_the_populace_bands(hour, first):
    assert band(hour).first == first


def test_the_bands_add_up_as_the_clock_fills():
    assert [b.first for b in bands_reached(6)] == [6, 4, 1]
    assert [b.first for b in bands_reached(3)] == [1]
    assert [b.first for b in bands_reached(12)] == [12, 10, 8, 6, 4, 1]


def test_the_wanted_chart_rolls_at_most_the_hour():
    assert chart_entry(7, (3, 4)) == wanted_chart()[7]
    assert chart_entry(7, (4, 4)) is None
    assert chart_entry(11, (6, 5)) == wanted_chart()[11]
    with pytest.raises(RuleError, match="High Noon"):
        chart_entry(12, (1, 1))


def test_the_clock_arithmetic_of_the_book():
    assert pay_off_cost(6) == 60  # the book's example: $60 from 6 to 5 o'clock
    with pytest.raises(RuleError, match="9 and up"):
        pay_off_cost(9)
    with pytest.raises(RuleError, match="below 1"):
        pay_off_cost(1)
    assert after_crime(11, 3) == 12
    assert after_deal(5, 2) == 3 and after_deal(3, 4) == 1  # framing, blackmail
    assert after_time_served(8, 4) == 4
    with pytest.raises(RuleError, match="Doing time"):
        after_time_served(7, 4)  # half of 7 is 3


def test_quick_draw_is_above_the_slot():
    assert quick_draw(6, (3, 4))
    assert not quick_draw(7, (3, 4))


def test_advancement_above_the_attribute_and_not_past_21():
    assert advanced(17, (6, 6, 6))
    assert not advanced(18, (6, 6, 6))
    assert not advanced(21, (6, 6, 6, 6))


def test_xp_one_per_ten_dollars_rounded_down():
    assert [xp_for(t) for t in (9, 10, 47, 100)] == [0, 1, 4, 10]


def test_rest_and_morale_and_ammunition_and_initiative():
    assert rest((3, 4, 5), 14) == (Result.SUCCESS, 3)
    assert rest((6, 6, 5), 14) == (Result.BUST, -3)
    assert morale_dice(4, 9) == 5 and morale_dice(5, 9) == 4
    assert morale_breaks((6, 6, 5, 4), 20) and not morale_breaks((6, 6, 5, 3), 20)
    assert [ammunition_spent(f) for f in range(1, 7)] == [True, True] + [False] * 4
    assert initiative("H") == "posse" and initiative("T") == "npcs"


def test_the_bill_runs_into_debt():
    assert settle_bill(10, 7) == (3, 0)
    assert settle_bill(5, 12) == (0, 7)


def test_an_infamous_npc_without_a_second_choice_takes_the_next_in_order():
    assert npc_attributes("Infamous", "grace") == {"grace": 21, "grit": 20, "gumption": 18}


def test_equipment_is_written_and_read_back():
    items = (Item("Revolver", 1, quickdraw=True), Item("Box of shells", 2, count=2),
             Item("Rifle", 6, size="large"), Item("Barrel", 8, size="very large"))
    text = equipment_text(items)
    assert text == "1 Revolver quick; 2 Box of shells x2; 6 Rifle large; 8 Barrel very large"
    assert parse_equipment(text) == items
    with pytest.raises(RuleError, match="slot name"):
        parse_equipment("Revolver")
