"""The Encounter Log's lines, worked out without drawing them: which events a filter keeps,
where each session's heading goes (and, in a session that runs past midnight, the line
that says the day), and the words of a line, made only when it is seen.

A campaign of 100,000 events must show and scroll at once, so the lines of a filter are
lists that grow with the journal (events are never erased, only added): the events kept
(none for the whole log, which keeps them all), where the headings go and which of them
say a new day; a line is made when it is asked for, and its text when it is drawn, kept in
a bounded cache. What only a filter by character or a search needs, the subjects and the
searchable text of every event, is learnt apart (`missing`, `learn`), so that the app can
have it worked out in a worker.

A search keeps the events whose text holds every word searched for, in any order and case:
the text is the line's sentence, the names it is about, its kind's readable name and the
cards it shows by name ("K♥" is found by "king", "hearts" or "king of hearts": no Dealer
types a suit's sign; `cards.card_names`). The words are plain text, never patterns or
markup ("[bold]" finds "[bold]").

A damaged journal (an event the game cannot apply, `Campaign.damaged`) is shown as it was
before that event; the events it keeps out of the fold are listed after the rest, under a
heading of their own, as `gmscreen log` lists them: the Dealer deciding whether to set the
damaged step aside sees all it would take back. A filter keeps them by session, kind and
words (whom they are about is not known: a filter by name keeps none).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from itertools import groupby
from operator import attrgetter
from typing import Any, NamedTuple, overload

from gmscreen.core.cards import card_names
from gmscreen.core.text import plural
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import NOTE_CORRECTED, Event
from gmscreen.journal.kinds import kind_name

#: how many described lines to keep; a screen shows at most a few hundred
_CACHE_SIZE = 4096
_KIND = attrgetter("kind")
_SESSION = attrgetter("session")


def _session_and_day(event: Event) -> tuple[int, date]:
    return event.session, event.at.date()


def _days_of(run: list[Event]) -> Iterator[tuple[tuple[int, date], int]]:
    """The (session, day) of each day in a run of one session's events, and how many of
    them fall on it."""
    first, last = _session_and_day(run[0]), _session_and_day(run[-1])
    if first == last:
        yield first, len(run)
        return
    for now, same in groupby(map(_session_and_day, run)):
        yield now, sum(1 for _ in same)


class LogLine(NamedTuple):
    """One line of the log: a heading (`seq` 0: a session's, or with `day` the one that
    says a session goes on into another day, or with `left_out` the one over the events a
    damaged event keeps out of the fold) or event `seq`."""

    session: int
    seq: int
    day: bool = False
    left_out: bool = False

    @property
    def is_heading(self) -> bool:
        return self.seq == 0


def search_words(text: str) -> tuple[str, ...]:
    """The words a search looks for, as `search_text` is written."""
    return tuple(text.casefold().split())


def search_text(campaign: Campaign[Any], event: Event,
                subjects: frozenset[str] | None = None) -> str:
    """What a search looks in: the event's sentence, the names it is about and its kind's
    readable name, in one case."""
    about = campaign.subjects(event) if subjects is None else subjects
    said = campaign.describe(event)
    return " ".join((said, *sorted(about), kind_name(event.kind),
                     card_names(said))).casefold()


def left_out_search_text(campaign: Campaign[Any], event: Event) -> str:
    """What a search looks in for an event a damaged one keeps out of the fold: its line and
    its kind's readable name (whom it is about is not known), in one case."""
    said = campaign.describe_left_out(event)
    return " ".join((said, kind_name(event.kind), card_names(said))).casefold()


def found(words: Sequence[str], text: str) -> bool:
    """Whether `text` (a `search_text`) holds every word."""
    return all(word in text for word in words)


@dataclass(frozen=True)
class LogFilter:
    """What the Dealer asked to see; None (and no words) means every one."""

    session: int | None = None
    who: str | None = None
    kind: str | None = None
    #: the words searched for (`search_words`)
    search: tuple[str, ...] = ()
    #: every name `who` went by (`every_name`), where the game renames (else `who` alone)
    whose: frozenset[str] = frozenset()

    def keeps(self, event: Event, subjects: frozenset[str], text: str = "") -> bool:
        return ((self.session is None or event.session == self.session)
                and (self.who is None or self.who in subjects
                     or not self.whose.isdisjoint(subjects))
                and (self.kind is None or event.kind == self.kind)
                and found(self.search, text))

    @property
    def keeps_all(self) -> bool:
        return (self.session is None and self.who is None and self.kind is None
                and not self.search)

    @property
    def needs_learning(self) -> bool:
        """Whether the subjects and texts of the events are needed to apply it."""
        return self.who is not None or bool(self.search)


