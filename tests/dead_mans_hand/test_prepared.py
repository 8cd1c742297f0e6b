"""Round 29: what a Dealer prepares the evening before, with the players far away.

The book has him build the posses (line 126: eight named models; line 130: 40 points of
plunder; line 143: civilians), choose single games or a Dramatic Showdown (line 11, 124)
and the sides (line 21), or one of the scenarios (lines 161-261). The table sees the posses
as they stand when it sits down: both are on the table, nothing of them is hidden (the book
hides only the order of the pack). What the Dealer tried and dropped at home (a model
recruited then dismissed, a model's first name, a posse's first name, a scenario loaded and
then another, plunder changed) is his drafting: the table's recap of the time before the
first session told each step ("Hatchet joins the black posse: ... Hatchet leaves the black
posse. Archer, now Bowman, put right"); it now tells the posses as they were when the
table sat down, each model once, by its name then, with what it was recruited with."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Dismiss,
    EditModel,
    LoadScenario,
    NamePosse,
    Recruit,
)
from gmscreen.games.dead_mans_hand.sample import build_showdown
from gmscreen.games.dead_mans_hand.state import Format, MatchState
from gmscreen.journal import recap
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.document import FORMATS, render
from tests.dead_mans_hand.helpers import new_campaign


def prepared(path: Path) -> Campaign[MatchState]:
    """The sample showdown built at home, then changed: Hatchet dropped, Archer renamed
    Bowman with a Rifle in place of his Bow, Gravedigger recruited, the black posse named
    again and its player given."""
    campaign = new_campaign(path)
    build_showdown(campaign)
    campaign.execute(Dismiss("Hatchet"))
    campaign.execute(EditModel("Archer", "Bowman", ("rifle", "big-blade"), False))
    campaign.execute(Recruit("black", "Gravedigger", 8, 1, ("shotgun",)))
    campaign.execute(NamePosse("black", "The Undertakers", "Stephen"))
    return campaign


def told(campaign: Campaign[MatchState], session: int, *, dealer: bool = False) -> list[str]:
    document = recap.build(campaign, session, view, dealer=dealer)
    return [render(document, form) for form in FORMATS]


def test_the_tables_recap_of_the_preparation_tells_nothing_dropped(tmp_path: Path) -> None:
    campaign = prepared(tmp_path / "prep.toml")
    campaign.start_session()
    for text in told(campaign, 0):
        for dropped in ("Hatchet", "Archer", "Tomahawks", "Bow,", "The Black Hats", "leaves"):
            assert dropped not in text, (dropped, text)
        assert "Bowman joins the black posse: value 8, 1 hit, Rifle, Big Blade, Brawling" in text
        assert "Gravedigger joins the black posse" in text
        assert "The black posse is The Undertakers, played by Stephen" in text
        assert "Big Jim joins the red posse: value 6, 2 hits" in text
    # the Dealer's own copy keeps every step he took
    for text in told(campaign, 0, dealer=True):
        assert "Hatchet leaves the black posse" in text
        assert "Archer, now Bowman" in text


def test_a_scenario_tried_and_changed_at_home_is_not_told(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "prep.toml")
    campaign.execute(ChooseFormat(Format.SINGLE))
    campaign.execute(LoadScenario("jailbreak"))
    campaign.execute(LoadScenario("duel-between-rivals"))
    campaign.execute(NamePosse("red", "The Oaf", "Leon"))
    campaign.start_session()
    for text in told(campaign, 0):
        assert "Jailbreak" not in text and "Convict" not in text
        assert "Duel between Rivals" in text
    # the showdown's format the campaign began with was not the Dealer's choice
    assert "Dramatic Showdown" not in told(campaign, 0)[0]


def test_once_the_table_has_sat_down_a_model_leaving_is_told(tmp_path: Path) -> None:
    """At the table, between single games, a model that leaves leaves before the players:
    the table's recap of that session tells it, as before."""
    campaign = new_campaign(tmp_path / "single.toml")
    campaign.execute(ChooseFormat(Format.SINGLE))
    campaign.execute(LoadScenario("duel-between-rivals"))
    campaign.start_session()
    campaign.execute(Recruit("red", "Kid", 8, 1, ("pistol",)))
    campaign.execute(Dismiss("Kid"))
    text = told(campaign, 1)[0]
    assert "Kid joins the red posse" in text and "Kid leaves the red posse" in text


def test_between_sessions_a_model_tried_and_dropped_is_told_only_where_the_recap_says_so(
        tmp_path: Path) -> None:
    """Between sessions the Dealer recruits Ghost and drops him again. The kit's recap tells
    the time between sessions through the same `table_tells`; asked with `away` (what the
    kit is asked to pass, see the kit file's round 29), Ghost is not told; at the table he
    still is."""
    campaign = new_campaign(tmp_path / "between.toml")
    campaign.execute(ChooseFormat(Format.SINGLE))
    campaign.execute(LoadScenario("duel-between-rivals"))
    campaign.start_session()
    campaign.end_session()
    joined = campaign.execute(Recruit("black", "Ghost", 8, 1, ("pistol",)))
    left = campaign.execute(Dismiss("Ghost"))
    known = view.table_knows(campaign.state)
    for event in (*joined, *left):
        assert view.table_tells(event, known, away=True) is None
        assert "Ghost" in (view.table_tells(event, known) or "")
    for table in told(campaign, 1):  # the kit's recap asks with `away` (round 29)
        assert "Ghost" not in table, table
    for dealers in told(campaign, 1, dealer=True):
        assert "Ghost" in dealers, dealers
