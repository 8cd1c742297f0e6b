"""The recap told a model's move as a paragraph of its own, headed by nothing, and its attack
in the next ("Big Jim stands still." then "Big Jim against Deacon."), and the moves of two
models that did not attack ran together in one paragraph ("Strong Man stands still. Stubby
stands still."). Each use of a model is one paragraph now, headed by its name: its move,
its attack, the cards and what they did."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    EndTurn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal import recap
from gmscreen.journal.document import render
from tests.dead_mans_hand.helpers import new_campaign


def told(folder: Path, *, dealer: bool = False) -> str:
    campaign = new_campaign(folder / "duel.toml")
    campaign.start_session()
    for command in (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                    Deploy("Sly Shooter"),
                    UseModel("Big Oaf", Move.SLOW), EndTurn(),  # no attack: the turn passes
                    UseModel("Sly Shooter", Move.STILL), EndTurn(),
                    UseModel("Big Oaf", Move.STILL),
                    MakeAttack("Sly Shooter", "pistol", 30, ("5h", "3c")), PlayResult("5h")):
        campaign.execute(command)
    try:
        return render(recap.build(campaign, 1, view, dealer=dealer), "txt")
    finally:
        campaign.close()


def test_each_use_of_a_model_is_a_paragraph_of_its_own(tmp_path: Path) -> None:
    text = told(tmp_path)
    assert "Big Oaf's turn.\nBig Oaf moves slow (up to 10 yards).\n" in text
    assert "Sly Shooter's turn.\nSly Shooter stands still.\n" in text
    assert ("Big Oaf's turn.\nBig Oaf stands still. Big Oaf attacks Sly Shooter with Pistol "
            "at 30 yards (Normal range), power 2: 5♥ 3♣. Big Oaf plays 5♥") in text


def test_the_dealers_copy_tells_the_turn_passing_at_the_end_of_the_use(tmp_path: Path) -> None:
    text = told(tmp_path, dealer=True)
    assert ("Big Oaf's turn.\nBig Oaf moves slow (up to 10 yards). Over to The Shooter (black)."
            "\n") in text
