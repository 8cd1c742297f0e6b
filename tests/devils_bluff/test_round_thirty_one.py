"""Round 31: an evening from `gmscreen new`, prepared at home and played at the table
(docs/rules/devils-bluff.md, "Preparation (round 31)"): what the Dealer made before the
first session is told to the table as it sat down to it, never his drafts; the pool is laid
out again from the miniatures still in it."""

from __future__ import annotations

import random
from pathlib import Path

from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import (
    ChangePerk,
    ChooseSetUp,
    Dismiss,
    Enlist,
    FoundGang,
    LayOutPool,
    Rename,
    RenameGang,
    RollOffForPicks,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, LEADER, Recruit
from gmscreen.games.devils_bluff.view import pool_typed
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from tests.devils_bluff.helpers import two_gangs
from tests.devils_bluff.test_third_look import fresh

ANN, BEN = "Ann", "Ben"


def _prepared_at_home() -> list[object]:
    """The evening before: the set-up changed once, a gang renamed, a leader renamed and
    his perk changed."""
    return [ChooseSetUp("one-off"),
            *two_gangs(ANN, BEN, "The Crane Gang", "The Lawmen",
                       leaders=("Wes Crane", "Marshal Hale"), perks=("Quick", "Deft")),
            RenameGang(BEN, "The Law"),
            Rename("Marshal Hale", "Sheriff Hale"),
            ChangePerk("Sheriff Hale", "Deft", "Tough")]


def test_what_was_made_before_the_first_session_is_told_as_the_table_sits_down_to_it(
        tmp_path: Path) -> None:
    # found in tmux: the table's recap of session 0 read "Marshal Hale joins Ben's gang ...
    # Marshal Hale is renamed Sheriff Hale", a name the table never knew, and told every
    # draft (a set-up tried and changed, a perk changed, a gang renamed) as though played
    campaign = fresh(tmp_path, *_prepared_at_home())
    told = render(build(campaign, 0, view), "txt")
    assert "Sheriff Hale joins Ben's gang: Gang Leader with a Revolver, Tough" in told
    assert "Ben founds the gang The Law." in told
    assert "Set-up: a campaign, hiring by pool" in told
    for draft in ("Marshal", "renamed", "Deft", "one-off", "Lawmen", "perk"):
        assert draft not in told, draft
    assert told.count("joins") == 2
    # the Dealer's copy keeps every step as it was taken
    whole = render(build(campaign, 0, view, dealer=True), "txt")
    assert "Marshal Hale is renamed Sheriff Hale" in whole and "one-off" in whole


def test_a_model_enlisted_and_dropped_at_home_is_not_told(tmp_path: Path) -> None:
    campaign = fresh(tmp_path, ChooseSetUp("one-off"), FoundGang(ANN, "The Crane Gang"),
                     Enlist(ANN, Recruit("Gus", GUNSLINGER, "Revolver", hired=True)),
                     Dismiss(ANN, "Gus"))
    told = render(build(campaign, 0, view), "txt")
    assert "Gus" not in told
    assert "Gus leaves" in render(build(campaign, 0, view, dealer=True), "txt")


def test_a_model_the_table_met_renamed_between_sessions_is_still_told(tmp_path: Path) -> None:
    campaign = fresh(tmp_path, *_prepared_at_home())
    campaign.start_session()
    campaign.end_session()
    campaign.execute(Rename("Wes Crane", "Wes Crane Jr"))
    assert "Wes Crane is renamed Wes Crane Jr" in render(build(campaign, 1, view), "txt")


def test_the_pool_laid_out_again_starts_from_the_miniatures_still_in_it(
        tmp_path: Path) -> None:
    # found in tmux: after a game whose gangs kept Dutch and Slim for good, L offered the
    # whole list laid out before, and sent as it stood it was refused ("a model called
    # Dutch is already on a roster")
    campaign = fresh(tmp_path, *_prepared_at_home(),
                     LayOutPool("Hank (Shotgun), Dutch, Slim (Rifle), Gus"))
    assert pool_typed(campaign.state) == "Hank (Shotgun), Dutch, Slim (Rifle), Gus"
    campaign.execute(RollOffForPicks(shuffle_order(random.Random(3))))
    picker = campaign.state.picker
    campaign.execute(Enlist(picker, Recruit("Dutch", GUNSLINGER, "Revolver", hired=True)))
    assert pool_typed(campaign.state) == "Hank (Shotgun), Slim (Rifle), Gus"


def test_a_gun_enlisted_between_sessions_is_told_as_the_next_table_meets_it(
        tmp_path: Path) -> None:
    # a campaign by controlled choice, prepared at home between sessions: a gun enlisted,
    # renamed and his perk changed, another enlisted and dropped again; told as
    # "Ann hires Gus" and "Bo leaves" step by step, drafts and all
    campaign = fresh(tmp_path, ChooseSetUp("campaign"), FoundGang(ANN, "The Crane Gang"),
                     Enlist(ANN, Recruit("Wes Crane", LEADER, "Revolver", ("Quick",))))
    campaign.start_session()
    campaign.end_session()
    campaign.execute(Enlist(ANN, Recruit("Gus", GUNSLINGER, "Revolver", hired=True)))
    campaign.execute(Rename("Gus", "Gus Hale"))
    campaign.execute(Enlist(ANN, Recruit("Bo", GUNSLINGER, "Rifle", hired=True)))
    campaign.execute(Dismiss(ANN, "Bo"))
    campaign.execute(Rename("Wes Crane", "Wes Crane Jr"))
    told = render(build(campaign, 1, view), "txt")
    assert "Ann hires Gus Hale, with a Revolver." in told
    assert "Wes Crane is renamed Wes Crane Jr." in told
    for draft in ("Gus is renamed", "Bo", "Ann hires Gus,"):
        assert draft not in told, draft
    whole = render(build(campaign, 1, view, dealer=True), "txt")
    assert "Gus is renamed Gus Hale" in whole and "Bo leaves" in whole
