"""Found in a campaign's long run: a Dealer who ran its first session plays the second and
the third (gangs hired anew, games played through, each aftermath, a permanent model
leaving and new ones kept), by keys in tmux at 80x24 and 200x50, beside the recap, `log`,
`replay` and `show`."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import (
    Attack,
    ChooseSetUp,
    CloseAftermath,
    Deploy,
    Dismiss,
    DrawCard,
    EndGame,
    Enlist,
    FoundGang,
    GainLevel,
    KeepHired,
    StartGame,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, LEADER, GangError, Recruit, verify_ready
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.sections import Grid, Lines
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import Table
from tests.devils_bluff.test_game import attack_ready, refused
from tests.devils_bluff.test_typed import in_deck
from tests.pilot import form_up, synchronous, to_tab, until

ANN, BOB = "Ann", "Bob"
ONE_OFF = SAMPLES[0]


def _footer_word(app: GmScreenApp, key: str) -> str:
    """What the footer calls `key` now ("" when it does not offer it)."""
    active = app.screen.active_bindings.get(key)
    return active.binding.description if active is not None and active.enabled else ""


@synchronous
async def test_the_footer_calls_d_a_discard_while_a_sixth_card_waits(tmp_path: Path) -> None:
    """Module line 39: with a sixth card held, the step d takes is the discard (the hands'
    line says "discards one held before (d)"), where the footer still said "d Draw"."""
    campaign = open_campaign(write_sample(ONE_OFF, tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        assert _footer_word(app, "d") == "Draw"
        state = campaign.state
        assert state.battle is not None
        player = state.battle.turn
        campaign.execute(DrawCard(player, order_by=tuple(range(52))))
        await until(pilot, lambda: _footer_word(app, "d") == "Discard")
        await pilot.press("d")
        form = await form_up(pilot)
        assert [f.key for f in form.fields] == ["card"], form.fields
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        assert campaign.events[-1].kind == "devils_bluff.card_discarded"
        await until(pilot, lambda: _footer_word(app, "d") != "Discard")
    campaign.close()


def test_a_gang_one_revolver_short_is_told_in_the_singular() -> None:
    """The Characters tab said "1 models carry revolvers" before a game by controlled
    choice."""
    gang = [Recruit("Ma", LEADER, "Shotgun", ("Quick",)),
            Recruit("Jed", GUNSLINGER, "Revolver", hired=True)]
    with pytest.raises(GangError) as refused:
        verify_ready(gang, "campaign", "controlled choice")
    assert "1 model carries a revolver;" in str(refused.value), refused.value
    with pytest.raises(GangError) as refused:
        verify_ready(gang[:1], "campaign", "controlled choice")
    assert "no model carries a revolver;" in str(refused.value), refused.value


def _next_game(table: Table, hired: range) -> None:
    """Five hired revolvers more for each gang, then a game begun and ended at once."""
    for player in (ANN, BOB):
        for n in hired:
            table.execute(Enlist(player, Recruit(f"{player} gun {n}", GUNSLINGER,
                                                 "Revolver", hired=True)))
    table.execute(StartGame(shuffle_order(table.rng("shuffle"))))
    table.execute(Deploy((), shuffle_order(table.rng("shuffle"))))
    table.execute(EndGame())


def _campaign_after_a_game() -> Table:
    """A campaign whose gangs (each a leader of one level and five hired revolvers) have
    played a game, its aftermath open."""
    table = Table(3)
    table.execute(ChooseSetUp("campaign"))
    for player, gang, leader in ((ANN, "The Hendry Boys", "Ma"), (BOB, "Regulators", "Cole")):
        table.execute(FoundGang(player, gang))
        table.execute(Enlist(player, Recruit(leader, LEADER, "Revolver", ("Quick",))))
    _next_game(table, range(5))
    return table


def test_the_roster_note_spells_out_the_abilities_it_shortens() -> None:
    """The roster's Ab column writes an ability by two letters ("Ru"); its note said only
    "Ab: ability", so a Dealer had to highlight the model to read which."""
    table = _campaign_after_a_game()
    assert "Ru" not in view.roster_grid(table.state).note
    table.execute(GainLevel("Ma", "Deadly"))
    table.execute(CloseAftermath())
    for level in range(2):
        _next_game(table, range(5 * level + 5, 5 * level + 10))
        table.execute(GainLevel("Ma", ("Deft", "Tough")[level],
                                "Run and Gun" if level else ""))
        table.execute(CloseAftermath())
    roster = view.roster_grid(table.state)
    assert {row[0]: row[-1] for row in roster.rows}["Ma"] == "Ru"
    assert "Ab: ability (Ru: Run and Gun)." in roster.note, roster.note


def test_the_recap_tells_what_a_session_carried_in_and_what_it_leaves_open() -> None:
    """Session 2 of a campaign: the permanent models it began with, a permanent model who
    left, a hired gun kept for good though hired in the session, and an aftermath still
    open as it ended. "Won and lost" said none of them (only the story's lines did)."""
    table = _campaign_after_a_game()
    table.execute(GainLevel("Ma", "Deadly"))
    table.execute(KeepHired(f"{BOB} gun 0"))
    table.execute(CloseAftermath())
    began = view.table_knows(table.state)  # session 2 begins
    table.execute(Dismiss(BOB, f"{BOB} gun 0"))
    _next_game(table, range(5, 10))
    table.execute(KeepHired(f"{ANN} gun 7"))
    totals = view.table_totals(began, view.table_knows(table.state))
    assert totals[:2] == ["The Hendry Boys (Ann) came in with Ma (2 levels)",
                          "Regulators (Bob) came in with Cole (1 level) and Bob gun 0 "
                          "(0 levels)"], totals
    assert "Bob gun 0 left Bob's gang" in totals, totals
    assert "Ann gun 7 joined Ann's gang for good" in totals, totals
    assert totals[-1] == ("Game 2's aftermath is still open: it comes first next session "
                          "(the hired guns not kept move on as it closes)"), totals
    # once closed, the record names the gun kept, and the line of it is not said twice
    table.execute(CloseAftermath())
    totals = view.table_totals(began, view.table_knows(table.state))
    assert not any("joined Ann's gang for good" in line for line in totals), totals
    assert not any("still open" in line for line in totals), totals


@synchronous
async def test_the_enlist_form_starts_on_a_gang_with_room(tmp_path: Path) -> None:
    """Hiring by controlled choice, the Enlist form started on the first gang even when it
    was full, so a name typed and sent was refused; it starts on the highlighted model's
    gang when that has room, else the first gang that has."""
    campaign = open_campaign(write_sample(SAMPLES[1], tmp_path), rules_for)
    assert "campaign" in SAMPLES[1].file
    campaign.execute(EndGame("rain"))
    campaign.execute(CloseAftermath())
    first, second = campaign.state.gangs
    for n in range(9):
        campaign.execute(Enlist(first.player, Recruit(f"Gun {n}", GUNSLINGER, "Revolver",
                                                      hired=True)))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await pilot.press("e")
        form = await form_up(pilot)
        assert form.values().text("player") == second.player
        # the gang chosen, the keyboard is on the name: typed at once, Enter enlists
        await pilot.press(*"Quill", "enter")
        await until(pilot, lambda: not isinstance(app.screen, Form))
    event = campaign.events[-1]
    assert event.kind == "devils_bluff.enlisted", event
    assert (event.data["player"], event.data["recruit"]["name"]) == (second.player, "Quill")
    campaign.close()


def test_a_typed_card_from_the_discard_pile_is_named_once() -> None:
    """Module 33: a card typed for an attack that lay in the discard pile was refused as
    "Q♦ is not in the Draw Deck (it is in the discard pile), Q♦ is already discarded": the
    second clause said the first again."""
    table, shooter, target = attack_ready()
    discarded = table.state.deck.discards[0]
    drawn = in_deck(table, "KQ23")
    typed = " ".join([drawn[0], discarded.code, *drawn[2:]])
    error = refused(table, Attack(shooter, target, typed=typed), "Draw Deck")
    assert error.message.count(str(discarded)) == 1, error.message
    assert f"{discarded} is not in the Draw Deck (it is in the discard pile)" in \
        error.message, error.message


def test_the_games_won_are_counted_for_the_campaign_s_end() -> None:
    """Module line 11: the campaign runs until one player controls the town, with no
    measure given: the players judge it from the games each has won, which the tabs listed
    game by game only. After two games, the count stands under them, on the Dealer's tab
    and the players' screen alike."""
    table = _campaign_after_a_game()
    assert not any(line.startswith("Games won") for line in view.campaign_lines(table.state))
    table.execute(CloseAftermath())
    _next_game(table, range(5, 10))
    dealer = view.campaign_lines(table.state)
    assert dealer[-1] == "Games won: Ann 0, Bob 0 (of 2 played; 2 drawn)", dealer
    shown = [s for s in view.table_sections(view.table_knows(table.state))
             if isinstance(s, Lines) and s.title == "Set-up and games"]
    assert shown and shown[0].lines[-1] == dealer[-1], shown


@synchronous
async def test_a_long_campaign_s_record_stands_whole_on_a_wide_screen(tmp_path: Path) -> None:
    """At 200x50, three games into the campaign sample, the roster of seven permanent
    models left thirty blank lines while the lines under it (the set-up, the gangs, each
    game's record) were held to eight, the last ones scrolled out of sight. The lines get
    the room the roster does not need; at 80x24 they keep their eight."""
    campaign = open_campaign(write_sample(SAMPLES[1], tmp_path), rules_for)
    campaign.execute(EndGame("rain"))
    campaign.execute(CloseAftermath())
    for game in range(2):
        for gang in campaign.state.gangs:
            for n in range(5):
                campaign.execute(Enlist(gang.player, Recruit(
                    f"{gang.player} {game} {n}", GUNSLINGER, "Revolver", hired=True)))
        campaign.execute(StartGame(shuffle_order(campaign.rng("shuffle"))))
        campaign.execute(Deploy((), shuffle_order(campaign.rng("shuffle"))))
        campaign.execute(EndGame())
        campaign.execute(CloseAftermath())
    for size, height in (((200, 50), None), ((80, 24), 8)):
        app = GmScreenApp(campaign)
        async with app.run_test(size=size) as pilot:
            await to_tab(pilot, "Characters")
            await pilot.pause()
            detail = app.screen.query_one("#bluff-roster-detail")
            if height is None:
                assert detail.max_scroll_y == 0, detail.region
            else:
                assert detail.region.height == height, detail.region
    campaign.close()


def test_between_games_the_players_screen_shows_the_gangs_levels_and_abilities() -> None:
    """Module line 120: the players keep each model's levels, perks and ability on their
    roster over the campaign. Between games the players' screen showed the models' hit
    points, tokens and readiness, as in a game, but no level and no ability: on paper."""
    table = _campaign_after_a_game()
    table.execute(GainLevel("Ma", "Deadly"))
    table.execute(CloseAftermath())
    for level in range(2):
        _next_game(table, range(5 * level + 5, 5 * level + 10))
        table.execute(GainLevel("Ma", ("Deft", "Tough")[level],
                                "Run and Gun" if level else ""))
        table.execute(CloseAftermath())
    (gangs,) = [s for s in view.table_sections(view.table_knows(table.state))
                if isinstance(s, Grid) and s.title == "Gangs"]
    assert gangs.columns == view.ROSTER_COLUMNS, gangs.columns
    assert gangs.rows[0] == ("Ma", "Leader", "Revolver", "4", "6", "7+", "5+", "7+", "11",
                             ANN, "Ru"), gangs.rows[0]
    assert "Ab: ability (Ru: Run and Gun)." in gangs.note, gangs.note
    # in a game, what the game needs: hit points, tokens, who has acted
    for player in (ANN, BOB):
        for n in range(15, 20):
            table.execute(Enlist(player, Recruit(f"{player} gun {n}", GUNSLINGER,
                                                 "Revolver", hired=True)))
    table.execute(StartGame(shuffle_order(table.rng("shuffle"))))
    (gangs,) = [s for s in view.table_sections(view.table_knows(table.state))
                if isinstance(s, Grid) and s.title == "Gangs"]
    assert gangs.columns == view.MODEL_COLUMNS, gangs.columns


def test_a_hired_gun_kept_for_good_is_not_called_custom() -> None:
    """Module line 101: a hired gun kept after a game is the gang's own from then on; the
    roster writes it "Gun" as it does a one-off's custom gunslingers, and its note called
    every "Gun" a custom gunslinger, which a campaign's never are."""
    table = _campaign_after_a_game()
    table.execute(KeepHired(f"{ANN} gun 0"))
    roster = view.roster_grid(table.state)
    assert {row[0]: row[1] for row in roster.rows}[f"{ANN} gun 0"] == "Gun"
    assert "custom" not in roster.note, roster.note
    assert roster.note.startswith("Gun: permanent gunslinger. "), roster.note
