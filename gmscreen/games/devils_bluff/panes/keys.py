"""The keys the tabs' words name, as the Dealer set them (settings.toml's `[keys]`): `view`
writes the book's keys ("d draws", "ctrl+z takes its end back"), knowing no keymap; a tab
puts each through `as_set`, which names the key set instead, as the footer, the Keys line,
the palette and F1 do. A key named in the words of one tab may be another tab's ("g on the
Conflict tab begins game 2" on the Characters tab) or the shell's (undo)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from gmscreen.games.devils_bluff import view
from gmscreen.ui.keymap import binding_in_words, find_binding


def key_of(widget: Widget) -> Callable[[str], str | None]:
    """The key the Dealer set for a step by its id, in words ("E", "ctrl+e"), or None where
    it is the book's own."""
    from gmscreen.games.devils_bluff.panes.characters import CharactersPane
    from gmscreen.games.devils_bluff.panes.conflict import ConflictPane
    from gmscreen.ui.shell import ShellScreen

    keymap = widget.app._keymap

    def of(binding_id: str) -> str | None:
        if binding_id not in keymap:
            return None
        # an id no tab of this game has: its words stay
        binding = find_binding(binding_id, CharactersPane, ConflictPane, ShellScreen)
        return None if binding is None else binding_in_words(widget.app, binding)
    return of


def as_set(widget: Widget, line: str) -> str:
    """`line` (of `view`) naming each key as the Dealer set it."""
    if not widget.app._keymap:
        return line
    return view.keys_as_set(line, key_of(widget))


def steps_clicked(text: Text, named: Iterable[tuple[str, str]]) -> Text:
    """`text` (in a `KeysLine`) with the words that name a step the footer leaves out taken
    by a click, as the Keys line's are: each of `named` is (a pattern whose first group is
    the words, the key first as set, the step's action). A Dealer using the mouse reached
    P, F and o by the palette alone."""
    for pattern, action in named:
        for found in re.finditer(pattern, text.plain, re.MULTILINE):
            text.stylize(Style(underline=True, meta={"@click": f"step({action!r})"}),
                         found.start(1), found.end(1))
    return text
