"""Posts and private messages as text ready to paste into a forum: BBCode or Markdown.

Player names and notes are the players' own text and may hold brackets, asterisks or
underscores. In Markdown those are escaped with a backslash; in BBCode a line with a square
bracket is wrapped in [noparse] (the usual forum tag that shows its content as it is), so a
player named "[b]Ike" can never turn the rest of a post bold.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gmscreen.games.dust.state import NO_LYNCH, DustState, Message, Post

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~])")


def markdown_text(text: str) -> str:
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def bbcode_text(text: str) -> str:
    if "[" in text or "]" in text:
        return f"[noparse]{text}[/noparse]"
    return text


def post_bbcode(post: Post) -> str:
    return "\n\n".join([f"[b]{bbcode_text(post.title)}[/b]", *map(bbcode_text, post.lines)])


def post_markdown(post: Post) -> str:
    return "\n\n".join([f"**{markdown_text(post.title)}**", *map(markdown_text, post.lines)])


def message_bbcode(message: Message) -> str:
    title = f"{message.when}: to {message.player}"
    return "\n".join([f"[b]{bbcode_text(title)}[/b]", *map(bbcode_text, message.lines)])


def message_markdown(message: Message) -> str:
    title = f"{message.when}: to {message.player}"
    return "\n\n".join([f"**{markdown_text(title)}**", *map(markdown_text, message.lines)])


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
