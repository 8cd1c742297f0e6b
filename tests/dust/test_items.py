"""Every item of the book, its text as tests (the night resolved through the engine)."""

from __future__ import annotations

import pytest

from gmscreen.games.dust.commands import EndDay, GiveItem, UseDayPower
from gmscreen.games.dust.powers import book_items
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


def discarded(result) -> set[tuple[str, str]]:
    return {(s.player, s.source) for s in result.spent if s.discard}


# -- Gun -----------------------------------------------------------------------------------

def test_gun_kills_a_target_who_leaves_the_church_and_is_spent():
    state = night_of({"Cat": ("Gun",)})
    state = choose(state, "Cat", use("Gun", "Gunshot", "Dan"))
    state = choose(state, "Dan", scavenge="The Cafe")
    result = outcome(state)
    assert dead(result) == ["Dan"]
    assert ("Cat", "Gun") in discarded(result)


def test_gun_does_not_fire_at_a_target_who_stays_inside_and_is_kept():
    state = choose(night_of({"Cat": ("Gun",)}), "Cat", use("Gun", "Gunshot", "Dan"))
    result = outcome(state)
    assert dead(result) == []
    assert ("Cat", "Gun") not in discarded(result)
    assert "did not fire" in told(result, "Cat")


def test_gun_is_spent_once_fired_even_when_the_target_survives():
    state = night_of({"Cat": ("Gun",)})
    state = choose(state, "Cat", use("Gun", "Gunshot", "Dan"))
    state = choose(state, "Dan", scavenge="The Cafe")
    state = choose(state, "Bob", use("Doctor", "Tend", "Dan"))
    result = outcome(state)
    assert dead(result) == []
    assert ("Cat", "Gun") in discarded(result)


def test_gun_takes_its_user_out_of_the_lit_church_where_the_scum_can_reach_him():
    state = new_game({"Cat": ("Gun",), "Van": ("Gasoline",)})
    state = run(state, UseDayPower("Van", "Gasoline", "Generator"))
    state = resolve_day(state)
    state = choose(state, "Cat", use("Gun", "Gunshot", "Dan"))
    state = kill(state, "Cat")
    assert dead(outcome(state)) == ["Cat"]


def resolve_day(state):
    from gmscreen.games.dust.commands import EndDay
    return run(state, EndDay())


# -- Bulletproof Vest ----------------------------------------------------------------------

def test_vest_stops_one_night_death_and_is_discarded():
    state = kill(night_of({"Cat": ("Bulletproof Vest",)}), "Cat")
    result = outcome(state)
    assert dead(result) == []
    assert ("Cat", "Bulletproof Vest") in discarded(result)
    assert "Bulletproof Vest" in told(result, "Cat")


def test_vest_stops_only_one_death_a_night():
    state = kill(night_of({"Cat": ("Bulletproof Vest",)}), "Cat")
    state = choose(state, "Vig", use("Vigilante", "Execute", "Cat"))
    assert dead(outcome(state)) == ["Cat"]


def test_vest_does_not_stop_a_lynch():
    from gmscreen.games.dust.commands import Vote
    state = new_game({"Cat": ("Bulletproof Vest",)})
    voters = [p.name for p in state.living if p.name != "Cat"][: state.majority]
    state = run(state, *(Vote(v, "Cat") for v in voters))
    cat = state.player("Cat")
    assert cat is not None and not cat.alive and cat.items == ()


# -- Chalk ---------------------------------------------------------------------------------

def test_chalk_names_who_the_target_met_and_the_target_learns_he_was_followed():
    state = night_of({"Cat": ("Chalk",)})
    state = choose(state, "Cat", use("Chalk", "Tracking", "Dan"))
    state = choose(state, "Dan", scavenge="The School")
    state = choose(state, "Van", scavenge="The School")
    result = outcome(state)
    assert "Dan met: Van." in told(result, "Cat")
    assert "Someone followed you tonight." in told(result, "Dan")
    assert "Cat" not in told(result, "Dan")
    assert ("Cat", "Chalk") in discarded(result)


