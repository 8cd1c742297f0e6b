"""Every scavenging rule of the book as tests, and the conflicts between them."""

from __future__ import annotations

import pytest

from gmscreen.games.dust.commands import AddLocation, EndDay, RemoveLocation
from gmscreen.games.dust.powers import AVATAR, LocationDef
from gmscreen.games.dust.scavenging import search
from gmscreen.journal.rules import RuleError
from tests.dust.game import (
    choose,
    kill,
    new_game,
    night_of,
    outcome,
    player,
    resolve,
    run,
    to_night,
    told,
    use,
)


def found(result) -> list[tuple[str, str]]:
    return [(f.player, f.item) for f in result.found]


def dead(result) -> list[str]:
    return [d.player for d in result.deaths]


# -- the next item, the order, the end of a location ----------------------------------------

def test_a_scavenger_takes_the_next_item_of_the_list_night_after_night():
    state = choose(night_of(), "Cat", scavenge="The Garage")
    state = resolve(state)
    assert [h.item for h in player(state, "Cat").items] == ["Gasoline"]
    state = choose(to_night(state, 2), "Cat", scavenge="The Garage")
    result = outcome(state)
    assert found(result) == [("Cat", "Flashlight")]
    assert "The Garage has nothing more to find." in told(result, "Cat")


def test_an_emptied_location_closes_the_next_night():
    state = choose(night_of(), "Cat", scavenge="The Garage")
    state = choose(state, "Dan", scavenge="The Garage")
    state = to_night(resolve(state), 2)
    assert "The Garage" not in [loc.name for loc in state.open_locations()]
    with pytest.raises(RuleError, match="Locations"):
        choose(state, "Van", scavenge="The Garage")


def test_more_scavengers_than_items_the_lots_choose_who_goes_without():
    state = night_of()
    for name in ("Cat", "Dan", "Van"):
        state = choose(state, name, scavenge="The Cafe")
    result = outcome(state, "Van", "Cat", "Dan")
    assert found(result) == [("Van", "Knife"), ("Cat", "First Aid Kit")]
    assert "There was nothing left at The Cafe." in told(result, "Dan")
    # line 183: he who finds it empty learns it once; the taker of the last item learns it
    # too, in words of its own
    assert "nothing more to find" not in told(result, "Dan")
    assert "The Cafe has nothing more to find." in told(result, "Cat")
    other = outcome(state, "Dan", "Van", "Cat")
    assert found(other) == [("Dan", "Knife"), ("Van", "First Aid Kit")]


def test_scavengers_together_see_each_other_and_what_they_take():
    state = choose(night_of(), "Cat", scavenge="The School")
    state = choose(state, "Dan", scavenge="The School")
    result = outcome(state, "Cat", "Dan")
    assert "you met Dan: Dan took the Notebook" in told(result, "Cat")
    assert "you met Cat: Cat took the Chalk" in told(result, "Dan")


def test_only_the_taker_of_the_last_item_learns_the_place_is_empty_not_the_one_before_him():
    # line 183: the player who takes the last item learns there is nothing more, and may tell
    # it or not; line 191: the one beside him sees what he took, which says nothing of what
    # is left. Round 16 found the first taker at the School told "nothing more" too.
    state = choose(night_of(), "Cat", scavenge="The School")
    state = choose(state, "Dan", scavenge="The School")
    result = outcome(state, "Cat", "Dan")
    assert "The School has nothing more to find." in told(result, "Dan")
    assert "nothing more to find" not in told(result, "Cat")
    assert "you met Dan: Dan took the Notebook" in told(result, "Cat")
    # one who saw another come away with nothing saw the place empty, and is told so
    state = night_of()
    for name in ("Cat", "Dan", "Van"):
        state = choose(state, name, scavenge="The Cafe")
    result = outcome(state, "Van", "Cat", "Dan")
    assert "The Cafe has nothing more to find." in told(result, "Van")
    assert "The Cafe has nothing more to find." in told(result, "Cat")
    assert "There was nothing left at The Cafe." in told(result, "Dan")


def test_scum_cannot_scavenge_but_can_be_given_items_and_use_them():
    with pytest.raises(RuleError, match="Scum cannot scavenge"):
        choose(night_of(), "Eve", scavenge="The Cafe")
    state = choose(night_of({"Eve": ("Flashlight",)}), "Eve",
                   use("Flashlight", "Investigate", "Cat"))
    state = choose(state, "Cat", scavenge="The Cafe")
    assert "Cat is TOWN." in told(outcome(state), "Eve")


