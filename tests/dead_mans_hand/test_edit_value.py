"""Line 17: in single games a model may have any value from 2 to 10 and the hits the players
give it. The recruit form asks both, but Edit, while the posses were built, put right only the
name, weapons and horse: a value typed 6 for 5 meant dismissing the model and recruiting it
again. In single games, while the posses are built, Edit puts the value and hits right too;
a showdown's come from its rules (a leader at 6 with 2 hits, the rest at 8 with 1), and once
a game is set up they are the game's."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.dead_mans_hand import rules
from gmscreen.games.dead_mans_hand.commands import ChooseFormat, EditModel, Recruit, SetUpGame
from gmscreen.games.dead_mans_hand.panes.characters import edit_form
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import Format
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, new_campaign
from tests.pilot import opened, set_field, synchronous, to_tab, until

SINGLE_GAMES = (ChooseFormat(Format.SINGLE), Recruit("red", "Geronimo", 6, 2, ("rifle",)),
                Recruit("black", "Slim", 6, 1, ("pistol",)))


def single_games() -> Table:
    return Table(*SINGLE_GAMES)


def test_the_value_and_hits_are_put_right_while_single_games_are_built() -> None:
    table = single_games()
    events = table.do(EditModel("Geronimo", "Geronimo", ("rifle",), horse=False, value=5,
                                hits=3))
    geronimo = table.model("Geronimo")
    assert (geronimo.value, geronimo.hits, geronimo.hits_left) == (5, 3, 3)
    assert table.rules.describe(events[0]) == (
        "Geronimo put right: value 5, 3 hits, Rifle, Brawling.")


@synchronous
async def test_the_edit_form_asks_them_and_sends_what_is_typed(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "value.toml")
    for command in SINGLE_GAMES:
        campaign.execute(command)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = await opened(pilot, "e")
        assert shown.values().number("value") == 6
        set_field(shown, "value", "5")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: campaign.state.red.models[0].value == 5)
    assert campaign.state.red.models[0].hits == 2


@pytest.mark.parametrize(("value", "hits", "field"), [(11, 2, "value"), (5, 0, "hits")])
def test_out_of_the_books_bounds_is_refused_and_changes_nothing(value: int, hits: int,
                                                                field: str) -> None:
    table = single_games()
    with pytest.raises(RuleError) as refused:
        table.do(EditModel("Geronimo", "Geronimo", ("rifle",), horse=False, value=value,
                           hits=hits))
    assert refused.value.field == field
    assert (table.model("Geronimo").value, table.model("Geronimo").hits) == (6, 2)


def test_a_showdown_or_a_game_set_up_keeps_them() -> None:
    showdown = Table(*showdown_commands())
    with pytest.raises(RuleError, match="Showdown"):
        showdown.do(EditModel("Slim", "Slim", ("rifle",), horse=False, value=7, hits=1))
    model = showdown.model("Slim")
    shown = edit_form(model, rules.editable(showdown.state, model), showdown.state.format)
    assert "value" not in {f.key for f in shown.fields}
    playing = single_games()
    playing.do(SetUpGame("2h"))
    with pytest.raises(RuleError):
        playing.do(EditModel("Geronimo", "Geronimo", ("rifle", "brawling"), horse=False,
                             value=5, hits=2))
