"""Documents that leave the screen (recaps, posts): a title and blocks, written out as plain
text, Markdown, BBCode or HTML, with whatever a player or the Dealer typed shown exactly as
typed in every format.

Each format has its traps, and each is closed here, once for every game:

- Markdown: the marks that mean something to a renderer are backslash-escaped (`*`, `_`,
  `#`, `>`, `[`, `<`, `&`, `|`, `~`, a backtick, the backslash; and at a line's start the
  marks of lists and headings, `-`, `+`, `=` and a number's `.` or `)`), so `*not em*`, a
  line of `===` or `&amp;` stay what they are, while commas, colons and apostrophes stay
  bare and the text reads as written in a Discord or a file; spaces a renderer would trim
  or fold (at a line's ends, or two and more) become `&nbsp;`, so four of them never start
  a code block; a line break stays a line break (a backslash at the end of the line).
- BBCode: typed text sits inside `[noparse]`; a `[/noparse]` typed into it (in any case)
  is cut between two `[noparse]` spans, so it shows as typed instead of ending the
  wrapper; spaces a forum would fold (a line's ends, runs) are no-break spaces.
- A tab is a space in both.
- HTML: escaped (`&`, `<`, `>`, quotes), line breaks as `<br>`.
- Every format: control characters shown as visible stand-ins (core/text.py).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rich.cells import cell_len

from gmscreen.core.text import visible

Format = Literal["md", "txt", "bbcode", "html"]
FORMATS: tuple[Format, ...] = ("md", "txt", "bbcode", "html")


@dataclass(frozen=True)
class Heading:
    text: str


@dataclass(frozen=True)
class Paragraph:
    text: str
    #: a few words set in bold at its start ("Conflict 2.")
    lead: str = ""


@dataclass(frozen=True)
class Items:
    items: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


Block = Heading | Paragraph | Items | Table


@dataclass(frozen=True)
class Document:
    title: str
    blocks: tuple[Block, ...]


# -- literal text in each format ----------------------------------------------------------------

#: marks that mean something anywhere in a line (GitHub's tables and strike-through too)
_MARKS = re.compile(r"([\\`*_\[\]<>#!|~&])")
#: marks that start a list, a heading underline or a break at a line's start
_LINE_START = re.compile(r"^([-+=])|^(\d+)([.)])")
_NOPARSE_END = re.compile(r"\[/(?=noparse\])", re.IGNORECASE)
#: spaces at a line's start or end, and runs of two or more
_KEPT_SPACES = re.compile(r"^ +| +$| {2,}")


def md_literal(text: str) -> str:
    """`text` as Markdown that renders exactly as typed."""
    lines = []
    # a paragraph's blank lines at either end are not drawn by any renderer (a break there
    # would show as a stray backslash): they go
    for line in visible(text).replace("\t", " ").strip("\n").split("\n"):
        escaped = _LINE_START.sub(lambda m: f"\\{m.group(1)}" if m.group(1)
                                  else f"{m.group(2)}\\{m.group(3)}",
                                  _MARKS.sub(r"\\\1", line))
        # a renderer trims a line's ends and folds runs of spaces (no-break characters
        # too, in some): spaces at the ends or beside another space become &nbsp;
        lines.append(_KEPT_SPACES.sub(lambda m: "&nbsp;" * len(m.group()), escaped))
    return "\\\n".join(lines)


def bbcode_literal(text: str) -> str:
    """`text` as BBCode that shows exactly as typed, whatever tags it holds: a typed
    "[/noparse]" (any case) is "[/" in a span closed by the real end tag, then the rest."""
    # a forum folds spaces as a web page does: those at a line's ends and in runs are kept
    # as no-break spaces (a tab as a space)
    kept = "\n".join(_KEPT_SPACES.sub(lambda m: "\u00a0" * len(m.group()), line)
                     for line in visible(text).replace("\t", " ").split("\n"))
    return "[noparse]" + _NOPARSE_END.sub("[/[/noparse][noparse]", kept) + "[/noparse]"


def html_literal(text: str) -> str:
    return html.escape(visible(text)).replace("\n", "<br>\n")


def literal(text: str, fmt: Format) -> str:
    if fmt == "md":
        return md_literal(text)
    if fmt == "bbcode":
        return bbcode_literal(text)
    if fmt == "html":
        return html_literal(text)
    return visible(text)


# -- documents ----------------------------------------------------------------------------------


def render(document: Document, fmt: Format) -> str:
    """The document in `fmt`: "md", "txt", "bbcode" or "html"."""
    if fmt == "html":
        return _html(document)
    out = [_title(document.title, fmt), ""]
    for block in document.blocks:
        out.extend(_block(block, fmt))
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _title(text: str, fmt: Format) -> str:
    if fmt == "md":
        return f"# {md_literal(text)}"
    if fmt == "bbcode":
        return f"[size=150][b]{bbcode_literal(text)}[/b][/size]"
    shown = visible(text, lines=False)
    return f"{shown}\n{'=' * cell_len(shown)}"


def _block(block: Block, fmt: Format) -> list[str]:
    if isinstance(block, Heading):
        if fmt == "md":
            return [f"## {md_literal(block.text)}"]
        if fmt == "bbcode":
            return [f"[b]{bbcode_literal(block.text)}[/b]"]
        shown = visible(block.text, lines=False)
        return [shown, "-" * len(shown)]
    if isinstance(block, Paragraph):
        lead = ""
        if block.lead:
            lead = {"md": f"**{md_literal(block.lead)}** ",
                    "bbcode": f"[b]{bbcode_literal(block.lead)}[/b] "}.get(
                fmt, f"{visible(block.lead, lines=False)}\n")  # plain text: a line of its own
        return [lead + literal(block.text, fmt)]
    if isinstance(block, Items):
        if fmt == "bbcode":
            return ["[list]", *(f"[*]{bbcode_literal(i)}" for i in block.items), "[/list]"]
        return [f"- {literal(i, fmt)}" for i in block.items]
    return _table(block, fmt)


def _table(table: Table, fmt: Format) -> list[str]:
    if fmt == "md":
        def row(cells: Sequence[str]) -> str:
            return "| " + " | ".join(md_literal(c).replace("|", "\\|") for c in cells) + " |"
        return [row(table.columns), "| " + " | ".join("---" for _ in table.columns) + " |",
                *(row(r) for r in table.rows)]
    if fmt == "bbcode":
        def cells(row: Sequence[str], tag: str) -> str:
            return "[tr]" + "".join(f"[{tag}]{bbcode_literal(c)}[/{tag}]" for c in row) + "[/tr]"
        return ["[table]", cells(table.columns, "th"), *(cells(r, "td") for r in table.rows),
                "[/table]"]
    shown = [[visible(c, lines=False) for c in row] for row in (table.columns, *table.rows)]
    # in a terminal's columns: a wide letter (an emoji, a CJK name) takes two
    widths = [max(cell_len(row[i]) for row in shown) for i in range(len(table.columns))]
    lines = ["  ".join(c + " " * (w - cell_len(c)) for c, w in zip(row, widths, strict=True))
             .rstrip()
             for row in shown]
    return [lines[0], "  ".join("-" * w for w in widths), *lines[1:]]


def _html(document: Document) -> str:
    out = ["<!doctype html>", '<html><head><meta charset="utf-8">',
           f"<title>{html_literal(document.title)}</title></head>",
           '<body style="white-space: normal">', f"<h1>{html_literal(document.title)}</h1>"]
    for block in document.blocks:
        if isinstance(block, Heading):
            out.append(f"<h2>{html_literal(block.text)}</h2>")
        elif isinstance(block, Paragraph):
            lead = f"<strong>{html_literal(block.lead)}</strong> " if block.lead else ""
            out.append(f'<p style="white-space: pre-wrap">{lead}{html_literal(block.text)}</p>')
        elif isinstance(block, Items):
            out.append("<ul>" + "".join(f"<li>{html_literal(i)}</li>" for i in block.items)
                       + "</ul>")
        else:
            head = "".join(f"<th>{html_literal(c)}</th>" for c in block.columns)
            body = "".join("<tr>" + "".join(f"<td>{html_literal(c)}</td>" for c in row)
                           + "</tr>" for row in block.rows)
            out.append(f"<table><tr>{head}</tr>{body}</table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
