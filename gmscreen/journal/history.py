"""Which events count: undo and redo as events, like an editor's history.

Every command writes one *step* (one or more events sharing `step`). The effective steps form
a stack: undo takes steps off its top (newest first) and records which; redo puts back the
steps of the latest undo, as long as no new step came after it. Nothing is ever erased, so
the history of a journal is a pure function of its events, and so is the effective list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gmscreen.journal.events import REDO, UNDO, Event

#: a History in few objects, to be kept in a cache (see History.shape)
HistoryShape = tuple[list[int], list[tuple[int, int]], list[int], dict[int, list[int]], set[int],
                     int | None]


class HistoryError(ValueError):
    """An undo or redo that does not fit the history (only a hand-edited journal has one)."""

    def __init__(self, seq: int, message: str) -> None:
        super().__init__(message)
        self.seq = seq


@dataclass(slots=True)
class History:
    #: the effective steps, oldest first (each a step id: the seq of its first event)
    stack: list[int] = field(default_factory=list)
    #: the events of every step seen, by step id (undo and redo events are not steps)
    steps: dict[int, list[Event]] = field(default_factory=dict)
    #: undo events that redo can take back, newest last
    redoable: list[int] = field(default_factory=list)
    #: the steps each undo event took off, newest first
    undone_by: dict[int, list[int]] = field(default_factory=dict)
    #: step ids currently undone (shown struck through)
    undone: set[int] = field(default_factory=set)
    #: the step the newest event belongs to, which the next event may continue
    open_step: int | None = None

    def apply(self, event: Event) -> tuple[list[int], list[int]]:
        """Take one event into the history; returns (steps removed, steps put back)."""
        if event.kind in (UNDO, REDO) and event.step != event.seq:
            raise HistoryError(event.seq, f"{event.kind} {event.seq} cannot be part of a step")
        if event.kind == UNDO:
            self.open_step = None
            return self._undo(event), []
        if event.kind == REDO:
            self.open_step = None
            return [], self._redo(event)
        if event.step == event.seq:
            self.steps[event.seq] = [event]
            self.stack.append(event.seq)
            self.redoable.clear()
        else:
            if self.open_step != event.step:
                raise HistoryError(event.seq, f"event {event.seq} continues step {event.step}, "
                                   "which is not the newest")
            self.steps[event.step].append(event)
        self.open_step = event.step
        return [], []

    def _undo(self, event: Event) -> list[int]:
        steps = event.data.get("steps")
        if not isinstance(steps, list) or not steps or not all(isinstance(s, int) for s in steps):
            raise HistoryError(event.seq, f"undo {event.seq} names no steps")
        top = list(reversed(self.stack[-len(steps):])) if len(steps) <= len(self.stack) else []
        if top != steps:
            raise HistoryError(event.seq, f"undo {event.seq} does not take back the newest "
                               f"steps {top}")
        del self.stack[-len(steps):]
        self.undone.update(steps)
        self.undone_by[event.seq] = list(steps)
        self.redoable.append(event.seq)
        return list(steps)

    def _redo(self, event: Event) -> list[int]:
        target = event.data.get("undo")
        if not self.redoable or self.redoable[-1] != target:
            raise HistoryError(event.seq, f"redo {event.seq} does not take back the latest undo")
        self.redoable.pop()
        steps = list(reversed(self.undone_by[target]))
        self.stack.extend(steps)
        self.undone.difference_update(steps)
        return steps

    def shape(self) -> HistoryShape:
        """The history with each step's events as a count (a step's events are consecutive),
        which `from_shape` turns back into the same history far faster than applying every
        event again."""
        return (list(self.stack), [(step, len(events)) for step, events in self.steps.items()],
                list(self.redoable), {undo: list(steps) for undo, steps in
                                      self.undone_by.items()},
                set(self.undone), self.open_step)

    @classmethod
    def from_shape(cls, shape: HistoryShape, events: Sequence[Event]) -> History:
        """The history `shape` came from, whose events are `events` (all, from seq 1)."""
        stack, sizes, redoable, undone_by, undone, open_step = shape
        steps = {step: list(events[step - 1 : step - 1 + size]) for step, size in sizes}
        return cls(list(stack), steps, list(redoable), dict(undone_by), set(undone), open_step)

    def undo_candidates(self, count: int = 1) -> list[int]:
        """The newest `count` effective steps, newest first."""
        return list(reversed(self.stack[-count:])) if count else []

    def steps_back_to(self, seq: int) -> list[int]:
        """The steps an "undo to here" on event `seq` takes back: every effective step after it."""
        return [step for step in reversed(self.stack) if step > seq]

    def events_of(self, steps: Sequence[int]) -> list[Event]:
        return [event for step in steps for event in self.steps[step]]


def replay_history(events: Sequence[Event]) -> History:
    history = History()
    for event in events:
        history.apply(event)
    return history
