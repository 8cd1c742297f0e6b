"""F1 says what each of the book's items and roles does, and what each place holds: a
moderator who never read the book types a few letters of "Crucifix", or of a power the log
names ("Lightning Rod"), and reads it where he is. The entries are the shipped tables' own
words (`tables/*.toml`, worded by `words.item_means` and its like), so this test keeps the
glossary and the tables alike: a power edited in the tables fails it until the glossary
says the same. A power the moderator edits in a game is his campaign's: F1 follows it
there (`words.campaign_words`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games import words_in
from gmscreen.games.dust.powers import (
    ItemDef,
    LocationDef,
    RoleDef,
    book_items,
    book_locations,
    book_roles,
)
from gmscreen.games.dust.words import item_means, place_means, role_means
from gmscreen.glossary import find, words_of
from tests.pilot import screen_text, synchronous, until

WORDS = words_of("gmscreen.games.dust")


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


def test_a_power_edited_in_a_game_is_told_as_edited_in_its_words() -> None:
    """F1's entries followed the shipped tables whatever the moderator edited: the Cop
    given two questions a game, the Gun made to reach a target anywhere, still read as the
    book's. The campaign's words make an edited role's or item's entry from its own
    definition, say so, and add one for a role or item of his own; the rest stay the
    book's (Guilt's either reading among them)."""
    from dataclasses import replace

    from gmscreen.games.dust.commands import DefineItem, DefineRole, UseBookSetUp
    from gmscreen.games.dust.powers import Power
    from gmscreen.games.dust.state import DustState
    from gmscreen.games.dust.words import EDITED, campaign_words
    from gmscreen.glossary import Word
    from tests.dust.game import new_game, run
    state = new_game()
    assert campaign_words(state) == WORDS
    assert campaign_words(new_game(godfather_reads_town=True)) == WORDS
    cop = state.role("Cop")
    gun = state.item("Gun")
    assert cop is not None and gun is not None
    cop = replace(cop, powers=tuple(replace(p, uses=2) for p in cop.powers))
    gun = replace(gun, powers=tuple(replace(p, works_if_target="any") for p in gun.powers))
    watcher = RoleDef("Watcher", "town", "the WATCHER", (Power("Stakeout", "watch", "Watch.",
                                                                target="other"),))
    state = run(state, DefineRole(cop), DefineItem(gun))
    words = campaign_words(state)
    entry = {w.word: w for w in words}
    assert entry["Cop"].means == f"{role_means(cop)} {EDITED}"
    assert "2 uses" in entry["Cop"].means
    assert entry["Cop"].means != next(w for w in WORDS if w.word == "Cop").means
    assert entry["Gun"].means == f"{item_means(gun)} {EDITED}"
    assert [w.word for w in words] == [w.word for w in WORDS]
    assert entry["Doctor"] == next(w for w in WORDS if w.word == "Doctor")
    # a role of his own, added before Day 1, has an entry after the book's
    set_up = run(DustState(), UseBookSetUp(), DefineRole(watcher))
    added = campaign_words(set_up)
    assert added[:len(WORDS)] == WORDS
    assert added[len(WORDS):] == (Word("Watcher", f"{role_means(watcher)} {EDITED}"),)
    assert added[-1].means.startswith("A TOWN role. Stakeout (night")


@synchronous
async def test_f1_in_the_app_tells_a_power_as_the_moderator_edited_it(tmp_path: Path) -> None:
    """F1 told the book's Cop after the moderator gave him two uses (the kit now asks the
    view's `campaign_words`)."""
    from dataclasses import replace

    from gmscreen.games.dust.commands import DefineRole, UseBookSetUp
    from gmscreen.games.dust.words import EDITED
    from gmscreen.ui.help import HelpScreen
    from tests.dust.app import app_of, new_campaign
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    cop = campaign.state.role("Cop")
    assert cop is not None
    cop = replace(cop, powers=tuple(replace(p, uses=2) for p in cop.powers))
    campaign.execute(DefineRole(cop))
    told = find(words_in(campaign), "Cop")
    assert told is not None and told.means == f"{role_means(cop)} {EDITED}"
    app, _ = app_of(campaign)
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press(*"cop")
        await until(pilot, lambda: "2 uses): Learn the alignment" in screen_text(app))
        assert "defined in this game, not the book's." in screen_text(app)
