"""Help on one key (F1 or ?): the keys of the tab shown, the keys that work everywhere, and
the words of the game and of gmscreen with what they mean, searched as you type. Escape,
F1 or ? closes it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Input, Label

from gmscreen.glossary import Word, gmscreens_words
from gmscreen.ui.dialog import Dialog
from gmscreen.ui.in_order import InOrderInput
from gmscreen.ui.keymap import set_keys, shown_key
from gmscreen.ui.sections import RowTable

_TAB_KEY = re.compile(r"Tab \d")


@dataclass(frozen=True)
class Entry:
    """One line of help: a key or a word, and what it does or means."""

    key: str
    means: str
    #: the key by the name it is typed in ("ctrl+o" where `key` shows "^o"), for the search
    named: str = ""


@dataclass(frozen=True)
class Part:
    """A heading and its entries ("This tab: Conflict", "Everywhere", "Words of ...")."""

    heading: str
    entries: tuple[Entry, ...]


def keys_part(heading: str, bindings: Iterable[object], app: App[Any]) -> Part:
    """The keys among `bindings` that have a description, as the footer writes them."""
    bindings = list(bindings)
    entries: list[Entry] = []
    seen: set[tuple[str, str]] = set()
    tabs = False
    for binding in bindings:
        if not isinstance(binding, Binding) or not binding.description:
            continue
        if _TAB_KEY.fullmatch(binding.description):
            tabs = True  # the nine digits are said once, below
            continue
        key = shown_key(app, binding)
        if (key, binding.description) in seen:
            continue
        seen.add((key, binding.description))
        means = binding.description + (f": {binding.tooltip}" if binding.tooltip else "")
        entries.append(Entry(key, means, " ".join(set_keys(app, binding))))
    if tabs:
        keyed = [b for b in bindings if isinstance(b, Binding) and b.description
                 and _TAB_KEY.fullmatch(b.description)]
        if any(b.id in app._keymap for b in keyed):  # the Dealer's own keys, in order
            entries.append(Entry(" ".join(shown_key(app, b) for b in keyed),
                                 "Show that tab, in order (each tab's title starts with "
                                 "its key)"))
        else:
            entries.append(Entry("1 to 9", "Show that tab (each tab's title starts with "
                                 "its number)"))
    return Part(heading, tuple(entries))


def words_part(heading: str, words: Iterable[Word]) -> Part:
    """Each word with the short forms a screen writes it as, but those that only add to it
    ("Rending (1)" beside Rending read "Rending (Rending (1))"); the search still finds them."""
    def heading_of(w: Word) -> str:
        others = [s for s in w.short if not s.lower().startswith(w.word.lower())]
        return w.word + (f" ({', '.join(others)})" if others else "")

    return Part(heading, tuple(Entry(heading_of(w), w.means, " ".join(w.short))
                               for w in words))


#: a part's key column at its widest (longer words wrap in it)
_KEY_WIDEST = 22
#: the dialog's widest, and what its border and padding take of it
_WIDEST, _FRAME = 110, 4


class HelpLine:
    """One entry as the help draws it: the key (or word) in a column as wide as the longest
    of its part's, what it means wrapped beside it. A part of one-letter keys gave them the
    glossary's 22 columns, and at 80 columns every meaning took two rows. Read as a string,
    the key and what it means."""

    def __init__(self, entry: Entry, key_width: int) -> None:
        self.entry = entry
        self.key_width = key_width

    def __str__(self) -> str:
        return f"{self.entry.key} {self.entry.means}"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=self.key_width, style="bold")
        grid.add_column(ratio=1)
        grid.add_row(Text(self.entry.key), Text(self.entry.means))
        yield grid

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.key_width + 3, options.max_width)


def key_width(part: Part, widest: int) -> int:
    """The key column of `part`: its longest key or word, at most `widest` (longer ones
    wrap in it)."""
    return min(widest, max((cell_len(entry.key) for entry in part.entries), default=1))


class HelpScreen(Dialog[None]):
    """The help; `parts` come from the screen it was opened over."""

    #: the keyboard starts there (Textual's own first focus, moved after, restyled the
    #: whole dialog twice)
    AUTO_FOCUS = "#help-search"

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical {
        width: 110; max-width: 100%; height: 100%; max-height: 100%;  /* _WIDEST */
        border: thick $primary; background: $surface; padding: 0 1;
    }
    HelpScreen #help-title { text-style: bold; color: $text-primary; }
    HelpScreen #help-search { margin-bottom: 1; }
    HelpScreen DataTable { height: 1fr; }
    HelpScreen #help-foot { color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1", "close", "Close", id="help.close"),
        *(Binding(key, f"move('{key}')", words, show=False, id=f"help.{key}")
          for key, words in (("down", "Down a line"), ("up", "Up a line"),
                             ("pagedown", "Down a page"), ("pageup", "Up a page"))),
    ]

    def __init__(self, title: str, parts: Sequence[Part]) -> None:
        super().__init__()
        self.title_text = title
        self.parts = list(parts)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.title_text), id="help-title")
            yield InOrderInput(placeholder="Search the keys and words (type a few letters)",
                               id="help-search", compact=True)
            yield RowTable(id="help-table", cursor_type="row", show_header=False)
            yield Label("escape closes · ↑↓ move · type to search", id="help-foot")

    def on_mount(self) -> None:
        self._columns()
        self.show_matching("")

    def _columns(self) -> None:
        """One column as wide as the table, each entry's key and meaning drawn in it, so
        each part has its own key column and a heading runs across the whole width; the
        meanings wrap in it, so none is cut at 80 columns. The width is the dialog's, from
        the screen's: the table is not measured yet as the help first shows, and the resize
        that would measure it does not always come."""
        table = self.query_one(DataTable)
        table.clear(columns=True)
        # the table is as wide as the dialog inside its border and padding; the column pads
        # a cell on both sides, and the scroll bar takes two
        room = min(_WIDEST, self.app.size.width) - _FRAME
        table.add_column("Key or word, and what it does or means", key="entry",
                         width=max(20, room - 4))

    def on_resize(self) -> None:
        self._columns()
        self.show_matching(self.query_one(Input).value)

    @on(Input.Changed, "#help-search")
    def _searched(self, event: Input.Changed) -> None:
        self.show_matching(event.value)

    def action_move(self, where: str) -> None:
        """Move down the list while the search box keeps the keyboard."""
        table = self.query_one(DataTable)
        {"down": table.action_cursor_down, "up": table.action_cursor_up,
         "pagedown": table.action_page_down, "pageup": table.action_page_up}[where]()

    def matching(self, search: str) -> list[Part]:
        """The parts with only the entries whose key or meaning holds `search`: in each,
        first those named by it, then those whose name begins with it, then those that only
        mention it ("rifle" finds Rifle before Slots and Large, which speak of rifles)."""
        low = search.strip().lower()
        if not low:
            return self.parts

        def rank(entry: Entry) -> int:
            names = [n.strip() for n in re.split(r"[(),]", f"{entry.key},{entry.named}".lower())]
            return 0 if low in names else 1 if any(n.startswith(low) for n in names) else 2

        found = [Part(p.heading, tuple(sorted(
            (e for e in p.entries
             if any(low in said.lower() for said in (e.key, e.named, e.means))), key=rank)))
            for p in self.parts]
        return [p for p in found if p.entries]

    def show_matching(self, search: str) -> None:
        table = self.query_one(DataTable)
        table.clear()
        parts = self.matching(search)
        for part in parts:
            table.add_row(Text(part.heading, style="bold"), height=None)
            width = key_width(part, _KEY_WIDEST)
            for entry in part.entries:
                table.add_row(HelpLine(entry, width), height=None)
        if not parts:
            table.add_row(Text(f"Nothing holds {search.strip()!r}."))

    def action_close(self) -> None:
        self.dismiss(None)


#: keys every Textual app answers that the shell's bindings do not list
_PALETTE = Entry("ctrl+p", "The command palette: type a few letters of anything the app can "
                 "do, and Enter does it (every tab's steps are there, under the tab's name)")


#: where a Dealer learns that the keys are theirs to choose
_OWN_KEYS = Entry("Your own keys", "Any key can be changed: `gmscreen keys`, in a terminal, "
                  "lists every key by its id, as lines to copy into the [keys] table of "
                  "settings.toml; the app reads them as it starts")


def help_for(app: App[Any], title: str, tab: str, tab_bindings: Iterable[object],
             everywhere: Iterable[object], game_words: Sequence[Word],
             palette: Iterable[tuple[str, str]] = (),
             other_tabs: Iterable[tuple[str, Iterable[object]]] = ()) -> HelpScreen:
    """The help for a tab: its keys, the keys that work everywhere, the keys of each of
    `other_tabs` (title and bindings: "fold" found from the Characters tab names the
    Conflict tab's `f`), the palette's commands of the whole app (`palette`: name and
    meaning; some have no key, as the recap), and the words of its game (`game_words`, as
    the campaign has them: `gmscreen.games.words_in`) and of gmscreen."""
    here = keys_part(f"This tab: {tab}", tab_bindings, app)
    anywhere = keys_part("Everywhere", everywhere, app)
    anywhere = Part(anywhere.heading, (*anywhere.entries, _PALETTE, _OWN_KEYS))
    others = [keys_part(f"The {other} tab", bindings, app) for other, bindings in other_tabs]
    commands = Part("Palette (ctrl+p)", tuple(Entry(*c) for c in palette))
    parts = [here, anywhere, *others, commands]
    if game_words:
        parts.append(words_part(f"Words of {title}", game_words))
    parts.append(words_part("Words of gmscreen", gmscreens_words()))
    return HelpScreen(f"Help: {title}", [p for p in parts if p.entries])
