"""The evening before (round 29): what the Dealer prepares at home, with the players far
away, reaches the table only as it comes into play.

The book has the Dealer make his important people ahead (lines 357-371, the Hanged Man's
three at 600-692), and a player may bring his own character in place of one of the
scenario's (line 411): a sheet made ahead as a player character and then made the Dealer's
(a player did not come, or brought his own) is the Dealer's from then on, and the table's
recap of the evening names nothing of it, as of every character of his the table never
met. The Dealer's copy tells it all.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from gmscreen.games.dust_devils import RULES, rules, view
from gmscreen.games.dust_devils.cast import TOM
from gmscreen.games.dust_devils.commands import (
    AddEntrant,
    ChangeCharacter,
    DealerFolds,
    DropCharacter,
    Entrant,
    GiveChips,
    MakeCharacter,
    MakeHangedManCast,
    OpenConflict,
    RecordFate,
    SetSessionDevils,
    Sheet,
    WithdrawEntrants,
)
from gmscreen.games.dust_devils.sample import CLARA, JACK, JIM, LUKE, ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal import recap
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.document import FORMATS, render
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.steps import StepPane
from tests.dust_devils.game import Table, click_shown, sample
from tests.dust_devils.test_secrecy import SALLY, _plain
from tests.pilot import Notices, footer_keys, screen_text, synchronous, to_tab, until


def _campaign(folder: Path) -> Campaign[DustDevilsState]:
    store = JournalStore.create(folder / "last-oak.toml",
                                new_header("dust-devils", "Last Oak", 1873,
                                           datetime(2026, 11, 1, 19, 0).astimezone()))
    return Campaign.load(RULES, store.load(), store)


def _told(campaign: Campaign[Any], session: int, *, dealer: bool = False) -> dict[str, str]:
    document = recap.build(campaign, session, view, dealer=dealer)
    return {fmt: _plain(render(document, fmt), fmt) for fmt in FORMATS}


def test_a_player_character_made_ahead_and_made_the_dealers_is_never_told_the_table(
        tmp_path: Path) -> None:
    campaign = _campaign(tmp_path)
    campaign.execute(MakeHangedManCast((JIM.name, ZEKE.name, JACK.name, LUKE.name)))
    # Luke's player sends word he will not come: Luke waits in the jail, the Dealer's
    campaign.execute(ChangeCharacter(LUKE.name, replace(LUKE, player=False, chips=0)))
    luke = campaign.state.character(LUKE.name)
    assert luke is not None and not luke.player
    for fmt, shown in _told(campaign, 0).items():
        assert "Luke" not in shown, f"{fmt}: the table's recap names Luke"
        assert JIM.name in shown  # the posse is told
    assert all(LUKE.name in shown for shown in _told(campaign, 0, dealer=True).values())
    assert "Luke" not in "\n".join(s.text for s in view.table_sections(
        view.table_knows(campaign.state)) if hasattr(s, "text"))


def test_a_sheet_made_a_player_characters_by_mistake_then_the_dealers_keeps_its_name(
        tmp_path: Path) -> None:
    # the Make form starts with "Player character" ticked: Sally, a legal player's sheet,
    # made so by mistake, is put right; the Chip he gave her first is taken back
    campaign = _campaign(tmp_path)
    campaign.execute(MakeCharacter(JIM))
    sally = replace(SALLY, player=True, ratings=(2, 3, 3, 5),
                    knacks=(("Entertainin'", 4), ("Lyin'", 4), ("Ropin'", 3)),
                    traits=("Sweet as molasses", "Sly as a fox"), chips=2)
    campaign.execute(MakeCharacter(sally))
    campaign.execute(GiveChips(sally.name, 1, "a stake for the table"))
    campaign.execute(GiveChips(sally.name, -1, "a stake for the table, taken back"))
    campaign.execute(ChangeCharacter(sally.name, replace(SALLY, name='"Ruby" Sally')))
    for fmt, shown in _told(campaign, 0).items():
        assert not re.search("Sally|Ruby", shown), f"{fmt}: the table's recap names her"


def test_a_player_character_the_table_knows_is_still_told_under_his_old_name() -> None:
    table = Table()
    table.do(MakeCharacter(JIM))
    made = table.do(MakeCharacter(LUKE))
    renamed = table.do(ChangeCharacter(LUKE.name, replace(LUKE, name="Luke Johnson")))
    known = view.table_knows(table.state)
    assert view.table_tells(made[0], known) == (
        f"{LUKE.name} joins the campaign, a player character")
    assert view.table_tells(renamed[0], known) == (
        f"{LUKE.name}'s sheet is corrected (now Luke Johnson)")


def test_a_dealers_sheet_refused_for_a_players_budget_says_his_own_are_free_of_it() -> None:
    # the Make form starts with "Player character" ticked: Clara, the book's, as printed
    # (11 attribute points, 7 of Knacks), is refused by the players' budget, and the
    # refusal tells the Dealer preparing her why, and that his own are free of it
    table = Table()
    for sheet, rule in ((replace(CLARA, player=True), "Attribute points"),
                        (replace(CLARA, player=True, ratings=(3, 4, 2, 4)), "Knack points")):
        with pytest.raises(RuleError) as refused:
            table.do(MakeCharacter(sheet))
        assert refused.value.rule == rule
        assert "a player character divides" in refused.value.message
        assert "the Dealer's own characters, Player character unticked, are free of it" \
            in refused.value.message
    table.do(MakeCharacter(CLARA))  # unticked, as printed
    assert table.state.character(CLARA.name) is not None


def test_one_of_the_dealers_a_player_takes_on_joins_the_posse_in_the_tables_words() -> None:
    # Sally, prepared as the Dealer's and never met, is taken on by a new player: the
    # table hears she joins the posse (it was told "her sheet is corrected", of a name it
    # never heard); made the Dealer's again, the Dealer's log says each change of side
    table = Table()
    table.do(MakeCharacter(JIM))
    table.do(MakeCharacter(SALLY))
    sheet = replace(SALLY, name='"Ruby" Sally', player=True, ratings=(2, 3, 3, 5),
                    knacks=(("Entertainin'", 4), ("Lyin'", 4), ("Ropin'", 3)),
                    traits=("Sweet as molasses", "Sly as a fox"))
    taken = table.do(ChangeCharacter(SALLY.name, sheet))
    known = view.table_knows(table.state)
    assert view.table_tells(taken[0], known) == (
        f'{SALLY.name} joins the posse, as "Ruby" Sally, a player character')
    assert RULES.describe(taken[0]).endswith(
        "sheet is corrected (now \"Ruby\" Sally), now a player character: ratings Hand 2, "
        "Eye 3, Guts 3, Heart 5, Knacks, traits")
    back = table.do(ChangeCharacter(sheet.name, replace(SALLY, name=sheet.name)))
    assert RULES.describe(back[0]).endswith(
        "sheet is corrected, now the Dealer's: ratings Hand 1, Eye 3, Guts 2, Heart 5, "
        "Knacks, traits")
    assert view.table_tells(back[0], view.table_knows(table.state)) is None


def test_the_dealers_log_says_what_a_correction_of_a_prepared_sheet_changed() -> None:
    # round 31, the evening before: Sally's Devil rating raised, Jim's back story and Chips
    # put right; the Dealer's log and recap read only "'s sheet is corrected", whatever was
    # changed. Now they name it; the table hears a player's sheet corrected as before
    table = Table()
    table.do(MakeCharacter(JIM))
    table.do(MakeCharacter(SALLY))
    raised = table.do(ChangeCharacter(SALLY.name, replace(SALLY, devil_rating=3)))
    assert RULES.describe(raised[0]) == f"{SALLY.name}'s sheet is corrected: Devil rating 3"
    mended = table.do(ChangeCharacter(JIM.name, replace(JIM, back_story="Lost a wife.",
                                                        chips=4)))
    assert RULES.describe(mended[0]) == (
        f"{JIM.name}'s sheet is corrected: back story, Chips 4")
    assert view.table_tells(mended[0], view.table_knows(table.state)) == (
        f"{JIM.name}'s sheet is corrected")
    assert view.table_tells(raised[0], view.table_knows(table.state)) is None
    renamed = table.do(ChangeCharacter(SALLY.name, replace(SALLY, name='"Ruby" Sally',
                                                           devil_rating=3)))
    assert RULES.describe(renamed[0]) == (
        f'{SALLY.name}\'s sheet is corrected (now "Ruby" Sally)')


# -- dropping a character made ahead and never met (round 30) --------------------------------


def _refused(campaign: Campaign[Any], name: str) -> RuleError:
    with pytest.raises(RuleError) as refused:
        campaign.execute(DropCharacter(name))
    assert refused.value.rule == "Characters"
    return refused.value


def test_a_character_made_ahead_and_never_met_is_dropped_and_undo_brings_him_back(
        tmp_path: Path) -> None:
    # the evening before: the book's cast, Luke's player expected; Sally and Doc besides
    campaign = _campaign(tmp_path)
    campaign.execute(MakeHangedManCast((JIM.name, ZEKE.name, LUKE.name)))
    campaign.execute(MakeCharacter(SALLY))
    doc = Sheet("Doc Samuelson", player=False, ratings=(1, 2, 2, 3), vocation="Town doctor")
    campaign.execute(MakeCharacter(doc))
    campaign.start_session()
    campaign.execute(SetSessionDevils(((JIM.name, 2), (ZEKE.name, 1), (LUKE.name, 1))))
    # Luke's player leaves after the first hour: the table knows Luke, made the Dealer's
    campaign.execute(ChangeCharacter(LUKE.name, replace(LUKE, player=False, chips=0)))
    # a player character: made the Dealer's first
    assert "make the sheet the Dealer's first" in _refused(campaign, JIM.name).message
    assert "the table has met" in _refused(campaign, LUKE.name).message
    assert "no character named" in _refused(campaign, "Nobody").message
    # Sally added to the next conflict: taken out first; Long Tom in the conflict under way
    campaign.execute(AddEntrant(Entrant(SALLY.name, "lure Jim", ("Heart", "Eye"))))
    assert "Take out" in _refused(campaign, SALLY.name).message
    campaign.execute(WithdrawEntrants((SALLY.name,)))
    campaign.execute(OpenConflict("The jail", (
        Entrant(JIM.name, "spring Luke", ("Eye", "Heart")),
        Entrant(TOM.name, "keep him in", ("Hand", "Guts")))))
    assert "in the conflict under way" in _refused(campaign, TOM.name).message
    campaign.execute(DealerFolds())
    # met in it: he stays, till a fate is recorded for him
    assert "the table has met" in _refused(campaign, TOM.name).message
    before = campaign.state
    # the players rode to Tombstone: Sally and the doctor are not wanted
    dropped = campaign.execute(DropCharacter(SALLY.name))
    assert [e.kind for e in dropped] == ["dust_devils.character_dropped"]
    assert RULES.describe(dropped[0]) == (
        f"{SALLY.name}, Saloon girl, is dropped from the Dealer's sheets, never met by "
        "the table")
    assert campaign.state.character(SALLY.name) is None
    assert view.table_tells(dropped[0], view.table_knows(campaign.state)) is None
    assert view.table_tells(dropped[0]) is None
    campaign.execute(DropCharacter(doc.name))
    assert campaign.state.character(doc.name) is None
    # her name is free for another sheet; nothing of her reaches the table's recap
    for fmt, shown in _told(campaign, 1).items():
        assert not re.search("Sally|Samuelson|dropped", shown), f"{fmt}: {shown}"
    assert all("is dropped from the Dealer's sheets" in shown
               for shown in _told(campaign, 1, dealer=True).values())
    # undone, both are back as they were, each sheet whole; redone, gone again
    campaign.undo(2)
    assert campaign.state == before
    campaign.redo()
    assert campaign.state.character(SALLY.name) is None
    assert campaign.state.character(doc.name) is None


def test_one_made_a_player_character_ahead_and_made_the_dealers_before_play_is_dropped(
        tmp_path: Path) -> None:
    # Luke's player sends word before the first session: Luke, never at the table, goes
    campaign = _campaign(tmp_path)
    campaign.execute(MakeHangedManCast((JIM.name, ZEKE.name, LUKE.name)))
    campaign.execute(ChangeCharacter(LUKE.name, replace(LUKE, player=False, chips=0)))
    campaign.execute(DropCharacter(LUKE.name))
    campaign.start_session()
    assert campaign.state.character(LUKE.name) is None
    for fmt, shown in _told(campaign, 0).items():
        assert "Luke" not in shown, f"{fmt}: {shown}"
    # a player character made the Dealer's mid-session sat at the table: he stays
    campaign.execute(ChangeCharacter(ZEKE.name, replace(ZEKE, player=False, chips=0)))
    assert "as a player character" in _refused(campaign, ZEKE.name).message


@synchronous
async def test_x_on_the_characters_tab_drops_one_never_met_and_ctrl_z_brings_him_back(
        tmp_path: Path) -> None:
    # the sample: Merrill, the Dealer's, was never met (the players went to the jail)
    campaign = sample(tmp_path / "a")
    merrill = next(w for w in campaign.state.characters if w.name.startswith("Merrill"))
    told = view.table_knows(campaign.state)
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        table = app.screen.query_one("#dd-characters", DataTable)
        pane = app.screen.query_one("CharactersPane", StepPane)
        # on a player character: off the footer, and refused naming the rule
        table.move_cursor(row=0)
        await pilot.pause()
        assert "x" not in footer_keys(app)
        await pilot.press("x")
        await until(pilot, lambda: notices.of("warning"))
        refused = notices.of("warning")[-1]
        assert refused.title == "Characters" and "player character" in refused.message
        # on Merrill: on the footer as Drop, asked first, then gone
        table.move_cursor(row=[w.name for w in view.listed(campaign.state)].index(
            merrill.name))
        await pilot.pause()
        assert "x" in footer_keys(app)
        # the footer is made again once the row's highlight has come to the tab
        await until(pilot, lambda: "x Drop" in screen_text(app))
        assert pane.PALETTE_NAMES["drop"].startswith("Drop")
        await pilot.press("x")
        await until(pilot, lambda: app.screen.query("#confirm-yes"))
        await click_shown(pilot, "#confirm-yes")
        await until(pilot, lambda: campaign.state.character(merrill.name) is None)
        assert view.table_knows(campaign.state) == told  # the table's view is as it was
        # Clara, met and gone from play: refused with her fate, not "till a fate is recorded"
        table.move_cursor(row=[w.name for w in view.listed(campaign.state)].index(CLARA.name))
        await pilot.pause()
        await pilot.press("x")
        await until(pilot, lambda: "has left play" in notices.of("warning")[-1].message)
        await pilot.press("ctrl+z")
        await until(pilot, lambda: campaign.state.character(merrill.name) == merrill)
    campaign.close()


@synchronous
async def test_x_asks_of_one_the_table_heard_of_in_a_note_for_it(tmp_path: Path) -> None:
    # round 32: Merrill never met, but named to the table in a note (by its names, and in
    # its words): the question says the table heard of him, and that the note stays
    campaign = sample(tmp_path / "a")
    merrill = next(w for w in campaign.state.characters if w.name.startswith("Merrill"))
    campaign.note("The mayor owns the hotel.", about=[merrill.name], public=True)
    heard = campaign.events[-1].seq
    campaign.note(f"{merrill.name} keeps a ledger.")  # his own: not the table's
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        table = app.screen.query_one("#dd-characters", DataTable)
        table.move_cursor(row=[w.name for w in view.listed(campaign.state)].index(
            merrill.name))
        await pilot.pause()
        await pilot.press("x")
        await until(pilot, lambda: app.screen.query("#confirm-question"))
        question = str(app.screen.query_one("#confirm-question").render())
        assert "never met" in question and "heard the name" in question
        assert f"#{heard}" in question and "the note stays" in question
        assert f"#{heard + 1}" not in question  # his own note is not the table's
        await click_shown(pilot, "#confirm-no")
    # one named only in a note's words, for the table, is heard of too
    words_only = sample(tmp_path / "b")
    words_only.note(f"Folk say {merrill.name} hanged the wrong man.", public=True)
    words = words_only.events[-1].seq
    app = GmScreenApp(words_only)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        table = app.screen.query_one("#dd-characters", DataTable)
        table.move_cursor(row=[w.name for w in view.listed(words_only.state)].index(
            merrill.name))
        await pilot.pause()
        await pilot.press("x")
        await until(pilot, lambda: app.screen.query("#confirm-question"))
        question = str(app.screen.query_one("#confirm-question").render())
        assert f"(#{words})" in question
        await click_shown(pilot, "#confirm-yes")
        await until(pilot, lambda: words_only.state.character(merrill.name) is None)
    campaign.close()
    words_only.close()


def test_a_fate_is_recorded_for_one_of_the_dealers_the_table_met_outside_a_road_to_hell(
        tmp_path: Path) -> None:
    # round 32: the narrator tells how a conflict ends for its losers (book, 222-228), and
    # one of the Dealer's may leave the story there (shot dead, run out of town) without
    # reaching 0, or at 0 with no Devil and so no Road to Hell; he stayed among "Others
    # met" for good, as only a Road to Hell's end recorded a fate
    campaign = sample(tmp_path / "a")
    merrill = next(w for w in campaign.state.characters if w.name.startswith("Merrill"))
    refused = rules.why_not_fate(campaign.state, TOM.name)  # in the jail conflict
    assert refused is not None and "conflict under way" in refused.message
    campaign.execute(DealerFolds())
    assert rules.why_not_fate(campaign.state, TOM.name) is None
    campaign.execute(RecordFate(TOM.name, "rides off for Tucson"))
    tom = campaign.state.character(TOM.name)
    assert tom is not None and not tom.in_play and tom.fate == "rides off for Tucson"
    assert [o.fate for o in view.table_knows(campaign.state).others
            if o.name == TOM.name] == ["rides off for Tucson"]
    # one never met is dropped instead (the table would hear of him); a player character's
    # fate is still his player's, at the end of his Road to Hell
    refused = rules.why_not_fate(campaign.state, merrill.name)
    assert refused is not None and "never met" in refused.message and "Drop" in \
        refused.message
    refused = rules.why_not_fate(campaign.state, JIM.name)
    assert refused is not None and "not due" in refused.message
    campaign.close()
