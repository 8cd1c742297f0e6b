"""Lines 21, 27 and 11: the players decide who plays the red posse and who the black (Leon is
red, Stephen black), and after a game may swap sides to be fair. The app kept the posses'
names and each colour's wins but not who played them, so after a swap the table counted on
paper who had won: "red 2, black 0" when Leon and Stephen had won one each. Each posse may
name its player (the N form); the games are counted for each player too, by the side they
played when the game was won."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    LoadScenario,
    NamePosse,
    SetUpGame,
    Surrender,
)
from gmscreen.games.dead_mans_hand.rules import RULES
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign
from tests.pilot import fill, synchronous, to_tab, until


def red_wins_a_duel(table: Table, card: str) -> None:
    """A game of the duel that the red posse (Big Oaf) wins: the Sly Shooter gives up."""
    table.do(SetUpGame(card))
    deploy_all(table)
    table.do(Surrender("Sly Shooter"))


def leon_wins_on_both_sides(table: Table) -> None:
    """Two games of the duel, Leon on red (the Oaf) against Stephen: Leon wins, they swap
    sides, and Leon wins again on black (the Shooter)."""
    red_wins_a_duel(table, "2h")
    table.do(NamePosse("red", "The Oaf", "Stephen"))
    table.do(NamePosse("black", "The Shooter", "Leon"))
    table.do(SetUpGame("3c"))
    deploy_all(table)
    table.do(Surrender("Big Oaf"))


def test_each_posse_names_who_plays_it() -> None:
    table = Table(LoadScenario("duel-between-rivals"))
    events = table.do(NamePosse("red", "Brawn", "Leon"))
    assert RULES.describe(events[0]) == "The red posse is Brawn, played by Leon."
    assert (table.state.red.name, table.state.red.player) == ("Brawn", "Leon")
    known = view.table_knows(table.state)
    assert view.posse_title(known, "red").startswith("RED  Brawn (Leon)")
    assert view.table_cast(known)[0].startswith("Brawn (red, Leon): ")


def test_a_player_changed_alone_is_a_change_and_nothing_changed_is_refused() -> None:
    table = Table(LoadScenario("duel-between-rivals"), NamePosse("red", "Brawn", "Leon"))
    events = table.do(NamePosse("red", "Brawn", "Stephen"))
    assert RULES.describe(events[0]) == "The red posse is Brawn, played by Stephen."
    with pytest.raises(RuleError, match="already Brawn, played by Stephen"):
        table.do(NamePosse("red", "Brawn", "Stephen"))
    with pytest.raises(RuleError, match="Player"):
        table.do(NamePosse("red", "Brawn", "x" * 41))


def test_after_a_swap_each_player_is_counted_the_games_they_won() -> None:
    table = Table(LoadScenario("duel-between-rivals"), NamePosse("red", "Brawn", "Leon"),
                  NamePosse("black", "Brains", "Stephen"))
    red_wins_a_duel(table, "2h")  # Leon, playing red, wins
    table.do(NamePosse("red", "Brawn", "Stephen"))  # they swap sides
    table.do(NamePosse("black", "Brains", "Leon"))
    red_wins_a_duel(table, "3h")  # Stephen, playing red now, wins
    assert view.match_line(view.table_knows(table.state)) == (
        "Duel between Rivals · game 2 · red 2, black 0 · Stephen 1, Leon 1")


def test_without_players_the_line_keeps_to_the_sides() -> None:
    table = Table(LoadScenario("duel-between-rivals"))
    red_wins_a_duel(table, "2h")
    assert view.match_line(view.table_knows(table.state)) == (
        "Duel between Rivals · game 1 · red 1, black 0")


@synchronous
async def test_the_name_form_asks_who_plays_the_posse(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "players.toml")
    campaign.execute(LoadScenario("duel-between-rivals"))
    name = campaign.state.red.name
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await fill(pilot, "N", player="Leon")
        await until(pilot, lambda: campaign.state.red.player == "Leon")
    assert campaign.state.red.name == name  # the form opens on the posse's name


@synchronous
async def test_between_single_games_the_characters_tab_offers_to_swap_sides(
        tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "swap.toml")
    for command in (LoadScenario("duel-between-rivals"), SetUpGame("2h")):
        campaign.execute(command)
    deploy_all(campaign)
    campaign.execute(Surrender("Sly Shooter"))
    # the players named (with none, w is refused, and so not offered: round 24)
    campaign.execute(NamePosse("red", campaign.state.red.name, "Leon"))
    campaign.execute(NamePosse("black", campaign.state.black.name, "Stephen"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        summary = str(app.screen.query_one("#summary").render())
        assert ("Between games: g game 2 on the Conflict tab · w swap sides, N a posse's "
                "name and player" in " ".join(summary.split()))


def test_the_players_named_before_a_scenario_keep_their_sides() -> None:
    """Leon and Stephen named their sides on a blank campaign, then loaded a scenario: its
    posses' names took their places and the players were wiped, so the recap's story read
    "The red posse is The Oaf." and nobody was counted a game. The scenario names the
    posses and keeps who plays them."""
    table = Table(NamePosse("red", "Brawn", "Leon"), NamePosse("black", "Brains", "Stephen"))
    events = table.do(LoadScenario("duel-between-rivals"))
    named = [RULES.describe(e) for e in events if e.kind.endswith("posse_named")]
    assert named == ["The red posse is The Oaf, played by Leon.",
                     "The black posse is The Shooter, played by Stephen."]
    red_wins_a_duel(table, "2h")
    assert view.match_line(view.table_knows(table.state)).endswith("Leon 1, Stephen 0")


def test_the_recap_counts_the_games_each_player_won() -> None:
    """Line 261: to be fair, play the scenario twice, swapping sides. Leon won the duel as
    the Oaf and again as the Shooter, yet the recap's totals read "The Oaf won 1 game" and
    "The Shooter won 1 game": the side's tally alone, as if the players had shared them.
    The totals count each player's games too."""
    table = Table(LoadScenario("duel-between-rivals"), NamePosse("red", "The Oaf", "Leon"),
                  NamePosse("black", "The Shooter", "Stephen"))
    before = table.state
    leon_wins_on_both_sides(table)
    totals = view.table_totals(view.table_knows(before), view.table_knows(table.state))
    assert totals[:3] == ["The Oaf won 1 game (1 in all)",
                          "The Shooter won 1 game (1 in all)",
                          "Leon won 2 games (2 in all)"]


