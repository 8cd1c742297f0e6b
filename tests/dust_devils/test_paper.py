"""Round 13, nothing left to paper: what earlier rounds left alone, and what a Dealer running
the book cold would otherwise keep on a notepad. Each test asserts the words a Dealer or the
table reads where the app said them wrong, twice, or not at all."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.cast import CLARA, JACK, JIM, LUKE, MERRILL, PLAYERS, TOM, ZEKE
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    Call,
    Deal,
    EndConflict,
    Entrant,
    MakeCharacter,
    MakeHangedManCast,
    OpenConflict,
    RecordFate,
    SetDevilRating,
    SetSessionDevils,
)
from gmscreen.games.dust_devils.rules import RULES
from gmscreen.journal.sections import Grid, Lines, as_text
from tests.dust_devils.game import Table, hanged_man_table, sample
from tests.dust_devils.test_at_the_table import _blank, read
from tests.dust_devils.test_panes import watched
from tests.dust_devils.test_players_side import _last_stand, _zeke_at_zero
from tests.dust_devils.test_rules import refused
from tests.pilot import about, glossary_entry, opened, screen_text, synchronous, to_tab, until


def _section(sections: Sequence[object], title: str) -> Grid | Lines | None:
    return next((s for s in sections
                 if isinstance(s, Grid | Lines) and s.title == title), None)


def _zeke_dies_in_session_one(table: Table) -> None:
    """Zeke's Guts taken to 0, his last conflict (with Guts) lost, and his death recorded."""
    table.do(SetDevilRating(ZEKE.name, 2))
    _zeke_at_zero(table)
    table.do(OpenConflict("Last stand", (Entrant(ZEKE.name, "go down fighting",
                                                 ("Hand", "Guts")),), stud=5))
    zeke = ("2s", "4d", "6h", "8h", "9s", "Jd", "3s")
    dealer = ("2c", "5c", "8c", "Jc", "Kc")
    table.do(Deal(((ZEKE.name, zeke), ("Dealer", dealer))))
    table.do(Call(((ZEKE.name, zeke[:5]), ("Dealer", dealer))))
    table.do(EndConflict())
    table.do(RecordFate(ZEKE.name, "dies"))


def test_the_posse_on_the_players_screen_is_who_plays_on() -> None:
    """A player character who left play stayed in the players' posse, his last numbers
    ("0/3", "left play") beside the living, sessions after, and was named under "Gone from
    play" too (stops 40, 43); a non-player character gone stayed among the others met as
    "left play" and under "Gone from play". Each is now named once, under "Gone from
    play"; the posse and the others met are those in play, as the recap's "At the table"."""
    table = Table()
    for sheet in (JACK, ZEKE, TOM):
        table.do(MakeCharacter(sheet))
    table.start_session()
    _zeke_dies_in_session_one(table)
    table.end_session()
    table.do(MakeCharacter(LUKE))
    table.start_session()
    sections = view.table_sections(view.table_knows(table.state))
    posse = _section(sections, "The posse")
    assert isinstance(posse, Grid)
    assert [row[0] for row in posse.rows] == [JACK.name, LUKE.name]
    assert "left play" not in as_text([posse])
    # the key under it no longer explains "3/4" for his Guts 0 of 3: no row shows it
    assert "3/4" not in posse.note
    gone = _section(sections, "Gone from play")
    assert isinstance(gone, Lines) and gone.lines == (f"{ZEKE.name}: dies",)
    assert as_text(sections).count(ZEKE.name) == 1 + as_text(sections).count(
        "Zeke Munroe narrated")
    # with every player character gone, the posse says so rather than "none made"
    lone = Table()
    lone.do(MakeCharacter(ZEKE))
    lone.start_session()
    _zeke_dies_in_session_one(lone)
    posse = _section(view.table_sections(view.table_knows(lone.state)), "The posse")
    assert isinstance(posse, Grid) and not posse.rows
    assert posse.note == "No player character is in play."


def test_a_non_player_character_gone_is_named_once_for_the_table(tmp_path: Path) -> None:
    # the sample: Clara Hardin moved on in session 1, after the table met her
    campaign = sample(tmp_path / "c")
    sections = view.table_sections(view.table_knows(campaign.state))
    others = _section(sections, "Others met")
    assert isinstance(others, Grid)
    assert [row[0] for row in others.rows] == ['"Long" Tom Meredith']
    assert others.columns == ("Name", "Vocation")
    gone = _section(sections, "Gone from play")
    assert isinstance(gone, Lines) and gone.lines == ("Clara Hardin: moves on",)
    campaign.close()


