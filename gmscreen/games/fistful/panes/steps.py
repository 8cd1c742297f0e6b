"""The base of the Fistful tabs whose steps depend on the moment: one answer, `why_not`,
decides both what the footer offers and what a key (or the palette) says when its step does
not apply now, so the Judge is never left wondering why nothing happened."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.actions import parse
from textual.binding import Binding

from gmscreen.ui.pane import GamePane


class StepsPane(GamePane):
    """A tab that offers only the steps that apply, and says why when one does not."""

    def why_not(self, action: str) -> str | None:
        """Why the step `action` cannot be taken now, or None when it can."""
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.campaign is None:
            return True
        return self.why_not(action) is None

    def _refuse(self, action: str) -> bool:
        """Say why `action` does not apply now; False when it does."""
        if self.campaign is None:
            return False
        reason = self.why_not(action)
        if reason is None:
            return False
        self.notify(reason, title="Not now", severity="warning", markup=False)
        return True

    def on_key(self, event: events.Key) -> None:
        # a key hidden from the footer reaches no binding: say why here, and stop it so
        # nothing else takes it
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if self._refuse(parse(binding.action)[1]):
                event.stop()
                event.prevent_default()
                return

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        commands: list[tuple[str, str, Callable[[], Any]]] = []
        for binding in self.BINDINGS:
            if isinstance(binding, Binding) and binding.description:

                async def run(action: str = binding.action) -> None:
                    if not self._refuse(parse(action)[1]):
                        await self.run_action(action)

                commands.append((binding.description, binding.tooltip or binding.description,
                                 run))
        return commands
