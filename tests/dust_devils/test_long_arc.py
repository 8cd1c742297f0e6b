"""A campaign's long arc, as a Dealer runs it for weeks: what the sheets, the recaps and the
players' screen say of what happened between sessions and over several of them (Chips
earned and spent, Knacks bought after a session, a character gone from play)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmscreen.games import rules_for
from gmscreen.games.dust_devils import view
from gmscreen.games.dust_devils.commands import (
    BuyKnack,
    GiveChips,
    RaiseKnack,
    SetSessionDevils,
)
from gmscreen.games.dust_devils.sample import JACK, JIM, LUKE, ZEKE
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from tests.dust_devils.test_session import new_campaign


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
