"""Textual's drop-down select, its closed face drawn by one widget.

A select shows the chosen value and an arrow, yet Textual mounts four widgets for that (a
row, the value, the arrow down, the arrow up) besides the list it opens, and a form's
opening time grows with its widgets: a form of three selects mounted eighteen. This one
draws the face itself, in the same look: the value (the prompt, dimmer, while none is
chosen) and the arrow, which points up while the list is open. The list and the value are
Textual's own. Its keys are the same, and a letter typed on the closed box opens the list at
the first choice that holds it, as typing does in the open list, so the moderator picks one
of fifteen players by a few letters of a name.

The box keeps the keyboard while its list is open, and runs the list's keys itself, as each
comes. Textual's list took the keyboard a moment after it opened, and its keys were run
only after they had gone up to the app and back: in a burst (a quick typist, tmux), the
keys typed before it had the keyboard went astray, and a Tab typed after Enter moved on
before the Enter had picked, so the form was sent with the old choice. A Tab from the open
list takes the line highlighted and moves on; escape closes it, the choice as it was.

Enter straight after a line was taken from the list sends the form, as on any other field
(the Draw's Knack found by "w", "s", Enter: a second Enter opened the list again, and only
ctrl+s sent); Enter on a box not just chosen in opens its list.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, ClassVar, TypeVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Select
from textual.widgets._select import NoSelection, SelectCurrent, SelectOverlay

from gmscreen.ui.in_order import taken_first
from gmscreen.ui.pick_list import Search, labels_of, option_holding

T = TypeVar("T", bound=Hashable)


class _Face(SelectCurrent):
    """The closed select: its value and its arrow, one widget."""

    DEFAULT_CSS = """
    /* the prompt ("Every session": no filter) set apart from a value chosen, yet readable
       in daylight (at half the text's colour it read 2.9 to 1 in textual-light) */
    _Face { height: 1; color: $foreground 70%; }
    _Face.-has-value { color: $foreground; }
    _Face > .face--arrow { color: $foreground 70%; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"face--arrow"}

    def compose(self) -> ComposeResult:
        yield from ()  # no children: the face draws itself (`render`)

    def update(self, label: RenderableType | NoSelection) -> None:
        self.label = label
        self.has_value = not isinstance(label, NoSelection)
        self.refresh()

    @property
    def shown(self) -> Text:
        """What the box shows: the chosen value's label, or the prompt."""
        label = self.label
        if isinstance(label, NoSelection):
            return Text(self.placeholder)
        return label if isinstance(label, Text) else Text(str(label))

    def render(self) -> Text:
        room = max(self.content_size.width - 2, 0)
        face = self.shown.copy()
        face.truncate(room, overflow="ellipsis", pad=True)
        arrow = "▲" if isinstance(self.parent, Select) and self.parent.expanded else "▼"
        face.append(" ")
        face.append(arrow, self.get_component_rich_style("face--arrow"))
        face.no_wrap = True
        return face


class _List(SelectOverlay):
    """The open list. It never takes the keyboard (the select keeps it, see `Dropdown`), so
    it is drawn as the list with the keyboard is."""

    DEFAULT_CSS = """
    _List { background-tint: $foreground 5%; }
    _List > .option-list--option-highlighted {
        color: $block-cursor-foreground;
        background: $block-cursor-background;
        text-style: $block-cursor-text-style;
    }
    """

    def __init__(self, type_to_search: bool = True) -> None:
        super().__init__(type_to_search)
        self.can_focus = False  # a click on a choice picks it, and the select keeps the keys

    def search(self, typed: str) -> None:
        """Highlight the first choice holding `typed`, as typing in the open list does."""
        found = self.holding(typed)
        if found is not None:
            self.select(found)

    def holding(self, typed: str) -> int | None:
        return option_holding(self.options, typed)


