"""F1 says what each of the book's items and roles does, and what each place holds: a
moderator who never read the book types a few letters of "Crucifix", or of a power the log
names ("Lightning Rod"), and reads it where he is. The entries are the shipped tables' own
words (`tables/*.toml`), so this test keeps the glossary and the tables alike: a power
edited in the tables fails it until the glossary says the same."""

from __future__ import annotations

import pytest

from gmscreen.games.dust.powers import (
    ItemDef,
    LocationDef,
    RoleDef,
    book_items,
    book_locations,
    book_roles,
    power_card,
)
from gmscreen.glossary import find, words_of

WORDS = words_of("gmscreen.games.dust")


def item_means(item: ItemDef) -> str:
    held = (f", {item.uses} uses a copy" if item.uses > 1 else "") + (
        "; it cannot be given away" if not item.tradeable else "")
    cards = " ".join(f"{power_card(p)}" for p in item.powers)
    return f"An item{held}. {item.text} {cards}"


def role_means(role: RoleDef) -> str:
    claim = f", whose false claim is the {role.claim}" if role.claim else ""
    cards = " ".join(power_card(p) for p in role.powers)
    ours = " Its power here is ours (the book names the role only): " if role.default_powers \
        else (" " if cards else "")
    return f"A {role.alignment.upper()} role{claim}. {role.text}{ours}{cards}".rstrip()


def place_means(place: LocationDef) -> str:
    nights = (f"nights {place.opens} to {place.closes - 1} (closed from night {place.closes})"
              if place.closes else f"night {place.opens} and every night after")
    return (f"A place to scavenge, open on {nights}. As the book stocks it, the first found "
            f"first: {', '.join(place.entries)}. o on the Characters tab shows what is left.")


@pytest.mark.parametrize("place", book_locations(), ids=lambda p: p.name)
def test_every_place_of_the_book_has_an_entry_in_the_tables_words(place: LocationDef) -> None:
    entry = next((w for w in WORDS if w.word == place.name), None)
    assert entry is not None, f"F1 has no entry for {place.name}"
    assert entry.means == place_means(place)
    hospital = find(WORDS, "hospital")
    assert hospital is not None and "Adrenaline" in hospital.means


@pytest.mark.parametrize("item", book_items(), ids=lambda i: i.name)
def test_every_item_of_the_book_has_an_entry_in_the_tables_words(item: ItemDef) -> None:
    entry = next((w for w in WORDS if w.word == item.name), None)
    assert entry is not None, f"F1 has no entry for the {item.name}"
    assert entry.means == item_means(item)
    assert sum(w.word == item.name for w in WORDS) == 1


@pytest.mark.parametrize("role", book_roles(), ids=lambda r: r.name)
def test_every_role_of_the_book_has_an_entry_in_the_tables_words(role: RoleDef) -> None:
    entry = next((w for w in WORDS if w.word == role.name), None)
    assert entry is not None, f"F1 has no entry for the {role.name}"
    if role.godfather:  # Guilt's entry was the glossary's before: it says the table's choice
        assert "A SCUM role, whose false claim is the LIBRARIAN" in entry.means
        assert "godfather" in entry.means and "reads as Town" in entry.means
        return
    assert entry.means == role_means(role)
    assert sum(w.word == role.name for w in WORDS) == 1


def test_a_power_the_log_names_finds_its_item_or_role() -> None:
    crucifix = find(WORDS, "Lightning Rod")
    assert crucifix is not None and crucifix.word == "Crucifix"
    cop = find(WORDS, "Interrogate")
    assert cop is not None and cop.word == "Cop"
    # a word the glossary had before keeps its entry (the Innocent's Vouch, the stage notes)
    vouch = find(WORDS, "Vouch")
    assert vouch is not None and vouch.word == "Vouch"
