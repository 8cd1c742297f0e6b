"""Dust's tabs: Characters (players, roles, items, locations), Conflict (the day and night
console) and Night (the resolution, the post, the private messages and by day the vote
count, ready to paste).

Every action has a key (in the footer when it applies now and room allows, else named on
the tab) and a palette entry; a key that does not apply now says why. Each opens a form of
selects (keyboard first: tab between fields, enter to pick, ctrl+s to send). Player names
and notes are shown as text, never as markup. The Conflict and Night tabs' modules are
imported when the tab is first built (see `gmscreen.ui.tabs`).
"""


from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmscreen.games.dust.panes.characters import CharactersPane
from gmscreen.games.dust.panes.form import DustForm, Field
from gmscreen.ui.pane import GamePane
from gmscreen.ui.tabs import Panes, late_name

if TYPE_CHECKING:  # at run time they load with their tabs, or through __getattr__
    from gmscreen.games.dust.panes.cycle import CyclePane, draw_lots
    from gmscreen.games.dust.panes.resolution import NightPane

__all__ = ["CharactersPane", "CyclePane", "DustForm", "Field", "NightPane", "draw_lots",
           "make_panes"]


def make_panes() -> Mapping[str, GamePane]:
    return Panes({"Characters": CharactersPane, "Conflict": _cycle, "Night": _night})


def _cycle() -> GamePane:
    from gmscreen.games.dust.panes.cycle import CyclePane

    return CyclePane()


def _night() -> GamePane:
    from gmscreen.games.dust.panes.resolution import NightPane

    return NightPane()


def __getattr__(name: str) -> Any:
    return late_name(__name__, name,
                     {"CyclePane": "cycle", "draw_lots": "cycle", "NightPane": "resolution"})
