"""The readable name of an event's kind, for the Encounter Log's filter, its search and
`gmscreen log --kind`: "dust_devils.cards_dealt" reads "Cards dealt", "clock.ticked" "Clock
ticked", "note" "Note".

A game's kinds begin with the game's own prefix, which tells a Dealer playing that game
nothing, so it is dropped; the journal's own kinds, the same in every game, are named here
or keep their prefix where it is a word of the name (a clock's)."""

from __future__ import annotations

from gmscreen.journal import clocks, freeroll
from gmscreen.journal.events import NOTE, NOTE_CORRECTED, REDO, SESSION_END, SESSION_START, UNDO
from gmscreen.journal.payload import given_name

_JOURNAL_NAMES = {
    SESSION_START: "Session begun",
    SESSION_END: "Session ended",
    NOTE: "Note",
    NOTE_CORRECTED: "Note corrected",
    UNDO: "Undo",
    REDO: "Redo",
    f"{freeroll.KINDS.prefix}rolled": "Free roll",
    f"{freeroll.KINDS.prefix}drew": "Free draw",
}
#: prefixes that are a word of the kind's name
_SPOKEN_PREFIXES = (clocks.KINDS.prefix,)
#: words of a kind's id written otherwise in its name
_WORDS = {"npc": "NPC", "xp": "XP"}


def kind_name(kind: str) -> str:
    """The kind as a Dealer would call it: the name its game gave it, else its own words,
    capitalised, without the game."""
    named = _JOURNAL_NAMES.get(kind) or given_name(kind)
    if named is not None:
        return named
    words = kind if kind.startswith(_SPOKEN_PREFIXES) else kind.partition(".")[2] or kind
    text = " ".join(_WORDS.get(word, word) for word in words.replace(".", " ")
                    .replace("_", " ").split())
    return text[:1].upper() + text[1:]


def kinds_by_name(kinds: set[str] | frozenset[str]) -> list[tuple[str, str]]:
    """(name, kind) for each kind, sorted by name; two kinds of the same name (a game's
    and the journal's, say) are told apart by their ids."""
    named = [(kind_name(kind), kind) for kind in kinds]
    counts: dict[str, int] = {}
    for name, _ in named:
        counts[name] = counts.get(name, 0) + 1
    return sorted(((f"{name} ({kind})" if counts[name] > 1 else name, kind)
                   for name, kind in named), key=lambda pair: (pair[0].casefold(), pair[1]))
