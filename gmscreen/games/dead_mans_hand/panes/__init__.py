"""The tabs of Dead Man's Hand: Characters (the two posses) and Conflict (the table)."""

from __future__ import annotations

from gmscreen.games.dead_mans_hand.panes.characters import PossesPane
from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane
from gmscreen.ui.pane import GamePane


def make_panes() -> dict[str, GamePane]:
    return {"Characters": PossesPane(), "Conflict": ConflictPane()}
