"""Words over a tab's tables that name a key kept off the footer ("z undo attack",
"s a scenario"): a click on them takes the step as the key would, so the mouse reaches the
rarer steps without the palette."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from gmscreen.ui.steps import StepPane


def append_keys(text: Text, keys: Sequence[tuple[str, str]], style: str = "dim") -> None:
    """Append each (action, words) of `keys` to `text`, a comma between them; a click on
    the words takes the tab's step `action`."""
    for index, (action, words) in enumerate(keys):
        if index:
            text.append(", ", style=style)
        text.append(words, Style.parse(style) + Style(meta={"@click": f"step({action!r})"}))


class KeysLine(Static):
    """A Static whose words made by `append_keys` take their steps when clicked: one that
    does not apply now says why, as its key would."""

    async def action_step(self, action: str) -> None:
        pane = next((node for node in self.ancestors if isinstance(node, StepPane)), None)
        if pane is not None and not pane.explain(action):
            await pane.perform(action)
