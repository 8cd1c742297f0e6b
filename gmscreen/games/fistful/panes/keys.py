"""The palette's entries for steps by the book's names (its random tables: "Roll on the
Wanted Chart…"), beside the keys' own entries: each ends in its step's key as the Judge set
it, as the palette teaches the keys."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.binding import Binding
from textual.dom import DOMNode
from textual.widget import Widget

from gmscreen.games.fistful.view import KeyOf
from gmscreen.ui.keymap import binding_in_words, find_binding, shown_key
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


def keys_of(pane: Widget, *owners: DOMNode | type[DOMNode]) -> KeyOf:
    """The key of a step as the Judge set it, by the step's id, for the words of `pane` that
    name it (a sheet's "roll the Out of action table (o)"): the pane's own steps, then those
    of `owners` (the shell's, or another tab's where the words send the Judge there); ""
    for none."""
    def named(binding_id: str) -> str:
        binding = find_binding(binding_id, type(pane), *owners)
        return "" if binding is None else binding_in_words(pane.app, binding)
    return named
