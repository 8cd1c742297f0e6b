"""Lines 67-77: both players see the cards an attack draws, and the players' screen is how
the table sees them. At 80x24 the match, both posses and their keys filled the screen and
the attack under way (its cards, what each would do) came last, below the table's sight: the
Duel's Sly Shooter drew 3♣ 9♥ K♥ and the screen showed only the two posses. While an attack
is under way it comes straight after the match; the last attack stays there while it is what
was decided last (its result played in the turn before, no model used since), and then goes
after the posses. Each says how its cards were counted and what All In drew (lines 67-74):
the table saw two cards lie for a one-card shot and could not tell why."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    DeclineSecondResult,
    GoAllIn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.sections import as_text
from gmscreen.ui.players import PlayersApp
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign, showdown_game_one
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
    assert titles(table)[:2] == ["The match", "The last attack"]
    table.do(UseModel("Big Oaf", Move.SLOW))
    assert titles(table)[0] == "The match" and titles(table)[-1] == "The last attack"


def test_the_last_attack_goes_down_once_a_turn_passes_without_one() -> None:
    table = Table(*DUEL)
    deploy_all(table)
    for step in SHOT:
        table.do(step)
    table.do(PlayResult("3c"))
    table.do(UseModel("Big Oaf", Move.FLAT_OUT))  # on foot, no attack: the turn passes
    assert table.state.turn is not None and table.state.turn.in_use is None
    assert titles(table)[-1] == "The last attack"


def seen(table: Table) -> str:
    return as_text(view.table_sections(view.table_knows(table.state)))


def test_the_table_reads_how_the_cards_were_counted() -> None:
    table = Table(*DUEL)
    deploy_all(table)
    table.do(UseModel("Sly Shooter", Move.STILL))
    table.do(MakeAttack("Big Oaf", "derringers", 8, ("3c", "9h", "Kh", "4d"), from_behind=True))
    assert "Normal range · Derringers 3 +1 from behind = 4 cards\n" in seen(table)


def test_the_table_reads_what_all_in_drew() -> None:
    table = Table(*DUEL)
    deploy_all(table)
    for step in SHOT:
        table.do(step)
    table.do(GoAllIn("5d"))
    assert "Normal range · Derringers 3 = 3 cards; All In drew 5♦" in seen(table)
    table.do(PlayResult("3c"))
    table.do(DeclineSecondResult())
    last = seen(table).split("The last attack", 1)[1]
    assert "Derringers 3 = 3 cards; All In drew 5♦" in last


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


def test_a_game_ended_by_giving_up_leaves_the_last_shot_below() -> None:
    """Red's rifle lays Stubby down, then black gives up: the game's end is the news (the
    match's lines), and the shot, turns old, keeps its place after the posses."""
    table = showdown_game_one()
    assert titles(table)[0] == "The match" and titles(table)[-1] == "The last attack"


@synchronous
async def test_the_players_screen_shows_the_card_just_played_at_80x24(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "duel.toml")
    for setting in DUEL:
        campaign.execute(setting)
    deploy_all(campaign)
    for step in (*SHOT, PlayResult("Kh")):
        campaign.execute(step)
    app = PlayersApp(campaign.store.path)  # type: ignore[union-attr]
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Sly Shooter" in screen_text(app))
        await pilot.pause()
        # the K♥ was the Big Oaf's (red): it won him the game, which the screen says above
        assert "K♥ played: Sly Shooter is killed" in screen_text(app)
    campaign.close()