def test_chalk_on_a_target_who_stays_inside_tells_little_is_kept_and_he_is_told():
    # line 111: the target learns he was followed, wherever he spent the night; the Chalk is
    # discarded only when the target went out and it told something
    state = choose(night_of({"Cat": ("Chalk",)}), "Cat", use("Chalk", "Tracking", "Dan"))
    result = outcome(state)
    assert "Dan stayed in the church all night." in told(result, "Cat")
    assert told(result, "Dan") == "Someone followed you tonight."
    assert ("Cat", "Chalk") not in discarded(result)


# -- Flashlight ----------------------------------------------------------------------------

def test_flashlight_shows_the_alignment_of_a_target_who_went_out_and_is_spent():
    state = night_of({"Cat": ("Flashlight",)})
    state = choose(state, "Cat", use("Flashlight", "Investigate", "Dan"))
    state = choose(state, "Dan", scavenge="The Cafe")
    result = outcome(state)
    assert "Dan is TOWN." in told(result, "Cat")
    assert ("Cat", "Flashlight") in discarded(result)


def test_flashlight_on_a_target_inside_shows_nothing_and_is_kept():
    state = choose(night_of({"Cat": ("Flashlight",)}), "Cat",
                   use("Flashlight", "Investigate", "Eve"))
    result = outcome(state)
    assert "SCUM" not in told(result, "Cat")
    assert ("Cat", "Flashlight") not in discarded(result)


# -- First Aid Kit -------------------------------------------------------------------------

def test_first_aid_kit_saves_a_player_in_the_church_and_is_spent():
    state = choose(night_of({"Cat": ("First Aid Kit",)}), "Cat",
                   use("First Aid Kit", "Protection", "Dan"))
    result = outcome(kill(state, "Dan"))
    assert dead(result) == []
    assert ("Cat", "First Aid Kit") in discarded(result)


def test_first_aid_kit_does_nothing_for_a_player_who_went_out():
    state = choose(night_of({"Cat": ("First Aid Kit",)}), "Cat",
                   use("First Aid Kit", "Protection", "Dan"))
    state = choose(state, "Dan", scavenge="The Cafe")
    result = outcome(kill(state, "Dan"))
    assert dead(result) == ["Dan"]
    assert ("Cat", "First Aid Kit") not in discarded(result)


def test_first_aid_kit_is_kept_when_no_one_was_attacked():
    state = choose(night_of({"Cat": ("First Aid Kit",)}), "Cat",
                   use("First Aid Kit", "Protection", "Dan"))
    assert ("Cat", "First Aid Kit") not in discarded(outcome(state))


# -- Gasoline and Alcohol's generator --------------------------------------------------------

@pytest.mark.parametrize("item", ["Gasoline", "Alcohol"])
def test_generator_lights_the_church_tells_everyone_but_not_who(item):
    state = run(new_game({"Cat": (item,)}), UseDayPower("Cat", item, "Generator"))
    assert state.lit
    assert not player(state, "Cat").holds(item)
    post = state.posts[-1]
    assert "generator" in " ".join(post.lines) and "Cat" not in " ".join(post.lines)
    state = kill(resolve_day(state), "Dan")
    assert dead(outcome(state)) == []


def test_the_church_cannot_be_lit_twice_or_after_the_hammer_falls():
    state = run(new_game({"Cat": ("Gasoline",), "Dan": ("Alcohol",)}),
                UseDayPower("Cat", "Gasoline", "Generator"))
    with pytest.raises(RuleError, match="Generator"):
        run(state, UseDayPower("Dan", "Alcohol", "Generator"))
    with pytest.raises(RuleError, match="Day powers"):
        run(resolve_day(state), UseDayPower("Dan", "Alcohol", "Generator"))


def test_the_church_is_lit_for_that_night_only_and_the_next_is_dark():
    # line 117: the generator lights the church "that night"; the next night, with no
    # generator, the Scum's kill reaches a player inside again (round 16: no test said so)
    state = run(new_game({"Cat": ("Gasoline",)}), UseDayPower("Cat", "Gasoline", "Generator"))
    state = kill(resolve_day(state), "Dan")
    assert dead(outcome(state)) == []
    state = resolve(state)
    assert (state.phase, state.number, state.lit) == ("day", 2, False)
    state = kill(resolve_day(state), "Dan")
    assert dead(outcome(state)) == ["Dan"]


