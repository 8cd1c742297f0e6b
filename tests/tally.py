"""A tiny test-only game for testing the journal and the shell before any real game exists.

A table of tallies: `Add(name, amount)` adds to a name's tally (refused when it would go below
zero, the "No debt" rule), `Roll(name, faces)` records dice faces and adds their total.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import SESSION_START, Event, NewEvent
from gmscreen.journal.rules import RuleError


@dataclass(frozen=True)
class Add:
    name: str
    amount: int


@dataclass(frozen=True)
class Roll:
    name: str
    faces: tuple[int, ...]


@dataclass(frozen=True)
class TallyState:
    tallies: dict[str, int] = field(default_factory=dict)
    sessions_seen: int = 0


class TallyRules:
    game_id = "tally"
    referee = "Dealer"
    title = "Tally"
    panes_module = "tests.tally_panes"
    view_module = "tests.tally_view"

    def initial_state(self) -> TallyState:
        return TallyState()

    def decide(self, state: TallyState, command: Any) -> list[NewEvent]:
        if isinstance(command, Add):
            if not command.name.strip():
                raise RuleError("Names", "a tally needs a name", field="name")
            if state.tallies.get(command.name, 0) + command.amount < 0:
                raise RuleError("No debt", f"{command.name} cannot go below zero", field="amount")
            return [NewEvent("tally.added", {"name": command.name, "amount": command.amount})]
        if isinstance(command, Roll):
            return [
                NewEvent("tally.rolled", {"name": command.name, "faces": list(command.faces)}),
                NewEvent("tally.added", {"name": command.name, "amount": sum(command.faces)}),
            ]
        raise RuleError("Commands", f"unknown command {command!r}")

    def evolve(self, state: TallyState, event: Event) -> TallyState:
        if event.kind == "tally.added":
            name = str(event.data["name"])
            tallies = dict(state.tallies)
            tallies[name] = tallies.get(name, 0) + int(event.data["amount"])
            return TallyState(tallies, state.sessions_seen)
        if event.kind == SESSION_START:
            return TallyState(state.tallies, state.sessions_seen + 1)
        return state

    def session_ending(self, state: TallyState) -> list[NewEvent]:
        return []

    def describe(self, event: Event) -> str:
        if event.kind == "tally.added":
            return f"{event.data['name']} adds {event.data['amount']}."
        if event.kind == "tally.rolled":
            return f"{event.data['name']} rolls {event.data['faces']}."
        return event.kind

    def subjects(self, event: Event) -> frozenset[str]:
        name = event.data.get("name")
        return frozenset({str(name)}) if name else frozenset()

    def problems(self, state: TallyState) -> list[str]:
        return [f"{n} is below zero" for n, v in state.tallies.items() if v < 0]


RULES = TallyRules()


def tallies(campaign: Campaign[Any]) -> dict[str, int]:
    """Each name's tally in `campaign` now (a copy: kept to compare with after a step)."""
    state: TallyState = campaign.state
    return dict(state.tallies)