class Dropdown(Select[T]):
    """A select whose closed face is one widget (see the module's docstring). `required`:
    the prompt is no choice, but while there is nothing to choose (nobody made yet) it is
    shown all the same, and the rule says why on sending."""

    #: the open list's keys, run by the select itself
    _LIST_KEYS: ClassVar[dict[str, str]] = {
        "up": "cursor_up", "down": "cursor_down", "pageup": "page_up",
        "pagedown": "page_down", "home": "first", "end": "last"}

    #: whether the last key took a line from the open list (Enter or space), even the one
    #: already chosen, which changes no value: a form that goes on from a pick asks it
    just_picked = False

    class Submitted(Message):
        """Enter straight after a line was taken: the form it is in is to be sent."""

        def __init__(self, dropdown: Dropdown[Any]) -> None:
            super().__init__()
            self.dropdown = dropdown

        @property
        def control(self) -> Dropdown[Any]:
            return self.dropdown

    def __init__(self, options: Iterable[tuple[RenderableType, T]], *,
                 required: bool = False, **given: Any) -> None:
        options = list(options)
        self._required = required
        #: the letters typed to find a choice
        self.searched = Search()
        if required:
            given["allow_blank"] = not options
        super().__init__(options, **given)

    def set_options(self, options: Iterable[tuple[RenderableType, T]]) -> None:
        options = list(options)
        if self._required:
            self._allow_blank = not options
        super().set_options(options)

    def compose(self) -> ComposeResult:
        yield _Face(self.prompt)
        yield _List(type_to_search=self._type_to_search).data_bind(compact=Select.compact)

    @property
    def shown(self) -> str:
        """What the closed box shows: the chosen value's label, or the prompt."""
        return self.query_one(_Face).shown.plain

    async def _on_key(self, event: events.Key) -> None:
        # every key of the box and of its open list, here, in the order typed (see the
        # module's docstring); a kit dialog's first: it may hold the key behind the field
        # before, or take in that field's change first, so a list another field fills (the
        # giver's items) is filled before the letters typed into it
        if taken_first(self, event):
            return
        listing = self.query_one(_List)
        character = event.character
        just_picked, self.just_picked = self.just_picked, False
        letter = (self._type_to_search and event.is_printable
                  and self.searched.takes(character, listing.holding,
                                          labels_of(listing.options), listing.highlighted))
        if letter:
            assert character is not None
            self.expanded = True
            listing.search(self.searched.add(character))
        elif just_picked and not self.expanded and event.key == "enter":
            self.post_message(self.Submitted(self))
        elif not self.expanded and event.key in ("enter", "space", "down", "up"):
            self.action_show_overlay()
        elif self.expanded and event.key in self._LIST_KEYS:
            getattr(listing, f"action_{self._LIST_KEYS[event.key]}")()
        elif self.expanded and event.key in ("enter", "space"):
            self._pick(listing.highlighted)
            self.just_picked = True
        elif event.key in ("tab", "shift+tab"):
            self.take_highlighted()
            return  # and Tab moves on
        elif self.expanded and event.key == "escape":
            self.expanded = False  # the list closes; the form stays
        else:
            return
        event.stop()
        event.prevent_default()

    def take_highlighted(self) -> None:
        """Take the line highlighted in the open list, as Tab leaves it (a browser's
        drop-down does so): it closed the list and lost the choice, so "v", "a", Tab left
        the voter unchosen."""
        if self.expanded:
            self._pick(self.query_one(_List).highlighted)

    def _pick(self, index: int | None) -> None:
        if index is not None:
            self.value = self._options[index][1]
        self.expanded = False

    def _on_blur(self, event: events.Blur) -> None:
        self.expanded = False  # a Tab on, or a click elsewhere, closes the list
        self.just_picked = False  # come back to, its Enter opens the list again

    def _watch_expanded(self, expanded: bool) -> None:
        # Textual's own, but that the list does not take the keyboard
        found = self.query(_List)
        if not found:
            return  # being taken away
        listing = found.first()
        self.set_class(expanded, "-expanded")
        face = self.query_one(_Face)
        if expanded:
            known = next((index for index, (_, value) in enumerate(self._options)
                          if value == self.value), None)
            listing.select(known if known is not None else 0)
            face.has_value = known is not None
        else:
            self.searched = Search()
        face.refresh()
