"""A tab's "Keys:" line: the keys that apply now but the footer leaves out (kept off it, or
quiet while more pressing steps fill its 80 columns), each in a few words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.binding import Binding

from gmscreen.ui.steps import StepPane


def off_the_footer(pane: StepPane[Any], keys: Sequence[tuple[str, str]]) -> list[str]:
    """The words of each of `keys` (action, words) that applies now and is not in the
    footer."""
    hidden = {b.action for b in pane.BINDINGS if isinstance(b, Binding) and not b.show}
    return [words for action, words in keys
            if not pane.why_not(action) and (action in hidden or pane.quiet(action))]
