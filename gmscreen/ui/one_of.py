"""One of a few short choices side by side, drawn by a single widget.

Textual's radio set mounts a widget for each choice, and a form's opening time grows with
its widgets (each is styled, laid out and drawn on its own): a form of four such fields
mounted seventeen. This one draws them all, in the radio set's look: a box with a dot in
the chosen one, the highlighted choice's label in the cursor's colours. Arrows choose the
next or the previous choice, as in any radio group of a desktop or a browser (Textual's
radio set only moves a highlight, and a Dealer who arrowed to a choice and tabbed on found
the old one still chosen); space chooses the highlighted one (the first, where none is
chosen yet), Enter chooses it and sends the form (as from a line typed in), a click chooses
the one under the pointer, and letters typed choose the first choice that holds them, as in
a list (`pick_list`). Choices that do not fit the width go on to the next line whole;
a label longer than a whole line wraps under itself (a hand with its cards named, at 80
columns), where it was cut. Labels are text, never markup. Its keys act in the order typed
(`in_order`): an arrow then Tab chooses before it moves on.
"""

from __future__ import annotations

import textwrap
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from gmscreen.ui.in_order import InOrder, taken_first
from gmscreen.ui.pick_list import Search, first_holding

#: (label, value) pairs, as the form's fields hold them
Options = tuple[tuple[str, str], ...]

_GAP = 2  # columns between two choices, as the radio set's margins left


