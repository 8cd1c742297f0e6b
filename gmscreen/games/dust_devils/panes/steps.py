"""A tab whose keys follow the step of play: the footer offers only what can be done now
(so it fits 80 columns), and a key that does not apply now, pressed anyway or picked from
the palette, says why and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.binding import Binding

from gmscreen.ui.pane import GamePane


class StepPane(GamePane):
    """Subclasses say in `why_not` why an action does not apply now (None when it does)."""

    #: the notification's title when a key is refused
    REFUSAL_TITLE = ""

    def why_not(self, action: str) -> str | None:
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.campaign is None or not self.is_mounted:
            return True
        return self.why_not(action) is None

    def refuse(self, action: str) -> bool:
        """Tell the Dealer why `action` does not apply now; False when it does."""
        why = self.why_not(action) if self.campaign is not None else None
        if why is not None:
            self.app.notify(why, title=self.REFUSAL_TITLE, severity="warning", markup=False)
        return why is not None

    def on_key(self, event: events.Key) -> None:
        # a hidden binding would otherwise pass the key on and do nothing, silently
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if self.refuse(binding.action):
                event.stop()
                event.prevent_default()
                return

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        described = [b for b in self.BINDINGS if isinstance(b, Binding) and b.description]
        commands: list[tuple[str, str, Callable[[], Any]]] = []
        for binding, (name, help_text, run) in zip(described, super().palette_commands(),
                                                   strict=True):

            async def checked(action: str = binding.action,
                              run: Callable[[], Any] = run) -> None:
                if not self.refuse(action):
                    await run()

            commands.append((name, help_text, checked))
        return commands
