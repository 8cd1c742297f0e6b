"""Lists shown whole in a form. Letters typed in one move the highlight to the first line
that holds them, as in a drop-down (a pause of `AGAIN` seconds starts a new search):
`FoundByLetters`, which both lists here are.

`PickList`, to pick one line from: Enter picks the line highlighted and sends the form. Two
things make it safe to send on Enter: the letters (a moderator who typed a player's name in
Textual's own list found the first line still highlighted, and Enter sent that one), and a
click that only highlights a line; a double click picks it, as in any list on a desktop: a
single click sent at once. A form's list to tick several in (`form.TickList`) finds its
lines by letters too.
"""

from __future__ import annotations

from time import monotonic

from textual import events
from textual.widgets import OptionList

from gmscreen.ui.in_order import ran_own_binding


class FoundByLetters(OptionList):
    """An option list whose lines are found by the letters typed in it."""

    #: seconds after the last letter when the next one starts a new search
    AGAIN = 0.7

    _typed = ""
    _typed_at = 0.0

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        # a space goes on with a search while some line holds it ("Ma H"); else it is the
        # list's own key (a tick list ticks by it: "t", space ticks Tough)
        return character is not None and character.isprintable() and (
            character != " " or (self._searching() and self.holding(self._typed + " ")
            is not None))

    def _searching(self) -> bool:
        return bool(self._typed) and monotonic() - self._typed_at <= self.AGAIN

    async def _on_key(self, event: events.Key) -> None:
        character = event.character
        if character is None or not event.is_printable or not self.check_consume_key(
                event.key, character):
            # the list's own keys (the arrows, space, Enter) in the order typed, before a
            # Tab typed after them moves on (`in_order`)
            await ran_own_binding(self, event)
            return
        event.stop()
        event.prevent_default()
        self._typed = (self._typed if self._searching() else "") + character.lower()
        self._typed_at = monotonic()
        found = self.holding(self._typed)
        if found is not None:
            self.highlighted = found

    def holding(self, typed: str) -> int | None:
        """The line that holds `typed` soonest (at its start before within it), if any."""
        places = [(str(option.prompt).lower().find(typed), index)
                  for index, option in enumerate(self.options) if not option.disabled]
        found = [(at, index) for at, index in places if at >= 0]
        return min(found)[1] if found else None


class PickList(FoundByLetters):
    """A form's list of one to pick (see the module's docstring)."""

    async def _on_click(self, event: events.Click) -> None:
        event.prevent_default()  # the list's own click picks at once
        clicked = event.style.meta.get("option")
        if clicked is None or self.options[clicked].disabled:
            return
        self.highlighted = clicked
        if event.chain >= 2:
            self.action_select()
