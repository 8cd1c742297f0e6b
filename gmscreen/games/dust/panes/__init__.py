"""Dust's tabs: Characters (players, roles, items, locations), Day and night (the day's
votes, gifts and day powers; the night's choices, the Scum's kill and the resolution) and
Posts (the resolution, the post, the private messages and by day the vote count, ready to
paste); on the kit's clocks tab, the day's deadline clock above the moderator's own.

Every action has a key (in the footer when it applies now and room allows, else named on
the tab) and a palette entry; a key that does not apply now says why, in the rules' words.
Each opens a kit form. Player names and notes are shown as text, never as markup. The Day
and night and Posts tabs' modules are imported when the tab is first built (see
`gmscreen.ui.tabs`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmscreen.games.dust.panes.characters import CharactersPane
from gmscreen.ui.pane import GamePane
from gmscreen.ui.tabs import Panes, late_name

if TYPE_CHECKING:  # at run time they load with their tabs, or through __getattr__
    from gmscreen.games.dust.panes.cycle import CyclePane
    from gmscreen.games.dust.panes.resolution import PostsPane

__all__ = ["CharactersPane", "CyclePane", "PostsPane", "make_panes"]


def make_panes() -> Mapping[str, GamePane]:
    return Panes({"Characters": CharactersPane, "Wanted Clock": _deadline,
                  "Day and night": _cycle, "Posts": _posts})


def _deadline() -> GamePane:
    from gmscreen.games.dust.panes.deadline import DeadlinePane

    return DeadlinePane()


def _cycle() -> GamePane:
    from gmscreen.games.dust.panes.cycle import CyclePane

    return CyclePane()


def _posts() -> GamePane:
    from gmscreen.games.dust.panes.resolution import PostsPane

    return PostsPane()


def __getattr__(name: str) -> Any:
    return late_name(__name__, name, {"CyclePane": "cycle", "PostsPane": "resolution"})