def every_name(campaign: Campaign[Any], who: str) -> frozenset[str]:
    """Every name the one called `who` went by, where the game renames someone (its view's
    `names_of(state, name)`): the log finds him under any of them."""
    from gmscreen.games import view_of

    told = getattr(view_of(campaign.rules), "names_of", None)
    try:
        return frozenset(told(campaign.state, who)) if callable(told) else frozenset({who})
    except Exception:  # a damaged state widens nothing rather than losing the log
        return frozenset({who})


def event_at(campaign: Campaign[Any], seq: int) -> Event:
    """Event `seq`: one of the campaign's, or one a damaged event keeps out of the fold."""
    if seq <= len(campaign.events):
        return campaign.events[seq - 1]
    assert campaign.damaged is not None
    left = campaign.damaged.left
    return left[seq - left[0].seq]


def is_left_out(campaign: Campaign[Any], seq: int) -> bool:
    """Whether event `seq` is one a damaged event keeps out of the fold."""
    return seq > len(campaign.events)


def session_title(session: int) -> str:
    return f"Session {session}" if session else "Before the first session"


def day_title(when: datetime) -> str:
    return f"{when:%a %d %b %Y}"


class LogLines(Sequence[LogLine]):
    """The lines of a filter as they were when asked for, made one at a time from the
    lists of the index (which only grow at their ends, so these lines never change)."""

    __slots__ = ("_days", "_events", "_headings", "_heads", "_kept", "_left_out", "_length",
                 "_shown")

    def __init__(self, events: Sequence[Event], kept: Sequence[int] | None,
                 heads: Sequence[int], days: Sequence[bool], count: int,
                 left_out: Sequence[LogLine] = ()) -> None:
        self._events = events
        #: the index of each event kept, in order (None: every event, in order)
        self._kept = kept
        #: the line each heading is on, in order, and whether it says a new day
        self._heads = heads
        self._days = days
        self._headings = len(heads)
        #: the lines of the campaign's own events and their headings
        self._shown = count + self._headings
        #: the lines after them: the events a damaged one keeps out, under their heading
        self._left_out = left_out
        self._length = self._shown + len(left_out)

    def __len__(self) -> int:
        return self._length

    @property
    def events(self) -> int:
        """How many lines are events (not headings)."""
        return self._length - self._headings - sum(line.left_out for line in self._left_out)

    def events_before(self, index: int) -> int:
        """How many events are on the lines before line `index`."""
        if index > self._shown:  # among the events left out, under their headings
            return self._shown - self._headings + sum(
                not line.left_out for line in self._left_out[:index - self._shown])
        return index - bisect_right(self._heads, index - 1, 0, self._headings)

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
        if index >= self._shown:
            return self._left_out[index - self._shown]
        # the headings on this line or before it; a heading is followed by its first event
        before = bisect_right(self._heads, index, 0, self._headings)
        heading = before > 0 and self._heads[before - 1] == index
        order = index + 1 - before if heading else index - before
        event = self._events[order if self._kept is None else self._kept[order]]
        if heading:
            return LogLine(event.session, 0, self._days[before - 1])
        return LogLine(event.session, event.seq)


def learnt_of(campaign: Campaign[Any], start: int,
              stop: int) -> list[tuple[frozenset[str], str]]:
    """The subjects and the searchable text of events `start` to `stop` (by index)."""
    learnt = []
    for event in campaign.events[start:stop]:
        subjects = campaign.subjects(event)
        learnt.append((subjects, search_text(campaign, event, subjects)))
    return learnt


#: no filter the Dealer chooses: set, the lines of the next filter are built anew
_STALE = LogFilter(session=-1)


