"""The night's rule checks and the order of resolution, with its conflicts and readings."""

from __future__ import annotations

import pytest

from gmscreen.games.dust.commands import ChooseKill, ResolveNight
from gmscreen.games.dust.night import lot_ties, resolve_night
from gmscreen.games.dust.night_rules import lots_note
from gmscreen.journal.rules import RuleError
from tests.dust.game import (
    choose,
    dead,
    kill,
    lots,
    night_of,
    outcome,
    player,
    resolve,
    run,
    to_night,
    told,
    use,
)

# -- choices that break a rule are refused, naming it -------------------------------------------

@pytest.mark.parametrize(("player", "uses", "scavenge", "rule"), [
    ("Ann", [use("Cop", "Interrogate", "Eve")], "The Cafe", "Exclusive"),
    ("Vet", [use("Veteran", "On Alert")], "The Cafe", "Exclusive"),
    ("Ann", [use("Cop", "Interrogate")], "", "Targets"),
    ("Ann", [use("Cop", "Interrogate", "Ann")], "", "Targets"),
    ("Ann", [use("Cop", "Interrogate", "Nobody")], "", "Targets"),
    ("Ann", [use("Doctor", "Tend", "Eve")], "", "Powers"),
    ("Ann", [use("Gun", "Gunshot", "Eve")], "", "Powers"),
    ("Pat", [use("Paranoia", "Delusion", "Ann", "Ann")], "", "Targets"),
    ("Ann", [], "The Hospital", "Locations"),
    ("Ann", [], "Nowhere", "Locations"),
    ("Cat", [use("Notebook", "Notes", text="  ")], "", "Notes"),
    ("Cat", [use("Notebook", "Notes", text="a"), use("Notebook", "Notes", text="b")], "",
     "One use a night"),
])
def test_bad_night_choices_are_refused(player, uses, scavenge, rule):
    state = night_of({"Cat": ("Notebook",)})
    with pytest.raises(RuleError, match=rule):
        choose(state, player, *uses, scavenge=scavenge)


def test_a_scavenger_uses_no_power_of_his_role_not_even_one_that_is_not_exclusive():
    # book line 36: scavenging fills the night and keeps the scavenger from his role's
    # other powers; the items' powers that are not exclusive still go with it
    from dataclasses import replace

    from gmscreen.games.dust.commands import DefineRole
    state = night_of({"Ann": ("Notebook",)})
    cop = state.role("Cop")
    assert cop is not None
    state = run(state, DefineRole(replace(cop, powers=tuple(
        replace(p, exclusive=False) for p in cop.powers))))
    before = state
    with pytest.raises(RuleError, match="Scavenging") as refused:
        choose(state, "Ann", use("Cop", "Interrogate", "Eve"), scavenge="The Cafe")
    assert refused.value.field == "uses" and state == before
    both = choose(state, "Ann", use("Notebook", "Notes", text="gone to the cafe"),
                  scavenge="The Cafe")
    assert both.choice("Ann") is not None
    # by the church, the power that is not exclusive still goes beside another's whole night
    assert choose(state, "Ann", use("Cop", "Interrogate", "Eve")).choice("Ann") is not None


def test_the_hammer_and_nails_boards_in_another_player_the_kit_and_knife_may_guard_oneself():
    state = night_of({"Cat": ("Hammer and Nails",), "Dan": ("First Aid Kit",),
                      "Van": ("Knife",)})
    with pytest.raises(RuleError, match="Targets"):
        choose(state, "Cat", use("Hammer and Nails", "Jailer", "Cat"))
    state = choose(state, "Dan", use("First Aid Kit", "Protection", "Dan"))
    state = choose(state, "Van", use("Knife", "Paranoid Bodyguard", "Van"))
    assert state.choice("Dan") is not None and state.choice("Van") is not None


def test_a_power_that_needs_the_church_cannot_go_with_one_that_leaves_it():
    from gmscreen.games.dust.commands import AddPlayer, DefineItem, EndDay, StartGame, UseBookSetUp
    from gmscreen.games.dust.powers import ItemDef, Power
    from gmscreen.games.dust.state import DustState
    lantern = ItemDef("Lantern", (Power("Night Walk", "watch", leaves_church=True,
                                        target="other"),))
    state = run(DustState(), UseBookSetUp(), DefineItem(lantern),
                AddPlayer("Vet", "Veteran", ("Lantern",)), AddPlayer("Ann", "Cop"),
                AddPlayer("Cat", "Vanilla Town"), AddPlayer("Eve", "Despair"),
                StartGame(), EndDay())
    with pytest.raises(RuleError, match="In the church"):
        choose(state, "Vet", use("Veteran", "On Alert"), use("Lantern", "Night Walk", "Eve"))
    assert choose(state, "Vet", use("Lantern", "Night Walk", "Eve")).choice("Vet") is not None