# -- locations open and close -------------------------------------------------------------

@pytest.mark.parametrize(("night", "open_places"), [
    (1, {"The Hardware Store", "The School", "The Garage", "The Cafe"}),
    (2, {"The Hardware Store", "The School", "The Garage", "The Cafe", "The Hospital",
         "The Hotel", "The Police Station"}),
    (3, {"The Hospital", "The Hotel", "The Police Station", "The Asylum", "The Lake"}),
    (4, {"The Asylum", "The Lake"}),
    (6, {"The Asylum", "The Lake"}),
])
def test_night_one_places_close_on_three_night_two_on_four_night_three_never(night, open_places):
    state = to_night(new_game(cast=small_cast()), night)
    assert {loc.name for loc in state.open_locations()} == open_places


def small_cast() -> dict[str, str]:
    # enough Town that quiet nights and no-lynch days never end the game
    return {"Ann": "Cop", "Bob": "Doctor", "Cat": "Vanilla Town", "Dan": "Vanilla Town",
            "Eve": "Despair"}


# -- the Avatar of Fear ------------------------------------------------------------------------

def test_an_avatar_left_over_from_night_two_kills_on_night_three():
    state = choose(to_night(night_of(), 2), "Cat", scavenge="The Hospital")
    state = resolve(state)
    state = choose(to_night(state, 3), "Dan", scavenge="The Hospital")
    state = choose(state, "Van", scavenge="The Hospital")
    result = outcome(state, "Dan", "Van")
    assert found(result) == [("Van", "Adrenaline")]
    assert dead(result) == ["Dan"]


def test_the_avatar_on_night_two_with_a_second_scavenger():
    state = choose(to_night(night_of(), 2), "Cat", scavenge="The Hospital")
    state = choose(state, "Dan", scavenge="The Hospital")
    result = outcome(state, "Dan", "Cat")
    assert found(result) == [("Dan", "First Aid Kit")]
    assert dead(result) == []
    assert f"met the {AVATAR} and fled" in told(result, "Cat")
    assert f"Cat met the {AVATAR}" in told(result, "Dan")


def test_the_avatar_on_night_three_kills_like_the_scum_anywhere():
    state = choose(to_night(night_of(), 3), "Cat", scavenge="The Asylum")
    result = outcome(state)
    assert dead(result) == ["Cat"]
    assert found(result) == []


def test_the_vest_against_the_avatar():
    state = choose(to_night(night_of({"Cat": ("Bulletproof Vest",)}), 3), "Cat",
                   scavenge="The Asylum")
    result = outcome(state)
    assert dead(result) == []
    assert ("Cat", "Bulletproof Vest") in {(s.player, s.source) for s in result.spent
                                           if s.discard}


def test_the_doctor_and_the_relic_against_the_avatar():
    state = choose(to_night(night_of({"Dan": ("Relic",)}), 3), "Cat", scavenge="The Asylum")
    state = choose(state, "Dan", scavenge="The Lake")
    state = choose(state, "Bob", use("Doctor", "Tend", "Cat"))
    assert dead(outcome(state)) == []


def test_a_vest_found_just_before_the_avatar_stops_it():
    state = choose(to_night(night_of({"Cat": ("Rucksack",)}), 3), "Cat",
                   scavenge="The Police Station")
    result = outcome(state)
    assert dead(result) == []
    assert found(result) == [("Cat", "Bulletproof Vest")]


# -- the Rucksack ----------------------------------------------------------------------------

def test_rucksack_alone_takes_two_items_and_is_then_discarded():
    state = choose(night_of({"Cat": ("Rucksack",)}), "Cat", scavenge="The Hardware Store")
    state = resolve(state)
    assert [h.item for h in player(state, "Cat").items] == ["Crowbar", "Hammer and Nails"]


def test_two_scavengers_and_the_rucksack_it_does_not_work():
    state = choose(night_of({"Cat": ("Rucksack",)}), "Cat", scavenge="The Hardware Store")
    state = choose(state, "Dan", scavenge="The Hardware Store")
    state = resolve(state, "Cat", "Dan")
    assert [h.item for h in player(state, "Cat").items] == ["Rucksack", "Crowbar"]
    assert [h.item for h in player(state, "Dan").items] == ["Hammer and Nails"]


