"""Round 30: what round 29 left of the preparation.

A name the Dealer used twice at home: a model recruited as Kid, renamed Ace, and another
recruited as Kid again; or Kid recruited, dismissed and another Kid recruited. The table's
recap of the preparation told "Kid joins" twice (at each recruiting, both read from the
model that bears the name as the table sat down). It now tells each model of the posses
once, at the step that gave it the name it bears: the table sat down to Ace and one Kid.
"""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Dismiss,
    EditModel,
    LoadScenario,
    Recruit,
)
from gmscreen.games.dead_mans_hand.state import Format, MatchState
from gmscreen.journal import recap
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.document import FORMATS, render
from tests.dead_mans_hand.helpers import new_campaign


def single(path: Path) -> Campaign[MatchState]:
    campaign = new_campaign(path)
    campaign.execute(ChooseFormat(Format.SINGLE))
    campaign.execute(LoadScenario("duel-between-rivals"))
    return campaign


def told(campaign: Campaign[MatchState], session: int, *, dealer: bool = False) -> list[str]:
    document = recap.build(campaign, session, view, dealer=dealer)
    return [render(document, form) for form in FORMATS]


def test_a_name_given_again_after_a_rename_is_told_once(tmp_path: Path) -> None:
    campaign = single(tmp_path / "again.toml")
    campaign.execute(Recruit("red", "Kid", 8, 1, ("pistol",)))
    campaign.execute(EditModel("Kid", "Ace", ("pistol",), False))
    campaign.execute(Recruit("red", "Kid", 6, 2, ("rifle",)))
    campaign.start_session()
    for text in told(campaign, 0):
        assert text.count("Kid joins") == 1, text
        assert text.count("Ace joins") == 1, text
        assert "Kid joins the red posse: value 6, 2 hits, Rifle" in text
        assert "Ace joins the red posse: value 8, 1 hit, Pistol" in text
        # told in the order the table's posse lists them: Ace first
        assert text.index("Ace joins") < text.index("Kid joins")
    for dealers in told(campaign, 0, dealer=True):
        assert dealers.count("Kid joins") == 2 and "Kid, now Ace" in dealers


def test_a_name_given_again_after_a_dismissal_is_told_once(tmp_path: Path) -> None:
    campaign = single(tmp_path / "dropped.toml")
    campaign.execute(Recruit("black", "Kid", 8, 1, ("pistol",)))
    campaign.execute(Dismiss("Kid"))
    campaign.execute(Recruit("black", "Kid", 8, 1, ("shotgun",)))
    campaign.start_session()
    for text in told(campaign, 0):
        assert text.count("Kid joins") == 1, text
        assert "Kid joins the black posse: value 8, 1 hit, Shotgun" in text
        assert "Kid joins the black posse: value 8, 1 hit, Pistol" not in text
        assert "leaves" not in text


def test_between_sessions_too(tmp_path: Path) -> None:
    """The same at home between sessions: the table's 'After the session' tells Ace and Kid
    once each."""
    campaign = single(tmp_path / "between.toml")
    campaign.start_session()
    campaign.end_session()
    campaign.execute(Recruit("red", "Kid", 8, 1, ("pistol",)))
    campaign.execute(EditModel("Kid", "Ace", ("pistol",), False))
    campaign.execute(Recruit("red", "Kid", 6, 2, ("rifle",)))
    for text in told(campaign, 1):
        assert text.count("Kid joins") == 1 and text.count("Ace joins") == 1, text


def test_old_journals_models_compare_as_before(tmp_path: Path) -> None:
    """The step that named a model is the recap's to know; two models alike in everything
    else are still equal (a new match with the same posses compares them)."""
    campaign = single(tmp_path / "same.toml")
    campaign.execute(Recruit("red", "Kid", 8, 1, ("pistol",)))
    first = campaign.state.find("Kid")
    campaign.execute(Dismiss("Kid"))
    campaign.execute(Recruit("red", "Kid", 8, 1, ("pistol",)))
    assert campaign.state.find("Kid") == first