def test_a_power_that_needs_the_lit_church_works_only_on_a_lit_night():
    from datetime import datetime

    from gmscreen.games.dust.commands import (
        AddPlayer,
        DefineRole,
        EndDay,
        StartGame,
        UseBookSetUp,
        UseDayPower,
    )
    from gmscreen.games.dust.events import KINDS, RoleData, RoleDefined
    from gmscreen.games.dust.powers import Power, RoleDef
    from gmscreen.games.dust.state import DustState
    from gmscreen.journal.events import Event
    reader = RoleDef("Reader", "town", "the READER", (Power(
        "Read by Lamplight", "investigate", target="other", church="lit"),))
    assert reader.powers[0].conditions == ("night", "church lit")
    # it travels in the journal whole
    written = KINDS.new(RoleDefined(RoleData.of(reader)))
    assert KINDS.read(Event(1, datetime(2026, 1, 1), 1, written.kind, written.data, 1)
                      ).role.role() == reader
    state = run(DustState(), UseBookSetUp(), DefineRole(reader), AddPlayer("Ann", "Reader"),
                AddPlayer("Cat", "Vanilla Town", ("Gasoline",)), AddPlayer("Dan", "Cop"),
                AddPlayer("Eve", "Despair"), StartGame())
    dark = run(state, EndDay())
    with pytest.raises(RuleError, match="Church") as refused:
        choose(dark, "Ann", use("Reader", "Read by Lamplight", "Eve"))
    assert "tonight it is dark" in str(refused.value)
    lit = run(state, UseDayPower("Cat", "Gasoline", "Generator"), EndDay())
    lit = choose(lit, "Ann", use("Reader", "Read by Lamplight", "Eve"))
    assert "Eve is SCUM." in told(outcome(lit), "Ann")


def test_a_refused_choice_changes_nothing():
    state = choose(night_of(), "Ann", use("Cop", "Interrogate", "Eve"))
    with pytest.raises(RuleError):
        choose(state, "Ann", use("Cop", "Interrogate", "Ann"))
    choice = state.choice("Ann")
    assert choice is not None and choice.uses[0].targets == ("Eve",)


def test_a_non_exclusive_item_goes_with_an_exclusive_power():
    state = choose(night_of({"Ann": ("Adrenaline",)}), "Ann", use("Cop", "Interrogate", "Eve"),
                   use("Adrenaline", "Energy"))
    choice = state.choice("Ann")
    assert choice is not None and len(choice.uses) == 2


def test_guilt_picks_the_kill_and_the_killer():
    state = night_of()
    with pytest.raises(RuleError, match="Godfather"):
        run(state, ChooseKill("Pat", "Pat", "Ann"))
    with pytest.raises(RuleError, match="Night kill"):
        run(state, ChooseKill("Gus", "Ann", "Bob"))
    # one of the Scum may be the target (round 21: line 98 sets no limit), never the killer
    with pytest.raises(RuleError, match="not on himself"):
        run(state, ChooseKill("Gus", "Pat", "Pat"))
    state = run(state, ChooseKill("Gus", "Eve", "Ann"))
    assert state.kill is not None and state.kill.killer == "Eve"
    state = run(state, ChooseKill("Gus", "", ""))
    assert state.kill is None


def test_after_guilt_dies_the_other_scum_pick_the_kill():
    state = choose(night_of({"Cat": ("Knife",)}), "Cat", use("Knife", "Paranoid Bodyguard", "Cat"))
    state = to_night(resolve(kill(state, "Cat", killer="Gus")), 2)
    assert not player(state, "Gus").alive
    state = run(state, ChooseKill("Pat", "Eve", "Ann"))
    assert state.kill is not None


