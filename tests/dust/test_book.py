"""The book's rules that the other files leave untested, one test each, written from the book
while auditing it line by line (docs/rules/dust.md names the line each comes from)."""

from __future__ import annotations

import pytest

from gmscreen.games.dust.commands import AddLateNote, EndDay, GiveItem, UseDayPower
from gmscreen.games.dust.powers import AVATAR, book_locations
from gmscreen.journal.rules import RuleError
from tests.dust.game import (
    choose,
    dead,
    kill,
    new_game,
    night_of,
    outcome,
    player,
    resolve,
    run,
    told,
    use,
)


def lit_night(items: dict[str, tuple[str, ...]]):
    state = new_game({"Van": ("Gasoline",), **items})
    return run(state, UseDayPower("Van", "Gasoline", "Generator"), EndDay())


# -- lines 32 to 36: in the church, leaving it, exclusive powers ------------------------------

@pytest.mark.parametrize(("item", "power"), [("Flashlight", "Investigate"),
                                             ("Chalk", "Tracking")])
def test_a_power_that_leaves_the_church_puts_its_user_outside_the_lit_church(item, power):
    # lines 113 and 111: both require their user to leave the church; line 34: he is then
    # no longer in it, for being the target of powers too
    state = choose(lit_night({"Cat": (item,), "Dan": ("First Aid Kit",)}), "Cat",
                   use(item, power, "Ann"))
    state = choose(state, "Dan", use("First Aid Kit", "Protection", "Cat"))
    assert dead(outcome(kill(state, "Cat"))) == ["Cat"]


def test_the_kit_guards_a_player_who_stays_in_from_any_night_kill():
    # line 115: "cannot be killed by a night action": the Vigilante's too
    state = choose(night_of({"Cat": ("First Aid Kit",)}), "Cat",
                   use("First Aid Kit", "Protection", "Dan"))
    state = choose(state, "Vig", use("Vigilante", "Execute", "Dan"))
    assert dead(outcome(state)) == []


def test_the_scum_kill_does_not_take_its_killer_out_of_the_church():
    # the book never says it does (only scavenging and some powers take a player out); so a
    # Flashlight on the killer, even of a scavenger, shows nothing
    state = choose(night_of({"Cat": ("Flashlight",)}), "Cat",
                   use("Flashlight", "Investigate", "Pat"))
    state = choose(state, "Dan", scavenge="The Cafe")
    result = outcome(kill(state, "Dan", killer="Pat"))
    assert dead(result) == ["Dan"]
    assert told(result, "Cat").startswith("Pat stayed in the church; you learned nothing.")


# -- line 30: gifts ------------------------------------------------------------------------

def test_a_gift_needs_a_living_receiver_and_only_by_day():
    state = resolve(kill(night_of({"Cat": ("Knife",)}), "Dan"))
    with pytest.raises(RuleError, match="Gifts"):
        run(state, GiveItem("Cat", "Knife", "Dan"))
    before = state
    with pytest.raises(RuleError, match="Gifts"):
        run(state, GiveItem("Cat", "Knife", "Nobody"))
    assert state == before
    given = run(state, GiveItem("Cat", "Knife", "Van"))
    assert player(given, "Van").holds("Knife") and not player(given, "Cat").holds("Knife")
    # by night (twilight included) no item changes hands
    with pytest.raises(RuleError, match="Gifts"):
        run(given, EndDay(), GiveItem("Van", "Knife", "Cat"))


# -- lines 107 to 138: the items' finer points ------------------------------------------------

def test_the_gun_is_aimed_at_another_player():
    with pytest.raises(RuleError, match="Targets"):
        choose(night_of({"Cat": ("Gun",)}), "Cat", use("Gun", "Gunshot", "Cat"))


