"""Seeded random games through the decider: whatever the players send, within the rules, a
night resolves, nothing is left that does not add up, and each player at dusk is told
something once."""

from __future__ import annotations

import random

import pytest

from gmscreen.games.dust import RULES
from gmscreen.games.dust.commands import (
    ChooseKill,
    ChooseNight,
    EndDay,
    GiveItem,
    ResolveNight,
    UseDayPower,
    Vote,
)
from gmscreen.games.dust.state import DustState, NightChoice, PowerUse
from gmscreen.journal.rules import RuleError
from tests.dust.game import CAST, new_game, run

ITEMS = ("Gun", "Bulletproof Vest", "Chalk", "Flashlight", "First Aid Kit", "Gasoline",
         "Hammer and Nails", "Crowbar", "Knife", "Notebook", "Rucksack", "Adrenaline",
         "Alcohol", "Relic", "Black Book", "Crucifix")
TARGETS = {"none": 0, "other": 1, "any": 1, "two": 2}


def attempt(state: DustState, command: object) -> DustState:
    """The command if the rules allow it; a refused one changes nothing."""
    try:
        return run(state, command)
    except RuleError:
        return state


def day(state: DustState, rng: random.Random) -> DustState:
    for _ in range(3):
        player = rng.choice(state.living)
        if player.items:
            item = player.items[0].item
            state = attempt(state, rng.choice([
                GiveItem(player.name, item, rng.choice(state.living).name),
                UseDayPower(player.name, item, "Generator")]))
    if rng.random() < 0.5:
        return run(state, EndDay())
    target = rng.choice(state.living).name
    for voter in [p.name for p in state.living]:
        if state.phase == "day":
            state = attempt(state, Vote(voter, target))
    return state


def night_choice(state: DustState, name: str, rng: random.Random) -> NightChoice:
    player = state.player(name)
    assert player is not None
    uses = []
    for source in [player.role, *(h.item for h in player.items)]:
        holder = state.role(source) if source == player.role else state.item(source)
        for power in holder.powers if holder else ():
            if power.timing == "night":
                targets = tuple(rng.choice(state.living).name
                                for _ in range(TARGETS[power.target]))
                uses.append(PowerUse(source, power.name, targets,
                                     "a note" if power.effect == "note" else ""))
    places = [loc.name for loc in state.open_locations()]
    scavenge = rng.choice(places) if places and rng.random() < 0.4 else ""
    return NightChoice(name, scavenge, tuple(rng.sample(uses, min(len(uses), rng.randint(0, 2)))))


def night(state: DustState, rng: random.Random) -> DustState:
    for player in state.living:
        state = attempt(state, ChooseNight(night_choice(state, player.name, rng)))
    scum = [p.name for p in state.living if state.is_scum(p.name)]
    town = [p.name for p in state.living if not state.is_scum(p.name)]
    godfather = next((p for p in scum if state.role_of(p).godfather), scum[0])
    state = attempt(state, ChooseKill(godfather, rng.choice(scum), rng.choice(town)))
    dusk = {p.name for p in state.living}
    lots = sorted(dusk)
    rng.shuffle(lots)
    after = run(state, ResolveNight(tuple(lots)))
    told = [m.player for m in after.messages if m.when == f"Night {state.number}"]
    assert sorted(told) == sorted(dusk)  # everyone at dusk, once, and no one else
    died = dusk - {p.name for p in after.living}
    post = " ".join(next(p for p in reversed(after.posts)
                         if p.title == f"Day {state.number + 1}").lines)
    assert all(f"{name} was found dead." in post for name in died)
    assert not any(f"{p.name} was found dead." in post for p in after.living)
    assert ("No one died in the night." in post) == (not died)
    return after


@pytest.mark.parametrize("seed", range(60))
def test_random_games_resolve_and_add_up(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game({name: tuple(rng.sample(ITEMS, rng.randint(0, 2))) for name in CAST})
    for _ in range(6):
        if state.phase == "day":
            state = day(state, rng)
        if state.phase != "night":
            break
        state = night(state, rng)
        assert RULES.problems(state) == []
