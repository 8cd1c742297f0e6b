"""The game's tabs: found in its panes module (imported only when the app opens, so the
command line stays fast) and put in the order every game shares."""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping

from gmscreen.ui.pane import GamePane

CHARACTERS = "Characters"
WANTED_CLOCK = "Wanted Clock"
CONFLICT = "Conflict"
ENCOUNTER_LOG = "Encounter Log"
#: the game's tabs that come first, in this order; any others follow, then the log
FIRST = (CHARACTERS, WANTED_CLOCK, CONFLICT)


def tab_id(title: str) -> str:
    """A widget id for a tab title: "Wanted Clock" -> "wanted-clock"."""
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return f"tab-{slug or 'untitled'}"


def make_panes(panes_module: str) -> dict[str, GamePane]:
    """New panes from the game's `make_panes()`, in the shared order. ImportError when the
    module is missing (the shell then shows the log alone and says why)."""
    module = importlib.import_module(panes_module)
    return ordered(module.make_panes())


def ordered(panes: Mapping[str, GamePane]) -> dict[str, GamePane]:
    first = [title for title in FIRST if title in panes]
    rest = [title for title in panes if title not in FIRST]
    return {title: panes[title] for title in [*first, *rest]}
