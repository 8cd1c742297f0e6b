"""Documents that leave the screen show what was typed exactly, in every format."""

from __future__ import annotations

import html
import re

from hypothesis import given
from hypothesis import strategies as st

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

HOSTILE = ["[/noparse][b]bold[/b]", "===", "    code?", "&amp;", "*not em*", "# not a heading",
           "> not a quote", "1. not a list", "<script>x</script>", "a|b", "`tick`", "\\"]


def bbcode_shown(text: str) -> str:
    """What a forum shows for BBCode of [noparse] spans and plain tags: the spans' insides
    literally, tags outside them dropped."""
    shown, rest = [], text
    while rest:
        start = rest.find("[noparse]")
        if start < 0:
            shown.append(re.sub(r"\[/?[a-z*=0-9]+\]", "", rest))
            break
        shown.append(re.sub(r"\[/?[a-z*=0-9]+\]", "", rest[:start]))
        end = rest.find("[/noparse]", start + 9)
        shown.append(rest[start + 9:end])
        rest = rest[end + 10:]
    return "".join(shown)


def md_shown(text: str) -> str:
    """What CommonMark shows for our escaped text: escapes dropped, a backslash line end
    as a line break (leading no-break spaces show as the spaces they stand for)."""
    text = text.replace("\\\n", "\n")
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", text)


def as_seen(typed: str) -> str:
    """Typed text as a reader sees it: leading spaces are spaces, whichever kind."""
    return "\n".join("\u00a0" * (len(line) - len(line.lstrip(" "))) + line.lstrip(" ")
                     for line in typed.split("\n"))


def test_hostile_text_shows_as_typed_in_bbcode_and_markdown() -> None:
    for typed in HOSTILE:
        assert bbcode_shown(bbcode_literal(typed)) == typed, typed
        assert md_shown(md_literal(typed)) == as_seen(typed), typed
    assert "[/noparse][b]" not in bbcode_literal("[/noparse][b]bold[/b]").replace(
        "[noparse][/[/noparse]", "")
    assert md_literal("===") == "\\=\\=\\="
    assert md_literal("    code?").startswith("\u00a0" * 4)


@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs"))))
def test_any_text_round_trips_through_bbcode_and_markdown(typed: str) -> None:
    assert bbcode_shown(bbcode_literal(typed)) == typed
    assert md_shown(md_literal(typed)) == as_seen(typed)


def test_a_document_in_each_format() -> None:
    document = Document("The Hanged Man: session 2", (
        Heading("At the table"), Items(("Zeke [b]", "Ma *Barker*")),
        Paragraph("Zeke takes 2 Chips <3", lead="Conflict 1."),
        Table(("Who", "Chips"), (("Zeke", "5"),)),
    ))
    md = render(document, "md")
    assert md.startswith("# The Hanged Man\\: session 2\n") and "**Conflict 1\\.** " in md
    assert "- Ma \\*Barker\\*" in md and "| Zeke | 5 |" in md
    bb = render(document, "bbcode")
    assert "[*][noparse]Zeke [b][/noparse]" in bb and "[td][noparse]5[/noparse][/td]" in bb
    page = render(document, "html")
    assert "Zeke takes 2 Chips &lt;3" in page and "<li>Zeke [b]</li>" in page
    assert html.unescape(page).count("<script>") == 0
    txt = render(document, "txt")
    assert "Conflict 1. Zeke takes 2 Chips <3" in txt and "Who   Chips" in txt
    assert render(Document("Esc\x1b[2J", ()), "txt").startswith("Esc␛[2J")
