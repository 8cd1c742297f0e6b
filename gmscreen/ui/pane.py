"""The base of every game's tab content, and the messages panes send up to the shell.

Attributes down, messages up: the shell hands each pane the campaign to show (the live one,
or a read-only replay of the past) by calling `show`; a pane never changes state itself, it
sends a game command (`GamePane.send`: to the shell's `take_command` at once, or up as a
`GamePane.Command` where no shell takes it), and the shell decides it, saves the events and
calls `show` on every pane again. A refused command comes back to the Dealer as a
notification naming the rule, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, ClassVar

from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget
from textual.worker import Worker

from gmscreen.core.text import error_words
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event
from gmscreen.ui.keymap import shown_key


class GamePane(Widget):
    """A tab of a game. Subclasses compose their widgets and redraw in `show`."""

    DEFAULT_CSS = """
    GamePane {
        height: 1fr;
    }
    """

    #: an action's name in the palette, where the footer's word for it, short to fit 80
    #: columns beside the tab's other keys, reads vague alone ("Day and night: Action")
    PALETTE_NAMES: ClassVar[dict[str, str]] = {}

    class Command(Message):
        """A pane asks the shell to decide and save a game command.

        `confirm`, when given, is the question the shell asks first (for steps that cannot be
        taken back at the table, such as revealing hidden cards); `then`, the step the game
        takes next once this one is saved (the form of the one step that always follows);
        `declined`, what is done when the Dealer says no to `confirm` (the form that sent the
        step keeps what was typed)."""

        def __init__(self, pane: GamePane, command: Any, confirm: str | None = None,
                     then: Callable[[], None] | None = None,
                     declined: Callable[[], None] | None = None) -> None:
            super().__init__()
            self.pane = pane
            self.command = command
            self.confirm = confirm
            self.then = then
            self.declined = declined

        @property
        def control(self) -> GamePane:
            return self.pane

    class UndoRequested(Message):
        """A pane asks to undo back to just after event `seq` (a conflict as one step)."""

        def __init__(self, pane: GamePane, seq: int) -> None:
            super().__init__()
            self.pane = pane
            self.seq = seq

        @property
        def control(self) -> GamePane:
            return self.pane

    campaign: Campaign[Any] | None = None

    def __init__(self, *children: Widget, **options: Any) -> None:
        super().__init__(*children, **options)
        #: what Escape closed a form on, by the form's title: the journal's length then and
        #: the values typed, given back if the form opens again before any other step
        self.drafts: dict[str, tuple[int, Mapping[str, Any]]] = {}

    def show(self, campaign: Campaign[Any]) -> None:
        """Redraw from `campaign` (read only in replay). Subclasses extend this."""
        self.campaign = campaign

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        """(name, help, callback) for the command palette: by default every binding of this
        pane that has a description, named by `PALETTE_NAMES` where it has a name there,
        its help ending in its key as the Dealer set it (the palette teaches the key).
        Panes with actions that have no key add them here."""
        commands: list[tuple[str, str, Callable[[], Any]]] = []
        for binding in self.BINDINGS:
            if isinstance(binding, Binding) and binding.description:
                name = self.PALETTE_NAMES.get(binding.action, binding.description)
                help_text = f"{binding.tooltip or binding.description} ({self._key(binding)})"
                commands.append((name, help_text,
                                 partial(self.run_from_palette, binding.action)))
        return commands

    def _key(self, binding: Binding) -> str:
        """The binding's key as the Dealer set it; as written, outside a running app."""
        try:
            app = self.app
        except RuntimeError:  # Textual's NoActiveAppError: no app is running
            return binding.key_display or binding.key
        return shown_key(app, binding)

    async def run_from_palette(self, action: str) -> None:
        """Run `action`, chosen in the palette."""
        await self.run_action(action)

    def check(self, command: Any) -> None:
        """Raise RuleError, naming the rule, if the rules would refuse `command` now. The
        rules' decide is pure, so asking first changes nothing: a form asks before it closes,
        and a refusal keeps what was typed. Not asked in a replay, where the shell refuses
        every command."""
        if self.campaign is not None and not self.replaying:
            self.campaign.decide(command)

    def send(self, command: Any, confirm: str | None = None,
             then: Callable[[], None] | None = None,
             declined: Callable[[], None] | None = None) -> None:
        """Send a command up to be decided and saved: at once, where the screen takes
        commands itself (the shell's `take_command`), else as a message. At once, because a
        message reached the shell after the keys typed straight behind the step, which then
        acted on the table as it was before it (Dead Man's Hand's `d` twice placed the
        model just placed, refused). `then` runs once the step is saved, never when it is
        refused or the Dealer says no to `confirm`; `declined` runs on that no."""
        message = self.Command(self, command, confirm, then, declined)
        take = getattr(self.screen, "take_command", None)
        if callable(take):
            take(message)
        else:
            self.post_message(message)

    def undo_from(self, event: Event) -> None:
        """Ask to take back `event`'s step and every step after it, as one undo (a
        conflict, an attack, a night): the shell shows what goes back and asks first."""
        if self.campaign is not None:
            self.post_message(self.UndoRequested(self, self.campaign.standing_before(event.step)))

    def advise(self, work: Callable[[], None], *, group: str, what: str) -> Worker[None]:
        """Run `work` in a thread, the one of its `group` (a newer one cancels it): advice
        the tab shows (a conflict's win chances) that nothing saves and nothing needs to go
        on. If it fails, a notice says `what` could not be worked out, and the app goes on:
        a worker's error would quit it, and again at every open of that campaign."""
        def guarded() -> None:
            try:
                work()
            except Exception as error:  # the advice is lost, not the session
                self.app.call_from_thread(self._advice_failed, what, error)

        return self.run_worker(guarded, name=group, group=group, thread=True, exclusive=True,
                               exit_on_error=False)

    def _advice_failed(self, what: str, error: Exception) -> None:
        self.notify(f"{what} could not be worked out ({error_words(error)}). Nothing is lost: "
                    "the journal and every step go on as before.", title=what,
                    severity="warning", markup=False)

    @property
    def replaying(self) -> bool:
        """True when nothing can be saved: the pane shows the past (replay), or the campaign
        is open read only (`campaign.read_only_reason` says why). Commands are refused."""
        return self.campaign is not None and self.campaign.read_only
