"""Dust Devils' tabs: Characters (the sheets, Chips and the Road to Hell) and Conflict (a
conflict step by step, with win chances). Every action has a key in the footer and the
palette and opens a small form; text from the journal is shown as text, never markup."""

from __future__ import annotations

from gmscreen.games.dust_devils.panes.characters import CharactersPane
from gmscreen.games.dust_devils.panes.conflict import ConflictPane
from gmscreen.games.dust_devils.panes.form import SheetForm
from gmscreen.ui.pane import GamePane

__all__ = ["CharactersPane", "ConflictPane", "SheetForm", "make_panes"]


def make_panes() -> dict[str, GamePane]:
    return {"Characters": CharactersPane(), "Conflict": ConflictPane()}
