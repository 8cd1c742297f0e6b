"""The gmscreen app: one campaign, its game's tabs and the Encounter Log.

The caller opens the campaign (`open_campaign`) and the app closes it when it exits. Built
by the command line (`GmScreenApp(campaign).run()`) and by the tests
(`GmScreenApp(campaign).run_test(size=...)`) the same way.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable
from typing import Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from gmscreen import paths
from gmscreen.journal.campaign import Campaign
from gmscreen.ui import theme
from gmscreen.ui.commands import shell_commands
from gmscreen.ui.shell import ShellScreen


class GmScreenApp(App[None]):
    """A thin app: the themes, the palette, and the shell screen that does the work."""

    TITLE = "gmscreen"
    CSS_PATH = str(paths.themes_dir() / "gmscreen.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        # ctrl+q is every Textual app's quit, and the palette has it: the footer is for the game
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True, show=False,
                tooltip="Close the campaign and leave (everything is already saved)"),
        Binding("ctrl+t", "next_theme", "Theme", id="theme", show=False,
                tooltip="Switch to the next colour theme"),
    ]

    def __init__(self, campaign: Campaign[Any]) -> None:
        super().__init__()
        self.campaign = campaign
        self.sub_title = campaign.name
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

    def get_default_screen(self) -> Screen[Any]:
        return ShellScreen(self.campaign)

    def on_mount(self) -> None:
        theme.remember_changes(self)
        for problem in self._theme_problems:
            self.notify(str(problem), title="Themes", severity="warning", markup=False)

    def on_ready(self) -> None:
        self.call_after_refresh(self._first_screen_drawn)

    def _first_screen_drawn(self) -> None:
        gc.freeze()  # what the first screen made lives as long as the app, as the campaign
        gc.enable()

    def on_unmount(self) -> None:
        self.campaign.close()
        gc.unfreeze()
        gc.enable()  # had the first screen never been drawn

    def action_next_theme(self) -> None:
        self.theme = theme.next_theme(self.theme)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        if isinstance(screen, ShellScreen):
            yield from shell_commands(self, screen)
        yield from super().get_system_commands(screen)
