"""Fields whose own keys act in the order typed.

Textual's Input and TextArea put a letter in as its key comes, but their other keys
(Backspace, ctrl+u, Home, the arrows, Enter) are bindings, run only once the key has gone
up to the app and back: keys that come in one burst (a quick typist, tmux, a macro) let the
letters behind such a key overtake it. A refused card mended by ctrl+u and the right cards
then Enter had the cards typed first and cleared by ctrl+u, and the form sent a blank
field, so the app dealt its own cards in place of the table's (Textual issue 6605). Here a
field runs its own bindings as its key comes, as the app would have run them: the focused
widget's bindings are the first the app looks in. A key typed after one that sends or
closes the field's dialog waits for it (`Dialog.took_first`): "Cora", Enter and `a` in one
burst saved "Coraa", the `a` typed in before the Enter had come round to the form.
"""

from __future__ import annotations

from typing import cast

from textual import events
from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import Input

from gmscreen.ui.keymap import bindings_as_set


async def ran_own_binding(widget: DOMNode, event: events.Key) -> bool:
    """Run `widget`'s own (not priority) binding of `event`'s key now, if it has one that
    acts; whether one did (the key then goes no further). A letter typed in a field is
    bound to nothing there, and goes on to be typed."""
    for binding in bindings_as_set(widget).key_to_bindings.get(event.key, ()):
        if not binding.priority and await widget.app.run_action(binding.action, widget):
            event.stop()
            event.prevent_default()
            return True
    return False


def taken_first(widget: Widget, event: events.Key) -> bool:
    """Whether the kit dialog `widget` stands in has taken `event` before the widget could
    (held behind a key before it, or kept behind a send on its way: `Dialog.took_first`);
    the widget then leaves it alone. The dialog is asked by what it does: it imports the
    fields."""
    if getattr(event, "asked", False):
        return False  # asked by the widget's own handler already (`OneOf`)
    event.asked = True  # type: ignore[attr-defined]
    took_first = getattr(widget.screen, "took_first", None)
    if took_first is None or not took_first(widget, event):
        return False
    event.stop()
    event.prevent_default()
    return True


class InOrder:
    """Makes a widget's own keys act in the order typed: put first among its bases. Textual
    gives a key to the `_on_key` of each class of a widget in turn, this one first, and a key
    run here goes no further. Not a widget itself: Textual takes a widget's CSS and parts
    from its first base that is one."""

    async def _on_key(self, event: events.Key) -> None:
        widget = cast(Widget, self)
        if not taken_first(widget, event):
            await ran_own_binding(widget, event)


class InOrderInput(InOrder, Input):
    """An Input whose own keys act in the order typed. Left, it shows the start of its text,
    as a browser's does: a list of lots Tabbed through showed its last names, and hid the
    first, which matter most."""

    def _on_blur(self, event: events.Blur) -> None:
        super()._on_blur(event)
        self.cursor_position = 0