def test_the_conflict_tab_keeps_what_swayed_each_hand_once_the_conflict_opens() -> None:
    """While a hand was being added its row said "trait, Chip, Devil +2"; once the conflict
    opened the Status column held only "at 0", "drawn", "folded", and why Zeke had twelve
    cards was in the log alone (stop 40). The marks stay, the Dealer's own hands' too."""
    table = hanged_man_table()
    table.do(SetDevilRating(ZEKE.name, 2))
    entrants = (Entrant(ZEKE.name, "cross the saloon", ("Hand", "Guts"), trait=True,
                        devil=2, chip=True),
                Entrant(TOM.name, "break his jaw", ("Hand", "Guts"), trait=True),
                Entrant(JACK.name, "keep out of it", ("Eye", "Heart")))
    for entrant in entrants:
        table.do(AddEntrant(entrant))
    before = [view.entering_row(table.state, e)[2] for e in table.state.entering]
    assert before == ["trait, Chip, Devil +2", "trait", ""]
    table.do(OpenConflict("The brawl at the Red Roof", entrants))
    conflict = table.state.conflict
    assert conflict is not None
    rows = {p.name: view.hand_row(conflict, p) for p in conflict.participants}
    assert rows[ZEKE.name][1] == "♠♣ 12"  # Hand 5 + Guts 3, a trait, a Chip, the Devil 2
    assert rows[ZEKE.name][3] == "trait, Chip, Devil +2"
    assert rows[TOM.name][3] == "trait"
    assert rows[JACK.name][3] == ""


def _last_stand_won(stakes: int) -> Table:
    table = _last_stand(stud=5, stakes=stakes)
    zeke = ("Ks", "Kd", "Kh", "5c", "7d", "9s", "Jh")
    dealer = ("2c", "4d", "6s", "8h", "Td")
    table.do(Deal(((ZEKE.name, zeke), ("Dealer", dealer))))
    table.do(Call(((ZEKE.name, zeke[:5]), ("Dealer", dealer))))
    return table


def test_stakes_won_in_a_last_conflict_go_on_the_sheet_and_leave_play_with_him() -> None:
    """Zeke, at 0 in Guts, wins his last conflict with Stakes 2 (stop 40: who takes them,
    and what the app says). The reading: he won them, so they are paid to him (line 301
    keeps Stakes only from who folds) and go on his sheet, whose Chips leave play with him
    (the Chips are the sheet's, lines 756-760). Both screens say so where the Stakes are,
    so the Dealer handing the Chips across knows what they are for."""
    table = _last_stand_won(2)
    last = f"it is {ZEKE.name}'s last conflict: they leave play with him"
    assert view.stakes_paid(table.state) == f"2 Chips to {ZEKE.name}; {last}"
    seen = " ".join(as_text(view.table_sections(view.table_knows(table.state))).split())
    assert f"Its end pays the Stakes: 2 Chips to {ZEKE.name}; {last}." in seen
    table.do(EndConflict())
    zeke = table.state.character(ZEKE.name)
    assert zeke is not None and zeke.chips == 3 + 2 and zeke.fate_due
    table.do(RecordFate(ZEKE.name, "dies"))
    zeke = table.state.character(ZEKE.name)
    assert zeke is not None and zeke.chips == 5 and not zeke.in_play
    # F1's Stakes says it too
    stakes = glossary_entry("gmscreen.games.dust_devils", "Stakes").means
    assert "last conflict" in stakes and "leave play with him" in stakes
    # a winner who plays on is paid as before, with no word of leaving
    other = Table()
    other.do(MakeCharacter(ZEKE))
    other.start_session()
    other.do(OpenConflict("A fair fight", (Entrant(ZEKE.name, "win", ("Hand", "Guts")),),
                          stud=5, stakes=1))
    zeke_holds = ("Ks", "Kd", "Kh", "5c", "7d", "9s", "Jh", "2d")
    other.do(Deal(((ZEKE.name, zeke_holds), ("Dealer", ("2c", "4d", "6s", "8h", "Td")))))
    other.do(Call(((ZEKE.name, zeke_holds[:5]), ("Dealer", ("2c", "4d", "6s", "8h", "Td")))))
    assert view.stakes_paid(other.state) == f"1 Chip to {ZEKE.name}"


@synchronous
async def test_the_fold_forms_who_says_whose_player_folds_and_pays(tmp_path: Path) -> None:
    # stop 39: the fold form's Who showed only how to pick from a list
    campaign = sample(tmp_path / "c")  # the jail conflict, at the Draw
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "f")
        assert about(form, "name") == view.FOLD_WHO
        assert "Chip" in view.FOLD_WHO and "before the Call" in view.FOLD_WHO
    campaign.close()


