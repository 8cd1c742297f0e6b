"""The palette's entries for steps by the book's names (its random tables: "Roll on the
Wanted Chart…"), beside the keys' own entries: each ends in its step's key as the Judge set
it, as the palette teaches the keys."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.binding import Binding

from gmscreen.ui.keymap import shown_key
from gmscreen.ui.steps import StepPane


def palette_steps(pane: StepPane[Any], steps: Sequence[tuple[str, str, str]]
                  ) -> list[tuple[str, str, Callable[[], Any]]]:
    """Palette entries (name, help, action) of steps by other names than their keys', each
    run as its key would be: a step that does not apply says which rule stops it."""
    def entry(name: str, help_text: str, action: str) -> tuple[str, str, Callable[[], Any]]:
        async def run() -> None:
            if not pane.explain(action):
                await pane.perform(action)
        key = next((shown_key(pane.app, binding) for binding in pane.BINDINGS
                    if isinstance(binding, Binding) and binding.action == action), None)
        return name, help_text if key is None else f"{help_text} ({key})", run

    return [entry(*step) for step in steps]
