"""The screen at the table, small and large (round 10): a session played in tmux at 80x24
and 200x50, with the players' screen at 40x30 and 80x24 beside it, looked at as a Dealer
with one glance to spare: the set-up before any model, the game before its deployment, the
odds line of a model, the notes under the tables. Each test asserts what the Dealer reads
at 80x24."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.combat import targets
from gmscreen.games.devils_bluff.commands import (
    Activate,
    ChooseSetUp,
    EndActivation,
    EndGame,
    Enlist,
    FoundGang,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import LEADER, Recruit
from gmscreen.games.devils_bluff.panes.conflict import attack_readings
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.games.devils_bluff.turns import activatable
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.sections import Lines, as_text
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.players import PlayersApp
from tests.devils_bluff.helpers import pick, table_sections
from tests.devils_bluff.test_campaign_evenings import game_begun
from tests.devils_bluff.test_third_look import fresh
from tests.pilot import fill, opened, screen_text, synchronous, to_tab, until

ONE_OFF = SAMPLES[0]


def rows(app: App[Any]) -> list[str]:
    """The screen's rows, each without the spaces at its ends."""
    return [row.strip() for row in screen_text(app).splitlines()]


@synchronous
async def test_no_note_calls_rf_rapid_fire_beside_the_rf_rifle(tmp_path: Path) -> None:
    """Round 9 left the notes under the roster and the models saying "RF: Rapid Fire"
    beside Joe Two Moons' RF Rifle, the one gun with no Rapid Fire rule (module lines
    181-186; F1, the Attack form and the Guns section say so). No note says it now; F1's
    entry for RF Rifle names the gun whole."""
    campaign = open_campaign(write_sample(ONE_OFF, tmp_path), rules_for)
    assert "RF Rifle" in {row[2] for row in view.roster_grid(campaign.state).rows}
    for note in (view.ROSTER_NOTE, view.MODEL_NOTE, view.roster_note(campaign.state)):
        assert "RF" not in note, note
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        for tab in ("Characters", "Conflict"):
            await to_tab(pilot, tab)
            shown = " ".join(screen_text(app).split())
            assert "card a test needs" in shown and "RF: Rapid Fire" not in shown, shown
    campaign.close()


@synchronous
async def test_before_the_deployment_the_agreement_is_one_row_above_the_roll_off(
        tmp_path: Path) -> None:
    """Before the deployment's roll-off the Conflict tab said "Press y to draw ..." and
    then, on two rows at 80 columns, "Before it the players agree the terrain and the
    objectives, and what each scores (the book has no missions; s gives the points)": what
    comes first read second, cut in two. It is one row now, above the step; F1's Mission
    says the rest. Nobody holds a card before round 1's deal, and the two rows that said
    "Ann: no cards", "Bob: no cards" are gone, leaving them to the models."""
    campaign = fresh(tmp_path, *game_begun())
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = rows(app)
        agree = shown.index(view.AGREE_FIRST_KEY)  # with o, its key, since round 13
        assert shown[agree + 1].startswith("Press y to draw for who picks a deployment"), shown
        assert not any(row.endswith("no cards") for row in shown), shown
        assert "Ann gun 4" in "\n".join(shown)  # the rows the hands gave up
    first = table_sections(view.table_knows(campaign.state))[0]
    assert isinstance(first, Lines) and view.AGREE_FIRST in first.lines
    campaign.close()


