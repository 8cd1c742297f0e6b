"""A Fistful of Sixes' tabs: Characters (the posse, NPCs and their sheets), Wanted Clock (the
clock, its moves and the Wanted Chart), Conflict (a test step by step with its odds) and
Fight (the turn tracker with range bands).

Every action has a key shown in the footer and in the palette; forms are keyboard first.
Names and notes from the journal are shown as text, never as markup."""

from __future__ import annotations

from gmscreen.games.fistful.panes.characters import CharactersPane
from gmscreen.games.fistful.panes.conflict import ConflictPane
from gmscreen.games.fistful.panes.fight import FightPane
from gmscreen.games.fistful.panes.form import Field, FistfulForm
from gmscreen.games.fistful.panes.wanted import WantedPane, clock_face
from gmscreen.ui.pane import GamePane

__all__ = ["CharactersPane", "ConflictPane", "Field", "FightPane", "FistfulForm", "WantedPane",
           "clock_face", "make_panes"]


def make_panes() -> dict[str, GamePane]:
    return {"Characters": CharactersPane(), "Wanted Clock": WantedPane(),
            "Conflict": ConflictPane(), "Fight": FightPane()}
