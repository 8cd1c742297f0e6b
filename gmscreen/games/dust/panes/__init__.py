"""Dust's tabs: Characters (players, roles, items, locations), Conflict (the day and night
console) and Night (the resolution, the post and the private messages, ready to paste).

Every action has a key shown in the footer and in the palette; each opens a small form of
selects (keyboard first: tab between fields, enter to pick, ctrl+s to send). Player names
and notes are shown as text, never as markup.
"""


from __future__ import annotations

from gmscreen.games.dust.panes.characters import CharactersPane
from gmscreen.games.dust.panes.cycle import CyclePane, draw_lots
from gmscreen.games.dust.panes.form import DustForm, Field
from gmscreen.games.dust.panes.resolution import NightPane
from gmscreen.ui.pane import GamePane

__all__ = ["CharactersPane", "CyclePane", "DustForm", "Field", "NightPane", "draw_lots",
           "make_panes"]


def make_panes() -> dict[str, GamePane]:
    return {"Characters": CharactersPane(), "Conflict": CyclePane(), "Night": NightPane()}
