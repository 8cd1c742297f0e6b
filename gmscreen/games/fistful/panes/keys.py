"""The palette's entries for steps by the book's names (its random tables: "Roll on the
Wanted Chart…"), beside the keys' own entries."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gmscreen.ui.steps import StepPane


def palette_steps(pane: StepPane[Any], steps: Sequence[tuple[str, str, str]]
                  ) -> list[tuple[str, str, Callable[[], Any]]]:
    """Palette entries (name, help, action) of steps by other names than their keys', each
    run as its key would be: a step that does not apply says which rule stops it."""
    def entry(name: str, help_text: str, action: str) -> tuple[str, str, Callable[[], Any]]:
        async def run() -> None:
            if not pane.explain(action):
                await pane.perform(action)
        return name, help_text, run

    return [entry(*step) for step in steps]
