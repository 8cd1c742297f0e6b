"""A model renamed (Edit) after the last attack: the box of the last attack, on the Conflict
tab and the players' screen, told the attack under the names it was played with and never
said who they are now; the attacker's next attack form no longer offered the enemy renamed."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    EditModel,
    EndTurn,
    MakeAttack,
    PlayResult,
    UseModel,
)
from gmscreen.games.dead_mans_hand.fight import aimed_target
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.sections import as_text
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, new_campaign
from tests.dead_mans_hand.test_game import LEON_AND_STEPHEN, leon_and_stephen
from tests.pilot import screen_text, synchronous, to_tab

#: the sharpshooter's rifle turned a 2♠ at the Outlaw: nothing happens; over to black
SHOT = (UseModel("Sharpshooter", Move.STILL), MakeAttack("Outlaw", "rifle", 30, ("2s", "3s")),
        PlayResult("2s"))


def rename(table: Table, name: str, new_name: str) -> None:
    found = table.model(name)
    table.do(EditModel(name, new_name, found.weapons, found.horse))


def test_the_last_attack_names_its_target_as_it_is_now() -> None:
    table = leon_and_stephen()
    for command in SHOT:
        table.do(command)
    rename(table, "Outlaw", "Black Bart")
    lines = view.attack_lines(view.table_knows(table.state))
    assert lines[0].startswith("Sharpshooter attacks Outlaw (now Black Bart) with Rifle"), lines
    seen = as_text(view.table_sections(view.table_knows(table.state)))
    assert "Outlaw (now Black Bart)" in seen  # the players' screen too
    # renamed again, and the attacker too: each as it is now, once
    rename(table, "Black Bart", "Bart")
    rename(table, "Sharpshooter", "Eagle Eye")
    head = view.attack_lines(view.table_knows(table.state))[0]
    assert head.startswith("Sharpshooter (now Eagle Eye) attacks Outlaw (now Bart) with"), head
    # a name put back as it was is told as it was
    rename(table, "Bart", "Outlaw")
    head = view.attack_lines(view.table_knows(table.state))[0]
    assert head.startswith("Sharpshooter (now Eagle Eye) attacks Outlaw with"), head


def test_the_enemy_attacked_last_is_offered_again_under_its_new_name() -> None:
    table = leon_and_stephen()
    for command in SHOT:
        table.do(command)
    rename(table, "Outlaw", "Black Bart")
    table.do(UseModel("Rider", Move.SLOW))
    table.do(EndTurn())
    table.do(UseModel("Sharpshooter", Move.STILL))
    assert aimed_target(table.state) == "Black Bart"


@synchronous
async def test_the_conflict_tab_names_the_target_renamed(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "renamed.toml")
    for command in (*LEON_AND_STEPHEN, *SHOT):
        campaign.execute(command)
    outlaw = campaign.state.find("Outlaw")
    assert outlaw is not None
    campaign.execute(EditModel("Outlaw", "Black Bart", outlaw.weapons, outlaw.horse))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = screen_text(app)
        assert "(now Black Bart)" in shown, shown
