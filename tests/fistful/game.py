"""Helpers to play A Fistful of Sixes through its decider, without the journal or screen."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from gmscreen.games.fistful import RULES
from gmscreen.games.fistful.commands import AddNpc, CreateCharacter, FormPosse
from gmscreen.games.fistful.state import FistfulState
from gmscreen.journal.events import Event, NewEvent


def apply(state: FistfulState, events: list[NewEvent], seq: int = 1) -> FistfulState:
    for offset, new in enumerate(events):
        event = Event(seq + offset, datetime(2026, 1, 1), 1, new.kind, new.data, seq)
        state = RULES.evolve(state, event)
    return state


def run(state: FistfulState, *commands: Any) -> FistfulState:
    for command in commands:
        state = apply(state, RULES.decide(state, command))
    return state


def posse(clock: int = 3) -> FistfulState:
    """A posse of two at `clock` o'clock: Ann (Grit 17, Gumption 15, Grace 19, $90 purse)
    and Bo (Grit 20, Gumption 13, Grace 15), and an Ornery gunman, Jake."""
    return run(FistfulState(), FormPosse("The Test Gang", clock),
               CreateCharacter("Ann", (4, 4, 3, 3, 5, 5), (3,) * clock),
               CreateCharacter("Bo", (6, 5, 2, 2, 3, 3), (1,) * clock),
               AddNpc("Jake", "Ornery", strong="gumption"))


def sheet(state: FistfulState, name: str, **changes: Any) -> FistfulState:
    """The state with `name`'s sheet changed directly (to set up a test)."""
    from dataclasses import replace

    found = state.character(name)
    assert found is not None
    return state.with_character(replace(found, **changes))
