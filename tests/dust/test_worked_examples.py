"""The book's own cases, played through the rules with its own set-up, places and items.

The book prints no example under that name: its worked cases are the first night's Town
(line 48, three Vanilla Town holding the Alcohol, the Crowbar and the Crucifix), the places
and what each holds in order (lines 142 to 179), and the scavenging rules' own little
stories (lines 183 to 197: the last item, the Scum who are sent items, the Avatar on night 2
and on night 3 with and without the Rucksack, the Vest against it). Each test here plays one
through `decide`/`evolve` and the night's resolution, the book's names typed in. The cases
already played elsewhere are named in docs/rules/dust.md beside their lines."""

from __future__ import annotations

import pytest

from gmscreen.games.dust.commands import (
    AddPlayer,
    EndDay,
    GiveItem,
    StartGame,
    UseBookSetUp,
    UseDayPower,
)
from gmscreen.games.dust.night import NightOutcome
from gmscreen.games.dust.powers import AVATAR
from gmscreen.games.dust.sample import FIFTEEN
from gmscreen.games.dust.state import DustState
from gmscreen.games.dust.view import table_knows
from gmscreen.journal.rules import RuleError
from tests.dust.game import (
    choose,
    kill,
    night_of,
    outcome,
    player,
    resolve,
    run,
    to_night,
    told,
    use,
)


def dead(result: NightOutcome) -> list[str]:
    return [d.player for d in result.deaths]


def discarded(result: NightOutcome) -> set[tuple[str, str]]:
    return {(s.player, s.source) for s in result.spent if s.discard}


def holds(state: DustState, name: str) -> list[str]:
    return [h.item for h in player(state, name).items]


# -- line 48: the first night's Town, three Vanilla Town with the Alcohol, Crowbar, Crucifix --

def book_table() -> DustState:
    state = run(DustState(), UseBookSetUp())
    state = run(state, *(AddPlayer(name, role, items) for name, role, items in FIFTEEN))
    return run(state, StartGame())


def test_the_first_nights_town_each_item_does_what_the_book_says():
    state = book_table()
    assert {p.name: holds(state, p.name) for p in state.players if p.items} == {
        "Calamity": ["Alcohol"], "[Doc] Holliday": ["Crowbar"], "Wyatt_E": ["Crucifix"]}
    assert all(player(state, name).role == "Vanilla Town"
               for name in ("Calamity", "[Doc] Holliday", "Wyatt_E"))
    # night 1: the Crowbar hides its holder; the Crucifix draws the kill aimed at the Cop
    night = run(state, EndDay())
    night = choose(night, "[Doc] Holliday", use("Crowbar", "Hiding"))
    night = choose(night, "Wyatt_E", use("Crucifix", "Lightning Rod", "Marshal Bass"))
    result = outcome(kill(night, "Marshal Bass", killer="Whisperer", by="Judge Holden"))
    assert dead(result) == ["Wyatt_E"]
    assert {("[Doc] Holliday", "Crowbar"), ("Wyatt_E", "Crucifix")} <= discarded(result)
    # by day the Alcohol goes into the generator (line 131): the church is lit that night,
    # and no Scum kill reaches a player who stays inside
    lit = run(state, UseDayPower("Calamity", "Alcohol", "Generator"), EndDay())
    assert lit.lit and not holds(lit, "Calamity")
    lit = kill(lit, "Marshal Bass", killer="Whisperer", by="Judge Holden")
    assert dead(outcome(lit)) == []


# -- line 183 with lines 26 and 197: the last item, and who learns the place is empty -------

def test_the_taker_of_the_last_item_alone_learns_the_place_is_empty_the_post_does_not_say():
    state = choose(night_of(), "Cat", scavenge="The Cafe")
    state = choose(run(resolve(state), EndDay()), "Dan", scavenge="The Cafe")
    result = outcome(state)
    assert "The Cafe has nothing more to find." in told(result, "Dan")
    assert not any("Cafe" in told(result, p.name) for p in state.living if p.name != "Dan")
    assert not any("nothing more" in line or "empty" in line for line in result.post.lines)
    # the place comes off the list the next night (below: with the next day's list)
    assert "The Cafe" in table_knows(state).open_places
    after = run(resolve(state), EndDay())
    assert "The Cafe" not in table_knows(after).open_places


def test_a_place_emptied_comes_off_the_next_days_list_which_says_neither_why_nor_by_whom():
    # lines 26 and 197: the moderator takes an emptied place off the list the next day, so
    # the thread learns it is closed as soon as the taker could tell it. Line 183's leave to
    # tell or not is then about what the list does not say: that it was emptied (a place
    # also closes on its night), that it was he who took the last item, and what it was.
    state = choose(night_of(), "Cat", scavenge="The Cafe")
    state = choose(state, "Dan", scavenge="The Cafe")
    result = outcome(state)
    assert "The Cafe has nothing more to find." in told(result, "Dan")
    day = resolve(state)
    known = table_knows(day)
    assert known.phase == "day" and known.number == 2
    assert "The Cafe" not in known.open_places and "The School" in known.open_places
    assert known.latest is not None
    assert not any("Cafe" in line or "empt" in line for line in known.latest.lines)
    # a place closed on its night leaves the list the same way, with no word either
    night_3 = to_night(day, 3)
    assert "The School" not in table_knows(night_3).open_places


# -- line 185: the Scum cannot scavenge, but are sent items and use them ----------------------

