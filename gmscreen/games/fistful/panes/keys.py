"""A tab's keys beyond its footer: the "Keys:" line (the keys that apply now but the footer
leaves out, kept off it or quiet while more pressing steps fill its 80 columns), whose words
take their step when clicked (a Judge who mostly uses the mouse had only the palette for
them, a hundred entries long), and the palette's entries for steps by the book's names (its
random tables)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from gmscreen.ui.steps import StepPane


class KeysLine(Static):
    """A tab's line that names keys (`keys_text`): a click on a key's words takes its step
    as the key would, and a step that does not apply says which rule stops it. The words
    are underlined, to be seen to be clicked, in the line's own quiet colour."""

    DEFAULT_CSS = """
    KeysLine { link-color: $text-muted; link-background: transparent; }
    """

    async def action_step(self, action: str) -> None:
        pane = next((a for a in self.ancestors if isinstance(a, StepPane)), None)
        if pane is not None and not pane.explain(action):
            await pane.perform(action)


def keys_text(pane: StepPane[Any], keys: Sequence[tuple[str, str]], tail: str,
              style: str = "") -> Text:
    """ "Keys: " and the words of each of `keys` (action, words) that applies now and is not
    in the footer, each to be clicked in a `KeysLine`, then `tail`; nothing when none
    applies."""
    hidden = {b.action for b in pane.BINDINGS if isinstance(b, Binding) and not b.show}
    # each of `keys` (action, words) that applies now and is not in the footer
    shown = [(action, words) for action, words in keys
             if not pane.why_not(action) and (action in hidden or pane.quiet(action))]
    text = Text(style=style)
    if not shown:
        return text
    text.append("Keys: ")
    for at, (action, words) in enumerate(shown):
        if at:
            text.append(", ")
        text.append(words, style=Style(meta={"@click": f"step({action!r})"}))
    text.append(tail)
    return text


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
