"""What both Dust Devils tabs share: the kit's step pane over Dust Devils' state."""

from __future__ import annotations

from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.ui.steps import StepPane


class DustDevilsTab(StepPane[DustDevilsState]):
    """A tab drawn from the campaign's state by `redraw`; its keys ask the rules."""