def test_the_killer_spends_his_night_on_the_kill():
    state = choose(night_of(), "Eve", use("Despair", "Hopelessness", "Ann"))
    with pytest.raises(RuleError, match="Exclusive"):
        run(state, ChooseKill("Gus", "Eve", "Ann"))
    state = kill(night_of(), "Bob", killer="Eve")
    with pytest.raises(RuleError, match="Exclusive"):
        choose(state, "Eve", use("Despair", "Hopelessness", "Ann"))


def test_the_lots_must_name_every_living_player_once():
    state = night_of()
    with pytest.raises(RuleError, match="Lots"):
        run(state, ResolveNight(("Ann",)))
    with pytest.raises(RuleError, match="Lots"):
        run(state, ResolveNight((*lots(state)[:-1], "Ann")))


def test_nothing_happens_by_night_outside_the_night():
    from gmscreen.games.dust.commands import ChooseNight
    from gmscreen.games.dust.state import NightChoice
    from tests.dust.game import new_game
    with pytest.raises(RuleError, match="Night actions"):
        run(new_game(), ChooseNight(NightChoice("Ann")))


# -- the order of resolution and its conflicts -----------------------------------------------------

def test_the_doctor_protects_wherever_the_target_goes():
    state = choose(night_of(), "Bob", use("Doctor", "Tend", "Cat"))
    state = choose(state, "Cat", scavenge="The Cafe")
    assert dead(outcome(kill(state, "Cat"))) == []


def test_a_blocked_scavenger_stays_inside_and_finds_nothing():
    state = choose(night_of(), "Cat", scavenge="The Cafe")
    state = choose(state, "Rev", use("Reverend", "Vigil", "Cat"))
    result = outcome(state)
    assert result.found == ()
    assert "held you back" in told(result, "Cat")


def test_blocking_the_killer_stops_the_kill():
    state = choose(night_of(), "Rev", use("Reverend", "Vigil", "Pat"))
    assert dead(outcome(kill(state, "Ann", killer="Pat"))) == []


