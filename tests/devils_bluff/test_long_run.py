"""Found in a campaign's long run: a Dealer who ran its first session plays the second and
the third (gangs hired anew, games played through, each aftermath, a permanent model
leaving and new ones kept), by keys in tmux at 80x24 and 200x50, beside the recap, `log`,
`replay` and `show`."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import (
    Activate,
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
    Move,
    Score,
    StartGame,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, LEADER, GangError, Recruit, verify_ready
from gmscreen.games.devils_bluff.rules import RULES
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.games.devils_bluff.turns import activatable, why_not_start_game
from gmscreen.games.devils_bluff.view import plural
from gmscreen.journal import recap
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.sections import Grid, Lines
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import Table, one_off, table_sections, unshuffled
from tests.devils_bluff.helpers import campaign as campaign_table
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


def _ma_to_level_three(table: Table) -> None:
    """Ma gains three levels over three games, the third with Run and Gun."""
    table.execute(GainLevel("Ma", "Deadly"))
    table.execute(CloseAftermath())
    for level in range(2):
        _next_game(table, range(5 * level + 5, 5 * level + 10))
        table.execute(GainLevel("Ma", ("Deft", "Tough")[level],
                                "Run and Gun" if level else ""))
        table.execute(CloseAftermath())


def test_the_roster_note_spells_out_the_abilities_it_shortens() -> None:
    """The roster's Ab column writes an ability by two letters ("Ru"); its note said only
    "Ab: ability", so a Dealer had to highlight the model to read which."""
    table = _campaign_after_a_game()
    assert "Ru" not in view.roster_grid(table.state).note
    _ma_to_level_three(table)
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
    assert not any("aftermath" in line for line in totals), totals
    leaving = view.table_stands(view.table_knows(table.state), leaving=True)
    assert leaving == (f"game 2's aftermath, still open (no level gained yet; kept "
                       f"for good: {ANN} gun 7 ({ANN}); {BOB} has kept nobody yet): it comes "
                       "first next session, and the hired guns not kept move on as it "
                       f"closes; games won so far: {ANN} 0, {BOB} 0 (of 2 played; 2 drawn)"), \
        leaving
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
    shown = [s for s in table_sections(view.table_knows(table.state))
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
    _ma_to_level_three(table)
    ann, bob = [s for s in table_sections(view.table_knows(table.state))
                if isinstance(s, Grid) and "'s gang: " in s.title]
    assert ann.columns == view.TABLE_ROSTER_COLUMNS, ann.columns
    assert ann.rows[0] == ("Ma", "Leader", "Revolver", "4", "6", "7+", "5+", "7+", "11",
                           "Ru"), ann.rows[0]
    assert "Ab: ability (Ru: Run and Gun)." in bob.note, bob.note
    # in a game, what the game needs: hit points, tokens, who has acted
    for player in (ANN, BOB):
        for n in range(15, 20):
            table.execute(Enlist(player, Recruit(f"{player} gun {n}", GUNSLINGER,
                                                 "Revolver", hired=True)))
    table.execute(StartGame(shuffle_order(table.rng("shuffle"))))
    gangs = [s for s in table_sections(view.table_knows(table.state))
             if isinstance(s, Grid) and "'s gang: " in s.title]
    assert [g.columns for g in gangs] == [view.TABLE_MODEL_COLUMNS] * 2, gangs


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


# -- what a session took up, and what it leaves to the next --------------------------------


def _parts(told: str) -> list[str]:
    """The recap's headings, in order (a txt heading is underlined)."""
    lines = told.splitlines()
    return [line for line, under in pairwise(lines)
            if under and set(under) == {"-"} and len(under) == len(line)]


def _part(told: str, heading: str) -> str:
    """The paragraph under a heading of the recap ("" where it has none)."""
    lines = told.splitlines()
    if heading not in lines:
        return ""
    at = lines.index(heading) + 2
    return next((line for line in lines[at:] if line.strip()), "")


def _held(campaign: Campaign[DevilsBluffState]) -> list[str]:
    return [str(card) for _, hand in campaign.state.hands for card in hand]


