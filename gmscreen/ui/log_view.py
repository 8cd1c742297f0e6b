"""The Encounter Log's list: a virtual list drawn one line at a time (Textual's Line API), so
100,000 events scroll as fast as ten. It only shows; the tab around it says what to do."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import NOTE, Event
from gmscreen.ui.log_lines import LogIndex, LogLine, event_at, is_left_out


class LogView(ScrollView, can_focus=True):
    """Lines of the log with a cursor. Undone events and notes struck out are struck
    through; in replay, the event shown is marked and the ones after it are faded; the words
    searched for are marked."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "log-view--cursor",
        "log-view--heading",
        "log-view--left-out",
        "log-view--day",
        "log-view--match",
        "log-view--undone",
        "log-view--later",
        "log-view--replayed",
        "log-view--seq",
    }

    DEFAULT_CSS = """
    LogView {
        height: 1fr;
        overflow-x: hidden;
        background: $surface;
        & > .log-view--cursor { background: $block-cursor-blurred-background; }
        &:focus > .log-view--cursor {
            background: $block-cursor-background;
            color: $block-cursor-foreground;
        }
        & > .log-view--heading { color: $text-primary; text-style: bold; }
        & > .log-view--left-out { color: $text-error; text-style: bold; }
        & > .log-view--day { color: $text-secondary; }
        & > .log-view--match { text-style: bold underline; color: $text-accent; }
        & > .log-view--undone { color: $text-muted; text-style: strike; }
        & > .log-view--later { color: $text-disabled; }
        & > .log-view--replayed { color: $text-warning; text-style: bold; }
        & > .log-view--seq { color: $text-muted; }
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", "Up", show=False),
        Binding("down", "cursor(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
    ]

    cursor: reactive[int] = reactive(0, always_update=True)

    class Highlighted(Message):
        """The cursor moved to `line` (None when the log is empty)."""

        def __init__(self, view: LogView, line: LogLine | None) -> None:
            super().__init__()
            self.view = view
            self.line = line

        @property
        def control(self) -> LogView:
            return self.view

    class Chosen(Message):
        """A line was double-clicked: what Enter does on it (the log replays to it)."""

        def __init__(self, view: LogView) -> None:
            super().__init__()
            self.view = view

        @property
        def control(self) -> LogView:
            return self.view

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.campaign: Campaign[Any] | None = None
        self.index = LogIndex()
        self.lines: Sequence[LogLine] = ()
        self.replayed: int | None = None
        #: the words a search looks for (`search_words`), marked where they are seen
        self.words: tuple[str, ...] = ()
        #: the Dealer moved the cursor since the lines were last shown
        self.moved = False

    def show(self, campaign: Campaign[Any], lines: Sequence[LogLine], index: LogIndex,
             replayed: int | None, anchor: int | None = None) -> None:
        """Show `lines` of `campaign`: the cursor on the line nearest `anchor` (a line's
        `cursor_order`; at it or before it) when given, else kept on the same event when
        it is still there, else at the end (where a new event just arrived)."""
        kept = self.cursor_order
        at_end = self.cursor >= len(self.lines) - 1
        self.campaign, self.lines, self.index, self.replayed = campaign, lines, index, replayed
        self.virtual_size = Size(self.size.width, len(lines))
        if anchor is not None:
            self.cursor = self._find(anchor)
        elif kept is not None and not at_end:
            self.cursor = self._find(kept)
        else:
            self.cursor = len(lines) - 1
        self.moved = False
        self.refresh()

    @property
    def cursor_order(self) -> int | None:
        """Where the cursor is, as a number that still says where among other lines."""
        return self._order(self.cursor) if self.line is not None else None

    def _find(self, key: int) -> int:
        """The index of the line whose order is `key`, or of the nearest line before it."""
        low, high = 0, len(self.lines)
        while low < high:
            middle = (low + high) // 2
            if self._order(middle) <= key:
                low = middle + 1
            else:
                high = middle
        return max(0, low - 1)

    def _order(self, index: int) -> int:
        """A number that grows along the lines: a heading sorts just before its first event."""
        line = self.lines[index]
        if not line.is_heading:
            return line.seq * 2
        following = self.lines[index + 1] if index + 1 < len(self.lines) else None
        return following.seq * 2 - 1 if following is not None else 1 << 62

    @property
    def line(self) -> LogLine | None:
        """The line under the cursor."""
        if 0 <= self.cursor < len(self.lines):
            return self.lines[self.cursor]
        return None

    def validate_cursor(self, cursor: int) -> int:
        return max(0, min(cursor, len(self.lines) - 1))

    def watch_cursor(self, old: int, new: int) -> None:
        self.refresh_line(old)
        self.refresh_line(new)
        self.scroll_to_region(Region(0, new, 1, 1), animate=False, force=True, immediate=True)
        self.post_message(self.Highlighted(self, self.line))

    def refresh_line(self, index: int) -> None:
        self.refresh(Region(0, index - int(self.scroll_offset.y), self.size.width, 1))

    def on_resize(self, event: events.Resize) -> None:
        self.virtual_size = Size(event.size.width, len(self.lines))
        # shorter (a notice took rows above the footer), the cursor's line stays in sight
        self.call_after_refresh(self._cursor_in_sight)

    def _cursor_in_sight(self) -> None:
        # the cursor as it is when the refresh is done: lines shown between the resize and
        # then (the log's first showing) put it elsewhere, and a line read at the resize
        # scrolled the log back to its top, the cursor out of sight below
        self.scroll_to_region(Region(0, self.cursor, 1, 1), animate=False, force=True)

    # -- moving --------------------------------------------------------------------------

    def move_to(self, cursor: int) -> None:
        """Put the cursor on line `cursor`, as the Dealer's own move."""
        self.moved = True
        self.cursor = cursor

    def action_cursor(self, step: int) -> None:
        self.move_to(self.cursor + step)

    def action_page(self, direction: int) -> None:
        self.move_to(self.cursor + direction * max(1, self.scrollable_content_region.height
                                                   - 1))

    def action_first(self) -> None:
        self.move_to(0)

    def action_last(self) -> None:
        self.move_to(len(self.lines) - 1)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None:
            line = offset.y + int(self.scroll_offset.y)
            self.move_to(line)
            # a double click on a line is the mouse's Enter, as on any list
            if event.chain == 2 and line < len(self.lines):
                self.post_message(self.Chosen(self))

    # -- drawing -------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        index = y + int(self.scroll_offset.y)
        if self.campaign is None or not 0 <= index < len(self.lines):
            return Strip.blank(width, self.rich_style)
        text = self._text(self.campaign, index, width)
        text.truncate(width, overflow="ellipsis", pad=True)
        if index == self.cursor:
            text.stylize(self.get_component_rich_style("log-view--cursor"))
        segments = list(text.render(self.app.console))
        return Strip(Segment.apply_style(segments, self.rich_style), width)

    def _text(self, campaign: Campaign[Any], index: int, width: int) -> Text:
        line = self.lines[index]
        digits = len(str(max(len(campaign.events), self.lines[-1].seq)))
        if line.day:  # under the session's heading, where the events' times begin
            title = f"{' ' * (digits + 2)}┄┄ {self.index.heading(campaign, self.lines, index)} "
            return Text(title.ljust(width, "┄"),
                        style=self.get_component_rich_style("log-view--day"), end="")
        if line.is_heading:
            title = f"── {self.index.heading(campaign, self.lines, index)} "
            look = "log-view--left-out" if line.left_out else "log-view--heading"
            return Text(title.ljust(width, "─"), style=self.get_component_rich_style(look),
                        end="")
        event = event_at(campaign, line.seq)
        marker = "▶" if line.seq == self.replayed else " "
        text = Text(end="", no_wrap=True)
        text.append(f"{marker}{event.seq:>{digits}} {event.at:%H:%M} ",
                    style=self.get_component_rich_style("log-view--seq"))
        # journal text is plain text, never markup: Text() does not parse it
        words = Text(self.index.describe(campaign, line.seq), style=self._style_of(line),
                     end="")
        if self.words:  # escaped: what is searched for is text, not a pattern
            words.highlight_words(self.words, self.get_component_rich_style("log-view--match"),
                                  case_sensitive=False)
        text.append_text(words)
        return text

    def _struck_out(self, event: Event) -> bool:
        """Whether `event` is a note struck out (its line says so in the detail below)."""
        assert self.campaign is not None
        if event.kind != NOTE:
            return False
        fix = self.campaign.note_correction(event)
        return fix is not None and fix.data.get("struck") is True

    def _style_of(self, line: LogLine) -> Style:
        assert self.campaign is not None
        if ((self.replayed is not None and line.seq > self.replayed)
                or is_left_out(self.campaign, line.seq)):  # not in what the tabs show
            return self.get_component_rich_style("log-view--later")
        event = self.campaign.events[line.seq - 1]
        if self.campaign.is_undone(event) or self._struck_out(event):
            return self.get_component_rich_style("log-view--undone")
        if line.seq == self.replayed:
            return self.get_component_rich_style("log-view--replayed")
        return Style()
