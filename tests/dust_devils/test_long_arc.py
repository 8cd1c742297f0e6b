"""A campaign's long arc, as a Dealer runs it for weeks: what the sheets, the recaps and the
players' screen say of what happened between sessions and over several of them (Chips
earned and spent, Knacks bought after a session, a character gone from play)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Static

from gmscreen.games import rules_for
from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import (
    BuyKnack,
    EndConflict,
    GiveChips,
    MakeCharacter,
    RaiseKnack,
    RuleCarryOver,
    SetDevilRating,
    SetSessionDevils,
    Sheet,
    TakeDifficulty,
)
from gmscreen.games.dust_devils.panes import CharactersPane
from gmscreen.games.dust_devils.sample import CLARA, JACK, JIM, LUKE, MERRILL, TOM, ZEKE
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from gmscreen.journal.sections import as_text
from gmscreen.ui.confirm import Confirm
from tests.dust_devils.game import hanged_man_table, sample
from tests.dust_devils.test_book import _zeke_at_zero
from tests.dust_devils.test_edges import zekes_last_stand
from tests.dust_devils.test_examples import MCCREEDY
from tests.dust_devils.test_fit import before_claras_fate
from tests.dust_devils.test_panes import watched
from tests.dust_devils.test_session import new_campaign
from tests.dust_devils.test_told import CHANDELIER, _called, luke_shot_at
from tests.pilot import fill, screen_text, synchronous, to_tab, until


def _recap(campaign: Campaign[Any], session: int, *, dealer: bool = False) -> str:
    return render(build(campaign, session, view, dealer=dealer), "txt")


def _two_sessions(tmp_path: Path) -> Campaign[Any]:
    """Session 1: Jim is given 2 Chips for a fine scene; after it, Jim buys Trackin' with
    them and Zeke raises Ridin'; session 2 begins."""
    campaign = open_campaign(new_campaign(tmp_path), rules_for)
    do = campaign.execute
    campaign.start_session()
    do(SetSessionDevils(((JIM.name, 3), (ZEKE.name, 2), (JACK.name, 2), (LUKE.name, 1))))
    do(GiveChips(JIM.name, 2, "a fine scene"))
    campaign.end_session()
    do(BuyKnack(JIM.name, "Trackin'"))
    do(RaiseKnack(ZEKE.name, "Ridin'"))
    campaign.start_session()
    return campaign


def test_the_chips_history_says_what_was_bought_after_a_session(tmp_path: Path) -> None:
    # Trackin' bought between sessions 1 and 2 read "session 1: -2 learns Trackin' at 1",
    # as if bought at the table, where the recap tells it "After the session"
    campaign = _two_sessions(tmp_path)
    jim = campaign.state.character(JIM.name)
    assert jim is not None
    ledger = [line.strip() for line in view.sheet_lines(jim, campaign.state)
              if line.startswith("  ")]
    assert ledger == ["before play: +3 starting Chips", "session 1: +2 a fine scene",
                      "after session 1: -2 learns Trackin' at 1"]
    campaign.close()


def test_the_totals_keep_chips_earned_and_spent_that_came_back_to_where_they_were(
        tmp_path: Path) -> None:
    # Jim, given 2 Chips in session 1 and spending them on Trackin' after it, ended where
    # he began: "Won and lost" left his Chips out, as if none had come or gone
    campaign = _two_sessions(tmp_path)
    for dealer in (False, True):
        told = _recap(campaign, 1, dealer=dealer)
        totals = told[told.index("Won and lost"):]
        assert f"- {JIM.name}: 3 to 3 Chips (2 earned, 2 spent)" in totals
        # one who only spent reads as before
        assert f"- {ZEKE.name}: 3 to 1 Chip\n" in totals
    campaign.close()