class OneOf(InOrder, Widget, can_focus=True):
    """The field; `value` is the chosen choice's value ("" when none is)."""

    DEFAULT_CSS = """
    OneOf {
        width: 1fr;
        height: auto;
        pointer: pointer;
        &:focus { background-tint: $foreground 5%; }
        & > .one-of--box { color: $panel-darken-2; background: $panel; }
        & > .one-of--on { color: $text-success; background: $panel; }
        & > .one-of--highlight { background: $block-cursor-blurred-background; }
        &:focus > .one-of--highlight {
            color: $block-cursor-foreground;
            background: $block-cursor-background;
            text-style: $block-cursor-text-style;
        }
    }
    /* without colour (NO_COLOR) the highlight was a shade among shades */
    OneOf:focus:nocolor > .one-of--highlight { text-style: bold reverse; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "one-of--box", "one-of--on", "one-of--highlight"}

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,up", "move(-1)", "Previous", show=False),
        Binding("right,down", "move(1)", "Next", show=False),
        Binding("space", "choose", "Choose", show=False),
        Binding("enter", "submit", "Choose and send", show=False),
    ]

    class Changed(Message):
        """The choice changed (by a key, a click, or `value` set)."""

        def __init__(self, one_of: OneOf) -> None:
            super().__init__()
            self.one_of = one_of
            self.value = one_of.value

        @property
        def control(self) -> OneOf:
            return self.one_of

    class Submitted(Message):
        """Enter: the highlighted choice is chosen, and the form it is in is to be sent."""

        def __init__(self, one_of: OneOf) -> None:
            super().__init__()
            self.one_of = one_of

        @property
        def control(self) -> OneOf:
            return self.one_of

    #: the index of the choice the cursor is on
    highlighted: reactive[int] = reactive(0, init=False)

    def __init__(self, options: Options, value: str = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._options = tuple(options)
        self._chosen = self._index_of(value)
        self.set_reactive(OneOf.highlighted, max(self._chosen, 0))
        #: the letters typed to find a choice
        self.searched = Search()

    @property
    def options(self) -> Options:
        return self._options

    @property
    def value(self) -> str:
        return self._options[self._chosen][1] if self._chosen >= 0 else ""

    @value.setter
    def value(self, value: str) -> None:
        self._choose(self._index_of(value))

    def set_options(self, options: Options, keep: str = "") -> None:
        """New choices; `keep` stays chosen where it is among them, else the blank choice
        (as a field made with no value starts), else none."""
        self._options = tuple(options)
        kept = self._index_of(keep)
        self._chosen = kept if kept >= 0 else self._index_of("")
        self.set_reactive(OneOf.highlighted, max(self._chosen, 0))
        self.refresh(layout=True)
        self.post_message(self.Changed(self))

    def _index_of(self, value: str) -> int:
        return next((i for i, (_, choice) in enumerate(self._options) if choice == value), -1)

    def _choose(self, index: int) -> None:
        if index == self._chosen:
            return
        self._chosen = index
        if index >= 0:
            self.set_reactive(OneOf.highlighted, index)
        self.refresh()
        self.post_message(self.Changed(self))

    # -- keys and the mouse --------------------------------------------------------------------

    async def _on_key(self, event: events.Key) -> None:
        # letters choose the first choice that holds them, as in a list (a target among
        # ten took nine arrows); a space goes on with a search while a choice holds it.
        # The dialog's first, as for the kit's other fields (`in_order`)
        if taken_first(self, event):
            return
        character = event.character
        if not event.is_printable or not self.searched.takes(
                character, self._holding, [label for label, _ in self._options],
                self.highlighted):
            return  # space chooses the highlighted one (a binding)
        assert character is not None
        event.stop()
        event.prevent_default()
        found = self._holding(self.searched.add(character))
        if found is not None:
            self.highlighted = found
            self._choose(found)

    def _holding(self, typed: str) -> int | None:
        return first_holding((label for label, _ in self._options), typed)

    def action_move(self, step: int) -> None:
        if self._options:
            self._choose((self.highlighted + step) % len(self._options))

    def action_choose(self) -> None:
        if self._options:
            self._choose(self.highlighted)

    def action_submit(self) -> None:
        self.action_choose()
        self.post_message(self.Submitted(self))

    def watch_highlighted(self) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for index, (line, start, end, rows) in enumerate(self._places(self.size.width)):
            if line <= offset.y < line + len(rows) and start <= offset.x < end:
                self.highlighted = index
                self._choose(index)
                return

    # -- drawing -------------------------------------------------------------------------------

    def _places(self, width: int) -> list[tuple[int, int, int, list[str]]]:
        """Where each choice is drawn: (its first line, first column, column past its end,
        its label's lines: one, or more where the label is longer than a line)."""
        places: list[tuple[int, int, int, list[str]]] = []
        line = column = 0
        for label, _ in self._options:
            size = 5 + len(label)  # "▐●▌" and the label with a space either side
            if size > width > 10:
                rows = textwrap.wrap(label, width - 5) or [label]
                line, column = (line + 1, 0) if column else (line, 0)
                places.append((line, 0, width, rows))
                line, column = line + len(rows) - 1, width  # the next one starts below
                continue
            if column and column + _GAP + size > width:
                line, column = line + 1, 0
            elif column:
                column += _GAP
            places.append((line, column, column + size, [label]))
            column += size
        return places

    def get_content_width(self, container: Size, viewport: Size) -> int:
        places = self._places(container.width)
        return max((end for _, _, end, _ in places), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        places = self._places(width)
        return places[-1][0] + len(places[-1][3]) if places else 1

    def render(self) -> Text:
        box = self.get_component_rich_style("one-of--box")
        on = self.get_component_rich_style("one-of--on")
        cursor = self.get_component_rich_style("one-of--highlight")
        # the box's sides in its background's colour, half blocks that round it off
        side = Style(color=box.bgcolor)
        drawn = Text(no_wrap=True, overflow="crop", end="")
        line = column = 0
        for index, (at_line, start, end, rows) in enumerate(self._places(self.size.width)):
            if at_line != line:
                drawn.append("\n")
                line, column = at_line, 0
            drawn.append(" " * (start - column))
            chosen = index == self._chosen
            style = cursor if index == self.highlighted else ""
            drawn.append("▐", side)
            drawn.append("●" if chosen else " ", on if chosen else box)
            drawn.append("▌", side)
            drawn.append(f" {rows[0]} ", style)
            for row in rows[1:]:  # under the label's first line, clear of the box
                drawn.append("\n   ")
                drawn.append(f" {row} ", style)
                line += 1
            column = end
        return drawn
