"""A new Dealer's first evening, from an empty journal at 80x24: naming both posses and
recruiting them (lines 21, 126) took keys nothing on the screen told of. N named the posse
of the table the keyboard was in, and an empty table shows no cursor, so the second N named
red again; the recruit form, switched to red from black's table, opened on black again for
each of red's eight."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Deploy,
    NamePosse,
    Recruit,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes.characters import _price, recruit_form
from gmscreen.games.dead_mans_hand.state import Format
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form, Values
from tests.dead_mans_hand.helpers import Table, new_campaign
from tests.pilot import opened, synchronous, to_tab, until

#: single games, a model in each posse: a game may be set up
TWO_POSSES = (ChooseFormat(Format.SINGLE), Recruit("red", "Chief", 6, 2, ("rifle",)),
              Recruit("black", "Boss", 6, 2, ("pistol",)))


@synchronous
async def test_n_names_the_posse_still_unnamed_and_says_which(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "first.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = await opened(pilot, "N")
        assert shown.values().text("colour") == "red"
        assert app.focused is shown.widget_of("name")
        await pilot.press(*"Apaches", "tab", *"Leon", "enter")
        await until(pilot, lambda: campaign.state.red.name == "Apaches")
        # red has its name: the next N is black's, though the keyboard is in red's table
        shown = await opened(pilot, "N")
        assert shown.values().text("colour") == "black"
        await pilot.press(*"Outlaws", "tab", *"Stephen", "enter")
        await until(pilot, lambda: campaign.state.black.name == "Outlaws")
        assert (campaign.state.red.name, campaign.state.red.player) == ("Apaches", "Leon")
        assert campaign.state.black.player == "Stephen"
        # both named: N is the posse of the table the keyboard is in, and the Posse chosen
        # in the form brings that posse's name and player into it
        shown = await opened(pilot, "N")
        assert (shown.values().text("colour"), shown.values().text("name")) == (
            "red", "Apaches")
        shown.set_value("colour", "black")
        # the fields follow the Posse on its Changed message
        await until(pilot, lambda: (shown.values().text("name"), shown.values().text("player"))
                    == ("Outlaws", "Stephen"))
        await pilot.press("escape")


@synchronous
async def test_the_keyboard_follows_the_model_recruited(tmp_path: Path) -> None:
    """From black's table the Dealer recruits the Chief into red: the keyboard goes to red's
    table with the Chief highlighted, so the next r recruits into red and e edits him."""
    campaign = new_campaign(tmp_path / "first.toml")
    campaign.execute(NamePosse("red", "Apaches"))
    campaign.execute(NamePosse("black", "Outlaws"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("tab")  # black's table
        shown = await opened(pilot, "r")
        assert shown.values().text("colour") == "black"
        shown.set_value("colour", "red")
        shown.set_value("name", "Chief")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        await until(pilot, lambda: getattr(app.focused, "id", None) == "red")
        shown = await opened(pilot, "r")
        assert shown.values().text("colour") == "red"
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        shown = await opened(pilot, "e")
        assert shown.title_text == "Put Chief right"


def test_plunder_of_one_point_reads_one_point() -> None:
    """Brawling for a civilian and the Big Blade cost 1 point, not '1 pts'; the form's sum
    of them too."""
    shown = recruit_form(Format.SHOWDOWN, "red", lambda: "", lambda colour: ())
    labels = [label for field in shown.fields if field.key == "weapons"
              for label, _ in field.options]
    assert "Big Blade, 1 pt: power 3, 5 yd" in labels
    assert "Rifle, 6 pts: power 2, 100 yd, standing only" in labels
    assert _price(Values({"colour": "red", "weapons": ("big-blade",), "civilian": False,
                          "horse": False, "brawling": False}, {}),
                  lambda colour: ()).startswith("Plunder: 1 point;")


def test_the_line_over_the_table_says_the_posses_are_ready() -> None:
    """Both posses built, the Conflict tab read 'Building the posses', though g set up the
    game from its footer."""
    building = Table(NamePosse("red", "Apaches"))
    assert view.whose(view.table_knows(building.state)) == (
        "Building the posses; then a game is set up.")
    ready = Table(*TWO_POSSES)
    assert view.whose(view.table_knows(ready.state)) == (
        "The posses are ready: a card turned sets up game 1.")


@synchronous
async def test_a_letter_and_space_tick_the_plunder_found(tmp_path: Path) -> None:
    """In the plunder list, s and space straight after ticked nothing: the space went on
    the search, as "s " is in "Derringers (2 pts)", and the highlight jumped there, so the
    next space ticked the Derringers."""
    campaign = new_campaign(tmp_path / "first.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = await opened(pilot, "r")
        await pilot.press(*"Chief", "tab", "tab", "s", "space")
        await until(pilot, lambda: shown.values().chosen("weapons") == ("shotgun",))
        await pilot.press("escape")


def test_a_model_of_the_side_waiting_is_named_in_the_refusal() -> None:
    """u on Slim in red's turn read only 'it is the turn of Apaches (red, Leon)': which
    model was highlighted, and that it is black's, the Dealer had to work out."""
    table = Table(ChooseFormat(Format.SINGLE), NamePosse("red", "Apaches", "Leon"),
                  NamePosse("black", "Outlaws", "Stephen"),
                  Recruit("red", "Chief", 6, 2, ("rifle",)),
                  Recruit("black", "Slim", 8, 1, ("rifle",)), SetUpGame("Qh"),
                  Deploy("Chief"), Deploy("Slim"))
    before = table.state
    with pytest.raises(RuleError) as refused:
        table.do(UseModel("Slim", Move.STILL))
    assert refused.value.message == (
        "Slim plays for Outlaws (black, Stephen); it is the turn of Apaches (red, Leon)")
    assert table.state == before


@synchronous
async def test_from_the_notes_under_the_tables_a_key_acts_on_the_table_left(
        tmp_path: Path) -> None:
    """Tab goes on from black's table back to red's (the notes under the posses, all in
    sight, are no Tab stop since round 64; before, a key on them acted on the table left
    last); e there puts right red's highlighted model, not the black one just left."""
    campaign = new_campaign(tmp_path / "first.toml")
    for command in TWO_POSSES:
        campaign.execute(command)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("tab", "tab")  # black's table, then round to red's
        await until(pilot, lambda: getattr(app.focused, "id", None) == "red")
        red = app.screen.query_one("#red", DataTable)
        highlighted = str(red.ordered_rows[red.cursor_row].key.value)
        shown = await opened(pilot, "e")
        assert shown.title_text == f"Put {highlighted} right"


@synchronous
async def test_the_posse_whose_table_has_the_keyboard_is_marked(tmp_path: Path) -> None:
    """An empty table shows no cursor: nothing said which posse r, e and N would act on.
    The title of the posse whose table has the keyboard stands out."""
    campaign = new_campaign(tmp_path / "first.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")

        def marked() -> list[str]:
            return [colour for colour in ("red", "black")
                    if app.query_one(f"#{colour}-title").styles.background.a > 0]

        assert marked() == ["red"]
        await pilot.press("tab")
        await until(pilot, lambda: marked() == ["black"])