def test_the_rucksack_does_not_work_beside_a_scavenger_killed_at_the_place():
    # line 191: the Rucksack does not work "if there are two players present"; Dan, shot at
    # The Hardware Store before he searched, was there (Cat saw him attacked, line 193), so
    # Cat takes one find and keeps his Rucksack. Round 16 found him taking both.
    state = choose(night_of({"Cat": ("Rucksack",)}), "Cat", scavenge="The Hardware Store")
    state = choose(state, "Dan", scavenge="The Hardware Store")
    state = choose(state, "Vig", use("Vigilante", "Execute", "Dan"))
    result = outcome(state, "Cat", "Dan")
    assert dead(result) == ["Dan"]
    assert found(result) == [("Cat", "Crowbar")]
    assert "attack Dan" in told(result, "Cat") and "Rucksack" not in told(result, "Cat")
    after = resolve(state, "Cat", "Dan")
    assert [h.item for h in player(after, "Cat").items] == ["Rucksack", "Crowbar"]
    # the place keeps the Hammer and Nails, and Cat is not told it is empty
    assert "nothing more to find" not in told(result, "Cat")


def test_rucksack_item_then_avatar_keeps_the_item_and_the_rucksack():
    state = choose(to_night(night_of({"Cat": ("Rucksack",)}), 2), "Cat",
                   scavenge="The Hospital")
    state = resolve(state)
    assert [h.item for h in player(state, "Cat").items] == ["Rucksack", "First Aid Kit"]


def test_rucksack_avatar_first_gains_nothing_after_it():
    state = to_night(night_of({"Cat": ("Rucksack", "Bulletproof Vest")}), 3)
    state = choose(state, "Cat", scavenge="The Lake")
    state = resolve(state)
    assert player(state, "Cat").alive
    assert [h.item for h in player(state, "Cat").items] == ["Rucksack"]


def test_the_drifter_carries_two_finds_for_good():
    state = choose(night_of(), "Dri", scavenge="The School")
    state = resolve(state)
    assert [h.item for h in player(state, "Dri").items] == ["Chalk", "Notebook"]


def test_search_is_pure_and_follows_the_lots():
    entries = ("Knife", AVATAR, "Gun")
    assert search(entries, ["A"], frozenset({"A"})).draws == (("A", "Knife"), ("A", AVATAR))
    assert search(entries, ["A", "B"], frozenset({"A"})).draws == (("A", "Knife"), ("B", AVATAR))
    lone = search((), ["A"])
    assert lone.draws == () and lone.empty_handed == ("A",)


# -- witnesses, deaths, custom set-ups ---------------------------------------------------------

def test_a_scum_kill_at_a_location_is_seen_but_not_who_did_it():
    state = choose(night_of(), "Cat", scavenge="The Cafe")
    state = choose(state, "Dan", scavenge="The Cafe")
    result = outcome(kill(state, "Cat", killer="Pat"))
    assert dead(result) == ["Cat"]
    assert "attack Cat; Cat died." in told(result, "Dan")
    assert "Pat" not in told(result, "Dan")
    assert found(result) == [("Dan", "Knife")]


def test_a_scavenger_saved_from_an_attack_sees_it_as_the_one_beside_him_does():
    # line 193 makes an attack at a location seen by whoever is there: its victim is there
    # too, so one the Doctor saves sees it as his witness does, never who made it
    state = choose(night_of(), "Cat", scavenge="The Cafe")
    state = choose(state, "Dan", scavenge="The Cafe")
    state = choose(state, "Bob", use("Doctor", "Tend", "Cat"))
    result = outcome(kill(state, "Cat", killer="Pat"))
    assert dead(result) == []
    assert "At The Cafe you saw someone you could not make out attack Cat; Cat lived." in told(
        result, "Dan")
    assert "At The Cafe someone you could not make out attacked you; you lived." in told(
        result, "Cat")
    assert "Pat" not in told(result, "Cat") and "Bob" not in told(result, "Cat")


def test_a_lone_scavenger_saved_sees_the_attack_a_player_saved_in_the_church_hears_nothing():
    # the attack at a location is seen with no one beside him; in the church the book gives
    # the one a protection saved no word (line 115, unlike the jailed of line 119)
    state = choose(night_of(), "Cat", scavenge="The Cafe")
    state = choose(state, "Bob", use("Doctor", "Tend", "Cat"))
    result = outcome(kill(state, "Cat", killer="Pat"))
    assert "At The Cafe someone you could not make out attacked you; you lived." in told(
        result, "Cat")
    state = choose(night_of(), "Bob", use("Doctor", "Tend", "Ann"))
    result = outcome(kill(state, "Ann", killer="Pat"))
    assert dead(result) == [] and told(result, "Ann") == "Your night passed quietly."


