"""Devils Bluff's tabs: Characters (the gangs and the builder) and Conflict (the game).

Every action has a key in the footer and the palette; forms are keyboard first (tab between
fields, ctrl+s to send). Names and notes are shown as text, never as markup. The Conflict
tab's module is imported when the tab is first built (see `gmscreen.ui.tabs`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmscreen.games.devils_bluff.panes.characters import CharactersPane
from gmscreen.ui.pane import GamePane
from gmscreen.ui.tabs import Panes, late_name

if TYPE_CHECKING:  # at run time it loads with its tab, or through __getattr__
    from gmscreen.games.devils_bluff.panes.conflict import ConflictPane

__all__ = ["CharactersPane", "ConflictPane", "make_panes"]


def make_panes() -> Mapping[str, GamePane]:
    return Panes({"Characters": CharactersPane, "Conflict": _conflict})


def _conflict() -> GamePane:
    from gmscreen.games.devils_bluff.panes.conflict import ConflictPane

    return ConflictPane()


def __getattr__(name: str) -> Any:
    return late_name(__name__, name, {"ConflictPane": "conflict"})
