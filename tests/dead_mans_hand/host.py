"""A small host for the Dead Man's Hand panes until the shell exists: it decides the panes'
commands on a real campaign and redraws them, as the shell does."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Footer, TabbedContent, TabPane

from gmscreen.games.dead_mans_hand.panes import make_panes
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from gmscreen.ui.pane import GamePane


class Host(App[None]):
    def __init__(self, campaign: Campaign[Any]) -> None:
        super().__init__()
        self.campaign = campaign
        self.panes = make_panes()
        self.refused: list[str] = []

    def compose(self) -> ComposeResult:
        with TabbedContent():
            for title, pane in self.panes.items():
                with TabPane(title, id=title.lower()):
                    yield pane
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        for pane in self.panes.values():
            pane.show(self.campaign)

    def on_game_pane_command(self, message: GamePane.Command) -> None:
        try:
            self.campaign.execute(message.command)
        except RuleError as error:
            self.refused.append(str(error))
            self.notify(str(error), severity="error", markup=False)
        self.redraw()