def test_a_gunshot_at_a_location_is_seen_too():
    state = choose(night_of({"Van": ("Gun",)}), "Van", use("Gun", "Gunshot", "Cat"))
    state = choose(state, "Cat", scavenge="The Cafe")
    state = choose(state, "Dan", scavenge="The Cafe")
    result = outcome(state)
    assert "attack Cat; Cat died." in told(result, "Dan") and "Van" not in told(result, "Dan")


def test_items_are_lost_with_the_dead():
    state = resolve(kill(night_of({"Cat": ("Knife", "Chalk")}), "Cat"))
    assert player(state, "Cat").items == ()
    assert not any(h.item in ("Knife", "Chalk") for p in state.players for h in p.items)


def test_the_moderator_adds_a_location_with_the_avatar_first():
    state = run(to_night(night_of({"Cat": ("Rucksack",)}), 2), AddLocation(
        LocationDef("The Mine", 2, None, (AVATAR, "Gun"))))
    state = choose(state, "Cat", scavenge="The Mine")
    state = resolve(state)
    assert [h.item for h in player(state, "Cat").items] == ["Rucksack"]
    with pytest.raises(RuleError, match="no item named"):
        run(state, AddLocation(LocationDef("The Well", 3, None, ("Lasso",))))


def test_an_avatar_met_on_night_one_at_a_place_the_moderator_added_only_scares():
    # the book's Avatars wait in night 2 and night 3 places (lines 154-179); one the
    # moderator puts in a place open on night 1 scares as on night 2: it kills from night 3
    state = run(new_game({"Cat": ("Rucksack",)}), AddLocation(
        LocationDef("The Mine", 1, None, (AVATAR, "Gun"))), EndDay())
    state = choose(state, "Cat", scavenge="The Mine")
    result = outcome(state)
    assert result.deaths == ()
    assert "fled back to the church with nothing more" in told(result, "Cat")
    assert [h.item for h in player(resolve(state), "Cat").items] == ["Rucksack"]


def test_only_kills_are_seen_at_a_location_other_powers_work_unseen():
    state = choose(night_of({"Van": ("Flashlight",)}), "Van",
                   use("Flashlight", "Investigate", "Cat"))
    state = choose(state, "Cat", scavenge="The School")
    state = choose(state, "Dan", scavenge="The School")
    result = outcome(state, "Cat", "Dan")
    assert "Cat is TOWN." in told(result, "Van")
    assert "Van" not in told(result, "Dan") and "attack" not in told(result, "Dan")


def test_a_scavenger_beside_the_avatars_victim_sees_the_avatar_attack():
    state = choose(to_night(night_of({"Cat": ("Bulletproof Vest",)}), 3), "Cat",
                   scavenge="The Asylum")
    state = choose(state, "Dan", scavenge="The Asylum")
    result = outcome(state, "Cat", "Dan")
    assert f"At The Asylum you saw the {AVATAR} attack Cat; Cat lived." in told(result, "Dan")
    assert "could not make out" not in told(result, "Dan")
    assert found(result) == [("Dan", "Relic")]
    # the wearer hears it once, where it happened and what saved him; then that it is gone
    assert told(result, "Cat") == (
        f"At The Asylum you met the {AVATAR}. At The Asylum the {AVATAR} attacked you; your "
        "Bulletproof Vest stopped it, and you lived. At The Asylum you met Dan: Dan took the "
        "Relic. Your Bulletproof Vest is gone.")
    # the Relic, the last entry, was Dan's: he learns the Asylum is empty (line 183), Cat
    # saw only what Dan took
    assert "The Asylum has nothing more to find." in told(result, "Dan")
    # the one beside him sees the attack and that he lived, never the vest
    assert "Vest" not in told(result, "Dan")