class LogIndex:
    """The events' kinds and sessions (and, once learnt, subjects and searchable texts) as
    seen so far, and the lines of a filter."""

    def __init__(self) -> None:
        #: the subjects and the searchable text of the first events, learnt so far
        self._subjects: list[frozenset[str]] = []
        self._texts: list[str] = []
        self.names: set[str] = set()
        self.kinds: set[str] = set()
        self.sessions: set[int] = set()
        #: events whose kind and session are known
        self._seen = 0
        self._filter = LogFilter()
        self._kept: list[int] | None = None
        self._heads: list[int] = []
        self._days: list[bool] = []
        self._count = 0
        #: events the current lines have been built from
        self._through = 0
        self._text: OrderedDict[int, str] = OrderedDict()
        #: the lines of the events left out by a damaged one, and the filter they are for
        self._left_out: tuple[LogLine, ...] = ()
        self._left_out_filter: LogFilter | None = None

    def catch_up(self, campaign: Campaign[Any]) -> None:
        """Learn the kinds and sessions of the events added since the last call."""
        new = campaign.events[self._seen:]
        if not self._seen and campaign.damaged is not None:  # offered by the filters too
            self.kinds.update(map(_KIND, campaign.damaged.left))
            self.sessions.update(map(_SESSION, campaign.damaged.left))
        self.kinds.update(map(_KIND, new))
        self.sessions.update(map(_SESSION, new))
        if self._seen and new:  # lines kept already, which an undo or redo may reword
            self._retell(campaign, campaign.retold(new))
        self._seen += len(new)

    def _retell(self, campaign: Campaign[Any], seqs: Sequence[int]) -> None:
        """The events an undo or a redo words otherwise (`Campaign.retold`: cards gone back
        into a hand): their words and searchable texts anew, and the lines built again, so
        that a search finds them by what they say now."""
        for seq in seqs:
            self._text.pop(seq, None)
            if seq <= len(self._texts):
                self._texts[seq - 1] = search_text(campaign, campaign.events[seq - 1],
                                                   self._subjects[seq - 1])
        if seqs:
            self._filter = _STALE

    def missing(self, campaign: Campaign[Any]) -> int:
        """How many events' subjects and texts are not learnt yet (the first of them is
        event `len(known) + 1`, as `learn` wants them)."""
        return len(campaign.events) - len(self._subjects)

    def learn(self, campaign: Campaign[Any], start: int | None = None,
              learnt: Sequence[tuple[frozenset[str], str]] | None = None) -> None:
        """Learn the subjects and texts of the events from index `start`: `learnt` when
        they were worked out elsewhere (`learnt_of`; kept only if `start` is where what is
        learnt ends), else those of every event not learnt yet, worked out now."""
        if learnt is None:
            start = len(self._subjects)
            learnt = learnt_of(campaign, start, len(campaign.events))
        if start != len(self._subjects):
            return
        for index, (subjects, text) in enumerate(learnt, start):
            self._subjects.append(subjects)
            self._texts.append(text)
            self.names.update(subjects)
            self._put_right(campaign.events[index], subjects)

    def _put_right(self, event: Event, subjects: frozenset[str]) -> None:
        """A note corrected after it was learnt is about the names the correction gives it
        too (`Campaign.subjects`), so the lines of a filter by name are built again."""
        note = event.data.get("note") if event.kind == NOTE_CORRECTED else None
        if isinstance(note, int) and 0 < note <= len(self._subjects) - 1:
            self._subjects[note - 1] |= subjects
            self._filter = _STALE

    def lines(self, campaign: Campaign[Any], log_filter: LogFilter) -> Sequence[LogLine]:
        """The lines to show: a heading before each session's first kept event, a day's
        heading before the first kept event of a session on a later day than the kept event
        before it, and the kept events. Only new events are looked at while the filter stays
        the same."""
        self.catch_up(campaign)
        if log_filter.needs_learning:
            self.learn(campaign)
        if log_filter != self._filter:
            self._filter = log_filter
            self._kept = None if log_filter.keeps_all else []
            self._heads, self._days = [], []
            self._count = self._through = 0
        events = campaign.events
        kept, heads, days, count = self._kept, self._heads, self._days, self._count
        last: tuple[int, date] | None = (
            _session_and_day(events[kept[-1] if kept is not None else count - 1]) if count
            else None)
        new: Sequence[Event]
        if kept is None:  # every event
            new = events[self._through:]
        else:  # a list at a time, as a search runs at every key: `in` runs in C
            indexes: Sequence[int] = range(self._through, len(events))
            texts, subjects = self._texts, self._subjects
            for word in log_filter.search:
                indexes = [index for index in indexes if word in texts[index]]
            rest = replace(log_filter, search=())
            if not rest.keeps_all:
                indexes = [index for index in indexes if rest.keeps(
                    events[index], subjects[index] if rest.who is not None else frozenset())]
            kept.extend(indexes)
            new = list(map(events.__getitem__, indexes))
        # only where the session or the day changes matters: the runs of one session are
        # found in C, and a run's days looked at one by one only when its first and last
        # events fall on different days (a session past midnight), as times only go on
        for _, session_run in groupby(new, _SESSION):
            run = list(session_run)
            for now, count_of in _days_of(run):
                if last is None or now[0] != last[0]:
                    heads.append(count + len(heads))
                    days.append(False)
                elif now[1] != last[1]:
                    heads.append(count + len(heads))
                    days.append(True)
                last = now
                count += count_of
        self._count, self._through = count, len(events)
        return LogLines(events, kept, heads, days, count,
                        self._left_out_lines(campaign, log_filter))

    def _left_out_lines(self, campaign: Campaign[Any],
                        log_filter: LogFilter) -> tuple[LogLine, ...]:
        """The lines of the events a damaged one keeps out of the fold that `log_filter`
        keeps, under their heading (none when nothing is left out or kept)."""
        damaged = campaign.damaged
        if damaged is None or not damaged.left:
            return ()
        if log_filter != self._left_out_filter:
            self._left_out_filter = log_filter
            # whom they are about is not known: a filter by name keeps none of them
            kept = [] if log_filter.who is not None else [
                event for event in damaged.left
                if (log_filter.session is None or event.session == log_filter.session)
                and (log_filter.kind is None or event.kind == log_filter.kind)
                and found(log_filter.search, left_out_search_text(campaign, event))]
            lines: list[LogLine] = []
            for session, run in groupby(kept, _SESSION):  # a heading where a session begins
                lines.append(LogLine(session, 0, left_out=True))
                lines.extend(LogLine(event.session, event.seq) for event in run)
            self._left_out = tuple(lines)
        return self._left_out

    def describe(self, campaign: Campaign[Any], seq: int) -> str:
        """The event's words (cached: they change only where an undo or a redo rewords
        them, and `catch_up` forgets those)."""
        text = self._text.get(seq)
        if text is None:
            event = event_at(campaign, seq)
            text = (campaign.describe_left_out(event) if is_left_out(campaign, seq)
                    else campaign.describe(event)).replace("\n", " ")
            self._text[seq] = text
            if len(self._text) > _CACHE_SIZE:
                self._text.popitem(last=False)
        else:
            self._text.move_to_end(seq)
        return text

    @staticmethod
    def heading(campaign: Campaign[Any], lines: Sequence[LogLine], index: int) -> str:
        """The heading at `lines[index]`: the session's title and the day of its first event
        shown (the line after the heading), or for a day's heading that day."""
        line = lines[index]
        if line.left_out:  # the first heading says why; those after it, their session
            damaged = campaign.damaged
            if damaged is None:
                return ""
            if index and is_left_out(campaign, lines[index - 1].seq):
                return f"Left out: {session_title(line.session)}"
            after = (f", and the {plural(damaged.left_out - 1, 'event')} after it"
                     if damaged.left_out > 1 else "")
            # the session, where no line above says it
            session = ("" if index and lines[index - 1].session == line.session
                       else f" · {session_title(line.session)}")
            return f"Left out: event {damaged.seq}, which cannot be applied{after}{session}"
        following = lines[index + 1] if index + 1 < len(lines) else None
        first = following.seq if following is not None and not following.is_heading else 0
        when = campaign.events[first - 1].at if first else None
        if line.day:
            return (f"{day_title(when)} · {session_title(line.session)}, continued" if when
                    else "")
        # an undo took a session's start back: the session before it goes on, below events
        # of a later one
        again = (" again, after an undo" if first > 1 and
                 campaign.events[first - 2].session > line.session else "")
        return f"{session_title(line.session)}{again}{f' · {day_title(when)}' if when else ''}"