def test_the_game_won_names_the_player_who_won_it() -> None:
    """Line 147: when one posse alone is on the table, "that player has won the game"; and
    line 145, the first player to win two takes the showdown. Over the tables the Conflict
    tab read "Game 1 goes to red." and "The red posse wins the showdown.", leaving the
    table to work out who plays red since they swapped. The winner's player is named."""
    from gmscreen.games.dead_mans_hand.sample import showdown_commands

    table = Table(LoadScenario("duel-between-rivals"), NamePosse("red", "The Oaf", "Leon"))
    red_wins_a_duel(table, "2h")
    assert view.whose(view.table_knows(table.state)) == (
        "Game 1 goes to The Oaf (red, Leon), the only posse left on the table. Set up the "
        "next game.")
    showdown = Table(*showdown_commands(), NamePosse("red", "Brawn", "Stephen"),
                     SetUpGame("5h"))
    deploy_all(showdown)
    for model in showdown.state.black.on_table():
        showdown.do(Surrender(model.name))  # black has nobody left: red takes the showdown
    assert view.whose(view.table_knows(showdown.state)) == (
        "Brawn (red, Stephen) wins the showdown: The Black Hats has nobody left to fight.")


def test_the_event_of_a_game_won_keeps_who_won_it() -> None:
    """Line 147: "that player has won the game". The event of a game won kept only the
    side; who played it was worked out again from the posse each time the journal was read,
    and the log read "Game 1 goes to the red posse." without a name. The event keeps the
    player as the game was won ("" when nobody is named), and the log names them; a journal
    written before it (no player in the event) reads the posse's player as it did."""
    table = Table(LoadScenario("duel-between-rivals"), NamePosse("red", "The Oaf", "Leon"))
    red_wins_a_duel(table, "2h")
    won = table.events[-1]
    assert won.kind == "dead_mans_hand.game_won"
    assert won.data["player"] == "Leon"
    assert RULES.describe(won) == (
        "Game 1 goes to The Oaf (red, Leon), the only posse left on the table.")
    unnamed = Table(LoadScenario("duel-between-rivals"))
    red_wins_a_duel(unnamed, "2h")
    assert unnamed.events[-1].data["player"] == ""
    # the scenario names its posses: the story names the winner as the totals do
    assert RULES.describe(unnamed.events[-1]) == (
        "Game 1 goes to The Oaf (red), the only posse left on the table.")
    # an older journal: the same game, its event written without the player or the posse
    older = replace(won, data={k: v for k, v in won.data.items()
                               if k not in ("player", "posse")})
    assert RULES.describe(older) == (
        "Game 1 goes to the red posse, the only posse left on the table.")
    state = RULES.initial_state()
    for event in [*table.events[:-1], older]:
        state = RULES.evolve(state, event)
    assert state.games[-1].player == "Leon"
    assert view.match_line(view.table_knows(state)).endswith("Leon 1")