def test_a_vest_saves_a_scavenger_from_a_player_told_once_never_by_whom():
    state = choose(night_of({"Cat": ("Bulletproof Vest",)}), "Cat", scavenge="The Cafe")
    state = choose(state, "Dan", scavenge="The Cafe")
    result = outcome(kill(state, "Cat", killer="Pat"), "Cat", "Dan")
    cat = told(result, "Cat")
    assert ("At The Cafe someone you could not make out attacked you; your Bulletproof Vest "
            "stopped it, and you lived.") in cat
    assert "stopped something" not in cat and "Pat" not in cat
    assert cat.count("Bulletproof Vest") == 2  # it saved him; it is gone
    dan = told(result, "Dan")
    assert "At The Cafe you saw someone you could not make out attack Cat; Cat lived." in dan
    assert "Vest" not in dan and "Pat" not in dan
    # in the church, where no one sees it, the wearer hears only that something was stopped
    home = outcome(kill(night_of({"Cat": ("Bulletproof Vest",)}), "Cat", killer="Pat"))
    assert told(home, "Cat") == ("Your Bulletproof Vest stopped something that would have "
                                 "killed you. Your Bulletproof Vest is gone.")


def test_a_location_is_taken_off_the_list_before_day_one_or_while_the_players_have_not_had_it():
    from gmscreen.games.dust.commands import UseBookSetUp
    from gmscreen.games.dust.state import DustState
    state = run(DustState(), UseBookSetUp(), RemoveLocation("The Lake"))
    assert "The Lake" not in [loc.name for loc in state.locations]
    with pytest.raises(RuleError, match="Locations"):
        run(state, RemoveLocation("The Lake"))
    # round 29: the Asylum opens on night 3, so on night 1 the players have not had it on
    # their list (line 26: the list is the moderator's); the Cafe they have
    assert run(night_of(), RemoveLocation("The Asylum")).location("The Asylum") is None
    with pytest.raises(RuleError, match="Locations: The Cafe: the players have had it"):
        run(night_of(), RemoveLocation("The Cafe"))


@pytest.mark.parametrize(("place", "said", "field"), [
    (LocationDef(" ", 1, None, ()), "needs a name", "name"),
    (LocationDef("The Mine", 0, None, ()), "night from 1 to 99", "opens"),
    (LocationDef("The Mine", 3, 3, ()), "closes after it opens", "closes"),
    # no game runs to a hundredth night: a slip of the keys, refused by name before the
    # journal (which cannot hold 10**23 at all) would refuse it in its own words
    (LocationDef("The Mine", 100, None, ()), "night from 1 to 99", "opens"),
    (LocationDef("The Mine", 10**23, None, ()), "night from 1 to 99", "opens"),
    (LocationDef("The Mine", 3, 101, ()), "closes by night 100", "closes"),
    (LocationDef("The Mine", 3, 10**23, ()), "closes by night 100", "closes"),
])
def test_a_location_without_a_name_or_a_night_is_refused_naming_the_field(
        place: LocationDef, said: str, field: str) -> None:
    state = to_night(night_of({"Cat": ("Rucksack",)}), 2)
    with pytest.raises(RuleError, match=said) as refused:
        run(state, AddLocation(place))
    assert refused.value.rule == "Locations" and refused.value.field == field


def test_the_steps_say_a_scavenger_killed_first_searched_nothing():
    # Cat goes to The Cafe and the Scum kill him there before he searches: the moderator's
    # steps say so at The Cafe, which keeps its Knife, not only that he died
    state = choose(night_of(), "Cat", scavenge="The Cafe")
    result = outcome(kill(state, "Cat"))
    told = [(step.stage, step.text) for step in result.steps]
    assert ("scavenging", "Cat was killed before he could search The Cafe: nothing is taken "
                          "there for him.") in told
    assert result.searched == ()


def test_the_steps_say_who_searches_a_place_and_what_it_holds_in_plain_words():
    """The moderator's steps read "The Hardware Store: Bob search (Crowbar, Hammer and
    Nails)." for a lone scavenger: he searches, and the list is what the place holds, next
    first (each takes one, told on the next lines), not what he carries off."""
    state = choose(night_of(), "Cat", scavenge="The Cafe")
    told = [step.text for step in outcome(state).steps if step.stage == "scavenging"]
    assert told[0] == "The Cafe: Cat searches; it holds, next first: Knife, First Aid Kit."
    state = choose(choose(night_of(), "Cat", scavenge="The Cafe"), "Dan", scavenge="The Cafe")
    told = [step.text for step in outcome(state).steps if step.stage == "scavenging"]
    assert told[0] == ("The Cafe: Cat and Dan search; it holds, next first: Knife, First Aid "
                       "Kit.")