@pytest.mark.parametrize(("item", "power"), [("Chalk", "Tracking")])
def test_the_flashlight_and_the_chalk_look_at_another_player(item, power):
    # line 111: the Chalk's user goes out to follow a target who learns he was followed; the
    # reading (checks docstring) is another player, where the Black Book's "any player" may
    # be its holder; the Flashlight may be aimed at its holder since round 22
    # (test_dealers_calls.py)
    with pytest.raises(RuleError, match="must target another player"):
        choose(night_of({"Cat": (item,)}), "Cat", use(item, power, "Cat"))
    assert choose(night_of({"Cat": (item,)}), "Cat", use(item, power, "Dan")).choice("Cat")


def test_the_vest_stops_the_knifes_strike_too():
    # line 109: any death but a lynch
    state = night_of({"Cat": ("Knife",), "Pat": ("Bulletproof Vest",)})
    state = choose(state, "Cat", use("Knife", "Paranoid Bodyguard", "Dan"))
    result = outcome(kill(state, "Dan", killer="Pat"))
    assert dead(result) == []
    assert ("Pat", "Bulletproof Vest") in {(s.player, s.source) for s in result.spent
                                           if s.discard}


def test_a_note_of_any_length_reaches_the_post_whole():
    # line 125: a note of any length
    text = "It was Pat. " * 400
    state = choose(night_of({"Cat": ("Notebook",)}), "Cat",
                   use("Notebook", "Notes", text=text))
    post = resolve(state).posts[-1]
    assert any(text in line for line in post.lines)


def test_a_late_note_of_any_length_is_taken_too():
    text = "Gus lies. " * 400
    state = run(resolve(kill(night_of({"Cat": ("Notebook",)}), "Cat")), AddLateNote("Cat", text))
    assert any(text.strip() in line for line in state.posts[-1].lines)


def test_the_relic_holder_is_still_the_target_of_scum_powers():
    # line 134: every other power, Scum powers included, still reaches him
    state = night_of({"Ann": ("Relic",)})
    state = choose(state, "Ann", use("Cop", "Interrogate", "Eve"))
    state = choose(state, "Eve", use("Despair", "Hopelessness", "Ann"))
    result = outcome(state)
    assert "held you back" in told(result, "Ann") and "Eve is" not in told(result, "Ann")


def test_the_black_book_may_be_aimed_at_anyone():
    # line 136: "any player"
    state = choose(night_of({"Cat": ("Black Book",)}), "Cat",
                   use("Black Book", "Dark Ritual", "Cat"))
    assert state.choice("Cat") is not None


# -- lines 142 to 179: the locations, as the book lists them ----------------------------------

def test_the_locations_are_the_books_in_its_order():
    table = {loc.name: (loc.opens, loc.closes, loc.entries) for loc in book_locations()}
    assert table == {
        "The Hardware Store": (1, 3, ("Crowbar", "Hammer and Nails")),
        "The School": (1, 3, ("Chalk", "Notebook")),
        "The Garage": (1, 3, ("Gasoline", "Flashlight")),
        "The Cafe": (1, 3, ("Knife", "First Aid Kit")),
        "The Hospital": (2, 4, ("First Aid Kit", AVATAR, "Adrenaline")),
        "The Hotel": (2, 4, ("Crucifix", AVATAR, "Alcohol")),
        "The Police Station": (2, 4, ("Bulletproof Vest", AVATAR, "Gun")),
        "The Asylum": (3, None, (AVATAR, "Relic")),
        "The Lake": (3, None, (AVATAR, "Black Book")),
    }


# -- line 183: an empty location ------------------------------------------------------------

def test_a_lone_scavenger_who_takes_the_last_item_learns_the_place_is_empty():
    state = choose(night_of(), "Cat", scavenge="The Garage")
    state = choose(run(resolve(state), EndDay()), "Dan", scavenge="The Garage")
    result = outcome(state)
    assert "The Garage has nothing more to find." in told(result, "Dan")
    assert [h.item for h in player(resolve(state), "Dan").items] == ["Flashlight"]
