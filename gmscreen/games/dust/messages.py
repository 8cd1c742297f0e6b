"""Posts and private messages as text ready to paste into a forum: BBCode, Markdown or
plain text.

Player names and notes are the players' own text and may hold anything; whatever they typed
must show exactly as typed, in every format:

- Markdown: every ASCII punctuation mark is escaped with a backslash (CommonMark lets any of
  them be), so no `*`, `_`, `#`, `>`, `=`, `-`, `&amp;` or `<b>` turns into formatting, a
  heading, a rule, an entity or HTML; a line break inside a text is a hard break.
- BBCode: a line with a square bracket is wrapped in [noparse] (the forum tag that shows its
  inside as it is, up to the first [/noparse] in any case); a "[/noparse]" the player typed
  is cut in two between two wrappers, so it can never end the wrapper early.
- Both: the spaces a browser would drop or merge (at either end of a line, or two and more
  in a row, or a tab, which would also start a Markdown code block) are no-break spaces.
- Plain text is the text itself.
- Every format: a control character is shown as a visible stand-in (`core.text.visible`),
  never sent to the terminal or the forum as it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gmscreen.core.text import visible
from gmscreen.games.dust.state import NO_LYNCH, DustState, Message, Post

_MARKDOWN_SPECIAL = re.compile(r"([!-/:-@\[-`{-~])")
#: a space a browser would drop or merge: at either end of a line, or beside another
_LOOSE_SPACE = re.compile(r"(?<!\S) | (?!\S)")
_NOPARSE_END = re.compile(r"\[/(?=noparse\])", re.IGNORECASE)


def _keep_spaces(text: str) -> str:
    """The spaces a browser would drop or merge, as no-break spaces; a tab shows as one."""
    return _LOOSE_SPACE.sub("\xa0", visible(text).replace("\t", " "))


def markdown_text(text: str) -> str:
    # a no-break space as an entity: some Markdown engines trim the character itself
    lines = [_MARKDOWN_SPECIAL.sub(r"\\\1", _keep_spaces(line)).replace("\xa0", "&nbsp;")
             for line in text.split("\n")]
    return "\\\n".join(lines)


def bbcode_text(text: str) -> str:
    text = _keep_spaces(text)
    if "[" in text or "]" in text:
        return f"[noparse]{_NOPARSE_END.sub('[/[/noparse][noparse]', text)}[/noparse]"
    return text


def post_bbcode(post: Post) -> str:
    return "\n\n".join([f"[b]{bbcode_text(post.title)}[/b]", *map(bbcode_text, post.lines)])


def post_markdown(post: Post) -> str:
    return "\n\n".join([f"**{markdown_text(post.title)}**", *map(markdown_text, post.lines)])


def post_plain(post: Post) -> str:
    return visible("\n".join([post.title, *post.lines]))


def message_bbcode(message: Message) -> str:
    title = f"{message.when}: to {message.player}"
    return "\n".join([f"[b]{bbcode_text(title)}[/b]", *map(bbcode_text, message.lines)])


def message_markdown(message: Message) -> str:
    title = f"{message.when}: to {message.player}"
    return "\n\n".join([f"**{markdown_text(title)}**", *map(markdown_text, message.lines)])


def message_plain(message: Message) -> str:
    return visible("\n".join([f"To {message.player}:", *message.lines]))


def night_messages(messages: Sequence[Message], when: str) -> list[Message]:
    """The private messages sent at one moment ("Night 2"), in the order they were sent."""
    return [m for m in messages if m.when == when]


def vote_count(state: DustState) -> Post:
    """Today's votes as a post for the thread: each wagon with its voters in the order they
    voted, the most votes first, then who has not voted."""
    lines = [f"{len(state.living)} alive; {state.majority} votes lynch."]
    for target, voters in sorted(state.tally().items(), key=lambda kv: -len(kv[1])):
        name = "No lynch" if target == NO_LYNCH else target
        lines.append(f"{name} ({len(voters)}): {', '.join(voters)}")
    silent = [p.name for p in state.living if p.name not in dict(state.votes)]
    lines.append(f"Not voting ({len(silent)}): {', '.join(silent) or 'nobody'}")
    return Post(f"Vote count, Day {state.number}", tuple(lines))