@synchronous
async def test_the_odds_line_breaks_between_two_tests_not_inside_one(tmp_path: Path) -> None:
    """At 80x24 Sheriff Cole's odds line broke "DEF 5+ 31" from its "(67%)": the share
    opened the next row, where it read as a number of its own. A row ends where one test's
    chance does."""
    campaign = open_campaign(write_sample(ONE_OFF, tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = rows(app)
        odds = next(i for i, row in enumerate(shown) if row.startswith("Next card for"))
        assert shown[odds].endswith("SKL 7+ 26 (57%) ·"), shown[odds]
        assert shown[odds + 1].startswith("DEF 5+ 31 (67%) · CMD 7+ 26 (57%) · of 46"), shown
    campaign.close()


@synchronous
async def test_before_any_model_the_roster_is_not_headings_over_nothing(
        tmp_path: Path) -> None:
    """Before the set-up, and after it with no gang founded, the Characters tab showed the
    roster's eleven headings over an empty table and the note on their short words, and
    under them (with the set-up sent) only the settings: nothing said the gangs were next.
    The table and its note wait for the first model, and the first line says what the
    next game wants and the key: "Before game 1 (Gangs): a game needs two gangs; o founds
    one."."""
    campaign = fresh(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        shown = rows(app)
        assert "No set-up yet: press m to choose a campaign or a one-off." in shown, shown
        assert not any(row.startswith("Model") for row in shown), shown
        assert not any("card a test needs" in row for row in shown), shown
        await fill(pilot, "m", mode="one-off")
        await until(pilot, lambda: campaign.state.mode == "one-off")
        await pilot.pause()
        shown = rows(app)
        assert "Before game 1 (Gangs): a game needs two gangs; o founds one." in shown, shown
        assert not any(row.startswith("Model") for row in shown), shown
        await fill(pilot, "o", player="Ann", name="Crows")
        await fill(pilot, "o", player="Bob", name="Hawks")
        await until(pilot, lambda: len(campaign.state.gangs) == 2)
        await pilot.pause()
        text = "\n".join(rows(app))
        assert "; o founds one" not in text
        assert "Crows: the gang has no Gang Leader yet" in " ".join(text.split()), text
    campaign.close()


@synchronous
async def test_the_attack_form_agrees_only_the_readings_its_attack_can_turn_on(
        tmp_path: Path) -> None:
    """At 80x24 Eli Crane's Attack form opened with four rows of every reading agreed
    ("... Stealth counts in assault range; ... Rending hurts before Defence; Suppressing:
    a token an attack; ...") above the Target, and its last field, the table's own cards,
    lay below the fold. A Revolver has neither Rending nor Suppressing and no Hendry model
    has Stealth: those three are left out, and the whole form is in sight."""
    campaign = open_campaign(write_sample(ONE_OFF, tmp_path), rules_for)
    campaign.execute(Activate("Eli Crane"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "f")
        await pilot.pause()
        assert form.note.startswith("Agreed: Rapid Fire doubles ATT; in assault range"), form.note
        for reading in ("Stealth", "Rending", "Suppressing"):
            assert reading not in form.note, form.note
        shown = screen_text(app)
        assert "Table's cards" in shown and "Send (ctrl+s)" in shown, shown
        await pilot.press("escape")
        # a Shotgun has Rending, and Ruth Cole has Stealth: both are agreed where they count
    campaign.close()
    readings = attack_readings(campaign.state, "Ma Hendry",
                               list(targets(campaign.state, "Ma Hendry")), False)
    assert "rending" in readings and "stealth_in_assault" in readings, readings
    assert "suppressing" not in readings and "rapid_fire" not in readings, readings


@synchronous
async def test_the_models_note_is_one_row_so_a_sixth_model_is_in_sight(
        tmp_path: Path) -> None:
    """Mid-game at 80x24 the note under the models took two rows ("HP: left of its own.
    ... MOV: inches moved. ...") and the table five: Sheriff Cole's sixth model, Hattie,
    was a scroll away at every glance. The note keeps to the short words a column writes
    (Tok, ACT, SKL DEF CMD) on one row; F1 has every heading."""
    assert len(view.MODEL_NOTE) <= 78
    campaign = open_campaign(write_sample(ONE_OFF, tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = rows(app)
        assert view.MODEL_NOTE in shown, shown
        assert any(row.startswith("Hattie ") for row in shown), shown
    campaign.close()


@synchronous
async def test_a_one_off_over_reads_the_same_on_both_screens(tmp_path: Path) -> None:
    """Once the one-off's game ended, the Dealer's tabs said "The one-off is over: its
    game (1) has been played, and a one-off has no other", the game's number read as a
    count, where the players' screen said "its one game is played". Both say the table's
    words; the Dealer's add the way on."""
    campaign = open_campaign(write_sample(ONE_OFF, tmp_path), rules_for)
    campaign.execute(EndGame("shots at the livery"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = " ".join(screen_text(app).split())
        assert ("The one-off is over: its one game is played. Another one-off is a new file "
                "(gmscreen new).") in shown, shown
        assert "(1)" not in shown
    table = table_sections(view.table_knows(campaign.state))
    assert "The one-off is over: its one game is played." in as_text(table)
    campaign.close()


@synchronous
async def test_after_the_last_round_the_status_says_what_x_does(tmp_path: Path) -> None:
    """Once every model had activated in round 5 of 5 the status read "The last round is
    over: press x", a key with nothing said of it (x is End game in the footer, three words
    among nine). It says what x does and how the game is won (digest 2.1)."""
    campaign = open_campaign(write_sample(ONE_OFF, tmp_path), rules_for)
    for round_ in range(5):
        if round_:
            campaign.execute(StartRound(shuffle_order(campaign.rng("round"))))
        while activatable(campaign.state):
            model = activatable(campaign.state)[0]
            campaign.execute(Activate(model))
            campaign.execute(EndActivation(model))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = rows(app)
        assert "Game 1 · Round 5 of 5 done" in shown, shown
        assert ("The last round is over: press x to end the game (the higher score wins)"
                in shown), shown
    campaign.close()


@synchronous
async def test_the_players_screen_has_no_headings_over_a_gang_with_no_model(
        tmp_path: Path) -> None:
    """At 80x24 the players' screen gave "Gangs" before any gang, and a founded gang
    before its first model, the roster's ten column headings over nothing, the words
    "No model has joined Ben's gang yet." under them. The gang's title and those words
    alone, until a model joins."""
    campaign = fresh(tmp_path, ChooseSetUp("one-off"))
    path = campaign.store.path  # type: ignore[union-attr]
    app = PlayersApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "No gang is founded yet." in screen_text(app))
        assert not any(row.startswith("Model ") for row in rows(app)), rows(app)
        campaign.execute(FoundGang("Ann", "Crows"))
        campaign.execute(FoundGang("Ben", "Hawks"))
        campaign.execute(Enlist("Ann", Recruit("Hester", LEADER, "Revolver",
                                               ("Quick", "Deft", "Tough", "Cunning"))))
        await until(pilot, lambda: "No model has joined Ben's gang yet." in screen_text(app)
                    and "Hester " in screen_text(app))
        shown = rows(app)
        headed = [row for row in shown if row.startswith("Model ")]
        assert len(headed) == 1, "\n".join(shown)  # Ann's table alone has its headings
        ben = shown.index("Ben's gang: Hawks")
        assert shown[ben + 1] == "No model has joined Ben's gang yet.", shown
    campaign.close()


@synchronous
async def test_after_a_game_the_models_are_read_from_the_top(tmp_path: Path) -> None:
    """A game ended with the cursor low in the models (on Quill, the twentieth): between
    games the table kept it there, scrolled, and at 80x24 it began at a middle row with Ma
    Hendry, the first, out of sight. Between games no key works on a model, so the table
    is read from its top."""
    campaign = open_campaign(write_sample(ONE_OFF, tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        pick(pilot, "#bluff-models", "Quill")
        await pilot.pause()
        await fill(pilot, "x", note="agreed")
        await until(pilot, lambda: campaign.state.battle is None)
        await pilot.pause()
        shown = rows(app)
        heading = next(i for i, row in enumerate(shown) if row.startswith("Model "))
        assert shown[heading + 1].startswith("Ma Hendry "), "\n".join(shown)
    campaign.close()
