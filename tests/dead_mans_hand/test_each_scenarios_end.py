"""Round 18: each scenario played to its end. The book gives its scenarios (lines 161-261) no
aims of their own: every game goes to the posse left alone on the table (line 147), whether
the other side fell, left by an edge (line 155) or gave up (line 159). Jailbreak!'s five
convicts all ran off the table, for freedom by the premise, and the tab, the log, the recap
and the players' screen read "Game 1 goes to Guards (red)." and no more: the why, the one
rule that decides every game, was left for the table to work out."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.cli import main
from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    LeaveTable,
    LoadScenario,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.rules import RULES
from gmscreen.games.dead_mans_hand.weapons import Move
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign

ALONE = "the only posse left on the table"


def convicts_escape() -> Table:
    """Jailbreak!, red first: each convict in turn runs off the table, a guard flat out
    before each."""
    table = Table(LoadScenario("jailbreak"))
    table.do(SetUpGame("5h"))
    deploy_all(table)
    for number in range(1, 6):
        table.do(UseModel("Sharpshooter 1", Move.FLAT_OUT))  # 5h: red first
        table.do(LeaveTable(f"Convict {number}", Move.SLOW))
    return table


def test_the_convicts_who_all_escape_hand_the_game_to_the_guards_saying_why() -> None:
    table = convicts_escape()
    assert RULES.describe(table.events[-2]) == "Convict 5 leaves by a table edge."
    assert RULES.describe(table.events[-1]) == f"Game 1 goes to Guards (red), {ALONE}."
    assert view.whose(view.table_knows(table.state)) == (
        f"Game 1 goes to Guards (red), {ALONE}. Set up the next game.")


def test_a_posse_that_gives_up_or_falls_is_told_the_same() -> None:
    """The Bear who surrenders, and the Sly Shooter laid down: the same rule, the same
    words."""
    bear = Table(LoadScenario("hes-coming-right-for-us"), SetUpGame("2s"))
    deploy_all(bear)
    bear.do(Surrender("Rampaging Bear"))
    assert RULES.describe(bear.events[-1]) == f"Game 1 goes to Hunters (black), {ALONE}."
    duel = Table(LoadScenario("duel-between-rivals"), SetUpGame("3h"), Deploy("Big Oaf"),
                 Deploy("Sly Shooter"))
    duel.do(Surrender("Sly Shooter"))
    assert RULES.describe(duel.events[-1]) == f"Game 1 goes to The Oaf (red), {ALONE}."


@pytest.mark.parametrize("dealer", [[], ["--dealer"]])
def test_the_recap_and_the_players_screen_say_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], dealer: list[str]) -> None:
    path = tmp_path / "jail.toml"
    campaign = new_campaign(path, "Jailbreak!")
    campaign.execute(LoadScenario("jailbreak"))
    campaign.start_session()
    campaign.execute(SetUpGame("5h"))
    deploy_all(campaign)
    for number in range(1, 6):
        campaign.execute(UseModel("Sharpshooter 1", Move.FLAT_OUT))  # 5h: red first
        campaign.execute(LeaveTable(f"Convict {number}", Move.SLOW))
    main(["recap", str(path), *dealer])
    assert f"Game 1 goes to Guards (red), {ALONE}." in capsys.readouterr().out
    main(["show", str(path), "--print"])
    assert f"Game 1 goes to Guards (red), {ALONE}. Set up the next game." in (
        capsys.readouterr().out)


def test_the_line_over_the_table_breaks_between_its_sentences() -> None:
    """With the why said, a showdown's line after a game is wider than 80 columns; cut by
    words, it tore the step to take in two ("... Draw" / "for the fallen: Stubby.")."""
    from gmscreen.games.dead_mans_hand.panes.conflict import sentences_fitted

    line = (f"Game 1 goes to The Callahan Gang (red), {ALONE}. Draw for the fallen: "
            "Stubby.")
    assert sentences_fitted(line, 78) == (
        f"Game 1 goes to The Callahan Gang (red), {ALONE}.\nDraw for the fallen: Stubby.")
    assert sentences_fitted(line, 200) == line
    assert sentences_fitted(line, 0) == line


def test_between_single_games_the_totals_count_no_surrender_as_a_loss(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Line 159 takes a model that gives up out of the showdown's later games; single games
    start everyone afresh (line 261: the same set-up again). Defend the Wagon! ended with
    five a side given up and the last two laid down by a Joker, and the recap's "Won and
    lost" listed the ten as "Settler 2 gave up", ... as if lost to the campaign, though the
    next game placed every one of them (and, the session ended after that game was set up,
    listed none). The story tells each surrender; the totals keep the lasting changes."""
    from gmscreen.games.dead_mans_hand.commands import MakeAttack, PlayResult

    path = tmp_path / "wagon.toml"
    campaign = new_campaign(path, "Defend the Wagon!")
    campaign.execute(LoadScenario("defend-the-wagon"))
    campaign.start_session()
    campaign.execute(SetUpGame("2h"))
    deploy_all(campaign)
    for number in range(2, 7):
        campaign.execute(Surrender(f"Settler {number}"))
        campaign.execute(Surrender(f"Robber {number}"))
    campaign.execute(UseModel("Settler 1", Move.STILL))
    campaign.execute(MakeAttack("Robber 1", "shotgun", 20, ("*", "4h", "3h")))
    campaign.execute(PlayResult("*"))
    main(["recap", str(path)])
    told = capsys.readouterr().out
    assert "Settler 2 surrenders and is out of this game." in told  # the story tells it
    assert "Game 1: nobody is left standing; it counts for neither." in told
    assert "gave up" not in told
