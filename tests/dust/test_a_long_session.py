"""Stop 62: where two night actions meet, read by a reader who had not built the engine
(docs/rules/dust.md, "Where rules meet (stop 62)"). Each test failed before its fix."""

from __future__ import annotations

from gmscreen.games.dust.state import DustState
from tests.dust.game import choose, dead, kill, night_of, outcome, player, resolve, told, use


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
