"""One word for what a model carries, the book's, in the form that recruits it and the form
that puts it right: in single games the posse sheet's Weapons (nothing is bought), in a
Dramatic Showdown the Plunder bought with its 40 points. Editing a model of single games
said Plunder, with showdown prices beside each weapon, where its recruit form said Weapons."""

from __future__ import annotations

from gmscreen.games.dead_mans_hand import rules
from gmscreen.games.dead_mans_hand.commands import ChooseFormat, Recruit
from gmscreen.games.dead_mans_hand.panes.characters import edit_form, recruit_form
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import Format, Model
from gmscreen.ui.form import Field, Form
from tests.dead_mans_hand.helpers import Table


def weapons_field(shown: Form) -> Field:
    (found,) = [f for f in shown.fields if f.key == "weapons"]
    return found


def edit_weapons(table: Table, name: str) -> Field:
    model = table.model(name)
    return weapons_field(edit_form(model, rules.editable(table.state, model),
                                   table.state.format))


def recruit_weapons(fmt: Format) -> Field:
    def nobody(colour: str) -> tuple[Model, ...]:
        return ()
    return weapons_field(recruit_form(fmt, "red", lambda: "", nobody))


def test_single_games_say_weapons_when_recruiting_and_editing_alike() -> None:
    table = Table(ChooseFormat(Format.SINGLE), Recruit("red", "Chief", 6, 2, ("rifle",)))
    recruiting, editing = recruit_weapons(Format.SINGLE), edit_weapons(table, "Chief")
    assert recruiting.label == editing.label == "Weapons"
    # nothing is bought in single games: no prices beside the weapons
    assert [label for label, _ in editing.options] == [
        label for label, _ in recruiting.options]
    assert "Rifle: power 2, 100 yd, standing only" in [label for label, _ in editing.options]
    assert "pt" not in " ".join(label for label, _ in editing.options)


def test_a_showdown_says_plunder_when_recruiting_and_editing_alike() -> None:
    table = Table(*showdown_commands())
    recruiting, editing = recruit_weapons(Format.SHOWDOWN), edit_weapons(table, "Slim")
    assert recruiting.label == editing.label == "Plunder"
    assert "Rifle, 6 pts: power 2, 100 yd, standing only" in [
        label for label, _ in editing.options]


