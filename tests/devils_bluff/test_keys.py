"""The keys of the Devils Bluff tabs: one that does not apply now says why, naming the rule
the tabs ask the rules for; `a` asks which model; the models of the player whose turn it
is come first; the discard after a sixth card offers the five held before; the cards a table drew
from its own pack are typed by keys."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.actions import parse
from textual.binding import Binding
from textual.widgets import DataTable, Input, OptionList, Static

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff.commands import (
    Activate,
    ChooseSetUp,
    EndActivation,
    Enlist,
    FoundGang,
)
from gmscreen.games.devils_bluff.deck import drawers
from gmscreen.games.devils_bluff.gangs import LEADER, Recruit
from gmscreen.games.devils_bluff.hands import suggested_discard
from gmscreen.games.devils_bluff.panes.characters import CharactersPane
from gmscreen.games.devils_bluff.panes.conflict import ConflictPane
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.games.devils_bluff.turns import activatable
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from gmscreen.ui.steps import StepPane
from tests.devils_bluff.helpers import acting_now
from tests.devils_bluff.test_panes import said, select_row, table_app
from tests.pilot import Notices, fill, refusal_shown, to_tab, until


def row_keys(app: Any) -> list[str]:
    table = app.screen.query_one("#bluff-models", DataTable)
    return [str(row.key.value) for row in table.ordered_rows]


async def every_refused_key_says_why(pilot: Any, notices: Notices, pane: StepPane[Any],
                                     campaign: Campaign[Any]) -> int:
    """Press each key of the pane that does not apply now: each says why, naming the rule,
    and nothing changes. How many were pressed."""
    app = pilot.app
    events = len(campaign.events)
    pressed = 0
    for binding in pane.BINDINGS:
        assert isinstance(binding, Binding)
        _, name, parameters = parse(binding.action)
        refusal = pane.refusal(binding.action)
        if refusal is None or any(
                isinstance(other, Binding) and other.key == binding.key
                and pane.refusal(other.action) is None for other in pane.BINDINGS):
            continue  # (or its key takes another step that applies: d, a draw or a discard)
        assert not pane.check_action(name, parameters), binding.key
        # a key with two steps (d) says the first one's reason: the draw's
        refusal = pane.refusal(next(other.action for other in pane.BINDINGS if isinstance(
            other, Binding) and other.key == binding.key)) or refusal
        told = len(notices)
        await pilot.press(binding.key)
        await pilot.pause()
        assert said(notices, told) == [(refusal.rule, refusal.message)], binding.key
        assert refusal.rule and refusal.message
        assert not isinstance(app.screen, Form), binding.key
        assert len(campaign.events) == events
        pressed += 1
    return pressed


def test_every_key_that_does_not_apply_says_why(tmp_path: Path) -> None:
    asyncio.run(_every_key_that_does_not_apply_says_why(tmp_path))


async def _every_key_that_does_not_apply_says_why(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app, notices = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        app.screen.query_one("#bluff-models", DataTable).focus()
        # the case found: g on the Conflict tab of the one-off sample said nothing
        told = len(notices)
        await pilot.press("g")
        await pilot.pause()
        assert said(notices, told) == [("Between games", "a game starts only between games; "
                                    "game 1 is being played")]
        conflict = app.screen.query_one(ConflictPane)
        assert await every_refused_key_says_why(pilot, notices, conflict, campaign) >= 8
        # during an activation: other keys, other rules
        await pilot.press("a", "enter")
        await until(pilot, lambda: acting_now(pilot.app))
        assert campaign.state.battle.activation is not None
        told = len(notices)
        await pilot.press("r")
        await pilot.pause()
        turn = campaign.state.battle.turn
        assert said(notices, told) == [("Rounds", f"{turn} still has models to activate")]
        assert await every_refused_key_says_why(pilot, notices, conflict, campaign) >= 5
        # scoring is left out of the footer while a model acts, and still works
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, Form)
        await pilot.press("escape")
        await to_tab(pilot, "Characters")
        app.screen.query_one("#bluff-roster", DataTable).focus()
        characters = app.screen.query_one(CharactersPane)
        assert await every_refused_key_says_why(pilot, notices, characters, campaign) >= 7
        # before the game: the rosters may change, the game's keys say why not
        campaign.undo(5)
        await pilot.pause()
        assert campaign.state.battle is None
        assert await every_refused_key_says_why(pilot, notices, characters, campaign) >= 4
        await to_tab(pilot, "Conflict")
        app.screen.query_one("#bluff-models", DataTable).focus()
        assert await every_refused_key_says_why(pilot, notices, conflict, campaign) >= 12
    campaign.close()


def test_activate_asks_which_model(tmp_path: Path) -> None:
    asyncio.run(_activate_asks_which_model(tmp_path))


async def _activate_asks_which_model(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        state = campaign.state
        first, second = state.battle.order
        ready = activatable(state)
        assert ready == [f.name for f in state.gang(first).fighters]
        # the highlighted model is offered first; nothing is activated unpicked
        await select_row(pilot, ready[2])
        await pilot.press("a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, Form)
        assert form.values()["fighter"] == ready[2]
        listed = form.query_one("#f-fighter", OptionList)
        assert [str(listed.get_option_at_index(i).prompt) for i in range(
            listed.option_count)] == ready
        await pilot.press("escape")
        await pilot.pause()
        assert campaign.state.battle.activation is None
        # another picked in the list
        await pilot.press("a", "down", "enter")
        await pilot.pause()
        activation = campaign.state.battle.activation
        assert activation is not None and activation.fighter == ready[3]
        # a model of the other player highlighted: the list offers this player's first
        await pilot.press("e")
        await pilot.pause()
        # the turn has passed: the other player's models come first in the table
        assert campaign.state.battle.turn == second
        assert row_keys(app)[:10] == [f.name for f in campaign.state.gang(second).fighters]
        await select_row(pilot, ready[0])
        await pilot.press("a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, Form)
        assert form.values()["fighter"] == activatable(campaign.state)[0]
        assert campaign.state.owner(form.values()["fighter"]).player == second
        await pilot.press("escape")
    campaign.close()


def test_the_discard_is_one_of_the_cards_held_before(tmp_path: Path) -> None:
    asyncio.run(_the_discard_is_one_of_the_cards_held_before(tmp_path))


async def _the_discard_is_one_of_the_cards_held_before(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        app.screen.query_one("#bluff-models", DataTable).focus()
        player = campaign.state.battle.turn
        held = campaign.state.hand(player)
        await pilot.press("d")
        await pilot.pause()
        new = campaign.state.hand(player)[-1]
        assert campaign.state.hand(player) == (*held, new)
        await pilot.press("d")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, Form)
        # a list of only the five held before (the new card is named, and stays), one of
        # them highlighted from the start: never a blank, nor the new card, which the rules
        # refuse (test_hands::test_a_sixth_card_drawn_stays_and_one_held_before_goes)
        choice = form.fields[0]
        assert choice.kind == "pick"
        assert [label for label, _ in choice.options] == [str(c) for c in held]
        assert str(new) in form.title_text
        assert form.values().text("card") == suggested_discard((*held, new)).code  # type: ignore[union-attr]
        await fill(pilot, card=held[1].code)
        assert not isinstance(app.screen, Form)
        assert campaign.state.hand(player) == (held[0], *held[2:], new)
    campaign.close()


def pool_campaign(path: Path) -> Campaign[Any]:
    JournalStore.create(path, new_header("devils-bluff", "Pool", 3)).close()
    campaign: Campaign[Any] = open_campaign(path, rules_for)
    campaign.execute(ChooseSetUp("campaign", "pool"))
    campaign.execute(FoundGang("Ma", "The Hendry Boys"))
    campaign.execute(FoundGang("Cole", "Bluff Regulators"))
    for player in ("Ma", "Cole"):  # each gang's leader, made before the roll-off
        campaign.execute(Enlist(player, Recruit(f"{player} leader", LEADER, "Revolver",
                                                ("Quick",))))
    return campaign


def test_the_pool_roll_off_by_keys(tmp_path: Path) -> None:
    asyncio.run(_the_pool_roll_off_by_keys(tmp_path))


async def _the_pool_roll_off_by_keys(tmp_path: Path) -> None:
    campaign = pool_campaign(tmp_path / "pool.toml")
    app, notices = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        # p: the app shuffles a pack from the campaign's generator and draws a card each
        await pilot.press("p")
        await pilot.pause()
        event = campaign.events[-1]
        assert event.kind == "devils_bluff.picks_rolled", notices
        assert campaign.state.picker == event.data["first"]
        await pilot.press("ctrl+z")
        await pilot.pause()
        # P: the cards the table drew, typed; a tie with no card after it is refused there
        await pilot.press("P")
        await fill(pilot, typed0="7h", typed1="7d")
        form = refusal_shown(app, "Roll-off")
        assert form.focused is form.query_one("#f-typed0")
        await fill(pilot, typed0="7h 2c", typed1="7d Kc")
        assert not isinstance(app.screen, Form)
        assert campaign.state.picker == "Cole"
        played = campaign.state
    campaign.close()
    reopened = open_campaign(tmp_path / "pool.toml", rules_for, writable=False)
    assert reopened.state == played
    reopened.close()


def test_typed_cards_by_keys(tmp_path: Path) -> None:
    asyncio.run(_typed_cards_by_keys(tmp_path))


async def _typed_cards_by_keys(tmp_path: Path) -> None:
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for)
    app, notices = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        app.screen.query_one("#bluff-models", DataTable).focus()
        # D: a card taken from the table's pack
        player = campaign.state.battle.turn
        card = campaign.state.deck.order[5]
        await pilot.press("D")
        await fill(pilot, typed=card.code)
        assert campaign.state.hand(player)[-1] == card, notices
        await pilot.press("d")
        await fill(pilot, card=campaign.state.hand(player)[0].code)
        # the round played out by commands; R: initiative and the hands typed
        for _ in range(25):
            battle = campaign.state.battle
            if not battle.turn:
                break
            ready = next(f.name for f in campaign.state.gang(battle.turn).fighters
                         if f.ready)
            campaign.execute(Activate(ready))
            campaign.execute(EndActivation(ready))
        free = [c.code for c in campaign.state.deck.order]
        first, second = campaign.state.players
        await pilot.press("R")
        await pilot.pause()
        hand = app.screen.query_one("#f-hand0", Input)
        assert hand.password, "a hand is typed as dots"
        await fill(pilot, typed0=" ".join(free[0:2]), typed1=" ".join(free[2:4]),
                   hand0=" ".join(free[4:9]), hand1=" ".join(free[9:14]))
        assert campaign.state.battle.round == 2, notices
        assert [c.code for c in campaign.state.hand(first)] == free[4:9]
        assert [c.code for c in campaign.state.hand(second)] == free[9:14]
        assert drawers(campaign.state) == [campaign.state.battle.turn]
        played = campaign.state
    campaign.close()
    reopened = open_campaign(path, rules_for, writable=False)
    assert reopened.state == played
    reopened.close()


def test_the_deployment_roll_off_typed_by_keys(tmp_path: Path) -> None:
    asyncio.run(_the_deployment_roll_off_typed_by_keys(tmp_path))


async def _the_deployment_roll_off_typed_by_keys(tmp_path: Path) -> None:
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app, notices = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        app.screen.query_one("#bluff-models", DataTable).focus()
        # back to before the deployment: the round, the scout, then the deployment, undone
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")
        await pilot.pause()
        low, high = (next(c.code for c in campaign.state.deck.order if c.rank == rank)
                     for rank in (2, 13))
        await pilot.press("Y")
        await fill(pilot, scout0=True, typed0=low, typed1=high)
        battle = campaign.state.battle
        assert battle.deployment == tuple(reversed(campaign.state.players)), notices
        assert battle.scouts == ("Cal Hendry",)
    campaign.close()


def test_return_fire_let_go_by_key(tmp_path: Path) -> None:
    asyncio.run(_return_fire_let_go_by_key(tmp_path))


async def _return_fire_let_go_by_key(tmp_path: Path) -> None:
    path = write_sample(SAMPLES[0], tmp_path)
    campaign = open_campaign(path, rules_for)
    app, notices = table_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        app.screen.query_one("#bluff-models", DataTable).focus()
        for _ in range(25):
            battle = campaign.state.battle
            if not battle.turn:
                break
            ready = next(f.name for f in campaign.state.gang(battle.turn).fighters
                         if f.ready)
            campaign.execute(Activate(ready))
            campaign.execute(EndActivation(ready))
        # round 2 from the table's cards: Ma Hendry wins the initiative, Sheriff Cole
        # holds a pair
        free = [c for c in campaign.state.deck.order]
        kings = [c.code for c in free if c.rank == 13]
        twos = [c.code for c in free if c.rank == 2]
        hit = next(c.code for c in free if c.rank == 12)
        misses = [c.code for c in free if c.rank == 3]
        rest = [c.code for c in free if c.rank not in (2, 3, 13) and c.code != hit]
        pair = next([a, b] for a in rest for b in rest if a != b and a[0] == b[0])
        others = [c for c in rest if c not in pair]
        hendry = campaign.state.players[0]
        await pilot.press("R")
        await fill(pilot, typed0=f"{kings[0]} {kings[1]}", typed1=f"{twos[0]} {twos[1]}",
                   hand0=" ".join(others[0:5]), hand1=" ".join([*pair, *others[5:8]]))
        assert campaign.state.battle.turn == hendry, notices
        shooter = activatable(campaign.state)[0]
        await select_row(pilot, shooter)
        await pilot.press("a", "enter")
        await until(pilot, lambda: acting_now(pilot.app))
        att = 2 if campaign.state.find(shooter)[1].recruit.weapon != "Rifle" else 1
        await pilot.press("f")
        await fill(pilot, target="Sheriff Cole", defender_hand=True,
                   typed=" ".join([hit, *misses[:att - 1]]))
        assert not isinstance(app.screen, Form), app.screen.refusal
        battle = campaign.state.battle
        assert battle.return_fire == ("Sheriff Cole", shooter), notices
        assert "w lets it go" in str(app.screen.query_one("#bluff-status", Static).content)
        told = len(notices)
        await pilot.press("v")
        await pilot.pause()
        assert said(notices, told) == [("Return Fire", "Sheriff Cole may shoot back first")]
        await pilot.press("w")
        await pilot.pause()
        assert campaign.state.battle.return_fire is None
        await pilot.press("v")
        await pilot.pause()
        assert campaign.state.find(shooter)[1].activated, notices
        played = campaign.state
    campaign.close()
    reopened = open_campaign(path, rules_for, writable=False)
    assert reopened.state == played
    reopened.close()
