"""The keys the tabs' own words name, as the Dealer set them (`[keys]` in settings.toml):
"No models yet: r recruits one." read the book key after `r` was moved to `R`, and sent
the Dealer to a key that did something else, or nothing. The words in `view` and the
rules cannot know the keymap, so they name a step by its name instead; these name it by
its key, for the words only a tab shows."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.binding import Binding

from gmscreen.games.dead_mans_hand.panes.keys import CONFLICT_KEYS, POSSES_KEYS
from gmscreen.ui.keymap import shown_key


def step_key(app: App[Any], step: str) -> str:
    """The key of this game's step (its binding id without "dead_mans_hand."), of either
    tab, as set."""
    wanted = f"dead_mans_hand.{step}"
    return next(shown_key(app, binding) for binding in (*POSSES_KEYS, *CONFLICT_KEYS)
                if isinstance(binding, Binding) and binding.id == wanted)


def tab_key(app: App[Any], number: int) -> str:
    """The key that shows tab `number`, as set: the screen's own (the shell's, or the undo
    preview's), else the digit."""
    ids = (f"tab.{number}", f"undo_preview.tab_{number}")
    for screen in reversed(app.screen_stack):
        for binding in screen.BINDINGS:
            if isinstance(binding, Binding) and binding.id in ids:
                return shown_key(app, binding)
    return str(number)


def on_tab(app: App[Any], step: str, tab: str, number: int) -> str:
    """ "g on the Conflict tab (3)", the keys as set."""
    return f"{step_key(app, step)} on the {tab} tab ({tab_key(app, number)})"
