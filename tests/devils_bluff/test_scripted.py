"""Whole games through the app's pilot, then replayed from the file to the same state: a
one-off game played to its end (every kind of step by keys once, the long run of
activations as commands), and a campaign of three games by keys with experience, a hired
gunslinger joining for good, levels and an ability."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Static

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    Discard,
    DrawCard,
    EndActivation,
    Enlist,
    Move,
    Score,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, REVOLVERS_NEEDED, Recruit
from gmscreen.games.devils_bluff.hands import hand_outcome
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.games.devils_bluff.testing import fear_models
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.shell import ShellScreen
from tests.devils_bluff.helpers import acting_now, defence_drawn, pick
from tests.devils_bluff.hidden import watch
from tests.devils_bluff.test_panes import table_app
from tests.pilot import fill, footer_keys, refusal_shown, to_tab, until


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
    await pilot.press("a", "enter")
    await until(pilot, lambda: acting_now(pilot.app))
    assert campaign.state.battle.activation.fighter == model  # type: ignore[union-attr]
    if attack:
        enemy = next(f.name for g in state.gangs if g is not gang for f in g.fighters
                     if not f.out)
        await pilot.press("f")
        await fill(pilot, target=enemy)
        await defence_drawn(pilot)
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


def order(campaign: Campaign[DevilsBluffState]) -> tuple[int, ...]:
    return shuffle_order(campaign.rng("shuffle"))


def by_commands(campaign: Campaign[DevilsBluffState]) -> None:
    """The rest of the round as commands (keys would take too long). Each turn: the
    player's first turn of the round draws a sixth card and discards the lowest; the first
    ready model shoots at the first enemy standing (a Return Fire answered), advances, and
    its activation ends."""
    for _ in range(60):
        state = campaign.state
        battle = state.battle
        assert battle is not None
        if not battle.turn:
            break
        gang = state.gang(battle.turn)
        assert gang is not None
        if not any(f.activated for f in gang.fighters):
            campaign.execute(DrawCard(gang.player, "", order(campaign)))
            # the lowest of the five held before the sixth card, which stays
            lowest = min(campaign.state.hand(gang.player)[:-1], key=lambda c: c.rank or 0)
            campaign.execute(Discard(gang.player, lowest.code))
        model = next(f.name for f in gang.fighters if f.ready)
        campaign.execute(Activate(model))
        enemy = next((f.name for g in state.gangs if g is not gang for f in g.fighters
                      if not f.out), None)
        if enemy is not None:
            campaign.execute(Attack(model, enemy, order_by=order(campaign)))
        for _ in range(3):
            battle = campaign.state.battle
            assert battle is not None
            if battle.return_fire is None:
                break
            campaign.execute(Attack(*battle.return_fire, order_by=order(campaign)))
        act = battle.activation
        if act is not None and act.actions_left and "Advance" not in act.taken:
            campaign.execute(Move(model, "Advance"))
            battle = campaign.state.battle
            assert battle is not None
        if battle.activation is not None:
            campaign.execute(EndActivation(battle.activation.fighter))
    else:
        raise AssertionError(f"the round never ended: {campaign.state.last}")


@pytest.mark.slow
def test_a_one_off_game_to_its_end_replays(tmp_path: Path) -> None:
    asyncio.run(_a_one_off_game_to_its_end_replays(tmp_path))


async def _a_one_off_game_to_its_end_replays(tmp_path: Path) -> None:
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for)
    # back to before the game (the round, the scout, the deployment, the shuffle undone):
    # it is begun again by keys
    campaign.undo(4)
    # the table's view, after every step from here, names no card held nor the deck's order
    checked = watch(campaign)
    before = campaign.state
    assert before.battle is None and before.hands == ()
    app, notices = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        # a new game (g), the deployment with Cal Hendry held back (y), the scout placed at
        # the distance the players confirm (p, y), the first round (r)
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("y")
        await fill(pilot, scout0=True)
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert campaign.state.battle.scouts == (), notices
        await pilot.press("r")
        await pilot.pause()
        battle = campaign.state.battle
        assert battle.round == 1, notices
        first, second = battle.order
        hands = app.screen.query_one("#bluff-hands", Static)
        # the first player looks at their hand (h or H), draws a sixth card (d) and
        # discards one (d again)
        hand = campaign.state.hand(first)
        await pilot.press("hH"[campaign.state.players.index(first)])
        await pilot.pause()
        assert str(hand[0]) in str(hands.render())
        await pilot.press("d")
        await pilot.pause()
        assert len(campaign.state.hand(first)) == 6
        await pilot.press("d")
        await fill(pilot, card=hand[0].code)
        assert hand[0] not in campaign.state.hand(first)
        assert len(campaign.state.hand(first)) == 5
        # the cursor waits on a model of the player whose turn it is: 'a' activates it
        models = app.screen.query_one("#bluff-models", DataTable)
        shooter = models.coordinate_to_cell_key(models.cursor_coordinate).row_key.value
        assert campaign.state.owner(shooter).player == first
        await pilot.press("a", "enter")
        await until(pilot, lambda: acting_now(pilot.app))
        assert campaign.state.battle.activation.fighter == shooter
        # an attack on an evading target gives it a suppression token; then a Rush
        target = campaign.state.gang(second).fighters[1].name
        await pilot.press("f")
        await fill(pilot, target=target, evading=True, cover="light")
        await defence_drawn(pilot)
        assert campaign.state.last.startswith(f"{shooter} shoots at {target}"), notices
        assert campaign.state.find(target)[1].tokens >= 1
        await pilot.press("u")
        await pilot.pause()
        assert campaign.state.find(shooter)[1].activated, notices
        # the target recovers (c) with a card the table drew, a 2 (a fail, at -3 for Fear
        # when an enemy model has it; Fearless draws again), takes a test with its
        # player's hand laid against the other's (t), and interacts (i)
        pick(pilot, "#bluff-models", target)
        await pilot.press("a", "enter")
        await until(pilot, lambda: acting_now(pilot.app))
        await pilot.press("c")
        twos = [c.code for c in campaign.state.deck.order if c.rank == 2]
        fearless = campaign.state.find(target)[1].rule_value("Fearless")
        feared = bool(fear_models(campaign.state, target))
        # the Fear question is asked only when an enemy model has Fear (511318d)
        await fill(pilot, **({"feared_by": "1"} if feared else {}),
                   typed=" ".join(twos[:1 + fearless]))
        last = campaign.state.last
        assert last.startswith(f"{target} recovers: CMD "), notices
        assert ("at -3 (Fear -3) with 2" if feared else "with 2") in last
        assert last.endswith("; fails: one token shed")
        pick(pilot, "#bluff-models", target)
        await pilot.press("t")
        await fill(pilot, attribute="CMD", modifier="two", hand=True, contest=True)
        form = refusal_shown(app, "Modifier")  # a number in words: put right in the form
        assert form.focused is form.query_one("#f-modifier")
        laid = hand_outcome(campaign.state.hand(second), {first: campaign.state.hand(first)})
        await fill(pilot, modifier="0")  # the hand and the contest stay ticked
        assert campaign.state.last == (f"{target} tests CMD 8+ with a played hand: "
                                       f"{laid.value}"), notices
        assert not campaign.state.hand(first) and not campaign.state.hand(second)
        # a test spends no action: the failed Recover left one, which the Interact spends
        assert campaign.state.battle.activation.actions_left == 1
        await pilot.press("i")
        await pilot.pause()
        assert campaign.state.battle.activation is None, notices
        assert campaign.state.find(target)[1].activated
        # a model leaves the assault range of an enemy (l), which attacks it first (f);
        # then the Advance is made (v)
        mover = next(f.name for f in campaign.state.gang(first).fighters if f.ready)
        behind = campaign.state.gang(second).fighters[2].name
        pick(pilot, "#bluff-models", mover)
        await pilot.press("a", "enter")
        await until(pilot, lambda: acting_now(pilot.app))
        await pilot.press("l")
        enemies = [f.name for f in campaign.state.gang(second).fighters if not f.out]
        await fill(pilot, None, **{f"leaving{enemies.index(behind)}": True})
        assert campaign.state.battle.parting.attackers == (behind,), notices
        await pilot.press("f")
        await fill(pilot)
        await defence_drawn(pilot)
        assert campaign.state.last.startswith(f"{behind} fights {mover} up close"), notices
        await pilot.press("v")
        await pilot.pause()
        assert campaign.state.battle.parting is None
        assert campaign.state.last.startswith(f"{mover} advances"), notices
        # one action left, forgone (e)
        assert not campaign.state.find(mover)[1].activated
        await pilot.press("e")
        await pilot.pause()
        assert campaign.state.find(mover)[1].activated
        assert campaign.state.battle.turn == second
        # the rest of each round by commands, a point a round for the gang with more
        # models standing; the next round by keys (r)
        for rnd in range(1, 6):
            assert campaign.state.battle.round == rnd
            by_commands(campaign)
            standing = {g.player: sum(not f.out for f in g.fighters)
                        for g in campaign.state.gangs}
            ahead = max(standing, key=lambda p: standing[p])
            campaign.execute(Score(ahead, 1, "more guns standing"))
            shell = app.screen_stack[0]
            assert isinstance(shell, ShellScreen)
            shell.redraw()  # the screen drawn once for all those commands
            await pilot.pause()
            if rnd < 5:
                await pilot.press("r")
                await pilot.pause()
        battle = campaign.state.battle
        assert battle.round == 5 and not battle.turn
        assert "r" not in footer_keys(app) and "x" in footer_keys(app)
        # the scenario's points to the side ahead (s), and the game ended (x)
        ahead = max(battle.scores, key=lambda score: score[1])[0]
        await finish(pilot, campaign, ahead, "five rounds at the livery")
        played = campaign.state
        rounds = sum(e.kind == "devils_bluff.round_started" and not campaign.is_undone(e)
                     for e in campaign.events)
    campaign.close()
    assert len(checked) > 300 and any(state.hands for state in checked)
    assert rounds == 5
    result = played.record[-1]
    scores = dict(result.scores)
    assert scores[COLE] != scores[HENDRY]
    assert result.winner == max(scores, key=lambda p: scores[p]) and sum(scores.values()) == 8
    assert played.battle is None and played.aftermath is None
    reopened = open_campaign(path, rules_for, writable=False)
    assert reopened.state == played
    reopened.close()


@pytest.mark.slow
def test_a_three_game_campaign_by_keys_replays(tmp_path: Path) -> None:
    asyncio.run(_a_three_game_campaign_by_keys_replays(tmp_path))


async def aftermath(pilot: Any, campaign: Campaign[DevilsBluffState], game: int) -> None:
    """Levels, a hired gun kept by each gang, the aftermath closed, new guns hired."""
    await to_tab(pilot, "Characters")
    # the keys on a model follow the cursor: a level for a leader, a gun kept for a gun
    pick(pilot, "#bluff-roster", "Ma Hendry")
    await until(pilot, lambda: {"l", "c"} <= footer_keys(pilot.app))
    assert "k" not in footer_keys(pilot.app)
    perks = {1: ("Tough", ""), 2: ("Quick", "Hail of Fire"), 3: ("Deft", "")}
    for leader in ("Ma Hendry", "Sheriff Cole"):
        pick(pilot, "#bluff-roster", leader)
        await pilot.press("l")
        perk, ability = perks[game]
        # the form asks for an ability only at a level that can bring one
        chosen = {"ability": ability} if ability and leader == "Ma Hendry" else {}
        await fill(pilot, perk=perk, **chosen)
    # the guns kept after the first game gain a level after the next ones
    kept = {HENDRY: "Dutch", COLE: "Deputy Ames"}
    if game > 1:
        for gun in kept.values():
            pick(pilot, "#bluff-roster", gun)
            await pilot.press("l")
            await fill(pilot, perk=("Lightfoot", "Sharpshooter")[game - 2])
    for player in (HENDRY, COLE):
        gang = campaign.state.gang(player)
        assert gang is not None
        keep = next(f.name for f in gang.fighters if f.recruit.hired
                    and f.name not in kept.values()) if game > 1 else kept[player]
        pick(pilot, "#bluff-roster", keep)
        await until(pilot, lambda: "k" in footer_keys(pilot.app))
        await pilot.press("k")
        await pilot.pause()
        assert not campaign.state.find(keep)[1].recruit.hired  # type: ignore[index]
    await pilot.press("c")
    await pilot.pause()
    assert campaign.state.aftermath is None
    if game == 3:
        return
    # new guns for the next game until the gang has its revolvers: the first by keys, the
    # rest as commands (each form opened costs the test a fraction of a second)
    for player in (HENDRY, COLE):
        gang = campaign.state.gang(player)
        assert gang is not None
        revolvers = sum(f.recruit.weapon == "Revolver" for f in gang.fighters)
        hires = max(1, REVOLVERS_NEEDED - revolvers)
        await pilot.press("e")
        await fill(pilot, player=player, name=f"{player[:4]} gun {game}.0",
                   unit="Gunslinger", weapon="Revolver", hired=True)
        for i in range(1, hires):
            campaign.execute(Enlist(player, Recruit(f"{player[:4]} gun {game}.{i}",
                                                    GUNSLINGER, "Revolver", hired=True)))
        grown = campaign.state.gang(player)
        assert grown is not None
        assert len(grown.fighters) == len(gang.fighters) + hires, pilot.app
    await to_tab(pilot, "Conflict")


async def _a_three_game_campaign_by_keys_replays(tmp_path: Path) -> None:
    path = write_sample(SAMPLES[1], tmp_path)
    campaign = open_campaign(path, rules_for)
    checked = watch(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
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
    assert len(checked) > 50 and any(state.hands for state in checked)
    assert [r.winner for r in played.record] == [HENDRY, COLE, HENDRY]
    ma = played.find("Ma Hendry")[1].recruit
    assert ma.levels == 4 and ma.ability == "Hail of Fire"
    dutch = played.find("Dutch")[1].recruit
    assert not dutch.hired and dutch.levels == 2
    reopened = open_campaign(path, rules_for, writable=False)
    assert reopened.state == played
    reopened.close()
