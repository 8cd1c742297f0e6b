"""A form's field with no words of its own shows the glossary's entry for its label (the
kit's `Form.explain`). In this game's forms some labels found an entry that meant something
else there: the posse's Name read as a model's name ("No two models of a match share
one"), and Still carries as the Weapons column ("shortened to fit ... the detail line under
the table"). The Scenario and Format a new Dealer picks said nothing of what they change.
Each has words of its own, said while it has the keyboard."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand import rules
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Recruit,
    SetUpGame,
)
from gmscreen.games.dead_mans_hand.panes.characters import edit_form, name_form
from gmscreen.games.dead_mans_hand.state import Format
from gmscreen.glossary import find, gmscreens_words, words_of
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, new_campaign
from tests.pilot import about, opened, synchronous, to_tab

WORDS = words_of("gmscreen.games.dead_mans_hand") + gmscreens_words()


def glossary_says(label: str) -> str:
    word = find(WORDS, label)
    return word.means if word is not None else ""


def test_a_posses_name_is_not_explained_as_a_models() -> None:
    table = Table(ChooseFormat(Format.SINGLE))
    shown = name_form("red", table.state.posse, swapping=False)
    shown.explain(WORDS)
    said = about(shown, "name")
    assert said != glossary_says("Name")
    assert said.startswith("The posse's own name")


def test_what_a_model_still_carries_says_how_to_put_it_right() -> None:
    table = Table(ChooseFormat(Format.SINGLE), Recruit("red", "Chief", 6, 2, ("rifle",)),
                  Recruit("black", "Boss", 6, 2, ("pistol",)), SetUpGame("2s"))
    model = table.model("Boss")
    shown = edit_form(model, rules.editable(table.state, model), table.state.format)
    shown.explain(WORDS)
    said = about(shown, "weapons")
    assert said != glossary_says("Still carries")
    assert "Untick a weapon it no longer has" in said


def test_the_plunder_put_right_says_what_its_ticks_are() -> None:
    table = Table(Recruit("red", "Chief", 6, 2, ("rifle",)))
    model = table.model("Chief")
    shown = edit_form(model, rules.editable(table.state, model), table.state.format)
    shown.explain(WORDS)
    assert about(shown, "weapons").startswith("What it was recruited with")


@synchronous
async def test_the_scenario_and_format_forms_say_what_they_change(tmp_path: Path) -> None:
    app = GmScreenApp(new_campaign(tmp_path / "words.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = await opened(pilot, "s")
        assert about(shown, "scenario").startswith("It brings both posses")
        assert "It brings both posses" in str(shown.query_one("#form-about").render())
        await pilot.press("escape")
        shown = await opened(pilot, "f")
        assert about(shown, "format").startswith("A showdown is chosen before anyone")
        # what each brings, for a Dealer choosing without the book (lines 11, 124-159)
        assert "best of three" in about(shown, "format")
        assert "each game afresh" in about(shown, "format")
        await pilot.press("escape")