def test_where_the_match_stands_names_each_players_games() -> None:
    """Line 11: after a game, swap sides to be fair. Leon won the duel as the Oaf and again
    as the Shooter; the third evening began "Single games stand red 1, black 1 after game
    2", the recap took it up "at red 1, black 1" and the new match's question read "Single
    games, red 1, black 1": as if the two had won one each. Each says the players' games
    too, as the line over the tables does."""
    from gmscreen.games.dead_mans_hand import turns
    from gmscreen.games.dead_mans_hand.rules import match_left

    table = Table(LoadScenario("duel-between-rivals"), NamePosse("red", "The Oaf", "Leon"),
                  NamePosse("black", "The Shooter", "Stephen"))
    leon_wins_on_both_sides(table)
    score = "red 1, black 1 (Stephen 0, Leon 2)"  # Stephen plays red now
    assert turns.session_begun(table.state) == (
        f"Single games stand {score} after game 2: set up game 3 on the Conflict tab.")
    assert view.table_stands(view.table_knows(table.state)) == (
        f'"Duel between Rivals" at {score} after game 2')
    assert match_left(table.state) == f"Single games, {score}; both posses are built anew"
    assert view.match_line(view.table_knows(table.state)).endswith(
        "game 2 · red 1, black 1 · Stephen 0, Leon 2")


def test_the_players_are_named_red_then_black_as_the_sides_are() -> None:
    """Line 21: the players choose red and black. Stephen took red and Leon black, and the
    line over the tables read "red 0, black 0 · Leon 0, Stephen 0": the alphabet's order, so
    the first name was black's. Red's player comes first wherever the players are listed;
    a player who won a game and plays no side now comes after them."""
    table = Table(LoadScenario("duel-between-rivals"), NamePosse("red", "The Oaf", "Stephen"),
                  NamePosse("black", "The Shooter", "Leon"))
    # before the first game nothing is counted yet (round 10)
    assert view.match_line(view.table_knows(table.state)) == (
        "Duel between Rivals · no game set up yet")
    table.do(SetUpGame("2h"))
    known = view.table_knows(table.state)
    assert view.match_line(known).endswith("red 0, black 0 · Stephen 0, Leon 0")
    deploy_all(table)
    table.do(Surrender("Sly Shooter"))  # Stephen wins as the Oaf
    table.do(NamePosse("red", "The Oaf", "Abe"))  # Abe takes Stephen's seat
    known = view.table_knows(table.state)
    assert known.players() == ["Abe", "Leon", "Stephen"]
    assert view.match_line(known).endswith("red 1, black 0 · Abe 0, Leon 0, Stephen 1")
    before = view.table_knows(Table(LoadScenario("duel-between-rivals")).state)
    table.do(NamePosse("black", "The Shooter", "Zeb"))
    red_wins_a_duel(table, "3h")
    assert [line for line in view.table_totals(before, view.table_knows(table.state))
            if line.startswith(("Abe", "Stephen"))] == [
        "Abe won 1 game (1 in all)", "Stephen won 1 game (1 in all)"]


