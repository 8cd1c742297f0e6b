"""The base of the Devils Bluff tabs: keys that follow the moment of play.

The footer offers only what applies now. A key that does not apply, pressed anyway or
picked from the palette, says why, naming the rule, and changes nothing. The reason is
never the pane's own: `why_not` asks the rules' `why_not_x`. A few keys that do apply are
left out of the footer at some moments for room (`quiet`); pressed, they work all the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.actions import parse
from textual.binding import Binding

from gmscreen.journal.rules import RuleError
from gmscreen.ui.pane import GamePane


class StepPane(GamePane):
    """Subclasses answer `why_not` from the rules and may name `quiet` actions."""

    def why_not(self, action: str, parameters: tuple[object, ...]) -> RuleError | None:
        """The rule that keeps `action` from applying now, or None when it applies."""
        return None

    def quiet(self, action: str, parameters: tuple[object, ...]) -> bool:
        """True for an action that applies now but is left out of the footer for room."""
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.campaign is None:
            return True
        return self.why_not(action, parameters) is None and not self.quiet(action, parameters)

    def explain(self, action: str) -> bool:
        """Say why `action` (as a binding writes it) does not apply now, or run it when it
        applies but the footer leaves it out; True when handled here."""
        if self.campaign is None:
            return False
        _, name, parameters = parse(action)
        refusal = self.why_not(name, parameters)
        if refusal is not None:
            self.notify(refusal.message, title=refusal.rule, severity="warning", markup=False)
            return True
        if self.quiet(name, parameters):
            getattr(self, f"action_{name}")(*parameters)
            return True
        return False

    def on_key(self, event: events.Key) -> None:
        # a binding the footer leaves out is skipped by Textual, and its key comes here
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if self.explain(binding.action):
                event.stop()
                event.prevent_default()
                return

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        commands: list[tuple[str, str, Callable[[], Any]]] = []
        for binding in self.BINDINGS:
            if isinstance(binding, Binding) and binding.description:
                async def run(action: str = binding.action) -> None:
                    if not self.explain(action):
                        await self.run_action(action)

                commands.append((binding.description, binding.tooltip or binding.description,
                                 run))
        return commands
