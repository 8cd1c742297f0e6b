"""Dust Devils' tabs: Characters (the sheets, Chips and the Road to Hell) and Conflict (a
conflict step by step, with win chances). Every action has a key in the footer and the
palette and opens a kit form; text from the journal is shown as text, never markup. The
Conflict tab's module is imported when the tab is first built (see `gmscreen.ui.tabs`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmscreen.games.dust_devils import rules
from gmscreen.games.dust_devils.panes.characters import CharactersPane
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.ui.pane import GamePane
from gmscreen.ui.tabs import Panes, late_name

if TYPE_CHECKING:  # at run time it loads with its tab, or through __getattr__
    from gmscreen.games.dust_devils.panes.conflict import ConflictPane

__all__ = ["CharactersPane", "ConflictPane", "first_step_of_session", "make_panes"]

#: the panes whose modules load when their tab is first built, and their modules
LATE = {"ConflictPane": "conflict"}


def make_panes() -> Mapping[str, GamePane]:
    return Panes({"Characters": CharactersPane, "Conflict": lambda: __getattr__("ConflictPane")()})


def first_step_of_session(state: DustDevilsState) -> tuple[str, str] | None:
    """A session opens on the Devils' form (V on the Characters tab) while the rules have
    players to set their rating now; escape leaves it to V."""
    return ("Characters", "session_devils") if rules.devils_to_set_now(state) else None


def __getattr__(name: str) -> Any:
    return late_name(__name__, name, LATE)
