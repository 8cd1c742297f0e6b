"""Text wrapped between words, but never inside a run kept whole: a step's key and its
words on a Keys line, a heading and its cell on a table drawn as lines. A break inside one
reads as the start of the next ("... g morale, b" / "ammo, O optional rules"; "Made Full" /
"house · Result WON"). A run wider than the row alone still breaks between its words.

Rows break only at plain spaces: a game keeps words together (a name of three words in a
list of names) by joining them with no-break spaces (U+00A0), which Rich and Textual both
broke at."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, JustifyMethod, OverflowMethod, RenderResult
from rich.containers import Lines
from rich.measure import Measurement
from rich.text import Text

from gmscreen.journal.sections import names_found

#: a word and the spaces after it, or spaces alone (at a row's start): a no-break space
#: is part of a word
_CHUNK = re.compile(r"[^ \t]+[ \t]*|[ \t]+")

#: a run of a line kept on one row: (its first offset, the offset after it)
Run = tuple[int, int]


def wrap_kept(text: Text, width: int, kept: Sequence[Run], dropped: str = "") -> list[Text]:
    """The rows of `text` at `width`: each of its lines broken before a word that would not
    fit, each of the `kept` runs counted as one word; trailing spaces dropped, and
    `dropped` (a separator, " ·") where a row ends in it."""
    rows: list[Text] = []
    offset = 0
    for line in text.split("\n", allow_blank=True):
        end = offset + len(line)
        rows.extend(_wrap_line(line, width, [(max(first, offset) - offset, min(last, end) - offset)
                                             for first, last in kept
                                             if first < end and last > offset]))
        offset = end + 1
    if dropped:
        for row in rows:
            if row.plain.endswith(dropped):
                row.right_crop(len(dropped))
    return rows


def _wrap_line(line: Text, width: int, kept: Sequence[Run]) -> list[Text]:
    plain = line.plain
    words: list[Run] = []
    for match in _CHUNK.finditer(plain):
        start, end = match.span()
        inside = any(first < start < last for first, last in kept)
        if inside and words and cell_len(plain[words[-1][0]:end].rstrip()) <= width:
            words[-1] = (words[-1][0], end)
        else:
            words.append((start, end))
    breaks: list[int] = []
    used = 0
    for start, end in words:
        if used and used + cell_len(plain[start:end].rstrip()) > width:
            breaks.append(start)
            used = 0
        used += cell_len(plain[start:end])
    rows = list(line.divide(breaks))
    for row in rows:
        row.rstrip()
    return rows


class KeptWhole:
    """A renderable of text that wraps as `wrap_kept` does, at the width it is given (its
    `dropped` too)."""

    def __init__(self, line: Text, kept: Sequence[Run], dropped: str = "") -> None:
        self.line = line
        self.kept = tuple(kept)
        self.dropped = dropped

    def __str__(self) -> str:
        return self.line.plain

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n").join(wrap_kept(self.line, options.max_width, self.kept, self.dropped))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.line)


class WholeWords(Text):
    """Text that wraps at plain spaces only, wherever Rich draws it (a table's cell): a
    name kept whole with no-break spaces stays on one row ("Reverend" / "Ike" in a wagon of
    voters)."""

    def wrap(self, console: Console, width: int, *, justify: JustifyMethod | None = None,
             overflow: OverflowMethod | None = None, tab_size: int = 8,
             no_wrap: bool | None = None) -> Lines:
        if no_wrap or self.no_wrap:
            return super().wrap(console, width, justify=justify, overflow=overflow,
                                tab_size=tab_size, no_wrap=no_wrap)
        return Lines(wrap_kept(self, width, self.kept()))

    def kept(self) -> Sequence[tuple[int, int]]:
        """The runs (start, end) never broken inside, besides words joined by no-break
        spaces: none here; a subclass names its own (a cell of marks, each kept whole)."""
        return ()


def names_kept(text: Text, names: Iterable[str]) -> KeptWhole:
    """`text` wrapped at plain spaces, never inside one of `names` nor between a name and
    the count just after it (`sections.names_found`): for a tab's line of names, which
    Textual wraps at any space. The text keeps its own spaces (runs are kept, not
    rewritten), so a test reads it as written."""
    found = names_found(names)
    return KeptWhole(text, [m.span() for m in found.finditer(text.plain)] if found else [])