def test_a_game_carried_over_a_session_end_is_left_and_taken_up(tmp_path: Path) -> None:
    """A session ended with a model's activation half-way: its recap says where the game
    goes on next session, the next one's says where it took it up, in the words of the
    session's notice (`turns.under_way`), the scores with them; no card held in either,
    and in the full copy only how many each player holds."""
    campaign: Campaign[DevilsBluffState] = open_campaign(
        write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign.execute(Score(HENDRY, 2, "the well"))
    state = campaign.state
    model = activatable(state)[0]
    campaign.execute(Activate(model))
    campaign.execute(Move(model, "Advance"))
    doing = campaign.under_way
    assert doing is not None and f"{model}'s activation half-way" in doing
    held = _held(campaign)
    counts = [(p, len(h)) for p, h in campaign.state.hands]
    campaign.end_session(under_way="carry")
    where = (f"{doing[:1].upper()}{doing[1:]}; scores {HENDRY} 2, {COLE} 0.")

    first = render(recap.build(campaign, 1, view), "txt")
    parts = _parts(first)
    assert "Taken up from the session before" not in parts, first
    assert parts[-1] == "Goes on next session", parts  # after the story and any totals
    assert _part(first, "Goes on next session") == where, first
    # the aftermath line is not said in the totals now: the part of its own says where
    assert "comes first next session" not in first

    campaign.start_session()
    assert (RULES.session_begun(campaign.state) or "").startswith(
        f"Under way: {doing};")
    campaign.execute(Move(model, "Rush"))  # the activation goes on as it stood
    second = render(recap.build(campaign, 2, view), "txt")
    parts = _parts(second)
    assert parts.index("Taken up from the session before") < parts.index("What happened")
    assert _part(second, "Taken up from the session before") == where, second
    # still being played, it leaves nothing yet (the kit's recap, 1869f07); ended, it does
    assert "Goes on next session" not in parts, parts
    campaign.end_session(under_way="carry")
    second = render(recap.build(campaign, 2, view), "txt")
    battle = campaign.state.battle
    assert battle is not None
    assert _part(second, "Goes on next session").startswith(
        f"Game 1, round 1 of 5, {battle.turn}'s turn to activate a model; "), second
    for told in (first, second):
        assert not [card for card in held if card in told], told

    whole = render(recap.build(campaign, 1, view, dealer=True), "txt")
    said = _part(whole, "Goes on next session")
    assert said.startswith(where[:-1] + "; held face down: "), said
    assert all(f"{p} {plural(n, 'card')}" in said for p, n in counts), said
    assert not [card for card in held if card in said], said
    campaign.close()


def test_an_open_aftermath_is_left_then_taken_up_and_the_games_won_go_with_it() -> None:
    """A campaign game ended, its aftermath left open over the session's end: it comes
    first next session (said under "Goes on next session", not in the totals), then the
    tally of games won goes on between games; a one-off's game over carries nothing."""
    table = campaign_table()
    table.execute(Score(HENDRY, 3, "held the ford"))
    table.execute(EndGame())
    table.execute(GainLevel("Ma Hendry", "Tough"))
    known = view.table_knows(table.state)
    leaving = view.table_stands(known, leaving=True)
    assert leaving == (
        "game 1's aftermath, still open (levels gained by Ma Hendry; no hired gun kept for "
        "good yet): it comes first next session, and the hired guns not kept move on as it "
        f"closes; games won so far: {HENDRY} 1, {COLE} 0 (of 1 played)"), leaving
    taken = view.table_stands(known)
    assert taken is not None and taken.startswith("game 1's aftermath, still open (")
    assert "), to be closed first this session; games won so far: " in taken, taken
    table.execute(CloseAftermath())
    between = view.table_stands(view.table_knows(table.state), leaving=True)
    assert between == (f"the campaign between games, game 2 next; games won so far: "
                       f"{HENDRY} 1, {COLE} 0 (of 1 played)"), between
    # a game under way: where it stands, its scores, and the games won before it
    for player in (HENDRY, COLE):
        for n in range(5):
            table.execute(Enlist(player, Recruit(f"{player} gun {n}", GUNSLINGER,
                                                 "Revolver", hired=True)))
    table.execute(StartGame(unshuffled()))
    under = view.table_stands(view.table_knows(table.state), leaving=True)
    assert under == (f"game 2, its gangs not yet deployed; games won so far: {HENDRY} 1, "
                     f"{COLE} 0 (of 1 played)"), under
    # nothing under way nor carried: nothing said
    assert view.table_stands(view.table_knows(RULES.initial_state())) is None
    assert view.dealer_stands(RULES.initial_state(), leaving=True) is None
    one = one_off()
    one.execute(EndGame())
    assert view.table_stands(view.table_knows(one.state), leaving=True) is None
    assert view.dealer_stands(one.state, leaving=True) is None


def test_a_session_that_carries_nothing_has_neither_part(tmp_path: Path) -> None:
    """The sample's first session took nothing up; played to its game's end (a one-off:
    nothing goes on), it leaves nothing either."""
    campaign: Campaign[DevilsBluffState] = open_campaign(
        write_sample(SAMPLES[0], tmp_path), rules_for)
    campaign.execute(EndGame())
    campaign.end_session()
    for dealer in (False, True):
        told = render(recap.build(campaign, 1, view, dealer=dealer), "txt")
        parts = _parts(told)
        assert "Taken up from the session before" not in parts, told
        assert "Goes on next session" not in parts, told
        assert "Won and lost" in parts, told
    campaign.close()


def test_the_table_s_words_are_made_of_what_the_table_knows() -> None:
    """The table's hook takes `TableKnows`, which holds how many cards each player has and
    never which: a hand given the rarest cards is not named, with a model half-way."""
    table, shooter, _ = attack_ready()
    table.give(COLE, "As Ks Qs Js Ts")
    known = view.table_knows(table.state)
    for leaving in (False, True):
        told = view.table_stands(known, leaving=leaving)
        assert told is not None and f"with {shooter}'s activation half-way" in told, told
        assert not any(str(c) in told for _, hand in table.state.hands for c in hand), told
        assert "held" not in told and "hand" not in told, told


def test_before_a_game_every_unready_gang_is_named() -> None:
    """After a game's aftermath both gangs were a revolver short; the refusal named the
    Hendry Boys alone, and the Regulators' player learned of his only once they were fixed."""
    table = _campaign_after_a_game()
    table.execute(CloseAftermath())
    refusal = why_not_start_game(table.state)
    assert refusal is not None
    assert refusal.rule == "Controlled choice", refusal
    assert refusal.message == (
        "The Hendry Boys: 1 model carries a revolver; hiring by choice needs at least 5. "
        "Regulators: 1 model carries a revolver; hiring by choice needs at least 5"), refusal
    for n in range(4):
        table.execute(Enlist(ANN, Recruit(f"{ANN} gun {n}", GUNSLINGER, "Revolver", hired=True)))
    refusal = why_not_start_game(table.state)
    assert refusal is not None and refusal.message.startswith("Regulators: "), refusal