def test_a_scum_sent_an_item_by_day_uses_it_that_night():
    state = choose(night_of(), "Cat", scavenge="The Garage")
    state = resolve(state)
    assert holds(state, "Cat") == ["Gasoline"]
    state = run(state, EndDay())
    state = choose(state, "Dan", scavenge="The Garage")
    state = run(resolve(state), GiveItem("Dan", "Flashlight", "Eve"), EndDay())
    with pytest.raises(RuleError, match="Scum cannot scavenge"):
        choose(state, "Eve", scavenge="The Hotel")
    state = choose(state, "Eve", use("Flashlight", "Investigate", "Ann"))
    state = choose(state, "Ann", scavenge="The Hotel")
    result = outcome(state)
    assert "Ann is TOWN." in told(result, "Eve")
    assert ("Eve", "Flashlight") in discarded(result)


# -- line 187: the Avatar on night 2, the Rucksack, and what is left behind it ---------------

def test_the_hospital_night_by_night_kit_then_avatar_with_the_rucksack_then_the_adrenaline():
    state = to_night(night_of({"Cat": ("Rucksack",)}), 2)
    state = choose(state, "Cat", scavenge="The Hospital")
    result = outcome(state)
    assert [(f.player, f.item) for f in result.found] == [("Cat", "First Aid Kit")]
    assert f"At The Hospital you met the {AVATAR} and fled" in told(result, "Cat")
    assert dead(result) == [] and ("Cat", "Rucksack") not in discarded(result)
    state = resolve(state)
    assert holds(state, "Cat") == ["Rucksack", "First Aid Kit"]
    # the Avatar was met and is gone; the next search there finds the Adrenaline, the last
    state = choose(run(state, EndDay()), "Dan", scavenge="The Hospital")
    result = outcome(state)
    assert dead(result) == [] and [f.item for f in result.found] == ["Adrenaline"]
    assert "The Hospital has nothing more to find." in told(result, "Dan")


def test_on_night_two_the_avatar_sends_one_of_three_at_the_hotel_home_with_nothing():
    # The Hotel holds the Crucifix, the Avatar, the Alcohol; three search it on night 2 and
    # the lots serve them in turn: the Avatar is the second one's entry, and he flees
    state = to_night(night_of(), 2)
    for name in ("Cat", "Dan", "Van"):
        state = choose(state, name, scavenge="The Hotel")
    result = outcome(state, "Cat", "Dan", "Van")
    assert [(f.player, f.item) for f in result.found] == [("Cat", "Crucifix"), ("Van", "Alcohol")]
    assert dead(result) == []
    assert f"At The Hotel you met the {AVATAR} and fled back to the church" in told(result, "Dan")
    assert f"Dan met the {AVATAR}" in told(result, "Cat")
    assert f"Dan met the {AVATAR}" in told(result, "Van")
    assert "The Hotel has nothing more to find." in told(result, "Van")
    after = resolve(state, "Cat", "Dan", "Van")
    assert holds(after, "Dan") == []


# -- line 189 with line 195: the Avatar from night 3 kills as the Scum's kill ----------------

def test_on_night_three_the_avatar_kills_and_the_dead_scavengers_items_are_lost():
    state = to_night(night_of({"Cat": ("Chalk", "Notebook")}), 3)
    state = choose(state, "Cat", scavenge="The Asylum")
    state = choose(state, "Dan", scavenge="The Asylum")
    result = outcome(state, "Cat", "Dan")
    assert dead(result) == ["Cat"]
    assert [(f.player, f.item) for f in result.found] == [("Dan", "Relic")]
    assert f"At The Asylum you saw the {AVATAR} attack Cat; Cat died." in told(result, "Dan")
    after = resolve(state, "Cat", "Dan")
    assert holds(after, "Cat") == []
    assert not any(h.item in ("Chalk", "Notebook") for p in after.players for h in p.items)


def test_the_avatar_counts_as_the_scums_kill_so_the_relic_stops_it_and_crumbles():
    # line 134: the Relic stops a Scum night kill and is then thrown away; line 189: the
    # Avatar's kill is one
    state = to_night(night_of({"Dan": ("Relic",)}), 3)
    state = choose(state, "Dan", scavenge="The Lake")
    result = outcome(state)
    assert dead(result) == [] and result.found == ()
    assert ("Dan", "Relic") in discarded(result)


def test_the_vest_stops_the_avatar_once_and_is_thrown_away():
    state = to_night(night_of({"Cat": ("Bulletproof Vest",)}), 3)
    state = choose(state, "Cat", scavenge="The Asylum")
    state = resolve(state)
    assert player(state, "Cat").alive and holds(state, "Cat") == []
    # the Relic is next at the Asylum; the Avatar is not met twice
    state = choose(run(state, EndDay()), "Cat", scavenge="The Asylum")
    result = outcome(state)
    assert dead(result) == [] and [f.item for f in result.found] == ["Relic"]


def test_the_knife_and_the_crucifix_do_not_catch_the_avatar():
    # our reading: the Knife strikes "the person targeting" its charge and the Crucifix turns
    # "a night action targeting" him; the Avatar is no one's action, only met where he
    # searches, so neither stands between it and the scavenger (the Vest, the Relic and a
    # protection that reaches a player outside do)
    state = to_night(night_of({"Dan": ("Knife",), "Van": ("Crucifix",)}), 3)
    state = choose(state, "Cat", scavenge="The Asylum")
    state = choose(state, "Dan", use("Knife", "Paranoid Bodyguard", "Cat"))
    state = choose(state, "Van", use("Crucifix", "Lightning Rod", "Cat"))
    result = outcome(state)
    assert dead(result) == ["Cat"]
    assert "You stood guard over Cat; nothing came." in told(result, "Dan")
    assert ("Van", "Crucifix") not in discarded(result)
