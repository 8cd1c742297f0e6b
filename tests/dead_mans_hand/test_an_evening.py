"""Round 23: an evening from a blank campaign with rounds 21 and 22 in play together.

Two places where those rounds met each other and the rest went wrong at the keys:

- One player named for both posses (round 21 allows it) and `w` between single games: the
  swap changed nothing and still wrote two steps, the log telling the posses' names again
  ("The red posse is Settlers, played by Leon.") as if the sides had changed hands.
- Edit's Civilian box (round 21) in a showdown: the words under it, with the points a
  civilian brings, ran to a fourth line at 80x24 and were cut off with an ellipsis, losing
  how to buy the civilian its Brawling ("Save, then Edit again…") or that unticking gives
  it back for nothing ("Untick: it brawls for…").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.dead_mans_hand.commands import (
    EditModel,
    LoadScenario,
    NamePosse,
    Recruit,
    SetUpGame,
    Surrender,
    SwapSides,
)
from gmscreen.games.dead_mans_hand.panes.characters import edit_form
from gmscreen.games.dead_mans_hand.rules import Editable, why_not_swap
from gmscreen.games.dead_mans_hand.state import Format
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign
from tests.dead_mans_hand.test_book_line_by_line import said_whole
from tests.pilot import about, glossary_entry, screen_text, synchronous, to_tab, until


def one_player_after_game_one() -> Table:
    table = Table(LoadScenario("duel-between-rivals"), NamePosse("red", "The Oaf", "Leon"),
                  NamePosse("black", "The Shooter", "Leon"), SetUpGame("2h"))
    deploy_all(table)
    table.do(Surrender("Sly Shooter"))
    return table


def test_a_swap_is_refused_when_one_player_plays_both_posses() -> None:
    table = one_player_after_game_one()
    refused = why_not_swap(table.state)
    assert refused is not None
    assert refused.message == "Leon plays both posses: swapping sides changes nothing"
    written = len(table.events)
    with pytest.raises(RuleError, match="plays both posses"):
        table.do(SwapSides())
    assert len(table.events) == written
    # a second player named for one side, and the swap is offered again
    table.do(NamePosse("black", "The Shooter", "Stephen"))
    assert why_not_swap(table.state) is None


def test_one_side_with_a_player_and_the_other_without_still_swaps() -> None:
    table = Table(LoadScenario("duel-between-rivals"), NamePosse("red", "The Oaf", "Leon"),
                  SetUpGame("2h"))
    deploy_all(table)
    table.do(Surrender("Sly Shooter"))
    table.do(SwapSides())
    assert (table.state.red.player, table.state.black.player) == ("", "Leon")


def test_f1_says_one_player_for_both_has_nothing_to_swap() -> None:
    entry = glossary_entry("gmscreen.games.dead_mans_hand", "Table's calls")
    assert ("Swap sides between single games: Swap sides (one player for both has nothing to "
            "swap)."
            in entry.means)


@synchronous
async def test_w_with_one_player_is_not_offered_on_the_characters_tab(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "one.toml")
    for command in (LoadScenario("duel-between-rivals"), NamePosse("red", "The Oaf", "Leon"),
                    NamePosse("black", "The Shooter", "Leon"), SetUpGame("2h")):
        campaign.execute(command)
    deploy_all(campaign)
    campaign.execute(Surrender("Sly Shooter"))
    written = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await until(pilot, lambda: "M a new match" in screen_text(app))
        assert "w swap sides" not in screen_text(app)
        await pilot.press("w")
        await pilot.pause()
    assert len(campaign.events) == written


CIVILIAN_WORDS = ("no free Brawling", "Each brings 3 more points")


@pytest.mark.parametrize("civilian", [False, True])
def test_the_showdowns_edit_says_how_to_buy_brawling_or_get_it_back(civilian: bool) -> None:
    doc = Table(Recruit("red", "Doc", 8, 1, ("shotgun",), civilian=civilian)).model("Doc")
    said = about(edit_form(doc, Editable(stats=False, weapons="plunder", horse=True,
                                         markers=False), Format.SHOWDOWN), "civilian")
    assert all(words in said for words in CIVILIAN_WORDS), said
    assert ("Untick: it brawls for nothing." in said) is civilian
    assert ("Edit again to buy it" in said) is not civilian


@pytest.mark.parametrize("civilian", [False, True])
@synchronous
async def test_the_civilian_words_are_whole_at_80x24_in_a_showdown(
        tmp_path: Path, civilian: bool) -> None:
    campaign = new_campaign(tmp_path / "showdown.toml")
    campaign.execute(Recruit("red", "Doc", 8, 1, ("shotgun",)))
    if civilian:
        campaign.execute(EditModel("Doc", "Doc", ("shotgun",), horse=False, civilian=True))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, Form))
        await pilot.press("tab", "tab")  # Name, Plunder, Civilian
        await until(pilot, lambda: "Non-violent folk" in screen_text(app))
        shown = app.screen
        assert isinstance(shown, Form)
        said = about(shown, "civilian")
        assert said_whole(app, said), screen_text(app)
