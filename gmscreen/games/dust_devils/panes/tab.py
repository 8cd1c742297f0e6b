"""What both Dust Devils tabs share: the state they draw, redrawn after every change."""

from __future__ import annotations

from typing import Any

from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.campaign import Campaign
from gmscreen.ui.steps import StepPane


class DustDevilsTab(StepPane):
    """A tab drawn from the campaign's state by `redraw`; its keys ask the rules."""

    def redraw(self) -> None:
        """Draw the tab from `state` (called once mounted and after every change)."""

    def on_mount(self) -> None:
        self.redraw()

    @property
    def state(self) -> DustDevilsState:
        assert self.campaign is not None  # a key or a redraw comes after `show`
        found: DustDevilsState = self.campaign.state
        return found

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        if self.is_mounted:
            self.redraw()
