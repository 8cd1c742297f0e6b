"""Documents that leave the screen show what was typed exactly, in every format."""

from __future__ import annotations

import html
import re

from hypothesis import given
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from rich.cells import cell_len

from gmscreen.journal.document import (
    Document,
    Heading,
    Items,
    Paragraph,
    Table,
    bbcode_literal,
    md_literal,
    render,
)

HOSTILE = ["[/noparse][b]bold[/b]", "[/NOPARSE]shout", "two  spaces ", "===", "    code?",
           "&amp;", "*not em*", "# not a heading",
           "> not a quote", "1. not a list", "<script>x</script>", "a|b", "`tick`", "\\"]


def bbcode_shown(text: str) -> str:
    """What a forum shows for BBCode of [noparse] spans and plain tags: the spans' insides
    literally (the first end tag, in any case, closes a span), tags outside them dropped."""
    shown, rest = [], text
    while rest:
        opening = re.search(r"\[noparse\]", rest, flags=re.I)
        start = opening.start() if opening else -1
        if start < 0:
            shown.append(re.sub(r"\[/?[a-z*=0-9]+\]", "", rest, flags=re.I))
            break
        shown.append(re.sub(r"\[/?[a-z*=0-9]+\]", "", rest[:start], flags=re.I))
        closing = re.compile(r"\[/noparse\]", flags=re.I).search(rest, start + 9)
        assert closing is not None, "a span left open"
        end = closing.start()
        shown.append(rest[start + 9:end].replace("\u00a0", " "))
        rest = rest[end + 10:]
    return "".join(shown)


#: a CommonMark renderer, with GitHub's tables and strike-through as Discord and GitHub have
RENDERER = MarkdownIt("commonmark").enable(["table", "strikethrough"])


def md_shown(text: str) -> str:
    """What a CommonMark renderer shows for `text`, as a paragraph's text: the HTML it makes
    read back (a line break as a new line, a no-break space as a space)."""
    made = RENDERER.render(text).strip()
    if not made:
        return ""
    assert made.startswith("<p>") and made.endswith("</p>"), made  # one paragraph only
    inner = made.removeprefix("<p>").removesuffix("</p>").replace("<br />\n", "\n")
    assert "<" not in inner, made  # no tag of any kind: no emphasis, link, code or break
    return html.unescape(inner).replace("\u00a0", " ")


def test_hostile_text_shows_as_typed_in_bbcode_and_markdown() -> None:
    for typed in [*HOSTILE, "\tand a tab", "trailing  ", "a  b   c"]:
        seen = typed.replace("\t", " ")  # a tab is a space
        assert bbcode_shown(bbcode_literal(typed)) == seen, typed
        assert md_shown(md_literal(typed)) == seen, typed
    assert md_literal("===") == "\\==="
    # what means nothing to a renderer stays bare, so the file reads as written
    assert md_literal("Zeke's goal: the jail, at noon?") == "Zeke's goal: the jail, at noon?"
    assert md_literal("    code?").startswith("&nbsp;" * 4)


@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zs", "Zl", "Zp"))
               | st.sampled_from(" \n-+=1.)*_#>[]<&|~`\\!:"),
               max_size=40))
def test_any_text_round_trips_through_bbcode_and_markdown(typed: str) -> None:
    assert bbcode_shown(bbcode_literal(typed)) == typed
    # blank lines at a paragraph's ends are never drawn in Markdown: they are left out
    assert md_shown(md_literal(typed)) == typed.strip("\n")


def test_a_document_in_each_format() -> None:
    document = Document("The Hanged Man: session 2", (
        Heading("At the table"), Items(("Zeke [b]", "Ma *Barker*")),
        Paragraph("Zeke takes 2 Chips <3", lead="Conflict 1."),
        Table(("Who", "Chips"), (("Zeke", "5"),)),
    ))
    md = render(document, "md")
    assert md.startswith("# The Hanged Man: session 2\n") and "**Conflict 1.** " in md
    assert "- Ma \\*Barker\\*" in md and "| Zeke | 5 |" in md
    bb = render(document, "bbcode")
    assert "[*][noparse]Zeke [b][/noparse]" in bb and "[td][noparse]5[/noparse][/td]" in bb
    page = render(document, "html")
    assert "Zeke takes 2 Chips &lt;3" in page and "<li>Zeke [b]</li>" in page
    assert html.unescape(page).count("<script>") == 0
    txt = render(document, "txt")
    assert "Conflict 1.\nZeke takes 2 Chips <3" in txt and "Who   Chips" in txt
    assert render(Document("Esc\x1b[2J", ()), "txt").startswith("Esc␛[2J")


def test_a_plain_text_recap_counts_wide_letters_as_two_columns() -> None:
    # an emoji in a name takes two columns of a terminal: its table row and the title's
    # rule came out one column short
    txt = render(Document("Posse 🐎", (Table(("Who", "Chips", "Devil"),
                                              (("Zeke 🐎", "5", "2"), ("Jim Harris", "3", "1"))),)),
                 "txt").splitlines()
    title, rule = txt[0], txt[1]
    assert cell_len(rule) == cell_len(title)
    heading, zeke, jim = (next(line for line in txt if line.startswith(name))
                          for name in ("Who", "Zeke", "Jim"))
    for column, cells in (("Chips", ("5", "3")), ("Devil", ("2", "1"))):
        starts = {cell_len(heading[:heading.index(column)]),
                  cell_len(zeke[:zeke.rindex(cells[0])]), cell_len(jim[:jim.rindex(cells[1])])}
        assert len(starts) == 1, (column, txt)
