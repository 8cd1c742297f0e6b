"""The glossary: the words a Dealer reads on the screens, each with what it means.

gmscreen's own words (the journal, undo, replay...) are in `glossary.toml` beside this
module; each game's words (its attributes, its steps, the abbreviations its tables use) in
its package's `glossary.toml`. The help screen lists them and searches them; a test checks
that every column heading and abbreviation a tab shows has an entry.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class Word:
    """A word, what it means, and the short forms a screen writes it as."""

    word: str
    means: str
    short: tuple[str, ...] = ()


@cache
def words_of(package: str) -> tuple[Word, ...]:
    """The words in `package`'s glossary.toml (none when it has none). A damaged glossary is
    a bug of ours, not the Dealer's: it raises, and the tests find it."""
    try:
        text = resources.files(package).joinpath("glossary.toml").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return ()
    table = tomllib.loads(text)
    return tuple(Word(str(w["word"]), str(w["means"]), tuple(str(s) for s in w.get("short", ())))
                 for w in table.get("word", ()))


def gmscreens_words() -> tuple[Word, ...]:
    return words_of("gmscreen")


def find(words: tuple[Word, ...], text: str) -> Word | None:
    """The entry for `text`: its word or one of its short forms, any case."""
    low = text.strip().lower()
    return next((w for w in words if low == w.word.lower()
                 or low in (s.lower() for s in w.short)), None)
