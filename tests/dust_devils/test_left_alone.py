"""What round 10 left alone, and the shared kit's new pieces (round 11): each test asserts
the words a Dealer or the table reads where round 10 found them odd."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmscreen import cli
from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import (
    Call,
    Deal,
    DealerFolds,
    Entrant,
    MakeCharacter,
    OpenConflict,
    SetDevilRating,
    SetWinnerCard,
    Sheet,
)
from gmscreen.games.dust_devils.rules import RULES
from gmscreen.games.dust_devils.sample import TOM, ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal.kinds import kind_name
from gmscreen.journal.sections import Grid, as_text
from gmscreen.ui.form import Form
from gmscreen.ui.players import PlayersApp
from tests.dust_devils.game import Table, sample
from tests.dust_devils.test_at_the_table import SIZES, _blank, _rope_for_the_mayor, read
from tests.dust_devils.test_panes import watched
from tests.dust_devils.test_players_side import _last_stand, _zeke_at_zero
from tests.pilot import form_up, screen_text, synchronous, to_tab, until


def _seen(state: DustDevilsState) -> str:
    return " ".join(as_text(view.table_sections(view.table_knows(state))).split())


def _zeke_in_his_last_conflict() -> Table:
    """Zeke's Guts taken to 0 in a bar fight, then his last conflict, with Guts, dealt."""
    table = _last_stand(stud=3)
    table.do(Deal(((ZEKE.name, ("Ks", "Kd", "2h", "5c", "7d", "9s", "Jh")),
                   ("Dealer", ("2c", "4d", "6s")))))
    return table


def test_after_the_call_the_last_conflict_is_told_in_the_past() -> None:
    # line 319: the conflict using the attribute at 0 is the last; once called, "Zeke
    # enters at 0" read on under the outcome as if he were still to enter
    table = _zeke_in_his_last_conflict()
    before = f"{ZEKE.name} enters at 0: the last conflict on the Road to Hell."
    assert before in view.conflict_lines(table.state) and before in _seen(table.state)
    table.do(Call(((ZEKE.name, ("Ks", "Kd", "Jh", "9s", "7d")),
                   ("Dealer", ("2c", "4d", "6s")))))
    after = f"{ZEKE.name} entered at 0: this was the last conflict on the Road to Hell."
    dealer, seen = view.conflict_lines(table.state), _seen(table.state)
    assert after in dealer and after in seen
    assert "enters at 0" not in " ".join(dealer) and "enters at 0" not in seen


def test_a_title_ending_in_a_question_mark_reads_whole_in_the_log() -> None:
    # the log said "Conflict 1, Who swings on the gallows?: Zeke Munroe (...)", a "?:" read
    # as a slip, and "Who swings on the gallows? ends: ..." ran the title into its end
    table = Table()
    table.do(MakeCharacter(ZEKE))
    table.do(MakeCharacter(TOM))
    table.start_session()
    title = "Who swings on the gallows?"
    table.do(OpenConflict(title, (Entrant(ZEKE.name, "cut the rope", ("Hand", "Eye")),
                                  Entrant(TOM.name, "hang him", ("Hand", "Eye")))))
    table.do(DealerFolds())
    told = [RULES.describe(e) for e in table.events if e.kind.startswith("dust_devils.")]
    opened = next(line for line in told if line.startswith("Conflict 1"))
    assert opened.startswith(f"Conflict 1, {title} — {ZEKE.name} (Hand + Eye")
    assert "?:" not in " ".join(told)
    assert f'The Dealer folds "{title}"' in told
    assert any(line.startswith(f'"{title}" ends: ') for line in told)
    # the recap's paragraph, headed by the title, still tells who entered
    event = next(e for e in table.events if e.kind == "dust_devils.conflict_opened")
    recap = view.table_tells(event, known=view.table_knows(table.state))
    assert recap is not None and recap.startswith(f"Conflict 1: {ZEKE.name} (Hand + Eye")
    # a title with no mark of its own keeps its colon
    table.do(OpenConflict("The jailbreak", (Entrant(ZEKE.name, "out", ("Hand", "Eye")),),
                          stud=5))
    assert RULES.describe(table.events[-1]).startswith(f"Conflict 2, The jailbreak: {ZEKE.name}")


