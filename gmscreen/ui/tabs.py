"""The game's tabs: found in its panes module (imported only when the app opens, so the
command line stays fast) and put in the order every game shares.

A tab's pane is made, and its module imported, when it is first asked for: the shell builds
a tab when it is first shown, so at start only the first tab's module loads (importing the
others was a part of every start). The palette asks for every pane, so it lists every
tab's actions all the same.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from gmscreen.ui.pane import GamePane

CHARACTERS = "Characters"
WANTED_CLOCK = "Wanted Clock"
CONFLICT = "Conflict"
ENCOUNTER_LOG = "Encounter Log"
#: the game's tabs that come first, in this order; any others follow, then the log
FIRST = (CHARACTERS, WANTED_CLOCK, CONFLICT)


class Panes(Mapping[str, GamePane]):
    """Panes by tab title, in order, each made by its maker (a pane class, or a function
    that imports one) the first time it is asked for, then kept."""

    def __init__(self, makers: Mapping[str, Callable[[], GamePane]]) -> None:
        self._makers = dict(makers)
        self._made: dict[str, GamePane] = {}

    def __getitem__(self, title: str) -> GamePane:
        pane = self._made.get(title)
        if pane is None:
            pane = self._made[title] = self._makers[title]()
        return pane

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)

    def __contains__(self, title: object) -> bool:
        return title in self._makers  # Mapping's own would make the pane


def late_name(package: str, name: str, modules: Mapping[str, str]) -> Any:
    """For a panes package's `__getattr__`: the name `name` from its submodule
    `modules[name]`, which is imported now (it loads with its tab otherwise)."""
    if name not in modules:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{package}.{modules[name]}"), name)


def tab_id(title: str) -> str:
    """A widget id for a tab title: "Wanted Clock" -> "wanted-clock"."""
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return f"tab-{slug or 'untitled'}"


def make_panes(panes_module: str) -> Panes:
    """The game's panes from its `make_panes()`, in the shared order, each made when first
    asked for. ImportError when the module is missing (the shell then shows the log alone
    and says why)."""
    module = importlib.import_module(panes_module)
    return ordered(module.make_panes())


def first_step_of_session(panes_module: str, state: Any) -> tuple[str, str] | None:
    """The tab and the pane's action a session opens with, where the table's first step is
    always the same (Dust Devils' Devil ratings): the panes module's own
    `first_step_of_session(state)`, which asks the rules; None where it has none."""
    asks = getattr(importlib.import_module(panes_module), "first_step_of_session", None)
    found = asks(state) if callable(asks) else None
    return found if isinstance(found, tuple) else None


def ordered(panes: Mapping[str, GamePane]) -> Panes:
    """The game's panes in the shared order, with the Wanted Clock tab in every game: the
    Dealer's own clocks, below the game's own clock pane when it has one."""
    first = [title for title in FIRST if title in panes or title == WANTED_CLOCK]
    rest = [title for title in panes if title not in FIRST]

    def maker(title: str) -> Callable[[], GamePane]:
        if title == WANTED_CLOCK:
            return lambda: _clocks(panes.get(title, None))
        return lambda: panes[title]  # made when the shell first asks, not now

    return Panes({title: maker(title) for title in [*first, *rest]})


def _clocks(game_pane: GamePane | None) -> GamePane:
    from gmscreen.ui.clocks_pane import ClocksPane  # loads with its tab

    return ClocksPane(game_pane)
