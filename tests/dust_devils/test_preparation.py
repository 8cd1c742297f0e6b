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

from gmscreen.games.dust_devils import RULES, view
from gmscreen.games.dust_devils.commands import (
    ChangeCharacter,
    GiveChips,
    MakeCharacter,
    MakeHangedManCast,
)
from gmscreen.games.dust_devils.sample import CLARA, JACK, JIM, LUKE, ZEKE
from gmscreen.games.dust_devils.state import DustDevilsState
from gmscreen.journal import recap
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.document import FORMATS, render
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalStore, new_header
from tests.dust_devils.game import Table
from tests.dust_devils.test_secrecy import SALLY, _plain


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
        "sheet is corrected (now \"Ruby\" Sally), now a player character")
    back = table.do(ChangeCharacter(sheet.name, replace(SALLY, name=sheet.name)))
    assert RULES.describe(back[0]).endswith("sheet is corrected, now the Dealer's")
    assert view.table_tells(back[0], view.table_knows(table.state)) is None
