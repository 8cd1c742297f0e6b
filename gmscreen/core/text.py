"""Text from a journal or a player, made safe to show and checked when typed.

TOML lets a string hold any character, and a terminal obeys the control characters among
them: an escape sequence in a character's name could turn a table red, clear the screen or
retitle the window, and a bidi override could show a name backwards. `visible` shows each
such character as a visible stand-in instead (the C0 controls as their Unicode control
pictures, ␛ for escape; the others as �), keeping newlines and tabs unless told not to.
`controls_in` finds them, for refusing them where a name or a note is typed; `unseen_in`
finds the characters that take no room at all, for refusing them in a name, where "Ann" and
"Ann" with a zero-width space after it would read as one person and count as two.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

#: C0 and C1 controls and DEL, and the bidi marks, embeddings, overrides and isolates
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_KEPT = frozenset("\n\t")


def _stand_in(found: re.Match[str]) -> str:
    code = ord(found.group())
    if code < 0x20:
        return chr(0x2400 + code)
    if code == 0x7F:
        return "\u2421"
    return "\ufffd"


def visible(text: str, *, lines: bool = True) -> str:
    """`text` with every control character shown as a visible stand-in; newlines and tabs
    are kept when `lines` (a note's), shown too when not (a name, a one-line cell)."""
    if _CONTROLS.search(text) is None:
        return text
    return _CONTROLS.sub(lambda m: m.group() if lines and m.group() in _KEPT else _stand_in(m),
                         text)


def controls_in(text: str, *, lines: bool = False) -> list[str]:
    """The control characters in `text`, as "U+001B" (newlines and tabs allowed when
    `lines`)."""
    return [f"U+{ord(c):04X}" for c in _CONTROLS.findall(text)
            if not (lines and c in _KEPT)]


#: zero-width space, word joiner, zero-width no-break space (a byte-order mark): never meant in
#: a name; the zero-width joiners that make one emoji or letter of two are not among them
_UNSEEN = re.compile("[\u200b\u2060\ufeff]")


def unseen_in(text: str) -> list[str]:
    """The characters in `text` that take no room on the screen, as "U+200B"."""
    return [f"U+{ord(c):04X}" for c in _UNSEEN.findall(text)]


def reads_as(name: str) -> str:
    """A name as the table reads it, for telling whether two names are one: whatever its
    case, its spaces, its letters' wide or styled forms (NFKC: "Ｓｌｉｍ" is Slim) and the
    characters nobody sees (a zero-width space, a soft hyphen)."""
    seen = "".join(ch for ch in unicodedata.normalize("NFKC", name)
                   if unicodedata.category(ch) != "Cf")
    return " ".join(seen.casefold().split())


#: what may close a sentence after its stop: a quote ends “Second note.”
_CLOSERS = "\"'\u201d\u2019\u00bb"


def in_words(names: Iterable[str]) -> str:
    """Names as a sentence lists them: "Ann", "Ann and Bo", "Ann, Bo and Jake" ("" for
    none)."""
    *rest, last = [*names] or [""]
    return f"{', '.join(rest)} and {last}" if rest else last


def names_meant(names: Iterable[str], asked: str) -> list[str]:
    """The names `asked` stands for, as a Dealer types a name: the one it spells exactly;
    else the one it spells in any case; else every one holding each of its words ("zeke" is
    Zeke Munroe, "jack" every Jack); none where no name holds them."""
    known = sorted(set(names))
    if asked in known:
        return [asked]
    folded = asked.casefold()
    spelt = [name for name in known if name.casefold() == folded]
    return spelt or [name for name in known
                     if all(word in name.casefold() for word in folded.split())]


def names_went_by(name: str, renamed: Iterable[tuple[str, str]]) -> tuple[str, ...]:
    """Every name of the one called `name` (now or before), newest first, from the renames
    made (was, now), oldest first: the journal's events and notes may name any of them."""
    renames = list(renamed)
    for was, now in renames:
        if was == name:
            name = now
    names = [name]
    for was, now in reversed(renames):
        if now == names[-1]:
            names.append(was)
    return tuple(names)


def error_words(error: BaseException) -> str:
    """An error as a reader is told it after the Dealer's own words: its kind, and what it
    says where it says anything ("ValueError: no cards to make a hand of", "KeyError")."""
    said = str(error).strip()
    return f"{type(error).__name__}{': ' + said if said else ''}"


def sentence(line: str) -> str:
    """`line` as a sentence: given a full stop if it ends without one (a note typed without),
    a stop inside a closing quote counting as one."""
    return line if line.rstrip(_CLOSERS).endswith((".", "!", "?", "\u2026")) else f"{line}."


def sentences(lines: list[str]) -> str:
    """Lines as sentences in one line; lines in a row under one heading ("Session's end:
    Luke recovers 2 Guts", "Session's end: Jack stays at 0 Heart") share it: "Session's
    end: Luke recovers 2 Guts; Jack stays at 0 Heart.". A heading is a few words and no
    number: "Ann rolls 3: a success" twice is two rolls, not one."""
    told: list[tuple[str, list[str]]] = []
    for line in lines:
        heading, colon, rest = line.partition(": ")
        if colon and (len(heading.split()) > 3 or any(c.isdigit() for c in heading)):
            heading, colon = "", ""
        if colon and told and told[-1][0] == heading:
            told[-1][1].append(rest.rstrip("."))
        elif colon:
            told.append((heading, [rest.rstrip(".")]))
        else:
            told.append(("", [line]))
    return " ".join(sentence(f"{heading}: {'; '.join(parts)}" if heading else parts[0])
                    for heading, parts in told)


def plural(n: int, word: str, words: str = "") -> str:
    """ "1 die", "3 dice": `n` and the word for that many (`words`, where adding an s is
    not it)."""
    return f"{n} {word if abs(n) == 1 else words or word + 's'}"


def plural_word(n: int, word: str, words: str = "") -> str:
    """The word for `n` of a thing, without the number: `plural`'s choice where the sentence
    names the things instead ("the posts “Day 2”, “Day 2: a lynch”")."""
    return plural(n, word, words).split(" ", 1)[1]


def quoted(typed: str) -> str:
    """Typed text as a refusal quotes it, as typed: in single quotes, or double ones where it
    holds an apostrophe, or curly ones where it holds both (`repr` put a backslash into
    "O'Neil \"Red\"", which no one typed)."""
    if "'" not in typed:
        return f"'{typed}'"
    return f'"{typed}"' if '"' not in typed else f"\u201c{typed}\u201d"
