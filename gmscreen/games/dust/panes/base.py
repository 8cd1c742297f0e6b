"""What Dust's tabs share: the state they show, and a sheet of a view's lines as text."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from gmscreen.games.dust.state import DustState
from gmscreen.journal.sections import Lines
from gmscreen.ui.keys_line import keys_text, more_keys
from gmscreen.ui.steps import StepPane


class DustPane(StepPane[DustState]):
    """A Dust tab: its keys asked of the rules (`why_not`), its text made by `view`."""

    def keys_hint(self) -> Text:
        """The keys that apply now and the footer leaves out (to fit 80 columns), each to be
        clicked in a `KeysLine`, but those `worth_naming` says are not worth a line now."""
        return keys_text(more_keys(self, (
            (b.action, f"{b.key} {b.description.lower()}") for b in self.BINDINGS
            if isinstance(b, Binding) and not b.show and self.worth_naming(b.action))),
            " (each in the palette too)")

    def worth_naming(self, action: str) -> bool:
        """Whether the Keys line names `action` now, as it applies (all, unless a tab says)."""
        return True


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
