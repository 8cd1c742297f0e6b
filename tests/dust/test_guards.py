"""The Knife and the Crucifix against jails and blocks, and a jailer who is blocked (book
lines 118-123 and 137-138): a jail and a block are night actions aimed at a player like any
other, so a guard on that player catches them, and a blocked jailer locks no one up."""

from __future__ import annotations

from gmscreen.games.dust.night import NightOutcome
from tests.dust.game import choose, dead, kill, night_of, outcome, told, use


def discarded(result: NightOutcome) -> set[tuple[str, str]]:
    return {(s.player, s.source) for s in result.spent if s.discard}


def test_a_block_on_the_knifes_charge_is_stopped_and_the_blocker_dies():
    # line 123: "targeted by a night action": the Reverend's block is one
    state = choose(night_of({"Cat": ("Knife",)}), "Cat",
                   use("Knife", "Paranoid Bodyguard", "Ann"))
    state = choose(state, "Rev", use("Reverend", "Vigil", "Ann"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Pat"))
    result = outcome(state)
    assert dead(result) == ["Rev"]
    assert "Pat is SCUM." in told(result, "Ann")
    assert "held you back" not in told(result, "Ann")
    assert "Someone came for Ann; you struck." in told(result, "Cat")
    assert ("Cat", "Knife") in discarded(result)


def test_a_jail_on_the_knifes_charge_is_stopped_and_the_jailer_dies():
    state = night_of({"Cat": ("Knife",), "Dan": ("Hammer and Nails",)})
    state = choose(state, "Cat", use("Knife", "Paranoid Bodyguard", "Ann"))
    state = choose(state, "Dan", use("Hammer and Nails", "Jailer", "Ann"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Eve"))
    result = outcome(state)
    assert dead(result) == ["Dan"]
    assert "Eve is SCUM." in told(result, "Ann") and "locked up" not in told(result, "Ann")
    # the Hammer was used on its way to Ann: it is spent all the same, and its user hears
    # what he hears of a jail that landed
    assert ("Dan", "Hammer and Nails") in discarded(result)
    assert told(result, "Dan").startswith("You used your Hammer and Nails on Ann.")


def test_the_knife_still_takes_the_kill_before_a_block():
    # one action only, the kill first: the block lands and the killer dies
    state = choose(night_of({"Cat": ("Knife",)}), "Cat",
                   use("Knife", "Paranoid Bodyguard", "Ann"))
    state = choose(state, "Rev", use("Reverend", "Vigil", "Ann"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Pat"))
    result = outcome(kill(state, "Ann", killer="Eve"))
    assert dead(result) == ["Eve"]
    assert "held you back" in told(result, "Ann")


def test_a_blocked_knife_guards_no_one():
    state = choose(night_of({"Cat": ("Knife",)}), "Cat",
                   use("Knife", "Paranoid Bodyguard", "Ann"))
    state = choose(state, "Eve", use("Despair", "Hopelessness", "Cat"))
    state = choose(state, "Rev", use("Reverend", "Vigil", "Ann"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Pat"))
    result = outcome(state)
    assert dead(result) == []
    assert "held you back" in told(result, "Ann") and "held you back" in told(result, "Cat")


def test_the_crucifix_draws_a_block_onto_its_holder():
    # line 138: "a night action targeting that player" now targets the holder
    state = choose(night_of({"Cat": ("Crucifix", "Notebook")}), "Cat",
                   use("Crucifix", "Lightning Rod", "Ann"),
                   use("Notebook", "Notes", text="I hold the cross."))
    state = choose(state, "Eve", use("Despair", "Hopelessness", "Ann"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Pat"))
    result = outcome(state)
    assert "Pat is SCUM." in told(result, "Ann") and "held you back" not in told(result, "Ann")
    assert "held you back" in told(result, "Cat")
    assert result.notes == ()
    assert ("Cat", "Crucifix") in discarded(result)


def test_the_crucifix_draws_a_jail_onto_its_holder_who_is_then_safe_from_the_kill():
    state = night_of({"Cat": ("Crucifix",), "Dan": ("Hammer and Nails",)})
    state = choose(state, "Cat", use("Crucifix", "Lightning Rod", "Ann"))
    state = choose(state, "Dan", use("Hammer and Nails", "Jailer", "Ann"))
    result = outcome(kill(state, "Cat", killer="Eve"))
    assert dead(result) == []
    assert "locked up" in told(result, "Cat") and "locked up" not in told(result, "Ann")


def test_a_blocked_jailer_locks_no_one_up_and_keeps_his_hammer():
    # the jail is a night action like the Reverend's block: a block on the jailer stops it
    state = choose(night_of({"Dan": ("Hammer and Nails",)}), "Dan",
                   use("Hammer and Nails", "Jailer", "Ann"))
    state = choose(state, "Rev", use("Reverend", "Vigil", "Dan"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Pat"))
    result = outcome(kill(state, "Ann", killer="Eve"))
    assert dead(result) == ["Ann"]
    assert "Pat is SCUM." in told(result, "Ann") and "locked up" not in told(result, "Ann")
    assert ("Dan", "Hammer and Nails") not in discarded(result)


def test_a_jailer_and_a_blocker_aimed_at_each_other_both_fail():
    # as a ring of blockers: neither can act first, so both are held back
    state = choose(night_of({"Dan": ("Hammer and Nails",)}), "Dan",
                   use("Hammer and Nails", "Jailer", "Rev"))
    state = choose(state, "Rev", use("Reverend", "Vigil", "Dan"))
    result = outcome(state)
    assert "locked up" in told(result, "Rev") and "held you back" in told(result, "Dan")


def test_the_jailed_players_adrenaline_is_kept_the_blocked_ones_alcohol_is_spent():
    state = night_of({"Ann": ("Adrenaline",), "Bob": ("Alcohol",),
                      "Dan": ("Hammer and Nails",)})
    state = choose(state, "Dan", use("Hammer and Nails", "Jailer", "Ann"))
    state = choose(state, "Ann", use("Adrenaline", "Energy"), use("Cop", "Interrogate", "Pat"))
    state = choose(state, "Rev", use("Reverend", "Vigil", "Bob"))
    state = choose(state, "Bob", use("Alcohol", "Comfortably Numb"),
                   use("Doctor", "Tend", "Cat"))
    result = outcome(state)
    assert ("Ann", "Adrenaline") not in discarded(result)
    assert ("Bob", "Alcohol") in discarded(result)
    assert "held you back" in told(result, "Bob")


def test_the_watchman_sees_the_blocker_the_knife_struck_as_he_sees_a_struck_killer():
    state = choose(night_of({"Cat": ("Knife",)}), "Cat",
                   use("Knife", "Paranoid Bodyguard", "Ann"))
    state = choose(state, "Rev", use("Reverend", "Vigil", "Ann"))
    state = choose(state, "Wat", use("Night Watchman", "Keep Watch", "Ann"))
    assert "Who came to Ann: Cat, Rev." in told(outcome(state), "Wat")


# -- what does not set the Knife off (docs/rules/dust.md, the Knife's reading) ---------------
# Paranoia's turn and the Crucifix are settled before the guards stand (the turns stage comes
# before the Knife's), and a guard catches only what is aimed at its charge among the kills,
# jails, blocks, protections and looks: turns and guards are not on that list, or two guards
# on one player would catch each other in a circle.

def test_paranoias_turn_on_the_knifes_charge_does_not_set_the_knife_off():
    state = choose(night_of({"Cat": ("Knife",)}), "Cat",
                   use("Knife", "Paranoid Bodyguard", "Ann"))
    state = choose(state, "Pat", use("Paranoia", "Delusion", "Ann", "Bob"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Eve"))
    result = outcome(state)
    assert dead(result) == []
    # Ann's look was turned onto Bob; she is told the result under the name she chose
    assert "Eve is TOWN." in told(result, "Ann")
    assert "You stood guard over Ann; nothing came." in told(result, "Cat")
    assert ("Cat", "Knife") in discarded(result)


def test_an_action_paranoia_turns_onto_the_charge_is_caught_and_its_user_struck_not_paranoia():
    state = choose(night_of({"Cat": ("Knife",)}), "Cat",
                   use("Knife", "Paranoid Bodyguard", "Ann"))
    state = choose(state, "Vig", use("Vigilante", "Execute", "Eve"))
    state = choose(state, "Pat", use("Paranoia", "Delusion", "Vig", "Ann"))
    result = outcome(state)
    assert dead(result) == ["Vig"]
    assert "Someone came for Ann; you struck." in told(result, "Cat")


def test_a_crucifix_on_the_knifes_charge_does_not_set_the_knife_off():
    state = night_of({"Cat": ("Knife",), "Dan": ("Crucifix",)})
    state = choose(state, "Cat", use("Knife", "Paranoid Bodyguard", "Ann"))
    state = choose(state, "Dan", use("Crucifix", "Lightning Rod", "Ann"))
    result = outcome(state)
    assert dead(result) == []
    assert "You stood guard over Ann; nothing came." in told(result, "Cat")
    # nothing was aimed at Ann, so the Crucifix drew nothing and is kept
    assert ("Dan", "Crucifix") not in discarded(result)


def test_the_crucifix_draws_the_kill_before_the_knife_stands_so_the_knife_strikes_no_one():
    # the turns stage comes first: the kill now aims at the Crucifix's holder, not the charge
    state = night_of({"Cat": ("Knife",), "Dan": ("Crucifix",)})
    state = choose(state, "Cat", use("Knife", "Paranoid Bodyguard", "Ann"))
    state = choose(state, "Dan", use("Crucifix", "Lightning Rod", "Ann"))
    result = outcome(kill(state, "Ann", killer="Eve"))
    assert dead(result) == ["Dan"]
    assert "You stood guard over Ann; nothing came." in told(result, "Cat")


def test_a_second_knife_on_the_same_charge_does_not_set_the_first_off():
    state = night_of({"Cat": ("Knife",), "Dan": ("Knife",)})
    state = choose(state, "Cat", use("Knife", "Paranoid Bodyguard", "Ann"))
    state = choose(state, "Dan", use("Knife", "Paranoid Bodyguard", "Ann"))
    result = outcome(state)
    assert dead(result) == []
    for holder in ("Cat", "Dan"):
        assert "You stood guard over Ann; nothing came." in told(result, holder)
        assert (holder, "Knife") in discarded(result)
