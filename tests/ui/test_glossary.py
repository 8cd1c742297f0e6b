"""Every column heading and every short form a screen explains has a glossary entry (F1 shows
them): gmscreen's own here, and the helpers each game's tests/<game>/test_glossary.py uses,
which read the headings from the game's view (its column tuples and the grids its sections
draw) and the short forms from the notes under them, so a heading or a short form added
without an entry fails."""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from textual.app import App
from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.dust_devils.sample import SAMPLES as DUST_DEVILS
from gmscreen.glossary import Word, find, gmscreens_words, words_of
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.sections import Grid, Section
from gmscreen.samples import Sample, write_sample
from gmscreen.ui import form as kit
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.campaigns import CampaignsScreen
from tests.pilot import about, opened, synchronous, to_tab, until

#: a note's clauses: "Lv: levels. MOV: inches moved", "R: red · B: black", "a; b"
_CLAUSES = re.compile(r"(?<=\.) |; | · ")
#: a count after a term ("Not voting (3): Ann, Bob")
_COUNT = re.compile(r"\s*\(\d+\)$")


def explained(note: str) -> set[str]:
    """The short forms a note explains: each clause's words before its colon ("Lv: levels.
    SKL DEF CMD: the card a test needs." -> Lv, SKL DEF CMD)."""
    found = set()
    for clause in _CLAUSES.split(note):
        term, colon, _ = clause.partition(": ")
        if colon and term.strip():
            found.add(_COUNT.sub("", term.strip()))
    return found


def view_words(view: ModuleType) -> set[str]:
    """The headings of a view module's column tuples (names ending in COLUMNS) and the short
    forms its notes (names ending in _NOTE) explain."""
    found: set[str] = set()
    for name, value in vars(view).items():
        if name.endswith("COLUMNS"):
            found.update(value)
        elif name.endswith("_NOTE"):
            found |= explained(value)
    return found


def sections_words(sections: Iterable[Section]) -> set[str]:
    """The headings of the grids among `sections` and the short forms their notes explain."""
    found: set[str] = set()
    for section in sections:
        if isinstance(section, Grid):
            found.update(section.columns)
            found |= explained(section.note)
    return found


def sample_states(samples: Iterable[Sample], folder: Path) -> Iterator[Any]:
    """The state before and after every event of each sample."""
    for sample in samples:
        campaign = open_campaign(write_sample(sample, folder), rules_for, writable=False,
                                 cache=False)
        try:
            for seq in range(len(campaign.events) + 1):
                yield campaign.replay(seq).state
        finally:
            campaign.close()


def unexplained(words: tuple[Word, ...], shown: Iterable[str]) -> list[str]:
    """Those of `shown` the glossary has no entry for: a term of several short forms
    ("SKL DEF CMD") is explained when each of them is."""
    return sorted(term for term in set(shown) if find(words, term) is None
                  and not (" " in term and all(find(words, w) for w in term.split())))


WORDS = (Word("Level", "how far a model has come", ("Lv",)), Word("Skill", "", ("SKL",)),
         Word("Defence", "", ("DEF",)))


@pytest.mark.parametrize(("note", "terms"), [
    ("Lv: levels. SKL DEF: the card a test needs.", {"Lv", "SKL DEF"}),
    ("R: red · B: black · Derr.: Derringers. moving: a Moving Target; on a card: lying on it.",
     {"R", "B", "Derr.", "moving", "on a card"}),
    ("3/4: Difficulty left 3 of 4. -: none. ?: the Devil not set.", {"3/4", "-", "?"}),
    ("Not voting (3): Ann, Bob, Cy", {"Not voting"}),
    ("Gum: Gumption. Guts: now/most. State: ready, out (of action: 0 Guts) or dead.",
     {"Gum", "Guts", "State"}),
    ("Nothing to explain here.", set()),
])
def test_a_note_explains_the_terms_before_its_colons(note: str, terms: set[str]) -> None:
    assert explained(note) == terms


