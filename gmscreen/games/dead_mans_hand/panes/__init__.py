"""The tabs of Dead Man's Hand: Characters (the two posses) and Conflict (the table).

The Conflict tab's module is imported when the tab is first built (see `gmscreen.ui.tabs`)."""

from __future__ import annotations

from collections.abc import Mapping

from gmscreen.games.dead_mans_hand.panes.characters import PossesPane
from gmscreen.ui.pane import GamePane
from gmscreen.ui.tabs import Panes


def make_panes() -> Mapping[str, GamePane]:
    return Panes({"Characters": PossesPane, "Conflict": _conflict})


def _conflict() -> GamePane:
    from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane

    return ConflictPane()
