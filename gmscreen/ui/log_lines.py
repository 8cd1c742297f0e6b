"""The Encounter Log's lines, worked out without drawing them: which events a filter keeps,
where each session's heading goes, and the words of a line, made only when it is seen.

A campaign of 100,000 events must scroll at once, so the index is a flat list of small
tuples that grows with the journal (events are never erased, only added), and a line's text
is made when it is drawn and kept in a bounded cache.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event

#: how many described lines to keep; a screen shows at most a few hundred
_CACHE_SIZE = 4096


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


def session_title(session: int) -> str:
    return f"Session {session}" if session else "Before the first session"


class LogIndex:
    """The events' subjects, kinds and sessions as seen so far, and the lines of a filter."""

    def __init__(self) -> None:
        self._subjects: list[frozenset[str]] = []
        self.names: set[str] = set()
        self.kinds: set[str] = set()
        self.sessions: set[int] = set()
        self._filter = LogFilter()
        self._lines: list[LogLine] = []
        #: events the current lines have been built from
        self._through = 0
        self._text: OrderedDict[int, str] = OrderedDict()

    def catch_up(self, campaign: Campaign[Any]) -> None:
        """Learn the events added since the last call."""
        for event in campaign.events[len(self._subjects):]:
            subjects = campaign.subjects(event)
            self._subjects.append(subjects)
            self.names.update(subjects)
            self.kinds.add(event.kind)
            self.sessions.add(event.session)

    def lines(self, campaign: Campaign[Any], log_filter: LogFilter) -> Sequence[LogLine]:
        """The lines to show: a heading before each session's first kept event, then the
        kept events. Only new events are looked at while the filter stays the same."""
        self.catch_up(campaign)
        if log_filter != self._filter:
            self._filter = log_filter
            self._lines = []
            self._through = 0
        events = campaign.events
        last_session = self._lines[-1].session if self._lines else None
        for index in range(self._through, len(events)):
            event = events[index]
            if not log_filter.keeps(event, self._subjects[index]):
                continue
            if event.session != last_session:
                self._lines.append(LogLine(event.session, 0))
                last_session = event.session
            self._lines.append(LogLine(event.session, event.seq))
        self._through = len(events)
        return tuple(self._lines)

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
