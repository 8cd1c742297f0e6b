"""Lines 11, 124-159 and 261, over a campaign: the book has a table play "a game and then
swap sides", or a Dramatic Showdown, best of three; a table that meets week after week
plays one showdown after another, or one scenario and then another. Once a showdown was
won, nothing more could be done (no game set up, no posse built): a second showdown in the
same campaign was impossible, and so was a second scenario after single games. A new match
builds the posses anew, keeps the record of the last, and counts its own games.

Between single games (free rosters) a model may also leave its posse and a new one join:
each game is set up afresh from the rosters (line 261's fairness is the players' call)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Dismiss,
    LoadScenario,
    NamePosse,
    NewMatch,
    Recruit,
    SetUpGame,
    Surrender,
)
from gmscreen.games.dead_mans_hand.rules import why_not_new_match
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import Format, MatchState, Phase
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign, showdown_game_one
from tests.pilot import synchronous, to_tab, until


def showdown_won() -> Table:
    """The sample showdown, won by red in its first game: black gives up to the last man,
    and a posse with nobody left loses the showdown."""
    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    for model in table.state.black.on_table():
        table.do(Surrender(model.name))
    assert table.state.champion == "red"
    return table


def test_a_second_showdown_after_the_first_is_won() -> None:
    table = showdown_won()
    events = table.do(NewMatch())
    assert table.kinds(events) == ["match_started"]
    state = table.state
    assert (state.phase, state.format, state.game, tuple(state.games), state.champion) == (
        Phase.BUILDING, Format.SHOWDOWN, 0, (), None)
    assert state.models() == ()
    assert (state.red.name, state.black.name) == ("The Callahan Gang", "The Black Hats")
    assert state.match == 2
    (last,) = state.past
    assert (last.number, last.champion, [g.winner for g in last.games]) == (1, "red", ["red"])
    # the new posses are bought by the showdown's rules, and play their first game
    for command in showdown_commands():
        if isinstance(command, Recruit):
            table.do(command)
    table.do(SetUpGame("2d"))
    assert (table.state.game, table.state.phase) == (1, Phase.DEPLOYING)
    assert view.match_line(view.table_knows(table.state)).startswith(
        "Dramatic Showdown 2 · game 1 · red 0, black 0")


def test_a_new_match_waits_for_the_game_under_way_and_is_not_taken_while_building() -> None:
    table = Table(*showdown_commands())
    with pytest.raises(RuleError, match="New match: the posses are being built already"):
        table.do(NewMatch())
    table.do(SetUpGame("5h"))
    with pytest.raises(RuleError, match="New match: game 1 is under way"):
        table.do(NewMatch())
    assert why_not_new_match(table.state) is not None


def test_another_scenario_after_single_games() -> None:
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"))
    deploy_all(table)
    table.do(Surrender("Big Oaf"))
    assert table.state.phase is Phase.AFTER_GAME
    with pytest.raises(RuleError, match="load a scenario between games"):
        table.do(LoadScenario("jailbreak"))
    table.do(NewMatch())
    assert table.state.scenario is None and table.state.models() == ()
    table.do(LoadScenario("jailbreak"))
    assert table.state.scenario == "jailbreak"
    assert table.state.past[0].scenario == "duel-between-rivals"


def test_between_single_games_a_model_leaves_and_another_joins() -> None:
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"))
    deploy_all(table)
    table.do(Surrender("Big Oaf"))
    assert table.state.phase is Phase.AFTER_GAME
    table.do(Recruit("red", "Deputy", 7, 1, ("shotgun",)))
    table.do(Dismiss("Big Oaf"))
    table.do(SetUpGame("3h"))
    deploy_all(table)
    assert [m.name for m in table.state.red.on_table()] == ["Deputy"]


def stubby_down_and_black_gives_up() -> Table:
    """Game 1 of the sample showdown: Stubby's draw is still to come, so the showdown goes
    on."""
    table = showdown_game_one()
    assert table.state.phase is Phase.AFTER_GAME
    return table


def showdown_won_in(path: Path) -> Campaign[MatchState]:
    """`showdown_won` in a campaign journal at `path`, for the tabs."""
    campaign = new_campaign(path)
    for command in showdown_commands():
        campaign.execute(command)
    campaign.execute(SetUpGame("5h"))
    deploy_all(campaign)
    for model in campaign.state.black.on_table():
        campaign.execute(Surrender(model.name))
    assert campaign.state.phase is Phase.OVER
    return campaign


def test_in_a_showdown_nobody_joins_between_games() -> None:
    table = stubby_down_and_black_gives_up()
    with pytest.raises(RuleError, match="cannot recruit between games"):
        table.do(Recruit("red", "Deputy", 8, 1, ("shotgun",)))


@synchronous
async def test_the_characters_tab_starts_a_new_match_once_the_showdown_is_won(
        tmp_path: Path) -> None:
    campaign = showdown_won_in(tmp_path / "again.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        summary = str(app.screen.query_one("#summary").render())
        # no game remains: the line says why the match may be left, not "Between games"
        assert summary.splitlines()[1] == (
            "The showdown is won: M a new match, A the same posses again")
        await pilot.press("M")
        await until(pilot, lambda: app.screen is not app.screen_stack[0])
        await pilot.press("tab", "enter")  # the question starts on No
        await until(pilot, lambda: campaign.state.phase is Phase.BUILDING)
    assert campaign.state.match == 2
    assert any("Match 2 begins" in line for line in
               (campaign.describe(e) for e in campaign.events[-1:]))


@synchronous
async def test_the_conflict_tab_says_where_the_new_match_begins_once_the_showdown_is_won(
        tmp_path: Path) -> None:
    """The showdown won, the Conflict tab (where the last game was played) has no step left
    in its footer; the line over the table says what comes next and where, as the session's
    notice does: M on the Characters tab. It read only "The red posse wins the showdown."."""
    campaign = showdown_won_in(tmp_path / "over.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        tracker = app.screen.query_one("#tracker")
        lines = str(tracker.render()).splitlines()
        # and why, one game to nothing: black has nobody left
        assert lines[1] == ("The Callahan Gang (red) wins the showdown: The Black Hats has "
                            "nobody left to fight.")
        assert "Next: M on the Characters tab (1) begins a new match." in lines
        # a game still to come says nothing of the kind
        await pilot.press("ctrl+z")
        await until(pilot, lambda: "Next:" not in str(tracker.render()))
        assert campaign.state.champion is None


def test_a_fallen_model_still_to_draw_is_no_bar_to_a_new_match() -> None:
    """A showdown left unfinished (the players start afresh) is recorded without a
    champion; the fallen still waiting for their draw go with their posse."""
    table = stubby_down_and_black_gives_up()
    assert table.state.find("Stubby") is not None
    table.do(NewMatch())
    assert table.state.past[0].champion is None
    assert table.state.find("Stubby") is None


def test_the_recap_counts_the_games_over_the_campaign() -> None:
    """The session's totals once a new match has begun: the games won are counted over the
    campaign (the new match's tally starts at nothing); the new match, like the showdown
    won, is the story's to tell, once (test_recap_once)."""
    table = Table(*showdown_commands())
    before = table.state
    table.do(SetUpGame("5h"))
    deploy_all(table)
    for model in table.state.black.on_table():
        table.do(Surrender(model.name))
    table.do(NewMatch())
    totals = view.dealer_totals(before, table.state)
    # the new match is the story's to tell ("Match 2 begins: ..."), once
    assert totals[:1] == ["The Callahan Gang won 1 game (1 in all)"]
    assert not any("Match 2" in line for line in totals)
    assert not any("-1" in line for line in totals)



def test_another_scenario_in_place_of_one_not_yet_played() -> None:
    """Lines 163-259: the players pick one of the six match-ups. Loaded Take that Bastard
    Down! and wanting Skirmish on the Plains, the Dealer was refused ("dismiss the models
    recruited first") and dismissed eight models one by one, or undid ten steps. Before
    its first game, a scenario gives way to another in one step; the players stay."""
    table = Table(NamePosse("red", "Apaches", "Leon"), LoadScenario("take-that-bastard-down"))
    events = table.do(LoadScenario("skirmish-on-the-plains"))
    assert table.kinds(events)[:8] == ["model_dismissed"] * 8
    assert table.state.scenario == "skirmish-on-the-plains"
    assert (table.state.red.name, table.state.red.player) == ("Apache Raiders", "Leon")
    assert [m.name for m in table.state.black.models] == [f"Rifleman {n}" for n in range(1, 7)]
    with pytest.raises(RuleError, match="already those of Skirmish on the Plains"):
        table.do(LoadScenario("skirmish-on-the-plains"))
    # models recruited by hand are not a scenario's to replace
    free = Table(ChooseFormat(Format.SINGLE), Recruit("red", "Slim", 8, 1, ("pistol",)))
    with pytest.raises(RuleError, match="dismiss the models recruited first"):
        free.do(LoadScenario("jailbreak"))


@synchronous
async def test_the_scenario_form_opens_on_the_scenario_loaded(tmp_path: Path) -> None:
    """With a scenario loaded, `s` opened on the book's first, so an Enter pressed to look
    and leave put Take that Bastard Down!'s posses in place of Jailbreak!'s. It opens on
    the scenario loaded: Enter then changes nothing and says so."""
    from tests.pilot import opened

    campaign = new_campaign(tmp_path / "c.toml")
    campaign.execute(LoadScenario("jailbreak"))
    events = len(campaign.events)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = await opened(pilot, "s")
        assert shown.values().text("scenario") == "jailbreak"
        await pilot.press("enter")
        await until(pilot, lambda: bool(shown.refusal))
    assert len(campaign.events) == events
