"""A tab's keys beyond its footer: the "Keys:" line (the keys that apply now but the footer
leaves out, kept off it or quiet while more pressing steps fill its 80 columns), and the
palette's entries for steps by the book's names (its random tables)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.binding import Binding

from gmscreen.ui.steps import StepPane


def off_the_footer(pane: StepPane[Any], keys: Sequence[tuple[str, str]]) -> list[str]:
    """The words of each of `keys` (action, words) that applies now and is not in the
    footer."""
    hidden = {b.action for b in pane.BINDINGS if isinstance(b, Binding) and not b.show}
    return [words for action, words in keys
            if not pane.why_not(action) and (action in hidden or pane.quiet(action))]


def palette_steps(pane: StepPane[Any], steps: Sequence[tuple[str, str, str]]
                  ) -> list[tuple[str, str, Callable[[], Any]]]:
    """Palette entries (name, help, action) of steps by other names than their keys' (the
    book's random tables: "Roll on the Wanted Chart…"), each run as its key would be: a
    step that does not apply says which rule stops it."""
    def entry(name: str, help_text: str, action: str) -> tuple[str, str, Callable[[], Any]]:
        async def run() -> None:
            if not pane.explain(action):
                await pane.perform(action)
        return name, help_text, run

    return [entry(*step) for step in steps]
