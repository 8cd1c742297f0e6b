"""The Encounter Log tab: every event of the campaign as a line, grouped by session (and
by day, in a session that runs past midnight), with filters by session, character and kind,
a search, and the things to do from a line: see the campaign as it was after it (replay),
take everything after it back (undo to here), or, on a note, put the note right (its text,
who it is about, whether the table heard it) without taking back what came after it.

The search (`/`) keeps only the lines that match, as the Dealer types, rather than jumping
between matches in the whole list: at the table the question is "what did we say about
the undertaker?", and every answer in sight at once, each under its session and day, is
read faster than one answer at a time. f3 and shift+f3 (or enter, up and down in the
search box) step between them; escape closes the search and shows the whole log again with
the cursor still on the line it was on, so a match is seen among what happened around it.

The characters offered by the filter are the subjects of every event, and the search looks
in the text of every line: at 100,000 events, working them out takes about a second, so a
long journal has them worked out in a worker thread once the log is first shown (the filter
offers the names, and the search searches, when they are known); a search itself then takes
a few hundredths of a second."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Input, Select, Static
from textual.worker import Worker, WorkerState

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import NOTE, NOTE_CORRECTED, Event
from gmscreen.journal.kinds import kind_name, kinds_by_name
from gmscreen.journal.notes import names_of
from gmscreen.journal.rules import RuleError
from gmscreen.ui import collector
from gmscreen.ui.dialog import AnswersKeys, answer_around_keyboard
from gmscreen.ui.dropdown import Dropdown
from gmscreen.ui.in_order import InOrderInput
from gmscreen.ui.keymap import bindings_as_set, key_in_words
from gmscreen.ui.log_lines import (
    LogFilter,
    LogIndex,
    LogLine,
    LogLines,
    event_at,
    every_name,
    is_left_out,
    learnt_of,
    search_words,
    session_title,
)
from gmscreen.ui.log_view import LogView

#: the subjects and texts of at most this many events are worked out at once (a few
#: milliseconds)
INLINE_LEARNING = 5000

Learnt = list[tuple[frozenset[str], str]]


class EncounterLog(Vertical, AnswersKeys):
    """The log of the live campaign (a replay is shown by marking its event in it)."""

    DEFAULT_CSS = """
    EncounterLog {
        height: 1fr;
        & > #log-filters { height: auto; }
        & > #log-filters > Select { width: 1fr; }
        & > #log-detail {
            /* always three rows: a height that followed the line picked moved the list
               under the mouse, and a second click took the line above (round 24) */
            height: 3;
            padding: 0 1;
            background: $panel;
            color: $foreground;
        }
        & > #log-search {
            dock: bottom;
            height: 1;
            display: none;
            &.-open { display: block; }
            & > Input { width: 1fr; }
            & > #log-search-hits { width: auto; padding: 0 1; color: $text-muted; }
        }
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "replay", "Replay", id="log.replay",
                tooltip="Show every tab as the campaign was right after this event "
                        "(again to return to now; a double click on a line too)"),
        Binding("enter", "replay", "Replay here", show=False, id="log.replay_enter"),
        Binding("u", "undo_to_here", "Undo to here", id="log.undo_to_here",
                tooltip="Take back every event after this one, after a preview"),
        # shown only on a note's line
        Binding("e", "correct_note", "Correct note", id="log.correct_note",
                tooltip="Put this note right: its text, who it is about, whether the table "
                        "heard it (what came after it stands)"),
        Binding("x", "strike_note", "Strike out", id="log.strike_note",
                tooltip="Strike this note out: off every sheet and out of the recap, the log "
                        "keeps it (Correct note puts it back)"),
        # the filters are in sight above the list, so their key leaves the footer room
        Binding("f", "filter", "Filter", id="log.filter", show=False,
                tooltip="Choose which session, character and kind of event to list"),
        # run as typed (a priority key), so the words typed straight after it go into the
        # box: "/zeke" in one burst (a quick Dealer, a paste) had its letters taken as the
        # list's keys (e: "#43 is no note") while the box opened empty
        Binding("slash", "search", "Search", id="log.search", key_display="/", priority=True,
                tooltip="List only the lines holding the words typed, as they are typed"),
        # f3 is the search's next match in most programs, and no key of the app's
        Binding("f3", "hit(1)", "Next", id="log.next_hit",
                tooltip="The next line that matches the search (enter in the search box)"),
        Binding("shift+f3", "hit(-1)", "Previous", id="log.previous_hit",
                tooltip="The line before that matches the search"),
        Binding("escape", "close_search", "Close search", id="log.close_search",
                tooltip="Show the whole log again, the cursor on the line it is on"),
        # in the search box, the arrows move along the lines found
        Binding("up", "hit(-1)", "Previous", show=False,
                tooltip="In the search box: the line found before this one"),
        Binding("down", "hit(1)", "Next", show=False,
                tooltip="In the search box: the line found after this one"),
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

    class NoteCorrectionRequested(Message):
        """The Dealer asked to put the note `seq` right."""

        def __init__(self, seq: int) -> None:
            super().__init__()
            self.seq = seq

    class NoteStrikeRequested(Message):
        """The Dealer asked to strike the note `seq` out."""

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
        #: the words searched for (none while the search is closed)
        self._words: tuple[str, ...] = ()
        #: where the search looks from: where the cursor was when it opened, or where the
        #: Dealer last moved it (a line's `LogView.cursor_order`)
        self._search_from: int | None = None
        #: the worker working out the subjects of the events from `_learning_from`
        self._learning: Worker[Learnt] | None = None
        self._learning_from = 0
        #: the worker is to start once the log is drawn
        self._learning_soon = False

    def compose(self) -> ComposeResult:
        with Horizontal(id="log-filters"):
            yield Dropdown[int]([], prompt="Every session", id="log-session", compact=True)
            yield Dropdown[str]([], prompt="Everyone", id="log-who", compact=True)
            yield Dropdown[str]([], prompt="Every kind", id="log-kind", compact=True)
        yield LogView(id="log-lines")
        yield Static("", id="log-detail", markup=False)
        with Horizontal(id="log-search"):
            yield InOrderInput(placeholder="Search the log: words of a line, a name, a kind",
                               id="log-search-input", compact=True)
            yield Static("", id="log-search-hits", markup=False)

    @property
    def view(self) -> LogView:
        return self.query_one(LogView)

    @property
    def searching(self) -> bool:
        return self.query_one("#log-search").has_class("-open")

    @property
    def filter(self) -> LogFilter:
        """The filters chosen, and the search once the texts of the lines are known (a
        search before would work them all out at once: see the module's docstring)."""
        session = self.query_one("#log-session", Select).value
        who = self.query_one("#log-who", Select).value
        kind = self.query_one("#log-kind", Select).value
        known = (self.campaign is not None and self._learning is None
                 and not self._learning_soon)
        return LogFilter(session if isinstance(session, int) else None,
                         who if isinstance(who, str) else None,
                         kind if isinstance(kind, str) else None,
                         self._words if known else (),
                         every_name(self.campaign, who) if isinstance(who, str)
                         and self.campaign is not None else frozenset())

    def show(self, campaign: Campaign[Any], replayed: int | None = None, *,
             anchor: int | None = None) -> None:
        """Show the live campaign's log; `replayed` is the event a replay shows, if any;
        the cursor near `anchor` (a `LogView.cursor_order`) when given."""
        self.campaign, self.replayed = campaign, replayed
        self.index.catch_up(campaign)
        self._learn(campaign)
        self._offer_filters()
        log_filter, view = self.filter, self.view
        view.words = log_filter.search
        view.show(campaign, self.index.lines(campaign, log_filter), self.index, replayed,
                  anchor)
        if log_filter.search and view.line is not None and view.line.is_heading:
            view.cursor += 1  # on the line found, not on the heading above it
        self._describe_line(view.line)
        self._count_hits()

    def _learn(self, campaign: Campaign[Any]) -> None:
        """Have the subjects and texts of the events not learnt yet worked out: now if they
        are few, else in a worker once the log is drawn (it would slow the drawing down),
        one at a time (what is added meanwhile is learnt after it)."""
        missing = self.index.missing(campaign)
        if not missing or self._learning is not None or self._learning_soon:
            return
        if missing <= INLINE_LEARNING:
            self.index.learn(campaign)
            return
        self._learning_soon = True
        self.call_after_refresh(self._start_learning, campaign)

    def _start_learning(self, campaign: Campaign[Any]) -> None:
        self._learning_soon = False
        missing = self.index.missing(campaign)
        self._learning_from = start = len(campaign.events) - missing
        self._learning = self.run_worker(
            partial(learnt_of, campaign, start, len(campaign.events)),
            name="subjects", group="log-subjects", thread=True, exit_on_error=False,
            description=f"the subjects and texts of events {start + 1} to "
                        f"{len(campaign.events)}")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self._learning or event.state in (WorkerState.PENDING,
                                                                  WorkerState.RUNNING):
            return
        event.stop()
        self._learning = None
        learnt: Sequence[tuple[frozenset[str], str]] | None = event.worker.result
        if self.campaign is not None and event.state == WorkerState.SUCCESS and learnt:
            self.index.learn(self.campaign, self._learning_from, learnt)
            # they live as long as the log: the collector's full passes need not walk them
            # again (at 100,000 events each pass stalled the screen 120-170 ms)
            collector.set_aside()
            self._learn(self.campaign)  # what was added meanwhile
            self._offer_filters()
            if self._words:  # the search waited for the texts
                self.show(self.campaign, self.replayed, anchor=self._search_from)

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
            self._set_options("#log-kind", [(Text(name), kind) for name, kind
                                            in kinds_by_name(self.index.kinds)])

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

    def on_log_view_chosen(self, event: LogView.Chosen) -> None:
        event.stop()
        self.action_replay()

    def on_log_view_highlighted(self, event: LogView.Highlighted) -> None:
        event.stop()
        self._describe_line(event.line)
        self._count_hits()
        self.refresh_bindings()  # the key that corrects a note, on a note's line only

    def _describe_line(self, line: LogLine | None) -> None:
        """The whole text of the line under the cursor (a line of the list may be cut)."""
        detail = self.query_one("#log-detail", Static)
        campaign = self.campaign
        if line is None:
            detail.update(Text(
                "No events yet." if campaign is None or not campaign.events else
                "No line is left by the search or the filter: escape closes the search, f "
                "changes the filter."))
            return
        if campaign is None:
            detail.update(Text(""))
            return
        if line.day:
            detail.update(Text(f"{session_title(line.session)} went on into another day: "
                               f"{self._key('log.replay')} shows how that day ended."))
            return
        if line.left_out and campaign.damaged is not None:
            way_on = (f"{key_in_words(self.app, 'set_aside', self.app)} sets the damaged step "
                      "aside and goes on without them, or put the journal right by hand"
                      if campaign.damaged.steps else "put the journal right by hand")
            detail.update(Text(f"Not in what the tabs show, which stop before event "
                               f"{campaign.damaged.seq}: {way_on}."))
            return
        if line.is_heading:
            detail.update(Text(f"{session_title(line.session)}: {self._key('log.replay')} "
                               "shows how it ended."))
            return
        if is_left_out(campaign, line.seq):
            event = event_at(campaign, line.seq)
            # its words say it is left out (or cannot be applied)
            detail.update(Text(f"#{event.seq} {event.at:%Y-%m-%d %H:%M} · "
                               f"{kind_name(event.kind)}\n"
                               f"{self.index.describe(campaign, line.seq)}"))
            return
        event = campaign.events[line.seq - 1]
        fix = campaign.note_correction(event) if event.kind == NOTE else None
        done = "struck out" if fix is not None and fix.data.get("struck") is True \
            else "corrected"
        state = " (undone)" if campaign.is_undone(event) else (
            f" ({done} at #{fix.seq})" if fix is not None else "")
        # a note as it stands, and whom it is about now; the line keeps what was written
        words = (campaign.describe(fix) if fix is not None
                 else self.index.describe(campaign, line.seq))
        who = ", ".join(sorted(campaign.subjects(event) if fix is None else
                               {str(name) for name in names_of(fix.data.get("about"))}))
        about = f" · about {who}" if who else ""
        detail.update(Text(f"#{event.seq} {event.at:%Y-%m-%d %H:%M} · {kind_name(event.kind)}"
                           f"{state}{about}\n{words}"))

    # -- actions -------------------------------------------------------------------------

    def _refuse_left_out(self, line: LogLine, step: str) -> bool:
        """Say why `step` cannot be taken on a line left out of the fold (True: it is)."""
        campaign = self.campaign
        if campaign is None or campaign.damaged is None or not (
                line.left_out or is_left_out(campaign, line.seq)):
            return False
        what = "These events are" if line.left_out else f"Event {line.seq} is"
        self.notify(f"{what} left out: the campaign is shown as it was before event "
                    f"{campaign.damaged.seq}, which cannot be applied, so {step}.",
                    title="Left out", severity="warning", markup=False)
        return True

    def action_replay(self) -> None:
        line, campaign = self.view.line, self.campaign
        if line is None or campaign is None or self._refuse_left_out(
                line, "there is no replay to it"):
            return
        if line.day:
            self.post_message(self.ReplayRequested(self._end_of_day(campaign)))
        elif line.is_heading:
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
        if line is None or self._refuse_left_out(line, "there is nothing to undo to it"):
            return
        if line.is_heading:
            self.notify("Pick an event of the session, not its heading.", severity="warning")
            return
        self.post_message(self.UndoToRequested(line.seq))

    def action_correct_note(self) -> None:
        note = self.note_under_cursor()
        if note is not None:
            self.post_message(self.NoteCorrectionRequested(note.seq))

    def action_strike_note(self) -> None:
        note = self.note_under_cursor()
        if note is not None:
            self.post_message(self.NoteStrikeRequested(note.seq))

    def on_key(self, event: events.Key) -> None:
        # e or x on a line that is no standing note: a hidden binding let the key pass,
        # and nothing was done nor said. Answered by the app in the order typed
        # (`answer_around_keyboard`): an e typed straight after n ("Jim owes Zeke") was
        # refused here before the note dialog was up, and lost from the note ("Jim ows Zk")
        answer_around_keyboard(event, self.screen)

    def answer(self, key: str) -> bool:
        """Say why e or x (putting right or striking out a note) does not apply to the line
        under the cursor, where it does not (True: said)."""
        action = next((binding.action for binding in bindings_as_set(self).key_to_bindings.get(
            key, ()) if binding.action in ("correct_note", "strike_note")), None)
        # where the keyboard is, not `has_focus`, which says so only once the view has
        # heard of it: "5e" typed from another tab came first
        if action is None or self.screen.focused is not self.view or self.check_action(
                action, ()):
            return False
        self.notify(self._not_a_note(action), title="Notes", severity="warning",
                    markup=False)
        return True

    def _key(self, binding_id: str) -> str:
        """The key of the log's binding `binding_id` (or the screen's), as set, for a
        sentence."""
        return key_in_words(self.app, binding_id, self, self.screen)

    def _not_a_note(self, action: str) -> str:
        """Why `action` (putting right or striking out a note) does not apply to the line
        under the cursor, and what does."""
        fix, strike = self._key("log.correct_note"), self._key("log.strike_note")
        line, campaign = self.view.line, self.campaign
        if line is None or campaign is None:
            return "There is no line under the cursor."
        if line.is_heading:
            return f"This is a heading: {fix} and {strike} act on a note's line."
        if is_left_out(campaign, line.seq):
            return (f"#{line.seq} is left out: the campaign stops before the event that "
                    "cannot be applied, and nothing after it can be put right here.")
        event = campaign.events[line.seq - 1]
        note = (event if event.kind == NOTE else campaign.corrected_note(event)
                if event.kind == NOTE_CORRECTED else None)
        if note is not None and campaign.is_undone(note):
            return (f"This note is undone: {self._key('redo')} brings it back while it is the "
                    "newest step taken back.")
        if note is not None:  # x on a note struck out already
            return f"This note is struck out already: {fix} puts it back."
        return (f"#{event.seq} is no note: {fix} and {strike} put a note right. A step taken "
                f"by mistake is taken back with {self._key('log.undo_to_here')} (undo to here) or "
                f"{self._key('undo')} (the newest step).")

    def note_under_cursor(self) -> Event | None:
        """The standing note the line under the cursor writes or corrects, if any."""
        line, campaign = self.view.line, self.campaign
        if line is None or line.is_heading or campaign is None or is_left_out(campaign,
                                                                                line.seq):
            return None
        event = campaign.events[line.seq - 1]
        note = (event if event.kind == NOTE else campaign.corrected_note(event)
                if event.kind == NOTE_CORRECTED else None)
        return note if note is not None and not campaign.is_undone(note) else None

    def show_notes(self) -> None:
        """List the notes alone, to pick one to put right."""
        kind = self.query_one("#log-kind", Select)
        if any(value == NOTE for _, value in kinds_by_name(self.index.kinds)):
            kind.value = NOTE
        self.view.focus()

    def _end_of_day(self, campaign: Campaign[Any]) -> int:
        """The last event of the session on the day of the day's heading under the cursor."""
        following = self.view.lines[self.view.cursor + 1]
        first = campaign.events[following.seq - 1]
        day, seq = first.at.date(), first.seq
        for event in campaign.events[first.seq:]:
            if event.session != first.session or event.at.date() != day:
                break
            seq = event.seq
        return seq

    def action_filter(self) -> None:
        self.query_one("#log-session", Select).focus()

    # -- the search ----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("hit", "close_search"):
            return self.searching
        if action == "search":  # in the box, / is typed (the box has the keyboard at once;
            # its has_focus says so a turn later: "/2/8" typed quickly searched for "28")
            return self.screen.focused is not self.query_one("#log-search-input", Input)
        if action == "correct_note":
            return self.note_under_cursor() is not None
        if action == "strike_note":  # a note struck out already is put back with e
            note = self.note_under_cursor()
            return note is not None and self.campaign is not None and \
                self.campaign.note_now(note).data.get("struck") is not True
        return True

    def action_search(self) -> None:
        """Open the search box (or go back to it), searching from the line the cursor is
        on."""
        box = self.query_one("#log-search")
        if not box.has_class("-open"):
            box.add_class("-open")
            self._search_from = self.view.cursor_order
            self._count_hits()
            self.refresh_bindings()
        # at once, not after what is queued (`focus()`): the next key typed is the box's
        self.screen.set_focus(self.query_one("#log-search-input", Input))

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        words = search_words(event.value)
        if words == self._words or self.campaign is None:
            return
        if self.view.moved:  # the Dealer went to a line: the search goes on from there
            self._search_from = self.view.cursor_order
        self._words = words
        self.show(self.campaign, self.replayed, anchor=self._search_from)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_hit(1)

    def action_hit(self, step: int) -> None:
        """Move the cursor to the next (or, `step` -1, the previous) event line found,
        round from the last to the first."""
        view, lines = self.view, self.view.lines
        if not lines:
            return
        cursor = view.cursor
        for _ in range(len(lines)):
            cursor = (cursor + step) % len(lines)
            if not lines[cursor].is_heading:
                break
        view.move_to(cursor)
        self._search_from = view.cursor_order

    def action_close_search(self) -> None:
        """Close the search: the whole log again, the cursor on the line it was on (or,
        when nothing was found, where the search began)."""
        view = self.view
        anchor = view.cursor_order if view.line is not None else self._search_from
        box = self.query_one("#log-search")
        box.remove_class("-open")
        search = self.query_one("#log-search-input", Input)
        with search.prevent(Input.Changed):
            search.value = ""
        self._words, self._search_from = (), None
        self.refresh_bindings()
        self.view.focus()
        if self.campaign is not None:
            self.show(self.campaign, self.replayed, anchor=anchor)

    def _count_hits(self) -> None:
        """Say how many lines the search found, and which of them the cursor is on."""
        if not self.searching:
            return
        hits = self.query_one("#log-search-hits", Static)
        lines, line = self.view.lines, self.view.line
        if not self._words:
            hits.update("type to search")
        elif not self.filter.search:
            hits.update("reading the log…")
        elif not isinstance(lines, LogLines) or not lines.events:
            hits.update("no line matches")
        elif line is None or line.is_heading:
            hits.update(f"{lines.events} found")
        else:
            hits.update(f"{lines.events_before(self.view.cursor) + 1} of {lines.events}")
