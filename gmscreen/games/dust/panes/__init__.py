"""Dust's tabs: Characters (players, roles, items, locations), Conflict (the day and night
console) and Night (the resolution, the post, the private messages and by day the vote
count, ready to paste).

Every action has a key (in the footer when it applies now and room allows, else named on
the tab) and a palette entry; a key that does not apply now says why. Each opens a form of
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
