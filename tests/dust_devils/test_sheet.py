"""The sheet rules from the book: 13 attribute points, none above 5; Knacks 1 to 4 from 11
points, no more of them than Hand + Eye or 6; the Devil rated 1 to 3; what Chips buy."""

from __future__ import annotations

import pytest

from gmscreen.core.cards import Suit
from gmscreen.games.dust_devils.sheet import (
    SHEET_RULES,
    Attribute,
    attribute_raise_cost,
    knack_limit,
    knack_raise_cost,
    parse_attribute,
    verify_devil_rating,
    verify_knacks,
    verify_player_sheet,
    verify_ratings,
)
from gmscreen.journal.rules import RuleError

H, E, G, R = Attribute.HAND, Attribute.EYE, Attribute.GUTS, Attribute.HEART
JIM = {H: 4, E: 4, G: 3, R: 2}
JIM_KNACKS = {"Bargainin'": 2, "Gamblin'": 2, "Philanderin'": 2, "Drinkin'": 1, "Shootin'": 4}
TRAITS = ("Richer than Croesus", "Cool as a cucumber")


def test_suits_of_the_attributes() -> None:
    assert (H.suit, E.suit, G.suit, R.suit) == (Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS,
                                                Suit.HEARTS)
    assert parse_attribute(" heart ") is R
    with pytest.raises(RuleError, match="not an attribute"):
        parse_attribute("Grit")


def test_the_books_four_characters_are_legal() -> None:
    verify_player_sheet(JIM, JIM_KNACKS, 3, TRAITS)
    verify_player_sheet({H: 5, E: 3, G: 3, R: 2},
                        {"Wrestlin'": 2, "Ridin'": 1, "Trackin'": 3, "Shootin'": 2,
                         "Drinkin'": 3}, 2, ("Strong as an ox", "Meaner than a sheared sheep"))
    verify_player_sheet({H: 3, E: 4, G: 2, R: 4},
                        {"Gamblin'": 4, "Lyin'": 3, "Shootin'": 2, "Snoopin'": 2}, 2,
                        ("Sly as a fox", "Sharp as a tooth"))
    verify_player_sheet({H: 3, E: 3, G: 4, R: 3},
                        {"Lock Pickin'": 1, "Ropin'": 2, "Drinkin'": 3, "Ridin'": 3,
                         "Shootin'": 2}, 2, ("Reckless as a bear", "Friendly as a coon"))


@pytest.mark.parametrize(("ratings", "rule"), [
    ({H: 5, E: 4, G: 3, R: 2}, "Attribute points"),   # 14 points
    ({H: 4, E: 4, G: 3, R: 1}, "Attribute points"),   # 12 points
    ({H: 6, E: 4, G: 3, R: 0}, "Attribute maximum"),  # 13 points, one above 5
    ({H: -1, E: 5, G: 5, R: 4}, "Attribute maximum"),
])
def test_attribute_rules(ratings: dict[Attribute, int], rule: str) -> None:
    with pytest.raises(RuleError) as refused:
        verify_player_sheet(ratings, JIM_KNACKS, 3, TRAITS)
    assert refused.value.rule == rule


@pytest.mark.parametrize(("knacks", "rule"), [
    ({**JIM_KNACKS, "Ridin'": 1}, "Knack points"),          # 12 points
    ({"Shootin'": 4, "Drinkin'": 4, "Ridin'": 3}, None),
    ({"Shootin'": 5, "Drinkin'": 2, "Ridin'": 4}, "Knack rating"),
    ({"Shootin'": 0, "Drinkin'": 4, "Ridin'": 4, "Ropin'": 3}, "Knack rating"),
    ({"Shootin'": 4, "shootin'": 4, "Ridin'": 3}, "Knacks"),
])
def test_knack_rules(knacks: dict[str, int], rule: str | None) -> None:
    if rule is None:
        verify_player_sheet(JIM, knacks, 3, TRAITS)
        return
    with pytest.raises(RuleError) as refused:
        verify_player_sheet(JIM, knacks, 3, TRAITS)
    assert refused.value.rule == rule


def test_knack_limit_is_hand_plus_eye_or_six() -> None:
    assert knack_limit(4, 4) == 8
    assert knack_limit(2, 3) == 6
    assert knack_limit(1, 1) == 6
    low = {H: 2, E: 2, G: 4, R: 5}
    seven = {f"Knack {n}": 1 for n in range(7)} | {"Knack 0": 4, "Knack 1": 2}
    with pytest.raises(RuleError) as refused:
        verify_player_sheet(low, seven, 1, TRAITS)
    assert refused.value.rule == "Knack limit"
    six = {f"Knack {n}": 1 for n in range(6)} | {"Knack 0": 4, "Knack 1": 3}
    verify_player_sheet(low, six, 1, TRAITS)


def test_devil_rating_and_traits() -> None:
    for rating in (1, 2, 3):
        verify_devil_rating(rating)
    for rating in (0, 4):
        with pytest.raises(RuleError, match="Devil rating"):
            verify_player_sheet(JIM, JIM_KNACKS, rating, TRAITS)
    with pytest.raises(RuleError, match="two traits"):
        verify_player_sheet(JIM, JIM_KNACKS, 3, ("Cool as a cucumber",))


def test_a_changed_sheet_counts_the_points_bought() -> None:
    raised = {**JIM, G: 4}
    with pytest.raises(RuleError, match="Attribute points"):
        verify_player_sheet(raised, JIM_KNACKS, 3, TRAITS)
    verify_player_sheet(raised, JIM_KNACKS, 3, TRAITS, attribute_points_bought=1)
    verify_player_sheet(JIM, {**JIM_KNACKS, "Ridin'": 1}, 3, TRAITS, knack_points_bought=1)


def test_what_chips_buy() -> None:
    assert [attribute_raise_cost(n) for n in (1, 2, 3, 4, 5)] == [2, 4, 6, 8, 10]
    with pytest.raises(RuleError, match="Attribute maximum"):
        attribute_raise_cost(6)
    assert [knack_raise_cost(n) for n in (2, 3, 4)] == [2, 3, 4]
    with pytest.raises(RuleError, match="Knack rating"):
        knack_raise_cost(5)


def test_the_sheet_form_states_the_limits_the_rules_apply() -> None:
    # the Dealer makes his characters as he sees fit (line 56), yet no attribute is above 5
    # nor a Knack above 4 (lines 56, 75): the form says so, where it said "anything goes"
    assert "Non-player characters: no points to spend, attributes 0 to 5, Knacks 1 to 4" \
        in SHEET_RULES
    assert "13 attribute points, each attribute 1 to 5" in SHEET_RULES
    # line 75: the higher of Hand + Eye and 6; "no more Knacks than Hand + Eye or 6" read as
    # either, or as the lower of the two
    assert "as many Knacks as Hand + Eye (6 if that is more)" in SHEET_RULES
    with pytest.raises(RuleError, match="Attribute maximum"):
        verify_ratings({Attribute.HAND: 6})
    with pytest.raises(RuleError, match="Knack rating"):
        verify_knacks({"Shootin'": 5}, {})
