"""The Encounter Log tab: every event of the campaign as a line, grouped by session, with
filters by session, character and kind, and the two things to do from a line: see the
campaign as it was after it (replay), or take everything after it back (undo to here).

The characters offered by the filter are the subjects of every event: at 100,000 events,
working them out takes a few tenths of a second, so a long journal has them worked out in a
worker thread once the log is first shown, and the filter offers them when they are known."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Select, Static
from textual.worker import Worker, WorkerState

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from gmscreen.ui.log_lines import LogFilter, LogIndex, LogLine, session_title
from gmscreen.ui.log_view import LogView

#: the subjects of at most this many events are worked out at once (a few milliseconds)
INLINE_SUBJECTS = 5000


def _subjects_of(campaign: Campaign[Any], start: int, stop: int) -> list[frozenset[str]]:
    return [campaign.subjects(event) for event in campaign.events[start:stop]]


class EncounterLog(Vertical):
    """The log of the live campaign (a replay is shown by marking its event in it)."""

    DEFAULT_CSS = """
    EncounterLog {
        height: 1fr;
        & > #log-filters { height: auto; }
        & > #log-filters > Select { width: 1fr; }
        & > #log-detail {
            height: auto;
            max-height: 3;
            padding: 0 1;
            background: $panel;
            color: $foreground;
        }
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "replay", "Replay", id="log.replay",
                tooltip="Show every tab as the campaign was right after this event "
                        "(again to return to now)"),
        Binding("enter", "replay", "Replay here", show=False, id="log.replay_enter"),
        Binding("u", "undo_to_here", "Undo to here", id="log.undo_to_here",
                tooltip="Take back every event after this one, after a preview"),
        # the filters are in sight above the list, so their key leaves the footer room
        Binding("f", "filter", "Filter", id="log.filter", show=False,
                tooltip="Choose which session, character and kind of event to list"),
    ]

    class ReplayRequested(Message):
        """The Dealer asked to see the campaign right after event `seq`."""

        def __init__(self, seq: int) -> None:
            super().__init__()
            self.seq = seq

    class UndoToRequested(Message):
        """The Dealer asked to take back every event after `seq`."""

        def __init__(self, seq: int) -> None:
            super().__init__()
            self.seq = seq

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.campaign: Campaign[Any] | None = None
        self.index = LogIndex()
        self.replayed: int | None = None
        self._names: list[str] = []
        self._kinds: list[str] = []
        self._sessions: list[int] = []
        #: the worker working out the subjects of the events from `_learning_from`
        self._learning: Worker[list[frozenset[str]]] | None = None
        self._learning_from = 0
        #: the worker is to start once the log is drawn
        self._learning_soon = False

    def compose(self) -> ComposeResult:
        with Horizontal(id="log-filters"):
            yield Select[int]([], prompt="Every session", id="log-session", compact=True)
            yield Select[str]([], prompt="Everyone", id="log-who", compact=True)
            yield Select[str]([], prompt="Every kind", id="log-kind", compact=True)
        yield LogView(id="log-lines")
        yield Static("", id="log-detail", markup=False)

    @property
    def view(self) -> LogView:
        return self.query_one(LogView)

    @property
    def filter(self) -> LogFilter:
        session = self.query_one("#log-session", Select).value
        who = self.query_one("#log-who", Select).value
        kind = self.query_one("#log-kind", Select).value
        return LogFilter(session if isinstance(session, int) else None,
                         who if isinstance(who, str) else None,
                         kind if isinstance(kind, str) else None)

    def show(self, campaign: Campaign[Any], replayed: int | None = None) -> None:
        """Show the live campaign's log; `replayed` is the event a replay shows, if any."""
        self.campaign, self.replayed = campaign, replayed
        self.index.catch_up(campaign)
        self._learn_subjects(campaign)
        self._offer_filters()
        self.view.show(campaign, self.index.lines(campaign, self.filter), self.index, replayed)
        self._describe_line(self.view.line)

    def _learn_subjects(self, campaign: Campaign[Any]) -> None:
        """Have the subjects of the events not learnt yet worked out: now if they are few,
        else in a worker once the log is drawn (it would slow the drawing down), one at a
        time (what is added meanwhile is learnt after it)."""
        missing = self.index.missing_subjects(campaign)
        if not missing or self._learning is not None or self._learning_soon:
            return
        if missing <= INLINE_SUBJECTS:
            self.index.learn_subjects(campaign)
            return
        self._learning_soon = True
        self.call_after_refresh(self._start_learning, campaign)

    def _start_learning(self, campaign: Campaign[Any]) -> None:
        self._learning_soon = False
        missing = self.index.missing_subjects(campaign)
        self._learning_from = start = len(campaign.events) - missing
        self._learning = self.run_worker(
            partial(_subjects_of, campaign, start, len(campaign.events)),
            name="subjects", group="log-subjects", thread=True, exit_on_error=False,
            description=f"the subjects of events {start + 1} to {len(campaign.events)}")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self._learning or event.state in (WorkerState.PENDING,
                                                                  WorkerState.RUNNING):
            return
        event.stop()
        self._learning = None
        learnt: Sequence[frozenset[str]] | None = event.worker.result
        if self.campaign is not None and event.state == WorkerState.SUCCESS and learnt:
            self.index.learn_subjects(self.campaign, self._learning_from, learnt)
            self._learn_subjects(self.campaign)  # what was added meanwhile
            self._offer_filters()

    def _offer_filters(self) -> None:
        """Offer every session, name and kind seen so far (only when a new one appears, as
        setting options clears the choice)."""
        sessions = sorted(self.index.sessions)
        if sessions != self._sessions:
            self._sessions = sessions
            self._set_options("#log-session", [(session_title(s), s) for s in sessions])
        names = sorted(self.index.names, key=str.casefold)
        if names != self._names:
            self._names = names
            self._set_options("#log-who", [(Text(name), name) for name in names])
        kinds = sorted(self.index.kinds)
        if kinds != self._kinds:
            self._kinds = kinds
            self._set_options("#log-kind", [(kind, kind) for kind in kinds])

    def _set_options(self, selector: str, options: list[tuple[Any, Any]]) -> None:
        select: Select[Any] = self.query_one(selector, Select)
        chosen = select.value
        with select.prevent(Select.Changed):
            select.set_options(options)
            if any(value == chosen for _, value in options):
                select.value = chosen

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if self.campaign is not None:
            self.show(self.campaign, self.replayed)

    def on_log_view_highlighted(self, event: LogView.Highlighted) -> None:
        event.stop()
        self._describe_line(event.line)

    def _describe_line(self, line: LogLine | None) -> None:
        """The whole text of the line under the cursor (a line of the list may be cut)."""
        detail = self.query_one("#log-detail", Static)
        campaign = self.campaign
        if campaign is None or line is None:
            detail.update(Text("No events yet." if line is None else ""))
            return
        if line.is_heading:
            detail.update(Text(f"{session_title(line.session)}: r shows how it ended."))
            return
        event = campaign.events[line.seq - 1]
        words = self.index.describe(campaign, line.seq)
        state = " (undone)" if campaign.is_undone(event) else ""
        who = ", ".join(sorted(campaign.subjects(event)))
        about = f" · about {who}" if who else ""
        detail.update(Text(f"#{event.seq} {event.at:%Y-%m-%d %H:%M} · {event.kind}{state}"
                           f"{about}\n{words}"))

    # -- actions -------------------------------------------------------------------------

    def action_replay(self) -> None:
        line, campaign = self.view.line, self.campaign
        if line is None or campaign is None:
            return
        if line.is_heading:
            try:
                seq = campaign.last_seq_of_session(line.session)
            except RuleError as error:
                self.notify(error.message, title=error.rule, severity="warning", markup=False)
                return
            self.post_message(self.ReplayRequested(seq))
        else:
            self.post_message(self.ReplayRequested(line.seq))

    def action_undo_to_here(self) -> None:
        line = self.view.line
        if line is None:
            return
        if line.is_heading:
            self.notify("Pick an event of the session, not its heading.", severity="warning")
            return
        self.post_message(self.UndoToRequested(line.seq))

    def action_filter(self) -> None:
        self.query_one("#log-session", Select).focus()
