"""The screen the Dealer works in: the header, the game's tabs and the Encounter Log, and
everything that changes the journal (commands from the panes, undo and redo, sessions,
notes) or looks into its past (replay, undo to here).

Attributes down, messages up: panes post commands; this screen decides them through the
campaign, then hands every pane the campaign to show. A refused command is a warning naming
the rule; a journal that cannot be written is an error saying nothing was saved; in both
cases nothing changed.

A tab's widgets are built the first time it is shown, not at start: styling and laying out
every tab's widgets was most of the time a large campaign took to open, though only one
tab is in sight. Nor is a pane made, and its module imported, before its tab is built or
the palette asks for it (see `tabs.Panes`); a tab built late is drawn from the campaign as
it is then.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static, TabbedContent, TabPane, Tabs
from textual.worker import Worker, WorkerState

from gmscreen import paths
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event
from gmscreen.journal.follow import curtain_of
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalError
from gmscreen.ui import collector, tabs
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.dialog import answer_around_keyboard, answer_in_turn
from gmscreen.ui.footer import KeysFooter
from gmscreen.ui.header import CampaignHeader, Replayed
from gmscreen.ui.keymap import bindings_as_set, key_in_words
from gmscreen.ui.log import EncounterLog
from gmscreen.ui.log_view import LogView
from gmscreen.ui.pane import GamePane

if TYPE_CHECKING:
    from gmscreen.ui.note import NoteWritten

#: notifications name at most this many events, then say how many more
_NAMED = 3
#: a replay of the first this many events is made at once (a few milliseconds); a longer one
#: is folded in a worker thread, so the screen answers keys meanwhile
INLINE_REPLAY = 2000
#: seconds a replay may take before its tab shows that it is on its way
LOADING_AFTER = 0.2
_TABS = Binding.Group("Tabs", compact=True)


def summary(campaign: Campaign[Any], events: Sequence[Event]) -> str:
    """"Zeke adds 5. Zeke rolls [3, 4]. (and 2 more)": what a step did, in a line, told in
    the order it was played. An undo of several steps hands them newest first, each step's
    events oldest first: Dead Man's Hand's `z` told "plays 9♣ ... Over to ... attacks"."""
    return campaign.describe_some(sorted(events, key=lambda event: event.seq),
                                  _NAMED) or "nothing"


#: the shell's steps that change the journal, which a replay of the past refuses
_CHANGING = frozenset({"undo", "redo", "note", "start_session", "end_session"})


class ShellTabs(TabbedContent):
    """The shell's tabs. Textual shows the tab a widget is focused in, told a few turns
    after the focus: the first tab's word, queued as the app opens, came after a digit typed
    at once (or on a loaded machine) had shown its tab, and took the Dealer back to the
    first tab, the digit lost. A word about a tab the keyboard has left since is old news."""

    def _on_tab_pane_focused(self, event: TabPane.Focused) -> None:
        focused = self.screen.focused
        if focused is None or event.tab_pane not in focused.ancestors:
            event.stop()
            event.prevent_default()  # Textual's own handler, below, would show that tab


class ShellScreen(Screen[None]):
    """The campaign's tabs. `replayed` is the event a replay shows, None when live."""

    # The shell puts the keyboard in the tab shown (`_focus_in`); Textual's own first
    # focus, on the tab bar, was only taken away again, and each move restyled the bar.
    AUTO_FOCUS = ""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo", id="undo", tooltip="Take back the newest step"),
        Binding("ctrl+y", "redo", "Redo", id="redo", tooltip="Put back the step last undone"),
        Binding("n", "note", "Note", id="note", tooltip="Write a note into the journal"),
        Binding("f5", "start_session", "Start session", id="start_session",
                tooltip="Begin the next game session"),
        Binding("f6", "end_session", "End session", id="end_session",
                tooltip="End the session (with the game's end-of-session steps, if any)"),
        Binding("escape", "back_to_now", "Back to now", id="back_to_now",
                tooltip="Leave the replay and show the campaign as it is now"),
        Binding("f1,question_mark", "help", "Help", id="help", key_display="f1",
                tooltip="The keys of this tab and of every tab, and the game's words"),
        Binding("ctrl+b", "curtain", "Curtain", id="curtain", show=False,
                tooltip="Blank the players' screen until pressed again (or lift the blank)"),
        # the tabs' titles carry their numbers, so the digits leave the footer to the panes
        *(Binding(str(n), f"show_tab({n})", f"Tab {n}", id=f"tab.{n}", group=_TABS,
                  show=False) for n in range(1, 10)),
    ]

    class StepSaved(Message):
        """A step reached the journal: `what` happened ("command", "note", "undo", "redo",
        "session start", "session end") and these are the events saved."""

        def __init__(self, what: str, events: list[Event]) -> None:
            super().__init__()
            self.what = what
            self.events = events

    class ReplayMoved(Message):
        """The screen now shows the campaign right after `seq` (None: as it is now)."""

        def __init__(self, seq: int | None) -> None:
            super().__init__()
            self.seq = seq

    def __init__(self, campaign: Campaign[Any], left_on: str | None = None) -> None:
        super().__init__()
        self.campaign = campaign
        #: the title of the tab shown when the campaign was last left, shown first again
        self.left_on = left_on
        self.replayed: int | None = None
        self.replay: Campaign[Any] | None = None
        #: the worker folding the replay asked for, and the event it is to show
        self._replaying: Worker[Campaign[Any]] | None = None
        self._pending: int | None = None
        #: the tab that shows a replay is on its way
        self._loading: TabPane | None = None
        self.panes: Mapping[str, GamePane] = {}
        self.panes_problem: str | None = None
        #: titles of the tabs drawn from an older state than the one shown (see `redraw`)
        self._stale: set[str] = set()
        #: titles of the tabs whose widgets are mounting (False) or mounted (True)
        self._built: dict[str, bool] = {}
        #: where the shell last put the keyboard in a tab (see `_focus_in`)
        self._placed: Widget | None = None
        #: a step saved while no session runs has been said to be kept outside one
        self._told_outside = False
        #: the screen has been shown (see `on_screen_resume`)
        self._resumed = False
        try:
            self.panes = tabs.make_panes(campaign.rules.panes_module)
        except ImportError as error:
            self.panes_problem = f"{campaign.rules.title} has no tabs yet ({error})."

    # -- layout --------------------------------------------------------------------------

    @property
    def titles(self) -> list[str]:
        """Every tab's title, in order: the game's tabs, then the log."""
        return [*self.panes, tabs.ENCOUNTER_LOG]

    @property
    def first_tab(self) -> int:
        """The number of the tab shown at start: the one left last time, else the first."""
        titles = self.titles
        return titles.index(self.left_on) + 1 if self.left_on in titles else 1

    def compose(self) -> ComposeResult:
        yield CampaignHeader()
        first = self.first_tab
        with ShellTabs(id="shell-tabs", initial=tabs.tab_id(self.titles[first - 1])):
            for number, title in enumerate(self.titles, start=1):
                # its key as the Dealer set it (the digit, unless settings.toml moved it)
                shown = key_in_words(self.app, f"tab.{number}", self)
                with TabPane(f"{shown} {title}", id=tabs.tab_id(title)):
                    if number == first:  # the tab shown at start; the others wait
                        self._built[title] = True
                        yield from self._contents(title)
        yield KeysFooter(id="shell-keys")
        # a replay's keys are few and the same each time: kept built beside the live ones
        yield KeysFooter(id="shell-replay-keys").set_styles(display="none")

    def _contents(self, title: str) -> list[Widget]:
        """The widgets of the tab `title`."""
        if title != tabs.ENCOUNTER_LOG:
            return [self.panes[title]]
        problem = [] if self.panes_problem is None else [
            Static(self.panes_problem, id="shell-panes-problem", markup=False)]
        return [*problem, EncounterLog()]

    def _build(self, title: str) -> AwaitComplete:
        """Mount the widgets of the tab `title` if they are not yet; done when they are."""
        if title in self._built:
            return AwaitComplete()
        self._built[title] = False
        mounting = self.query_one(f"#{tabs.tab_id(title)}", TabPane).mount_all(
            self._contents(title))

        async def mounted() -> None:
            await mounting
            self._built[title] = True
            # a tab lives as long as the campaign is open (see `collector`)
            self.call_after_refresh(collector.set_aside)

        return AwaitComplete(mounted())

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual styles each widget as it is mounted, then, as the screen first shows, the
        # whole screen again, though nothing has changed in between (a twentieth of a
        # start); every dialog skips it too (`Dialog`). Shown again later, above a dialog
        # just closed or a theme changed, it is restyled as Textual decides.
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

    def on_mount(self) -> None:
        # the tab bar never takes the keyboard: digits (and clicks) choose a tab, and a
        # click on the tab shown put the keyboard there, out of the tab, its keys gone
        self.query_one(TabbedContent).query_one(Tabs).can_focus = False
        self.show_tab(self.first_tab)
        self.redraw()

    def redraw(self) -> None:
        """The header and the tab in sight, from the campaign (or the replay). The other
        tabs are only marked out of date: each is drawn when it is shown, so a step costs
        one tab's drawing however many tabs the game has."""
        replayed = None
        if self.replayed is not None:
            event = self.campaign.events[self.replayed - 1] if self.replayed else None
            words = self.campaign.describe(event) if event else "the start of the campaign"
            cut = self.campaign.step_cut(self.replayed)
            if cut is not None:  # the step is shown half done
                words = f"part way through #{cut[0]}-#{cut[1]}: {words}"
            undone_at = self.campaign.undone_at(event) if event else None
            if undone_at is not None:  # a struck line: a step the journal no longer holds to
                # said first: the event's words are cut at the banner's end at 80 columns
                words = f"undone since, at #{undone_at}: {words}"
            replayed = Replayed(self.replayed, words)
        self.query_one(CampaignHeader).show(self.campaign, self.replay, replayed,
                                            curtain=self.curtain_drawn)
        self._stale = set(self.titles)
        self._freshen(self.query_one(TabbedContent).active)
        self.query_one("#shell-keys").display = self.replayed is None
        self.query_one("#shell-replay-keys").display = self.replayed is not None
        self.refresh_bindings()  # the shell's and the panes' `check_action` read the state

    def _freshen(self, pane_id: str) -> None:
        """Draw the tab `pane_id` if it is out of date."""
        title = next((t for t in self._stale if tabs.tab_id(t) == pane_id), None)
        if title is None or not self._built.get(title):
            return  # fresh, or not built yet: it is drawn once its widgets are mounted
        self._stale.discard(title)
        if title == tabs.ENCOUNTER_LOG:
            self.query_one(EncounterLog).show(self.campaign, self.replayed)
        else:
            self.panes[title].show(self.replay or self.campaign)

    @property
    def looking_back(self) -> bool:
        """Whether the past is shown, or on its way."""
        return self.replayed is not None or self._pending is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back_to_now":
            return self.looking_back
        # in the past nothing changes: off the footer, and said so when pressed (`on_key`)
        if action in _CHANGING and self.looking_back:
            return False
        # only the session step that can be taken now is offered (the footer is narrow)
        if action == "start_session":
            return not self.campaign.in_session
        if action == "end_session":
            return self.campaign.in_session
        if action == "show_tab":
            return isinstance(parameters[0], int) and parameters[0] <= len(self.titles)
        # undo and redo are offered only with a step to take back or put back; pressed
        # anyway, the key still says why not (`on_key`)
        if action == "undo":
            return self.campaign.can_undo
        if action == "redo":
            return self.campaign.can_redo
        return True

    def on_key(self, event: events.Key) -> None:
        # the tab the keyboard is in answers a key sent to a widget that answers none (a
        # digit typed just before, from a tab of no steps)
        answer_around_keyboard(event, self)
        # a hidden binding would pass the key on silently: undo and redo say "nothing to
        # undo" (the journal's own words) when there is none
        # the keys as the Dealer set them: the book's ctrl+z still undid once undo was moved
        actions = {binding.action
                   for binding in bindings_as_set(self).key_to_bindings.get(event.key, ())}
        # in a replay every step that would change the journal says why not
        for name in actions & (_CHANGING if self.looking_back else {"undo", "redo"}):
            take: Callable[[], None] = getattr(self, f"action_{name}")

            def answer(take: Callable[[], None] = take) -> bool:
                take()  # refused by the journal, which says why
                return True

            answer_in_turn(event, answer)

    # -- tabs ----------------------------------------------------------------------------

    async def action_show_tab(self, number: int) -> None:
        # awaited, so the key counts as handled only once the tab is built and drawn
        await self.show_tab(number)

    def show_tab(self, number: int) -> AwaitComplete:
        """Show tab `number` (1 is the first) and put the keyboard in it. At once if the
        tab was shown before; otherwise once its widgets are built (await the result)."""
        if not 1 <= number <= len(self.titles):
            return AwaitComplete()
        title = self.titles[number - 1]
        pane_id = tabs.tab_id(title)
        self.query_one(TabbedContent).active = pane_id
        if self._built.get(title):
            self._ready(pane_id)  # now: a palette command acts on this tab at once
            return AwaitComplete()
        # a focus left in the hidden tab would drag the Dealer back there meanwhile
        self.set_focus(None)
        building = self._build(title)

        async def built() -> None:
            await building
            if self.query_one(TabbedContent).active == pane_id:  # not left meanwhile
                self._ready(pane_id)

        return AwaitComplete(built())

    def show_tab_of(self, pane: GamePane) -> AwaitComplete:
        for number, candidate in enumerate(self.panes.values(), start=1):
            if candidate is pane:
                return self.show_tab(number)
        return AwaitComplete()

    def _ready(self, pane_id: str) -> None:
        """The tab `pane_id`, built and in sight: draw it if out of date, and focus it."""
        self._freshen(pane_id)
        self._focus_in(self.query_one(f"#{pane_id}", TabPane))

    def _focus_in(self, tab: TabPane) -> None:
        focused = self.focused
        log = tab.query(LogView)
        target: Widget | None = log.first() if log else None
        if target is None:
            target = next((w for w in tab.query("*") if w.focusable), None)
        if focused is not None and tab in focused.ancestors and (
                focused is not self._placed or focused is target):
            return  # where the Dealer put it, or where it belongs
        self._placed = target
        if target is not None:
            # at once, not as `focus()` does, after what is queued: a key typed straight
            # after the tab's digit ("3w") is answered by the tab it chose. Asked again once
            # the tab is laid out, as a tab just built may not have mounted all of its
            # widgets: the keyboard moves from where it was put to the first of them. The
            # tab shows from its top: the Wanted Clock's face and keys stay in sight over
            # the sections given the keyboard
            self.set_focus(target, scroll_visible=False)
        else:
            # a tab with nothing to type into: a focus left in the hidden tab would drag
            # the Dealer back there
            self.set_focus(None)

    @on(TabbedContent.TabActivated)
    async def _tab_clicked(self, event: TabbedContent.TabActivated) -> None:
        title = next((t for t in self.titles if tabs.tab_id(t) == event.pane.id), None)
        if title is not None and title != (self.left_on or self.titles[0]):
            # reopened, the campaign shows the tab the Dealer was on (written only when it
            # changes: the start writes nothing), once the tab is drawn: the settings
            # file's reading and writing took a tenth of a first show's wait on a busy disk
            self.left_on = title
            self.call_after_refresh(paths.remember_tab, self.campaign.path, title)
        if title is not None and not self._built.get(title):
            self.set_focus(None)  # as in `show_tab`
            await self._build(title)
            if self.query_one(TabbedContent).active != event.pane.id:
                return  # another tab was chosen while this one was built
        if event.pane.id is not None:
            self._freshen(event.pane.id)
        self.call_after_refresh(self._focus_in, event.pane)

    # -- changing the journal --------------------------------------------------------------

    def attempt(self, what: str, change: Callable[[], list[Event]]) -> list[Event] | None:
        """Make one change; a refusal or a failed save is said, and changes nothing."""
        if self.refused_in_replay():
            return None
        try:
            events = change()
        except RuleError as error:
            self.notify(error.message, title=error.rule, severity="warning", markup=False)
            return None
        except JournalError as error:
            self.notify(f"Nothing was saved: {error}", title="The journal could not be written",
                        severity="error", timeout=30, markup=False)
            return None
        self.redraw()
        self.post_message(self.StepSaved(what, events))
        return events

    def refused_in_replay(self) -> bool:
        """While the past is shown, or on its way, nothing changes; say so (True) or let it
        through."""
        seq = self._pending if self._pending is not None else self.replayed
        if seq is None:
            return False
        self.notify(f"You are looking at the past (after #{seq}); press "
                    f"{key_in_words(self.app, 'back_to_now', self)} to return to now before "
                    "changing anything.",
                    title="Replay", severity="warning", markup=False)
        return True

    def take_command(self, message: GamePane.Command) -> None:
        """Decide and save a pane's command (after its question, if it has one), then
        redraw: called by the pane at once (`GamePane.send`)."""
        command = message.command

        def execute() -> None:
            if self._execute(command) and message.then is not None:
                # at once, as a Confirm is asked (the form that sent the step has closed):
                # keys typed straight behind the step go to the form it opens, where after
                # the next refresh they reached the tab first and were lost
                message.then()

        if message.confirm is None:
            execute()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                execute()
            elif message.declined is not None:
                message.declined()

        if not self.refused_in_replay():  # never ask a question that cannot matter
            # answered through the dialog itself: the step may come from a form that has
            # just closed, which would have run the callback (see Dialog.answer_to)
            self.app.push_screen(Confirm(message.confirm).answer_to(answered))

    def _execute(self, command: Any) -> bool:
        """Decide and save a game command, and whether it was saved; the first saved while
        no session runs says where it is kept and which recap tells it (play begun without
        f5 is told as before the first session; a step between sessions, after the session
        before it)."""
        could_redo = self.campaign.can_redo
        saved = self.attempt("command", lambda: self.campaign.execute(command))
        if saved and could_redo:
            # a new step ends the redo chain: said, for an undo made only to look back
            self.notify("What was undone can no longer be put back: a new step has been "
                        "taken since.", title="Redo", markup=False)
        if saved and not self.campaign.in_session and not self._told_outside:
            self._told_outside = True
            played = self.campaign.session
            where = (f"between sessions {played} and {played + 1}: session {played}'s recap "
                     "tells it after the session" if played else
                     "before the first session, told in a recap of its own (session 0)")
            start = key_in_words(self.app, "start_session", self)
            self.notify(f"No session is running, so this is kept {where}. {start} starts "
                        f"session {played + 1}.", title="Session", markup=False)
        return bool(saved)

    def on_game_pane_undo_requested(self, message: GamePane.UndoRequested) -> None:
        message.stop()
        self.undo_to(message.seq)

    def action_undo(self) -> None:
        undone = self.attempt("undo", self.campaign.undo)
        if undone is not None:
            self.notify(self._undone_words(undone), title="Undone", markup=False)

    def action_redo(self) -> None:
        redone = self.attempt("redo", self.campaign.redo)
        if redone is not None:
            undo = key_in_words(self.app, "undo", self)
            self.notify(f"{summary(self.campaign, redone)} ({undo} takes it back again)",
                        title="Redone", markup=False)

    def _undone_words(self, undone: Sequence[Event]) -> str:
        """What an undo took back, and the key that puts it back (the footer's ^y alone
        did not say so), as the Dealer set it."""
        redo = key_in_words(self.app, "redo", self)
        return f"{summary(self.campaign, undone)} ({redo} puts it back)"

    def action_start_session(self) -> None:
        if self.attempt("session start", self.campaign.start_session) is not None:
            # the game may say what the table does first (Dust Devils: the Devil ratings)
            asks = getattr(self.campaign.rules, "session_begun", None)
            first = asks(self.campaign.state) if callable(asks) else None
            if first is None:
                # else where the game stands, as the recap will tell it taken up
                where = self._stands()
                first = f"Taken up from the session before: {where}." if where else None
            self.notify(f"Session {self.campaign.session} begins." + (f" {first}" if first
                                                                     else ""),
                        title="Session", markup=False)
            self._open_first_step()

    def _open_first_step(self) -> None:
        """The step the table always takes first as a session begins, opened in its tab
        (found by the Dealer's key after f5 before); escape leaves it to its key."""
        if self.panes_problem is not None:
            return
        step = tabs.first_step_of_session(self.campaign.rules.panes_module,
                                          self.campaign.state)
        if step is None or step[0] not in self.panes:
            return
        title, action = step
        pane = self.panes[title]

        async def opened() -> None:
            await self.show_tab_of(pane)
            await pane.run_action(action)

        self.call_after_refresh(opened)

    def _stands(self) -> str | None:
        """Where the game stands now, in the Dealer's words, as the recap tells it."""
        from gmscreen.games import view_of
        from gmscreen.journal.recap import where_it_stands

        return where_it_stands(view_of(self.campaign.rules), self.campaign.state, dealer=True)

    def action_end_session(self) -> None:
        if self.refused_in_replay():
            return
        if not self.campaign.in_session:
            self.attempt("session end", self.campaign.end_session)  # says why not
            return
        number = self.campaign.session
        doing = self.campaign.under_way

        def end(what: str = "") -> None:
            if self.attempt("session end",
                            lambda: self.campaign.end_session(under_way=what)) is not None:
                self.notify(f"Session {number} ends.", title="Session")

        then = self.campaign.session_ending_told()  # most games do nothing then
        # what the Dealer may still rule first (Dust Devils: O keeps the damage)
        asks = getattr(self.campaign.rules, "before_session_ends", None)
        first = asks(self.campaign.state) if callable(asks) else None
        then = " ".join(filter(None, [then, first]))
        if doing is None:
            self.app.push_screen(
                Confirm(" ".join(filter(None, [f"End session {number}?", then])),
                        yes="End the session", no="Keep playing"),
                lambda yes: end() if yes else None)
            return
        from gmscreen.ui import form  # loads with the first form

        def chosen(values: form.Values | None) -> None:
            what = values.text("what") if values is not None else "finish"
            if what == "finish":
                self.notify(f"Session {number} goes on: finish {doing} first.",
                            title="Session", markup=False)
            else:
                end(what)

        # what leaving it off does, in the game's words ("the day ends with no lynch")
        tells = getattr(self.campaign.rules, "left_off", None)
        left_off = tells(self.campaign.state) if callable(tells) else "it ends with no outcome"
        self.app.push_screen(form.Form(f"End session {number}?", [form.pick("what", "Then", [
            ("Go back and finish it first", "finish"),
            ("Carry it into the next session (noted in the journal)", "carry"),
            (f"Leave it off: {left_off}", "abandon")])],
            note=" ".join(filter(None, [f"Under way: {doing}.", then])), send_label="Do it"),
            chosen)

    # -- help and the players' screen ------------------------------------------------------

    def action_help(self) -> None:
        from gmscreen.games import words_in  # the help loads when first asked for
        from gmscreen.ui.commands import app_commands
        from gmscreen.ui.help import help_for

        title = self.titles[self._active_number() - 1]
        rules = self.campaign.rules
        # the app's own commands (a tab's steps are its keys, above): some have no key
        palette = [(str(c.title), c.help) for c in app_commands(self.app, self) if c.discover]
        others = [(other, self._tab_bindings(other)) for other in self.titles if other != title]
        self.app.push_screen(help_for(self.app, rules.title, title, self._tab_bindings(title),
                                      [*self.BINDINGS, *self.app.BINDINGS],
                                      words_in(self.campaign), palette, others))

    def _tab_bindings(self, title: str) -> list[object]:
        """The keys of the tab `title` (a game's pane inside the clocks' tab's too)."""
        if title == tabs.ENCOUNTER_LOG:
            return list(EncounterLog.BINDINGS)
        pane = self.panes[title]
        inner = getattr(pane, "game_pane", None)
        return [*getattr(inner, "BINDINGS", ()), *pane.BINDINGS]

    @property
    def shown_title(self) -> str:
        """The title of the tab shown."""
        return self.titles[self._active_number() - 1]

    def _active_number(self) -> int:
        active = self.query_one(TabbedContent).active
        return next((n for n, t in enumerate(self.titles, start=1)
                     if tabs.tab_id(t) == active), 1)

    @property
    def curtain_drawn(self) -> bool:
        """Whether the players' screens are blanked (see `action_curtain`)."""
        path = self.campaign.path
        return path is not None and curtain_of(path).exists()

    def action_curtain(self) -> None:
        """Blank every players' screen of this campaign, or lift the blank: for the moment
        a misstep would show before undo can take it back."""
        path = self.campaign.path
        if path is None:
            return
        curtain = curtain_of(path)
        try:
            if curtain.exists():
                curtain.unlink()
                self.notify("The players' screen shows the table again.", title="Curtain")
            else:
                curtain.write_text("drawn by the Dealer\n", encoding="utf-8")
                self.notify("The players' screen is blank until "
                            f"{key_in_words(self.app, 'curtain', self)} again.",
                            title="Curtain")
        except OSError as error:
            self.notify(f"The curtain could not be moved: {error.strerror}", title="Curtain",
                        severity="error", markup=False)
        self.redraw()

    # -- recaps and free rolls --------------------------------------------------------------

    def action_recap(self, last_ended: bool = False) -> None:
        """The recap of the session running, or of the last one played; with `last_ended`,
        of the newest that has ended."""
        from gmscreen.games import view_of
        from gmscreen.journal.recap import sessions_of
        from gmscreen.ui.recap_screen import RecapScreen

        played = sessions_of(self.campaign)
        if not played:
            self.notify("No session has been played yet: "
                        f"{key_in_words(self.app, 'start_session', self)} starts the first.",
                        title="Recap", severity="warning")
            return
        # "the last session": the newest ended, to tell the table as the next begins
        last = played[-2] if last_ended and self.campaign.in_session and len(played) > 1 \
            else played[-1]
        self.app.push_screen(RecapScreen(self.campaign, last, view_of(self.campaign.rules)))

    def action_recap_last(self) -> None:
        """The recap of the newest session that has ended (the one running, if none has)."""
        self.action_recap(last_ended=True)

    def action_free_roll(self) -> None:
        from gmscreen.journal.freeroll import FreeRoll, decide
        from gmscreen.ui import form

        def made(values: form.Values) -> FreeRoll:
            sides = int(values.text("sides") or 6)
            count = values.number("dice", least=1, most=30)
            faces = values.faces("faces", count, sides) or ()
            command = FreeRoll(count, sides, values.text("why"), faces)
            decide(command, self.campaign.rng("a check"))  # refused here, the form stays
            return command

        self._ask(form.Form("A free roll", [
            form.number("dice", "Dice", 1),
            form.one_of("sides", "Sides", ["4", "6", "8", "10", "12", "20", "100"], "6"),
            form.dice("faces", "Faces shown", about="The table's own dice, or blank for the "
                      "app to roll."),
            form.text("why", "For", about="What it decides: said in the log."),
        ], focus="why"), made)

    def action_free_draw(self) -> None:
        from gmscreen.journal.freeroll import FreeDraw, decide
        from gmscreen.ui import form

        def made(values: form.Values) -> FreeDraw:
            count = values.number("count", least=1, most=54)
            cards = values.cards("cards", count) or ()
            command = FreeDraw(count, values.text("why"), int(values.text("jokers") or 0),
                               tuple(cards))
            decide(command, self.campaign.rng("a check"))
            return command

        self._ask(form.Form("A free draw", [
            form.number("count", "Cards", 1),
            form.one_of("jokers", "Jokers in the pack", ["0", "1", "2"], "0"),
            form.cards("cards", "Cards drawn", about="The table's own cards, or blank for "
                       "the app to draw from a fresh pack."),
            form.text("why", "For", about="What it decides: said in the log."),
        ], focus="why"), made)

    def _ask(self, asked: Any, made: Callable[[Any], Any]) -> None:
        """Show a kit form whose command is the journal's own; refused, it stays open."""
        if self.refused_in_replay():
            return
        asked.check = made

        def sent(command: Any) -> None:
            if command is not None:
                events = self.attempt("command", lambda: self.campaign.execute(command))
                if events:
                    self.notify(summary(self.campaign, events), markup=False)

        self.app.push_screen(asked.answer_to(sent))

    def action_note(self) -> None:
        if self.refused_in_replay():
            return
        from gmscreen.ui.note import NoteScreen  # its text area loads on the first note

        log = self.query(EncounterLog)  # a log never shown has no filter chosen
        who = log.first().filter.who if log else None
        self.app.push_screen(NoteScreen(about=(who,) if who else (), names=self.names()),
                             self._note_written)

    def names(self) -> list[str]:
        """The campaign's characters, from the game's view (none for a game without)."""
        from gmscreen.games import names_in

        return names_in(self.campaign)

    def _note_written(self, note: NoteWritten | None) -> None:
        if note is not None and self.attempt(
                "note", lambda: self.campaign.note(note.text, note.about,
                                                   public=note.public)) is not None:
            self.notify("Note saved.", title="Journal")

    @on(EncounterLog.NoteCorrectionRequested)
    def _note_correction_requested(self, message: EncounterLog.NoteCorrectionRequested
                                   ) -> None:
        self.correct_note(message.seq)

    def correct_note(self, seq: int) -> None:
        """The note dialog on note `seq` as it stands; saved, the note is put right."""
        if self.refused_in_replay():
            return
        from gmscreen.journal.notes import names_of
        from gmscreen.ui.note import NoteScreen

        now = self.campaign.note_now(self.campaign.events[seq - 1]).data
        struck = now.get("struck") is True

        def saved(note: NoteWritten | None) -> None:
            if note is not None and self.attempt("note", lambda: self.campaign.correct_note(
                    seq, note.text, note.about, public=note.public)) is not None:
                done = "put back" if struck else "corrected"
                self.notify(f"Note #{seq} {done} ({key_in_words(self.app, 'undo', self)} "
                            "takes the correction back).",
                            title="Journal")

        self.app.push_screen(NoteScreen(
            tuple(str(name) for name in names_of(now.get("about"))), self.names(),
            text=str(now.get("text", "")), public=now.get("public") is True,
            heading=f"Put struck-out note #{seq} back, as it reads here" if struck
            else f"Correct note #{seq} (what came after it stands)"), saved)

    @on(EncounterLog.NoteStrikeRequested)
    def _note_strike_requested(self, message: EncounterLog.NoteStrikeRequested) -> None:
        self.strike_note(message.seq)

    def strike_note(self, seq: int) -> None:
        """Strike note `seq` out, a step of its own that an undo takes back."""
        if self.attempt("note", lambda: self.campaign.strike_note(seq)) is not None:
            self.notify(f"Note #{seq} struck out ({key_in_words(self.app, 'undo', self)} puts "
                        "it back).", title="Journal")

    # -- undo to here ----------------------------------------------------------------------

    @on(EncounterLog.UndoToRequested)
    def _undo_to_requested(self, message: EncounterLog.UndoToRequested) -> None:
        self.undo_to(message.seq)

    def undo_to(self, seq: int) -> None:
        """Preview what an undo back to `seq` takes back, then do it if the Dealer agrees."""
        from gmscreen.ui.undo_preview import UndoPreview, plan_undo_to  # loads when needed

        if self.refused_in_replay():
            return
        try:
            plan = plan_undo_to(self.campaign, seq)
        except RuleError as error:
            self.notify(error.message, title=error.rule, severity="warning", markup=False)
            return
        preview_panes: Mapping[str, GamePane]
        try:
            preview_panes = tabs.make_panes(self.campaign.rules.panes_module)
        except ImportError:
            preview_panes = {}

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            undone = self.attempt("undo", lambda: self.campaign.undo_to(seq))
            if undone is not None:
                self.notify(self._undone_words(undone), title=f"Undone back to #{seq}",
                            markup=False)

        # told as the campaign after the undo tells them: a step a game words otherwise once
        # undone (cards gone back into a hand) is listed so
        self.app.push_screen(UndoPreview(plan, plan.after.describe, preview_panes), answered)

    # -- replay ----------------------------------------------------------------------------

    @on(EncounterLog.ReplayRequested)
    def _replay_requested(self, message: EncounterLog.ReplayRequested) -> None:
        if message.seq == (self._pending if self._pending is not None else self.replayed):
            self.action_back_to_now()
        else:
            self.replay_to(message.seq)

    def replay_to(self, seq: int) -> None:
        """Show every tab as the campaign was right after event `seq` (read only): at once
        for a short journal; else once a worker thread has folded it, the screen answering
        keys meanwhile (escape gives it up) and the tab marked as loading after a moment."""
        try:
            make = self.campaign.prepare_replay(seq)
        except RuleError as error:
            self.notify(error.message, title=error.rule, severity="warning", markup=False)
            return
        self._give_up_replaying()
        if seq <= INLINE_REPLAY:
            try:
                past = make()
            except RuleError as error:  # a moment a damaged step stood, set aside since
                self.notify(error.message, title=error.rule, severity="warning", markup=False)
                return
            self._show_replay(seq, past)
            return
        self._pending = seq
        self._replaying = self.run_worker(make, name="replay", group="replay", thread=True,
                                          description=f"replay after #{seq}",
                                          exit_on_error=False)
        replaying = self._replaying
        self.set_timer(LOADING_AFTER, lambda: self._mark_loading(replaying))

    def _mark_loading(self, worker: Worker[Campaign[Any]]) -> None:
        if worker is self._replaying and self._loading is None:
            self._loading = self.query_one(TabbedContent).active_pane
            if self._loading is not None:
                self._loading.loading = True
            # escape gives the replay up (it always could: the footer says so only now, as
            # rebuilding it is a good part of a quick replay's time)
            self.refresh_bindings()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker is not self._replaying or event.state in (WorkerState.PENDING,
                                                            WorkerState.RUNNING):
            return
        seq = self._pending
        self._give_up_replaying()
        if event.state == WorkerState.SUCCESS and seq is not None and worker.result is not None:
            self._show_replay(seq, worker.result)
        elif event.state == WorkerState.ERROR:
            error = worker.error
            said = error.message if isinstance(error, RuleError) else error
            self.notify(f"The replay could not be made: {said}", title="Replay",
                        severity="error", markup=False)
            self.refresh_bindings()

    def _give_up_replaying(self) -> None:
        """Forget the replay on its way, if any (its thread ends unseen) and its mark."""
        if self._replaying is not None:
            self._replaying.cancel()
        self._replaying = self._pending = None
        if self._loading is not None:
            self._loading.loading = False
            self._loading = None
            self._ready(self.query_one(TabbedContent).active)  # the mark took the keyboard

    def _show_replay(self, seq: int, past: Campaign[Any]) -> None:
        self.replay, self.replayed = past, seq
        self.redraw()
        self.post_message(self.ReplayMoved(seq))

    def replay_session_end(self, session: int) -> None:
        try:
            seq = self.campaign.last_seq_of_session(session)
        except RuleError as error:
            self.notify(error.message, title=error.rule, severity="warning", markup=False)
            return
        self.replay_to(seq)

    def action_back_to_now(self) -> None:
        if self.replayed is None and self._pending is None:
            return
        self._give_up_replaying()
        if self.replayed is not None:
            self.replay = self.replayed = None
            self.redraw()
            self.post_message(self.ReplayMoved(None))
        else:
            self.refresh_bindings()
        self.notify("Back to now.", title="Replay")
