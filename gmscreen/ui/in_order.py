"""Text fields whose own keys act in the order typed.

Textual's Input and TextArea put a letter in as its key comes, but their other keys
(Backspace, ctrl+u, Home, the arrows, Enter) are bindings, run only once the key has gone
up to the app and back: keys that come in one burst (a quick typist, tmux, a macro) let the
letters behind such a key overtake it. A refused card mended by ctrl+u and the right cards
then Enter had the cards typed first and cleared by ctrl+u, and the form sent a blank
field, so the app dealt its own cards in place of the table's (Textual issue 6605). Here a
field runs its own bindings as its key comes, as the app would have run them: the focused
widget's bindings are the first the app looks in.
"""

from __future__ import annotations

from textual import events
from textual.widget import Widget
from textual.widgets import Input, TextArea


async def ran_own_binding(widget: Widget, event: events.Key) -> bool:
    """Run `widget`'s own (not priority) binding of `event`'s key now, if it has one that
    acts; whether one did (the key then goes no further)."""
    if event.is_printable:
        return False
    for binding in widget._bindings.key_to_bindings.get(event.key, ()):
        if not binding.priority and await widget.app.run_action(binding.action, widget):
            event.stop()
            event.prevent_default()
            return True
    return False


class InOrderInput(Input):
    """An Input whose own keys act in the order typed."""

    async def _on_key(self, event: events.Key) -> None:
        if not await ran_own_binding(self, event):
            await super()._on_key(event)


class InOrderTextArea(TextArea):
    """A TextArea whose own keys act in the order typed."""

    async def _on_key(self, event: events.Key) -> None:
        if not await ran_own_binding(self, event):
            await super()._on_key(event)
