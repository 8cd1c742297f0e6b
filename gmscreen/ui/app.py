"""The gmscreen app: one campaign, its game's tabs and the Encounter Log.

The caller opens the campaign (`open_campaign`) and the app closes it when it exits. Built
by the command line (`GmScreenApp(campaign).run()`) and by the tests
(`GmScreenApp(campaign).run_test(size=...)`) the same way.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.dom import DOMNode
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from gmscreen import paths
from gmscreen.core.text import plural
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalWriteError, lock_is_free
from gmscreen.ui import collector, keymap, theme
from gmscreen.ui.commands import shell_commands
from gmscreen.ui.confirm import Confirm
from gmscreen.ui.dialog import Dialog, TypingAhead
from gmscreen.ui.notices import NoticesInRows
from gmscreen.ui.serving import LinksScreen, Served, start_serving, stop_serving
from gmscreen.ui.shell import ShellScreen
from gmscreen.ui.steps import StepsGuarded

if TYPE_CHECKING:
    from textual.command import Provider


def steps_provider() -> type[Provider]:
    """The palette's search, imported as the palette first opens (as Textual's own is)."""
    from gmscreen.ui.palette import StepsProvider

    return StepsProvider


class GmScreenApp(TypingAhead[None], NoticesInRows[None], StepsGuarded[None]):
    """A thin app: the themes, the palette, and the shell screen that does the work."""

    TITLE = "gmscreen"
    CSS_PATH = str(paths.themes_dir() / "gmscreen.tcss")
    #: the palette finds a step by the words of its help too
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {steps_provider}

    BINDINGS: ClassVar[list[BindingType]] = [
        # ctrl+q is every Textual app's quit, and the palette has it: the footer is for the game
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True, show=False,
                tooltip="Close the campaign and leave (everything is already saved)"),
        Binding("ctrl+t", "next_theme", "Theme", id="theme", show=False,
                tooltip="Switch to the next colour theme"),
        Binding("ctrl+o", "campaigns", "Campaigns", id="campaigns", show=False,
                tooltip="Open another campaign, or start a new one"),
        Binding("ctrl+w", "take_over", "Write here", id="take_over",
                tooltip="Open this campaign for writing, now the other program has let go"),
        Binding("ctrl+w", "set_aside", "Set aside", id="set_aside",
                tooltip="Go on without the step the game cannot apply: an undo of it and "
                        "of every step after it"),
    ]

    def __init__(self, campaign: Campaign[Any], *, welcome: str = "") -> None:
        super().__init__()
        self.campaign = campaign
        self.sub_title = campaign.name
        #: said once the first screen is up (where the samples were copied, on a first run)
        self.welcome = welcome
        #: the players' screen served to browsers, while it is
        self.served: Served | None = None
        #: how many campaigns were opened after the first (each gets a mode)
        self._opened = 0
        #: the program that held this campaign has let go (said once)
        self._lock_freed = False
        # The campaign's events and states, tens of thousands of objects, live as long as
        # the app: keep them out of the cyclic collector's walks, which otherwise go over
        # them again and again while the screen is built (a tenth of the start-up time).
        # Given back to the collector when the app leaves.
        gc.freeze()
        # Nor is it of use while the first screen is built: the objects made then live on
        # (widgets, styles), yet its collections took a twentieth of the start. Off from
        # here (`gmscreen open` turns it off sooner, before Textual is imported), on again
        # once that screen is drawn.
        gc.disable()
        self._theme_problems = theme.install_themes(self)
        keys, self._key_problems = keymap.read_keys(paths.load_settings())
        self.set_keymap(keys)

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        # A widget not yet mounted is styled as it is mounted. Textual would also style it
        # at each class its own __init__ sets (an Input three times, each a walk of the whole
        # stylesheet): with the second styling `Dialog` skips, a fifth of a form's opening.
        if node is self or node.parent is not None:
            super().update_styles(node, animate)

    def get_default_screen(self) -> Screen[Any]:
        return ShellScreen(self.campaign, paths.remembered_tab(self.campaign.path))

    def on_mount(self) -> None:
        self.set_interval(2, self._watch_the_lock)
        theme.remember_changes(self)
        # errors, not warnings: a refusal replaces the warning shown, and each of these must
        # stay to be read
        for problem in self._theme_problems:
            self.notify(str(problem), title="Themes", severity="error", timeout=15,
                        markup=False)
        settings_problem = paths.settings_problem()
        if settings_problem is not None:
            self.notify(f"{settings_problem} Nothing in it is used, and gmscreen will not "
                        "write to it, until it is mended.", title="Settings",
                        severity="error", timeout=30, markup=False)
        for key_problem in self._key_problems:
            self.notify(f"{key_problem}. That key keeps its own.", title="Keys",
                        severity="error", timeout=20, markup=False)
        if self.welcome:
            # the key that opens another campaign, as the Dealer set it
            self.notify(self.welcome.replace("{campaigns}",
                                             keymap.key_in_words(self, "campaigns", self)),
                        title="Welcome", timeout=20, markup=False)

    def on_ready(self) -> None:
        self.call_after_refresh(self._first_screen_drawn)

    def _first_screen_drawn(self) -> None:
        collector.set_aside()  # what the first screen made lives as long as the app
        gc.enable()
        if self._keymap:
            self._check_keys_set()
        # the box of several lines (Textual's TextArea: 9 ms of imports) readied while the
        # Dealer reads the first screen, not as the first note opens
        self.set_timer(1, _ready_the_text_area)

    def _check_keys_set(self) -> None:
        """Ids set in settings.toml's [keys] that no key has (a typing slip), and keys set
        that another step of the same screen has: found once the first screen is up, as
        finding every key imports every tab."""
        from gmscreen.games import GAMES, TITLES

        game_id = self.campaign.rules.game_id
        here = {TITLES[game_id]: GAMES[game_id]} if game_id in GAMES else {}
        others = tuple(package.rpartition(".")[2] for gid, package in GAMES.items()
                       if gid != game_id)
        entries = keymap.every_key(here)
        known = (entry.binding.id or "" for entry in entries)
        said = [f"settings.toml [keys] {unknown!r}: no key has this id (gmscreen keys lists "
                "them)." for unknown in keymap.unknown_ids(self._keymap, known, others)]
        for problem in [*said, *keymap.clashes(entries, self._keymap)]:
            self.notify(problem, title="Keys", severity="error", timeout=20, markup=False)

    def on_unmount(self) -> None:
        if self.served is not None and self.served.process.returncode is None:
            self.served.process.terminate()
        self.campaign.close()
        gc.unfreeze()
        gc.enable()  # had the first screen never been drawn

    async def action_quit(self) -> None:
        """Quit, but ask first where a form or a note holds typing not yet sent (a Dealer's
        ctrl+q meant for the tab lost the attack half typed); a second ctrl+q quits."""
        unsent = next((what for screen in reversed(self.screen_stack)
                       if isinstance(screen, Dialog) and (what := screen.unsent())), None)
        if unsent is None or isinstance(self.screen, QuitQuestion):
            self.exit()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.exit()

        self.push_screen(QuitQuestion(
            f"Quit? What is typed in {unsent} is not sent, and would be lost.",
            yes="Quit", no="Keep typing"), answered)

    def action_next_theme(self) -> None:
        self.theme = theme.next_theme(self.theme)
        self.notify(f"Theme: {self.theme} ({keymap.key_in_words(self, 'theme', self)} for the "
                    "next)", title="Theme", timeout=3, markup=False)

    # -- a campaign another program held ---------------------------------------------------

    def _watch_the_lock(self) -> None:
        """A campaign opened read only because another program held it: once that program
        lets go, say so (once) and offer to write here."""
        campaign = self.campaign
        if campaign.locked_by is None or campaign.path is None or self._lock_freed:
            return
        if lock_is_free(campaign.path):
            self._lock_freed = True
            self.refresh_bindings()
            self.notify(f"The other program ({campaign.locked_by}) has let go of this "
                        f"campaign: {keymap.key_in_words(self, 'take_over', self)} writes here "
                        "again.", title="Read only",
                        timeout=30, markup=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_over":
            return self._lock_freed and self.campaign.locked_by is not None
        if action == "set_aside":
            return self.campaign.damaged is not None and self.campaign.why_not_set_aside() is None
        return True

    def action_take_over(self) -> None:
        if self.campaign.path is not None:
            self.switch_to(self.campaign.path, again=True)

    # -- a damaged step ---------------------------------------------------------------------

    def action_set_aside(self) -> None:
        """Ask, then set the damaged step aside (`Campaign.set_aside`) and open the campaign
        again, for writing: at the table the Dealer has no editor open to mend it."""
        campaign, damaged = self.campaign, self.campaign.damaged
        if damaged is None or campaign.path is None:
            return
        after = damaged.left_out - 1
        more = (f" and the {plural(after, 'event')} after it" if after else "")
        question = (f"Set aside the step of event {damaged.seq}{more}, and go on from the "
                    f"campaign as it is shown? Taken back: {campaign.set_aside_words()} They "
                    "stay in the journal, struck through in the log, as an undo leaves them; "
                    "to bring them back, put the journal right by hand.")

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                campaign.set_aside()
            except (RuleError, JournalWriteError) as error:
                self.notify(str(error.message if isinstance(error, RuleError) else error),
                            title="Set aside", severity="error", markup=False)
                return
            self.notify(f"The step of event {damaged.seq} is set aside: the campaign opens "
                        "again, to be written to.", title="Set aside", markup=False)
            campaign.close()  # its hold on the journal, which the campaign opened again takes
            if campaign.path is not None:
                self.switch_to(campaign.path, again=True)

        self.push_screen(Confirm(question, yes="Set aside", no="Leave it"), answered)

    # -- the players' screen in browsers --------------------------------------------------

    def action_serve(self) -> None:
        if self.served is not None:
            self.push_screen(LinksScreen(self.served, self.campaign.path))
            return
        path = self.campaign.path
        if path is None:
            return
        from gmscreen.ui import form

        asked = form.Form("Serve the players' screen", [form.one_of("where", "To", [
            ("this computer", "127.0.0.1"), ("phones on this network", "0.0.0.0")],
            "0.0.0.0", about="On this network, anyone holding a link can watch.")])

        async def start(values: form.Values | None) -> None:
            if values is None:
                return
            try:
                self.served = await start_serving(
                    path, values.text("where") or "127.0.0.1",
                    heard=lambda said: self.notify(said, title="Serving", markup=False))
            except (OSError, RuntimeError) as error:
                self.notify(f"The players' screen could not be served: {error}",
                            title="Serving", severity="error", markup=False)
                return
            await self.push_screen(LinksScreen(self.served, path))

        self.push_screen(asked, start)

    async def action_stop_serving(self) -> None:
        if self.served is None:
            self.notify("The players' screen is not being served.", title="Serving")
            return
        served, self.served = self.served, None
        await stop_serving(served)
        self.notify("The players' screen is no longer served.", title="Serving")

    # -- other campaigns ------------------------------------------------------------------

    def action_campaigns(self) -> None:
        from gmscreen.ui.campaigns import CampaignsScreen  # loads when first asked for

        # the welcome points here: followed, its rows are the list's
        for welcome in [n for n in self._notifications if n.title == "Welcome"]:
            self._unnotify(welcome)
        self.push_screen(CampaignsScreen(paths.campaigns_dir(), self.campaign.path,
                                         elsewhere=paths.recent_campaigns()),
                         self.switch_to)

    def switch_to(self, path: Path | None, *, again: bool = False) -> None:
        """Close this campaign and open the one at `path` (read in a thread, as a large
        one takes a moment); a file that cannot be opened is said, and this one stays.
        `again` opens the same campaign anew (to write to it, once another let go)."""
        if path is None or (not again and self.campaign.path is not None
                            and path.resolve() == self.campaign.path.resolve()):
            return
        self.notify(f"Opening {path.name}...", title="Campaigns", timeout=3, markup=False)
        self.run_worker(lambda: _opened(path), name="open campaign", group="open campaign",
                        thread=True, exclusive=True, exit_on_error=False)

    async def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "open campaign":
            return
        if event.state == WorkerState.ERROR:
            self.notify(f"{event.worker.error}", title="That campaign cannot be opened",
                        severity="error", timeout=15, markup=False)
        elif event.state == WorkerState.SUCCESS and event.worker.result is not None:
            opened: Campaign[Any] = event.worker.result
            old, self.campaign = self.campaign, opened
            self._lock_freed = False
            self.sub_title = opened.name
            # each campaign opened is a mode of its own: the old one's screens go with it
            self._opened += 1
            mode, before = f"campaign-{self._opened}", self.current_mode
            self.add_mode(mode, lambda: ShellScreen(
                opened, paths.remembered_tab(opened.path)))
            await self.switch_mode(mode)
            if before == "_default":
                # the first screen's mode is Textual's own, which remove_mode refuses: its
                # stack is let go the way remove_mode lets one go
                for screen in reversed(self._screen_stacks.pop(before, [])):
                    await self._replace_screen(screen)
            else:
                await self.remove_mode(before)
            old.close()
            if opened.path is not None and not opened.read_only:
                paths.remember_campaign(opened.path)
            self.notify(f"{opened.name} ({opened.rules.title}) is open.", title="Campaigns",
                        markup=False)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        if isinstance(screen, ShellScreen):
            yield from shell_commands(self, screen)
        yield from super().get_system_commands(screen)


class QuitQuestion(Confirm):
    """Quit with typing not sent? (ctrl+q again quits.)"""


def _opened(path: Path) -> Campaign[Any]:
    """A campaign opened for the app, in a worker thread: JournalError says why not."""
    from gmscreen.games import rules_for

    return open_campaign(path, rules_for)


def _ready_the_text_area() -> None:
    import gmscreen.ui.in_order_area  # noqa: F401
