"""Textual's drop-down select, its closed face drawn by one widget.

A select shows the chosen value and an arrow, yet Textual mounts four widgets for that (a
row, the value, the arrow down, the arrow up) besides the list it opens, and a form's
opening time grows with its widgets: a form of three selects mounted eighteen. This one
draws the face itself, in the same look: the value (the prompt, dimmer, while none is
chosen) and the arrow, which points up while the list is open. Everything else, the list,
its keys and the value, is Textual's own, but for one thing: a letter typed on the closed box
opens the list at the first choice that holds it, as typing does in the open list, so the
moderator picks one of fifteen players by a few letters of a name. The list takes the
keyboard a moment after it opens: letters typed meanwhile (after Enter, or after the first
letter, as a quick typist or tmux sends them) are kept and begin its search, not lost.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, ClassVar, TypeVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.widgets import Select
from textual.widgets._select import NoSelection, SelectCurrent, SelectOverlay

T = TypeVar("T", bound=Hashable)


class _Face(SelectCurrent):
    """The closed select: its value and its arrow, one widget."""

    DEFAULT_CSS = """
    _Face { height: 1; color: $foreground 50%; }
    _Face.-has-value { color: $foreground; }
    _Face > .face--arrow { color: $foreground 50%; }
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
    """The open list, whose search goes on from the letters typed while it opened."""

    def search(self, typed: str) -> None:
        """Highlight the first choice holding `typed`, as typing in the open list does."""
        self._search_query = typed
        found = self._find_search_match(typed)
        if found is not None:
            self.select(found)

    def watch_has_focus(self, value: bool) -> None:
        super().watch_has_focus(value)  # which starts a search afresh
        select = self.parent
        if value and isinstance(select, Dropdown):
            self._search_query, select.typed_ahead = select.typed_ahead, ""


class Dropdown(Select[T]):
    """A select whose closed face is one widget (see the module's docstring). `required`:
    the prompt is no choice, but while there is nothing to choose (nobody made yet) it is
    shown all the same, and the rule says why on sending."""

    def __init__(self, options: Iterable[tuple[RenderableType, T]], *,
                 required: bool = False, **given: Any) -> None:
        options = list(options)
        self._required = required
        #: letters typed for the list before it had the keyboard
        self.typed_ahead = ""
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
        character = event.character
        if (not self._type_to_search or character is None or not event.is_printable
                or not character.strip()):
            return  # space, like Enter, opens the list by the select's own keys
        # the box has the key, so the list is closed or has not taken the keyboard yet
        # (an Enter typed next then picks from the list as searched so far): the letter
        # searches the list now, and its search goes on from it (`_List`)
        event.stop()
        event.prevent_default()
        self.typed_ahead += character
        self.expanded = True
        self.query_one(_List).search(self.typed_ahead)

    def _watch_expanded(self, expanded: bool) -> None:
        if not expanded:
            self.typed_ahead = ""
        super()._watch_expanded(expanded)
        self.query_one(_Face).refresh()
