"""A small host for Dust's panes in tests: it plays the shell's part (decide, save, redraw,
undo) until the app's own shell is used instead."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Footer, TabbedContent, TabPane

from gmscreen.games.dust.panes import make_panes
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from gmscreen.ui.pane import GamePane


class PaneHost(App[None]):
    def __init__(self, campaign: Campaign[Any]) -> None:
        super().__init__()
        self.campaign = campaign
        self.panes = make_panes()
        self.refused: list[RuleError] = []
        self.questions: list[str] = []

    def compose(self) -> ComposeResult:
        with TabbedContent():
            for title, pane in self.panes.items():
                with TabPane(title, id=f"tab-{title.lower()}"):
                    yield pane
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        for pane in self.panes.values():
            pane.show(self.campaign)

    def on_game_pane_command(self, message: GamePane.Command) -> None:
        if message.confirm:
            self.questions.append(message.confirm)
        try:
            self.campaign.execute(message.command)
        except RuleError as error:
            self.refused.append(error)
            self.notify(str(error), severity="error", markup=False)
        self.redraw()

    def on_game_pane_undo_requested(self, message: GamePane.UndoRequested) -> None:
        self.campaign.undo_to(message.seq)
        self.redraw()
