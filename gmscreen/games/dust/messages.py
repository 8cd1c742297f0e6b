"""Posts and private messages as text ready to paste into a forum: BBCode, Markdown or plain
text.

Player names and notes are the players' own text and may hold anything; whatever they typed
shows as typed in every format, by the journal's literals (`gmscreen.journal.document`): in
BBCode a line that holds a square bracket sits in [noparse] (a line without one holds no
tag to keep from working, and reads better without it), and the spaces a forum would fold
are no-break spaces; in Markdown every punctuation mark is escaped; plain text is the text
itself. Every format shows a control character as a visible
stand-in, never as itself.
"""

from __future__ import annotations

from typing import Literal

from gmscreen.games.dust.state import Message, Post
from gmscreen.journal.document import literal

#: the formats a post is copied in
Export = Literal["bbcode", "md", "txt"]


def _typed(text: str, fmt: Export) -> str:
    made = literal(text, fmt)
    if fmt == "bbcode" and "[" not in text and "]" not in text:
        # no tag to keep from working: the literal's text (its spaces kept) without the
        # [noparse] around it, to read well when pasted
        return made.removeprefix("[noparse]").removesuffix("[/noparse]")
    return made


def _bold(text: str, fmt: Export) -> str:
    return f"[b]{text}[/b]" if fmt == "bbcode" else f"**{text}**"


def post_text(post: Post, fmt: Export) -> str:
    """A post for the thread: its title in bold, then each line, a paragraph apart."""
    if fmt == "txt":
        return literal("\n".join([post.title, *post.lines]), fmt)
    return "\n\n".join([_bold(_typed(post.title, fmt), fmt),
                        *(_typed(line, fmt) for line in post.lines)])


def message_text(message: Message, fmt: Export) -> str:
    """A private message, headed with when and to whom (plain: to whom)."""
    if fmt == "txt":
        return literal("\n".join([f"To {message.player}:", *message.lines]), fmt)
    title = _bold(_typed(f"{message.when}: to {message.player}", fmt), fmt)
    # a BBCode line break is a line break; Markdown needs a blank line between paragraphs
    return ("\n" if fmt == "bbcode" else "\n\n").join(
        [title, *(_typed(line, fmt) for line in message.lines)])

