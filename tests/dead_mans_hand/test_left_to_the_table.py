"""Round 21: choices the book leaves to the table, offered in the app and not settled by it.

The scenario sheets (lines 173-259) are the posse sheet's form with "Civilian? Yes / No" and
"Horse? Yes / No" left blank, for the table to circle: a wagon train's settlers (value 8,
a shotgun and no Brawling on their sheet) may well be townsfolk, and a "highly mobile"
raiding party may ride. They load as the book prints them, nobody a civilian or mounted,
and the table may make any model a civilian, or give it a horse, while the posses are built.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.dead_mans_hand import RULES, view
from gmscreen.games.dead_mans_hand.commands import (
    EditModel,
    LoadScenario,
    MakeAttack,
    NamePosse,
    Recruit,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.posse import budget
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.sheet import play_sheet
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign
from tests.pilot import opened, set_field, synchronous, to_tab, until


def wagon() -> Table:
    return Table(LoadScenario("defend-the-wagon"))


def test_a_scenarios_settler_may_be_made_a_civilian_while_the_posses_are_built() -> None:
    table = wagon()
    assert not table.model("Settler 1").civilian  # as the sheet is printed
    events = table.do(EditModel("Settler 1", "Settler 1", ("shotgun",), horse=False,
                                civilian=True))
    settler = table.model("Settler 1")
    # a civilian has no Brawling for nothing, so the settler carries the shotgun alone
    assert settler.civilian and settler.kit == settler.weapons == ("shotgun",)
    assert RULES.describe(events[0]) == "Settler 1 put right: a civilian, Shotgun."
    # and back again: Brawling comes free once more
    table.do(EditModel("Settler 1", "Settler 1", ("shotgun",), horse=False, civilian=False))
    assert table.model("Settler 1").kit == ("shotgun", "brawling")


def test_a_civilian_so_made_reaches_as_a_civilian_does() -> None:
    """A robber made a civilian reaches, after a move, its Pistol's Civilian column (20
    yards), not the Normal column's 40."""
    table = Table(LoadScenario("defend-the-wagon"))
    table.do(EditModel("Robber 1", "Robber 1", ("pistol",), horse=False, civilian=True))
    table.do(SetUpGame("2s"))  # black (the robbers) places and acts first
    deploy_all(table)
    table.do(UseModel("Robber 1", Move.SLOW))
    with pytest.raises(RuleError, match="reach"):
        table.do(MakeAttack("Settler 1", "pistol", 30, ("3h", "4h")))
    table.do(MakeAttack("Settler 1", "pistol", 20, ("3h", "4h")))


def test_a_horse_may_be_given_to_a_scenarios_raider() -> None:
    table = Table(LoadScenario("skirmish-on-the-plains"))
    table.do(EditModel("Apache Raider 1", "Apache Raider 1", ("shotgun", "tomahawks"),
                       horse=True))
    assert table.model("Apache Raider 1").horse


def test_a_civilian_may_not_keep_what_no_civilian_uses() -> None:
    table = Table(LoadScenario("skirmish-on-the-plains"))
    before = table.state
    with pytest.raises(RuleError) as refused:
        table.do(EditModel("Apache Raider 1", "Apache Raider 1", ("shotgun", "tomahawks"),
                           horse=False, civilian=True))
    assert refused.value.field == "weapons" and "civilian cannot use" in str(refused.value)
    assert table.state == before


def test_once_a_game_is_set_up_nobody_becomes_a_civilian() -> None:
    table = wagon()
    table.do(SetUpGame("2h"))
    before = table.state
    with pytest.raises(RuleError) as refused:
        table.do(EditModel("Settler 1", "Settler 1", ("shotgun", "brawling"), horse=False,
                           civilian=True))
    assert refused.value.field == "civilian"
    assert table.state == before


def test_in_a_showdown_a_model_made_a_civilian_brings_its_three_points() -> None:
    table = Table(*showdown_commands())
    posse = table.state.posse(table.model("Slim").colour).models
    before = budget(posse)
    slim = table.model("Slim")
    bought = tuple(w for w in slim.kit if w != "brawling")
    table.do(EditModel("Slim", "Slim", bought, horse=slim.horse, civilian=True))
    assert budget(table.state.posse(slim.colour).models) == before + 3


@synchronous
async def test_the_edit_form_offers_civilian_while_the_posses_are_built(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "wagon.toml")
    campaign.execute(LoadScenario("defend-the-wagon"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")  # the red posse's table, Settler 1 highlighted
        shown = await opened(pilot, "e")
        assert shown.values().flag("civilian") is False
        set_field(shown, "civilian", True)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    settler = campaign.state.find("Settler 1")
    assert settler is not None and settler.civilian and settler.kit == ("shotgun",)


# Round 19 left two questions; round 21 decides them as a table would.

def test_one_player_may_play_both_posses_and_each_game_is_counted_once() -> None:
    """Someone learning the game, or a Dealer showing it, may push both posses: the book
    pairs two players (line 21) but nothing in it stops one. Each game won counts once,
    for the player of the side that won it."""
    table = Table(LoadScenario("duel-between-rivals"), NamePosse("red", "The Oaf", "Leon"),
                  NamePosse("black", "The Shooter", "Leon"), SetUpGame("2h"))
    deploy_all(table)
    table.do(Surrender("Sly Shooter"))
    assert [(g.winner, g.player) for g in table.state.games] == [("red", "Leon")]
    # the match line names him once, with the one game he won
    assert view.match_line(view.table_knows(table.state)).endswith(
        "red 1, black 0 · Leon 1")


def test_a_model_may_be_called_red_or_blackie() -> None:
    """A cowboy nicknamed Red, or Blackie, is no posse: a model may be called by a colour or
    by the other side's word, its lines in the log always saying which posse it is."""
    table = Table(LoadScenario("duel-between-rivals"))
    table.do(EditModel("Big Oaf", "Blackie", ("pistol", "big-blade"), horse=False))
    table.do(EditModel("Sly Shooter", "Red", ("pistol", "derringers"), horse=False))
    table.do(Recruit("red", "The black posse", 8, 1, ("pistol",)))
    table.do(SetUpGame("2h"))
    deploy_all(table)
    told = [RULES.describe(e) for e in table.events]
    assert "Blackie (red) is placed on the table." in told
    assert "Red (black) is placed on the table." in told
    assert "The black posse (red) is placed on the table." in told


def test_each_civilian_brings_three_points_not_the_first_alone() -> None:
    """Line 143's "you get 3 extra points" is read per civilian (each is a weaker model
    taken on): two more civilians bring six more."""
    table = Table(*showdown_commands())
    colour = table.model("Slim").colour
    before = budget(table.state.posse(colour).models)
    for name in ("Slim", "Quickdraw"):
        made = table.model(name)
        bought = tuple(w for w in made.kit if w != "brawling")
        table.do(EditModel(name, name, bought, horse=False, civilian=True))
    assert budget(table.state.posse(colour).models) == before + 6


def test_the_tables_size_and_the_yard_keep_the_books_numbers() -> None:
    """Line 13's numbers, held nowhere else: a table 2 to 4 feet on a side for about eight
    models a posse, and 10 yards the length of a card, about 3 inches or 10 cm."""
    size, yards = next(lines for title, lines in play_sheet()
                       if title.startswith("On the table"))[:2]
    assert "two to four feet" in size and "about eight models a posse" in size
    assert "3 inches, 10 cm) is 10 yards" in yards
