"""Any step undone leaves every screen as it was before the step: the recap in each format
(the table's copy and the Dealer's), `gmscreen replay` and the players' screen read the same
from a journal that took the step and undid it as from one that never took it (the time of
day aside). Each kind of step of a showdown game is tried: the set-up, a deployment, a use,
an attack, its result card, a surrender, the game and showdown won by it, and the draw for
the fallen."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from gmscreen.cli import main
from gmscreen.games import rules_for
from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    DrawForTheFallen,
    EndTurn,
    MakeAttack,
    PlayResult,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.sample import build_showdown
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.sections import as_text
from tests.dead_mans_hand.helpers import new_campaign

BLACK = ("Deacon", "Archer", "Hatchet", "Two-Gun", "Scattergun", "Long Tom", "Sawbones")
RED = ("Big Jim", "Slim", "Quickdraw", "Man with No Hat", "Strong Man", "Crouch", "Kid",
       "Doc")
STEPS: tuple[Any, ...] = (
    SetUpGame("5h"),
    *(Deploy(name) for pair in zip(RED, ("Stubby", *BLACK), strict=True) for name in pair),
    UseModel("Slim", Move.STILL),
    MakeAttack("Stubby", "rifle", 60, ("9h", "2c")),
    PlayResult("9h"),
    UseModel("Deacon", Move.STILL),
    EndTurn(),
    *(Surrender(name) for name in BLACK),
    DrawForTheFallen((("Stubby", "9d"),)),
)
TIMES = re.compile(r"\d\d:\d\d(:\d\d)?")


def journal(path: Path, steps: tuple[Any, ...], *, undo: bool) -> Path:
    campaign = new_campaign(path, "Red Gulch")
    build_showdown(campaign)
    campaign.start_session()
    for step in steps:
        campaign.execute(step)
    if undo:
        campaign.undo()
    campaign.close()
    return path


def screens(path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    said = []
    for fmt in ("txt", "md", "bbcode", "html"):
        for dealer in ([], ["--dealer"]):
            assert main(["recap", str(path), "--session", "1", "--format", fmt, *dealer]) == 0
            said.append(TIMES.sub("HH:MM", capsys.readouterr().out))
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out
    said.append(replayed.split("\n", 1)[1])  # its heading names the newest event's number
    campaign = open_campaign(path, rules_for, writable=False, cache=False)
    said.append(as_text(view.table_sections(view.table_knows(campaign.state))))
    return said


@pytest.mark.parametrize("taken", range(len(STEPS)))
def test_a_step_undone_leaves_every_screen_as_it_was(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], taken: int) -> None:
    undone = journal(tmp_path / "undone.toml", STEPS[:taken + 1], undo=True)
    never = journal(tmp_path / "never.toml", STEPS[:taken], undo=False)
    assert screens(undone, capsys) == screens(never, capsys), STEPS[taken]


@pytest.mark.parametrize("taken", [0, 17, 18, 19, len(STEPS) - 1])
def test_a_step_redone_is_the_step_as_taken(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], taken: int) -> None:
    """Redone, a step is the one recorded (its cards are not drawn again), and every screen
    reads as if it had never been undone; so do several steps undone back and redone."""
    # one step back; three as one undo (back to an event); three undone one at a time
    for name, undos, back in (("one", 1, 1), ("to", 1, 3), ("each", 3, 1)):
        campaign = new_campaign(tmp_path / f"redone-{name}.toml", "Red Gulch")
        build_showdown(campaign)
        campaign.start_session()
        for step in STEPS[:taken + 1]:
            campaign.execute(step)
        for _ in range(undos):
            campaign.undo(back)
        for _ in range(undos):
            campaign.redo()
        campaign.close()
        taken_once = journal(tmp_path / f"once-{name}.toml", STEPS[:taken + 1], undo=False)
        assert screens(tmp_path / f"redone-{name}.toml", capsys) == screens(taken_once, capsys)
