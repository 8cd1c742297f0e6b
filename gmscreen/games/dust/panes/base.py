"""What Dust's tabs share: the state they show, and a sheet of a view's lines as text."""

from __future__ import annotations

from rich.text import Text

from gmscreen.games.dust.state import DustState
from gmscreen.journal.sections import Lines
from gmscreen.ui.steps import StepPane


class DustPane(StepPane[DustState]):
    """A Dust tab: its keys asked of the rules (`why_not`), its text made by `view`."""


def sheet_text(parts: list[Lines], hint: Text | None = None) -> Text:
    """Sheets of lines as the detail box shows them: a hint in italics, each title bold."""
    text = Text()
    if hint:
        text.append_text(hint)
        text.stylize("italic")
        text.append("\n")
    for number, part in enumerate(parts):
        text.append(("\n" if number else "") + part.title, style="bold")
        for line in part.lines:
            text.append(f"\n{line}")
    return text
