"""Dust in the journal: every event reads as a line of the Encounter Log, names its
subjects, and `problems` reports a state that does not add up."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

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
from gmscreen.games.dust.state import Held, NightChoice, PowerUse
from gmscreen.journal.events import Event
from gmscreen.journal.payload import PayloadError
from tests.dust.game import lots, new_game, player


def played_events() -> list[Event]:
    """A day and a night of the test cast, through the decider, as journal events."""
    state = new_game({"Cat": ("Gasoline", "Knife")})
    events: list[Event] = []
    commands = [
        GiveItem("Cat", "Knife", "Dan"), UseDayPower("Cat", "Gasoline", "Generator"),
        UseDayPower("Ino", "Innocent", "Vouch"), Vote("Ann", "Eve"), Vote("Ann", ""), EndDay(),
        ChooseNight(NightChoice("Dan", uses=(PowerUse("Knife", "Paranoid Bodyguard", ("Ann",)),))),
        ChooseNight(NightChoice("Bob", scavenge="The Cafe")),
        ChooseKill("Gus", "Pat", "Bob"),
    ]
    for command in [*commands, None]:
        if command is None:
            command = ResolveNight(lots(state))
        for new in RULES.decide(state, command):
            event = Event(len(events) + 1, datetime(2026, 1, 1), 1, new.kind, new.data, 1)
            events.append(event)
            state = RULES.evolve(state, event)
    return events


def test_every_event_kind_has_a_story_line_and_every_line_is_plain():
    payloads = set(RULES.kinds.kinds.values())
    assert len(payloads) == 42  # round 30: the moderator's opening for Day 1
    assert RULES.told == RULES.evolved == payloads
    events = played_events()
    kinds = {e.kind.removeprefix("dust.") for e in events}
    assert {"item_given", "church_lit", "vouched", "vote_withdrawn", "day_ended",
            "night_chosen", "night_kill_chosen", "night_step", "player_killed",
            "power_spent", "message_sent", "night_resolved", "day_began"} <= kinds
    for event in events:
        line = RULES.describe(event)
        assert line != event.kind and "\n" not in line


def test_subjects_name_the_players_an_event_concerns():
    events = played_events()
    gift = next(e for e in events if e.kind == "dust.item_given")
    assert RULES.subjects(gift) == {"Cat", "Dan"}
    chosen = next(e for e in events if e.kind == "dust.night_chosen")
    assert RULES.subjects(chosen) == {"Dan", "Ann"}
    killed = next(e for e in events if e.kind == "dust.player_killed")
    assert RULES.subjects(killed) == {"Bob"}


def test_an_unreadable_event_is_described_not_crashed_on():
    event = Event(1, datetime(2026, 1, 1), 1, "dust.item_given", {"giver": "A"}, 1)
    assert RULES.describe(event) == ("(a damaged event: event 1 (dust.item_given): item is "
                                     "missing)")
    # a kind of ours it does not know is an event it cannot apply, named, never skipped
    with pytest.raises(PayloadError, match=r"dust\.unknown_fact"):
        RULES.evolve(RULES.initial_state(), replace(event, kind="dust.unknown_fact"))


def test_problems_finds_what_does_not_add_up():
    state = new_game()
    assert RULES.problems(state) == []
    ann = replace(player(state, "Ann"), alive=False, items=(Held("Knife"),))
    dan = replace(player(state, "Dan"), items=(Held("Lasso"),))
    broken = replace(state, players=tuple(
        ann if p.name == "Ann" else dan if p.name == "Dan" else p for p in state.players))
    found = RULES.problems(broken)
    assert "Ann is dead but still holds Knife" in found
    assert "Dan holds an unknown item 'Lasso'" in found
    no_scum = replace(state, players=tuple(replace(p, alive=not state.is_scum(p.name))
                                           for p in state.players))
    assert "the town have won, but the game goes on" in RULES.problems(no_scum)
