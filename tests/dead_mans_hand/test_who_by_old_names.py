"""A model renamed by Edit: `log --who` under its new name listed only the steps since the
rename, not those it took under the name it bore before (the game now keeps the names each
model went by)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmscreen import cli
from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import EditModel, EndTurn, Recruit, UseModel
from gmscreen.games.dead_mans_hand.weapons import Move
from tests.dead_mans_hand.helpers import new_campaign
from tests.dead_mans_hand.test_game import LEON_AND_STEPHEN


def test_log_who_under_the_new_name_lists_the_steps_under_the_old(
        tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "renamed.toml"
    campaign = new_campaign(path)
    for command in LEON_AND_STEPHEN:
        campaign.execute(command)
    campaign.execute(UseModel("Sharpshooter", Move.STILL))
    campaign.execute(EndTurn())
    rifle = next(m for m in campaign.state.models() if m.name == "Sharpshooter")
    campaign.execute(EditModel("Sharpshooter", "Hawkeye", rifle.weapons, rifle.horse))
    campaign.close()
    capsys.readouterr()

    assert cli.main(["log", str(path), "--who", "Hawkeye"]) == 0
    by_new = capsys.readouterr().out
    assert cli.main(["log", str(path), "--who", "Sharpshooter"]) == 0
    by_old = capsys.readouterr().out
    for out in (by_new, by_old):  # placed and used as Sharpshooter, then renamed
        assert "Sharpshooter (red) is placed" in out and "stands still" in out, out
        assert "Hawkeye" in out, out
        assert "Brave" not in out, out
    assert by_new == by_old


def test_a_new_recruit_under_a_name_given_up_is_not_the_renamed_model() -> None:
    from tests.dead_mans_hand.helpers import Table

    table = Table(*LEON_AND_STEPHEN[:7])
    rider = table.model("Rider")
    table.do(EditModel("Rider", "Ghost Rider", rider.weapons, rider.horse))
    assert view.names_of(table.state, "Ghost Rider") == ("Ghost Rider", "Rider")
    assert view.names_of(table.state, "Rider") == ("Ghost Rider", "Rider")
    table.do(Recruit("black", "Rider", 7, 1, ("pistol",)))
    assert view.names_of(table.state, "Rider") == ("Rider",)
    assert view.names_of(table.state, "Brave") == ("Brave",)
