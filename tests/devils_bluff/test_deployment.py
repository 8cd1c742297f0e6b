"""Deployment before the first round: the roll-off by cards, the whole gangs, then the
scouts one at a time, each confirmed by the players against the distance rule (Open
Fire's set-up stage; Scout comes from the Hunter perk)."""

from __future__ import annotations

from gmscreen.games.devils_bluff import RULES
from gmscreen.games.devils_bluff.commands import Deploy, PlaceScout, StartRound
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from gmscreen.games.devils_bluff.state import default_settings
from gmscreen.games.devils_bluff.turns import scout_order
from tests.devils_bluff.helpers import before_deployment, unshuffled
from tests.devils_bluff.test_game import refused


def test_the_first_round_waits_for_deployment() -> None:
    table = before_deployment()
    refused(table, StartRound(unshuffled()), "Deployment")


def test_the_higher_draw_picks_an_area_and_deploys_first() -> None:
    table = before_deployment()
    # a roll-off (digest 2.1, 1.2): one card each, Ma Hendry 2, Sheriff Cole a King (13)
    table.stack("2c Kd")
    events = table.execute(Deploy())
    assert events[0].data["order"] == [COLE, HENDRY]
    assert [d["cards"] for d in events[0].data["draws"]] == [["2c"], ["Kd"]]
    assert table.state.battle is not None
    assert table.state.battle.deployment == (COLE, HENDRY)
    # the roll-off's cards go to the discard pile
    assert [c.code for c in table.state.deck.discards] == ["2c", "Kd"]
    assert "Sheriff Cole picks a deployment area and deploys first" in RULES.describe(
        table.events[-1])
    table.execute(StartRound(unshuffled()))
    assert table.state.battle.round == 1


def test_a_tie_draws_again() -> None:
    table = before_deployment()
    table.stack("7c 7d 9h 2h")  # 7 and 7, then 9 and 2
    events = table.execute(Deploy())
    assert len(events[0].data["draws"]) == 4
    assert events[0].data["order"] == [HENDRY, COLE]


def test_the_deployment_roll_off_typed_from_the_table_s_cards() -> None:
    table = before_deployment()
    top = table.state.deck.order[0]
    events = table.execute(Deploy(typed=((HENDRY, "3s"), (COLE, "Qh"))))
    assert events[0].data["order"] == [COLE, HENDRY]
    # taken from the Draw Deck wherever they lay; the app's top card is still on top
    assert table.state.deck.order[0] == top
    assert {c.code for c in table.state.deck.discards} == {"3s", "Qh"}
    assert table.replayed() == table.state


def test_only_a_scout_is_held_back() -> None:
    table = before_deployment()
    refused(table, Deploy(("Jesse Hendry",)), "Scout")
    refused(table, Deploy(("Nobody",)), "Scout")
    table.stack("2c Kd")
    events = table.execute(Deploy(("Cal Hendry",)))
    assert events[0].data["scouts"] == ["Cal Hendry"]
    refused(table, Deploy(), "Deployment")


def test_scouts_are_placed_by_turns_and_the_rest_after() -> None:
    assert scout_order([["Ruth"], ["Cal", "Dutch", "Lefty"]]) == [
        "Ruth", "Cal", "Dutch", "Lefty"]
    assert scout_order([["A", "B"], ["C", "D"]]) == ["A", "C", "B", "D"]
    assert scout_order([[], []]) == []


def test_deploying_whole_gangs_is_the_baseline() -> None:
    assert default_settings()["deployment"] == "whole gang"


def test_a_scout_is_placed_at_the_distance_rule_before_the_first_round() -> None:
    table = before_deployment()
    refused(table, PlaceScout("Cal Hendry"), "Scout")  # nobody has deployed yet
    table.execute(Deploy(("Cal Hendry",)))
    # the first round waits for the scouts, placed one at a time in their order
    refused(table, StartRound(unshuffled()), "Scout")
    assert "Cal Hendry is next" in refused(table, PlaceScout("Dutch"), "Scout").message
    (event,) = table.execute(PlaceScout("Cal Hendry"))
    assert RULES.describe(event) == (
        'Ma Hendry places the scout Cal Hendry, more than 12" from every enemy model')
    assert table.state.battle is not None and table.state.battle.scouts == ()
    refused(table, PlaceScout("Cal Hendry"), "Scout")
    table.execute(StartRound(unshuffled()))
    assert table.state.battle.round == 1
    refused(table, PlaceScout("Cal Hendry"), "Scout")
    assert table.replayed() == table.state