def test_a_blocked_blocker_does_not_block_and_a_ring_of_blockers_all_fail():
    state = choose(night_of(), "Rev", use("Reverend", "Vigil", "Eve"))
    state = choose(state, "Eve", use("Despair", "Hopelessness", "Ann"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Pat"))
    assert "Pat is SCUM." in told(outcome(state), "Ann")
    state = choose(state, "Eve", use("Despair", "Hopelessness", "Rev"))
    result = outcome(state)
    assert "held you back" in told(result, "Rev") and "held you back" in told(result, "Eve")


def test_paranoia_turns_a_kill_onto_someone_else():
    state = choose(night_of(), "Vig", use("Vigilante", "Execute", "Eve"))
    state = choose(state, "Pat", use("Paranoia", "Delusion", "Vig", "Cat"))
    result = outcome(state)
    assert dead(result) == ["Cat"]


def test_the_scum_cannot_kill_in_the_lit_church_but_can_outside():
    from gmscreen.games.dust.commands import EndDay, UseDayPower
    from tests.dust.game import new_game
    state = run(new_game({"Van": ("Gasoline",)}), UseDayPower("Van", "Gasoline", "Generator"),
                EndDay())
    result = outcome(kill(state, "Ann"))
    assert dead(result) == []
    assert "The church was lit all night." in result.post.lines
    state = choose(kill(state, "Cat"), "Cat", scavenge="The Cafe")
    assert dead(outcome(state)) == ["Cat"]


def test_the_veteran_on_alert_survives_and_kills_every_visitor():
    state = choose(night_of(), "Vet", use("Veteran", "On Alert"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Vet"))
    result = outcome(kill(state, "Vet", killer="Pat"))
    assert sorted(dead(result)) == ["Ann", "Pat"]
    assert "Ann" in told(result, "Vet") and "Pat" in told(result, "Vet")


def test_the_veterans_alerts_run_out():
    state = choose(night_of(), "Vet", use("Veteran", "On Alert"))
    state = choose(to_night(resolve(state), 2), "Vet", use("Veteran", "On Alert"))
    state = to_night(resolve(state), 3)
    with pytest.raises(RuleError, match="Uses"):
        choose(state, "Vet", use("Veteran", "On Alert"))


def test_the_vigilante_keeps_a_shot_that_was_never_fired():
    # held back by the Reverend, he never fired (a shot at a hider is fired: test_secrecy)
    state = choose(night_of(), "Vig", use("Vigilante", "Execute", "Cat"))
    state = resolve(choose(state, "Rev", use("Reverend", "Vigil", "Vig")))
    vig = state.player("Vig")
    assert vig is not None and vig.times_used("Execute") == 0


def test_tracker_and_watchman_see_the_killer():
    state = choose(night_of(), "Tom", use("Tracker", "Follow the Trail", "Pat"))
    state = choose(state, "Wat", use("Night Watchman", "Keep Watch", "Bob"))
    result = outcome(kill(state, "Bob", killer="Pat"))
    assert "Pat went to: Bob." in told(result, "Tom")
    assert "Who came to Bob: Pat." in told(result, "Wat")


def test_the_godfathers_choice_is_no_visit_the_tracker_follows_the_one_who_kills():
    # line 98: Guilt picks the kill and the Scum who carries it out; only the killer goes to
    # the victim, so the Tracker on Guilt sees no one and the Watchman names the killer alone
    state = choose(night_of(), "Tom", use("Tracker", "Follow the Trail", "Gus"))
    state = choose(state, "Wat", use("Night Watchman", "Keep Watch", "Bob"))
    result = outcome(kill(state, "Bob", killer="Pat"))
    assert "Gus went to: no one." in told(result, "Tom")
    assert "Who came to Bob: Pat." in told(result, "Wat")

def guilt_looked_at(reads_town: bool):
    """Night 1: Guilt goes out with a Gun and a Flashlight looks at him; on a night he
    stays in, the Cop questions him (our Cop questions players in the church)."""
    state = night_of({"Gus": ("Gun",), "Cat": ("Flashlight",)}, godfather_reads_town=reads_town)
    state = choose(state, "Gus", use("Gun", "Gunshot", "Dan"))
    out = choose(state, "Cat", use("Flashlight", "Investigate", "Gus"))
    inside = choose(night_of(godfather_reads_town=reads_town), "Ann",
                    use("Cop", "Interrogate", "Gus"))
    return outcome(out), outcome(inside)


def test_guilt_reads_as_scum_by_the_book():
    # line 98: Guilt is Scum-aligned, and "godfather" means the one who picks the kill;
    # line 113: the Flashlight learns alignment; only the Relic and the Black Book
    # (lines 134, 136) change how a player shows
    out, inside = guilt_looked_at(False)
    assert told(inside, "Ann") == "Gus is SCUM."
    assert told(out, "Cat").startswith("Gus is SCUM.")
    guilt = night_of().role("Guilt")
    assert guilt is not None and guilt.godfather and guilt.powers == ()


def test_a_table_may_choose_the_usual_godfather_who_reads_as_town():
    out, inside = guilt_looked_at(True)
    assert told(inside, "Ann") == "Gus is TOWN."
    assert told(out, "Cat").startswith("Gus is TOWN.")
    guilt = night_of(godfather_reads_town=True).role("Guilt")
    assert guilt is not None and [(p.name, p.effect, p.tag) for p in guilt.powers] == [
        ("Clean Conscience", "appear", "town")]


def test_the_godfather_choice_is_in_the_journal_and_the_log():
    from datetime import datetime

    from gmscreen.games.dust import RULES
    from gmscreen.games.dust.commands import UseBookSetUp
    from gmscreen.games.dust.state import DustState
    from gmscreen.journal.events import Event

    def guilt_line(reads_town: bool) -> str:
        events = RULES.decide(DustState(), UseBookSetUp(godfather_reads_town=reads_town))
        guilt = next(e for e in events if e.kind == "dust.role_defined"
                     and e.data["role"]["name"] == "Guilt")
        return RULES.describe(Event(1, datetime(2026, 1, 1), 1, guilt.kind, guilt.data, 1))

    assert guilt_line(False) == "Role defined: Guilt (scum)."
    assert guilt_line(True) == ("Role defined: Guilt (scum), by the table's choice: the "
                                "godfather reads as Town.")


def test_a_player_killed_tonight_still_gets_his_result():
    state = choose(night_of(), "Ann", use("Cop", "Interrogate", "Eve"))
    result = outcome(kill(state, "Ann"))
    assert dead(result) == ["Ann"] and "Eve is SCUM." in told(result, "Ann")


def test_every_step_is_written_down_in_order():
    state = choose(night_of({"Cat": ("Hammer and Nails",)}), "Cat",
                   use("Hammer and Nails", "Jailer", "Ann"))
    result = outcome(kill(state, "Bob"))
    stages = [s.stage for s in result.steps]
    assert stages.index("choices") < stages.index("jails") < stages.index("church") \
        < stages.index("kills")
    assert any("Bob dies" in s.text for s in result.steps)


def test_the_night_is_resolved_the_same_from_the_same_lots():
    state = night_of()
    for name in ("Cat", "Dan", "Van"):
        state = choose(state, name, scavenge="The Cafe")
    order = lots(state, "Dan", "Van")
    assert resolve_night(state, order) == resolve_night(state, order)


# -- the lots -------------------------------------------------------------------------------------

def lot_night():
    """Night 1: every tie the lots settle, each among some of the players, and the Scum's
    kill, which comes first and ties with nothing."""
    state = night_of({"Cat": ("Gun",), "Dan": ("Knife",), "Ino": ("Knife",),
                      "Van": ("Crucifix",)})
    state = choose(state, "Vig", use("Vigilante", "Execute", "Eve"))
    state = choose(state, "Cat", use("Gun", "Gunshot", "Eve"))
    state = choose(state, "Dan", use("Knife", "Paranoid Bodyguard", "Bob"))
    state = choose(state, "Rev", use("Reverend", "Vigil", "Bob"))
    state = choose(state, "Eve", use("Despair", "Hopelessness", "Bob"))
    state = choose(state, "Van", use("Crucifix", "Lightning Rod", "Ann"))
    state = choose(state, "Ino", use("Knife", "Paranoid Bodyguard", "Ann"))
    state = choose(state, "Tom", use("Tracker", "Follow the Trail", "Ann"))
    state = choose(state, "Wat", scavenge="The Cafe")
    state = choose(state, "Dri", scavenge="The Cafe")
    return kill(state, "Tom")


def test_the_lots_name_every_tie_they_settle_tonight_and_who_competes():
    # line 191 names one tie (the finds at a place); the others are ours (`night`): the
    # kills other than the Scum's on one player, the like actions a guard chooses among,
    # and two guards on one player
    assert lot_ties(lot_night()) == [
        "who is served first at The Cafe (Wat, Dri)",
        "the order of the kills on Eve (Cat, Vig)",
        "which of the blocks on Bob Dan's Knife catches (Rev, Eve)",
        "which guard on Ann catches first (Van's Crucifix, Ino's Knife)",
    ]
    # one of each settles nothing
    state = night_of({"Dan": ("Knife",)})
    state = choose(state, "Vig", use("Vigilante", "Execute", "Eve"))
    state = choose(state, "Dan", use("Knife", "Paranoid Bodyguard", "Bob"))
    state = choose(state, "Rev", use("Reverend", "Vigil", "Bob"))
    state = choose(state, "Wat", scavenge="The Cafe")
    assert lot_ties(kill(state, "Bob")) == []


def test_the_lots_form_names_every_tie_it_settles_tonight():
    state = lot_night()
    note = lots_note(state, lots(state))
    assert note.startswith("Tonight the lots settle who is served first at The Cafe (Wat, Dri); "
                           "the order of the kills on Eve (Cat, Vig); which of the blocks on "
                           "Bob Dan's Knife catches (Rev, Eve); which guard on Ann catches "
                           "first (Van's Crucifix, Ino's Knife): draw among each")


def test_the_lots_decide_those_ties_as_they_say():
    # the same night under two draws: who takes The Cafe's first find, and whose block
    # Dan's Knife catches (its user struck), turn on the lots as the form says
    state = lot_night()
    first = outcome(state, "Wat", "Rev")
    second = outcome(state, "Dri", "Eve")
    assert first.found[0].player == "Wat" and second.found[0].player == "Dri"
    assert "Rev" in {d.player for d in first.deaths}
    assert "Rev" not in {d.player for d in second.deaths}


def test_a_wrong_count_of_targets_says_how_many_were_chosen():
    # round 64: "Lightning Rod takes 1 target" read as a miscount when none was chosen
    state = night_of({"Cat": ("Notebook",)})
    with pytest.raises(RuleError) as none:
        choose(state, "Ann", use("Cop", "Interrogate"))
    assert none.value.message == "Interrogate takes 1 target; none chosen"
    with pytest.raises(RuleError) as two:
        choose(state, "Ann", use("Cop", "Interrogate", "Eve", "Cat"))
    assert two.value.message == "Interrogate takes 1 target; 2 targets chosen"
