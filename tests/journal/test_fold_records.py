"""The records the fold builds by the hundred thousand (Event, Table) set their slots
directly, and a Decider works out once a kind how its events change the state: each is the
same as what it stands in for."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

from gmscreen.journal import clocks, freeroll
from gmscreen.journal.campaign import Campaign, Table
from gmscreen.journal.decider import Decider
from gmscreen.journal.events import NOTE, Event
from gmscreen.journal.payload import Kinds, PayloadError
from gmscreen.journal.store import JournalStore, new_header

AT = datetime(2026, 11, 24, 20, 0, tzinfo=UTC)


def test_an_event_is_built_as_a_frozen_dataclass_would_be() -> None:
    event = Event(3, AT, 1, "note", {"text": "Rain."}, 2)
    by_name = Event(seq=3, at=AT, session=1, kind="note", data={"text": "Rain."}, step=2)
    assert event == by_name
    assert [getattr(event, f.name) for f in dataclasses.fields(Event)] == [
        3, AT, 1, "note", {"text": "Rain."}, 2]
    assert dataclasses.replace(event, seq=4) == Event(4, AT, 1, "note", {"text": "Rain."}, 2)
    assert pickle.loads(pickle.dumps(event)) == event
    assert repr(event).startswith("Event(seq=3, at=")
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.seq = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        Event(3, AT, 1, "note", {})  # type: ignore[call-arg]


def test_a_table_is_built_as_a_frozen_dataclass_would_be() -> None:
    table: Table[str] = Table("state")
    assert (table.game, table.session, table.in_session, table.clocks) == ("state", 0, False, ())
    assert Table("state", 2, True, ()) == dataclasses.replace(table, session=2, in_session=True)
    assert pickle.loads(pickle.dumps(table)) == table
    with pytest.raises(dataclasses.FrozenInstanceError):
        table.session = 3  # type: ignore[misc]


KINDS = Kinds("counting.")


@KINDS.payload("counted")
@dataclass(frozen=True)
class Counted:
    by: int


@KINDS.payload("said")
@dataclass(frozen=True)
class Said:
    words: str


def _decider() -> Decider[int]:
    rules: Decider[int] = Decider(game_id="counting", title="Counting", panes_module="x.panes",
                                  kinds=KINDS, initial_state=lambda: 0)

    @rules.evolves(Counted)
    def counted(state: int, payload: Counted) -> int:
        return state + payload.by

    return rules


def _event(kind: str, data: dict[str, object], seq: int = 1) -> Event:
    return Event(seq, AT, 1, kind, data, seq)


def test_a_deciders_fold_of_each_kind_is_as_registered_even_when_registered_later() -> None:
    rules = _decider()
    assert rules.evolve(1, _event("counting.counted", {"by": 2})) == 3
    assert rules.evolve(1, _event("counting.said", {"words": "hi"})) == 1  # no evolver
    assert rules.evolve(1, _event(NOTE, {"text": "x"})) == 1  # not the game's

    @rules.evolves(Said)
    def said(state: int, payload: Said) -> int:
        return state + len(payload.words)

    @rules.on(NOTE)
    def noted(state: int, event: Event) -> int:
        return -state

    @rules.evolves_with_event(Counted)
    def counted_at(state: int, payload: Counted, event: Event) -> int:
        return state + payload.by * event.seq

    assert rules.evolve(1, _event("counting.said", {"words": "hi"})) == 3
    assert rules.evolve(1, _event(NOTE, {"text": "x"})) == -1
    assert rules.evolve(1, _event("counting.counted", {"by": 2}, seq=5)) == 11


def test_a_deciders_fold_refuses_a_damaged_or_unknown_event_each_time() -> None:
    rules = _decider()
    for _ in range(2):  # the second time from what the first worked out
        with pytest.raises(PayloadError, match="by should be a whole number"):
            rules.evolve(0, _event("counting.counted", {"by": "two"}))
        with pytest.raises(PayloadError, match="words is missing"):
            rules.evolve(0, _event("counting.said", {}))
        with pytest.raises(PayloadError, match="not a kind of event this game knows"):
            rules.evolve(0, _event("counting.unheard_of", {}))


def test_a_game_sees_the_journals_own_clocks_and_free_rolls_after_the_journal(
        tmp_path: Path) -> None:
    """A game that follows the journal's lines (to check a step that names one) is handed a
    clock's and a free roll's events as well; the journal still keeps the clock."""
    rules = _decider()
    seen: list[tuple[str, int]] = []

    def newest(state: int, event: Event) -> int:
        seen.append((event.kind, event.seq))
        return event.seq

    for kind in (*clocks.KINDS.kinds, *freeroll.KINDS.kinds, NOTE):
        rules.on(kind)(newest)
    store = JournalStore.create(tmp_path / "c.toml", new_header("counting", "Counts", 7))
    campaign: Campaign[int] = Campaign.load(rules, store.load(), store)
    campaign.note("The stage is late.", [])
    campaign.execute(clocks.MakeClock("Posse", 4))
    campaign.execute(clocks.TickClock("Posse", 1, "a shot in the night"))
    campaign.execute(freeroll.FreeRoll(2, 6, "the weather", (3, 4)))
    assert campaign.state == 4
    assert [kind for kind, _ in seen] == ["note", "clock.made", "clock.ticked", "free.rolled"]
    assert [(clock.name, clock.filled) for clock in campaign.clocks] == [("Posse", 1)]
    # read again, the same
    again: Campaign[int] = Campaign.load(rules, store.load(), store)
    assert again.state == 4 and again.clocks == campaign.clocks
