"""A Dramatic Showdown of three games played through the tabs' keys, then replayed from the
file to the same state; after every step the players' screen shows nothing hidden."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import DataTable

from gmscreen.games import rules_for
from gmscreen.games.dead_mans_hand.panes.conflict import STEPS, ConflictPane
from gmscreen.games.dead_mans_hand.sample import build_showdown
from gmscreen.games.dead_mans_hand.state import Colour, MatchState, Phase, Status
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dead_mans_hand.helpers import new_campaign, nothing_hidden_shown
from tests.pilot import fill, footer_keys, synchronous, to_tab, until


class Players:
    """The two players at the keyboard."""

    def __init__(self, app: GmScreenApp, pilot: Pilot[None],
                 campaign: Campaign[MatchState]) -> None:
        self.app, self.pilot, self.campaign = app, pilot, campaign

    @property
    def state(self) -> MatchState:
        return self.campaign.state

    def phase(self) -> Phase:
        return self.campaign.state.phase

    async def keys(self, *keys: str) -> None:
        await self.pilot.press(*keys)
        await self.pilot.pause()
        nothing_hidden_shown(self.state)

    async def form(self, key: str, *keys: str) -> None:
        """Open the form of `key`, then press `keys` in it."""
        await self.pilot.press(key)
        await until(self.pilot, lambda: isinstance(self.app.screen, Form))
        await self.keys(*keys)
        await until(self.pilot, lambda: not isinstance(self.app.screen, Form))

    async def highlight(self, name: str) -> None:
        table = self.app.query_one("#models", DataTable)
        table.focus()
        table.move_cursor(row=table.get_row_index(name))

    async def use(self, name: str, move_downs: int = 0) -> None:
        await self.highlight(name)
        await self.form("u", *["down"] * move_downs, "enter")

    async def attack(self, target: str, yards: int, cards: str) -> None:
        """Attack with the first weapon, typing the cards the players turned over."""
        await fill(self.pilot, "a", target=target, yards=str(yards), cards=cards)
        await until(self.pilot, lambda: self.state.attack is not None)
        nothing_hidden_shown(self.state)

    async def until(self, done: Callable[[], bool], turn: Callable[[], Awaitable[None]],
                    what: str, most: int = 40) -> None:
        """Take `turn` until `done()`, at most `most` times: a key that stops working fails
        the test here instead of hanging it."""
        for _ in range(most):
            if done():
                return
            await turn()
        raise AssertionError(f"{what}: not done after {most} turns ({self.state.phase})")

    async def deploy_all(self) -> None:
        await self.until(lambda: self.state.phase is not Phase.DEPLOYING,
                         lambda: self.keys("d"), "deploying")

    async def leave_everyone(self, leaving: str) -> None:
        """`leaving`'s posse walks off the table one model a turn; the other side stands."""
        async def turn() -> None:
            turn = self.state.turn
            assert turn is not None
            if turn.colour == leaving:
                await self.highlight(self.state.posse(leaving).on_table()[0].name)
                await self.form("l", "enter")  # leaves slowly
            else:
                await self.highlight(self.state.posse(turn.colour).on_table()[0].name)
                await self.form("u", "enter")
                await self.keys("e")

        await self.until(lambda: self.state.phase is not Phase.PLAYING, turn,
                         f"{leaving} leaving")

    async def surrender_everyone(self, colour: Colour) -> None:
        """`colour`'s posse gives up, one model after another, between turns."""
        async def turn() -> None:
            await self.highlight(self.state.posse(colour).on_table()[0].name)
            await self.keys("y", "y")  # surrender, and yes, for the rest of the showdown

        await self.until(lambda: self.state.phase is not Phase.PLAYING, turn,
                         f"{colour} surrendering")

    async def recover_all(self) -> None:
        await self.until(lambda: all(m.status is not Status.DOWN for m in self.state.models()),
                         lambda: self.form("v", "enter"), "recovering")


def last_winner(players: Players) -> str | None:
    return players.state.games[-1].winner


def steps(players: Players) -> set[str]:
    """The steps whose keys the Conflict tab offers now; a reshuffle whenever the discard
    holds cards in play, between attacks."""
    keys = footer_keys(players.app)
    offered = {b.action for b in ConflictPane.BINDINGS
               if isinstance(b, Binding) and b.key in keys and b.action in STEPS}
    state = players.state
    between_attacks = state.phase is Phase.PLAYING and state.attack is None
    assert ("reshuffle" in offered) == (between_attacks and bool(state.pack.discard))
    return offered - {"reshuffle"}


def status(players: Players, name: str) -> Status:
    model = players.state.find(name)
    assert model is not None
    return model.status


@pytest.mark.slow
@synchronous
async def test_a_showdown_of_three_games(tmp_path: Path) -> None:
    path = tmp_path / "showdown.toml"
    campaign = new_campaign(path)
    build_showdown(campaign)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        players = Players(app, pilot, campaign)
        await to_tab(pilot, "Conflict")

        # game 1: a King kills Stubby, a 9 drops Quickdraw, then the Black Hats walk away
        assert steps(players) == {"set_up"}
        await players.form("g", "enter")  # nothing typed: the app draws the set-up card
        first = players.state.first
        assert steps(players) == {"deploy"}
        await players.deploy_all()
        assert steps(players) == {"use", "leave", "surrender"}
        assert players.phase() is Phase.PLAYING
        if first == "black":
            await players.use("Sawbones")
            await players.keys("e")
        await players.use("Slim")
        await players.attack("Stubby", 60, "Kh 2c")
        await players.form("p", "enter")
        assert status(players, "Stubby") is Status.DOWN
        await players.use("Long Tom")
        await players.attack("Quickdraw", 70, "9s 3d")
        await players.form("p", "enter")
        await players.leave_everyone("black")
        assert last_winner(players) == "red"
        # the fallen draw before the next game is set up, as the line over the table says
        assert steps(players) == {"recover"}
        await players.keys("g")  # refused: the fallen draw first
        assert players.state.game == 1
        await players.recover_all()
        assert steps(players) == {"set_up"}
        assert status(players, "Stubby") is Status.DEAD

        # game 2: the Callahan Gang leaves the field to the Black Hats
        await players.form("g", "enter")
        await players.deploy_all()
        await players.leave_everyone("red")
        assert last_winner(players) == "black"

        # game 3: the Black Hats give up, and the showdown is red's
        await players.form("g", "enter")
        await players.deploy_all()
        await players.surrender_everyone("black")
        assert status(players, "Deacon") is Status.SURRENDERED
        assert players.phase() is Phase.OVER and players.state.champion == "red"
        assert [g.winner for g in players.state.games] == ["red", "black", "red"]
        big_jim = players.state.find("Big Jim")
        # tougher after games 1 and 2; the third settles the showdown, and no game follows
        assert big_jim is not None and (big_jim.value, big_jim.hits) == (4, 4)
        live = campaign.state
    campaign.close()
    reopened = open_campaign(path, rules_for)
    try:
        assert reopened.state == live
        assert reopened.problems() == []
    finally:
        reopened.close()
