"""Stop 62: where two night actions meet, read by a reader who had not built the engine
(docs/rules/dust.md, "Where rules meet (stop 62)"). Each test failed before its fix."""

from __future__ import annotations

from gmscreen.games.dust import checks, view
from gmscreen.games.dust.commands import GiveItem, ModKill
from gmscreen.games.dust.state import DustState
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


def items(state: DustState, name: str) -> list[str]:
    return [held.item for held in player(state, name).items]


def test_no_guard_catches_the_scums_kill_on_the_relics_holder() -> None:
    """Lines 134, 138, 123: the Relic's holder cannot be the target of the Scum's night
    kill, as a hider cannot be of any action (line 121). Cat's Crucifix over Dan, who
    carries the Relic, drew the kill onto Cat, who died, Dan keeping the Relic; Cat's
    Knife over him killed the Scum's killer. Now the kill fails on Dan, the Relic
    crumbles, the Crucifix draws nothing and the Knife catches nothing."""
    crucifix = choose(night_of({"Cat": ("Crucifix",), "Dan": ("Relic",)}), "Cat",
                      use("Crucifix", "Lightning Rod", "Dan"))
    crucifix = kill(crucifix, "Dan")
    assert dead(outcome(crucifix)) == []
    after = resolve(crucifix)
    assert items(after, "Dan") == [] and items(after, "Cat") == ["Crucifix"]
    knife = choose(night_of({"Cat": ("Knife",), "Dan": ("Relic",)}), "Cat",
                   use("Knife", "Paranoid Bodyguard", "Dan"))
    knife = kill(knife, "Dan")
    night = outcome(knife)
    assert dead(night) == []
    assert "nothing came" in told(night, "Cat")
    assert items(resolve(knife), "Dan") == []


def test_two_vests_that_each_stop_a_death_are_both_gone() -> None:
    """Line 109: a Vest stops one death, then is discarded. Dan wore two, and the Scum's
    kill and the Vigilante's shot each met one: both stopped, one discarded, and he went
    on wearing a Vest that had saved him already."""
    state = night_of({"Dan": ("Bulletproof Vest", "Bulletproof Vest")})
    state = choose(state, "Vig", use("Vigilante", "Execute", "Dan"))
    state = kill(state, "Dan")
    assert dead(outcome(state)) == []
    assert items(resolve(state), "Dan") == []
    # one attack, one Vest spent, the other kept
    one = kill(night_of({"Dan": ("Bulletproof Vest", "Bulletproof Vest")}), "Dan")
    assert items(resolve(one), "Dan") == ["Bulletproof Vest"]


def test_a_lone_scum_is_not_offered_as_the_target_of_his_own_kill() -> None:
    """The kill form's Target offered the lone Scum left, already filled in as its killer,
    as a target: the rules refuse it ("carries out the kill on another player"), so a
    moderator who typed his name there met a refusal the list had invited. With more than
    one Scum alive, each may still be the target of another's kill."""
    state = night_of()
    killers, victims = checks.kill_choices(state)
    assert set(killers) <= set(victims)
    for scum in ("Eve", "Gus"):
        state = run(state, ModKill(scum, "left the table"))
    killers, victims = checks.kill_choices(state)
    assert killers == ["Pat"] and "Pat" not in victims and victims


def test_the_moderators_totals_say_lost_of_the_dead_alone() -> None:
    """The moderator's "Won and lost" read "lost Crowbar" of a living player who had used it
    up, or of one who gave an item away, as of one killed with it: items go with the dead
    (line 195), but a gift or a use is no loss. The living "no longer hold" it."""
    before = new_game({"Cat": ("Knife",), "Bob": ("Gasoline",)})
    after = run(before, GiveItem("Cat", "Knife", "Dan"), ModKill("Bob", "left the table"))
    totals = view.dealer_totals(before, after)
    assert "Cat: no longer holds Knife" in totals and "Dan: gained Knife" in totals
    assert "Bob: lost Gasoline" in totals, totals
