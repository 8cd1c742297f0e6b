"""F1's words of one Dust campaign: the shipped glossary's, where each role, item and place
of the book has an entry in its tables' words (`role_means`, `item_means`, `place_means`;
a test keeps the glossary and `tables/*.toml` alike), with the entry of a role or an item
the moderator edited (`e` on the Characters tab) made from the campaign's own definition,
and an entry for each role or item he added: F1 told the book's power after he changed it.
"""

from __future__ import annotations

from gmscreen.games.dust.powers import (
    ItemDef,
    LocationDef,
    RoleDef,
    book_items,
    book_roles,
    power_card,
)
from gmscreen.games.dust.state import DustState
from gmscreen.glossary import Word, words_of

#: said after an entry made from the campaign's own definition
EDITED = "As defined in this game, not the book's."


def item_means(item: ItemDef) -> str:
    """An item's entry: its uses, whether it can be given, what it does, each power."""
    held = (f", {item.uses} uses a copy" if item.uses > 1 else "") + (
        "; it cannot be given away" if not item.tradeable else "")
    cards = " ".join(f"{power_card(p)}" for p in item.powers)
    return f"An item{held}. {item.text} {cards}"


def role_means(role: RoleDef) -> str:
    """A role's entry: its side and false claim, what it is, each power (ours said)."""
    claim = f", whose false claim is the {role.claim}" if role.claim else ""
    cards = " ".join(power_card(p) for p in role.powers)
    ours = "Its power here is ours (the book names the role only):" if role.default_powers \
        else ""
    return " ".join(filter(None, (f"A {role.alignment.upper()} role{claim}.", role.said, ours,
                                  cards)))


def place_means(place: LocationDef) -> str:
    """A place's entry: the nights it is open, its stock as the book gives it."""
    nights = (f"nights {place.opens} to {place.closes - 1} (closed from night {place.closes})"
              if place.closes else f"night {place.opens} and every night after")
    return (f"A place to scavenge, open on {nights}. As the book stocks it, the first found "
            f"first: {', '.join(place.entries)}. The Characters tab's Lists step shows what "
            "is left.")


def campaign_words(state: DustState) -> tuple[Word, ...]:
    """The glossary as this campaign has it: the shipped words, each role's and item's
    entry following the campaign's definition where it is not the book's (either reading
    of Guilt is the book's), then the entries of the roles and items the book lacks."""
    shipped = words_of("gmscreen.games.dust")
    books_roles = {*book_roles(), *book_roles(godfather_reads_town=True)}
    books_items = set(book_items())
    own: dict[str, str] = {}
    for role in state.roles:
        if role not in books_roles:
            own[role.name] = f"{role_means(role)} {EDITED}"
    for item in state.items:
        if item not in books_items:
            own[item.name] = f"{item_means(item)} {EDITED}"
    words = tuple(Word(w.word, own.pop(w.word), w.short) if w.word in own else w
                  for w in shipped)
    return words + tuple(Word(name, means) for name, means in own.items())
