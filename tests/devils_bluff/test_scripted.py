"""Whole games through the app's pilot, by keys, then replayed from the file to the same
state: a one-off game, and a campaign of three games with experience, a hired gunslinger
joining for good, levels and an ability."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.gangs import REVOLVERS_NEEDED
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from tests.devils_bluff.test_panes import Table, fill, footer_keys, goto


def pick(pilot: Any, table_id: str, name: str) -> None:
    """Put the table's cursor on a model's row at once (as a click would), so the test
    spends its time on the steps, not on walking the cursor down the rows."""
    table = pilot.app.screen.query_one(table_id, DataTable)
    table.focus()
    table.move_cursor(row=table.get_row_index(name))


async def activation(pilot: Any, campaign: Campaign[DevilsBluffState], attack: bool) -> None:
    """The player whose turn it is activates their first ready model by keys; it shoots
    at the first enemy standing, or advances; then its activation ends."""
    state = campaign.state
    battle = state.battle
    assert battle is not None and battle.turn, state.last
    gang = state.gang(battle.turn)
    assert gang is not None
    model = next(f.name for f in gang.fighters if f.ready)
    pick(pilot, "#bluff-models", model)
    await pilot.press("a")
    await pilot.pause()
    assert campaign.state.battle.activation.fighter == model  # type: ignore[union-attr]
    if attack:
        enemy = next(f.name for g in state.gangs if g is not gang for f in g.fighters
                     if not f.out)
        await pilot.press("f")
        await fill(pilot, target=enemy)
        assert campaign.state.last.startswith(f"{model} shoots at {enemy}")
    else:
        await pilot.press("v")
        await pilot.pause()
    if campaign.state.battle.activation is not None:  # type: ignore[union-attr]
        await pilot.press("e")
        await pilot.pause()
    assert campaign.state.find(model)[1].activated  # type: ignore[index]


async def finish(pilot: Any, campaign: Campaign[DevilsBluffState], winner: str,
                 note: str) -> None:
    await pilot.press("s")
    await fill(pilot, player=winner, points="3", reason="held the livery")
    await pilot.press("x")
    await fill(pilot, note=note)
    assert campaign.state.battle is None
    assert campaign.state.record[-1].winner == winner


def test_a_one_off_game_by_keys_replays(tmp_path: Path) -> None:
    asyncio.run(_a_one_off_game_by_keys_replays(tmp_path))


async def _a_one_off_game_by_keys_replays(tmp_path: Path) -> None:
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for)
    app = Table(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        assert campaign.state.battle.round == 1
        # the cursor waits on a model of the player whose turn it is: 'a' activates it
        models = app.screen.query_one("#bluff-models", DataTable)
        first = models.coordinate_to_cell_key(models.cursor_coordinate).row_key.value
        assert campaign.state.owner(first).player == campaign.state.battle.turn
        await pilot.press("a")
        await pilot.pause()
        assert campaign.state.battle.activation.fighter == first
        await pilot.press("e")
        await pilot.pause()
        for i in range(4):
            await activation(pilot, campaign, attack=i < 3)
        await finish(pilot, campaign, COLE, "called in round 1: Cole holds the livery")
        played = campaign.state
        assert played.record[0].number == 1 and played.aftermath is None
    campaign.close()
    reopened = open_campaign(path, rules_for, writable=False)
    assert reopened.state == played
    reopened.close()


def test_a_three_game_campaign_by_keys_replays(tmp_path: Path) -> None:
    asyncio.run(_a_three_game_campaign_by_keys_replays(tmp_path))


async def aftermath(pilot: Any, campaign: Campaign[DevilsBluffState], game: int) -> None:
    """Levels, a hired gun kept by each gang, the aftermath closed, new guns hired."""
    await goto(pilot, "Characters")
    assert {"l", "k", "c"} <= footer_keys(pilot.app)
    perks = {1: ("Tough", ""), 2: ("Quick", "Hail of Fire"), 3: ("Deft", "")}
    for leader in ("Ma Hendry", "Sheriff Cole"):
        pick(pilot, "#bluff-roster", leader)
        await pilot.press("l")
        perk, ability = perks[game]
        await fill(pilot, perk=perk, ability=ability if leader == "Ma Hendry" else "")
    # the guns kept after the first game gain a level after the next ones
    kept = {HENDRY: "Dutch", COLE: "Deputy Ames"}
    if game > 1:
        for gun in kept.values():
            pick(pilot, "#bluff-roster", gun)
            await pilot.press("l")
            await fill(pilot, perk=("Lightfoot", "Sharpshooter")[game - 2], ability="")
    for player in (HENDRY, COLE):
        gang = campaign.state.gang(player)
        assert gang is not None
        keep = next(f.name for f in gang.fighters if f.recruit.hired
                    and f.name not in kept.values()) if game > 1 else kept[player]
        pick(pilot, "#bluff-roster", keep)
        await pilot.press("k")
        await pilot.pause()
        assert not campaign.state.find(keep)[1].recruit.hired  # type: ignore[index]
    await pilot.press("c")
    await pilot.pause()
    assert campaign.state.aftermath is None
    if game == 3:
        return
    # new guns for the next game, each by keys, until the gang has its revolvers
    for player in (HENDRY, COLE):
        gang = campaign.state.gang(player)
        assert gang is not None
        revolvers = sum(f.recruit.weapon == "Revolver" for f in gang.fighters)
        hires = max(1, REVOLVERS_NEEDED - revolvers)
        for i in range(hires):
            await pilot.press("e")
            await fill(pilot, player=player, name=f"{player[:4]} gun {game}.{i}",
                       unit="Gunslinger", weapon="Revolver", hired=True)
        grown = campaign.state.gang(player)
        assert grown is not None
        assert len(grown.fighters) == len(gang.fighters) + hires, pilot.app.told
    await goto(pilot, "Conflict")


async def _a_three_game_campaign_by_keys_replays(tmp_path: Path) -> None:
    path = write_sample(SAMPLES[1], tmp_path)
    campaign = open_campaign(path, rules_for)
    app = Table(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await goto(pilot, "Conflict")
        for game in (1, 2, 3):
            if game > 1:
                await pilot.press("g")
                await pilot.pause()
                await pilot.press("y")
                await pilot.pause()
                await pilot.press("r")
                await pilot.pause()
            battle = campaign.state.battle
            assert battle is not None and battle.number == game and battle.round == 1
            for i in range(2):
                await activation(pilot, campaign, attack=i == 0)
            await finish(pilot, campaign, (HENDRY, COLE, HENDRY)[game - 1], f"game {game}")
            await aftermath(pilot, campaign, game)
        played = campaign.state
    campaign.close()
    assert [r.winner for r in played.record] == [HENDRY, COLE, HENDRY]
    ma = played.find("Ma Hendry")[1].recruit
    assert ma.levels == 4 and ma.ability == "Hail of Fire"
    dutch = played.find("Dutch")[1].recruit
    assert not dutch.hired and dutch.levels == 2
    reopened = open_campaign(path, rules_for, writable=False)
    assert reopened.state == played
    reopened.close()
