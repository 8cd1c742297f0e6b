"""Words on a tab that name a step ("F the Dealer folds", "take one out with x", the rulings
W and O change): a click on them takes the step as its key would, so a Dealer who mostly
uses the mouse reaches the steps the footer leaves out without the palette. A step that
does not apply now says which rule stops it, as its key does."""

from __future__ import annotations

from collections.abc import Iterable

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from gmscreen.ui.steps import StepPane


def clickable(pieces: Iterable[tuple[str, str]], style: str = "") -> Text:
    """The text of `pieces`, (action, words) each: words with an action take that step of
    the tab when clicked (underlined, to be seen to be clicked); "" is plain words."""
    text = Text(style=style)
    for action, words in pieces:
        if action:
            text.append(words, Style(underline=True, meta={"@click": f"step({action!r})"}))
        else:
            text.append(words)
    return text


class KeysLine(Static):
    """A Static whose words made by `clickable` take their steps when clicked."""

    async def action_step(self, action: str) -> None:
        pane = next((node for node in self.ancestors if isinstance(node, StepPane)), None)
        if pane is not None and not pane.explain(action):
            await pane.perform(action)
