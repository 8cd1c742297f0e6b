"""Every column heading of Dust's views and every short form their notes explain has a
glossary entry (F1 shows it): read from the grids view.py draws (the Characters tab's
players, items and locations, the day's votes, the night's choices, the roster, the Dealer's
and the table's sections) at every step of the sample and of a game with every kind of
event, so a heading or a short form added without an entry fails."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dust import RULES, view
from gmscreen.games.dust.sample import SAMPLES
from gmscreen.games.dust.state import DustState
from gmscreen.glossary import words_of
from tests.dust.game import choose, every_kind, kill, night_of, outcome, use
from tests.ui.test_glossary import sample_states, sections_words, unexplained, view_words


def test_every_heading_and_short_form_has_an_entry(tmp_path: Path) -> None:
    states = list(sample_states(SAMPLES, tmp_path))
    state: DustState = RULES.initial_state()
    for event in every_kind():  # by day, by night, at twilight and over
        state = RULES.evolve(state, event)
        states.append(state)
    shown = view_words(view)
    for state in states:
        shown |= sections_words([
            *view.dealer_sections(state), *view.table_sections(view.table_knows(state)),
            view.players_grid(state), view.items_grid(state), view.places_grid(state),
            view.votes_grid(state), view.night_grid(state), view.roster_grid(state)])
    assert {"Uses", "Gift", "Nights", "Open", "Count", "Not voting"} <= shown
    assert unexplained(words_of("gmscreen.games.dust"), shown) == []


def test_every_stage_of_the_nights_steps_has_an_entry():
    # the Posts tab's steps name their stage in a column of their own, apart from the
    # view's grids: a night where nearly every kind of power is used shows them
    state = night_of({"Cat": ("Crowbar",), "Dan": ("Hammer and Nails",),
                      "Van": ("Adrenaline",), "Ino": ("Knife",), "Vet": ("Notebook",),
                      "Eve": ("Chalk",)})
    for name, *action in (
            ("Cat", use("Crowbar", "Hiding")),
            ("Dan", use("Hammer and Nails", "Jailer", "Vig")),
            ("Vig", use("Vigilante", "Execute", "Vet")),
            ("Rev", use("Reverend", "Vigil", "Van")),
            ("Ann", use("Cop", "Interrogate", "Gus")),
            ("Van", use("Adrenaline", "Energy")),
            ("Pat", use("Paranoia", "Delusion", "Tom", "Bob")),
            ("Ino", use("Knife", "Paranoid Bodyguard", "Wat")),
            ("Eve", use("Despair", "Hopelessness", "Wat")),
            ("Bob", use("Doctor", "Tend", "Dri")),
            ("Wat", use("Night Watchman", "Keep Watch", "Dri")),
            ("Tom", use("Tracker", "Follow the Trail", "Gus")),
            ("Vet", use("Notebook", "Notes", text="Look at Gus."))):
        state = choose(state, name, *action)
    state = choose(state, "Dri", scavenge="The Hardware Store")
    stages = {step.stage for step in outcome(kill(state, "Dri", killer="Gus")).steps}
    assert {"hiding", "jails", "blocks", "stopped", "energy", "redirections", "church",
            "guarding", "protections", "kills", "information", "scavenging", "notes",
            "losses", "discards"} <= stages
    assert unexplained(words_of("gmscreen.games.dust"), stages) == []


def test_the_notebook_finds_the_item_before_the_dead_players_note():
    """"Notebook" was a short form of the older "Dead's note" entry, so F1's search and the
    glossary gave the note before the item the moderator looked for; the note's entry still
    names the Notebook, and a search for it still lists the note, after the item."""
    from gmscreen.glossary import find
    words = words_of("gmscreen.games.dust")
    found = find(words, "Notebook")
    assert found is not None and found.word == "Notebook"
    assert found.means.startswith("An item, 2 uses a copy.")
    note = find(words, "Dead's note")
    assert note is not None and "Notebook" in note.means
