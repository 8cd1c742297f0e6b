"""Round 30: what round 29 left of the preparation.

A name the Dealer used twice at home: a model recruited as Kid, renamed Ace, and another
recruited as Kid again; or Kid recruited, dismissed and another Kid recruited. The table's
recap of the preparation told "Kid joins" twice (at each recruiting, both read from the
model that bears the name as the table sat down). It now tells each model of the posses
once, at the step that gave it the name it bears: the table sat down to Ace and one Kid.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.cli import main
from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Dismiss,
    DrawForTheFallen,
    EditModel,
    LoadScenario,
    MakeAttack,
    NewMatch,
    PlayResult,
    Recruit,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.sample import build_showdown
from gmscreen.games.dead_mans_hand.state import Format, MatchState
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal import recap
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.document import FORMATS, render
from tests.dead_mans_hand.helpers import deploy_all, new_campaign


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


# -- a showdown prepared at home, played over sessions, changed between them -----------------


def showdown_over_three(path: Path) -> Campaign[MatchState]:
    """The sample showdown prepared at home (Hatchet dropped, Archer renamed Bowman,
    Gravedigger recruited); session 1 plays game 1; between sessions Bowman is renamed
    Longbow and a note is told to the table; session 2 wins the showdown; between sessions
    2 and 3 a new match with the same posses, Gravedigger dropped, Ghost recruited, renamed
    Shade and dropped, another Ghost recruited, Longbow renamed Hawkeye; session 3 begins."""
    campaign = new_campaign(path)
    build_showdown(campaign)
    campaign.execute(Dismiss("Hatchet"))
    campaign.execute(EditModel("Archer", "Bowman", ("rifle", "big-blade"), False))
    campaign.execute(Recruit("black", "Gravedigger", 8, 1, ("shotgun",)))
    campaign.note("Sawbones rides for the marshal")
    campaign.start_session()
    campaign.execute(SetUpGame("5h"))
    deploy_all(campaign)
    campaign.execute(UseModel("Slim", Move.STILL))
    campaign.execute(MakeAttack("Stubby", "rifle", 60, ("9h", "2c")))
    campaign.execute(PlayResult("9h"))
    for fighter in campaign.state.black.on_table():
        campaign.execute(Surrender(fighter.name))
    campaign.end_session()
    bowman = campaign.state.find("Bowman")
    assert bowman is not None  # between games a model keeps its kit: only its name changes
    campaign.execute(EditModel("Bowman", "Longbow", bowman.kit, False))
    campaign.note("Next week the terrain stays as it was", public=True)
    campaign.start_session()
    campaign.execute(DrawForTheFallen((("Stubby", "Td"),)))
    campaign.execute(SetUpGame("6h"))
    deploy_all(campaign)
    for fighter in campaign.state.black.on_table():
        campaign.execute(Surrender(fighter.name))
    assert campaign.state.champion == "red"
    campaign.end_session()
    campaign.execute(NewMatch(again=True))
    campaign.execute(Dismiss("Gravedigger"))
    campaign.execute(Recruit("black", "Ghost", 8, 1, ("pistol",)))
    campaign.execute(EditModel("Ghost", "Shade", ("pistol",), False))
    campaign.execute(Dismiss("Shade"))
    campaign.execute(Recruit("black", "Ghost", 8, 1, ("shotgun",)))
    campaign.execute(EditModel("Longbow", "Hawkeye", ("rifle", "big-blade"), False))
    campaign.start_session()
    return campaign


def test_between_sessions_the_table_hears_what_became_of_the_models_it_knew(
        tmp_path: Path) -> None:
    """Bowman renamed at home between sessions 1 and 2 was told 'Longbow joins the black
    posse', as if a new model; between sessions 2 and 3 the new match begun at home and
    Gravedigger dropped were not told at all, and Longbow renamed Hawkeye was not told as
    the model the table knew. Ghost and Shade, tried at home, stay the Dealer's."""
    campaign = showdown_over_three(tmp_path / "over.toml")
    for text in told(campaign, 1):
        assert "Bowman, now Longbow, put right: Rifle, Big Blade, Brawling" in text, text
        assert "Longbow joins" not in text
    for text in told(campaign, 2):
        after = text[text.index("After the session"):]
        assert "Match 2 begins: both posses start again as they were recruited" in after
        assert "Gravedigger leaves the black posse" in after
        assert "Longbow, now Hawkeye, put right" in after
        assert after.count("Ghost joins the black posse: value 8, 1 hit, Shotgun") == 1
        assert "Shade" not in text and "Pistol, Brawling. Ghost" not in text
        assert "Hawkeye joins" not in text and "Longbow joins" not in text
    for dealers in told(campaign, 2, dealer=True):
        assert "Ghost, now Shade" in dealers and "Shade leaves" in dealers


def test_a_model_the_table_knew_dismissed_at_home_is_told_and_undo_takes_it_back(
        tmp_path: Path) -> None:
    """Single games: the table played with Kid; at home the Dealer drops him. Told as
    'Kid leaves' (with `away` it was not told at all); undone, not told, Kid still there."""
    campaign = single(tmp_path / "kid.toml")
    campaign.execute(Recruit("red", "Kid", 8, 1, ("pistol",)))
    campaign.start_session()
    campaign.end_session()
    campaign.execute(Dismiss("Kid"))
    for text in told(campaign, 1):
        assert "Kid leaves the red posse" in text[text.index("After the session"):], text
    campaign.undo()
    assert campaign.state.find("Kid") is not None
    for text in told(campaign, 1):
        assert "Kid leaves" not in text and "After the session" not in text, text


def test_the_note_told_between_sessions_stays_on_the_players_screen_through_the_next(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The kit keeps the notes for the table written between sessions on the players'
    screen through the session that follows (38cb0c2); the Dealer's own never shows, nor
    a model tried and dropped at home."""
    path = tmp_path / "notes.toml"
    campaign = single(path)
    campaign.start_session()
    campaign.end_session()
    campaign.note("Next week the terrain stays as it was", public=True)
    campaign.note("Sawbones rides for the marshal")
    campaign.execute(Recruit("black", "Ghost", 8, 1, ("pistol",)))
    campaign.execute(Dismiss("Ghost"))
    campaign.start_session()
    campaign.execute(SetUpGame("2s"))
    assert main(["show", str(path), "--print"]) == 0
    screen = capsys.readouterr().out
    assert "Next week the terrain stays as it was" in screen
    assert "Sawbones rides" not in screen and "Ghost" not in screen


def test_renamed_at_home_and_back_again_tells_the_table_nothing(tmp_path: Path) -> None:
    """Between single games only a name changes: Big Oaf renamed Brute at home and back again
    is nothing to the table (it read 'Big Oaf put right: Pistol, Big Blade, Brawling')."""
    campaign = single(tmp_path / "back.toml")
    campaign.start_session()
    campaign.execute(SetUpGame("2s"))
    deploy_all(campaign)
    campaign.execute(Surrender("Sly Shooter"))
    campaign.end_session()
    oaf = campaign.state.find("Big Oaf")
    assert oaf is not None
    campaign.execute(EditModel("Big Oaf", "Brute", oaf.kit, False))
    campaign.execute(EditModel("Brute", "Big Oaf", oaf.kit, False))
    for text in told(campaign, 1):
        assert "After the session" not in text and "Brute" not in text, text
