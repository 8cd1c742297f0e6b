"""Keys that do not apply now: left out of the footer, but pressed (or picked from the
palette) they say why, and nothing changes. A silent key sends the moderator to guess."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.binding import Binding

from gmscreen.ui.pane import GamePane


class ExplainedKeys(GamePane):
    """A pane whose `why_not(action)` names the reason an action does not apply now ("" when
    it does); `check_action` follows it, so the footer offers only what applies."""

    def why_not(self, action: str) -> str:
        return ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not self.why_not(action)

    def explain(self, action: str, title: str) -> bool:
        """Tell the moderator why `action` does not apply now; False when it does."""
        reason = self.why_not(action)
        if reason:
            self.notify(reason, title=title, severity="warning", markup=False)
        return bool(reason)

    def on_key(self, event: events.Key) -> None:
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if self.explain(binding.action, binding.description):
                event.stop()
                event.prevent_default()
                return

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        commands: list[tuple[str, str, Callable[[], Any]]] = []
        for binding in self.BINDINGS:
            if isinstance(binding, Binding) and binding.description:
                async def run(action: str = binding.action,
                              title: str = binding.description) -> None:
                    if not self.explain(action, title):
                        await self.run_action(action)

                commands.append((binding.description, binding.tooltip or binding.description,
                                 run))
        return commands
