"""No game's tab takes a private name of the kit's pane classes for a method of its own:
one did (Dust Devils' `_redraw`, the step pane's guarded drawing), and its Conflict tab drew
only its own part, silently."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import gmscreen.games
from gmscreen.ui.pane import GamePane
from gmscreen.ui.steps import StepPane

KIT = (StepPane, GamePane)


def _panes() -> list[type]:
    found: dict[str, type] = {}
    for module in pkgutil.walk_packages(gmscreen.games.__path__, "gmscreen.games."):
        if ".panes" not in module.name:
            continue
        for _, thing in inspect.getmembers(importlib.import_module(module.name),
                                           inspect.isclass):
            if issubclass(thing, GamePane) and thing not in KIT:
                found[f"{thing.__module__}.{thing.__qualname__}"] = thing
    return list(found.values())


def test_every_games_panes_are_found() -> None:
    packages = {pane.__module__.split(".")[2] for pane in _panes()}
    assert packages == {"dust_devils", "fistful", "dead_mans_hand", "devils_bluff", "dust"}


def test_no_games_pane_takes_a_private_name_of_the_kits_panes() -> None:
    # the kit's own methods and properties (Textual gives every class some private names)
    private = {name for kit in KIT for name, value in vars(kit).items()
               if name.startswith("_") and not name.startswith("__")
               and (inspect.isfunction(value) or isinstance(value, property))}
    assert "_redraw_guarded" in private
    taken = sorted(f"{pane.__qualname__}.{name}" for pane in _panes() for name in vars(pane)
                   if name in private)
    assert taken == []