def test_the_hanged_mans_cast_is_made_in_one_step_from_the_books_sheets() -> None:
    """A Dealer running the book's scenario (line 411: an introductory session) in a
    campaign of his own typed its seven sheets from the book, field by field: the app
    held them only in the sample, mid-play. One step makes them: those of the four player
    characters the table plays (line 447; any left out for a player's own since round 22)
    and the three non-player characters, each sheet as the book prints it (the numbers
    checked by test_book's BOOK)."""
    table = Table()
    made = table.do(MakeHangedManCast((JIM.name, ZEKE.name)))
    assert {e.step for e in made} == {1}  # one step: undo takes back the cast whole
    names = [w.name for w in table.state.characters]
    assert names == [JIM.name, ZEKE.name, CLARA.name, MERRILL.name, TOM.name]
    for sheet in (JIM, ZEKE, CLARA, MERRILL, TOM):
        who = table.state.character(sheet.name)
        assert who is not None
        assert (who.ratings, who.devil_rating, who.chips, who.knacks, who.player) == (
            sheet.ratings, sheet.devil_rating, sheet.chips, sheet.knacks, sheet.player)
    assert RULES.problems(table.state) == []
    # made once: a second time, or in a campaign where one of them has a sheet, is refused
    twice = refused(table, MakeHangedManCast((JIM.name, JACK.name)), "Characters")
    assert "a sheet already" in twice.message
    by_hand = Table()
    by_hand.do(MakeCharacter(TOM))
    assert "Tom Meredith has a sheet already" in refused(
        by_hand, MakeHangedManCast((JIM.name, LUKE.name)), "Characters").message
    # only the four (which of them, the Dealer's pick since round 22: test_dealers_calls)
    blank = Table()
    assert "none of" in refused(blank, MakeHangedManCast((JIM.name, "Bang McCreedy")),
                                "Characters").message
    blank.do(MakeHangedManCast(tuple(s.name for s in PLAYERS)))
    assert len(blank.state.characters) == 7


@synchronous
async def test_a_new_campaign_offers_the_hanged_mans_cast_by_a_key(tmp_path: Path) -> None:
    campaign = _blank(tmp_path / "c")
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        assert "or H for The Hanged Man's cast" in read(app)
        form = await opened(pilot, "H")
        assert "should run \"Gentleman\" Jim Harris" in about(form, "players")
        # F1's Hanged Man says where the cast is made
        assert "The Hanged Man's cast (on the Characters tab) makes its sheets" in glossary_entry(
            "gmscreen.games.dust_devils", "The Hanged Man").means
        await pilot.press("ctrl+s")
        await until(pilot, lambda: len(campaign.state.characters) == 7)
        assert "Merrill Randolph" in screen_text(app)
        await pilot.press("ctrl+z")  # one step, taken back whole
        await until(pilot, lambda: not campaign.state.characters)
    campaign.close()


@synchronous
async def test_at_80_columns_many_marks_wrap_in_the_status_column_and_names_stay_whole(
        tmp_path: Path) -> None:
    """Each hand with a trait, a Chip and the Devil, twelve cards at most: with the marks
    kept, the Status column took the room of its longest cell and cut every name to "Zeke
    Munr…". It is as wide as its longest mark where the room is short, the marks wrap in
    it (each whole: "Devil" / "+2" read as two), and the names stay whole."""
    campaign = _blank(tmp_path / "c")
    campaign.execute(MakeHangedManCast(tuple(s.name for s in PLAYERS)))
    campaign.start_session()
    campaign.execute(SetSessionDevils(((JIM.name, 3), (ZEKE.name, 2), (JACK.name, 2),
                                       (LUKE.name, 2))))
    campaign.execute(OpenConflict("The brawl at the Red Roof", (
        Entrant(ZEKE.name, "cross the saloon", ("Hand", "Guts"), devil=2, trait=True,
                chip=True),
        Entrant(JACK.name, "cheat at faro", ("Eye", "Heart"), devil=-2, trait=True,
                chip=True),
        Entrant(TOM.name, "break his jaw", ("Hand", "Guts"), devil=2, trait=True,
                chip=True)),
        stud=5, stakes=1))
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("d")
        await until(pilot, lambda: campaign.state.conflict is not None
                    and campaign.state.conflict.phase == "draw")
        await pilot.pause()
        rows = screen_text(app).replace("\u00a0", " ").splitlines()
        for name in (ZEKE.name, JACK.name, TOM.name):
            assert any(row.startswith(f" {name} ") for row in rows), name
        assert sum("Devil +2" in row for row in rows) == 2
        assert sum("Devil -2" in row for row in rows) == 1
        assert not any(row.rstrip().endswith("Devil") for row in rows)
    campaign.close()
