"""Lines 67-77: both players see the cards an attack draws, and the players' screen is how
the table sees them. At 80x24 the match, both posses and their keys filled the screen and
the attack under way (its cards, what each would do) came last, below the table's sight: the
Duel's Sly Shooter drew 3♣ 9♥ K♥ and the screen showed only the two posses. While an attack
is under way it comes straight after the match; the last attack, once it is over, keeps its
place after the posses."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.ui.players import PlayersApp
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign
from tests.pilot import screen_text, synchronous, until

DUEL = (LoadScenario("duel-between-rivals"), SetUpGame("2s"))
SHOT = (UseModel("Sly Shooter", Move.STILL),
        MakeAttack("Big Oaf", "derringers", 8, ("3c", "9h", "Kh")))


def titles(table: Table) -> list[str]:
    return [s.title for s in view.table_sections(view.table_knows(table.state))]


def test_the_attack_under_way_comes_after_the_match() -> None:
    table = Table(*DUEL)
    deploy_all(table)
    for step in SHOT:
        table.do(step)
    assert titles(table)[:2] == ["The match", "The attack"]
    table.do(PlayResult("3c"))
    assert titles(table)[0] == "The match" and titles(table)[-1] == "The last attack"


@synchronous
async def test_the_players_screen_shows_the_cards_drawn_at_80x24(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "duel.toml")
    for setting in DUEL:
        campaign.execute(setting)
    deploy_all(campaign)
    for step in SHOT:
        campaign.execute(step)
    app = PlayersApp(campaign.store.path)  # type: ignore[union-attr]
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Sly Shooter" in screen_text(app))
        await pilot.pause()
        shown = screen_text(app)
        assert "Sly Shooter attacks Big Oaf with Derringers at 8 yards" in shown
        assert "K♥  Sly Shooter is killed" in shown
    campaign.close()
