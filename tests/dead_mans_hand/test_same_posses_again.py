"""Lines 124-143, over weeks of showdowns. Once a showdown was won, a new match emptied both
posses, and a table that meant to fight the next one with the same gangs recruited all
sixteen models again, name, leader and plunder, by keys. `A` on the Characters tab begins a
new match with the same posses as they were recruited (their plunder put right while they
were built): the dead are back, the survivors' gains and the Derringers or Tomahawks spent
are gone, for a showdown starts every posse afresh by its rules. `M` still builds anew."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.dead_mans_hand.commands import (
    EditModel,
    LoadScenario,
    NewMatch,
    SetUpGame,
    Surrender,
)
from gmscreen.games.dead_mans_hand.rules import why_not_match_again
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import Phase, Status
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, deploy_all
from tests.dead_mans_hand.test_new_match import showdown_won_in
from tests.pilot import screen_text, synchronous, to_tab, until


def won_with_slim_put_right() -> Table:
    """The sample showdown, Slim's plunder put right to a shotgun while the posses were
    built; black gives up in game 1, so red wins the showdown."""
    table = Table(*showdown_commands(),
                  EditModel("Slim", "Slim", ("shotgun",), horse=False), SetUpGame("5h"))
    deploy_all(table)
    for model in table.state.black.on_table():
        table.do(Surrender(model.name))
    assert table.state.phase is Phase.OVER
    return table


def test_the_same_posses_start_afresh_as_recruited() -> None:
    table = won_with_slim_put_right()
    before = [(m.name, m.colour) for m in table.state.models()]
    table.do(NewMatch(again=True))
    state = table.state
    assert (state.match, state.phase, tuple(state.games)) == (2, Phase.BUILDING, ())
    assert [(m.name, m.colour) for m in state.models()] == before
    assert all(m.status is Status.RESERVE for m in state.models())
    slim, big_jim = table.model("Slim"), table.model("Big Jim")
    assert slim.kit == ("shotgun", "brawling")
    assert (big_jim.value, big_jim.hits, big_jim.horse) == (6, 2, True)
    assert (state.red.name, state.black.name) == ("The Callahan Gang", "The Black Hats")


def test_a_scenario_is_loaded_again_instead() -> None:
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"))
    deploy_all(table)
    table.do(Surrender("Sly Shooter"))
    refused = why_not_match_again(table.state)
    assert refused is not None and "Scenario loads it" in refused.message
    with pytest.raises(RuleError, match="Scenario loads it"):
        table.do(NewMatch(again=True))


@synchronous
async def test_a_begins_it_by_keys(tmp_path: Path) -> None:
    campaign = showdown_won_in(tmp_path / "again.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        summary = " ".join(str(app.screen.query_one("#summary").render()).split())
        assert "M a new match, A the same posses again" in summary
        await pilot.press("A")
        await until(pilot, lambda: app.screen is not app.screen_stack[0])
        # the question says what the match starts from, not that the posses are built anew
        assert "both posses start again as they were recruited" in screen_text(app)
        await pilot.press("tab", "enter")  # the question starts on No
        await until(pilot, lambda: campaign.state.phase is Phase.BUILDING)
    assert campaign.state.match == 2 and len(campaign.state.models()) == 16
