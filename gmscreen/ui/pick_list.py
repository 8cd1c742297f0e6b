"""Lists shown whole in a form. Letters typed in one move the highlight to the first line
that holds them, as in a drop-down (a pause of `Search.AGAIN` seconds starts a new search):
`FoundByLetters`, which both lists here are, and the form's one of a few (`one_of`).

`PickList`, to pick one line from: Enter picks the line highlighted and sends the form. Two
things make it safe to send on Enter: the letters (a moderator who typed a player's name in
Textual's own list found the first line still highlighted, and Enter sent that one), and a
click that only highlights a line; a double click picks it, as in any list on a desktop: a
single click sent at once. A form's list to tick several in (`form.TickList`) finds its
lines by letters too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from time import monotonic
from typing import Any

from textual import events
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from gmscreen.ui.in_order import ran_own_binding, taken_first


class Search:
    """The letters typed to find a choice: a pause of `AGAIN` seconds starts afresh."""

    #: seconds after the last letter when the next one starts a new search
    AGAIN = 0.7

    def __init__(self) -> None:
        self.typed = ""
        self.at = 0.0

    def going_on(self) -> bool:
        return bool(self.typed) and monotonic() - self.at <= self.AGAIN

    def add(self, character: str) -> str:
        """The search with `character` typed: what is now sought."""
        self.typed = (self.typed if self.going_on() else "") + character.lower()
        self.at = monotonic()
        return self.typed

    def takes(self, character: str | None, holding: Callable[[str], int | None],
              labels: Sequence[str | None] = (), highlighted: int | None = None) -> bool:
        """Whether `character` goes into the search: a printable one but a space, or a space
        while the search goes on and some choice `holding` finds holds it ("Ma H"), as soon
        in its label as the letters stand in the line highlighted (`labels[highlighted]`):
        "s", space on "Shotgun (3 pts)" is the list's space, not a search on to "Derringers
        (2 pts)". Else the space is the field's own key (it chooses, ticks or opens)."""
        if character is None or not character.isprintable():
            return False
        if character != " ":
            return True
        found = holding(self.typed + " ") if self.going_on() else None
        if found is None:
            return False
        shown = labels[highlighted] if highlighted is not None and 0 <= highlighted < len(
            labels) else None
        at = shown.lower().find(self.typed) if shown is not None else -1
        further = found < len(labels) and (labels[found] or "").lower().find(
            self.typed + " ") > at
        return at < 0 or not further


def first_holding(labels: Iterable[str | None], typed: str) -> int | None:
    """The index of the label that holds `typed` soonest, in any case: at the start of a
    word before within one, then the sooner in its label; a label of None is not offered.
    "On" typed for the Veteran's "On Alert" found "(none)" first (its "on" stood sooner,
    inside the word), and Tab kept the blank: his alert was sent as a night in the church."""
    found = [(_held_at(label.lower(), typed), index) for index, label in enumerate(labels)
             if label is not None and typed in label.lower()]
    return min(found)[1] if found else None


def _held_at(label: str, typed: str) -> tuple[bool, int]:
    """Where `label` holds `typed`, for sorting: (within a word, the place), the first
    place a word starts with it if any."""
    at = label.find(typed)
    first = at
    while at >= 0:
        if at == 0 or not label[at - 1].isalnum():
            return False, at
        at = label.find(typed, at + 1)
    return True, first


def labels_of(options: Iterable[Option]) -> list[str | None]:
    """Each option's words, as the letters find them (None for a disabled one)."""
    return [None if option.disabled else str(option.prompt) for option in options]


def option_holding(options: Iterable[Option], typed: str) -> int | None:
    """The index of the option that holds `typed` soonest (`first_holding`); a disabled
    one is not offered."""
    return first_holding(labels_of(options), typed)


class FoundByLetters(OptionList):
    """An option list whose lines are found by the letters typed in it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.searched = Search()

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        # a space is the list's own key but within a search (a tick list ticks by it:
        # "t", space ticks Tough)
        return self.searched.takes(character, self.holding, labels_of(self.options),
                                   self.highlighted)

    async def _on_key(self, event: events.Key) -> None:
        if taken_first(self, event):
            return  # a kit dialog's first: behind the Enter that sends, or the Tab before
        character = event.character
        if character is None or not event.is_printable or not self.check_consume_key(
                event.key, character):
            # the list's own keys (the arrows, space, Enter) in the order typed, before a
            # Tab typed after them moves on (`in_order`)
            await ran_own_binding(self, event)
            return
        event.stop()
        event.prevent_default()
        found = self.holding(self.searched.add(character))
        if found is not None:
            self.highlighted = found

    def holding(self, typed: str) -> int | None:
        """The line that holds `typed` soonest (at its start before within it), if any."""
        return option_holding(self.options, typed)


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