def test_a_short_form_without_an_entry_is_found() -> None:
    assert unexplained(WORDS, ["Lv", "SKL DEF", "level"]) == []
    assert unexplained(WORDS, ["Lv", "SKL CMD", "Tok"]) == ["SKL CMD", "Tok"]
    grid = Grid("Models", ("Model", "Lv"), (), note="Lv: levels. Zq: a word nobody knows.")
    assert unexplained(WORDS, sections_words([grid])) == ["Model", "Zq"]


class Host(App[None]):
    def __init__(self, screen: CampaignsScreen) -> None:
        super().__init__()
        self.picker = screen

    def on_mount(self) -> None:
        self.push_screen(self.picker)


@synchronous
async def test_the_campaigns_lists_headings_have_entries(tmp_path: Path) -> None:
    app = Host(CampaignsScreen(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table: DataTable[Any] = app.picker.query_one(DataTable)
        headings = [str(c.label) for c in table.ordered_columns]
    assert len(headings) >= 4
    assert unexplained(gmscreens_words(), headings) == []


def test_the_dealers_clocks_headings_have_entries(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # gmscreen replay lists the Dealer's own clocks under their own headings (the Dalton
    # Boys' Judge keeps one)
    from gmscreen.cli import main
    from gmscreen.games.fistful.sample import SAMPLES
    from gmscreen.samples import write_sample

    path = write_sample(SAMPLES[0], tmp_path)
    assert main(["replay", str(path), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["sections"]
    clocks = next(s for s in shown if s["title"] == "The Judge's clocks")
    assert unexplained(gmscreens_words(), clocks["columns"]) == []


@synchronous
async def test_a_form_field_with_no_words_of_its_own_shows_the_glossarys(
        tmp_path: Path) -> None:
    # an empty box opened under most of a form's fields: a new Dealer looked in the book
    campaign = open_campaign(write_sample(DUST_DEVILS[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "m")  # a sheet's Vocation: nothing of its own
        vocation = find(words_of("gmscreen.games.dust_devils"), "Vocation")
        assert vocation is not None
        assert about(form, "vocation") == vocation.means
        form.set_focus(form.widget_of("vocation"))
        await until(pilot, lambda: vocation.means[:40] in str(
            form.query_one("#form-about").render()))
    campaign.close()


def test_a_field_labelled_with_a_characters_name_is_not_explained_as_a_word() -> None:
    words = (Word("Jack", "A face card: the eleven."), Word("Cover", "What stands between."))
    form = kit.Form("Leave", [kit.check("jack", "Jack"), kit.check("cover", "In cover"),
                              kit.check("wall", "Cover"), kit.text("why", "Why", about="Own")])
    form.explain(words, names=["jack "])
    assert [f.about for f in form.fields] == ["", "", "What stands between.", "Own"]


def test_a_long_entry_is_cut_to_the_sentences_that_fit_the_box() -> None:
    long = ("Every living player once, in a random order. " * 2
            + "Drawn by the app or typed from the table's own draw, whose form says how. "
            + "The first of them speaks first at dawn, and the last closes the day.")
    form = kit.Form("Lots", [kit.text("lots", "Lots")])
    form.explain((Word("Lots", long),))
    about = form.fields[0].about
    assert long.startswith(about) and about.endswith(".") and len(about) < len(long)
    assert len(textwrap.wrap(about, 72)) <= 3


def test_gmscreen_s_words_name_steps_not_keys_a_dealer_may_move() -> None:
    # F1 said "Takes back the newest step (ctrl+z)" beside "^u Undo" once undo was moved
    # (round 27): its words name the step, and its keys list says the key as set
    import re

    movable = re.compile(r"\((?:ctrl\+[a-z]|f\d+|[a-z])\)|\b(?:ctrl\+[a-oq-z]|f[1-9])\b|"
                         r"\b[a-z] (?:on a|strikes|starts|ends|lists)\b")
    said = [w.word for w in gmscreens_words() if movable.search(w.means)]
    assert said == []