@synchronous
async def test_between_single_games_the_name_form_starts_on_the_player(
        tmp_path: Path) -> None:
    """Line 11: between single games the players swap sides, and N is offered for it; the
    form started on the posse's name, kept as it is, so each swap took a Tab first. There
    it starts on the Player; while the posses are built, on the Name."""
    from tests.pilot import opened

    campaign = new_campaign(tmp_path / "swap.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = await opened(pilot, "N")
        assert app.focused is shown.widget_of("name")
        await pilot.press("escape")
    campaign = new_campaign(tmp_path / "between.toml")
    for command in (LoadScenario("duel-between-rivals"), SetUpGame("2h")):
        campaign.execute(command)
    deploy_all(campaign)
    campaign.execute(Surrender("Sly Shooter"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = await opened(pilot, "N")
        assert app.focused is shown.widget_of("player")
        await pilot.press(*"Stephen", "enter")  # Enter in the player sends
        await until(pilot, lambda: campaign.state.red.player == "Stephen")
    assert campaign.state.red.name == "The Oaf"


def test_players_named_after_the_games_take_up_the_games_their_posse_won() -> None:
    """Line 145: the first player to win two games wins over all. A table that named its
    players only once the Earps had won the showdown read "Earps (red) won the showdown,
    red 2, black 0 (Leon 0, Stephen 0)": the games had been won with nobody named, and
    counted under nobody. A player named for a posse that had nobody takes up the games it
    won so; once the other player is named, every game won with nobody named is the one
    still unnamed (a swap needs a player named, so nobody swapped before)."""
    from gmscreen.games.dead_mans_hand.rules import match_left
    from gmscreen.games.dead_mans_hand.sample import showdown_commands

    table = Table(LoadScenario("duel-between-rivals"))
    red_wins_a_duel(table, "2h")  # nobody named yet
    table.do(NamePosse("red", "The Oaf", "Leon"))
    assert view.match_line(view.table_knows(table.state)).endswith(
        "red 1, black 0 · Leon 1")
    table.do(NamePosse("black", "The Shooter", "Stephen"))
    assert view.match_line(view.table_knows(table.state)).endswith(
        "red 1, black 0 · Leon 1, Stephen 0")
    # the other side named first: the games won with nobody named are the unnamed player's
    table = Table(LoadScenario("duel-between-rivals"), NamePosse("red", "The Oaf", "Leon"))
    table.do(SetUpGame("2h"))
    deploy_all(table)
    table.do(Surrender("Big Oaf"))  # the Shooter, played by nobody named, wins
    table.do(NamePosse("black", "The Shooter", "Stephen"))
    assert view.match_line(view.table_knows(table.state)).endswith(
        "red 0, black 1 · Leon 0, Stephen 1")
    # a showdown won with nobody named, its players named afterwards
    showdown = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(showdown)
    for model in showdown.state.black.on_table():
        showdown.do(Surrender(model.name))  # black has nobody left: red takes the showdown
    showdown.do(NamePosse("red", "Earps", "Leon"))
    showdown.do(NamePosse("black", "Cowboys", "Stephen"))
    assert match_left(showdown.state) == (
        "Earps (red, Leon) won the showdown, red 1, black 0 (Leon 1, Stephen 0); both "
        "posses are built anew")