def test_the_posse_in_play_comes_first_and_who_left_play_last() -> None:
    # the Characters tab listed every sheet in the order made: Zeke, dead in session 1,
    # stayed at the top, his sheet the first shown as the app opened; McCreedy, made to take
    # his seat after the Dealer's doctor, sat below every non-player character, out of sight
    # at 80x24 once a campaign has a dozen
    table = hanged_man_table()
    table.do(SetDevilRating(ZEKE.name, 2))
    _zeke_at_zero(table)
    zekes_last_stand(table)
    doc = Sheet("Doc Samuelson", False, (2, 3, 2, 3), (("Doctorin'", 3),))
    table.do(MakeCharacter(doc))
    table.do(MakeCharacter(MCCREEDY))
    listed = [row[0] for row in view.character_grid(table.state).rows]
    assert listed == [JIM.name, JACK.name, LUKE.name, MCCREEDY.name,
                      CLARA.name, MERRILL.name, TOM.name, doc.name, ZEKE.name]
    # the players' screen's posse alike: those at the table, then who left it
    assert [p.name for p in view.table_knows(table.state).players] == [
        JIM.name, JACK.name, LUKE.name, MCCREEDY.name, ZEKE.name]


@synchronous
async def test_the_sheet_shown_stays_on_its_character_as_he_leaves_play(
        tmp_path: Path) -> None:
    # Clara's fate recorded, she goes below the living: the highlight goes with her, so the
    # sheet shown is still hers, saying how she left play
    campaign = sample(tmp_path / "hanged", before_claras_fate)
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        for _ in range(4):
            await pilot.press("down")  # Clara, her fate due, still among the Dealer's
        pane = app.screen.query_one(CharactersPane)
        assert (who := pane.selected()) is not None and who.name == CLARA.name
        await fill(pilot, "t", fate="moves on")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: not campaign.state.characters[4].in_play)
        table = pane.query_one(DataTable)
        assert table.cursor_row == len(campaign.state.characters) - 1
        assert (who := pane.selected()) is not None and who.name == CLARA.name
    campaign.close()


def test_the_players_screen_says_how_a_loss_still_carried_was_told() -> None:
    # line 260: a recovery's treatment must fit how the damage was told. The table heard it
    # told, and its screen said it while the conflict was open; once it ended, and at the
    # next session when the Dealer ruled the damage carries over, only "2/3" was left
    table = luke_shot_at()
    table.do(EndConflict())
    told = f"{LUKE.name}: {CHANDELIER} (A rival's wild shot)"
    assert told in as_text(view.table_sections(view.table_knows(table.state)))
    table.do(RuleCarryOver(True))
    table.end_session()
    table.start_session()
    assert told in as_text(view.table_sections(view.table_knows(table.state)))
    # every point back, nothing is left to tell
    table.end_session()
    assert "told as" not in as_text(view.table_sections(view.table_knows(table.state)))


@synchronous
async def test_between_sessions_the_rulings_name_only_the_key_that_works(
        tmp_path: Path) -> None:
    # between sessions the rulings' line read "Winner's extra card: off (W, O)", though O,
    # damage carried over from the session under way, is refused with none running
    campaign = open_campaign(new_campaign(tmp_path), rules_for)
    campaign.start_session()
    campaign.end_session()
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        rulings = app.screen.query_one("#dd-rulings", Static)
        assert str(rulings.render()) == "Winner's extra card: off (W)"
        campaign.start_session()
        app.screen.query_one(CharactersPane).redraw()
        await until(pilot, lambda: "(W, O)" in str(rulings.render()))
    campaign.close()


@synchronous
async def test_u_says_when_the_conflict_it_takes_back_was_held_in_a_session_ended(
        tmp_path: Path) -> None:
    # at session 2's start the Conflict tab offered "u takes back conflict 1, A rival's wild
    # shot, and every step since": the end of session 1 (its recovery) and the start of
    # session 2 among them, which it did not say
    path = new_campaign(tmp_path)
    campaign = open_campaign(path, rules_for)
    campaign.start_session()
    _called(campaign.execute)
    campaign.execute(TakeDifficulty(LUKE.name, (("Guts", 3),)))
    campaign.execute(EndConflict())
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        said = "u takes back conflict 1, A rival's wild shot, and every step since."
        await until(pilot, lambda: said in " ".join(screen_text(app).split()))
    campaign.close()
    campaign = open_campaign(path, rules_for)
    campaign.end_session()
    campaign.start_session()
    app, _ = watched(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        said = ("u takes back conflict 1, A rival's wild shot, of session 1, and every step "
                "since, that session's end too.")
        await until(pilot, lambda: said in " ".join(screen_text(app).split()))
    campaign.close()