def test_the_characters_key_says_only_the_marks_its_rows_show() -> None:
    # the key under the Characters table and the players' posse explained "3/4" and "?"
    # under rows with neither, marks the Dealer then looked for in vain
    table = Table()
    table.do(MakeCharacter(ZEKE))
    grid = view.character_grid(table.state)
    assert grid.note == ""  # no session yet: the Devil is not owed; Zeke's Chips are his
    table.do(MakeCharacter(TOM))
    assert view.character_grid(table.state).note == "-: none."  # Long Tom has no Chips
    table.start_session()
    note = view.character_grid(table.state).note
    assert note == "-: none. ?: the Devil not yet set this session."
    assert "3/4" not in note
    table.do(SetDevilRating(ZEKE.name, 2))
    assert "?" not in view.character_grid(table.state).note
    posse = next(s for s in view.table_sections(view.table_knows(table.state))
                 if s.title == "The posse")
    assert isinstance(posse, Grid) and posse.note == ""
    _zeke_at_zero(table)
    assert view.character_grid(table.state).note == "3/4: Difficulty left 3 of 4. -: none."
    posse = next(s for s in view.table_sections(view.table_knows(table.state))
                 if s.title == "The posse")
    assert isinstance(posse, Grid) and posse.note == "3/4: Difficulty left 3 of 4."


def test_a_minor_character_made_at_0_is_not_on_the_road_to_hell() -> None:
    # lines 317-321, 367-371: the Road to Hell is a character's with a Devil, whose rating
    # deals in place of the attribute at 0; a townsman made with every attribute at 0
    # read "On the Road to Hell" and "last leg"
    table = Table()
    table.do(MakeCharacter(Sheet("Frightened clerk", player=False, ratings=(0, 0, 0, 0))))
    clerk = table.state.characters[0]
    assert view.status(clerk) == ""
    assert not any("Road to Hell" in line for line in view.sheet_lines(clerk, table.state))
    # one of the Dealer's with a Devil is on it, as a player character is
    table.do(MakeCharacter(Sheet("Black Bart", player=False, ratings=(0, 3, 3, 3),
                                 devil="greed", devil_rating=2)))
    bart = table.state.characters[1]
    assert view.status(bart) == "last leg"
    assert any(line.startswith("On the Road to Hell") for line in view.sheet_lines(bart,
                                                                                 table.state))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@synchronous
async def test_before_the_first_session_the_conflict_tab_points_to_f5(
        tmp_path: Path, size: tuple[int, int]) -> None:
    # a new campaign with its sheets made: the Conflict tab offered "Add each character
    # entering the conflict with a", and nothing said that a session starts first, where
    # each player sets the Devil rating (line 115)
    campaign = _blank(tmp_path / "c")
    campaign.execute(MakeCharacter(ZEKE))
    app, _ = watched(campaign)
    async with app.run_test(size=size) as pilot:
        await to_tab(pilot, "Conflict")
        shown = read(app)
        assert ("f5 starts session 1, where each player sets the Devil rating; then add "
                "each character entering the conflict with a, and open it with o.") in shown
        await pilot.press("f5")
        await until(pilot, lambda: campaign.state.in_session)
        # f5 opens the Devils' form on the Characters tab (round 33b); left with escape,
        # the Conflict tab says what comes first
        await form_up(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: "starts session" not in read(app))
        assert "Each player sets the Devil rating for session 1 first" in read(app)
    campaign.close()


