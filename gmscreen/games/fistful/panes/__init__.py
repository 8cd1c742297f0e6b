"""A Fistful of Sixes' tabs: Characters (the posse, NPCs and their sheets), Wanted Clock (the
clock's face, its moves and the Wanted Chart), Conflict (a test step by step with its odds)
and Fight (the turn tracker with range bands).

Every action has a key shown in the footer and in the palette; every dialog is the kit's
form; a key that does not apply says which rule stops it. Names and notes from the journal
are shown as text, never as markup. A tab's module, but the first's, is imported when the
tab is first built (see `gmscreen.ui.tabs`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmscreen.games.fistful.panes.characters import CharactersPane
from gmscreen.ui.pane import GamePane
from gmscreen.ui.tabs import Panes, late_name

if TYPE_CHECKING:  # at run time they load with their tabs, or through __getattr__
    from gmscreen.games.fistful.panes.conflict import ConflictPane
    from gmscreen.games.fistful.panes.fight import FightPane
    from gmscreen.games.fistful.panes.wanted import WantedPane

__all__ = ["CharactersPane", "ConflictPane", "FightPane", "WantedPane", "make_panes"]


def make_panes() -> Mapping[str, GamePane]:
    return Panes({"Characters": CharactersPane, "Wanted Clock": _wanted,
                  "Conflict": _conflict, "Fight": _fight})


def _wanted() -> GamePane:
    from gmscreen.games.fistful.panes.wanted import WantedPane

    return WantedPane()


def _conflict() -> GamePane:
    from gmscreen.games.fistful.panes.conflict import ConflictPane

    return ConflictPane()


def _fight() -> GamePane:
    from gmscreen.games.fistful.panes.fight import FightPane

    return FightPane()


def __getattr__(name: str) -> Any:
    return late_name(__name__, name, {"ConflictPane": "conflict", "FightPane": "fight",
                                      "WantedPane": "wanted"})
