"""Devils Bluff's tabs: Characters (the gangs and the builder) and Conflict (the game).

Every action has a key in the footer and the palette; forms are keyboard first (tab between
fields, ctrl+s to send). Names and notes are shown as text, never as markup.
"""

from __future__ import annotations

from gmscreen.games.devils_bluff.panes.characters import CharactersPane
from gmscreen.games.devils_bluff.panes.conflict import ConflictPane
from gmscreen.ui.pane import GamePane

__all__ = ["CharactersPane", "ConflictPane", "make_panes"]


def make_panes() -> dict[str, GamePane]:
    return {"Characters": CharactersPane(), "Conflict": ConflictPane()}