def test_a_second_copy_of_an_item_is_kept_when_the_first_is_spent():
    # line 38: items may be had again by scavenging, so a player may hold two alike; the
    # First Aid Kit that saves a life is spent (line 115), the other copy stays his
    state = choose(night_of({"Bob": ("First Aid Kit", "First Aid Kit")}), "Bob",
                   use("First Aid Kit", "Protection", "Ann"))
    result = outcome(kill(state, "Ann"))
    assert dead(result) == [] and ("Bob", "First Aid Kit") in discarded(result)
    after = resolve(kill(state, "Ann"))
    assert [h.item for h in player(after, "Bob").items] == ["First Aid Kit"]


def test_the_knifes_holder_is_not_told_whom_a_vest_saved():
    # line 123 tells the holder nothing; the Cop who came for his charge lived, so no post
    # names him, and the holder's word must not either
    state = choose(night_of({"Van": ("Knife",), "Ann": ("Bulletproof Vest",)}), "Van",
                   use("Knife", "Paranoid Bodyguard", "Cat"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Cat"))
    result = outcome(state)
    assert dead(result) == []
    assert "Ann" not in told(result, "Van")
    assert "Someone came for Cat; you struck." in told(result, "Van")


def test_the_lit_church_does_not_stop_other_kills():
    state = run(new_game({"Cat": ("Gasoline",)}), UseDayPower("Cat", "Gasoline", "Generator"))
    state = choose(resolve_day(state), "Vig", use("Vigilante", "Execute", "Dan"))
    assert dead(outcome(state)) == ["Dan"]


# -- Hammer and Nails ----------------------------------------------------------------------

def test_hammer_and_nails_stops_every_action_and_every_night_kill():
    state = choose(night_of({"Cat": ("Hammer and Nails",)}), "Cat",
                   use("Hammer and Nails", "Jailer", "Ann"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Eve"))
    result = outcome(kill(state, "Ann"))
    assert dead(result) == []
    assert "SCUM" not in told(result, "Ann")
    assert "locked up" in told(result, "Ann") and "Cat" not in told(result, "Ann")
    assert ("Cat", "Hammer and Nails") in discarded(result)


def test_the_jailer_is_told_whom_he_boarded_in_and_that_the_hammer_is_gone():
    # line 119: the Hammer is expended on the target; its user hears it named, as the mod
    # confirms any action, and never "Your night passed quietly"
    state = choose(night_of({"Cat": ("Hammer and Nails",)}), "Cat",
                   use("Hammer and Nails", "Jailer", "Ann"))
    assert told(outcome(state), "Cat") == ("You used your Hammer and Nails on Ann. "
                                           "Your Hammer and Nails is gone.")


def test_hammer_and_nails_on_the_killer_stops_the_night_kill():
    state = choose(night_of({"Cat": ("Hammer and Nails",)}), "Cat",
                   use("Hammer and Nails", "Jailer", "Pat"))
    assert dead(outcome(kill(state, "Dan", killer="Pat"))) == []


def test_hammer_and_nails_against_a_kill_other_than_the_scums():
    state = choose(night_of({"Cat": ("Hammer and Nails",)}), "Cat",
                   use("Hammer and Nails", "Jailer", "Dan"))
    state = choose(state, "Vig", use("Vigilante", "Execute", "Dan"))
    assert dead(outcome(state)) == []


# -- Crowbar -------------------------------------------------------------------------------

def test_crowbar_hides_its_user_from_every_later_action_and_is_spent():
    state = choose(night_of({"Cat": ("Crowbar",)}), "Cat", use("Crowbar", "Hiding"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Cat"))
    result = outcome(kill(state, "Cat"))
    assert dead(result) == []
    # line 121 tells no one that he hid: the Cop hears what he hears of a player who went out
    assert told(result, "Ann") == ("Cat could not be found in the church tonight; "
                                   "you learned nothing.")
    assert ("Cat", "Crowbar") in discarded(result)


@pytest.mark.parametrize(("by", "aimed"), [
    ("Rev", use("Reverend", "Vigil", "Cat")),
    ("Eve", use("Despair", "Hopelessness", "Cat")),
    ("Dan", use("Hammer and Nails", "Jailer", "Cat")),
    ("Pat", use("Paranoia", "Delusion", "Cat", "Ann")),
])
def test_crowbar_no_block_jail_or_turn_can_take_a_hider_as_its_target(by, aimed):
    # line 121: a hider cannot be the target of any night action, so nothing stops his hiding
    state = night_of({"Cat": ("Crowbar",), "Dan": ("Hammer and Nails",)})
    state = choose(choose(state, "Cat", use("Crowbar", "Hiding")), by, aimed)
    result = outcome(kill(state, "Cat", killer="Gus"))
    assert dead(result) == []
    assert "hid in the crawlspace" in told(result, "Cat")
    assert "held you back" not in told(result, "Cat") and "locked up" not in told(result, "Cat")
    # used as on a player who stayed in: the user cannot tell that his man hid (the jailer
    # hears the words he hears of any player he boarded in)
    stayed = night_of({"Cat": ("Crowbar",), "Dan": ("Hammer and Nails",)})
    assert told(result, by) == told(outcome(kill(choose(stayed, by, aimed), "Cat",
                                                 killer="Gus")), by)
    assert ("Cat", "Crowbar") in discarded(result)
    assert (("Dan", "Hammer and Nails") in discarded(result)) == (by == "Dan")


@pytest.mark.parametrize(("by", "aimed"), [
    ("Cat", use("Flashlight", "Investigate", "Dan")),
    ("Tom", use("Tracker", "Follow the Trail", "Dan")),
])
def test_crowbar_a_look_that_leaves_the_church_goes_out_after_the_hider_all_the_same(by, aimed):
    # lines 34, 113: the power takes its user out; that its target hid (line 121) does not
    # keep him in, or the lit church would shelter him and give the hiding away
    state = night_of({"Cat": ("Flashlight",), "Dan": ("Crowbar",), "Van": ("Gasoline",)})
    state = run(resolve(state), UseDayPower("Van", "Gasoline", "Generator"), EndDay())
    state = choose(choose(state, "Dan", use("Crowbar", "Hiding")), by, aimed)
    result = outcome(kill(state, by))
    assert dead(result) == [by]


def test_crowbar_paranoia_cannot_turn_an_action_onto_a_hider():
    # the hider is one of the Delusion's two targets, so it fails: the shot goes where aimed
    state = choose(night_of({"Cat": ("Crowbar",)}), "Cat", use("Crowbar", "Hiding"))
    state = choose(state, "Vig", use("Vigilante", "Execute", "Eve"))
    state = choose(state, "Pat", use("Paranoia", "Delusion", "Vig", "Cat"))
    result = outcome(state)
    assert dead(result) == ["Eve"]
    # Paranoia hears the turn he sent named back, as he would had Cat stayed in
    assert told(result, "Pat") == "You used Delusion on Vig and Cat."


# -- Knife ---------------------------------------------------------------------------------

def test_knife_against_the_scum_kill_saves_the_charge_and_kills_the_killer():
    state = choose(night_of({"Cat": ("Knife",)}), "Cat", use("Knife", "Paranoid Bodyguard", "Dan"))
    result = outcome(kill(state, "Dan", killer="Pat"))
    assert dead(result) == ["Pat"]
    assert "Pat was found dead. Pat was Dust's manifestation of PARANOIA, SCUM-aligned." \
        in result.post.lines
    assert ("Cat", "Knife") in discarded(result)
    # the moderator's step reads as one sentence: the kill's killer set apart from the strike
    assert "Cat's Knife (Paranoid Bodyguard) stops the Scum's night kill (carried out by Pat) " \
        "and strikes at Pat." in [step.text for step in result.steps]


def test_knife_guards_its_own_user():
    state = choose(night_of({"Cat": ("Knife",)}), "Cat", use("Knife", "Paranoid Bodyguard", "Cat"))
    assert dead(outcome(kill(state, "Cat", killer="Eve"))) == ["Eve"]


def test_knife_is_paranoid_it_kills_a_friendly_visitor_too():
    state = choose(night_of({"Cat": ("Knife",)}), "Cat", use("Knife", "Paranoid Bodyguard", "Dan"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Dan"))
    result = outcome(state)
    assert dead(result) == ["Ann"]
    assert "Dan is" not in told(result, "Ann")


def test_knife_stops_only_one_action_the_kill_first():
    state = choose(night_of({"Cat": ("Knife",)}), "Cat", use("Knife", "Paranoid Bodyguard", "Dan"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Dan"))
    result = outcome(kill(state, "Dan", killer="Pat"))
    assert dead(result) == ["Pat"]
    assert "Dan is TOWN." in told(result, "Ann")


def test_knife_is_spent_even_when_nothing_comes():
    state = choose(night_of({"Cat": ("Knife",)}), "Cat", use("Knife", "Paranoid Bodyguard", "Dan"))
    assert ("Cat", "Knife") in discarded(outcome(state))


# -- Notebook ------------------------------------------------------------------------------

def test_notebook_note_is_found_at_dawn_and_it_holds_two_notes():
    state = choose(night_of({"Cat": ("Notebook",)}), "Cat",
                   use("Notebook", "Notes", text="Gus lies."))
    state = resolve(state)
    assert "A note was found: \u201cGus lies.\u201d" in state.posts[-1].lines
    assert player(state, "Cat").items[0].used == 1
    state = resolve_day(state)
    state = choose(state, "Cat", use("Notebook", "Notes", text="Still true."))
    state = resolve(state)
    assert not player(state, "Cat").holds("Notebook")


def test_the_writer_is_told_when_his_note_is_found_and_the_notes_left():
    # line 124: the note is found when the next day begins, and the Notebook holds two
    state = choose(night_of({"Cat": ("Notebook",)}), "Cat",
                   use("Notebook", "Notes", text="Gus lies."))
    assert told(outcome(state), "Cat") == ("Your note will be found when Day 2 begins. "
                                           "Your Notebook holds one more note.")
    state = choose(resolve_day(resolve(state)), "Cat",
                   use("Notebook", "Notes", text="Still true."))
    assert told(outcome(state), "Cat") == ("Your note will be found when Day 3 begins. "
                                           "Your Notebook is gone.")


def test_a_note_survives_its_writers_death():
    state = choose(night_of({"Cat": ("Notebook",)}), "Cat",
                   use("Notebook", "Notes", text="It was Pat."))
    result = outcome(kill(state, "Cat"))
    assert dead(result) == ["Cat"] and result.notes == ("It was Pat.",)


def test_hammer_and_nails_stops_a_note_and_the_notebook_keeps_it():
    # line 119: the jail stops "any night action"; line 125: the note is a night action (the
    # leave to write one after death is about death, not about a locked door)
    state = night_of({"Cat": ("Notebook",), "Dan": ("Hammer and Nails",)})
    state = choose(state, "Cat", use("Notebook", "Notes", text="It was Pat."))
    state = choose(state, "Dan", use("Hammer and Nails", "Jailer", "Cat"))
    result = outcome(state)
    assert result.notes == () and "A note was found" not in " ".join(result.post.lines)
    assert "locked up" in told(result, "Cat")
    assert player(resolve(state), "Cat").items[0].used == 0


def test_black_book_blocks_a_scums_note_and_is_spent():
    # line 136: every power the Scum has is blocked, his Notebook's too
    state = night_of({"Cat": ("Black Book",), "Pat": ("Notebook",)})
    state = choose(state, "Cat", use("Black Book", "Dark Ritual", "Pat"))
    state = choose(state, "Pat", use("Notebook", "Notes", text="Trust Gus."))
    result = outcome(state)
    assert result.notes == ()
    assert ("Cat", "Black Book") in discarded(result)


def test_a_writer_held_back_tonight_and_killed_has_no_late_note():
    state = night_of({"Cat": ("Notebook",)})
    state = choose(state, "Rev", use("Reverend", "Vigil", "Cat"))
    assert resolve(kill(state, "Cat")).late_notes == ()


# -- Rucksack: see test_scavenging ------------------------------------------------------------

# -- Adrenaline ----------------------------------------------------------------------------

def test_adrenaline_against_a_block_the_powers_work():
    state = night_of({"Ann": ("Adrenaline",)})
    state = choose(state, "Ann", use("Cop", "Interrogate", "Eve"), use("Adrenaline", "Energy"))
    state = choose(state, "Rev", use("Reverend", "Vigil", "Ann"))
    result = outcome(state)
    assert "Eve is SCUM." in told(result, "Ann")
    assert ("Ann", "Adrenaline") in discarded(result)


def test_adrenaline_is_discarded_even_when_no_one_blocks():
    state = choose(night_of({"Ann": ("Adrenaline",)}), "Ann", use("Adrenaline", "Energy"))
    assert ("Ann", "Adrenaline") in discarded(outcome(state))


def test_adrenaline_does_not_open_a_locked_door_and_is_kept():
    state = night_of({"Ann": ("Adrenaline",), "Cat": ("Hammer and Nails",)})
    state = choose(state, "Ann", use("Cop", "Interrogate", "Eve"), use("Adrenaline", "Energy"))
    state = choose(state, "Cat", use("Hammer and Nails", "Jailer", "Ann"))
    result = outcome(state)
    assert "SCUM" not in told(result, "Ann")
    assert ("Ann", "Adrenaline") not in discarded(result)


# -- Alcohol -------------------------------------------------------------------------------

def test_alcohol_shakes_off_hopelessness():
    state = night_of({"Ann": ("Alcohol",)})
    state = choose(state, "Ann", use("Cop", "Interrogate", "Pat"),
                   use("Alcohol", "Comfortably Numb"))
    state = choose(state, "Eve", use("Despair", "Hopelessness", "Ann"))
    result = outcome(state)
    assert "Pat is SCUM." in told(result, "Ann")
    assert ("Ann", "Alcohol") in discarded(result)


def test_alcohol_does_not_shake_off_a_block_that_is_not_hopelessness():
    state = night_of({"Ann": ("Alcohol",)})
    state = choose(state, "Ann", use("Cop", "Interrogate", "Pat"),
                   use("Alcohol", "Comfortably Numb"))
    state = choose(state, "Rev", use("Reverend", "Vigil", "Ann"))
    result = outcome(state)
    assert "Pat is" not in told(result, "Ann")
    assert ("Ann", "Alcohol") in discarded(result)


# -- Relic ---------------------------------------------------------------------------------

def test_relic_turns_away_the_scum_kill_and_crumbles():
    result = outcome(kill(night_of({"Cat": ("Relic",)}), "Cat"))
    assert dead(result) == []
    assert ("Cat", "Relic") in discarded(result)


def test_relic_does_not_stop_other_kills():
    state = choose(night_of({"Cat": ("Relic",)}), "Vig", use("Vigilante", "Execute", "Cat"))
    result = outcome(state)
    assert dead(result) == ["Cat"]


def test_relic_makes_its_holder_read_as_scum_and_it_cannot_be_given():
    state = choose(night_of({"Cat": ("Relic",)}), "Ann", use("Cop", "Interrogate", "Cat"))
    assert "Cat is SCUM." in told(outcome(state), "Ann")
    with pytest.raises(RuleError, match="Untradeable"):
        run(new_game({"Cat": ("Relic",)}), GiveItem("Cat", "Relic", "Dan"))


def test_relic_outweighs_the_godfathers_clean_reading():
    state = choose(night_of({"Gus": ("Relic",)}, godfather_reads_town=True), "Ann",
                   use("Cop", "Interrogate", "Gus"))
    assert "Gus is SCUM." in told(outcome(state), "Ann")


# -- Black Book ----------------------------------------------------------------------------

def test_black_book_blocks_a_scums_power_and_is_spent():
    state = night_of({"Cat": ("Black Book",)})
    state = choose(state, "Cat", use("Black Book", "Dark Ritual", "Eve"))
    state = choose(state, "Eve", use("Despair", "Hopelessness", "Ann"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Pat"))
    result = outcome(state)
    assert "Pat is SCUM." in told(result, "Ann")
    assert ("Cat", "Black Book") in discarded(result)


def test_black_book_does_not_stop_the_night_kill():
    state = choose(night_of({"Cat": ("Black Book",)}), "Cat",
                   use("Black Book", "Dark Ritual", "Pat"))
    result = outcome(kill(state, "Dan", killer="Pat"))
    assert dead(result) == ["Dan"]
    assert ("Cat", "Black Book") not in discarded(result)


def test_black_book_on_a_town_player_does_nothing_and_says_nothing():
    state = night_of({"Cat": ("Black Book",)})
    state = choose(state, "Cat", use("Black Book", "Dark Ritual", "Ann"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Pat"))
    result = outcome(state)
    assert "Pat is SCUM." in told(result, "Ann")
    # named back as sent, in the words a Scum target would bring: no free alignment check
    assert told(result, "Cat") == "You used your Black Book on Ann."
    assert ("Cat", "Black Book") not in discarded(result)


def test_black_book_makes_its_holder_read_as_scum_and_cannot_be_given():
    state = choose(night_of({"Cat": ("Black Book",)}), "Ann", use("Cop", "Interrogate", "Cat"))
    assert "Cat is SCUM." in told(outcome(state), "Ann")
    with pytest.raises(RuleError, match="Untradeable"):
        run(new_game({"Cat": ("Black Book",)}), GiveItem("Cat", "Black Book", "Dan"))



def test_black_books_card_puts_its_scum_condition_on_the_target_not_its_user():
    # line 136: aimed at any player, it works if that player is Scum; a Town finder reading
    # his card must not take it for a power only the Scum may use
    book = next(item for item in book_items() if item.name == "Black Book")
    assert "Dark Ritual (night, exclusive, works on Scum only)" in book.card()[1]

# -- Crucifix ------------------------------------------------------------------------------

def test_crucifix_against_a_gun_the_shot_comes_to_the_church_and_is_not_fired():
    state = night_of({"Cat": ("Crucifix",), "Van": ("Gun",)})
    state = choose(state, "Van", use("Gun", "Gunshot", "Dan"))
    state = choose(state, "Dan", scavenge="The Cafe")
    state = choose(state, "Cat", use("Crucifix", "Lightning Rod", "Dan"))
    result = outcome(state)
    assert dead(result) == []
    assert ("Cat", "Crucifix") in discarded(result)
    assert ("Van", "Gun") not in discarded(result)


def test_crucifix_draws_the_scum_kill_onto_its_user():
    state = choose(night_of({"Cat": ("Crucifix",)}), "Cat",
                   use("Crucifix", "Lightning Rod", "Dan"))
    result = outcome(kill(state, "Dan"))
    assert dead(result) == ["Cat"]


def test_crucifix_with_nothing_to_catch_is_kept():
    state = choose(night_of({"Cat": ("Crucifix",)}), "Cat",
                   use("Crucifix", "Lightning Rod", "Dan"))
    assert ("Cat", "Crucifix") not in discarded(outcome(state))


def test_crucifix_must_target_another_player():
    with pytest.raises(RuleError, match="Targets"):
        choose(night_of({"Cat": ("Crucifix",)}), "Cat", use("Crucifix", "Lightning Rod", "Cat"))


def test_knife_does_not_turn_on_its_charge_tending_himself():
    state = night_of({"Cat": ("Knife",), "Dan": ("First Aid Kit",)})
    state = choose(state, "Cat", use("Knife", "Paranoid Bodyguard", "Dan"))
    state = choose(state, "Dan", use("First Aid Kit", "Protection", "Dan"))
    assert dead(outcome(state)) == []
