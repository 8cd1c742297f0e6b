"""A box of several lines whose own keys act in the order typed (`in_order`), in a module of
its own: Textual's TextArea (its document, its themes) takes about 9 ms to import, which
every start of the app paid, though only the note dialog and a form's field of several
lines (`form.area`) use it. They import this module when they first make one."""

from __future__ import annotations

from textual.widgets import TextArea

from gmscreen.ui.in_order import InOrder


class InOrderTextArea(InOrder, TextArea):
    """A TextArea whose own keys act in the order typed."""
