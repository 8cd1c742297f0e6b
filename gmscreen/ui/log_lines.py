"""The Encounter Log's lines, worked out without drawing them: which events a filter keeps,
where each session's heading goes, and the words of a line, made only when it is seen.

A campaign of 100,000 events must show and scroll at once, so the lines of a filter are two
lists of numbers that grow with the journal (events are never erased, only added): the
events kept (none for the whole log, which keeps them all) and where the headings go; a
line is made when it is asked for, and its text when it is drawn, kept in a bounded cache.
What only a filter by character needs, the subjects of every event, is learnt apart
(`missing_subjects`, `learn_subjects`), so that the app can have it worked out in a worker.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from operator import attrgetter
from typing import Any, NamedTuple, overload

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event

#: how many described lines to keep; a screen shows at most a few hundred
_CACHE_SIZE = 4096
_KIND = attrgetter("kind")
_SESSION = attrgetter("session")


class LogLine(NamedTuple):
    """One line of the log: a session's heading (`seq` 0) or event `seq`."""

    session: int
    seq: int

    @property
    def is_heading(self) -> bool:
        return self.seq == 0


@dataclass(frozen=True)
class LogFilter:
    """What the Dealer asked to see; None means every one."""

    session: int | None = None
    who: str | None = None
    kind: str | None = None

    def keeps(self, event: Event, subjects: frozenset[str]) -> bool:
        return ((self.session is None or event.session == self.session)
                and (self.who is None or self.who in subjects)
                and (self.kind is None or event.kind == self.kind))

    @property
    def keeps_all(self) -> bool:
        return self.session is None and self.who is None and self.kind is None


def session_title(session: int) -> str:
    return f"Session {session}" if session else "Before the first session"


class LogLines(Sequence[LogLine]):
    """The lines of a filter as they were when asked for, made one at a time from the
    lists of the index (which only grow at their ends, so these lines never change)."""

    __slots__ = ("_events", "_headings", "_heads", "_kept", "_length")

    def __init__(self, events: Sequence[Event], kept: Sequence[int] | None,
                 heads: Sequence[int], count: int) -> None:
        self._events = events
        #: the index of each event kept, in order (None: every event, in order)
        self._kept = kept
        #: the line each heading is on, in order
        self._heads = heads
        self._headings = len(heads)
        self._length = count + self._headings

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> LogLine: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[LogLine]: ...

    def __getitem__(self, index: int | slice) -> LogLine | Sequence[LogLine]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._length))]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("log line out of range")
        # the headings on this line or before it; a heading is followed by its first event
        before = bisect_right(self._heads, index, 0, self._headings)
        heading = before > 0 and self._heads[before - 1] == index
        order = index + 1 - before if heading else index - before
        event = self._events[order if self._kept is None else self._kept[order]]
        return LogLine(event.session, 0 if heading else event.seq)


class LogIndex:
    """The events' kinds and sessions (and, once learnt, subjects) as seen so far, and the
    lines of a filter."""

    def __init__(self) -> None:
        #: the subjects of the first events, learnt so far
        self._subjects: list[frozenset[str]] = []
        self.names: set[str] = set()
        self.kinds: set[str] = set()
        self.sessions: set[int] = set()
        #: events whose kind and session are known
        self._seen = 0
        self._filter = LogFilter()
        self._kept: list[int] | None = None
        self._heads: list[int] = []
        self._count = 0
        #: events the current lines have been built from
        self._through = 0
        self._text: OrderedDict[int, str] = OrderedDict()

    def catch_up(self, campaign: Campaign[Any]) -> None:
        """Learn the kinds and sessions of the events added since the last call."""
        new = campaign.events[self._seen:]
        self.kinds.update(map(_KIND, new))
        self.sessions.update(map(_SESSION, new))
        self._seen += len(new)

    def missing_subjects(self, campaign: Campaign[Any]) -> int:
        """How many events' subjects are not learnt yet (the first of them is event
        `len(known) + 1`, as `learn_subjects` wants them)."""
        return len(campaign.events) - len(self._subjects)

    def learn_subjects(self, campaign: Campaign[Any], start: int | None = None,
                       subjects: Sequence[frozenset[str]] | None = None) -> None:
        """Learn the subjects of the events from index `start`: `subjects` when they were
        worked out elsewhere (kept only if `start` is where what is learnt ends), else the
        subjects of every event not learnt yet, worked out now."""
        if subjects is None:
            start = len(self._subjects)
            subjects = [campaign.subjects(event) for event in campaign.events[start:]]
        if start != len(self._subjects):
            return
        self._subjects.extend(subjects)
        for names in subjects:
            self.names.update(names)

    def lines(self, campaign: Campaign[Any], log_filter: LogFilter) -> Sequence[LogLine]:
        """The lines to show: a heading before each session's first kept event, then the
        kept events. Only new events are looked at while the filter stays the same."""
        self.catch_up(campaign)
        if log_filter.who is not None:
            self.learn_subjects(campaign)
        if log_filter != self._filter:
            self._filter = log_filter
            self._kept = None if log_filter.keeps_all else []
            self._heads = []
            self._count = self._through = 0
        events = campaign.events
        kept, heads, count = self._kept, self._heads, self._count
        last = (events[kept[-1] if kept is not None else count - 1].session if count
                else None)
        if kept is None:  # every event: only where the session changes matters
            for session, run in groupby(map(_SESSION, events[self._through:])):
                if session != last:
                    heads.append(count + len(heads))
                    last = session
                count += len(list(run))
            self._count, self._through = count, len(events)
            return LogLines(events, kept, heads, count)
        for index in range(self._through, len(events)):
            event = events[index]
            if not log_filter.keeps(event, self._subjects[index]
                                    if log_filter.who is not None else frozenset()):
                continue
            kept.append(index)
            if event.session != last:
                heads.append(count + len(heads))
                last = event.session
            count += 1
        self._count, self._through = count, len(events)
        return LogLines(events, kept, heads, count)

    def describe(self, campaign: Campaign[Any], seq: int) -> str:
        """The event's words (cached: an event's description never changes)."""
        text = self._text.get(seq)
        if text is None:
            text = campaign.describe(campaign.events[seq - 1]).replace("\n", " ")
            self._text[seq] = text
            if len(self._text) > _CACHE_SIZE:
                self._text.popitem(last=False)
        else:
            self._text.move_to_end(seq)
        return text

    @staticmethod
    def heading(campaign: Campaign[Any], lines: Sequence[LogLine], index: int) -> str:
        """The heading at `lines[index]`: the session's title and the day of its first event
        shown (the line after the heading)."""
        line = lines[index]
        day = ""
        if index + 1 < len(lines) and not lines[index + 1].is_heading:
            day = f" · {campaign.events[lines[index + 1].seq - 1].at:%a %d %b %Y}"
        return f"{session_title(line.session)}{day}"
