"""What a player who aims a power is told: only what his attempt on the player he chose
shows (the book's Crucifix, line 138, and Crowbar, line 121, must not give their holders
away). Each test is written from the book and was seen to fail before the fix."""

from __future__ import annotations

import pytest

from gmscreen.games.dust.commands import EndDay, UseDayPower
from tests.dust.game import (
    choose,
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

ATTEMPT = "You made the Scum's attempt on Dan's life."


def dead(result) -> list[str]:
    return [d.player for d in result.deaths]


def lit_night(items: dict[str, tuple[str, ...]]):
    """Night 1 with the church lit by Van's Gasoline."""
    state = new_game({"Van": ("Gasoline",), **items})
    return run(state, UseDayPower("Van", "Gasoline", "Generator"), EndDay())


# -- the Crucifix (line 138): the killer never learns whose it was ---------------------------

def test_the_killer_whose_kill_the_crucifix_drew_hears_only_of_his_chosen_victim():
    state = choose(night_of({"Cat": ("Crucifix",)}), "Cat",
                   use("Crucifix", "Lightning Rod", "Dan"))
    result = outcome(kill(state, "Dan", killer="Pat"))
    assert dead(result) == ["Cat"]  # the day's post tells everyone who died, as always
    assert told(result, "Pat") == ATTEMPT
    assert "Cat" not in told(result, "Pat")


def test_in_the_lit_church_the_crucifix_is_not_given_away_either():
    # Dan goes out; Cat, in the lit church, draws the kill: it fails there, and the killer
    # hears what he hears when a victim outside survives
    state = choose(lit_night({"Cat": ("Crucifix",)}), "Cat",
                   use("Crucifix", "Lightning Rod", "Dan"))
    state = choose(state, "Dan", scavenge="The Cafe")
    result = outcome(kill(state, "Dan", killer="Pat"))
    assert dead(result) == [] and told(result, "Pat") == ATTEMPT
    # Dan stays in the lit church: the same words with the Crucifix as without it
    without = outcome(kill(lit_night({}), "Dan", killer="Pat"))
    state = choose(lit_night({"Cat": ("Crucifix",)}), "Cat",
                   use("Crucifix", "Lightning Rod", "Dan"))
    drawn = outcome(kill(state, "Dan", killer="Pat"))
    assert told(drawn, "Pat") == told(without, "Pat")
    assert "Dan stayed in the lit church" in told(drawn, "Pat") and "Cat" not in told(drawn, "Pat")


@pytest.mark.parametrize(("holder", "item", "power"), [
    ("Vig", "Vigilante", "Execute"),
    ("Van", "Gun", "Gunshot"),
])
def test_a_shot_the_crucifix_drew_is_told_as_a_shot_at_the_chosen_target(holder, item, power):
    state = night_of({"Cat": ("Crucifix",), "Van": ("Gun",)})
    state = choose(state, "Cat", use("Crucifix", "Lightning Rod", "Dan"))
    state = choose(state, holder, use(item, power, "Dan"))
    result = outcome(state)
    assert "Cat" not in told(result, holder)
    assert "Dan" in told(result, holder)


def test_an_investigation_the_crucifix_drew_is_told_under_the_chosen_name():
    # the Cop aims at Dan; Cat's Crucifix draws it; Cat carries the Relic and reads as Scum
    state = night_of({"Cat": ("Crucifix", "Relic")})
    state = choose(state, "Cat", use("Crucifix", "Lightning Rod", "Dan"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Dan"))
    result = outcome(state)
    assert told(result, "Ann") == "Dan is SCUM."


# -- the Crowbar (line 121) against a protection (line 115) ------------------------------------

def hid(state):
    return choose(state, "Dan", use("Crowbar", "Hiding"))


def tended(state):
    return choose(state, "Bob", use("Doctor", "Tend", "Dan"))


def kitted(state):
    return choose(state, "Cat", use("First Aid Kit", "Protection", "Dan"))


@pytest.mark.parametrize("guard", [tended, kitted])
def test_the_scum_killer_hears_the_same_whether_his_victim_hid_or_was_protected(guard):
    items = {"Dan": ("Crowbar",), "Cat": ("First Aid Kit",)}
    hiding = outcome(kill(hid(night_of(items)), "Dan", killer="Pat"))
    guarded = outcome(kill(guard(night_of(items)), "Dan", killer="Pat"))
    assert dead(hiding) == dead(guarded) == []
    assert told(hiding, "Pat") == told(guarded, "Pat") == ATTEMPT


def test_the_vigilante_hears_and_spends_the_same_whether_his_target_hid_or_was_tended():
    items = {"Dan": ("Crowbar",)}
    hiding = choose(hid(night_of(items)), "Vig", use("Vigilante", "Execute", "Dan"))
    guarded = choose(tended(night_of(items)), "Vig", use("Vigilante", "Execute", "Dan"))
    assert told(outcome(hiding), "Vig") == told(outcome(guarded), "Vig")
    assert [player(resolve(s), "Vig").times_used("Execute") for s in (hiding, guarded)] == [1, 1]


def test_the_gun_hears_the_same_whether_its_target_hid_or_stayed_in_the_kit():
    items = {"Dan": ("Crowbar",), "Cat": ("First Aid Kit",), "Van": ("Gun",)}
    hiding = choose(hid(night_of(items)), "Van", use("Gun", "Gunshot", "Dan"))
    guarded = choose(kitted(night_of(items)), "Van", use("Gun", "Gunshot", "Dan"))
    assert told(outcome(hiding), "Van") == told(outcome(guarded), "Van")


def test_the_cop_hears_the_same_whether_his_target_hid_or_went_out():
    # line 121: no night action can take a hider as its target, and the book tells no one
    # that he hid; our Cop questions a player who stays in the church (line 32's condition),
    # so a hider is as far from his questions as a scavenger, in the same words
    items = {"Dan": ("Crowbar",)}
    hiding = choose(hid(night_of(items)), "Ann", use("Cop", "Interrogate", "Dan"))
    out = choose(night_of(items), "Dan", scavenge="The Cafe")
    out = choose(out, "Ann", use("Cop", "Interrogate", "Dan"))
    assert told(outcome(hiding), "Ann") == told(outcome(out), "Ann")
    assert "TOWN" not in told(outcome(hiding), "Ann")
    assert "hid" not in told(outcome(hiding), "Ann").lower()
    # a player who stays in the church, and does nothing, reads as he reads
    stayed = choose(night_of(items), "Ann", use("Cop", "Interrogate", "Dan"))
    assert told(outcome(stayed), "Ann") == "Dan is TOWN."


# -- the day's post: the thread learns who died and their flips, never which kill was whose --

@pytest.mark.parametrize("scum_victim, vigilante_victim", [("Van", "Cat"), ("Cat", "Van")])
def test_the_post_names_the_dead_in_the_roster_order_whoever_killed_them(
        scum_victim, vigilante_victim):
    # the Scum's kill is resolved before the Vigilante's shot; had the post followed the
    # resolution, its first death would always be the Scum's victim
    state = choose(night_of(), "Vig", use("Vigilante", "Execute", vigilante_victim))
    state = kill(state, scum_victim)
    result = outcome(state)
    assert sorted(dead(result)) == ["Cat", "Van"]
    deaths = [line for line in result.post.lines if "was found dead" in line]
    assert [line.split()[0] for line in deaths] == ["Cat", "Van"]


@pytest.mark.parametrize("first, second", [("Ann", "Vet"), ("Vet", "Ann")])
def test_the_post_gives_two_notes_in_an_order_that_says_nothing_of_who_wrote_them(
        first, second):
    # a table that adds a second Notebook may see two notes found one morning (line 125);
    # who holds a Notebook is his secret, so the order of the notes must not follow the
    # roster (Ann sits first, Vet far down): swapping the writers changes nothing
    state = night_of({"Ann": ("Notebook",), "Vet": ("Notebook",)})
    state = choose(state, first, use("Notebook", "Notes", text="Gus was out all night."))
    state = choose(state, second, use("Notebook", "Notes", text="Ann lies about the Cafe."))
    notes = [line for line in outcome(state).post.lines if line.startswith("A note")]
    assert notes == ["A note was found: \u201cAnn lies about the Cafe.\u201d",
                     "A note was found: \u201cGus was out all night.\u201d"]