@synchronous
async def test_at_80_columns_the_stud_hand_and_the_names_of_earlier_conflicts_stay_whole(
        tmp_path: Path) -> None:
    # the conflict's heading wrapped "... the Dealer's Five Card" / "Stud", and the earlier
    # conflicts '("Gentleman"' / 'Jim Harris won; ...': each read as two things
    campaign = sample(tmp_path / "c", _rope_for_the_mayor)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await app.workers.wait_for_complete()
        await pilot.pause()
        rows = [row.replace("\u00a0", " ") for row in screen_text(app).splitlines()]
        assert rows[3].strip().startswith("Conflict 6 (the Deal): Rope for the mayor")
        assert any(row.strip() == "Five Card Stud" for row in rows[3:5])
        told = [row for row in rows if "Jim Harris" in row or '"Gentleman"' in row]
        assert told and all('"Gentleman" Jim Harris' in row for row in told)
    campaign.close()


def test_the_log_names_its_kinds_in_the_games_words(tmp_path: Path, capsys: Any) -> None:
    # the log's filter, its detail line and `gmscreen log --kind` named kinds by their ids:
    # "Entrant added", "Winner card set", "Carry over ruled", where the tabs say "add each
    # character entering the conflict", "Winner's card rule", "Damage carries over"
    names = {"entrant_added": "Added to the next conflict",
             "entrants_withdrawn": "Taken out of the next conflict",
             "point_restored": "Point back by narrating",
             "winner_card_set": "Winner's card rule",
             "carry_over_ruled": "Damage carries over"}
    for kind, name in names.items():
        assert kind_name(f"dust_devils.{kind}") == name
    campaign = sample(tmp_path / "c", _rope_for_the_mayor)
    campaign.execute(SetWinnerCard(True))
    path = campaign.store.path  # type: ignore[union-attr]
    campaign.close()
    capsys.readouterr()
    assert cli.main(["log", str(path), "--kind", "winner's card rule"]) == 0
    by_name = capsys.readouterr().out
    assert "Optional rule: a card more" in by_name and "Cards dealt" not in by_name
    assert cli.main(["log", str(path), "--kind", "dust_devils.winner_card_set"]) == 0
    assert capsys.readouterr().out == by_name  # the id in the journals stays


@synchronous
async def test_on_a_phone_the_names_the_conflict_waits_for_stay_whole(tmp_path: Path) -> None:
    # at 40 columns the players' screen read "Still to draw or stand pat: Zeke" / "Munroe
    # and "Long" Tom Meredith; then the Call.": one name read as two
    campaign = sample(tmp_path / "c")  # the jail conflict at the Draw
    path = campaign.store.path  # type: ignore[union-attr]
    campaign.close()
    app = PlayersApp(path)
    async with app.run_test(size=(40, 30)) as pilot:
        await until(pilot, lambda: "Still to draw" in screen_text(app))
        await pilot.pause()
        rows = [row.replace("\u00a0", " ") for row in screen_text(app).splitlines()]
        at = next(i for i, row in enumerate(rows) if "Still to draw" in row)
        told = rows[at:at + 4]
        assert any("Zeke Munroe" in row for row in told), told
        assert any('"Long" Tom Meredith' in row for row in told), told


@synchronous
async def test_on_a_tv_the_posse_reads_its_marks_in_words(tmp_path: Path) -> None:
    # the kit's wide rows: on a TV the posse read "2/3" with a key under it; where every
    # row fits it reads "2 of 3" and needs none. A phone keeps the short rows and the key
    campaign = sample(tmp_path / "c")  # Luke's Heart at 2 of 3
    path = campaign.store.path  # type: ignore[union-attr]
    posse = next(s for s in view.table_sections(view.table_knows(campaign.state))
                 if s.title == "The posse")
    assert isinstance(posse, Grid) and posse.wide and posse.wide_note == ""
    heart = posse.columns.index("Heart♥")
    assert [row[heart] for row in posse.wide] == ["2", "2", "4", "2 of 3"]
    assert [row[heart] for row in posse.rows] == ["2", "2", "4", "2/3"]
    campaign.close()
    app = PlayersApp(path)
    async with app.run_test(size=(200, 50)) as pilot:
        # the posse's heading comes before its rows (and, on a loaded machine, its table
        # made again for the room): its rows waited for, not one pause
        await until(pilot, lambda: "2 of 3" in screen_text(app))
        shown = screen_text(app)
        assert "2/3" not in shown and "Difficulty left" not in shown
