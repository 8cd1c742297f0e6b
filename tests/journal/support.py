"""Helpers for the journal's tests: campaigns of the tally game, and a reference fold.

The reference (`reference_effective`, `reference_table`) is a deliberately naive second
implementation of undo and redo, written from the design's words and sharing no code with
`gmscreen.journal.history`, so the two can check each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.events import NOTE, REDO, SESSION_END, SESSION_START, UNDO, Event
from gmscreen.journal.rules import Rules
from gmscreen.journal.store import JournalStore, new_header
from tests.tally import RULES, Add, Roll, TallyState


def tally_rules(game_id: str) -> Rules[Any]:
    assert game_id == "tally", game_id
    return RULES


def new_campaign(path: Path, name: str = "Tally Town", seed: int = 7) -> Campaign[TallyState]:
    store = JournalStore.create(path, new_header("tally", name, seed))
    return Campaign.load(RULES, store.load(), store)


def reopen(path: Path, *, writable: bool = True) -> Campaign[Any]:
    return open_campaign(path, tally_rules, writable=writable)


def sample_journal(path: Path) -> Campaign[TallyState]:
    """A campaign with a bit of everything: sessions, notes, a two-event step, undo, redo."""
    campaign = new_campaign(path)
    campaign.note("Before the first session: the posse gathers.", about=["Zeke"])
    campaign.start_session()
    campaign.execute(Add("Zeke", 3))
    campaign.execute(Roll("Ann", (2, 5)))
    campaign.execute(Add("Zeke", 10))
    campaign.undo()
    campaign.execute(Add("[bold]Doc[/bold]", 4))
    campaign.undo()
    campaign.redo()
    campaign.end_session()
    campaign.start_session()
    campaign.note('Line one\nline "two"\t[red]not markup[/red] \\ done 🤠')
    campaign.execute(Roll("Zeke", (6, 6, 1)))
    return campaign


@dataclass(frozen=True)
class RefTable:
    state: TallyState
    session: int
    in_session: bool


def reference_effective(events: Sequence[Event]) -> list[Event]:
    """The events that count, by a plain reading of the rules: a step is a command's events;
    undo takes the newest steps off; redo puts back what the latest undo took, unless a new
    step came since."""
    steps: list[tuple[int, list[Event]]] = []
    undone: list[list[tuple[int, list[Event]]]] = []
    for event in events:
        if event.kind == UNDO:
            names = list(event.data["steps"])
            taken = steps[len(steps) - len(names):]
            assert [step for step, _ in reversed(taken)] == names, (event, steps)
            del steps[len(steps) - len(names):]
            undone.append(taken)
        elif event.kind == REDO:
            steps.extend(undone.pop())
        elif event.step == event.seq:
            steps.append((event.seq, [event]))
            undone.clear()
        else:
            steps[-1][1].append(event)
    return [event for _, members in steps for event in members]


def reference_table(events: Sequence[Event]) -> RefTable:
    """The tally game's state, folded by hand from the reference's effective events."""
    tallies: dict[str, int] = {}
    sessions_seen = session = 0
    in_session = False
    for event in reference_effective(events):
        if event.kind == "tally.added":
            name = event.data["name"]
            tallies[name] = tallies.get(name, 0) + event.data["amount"]
        elif event.kind == SESSION_START:
            sessions_seen += 1
            session, in_session = event.session, True
        elif event.kind == SESSION_END:
            in_session = False
        else:
            assert event.kind in (NOTE, "tally.rolled"), event.kind
    return RefTable(TallyState(tallies, sessions_seen), session, in_session)


def live_table(campaign: Campaign[Any]) -> RefTable:
    return RefTable(campaign.state, campaign.session, campaign.in_session)


def assert_steps_whole(events: Sequence[Event]) -> None:
    """Every effective roll is followed, in its own step, by the tally it adds: a command is
    saved whole or not at all."""
    effective = reference_effective(events)
    for index, event in enumerate(effective):
        if event.kind == "tally.rolled":
            follow = effective[index + 1]
            assert follow.kind == "tally.added" and follow.step == event.step, (event, follow)
            assert follow.data["amount"] == sum(event.data["faces"])
