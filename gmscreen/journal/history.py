"""Which events count: undo and redo as events, like an editor's history.

Every command writes one *step* (one or more events sharing `step`). The effective steps form
a stack: undo takes steps off its top (newest first) and records which; redo puts back the
steps of the latest undo, as long as no new step came after it. Nothing is ever erased, so
the history of a journal is a pure function of its events, and so is the effective list.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice

from gmscreen.journal.events import REDO, UNDO, Event

#: a History in few objects, to be kept in a cache (see History.shape)
HistoryShape = tuple[list[int], list[tuple[int, int]], list[int], dict[int, list[int]], set[int],
                     int | None, list[int]]


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
    #: every undo and redo event, by seq, in order (see `until`)
    marks: list[int] = field(default_factory=list)

    def apply(self, event: Event) -> tuple[list[int], list[int]]:
        """Take one event into the history; returns (steps removed, steps put back)."""
        if event.kind in (UNDO, REDO) and event.step != event.seq:
            raise HistoryError(event.seq, f"{event.kind} {event.seq} cannot be part of a step")
        if event.kind == UNDO:
            self.open_step = None
            taken = self._undo(event)
            self.marks.append(event.seq)
            return taken, []
        if event.kind == REDO:
            self.open_step = None
            restored = self._redo(event)
            self.marks.append(event.seq)
            return [], restored
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
                set(self.undone), self.open_step, list(self.marks))

    @classmethod
    def from_shape(cls, shape: HistoryShape, events: Sequence[Event]) -> History:
        """The history `shape` came from, whose events are `events` (all, from seq 1)."""
        stack, sizes, redoable, undone_by, undone, open_step, marks = shape
        steps = {step: list(events[step - 1 : step - 1 + size]) for step, size in sizes}
        return cls(list(stack), steps, list(redoable), dict(undone_by), set(undone), open_step,
                   list(marks))

    def until(self, events: Sequence[Event], upto: int) -> History:
        """The history after the first `upto` of `events` (the events this history was
        built from, all, from seq 1), worked out from this one far faster than applying
        those events again: only the undo and redo events among them are gone over.

        A step pushed is either in the stack or undone, and the stack is in the order the
        steps were first pushed (undo takes the newest off, redo puts them back where they
        were, a new step goes on top of all): so the stack then is every step begun by
        then that was not undone then, in order."""
        every = list(self.steps)  # in the order they were begun, which is by seq
        begun = bisect_right(every, upto)
        firsts = every[:begun]
        if begun * 2 > len(every):
            # most of them: a copy of the whole dict (made in C) less the newer steps is
            # ten times faster than a dict built pair by pair (10 ms at 77,000 steps)
            steps = self.steps.copy()
            for step in every[begun:]:
                del steps[step]
        else:
            steps = dict(islice(self.steps.items(), begun))
        if firsts:  # a step cut short at `upto` keeps only its first events
            last = firsts[-1]
            if steps[last][-1].seq > upto:
                steps[last] = steps[last][: upto - last + 1]
        marks = self.marks[: bisect_right(self.marks, upto)]
        undone: set[int] = set()
        undone_by: dict[int, list[int]] = {}
        redoable: list[int] = []
        since = 0  # the last undo or redo gone over
        for seq in marks:
            if redoable and bisect_left(firsts, seq) > bisect_right(firsts, since):
                redoable.clear()  # a new step came since: nothing can be redone
            if events[seq - 1].kind == UNDO:
                taken = self.undone_by[seq]
                undone.update(taken)
                undone_by[seq] = list(taken)
                redoable.append(seq)
            else:
                undone.difference_update(undone_by[redoable.pop()])
            since = seq
        if redoable and firsts and firsts[-1] > since:
            redoable.clear()
        # the steps begun, less the few undone, as slices between them
        stack: list[int] = []
        start = 0
        for step in sorted(undone):
            at = bisect_left(firsts, step, start)
            stack += firsts[start:at]
            start = at + 1
        stack += firsts[start:]
        newest = events[upto - 1] if upto else None
        open_step = newest.step if newest is not None and newest.kind not in (UNDO, REDO) \
            else None
        return History(stack, steps, redoable, undone_by, undone, open_step, marks)

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
