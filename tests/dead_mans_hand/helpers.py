"""Models and campaigns for the Dead Man's Hand tests."""

from __future__ import annotations

from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.pack import show
from gmscreen.games.dead_mans_hand.posse import kit
from gmscreen.games.dead_mans_hand.state import Colour, MatchState, Model, Pack, Status, Turn
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import Event, NewEvent
from gmscreen.journal.sections import as_text
from gmscreen.journal.store import JournalStore, new_header


def model(name: str, colour: Colour, value: int = 8, hits: int = 1,
          weapons: tuple[str, ...] = ("pistol",), **fields: Any) -> Model:
    """A model on the table, carrying `weapons` (with what comes free with them)."""
    civilian = bool(fields.get("civilian", False))
    carried = kit(weapons, civilian)
    return Model(name, colour, value, hits, carried, hits_left=hits, weapons=carried,
                 status=Status.ON_TABLE, **fields)


def new_campaign(path: Path, name: str = "Panes", seed: int = 11) -> Campaign[MatchState]:
    """A new Dead Man's Hand campaign saved at `path`."""
    from gmscreen.games.dead_mans_hand import RULES

    store = JournalStore.create(path, new_header("dead-mans-hand", name, seed))
    return Campaign.load(RULES, store.load(), store)


class Table:
    """The decider folded in memory: `do` decides a command and evolves its events."""

    def __init__(self, *commands: Any) -> None:
        from gmscreen.games.dead_mans_hand import RULES

        self.rules = RULES
        self.state = RULES.initial_state()
        self.events: list[Event] = []
        for command in commands:
            self.do(command)

    def do(self, command: Any) -> list[Event]:
        return self._fold(self.rules.decide(self.state, command))

    def written_before(self, command: Any) -> list[Event]:
        """The first event `command` makes, alone: what a journal written before a move with
        no attack left ended its use holds (the move, the turn still waiting for End turn)."""
        return self._fold(self.rules.decide(self.state, command)[:1])

    def leave_off(self) -> list[Event]:
        """What a Dealer ending the session leaves off (RuleError when nothing is)."""
        return self._fold(self.rules.abandon(self.state))

    def _fold(self, news: list[NewEvent]) -> list[Event]:
        made = []
        for new in news:
            event = Event(len(self.events) + 1, datetime(2026, 1, 1), 1, new.kind,
                          dict(new.data), len(self.events) + 1)
            self.state = self.rules.evolve(self.state, event)
            self.events.append(event)
            made.append(event)
        return made

    def kinds(self, events: list[Event]) -> list[str]:
        return [e.kind.removeprefix("dead_mans_hand.") for e in events]

    def pack(self) -> Pack:
        return self.state.pack

    def turn(self) -> Turn:
        assert self.state.turn is not None, "no turn: the game is not being played"
        return self.state.turn

    def model(self, name: str) -> Model:
        found = self.state.find(name)
        assert found is not None, name
        return found


def hidden_facts(state: MatchState) -> list[str]:
    """What the table must never read, made from the state: the order of the cards left to
    draw. The state keeps the pile in one order (the app shuffles it as it deals), so each
    run of three cards in that order, written as the app writes a list of cards, would
    show it; a run of three laid in that very order by an attack is all but impossible."""
    shown = [show(code) for code in state.pack.pile]
    runs = [shown[i:i + 3] for i in range(len(shown) - 2)]
    return [sep.join(run) for run in runs for sep in (" ", ", ")]


def nothing_hidden_shown(state: MatchState) -> None:
    """The players' screen of this state holds none of its hidden facts."""
    seen = as_text(view.table_sections(view.table_knows(state)))
    leaked = [fact for fact in hidden_facts(state) if fact in seen]
    assert not leaked, f"the table reads {leaked[0]!r}"


#: Take that Bastard Down!'s gunman (Dual Pistols, Sawn-Off, fists) and a militiaman (a rifle)
GUNMAN, MILITIA = "Hardbitten Gunman", "Town Militia 1"


def deploy_all(table: Table | Campaign[MatchState]) -> None:
    """Every model of both posses deployed, each player in turn, for a game set up."""
    from gmscreen.games.dead_mans_hand.commands import Deploy
    from gmscreen.games.dead_mans_hand.state import Phase

    do = table.do if isinstance(table, Table) else table.execute
    while table.state.phase is Phase.DEPLOYING:
        colour = table.state.deploying
        assert colour is not None
        do(Deploy(next(m.name for m in table.state.posse(colour).models
                       if m.status is Status.RESERVE)))


def showdown_game_one(rifle_shot: tuple[str, str, int, tuple[str, str]] | None = None,
                      stubby_on: str = "9h") -> Table:
    """Game 1 of the sample showdown: Slim's rifle lays Stubby down on `stubby_on` (the 9♥,
    from which a card may save him) and the rest of black gives up, so red wins it; the
    fallen's draw is still to come. `rifle_shot` (shooter, target, yards, cards) is a black
    rifle shot whose first card, played, lays the target down before black gives up."""
    from gmscreen.games.dead_mans_hand.commands import (
        MakeAttack,
        PlayResult,
        SetUpGame,
        Surrender,
        UseModel,
    )
    from gmscreen.games.dead_mans_hand.sample import showdown_commands
    from gmscreen.games.dead_mans_hand.weapons import Move

    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Slim", Move.STILL))
    table.do(MakeAttack("Stubby", "rifle", 60, (stubby_on, "2c")))
    table.do(PlayResult(stubby_on))
    if rifle_shot is not None:
        shooter, target, yards, cards = rifle_shot
        table.do(UseModel(shooter, Move.STILL))
        table.do(MakeAttack(target, "rifle", yards, cards))
        table.do(PlayResult(cards[0]))
    for fighter in table.state.black.on_table():
        table.do(Surrender(fighter.name))
    return table


def model_in_use(path: Path, scenario: str, first_card: str, model: str,
                 move: str = "still") -> Campaign[MatchState]:
    """A campaign at `path` playing `scenario` (set up on `first_card`), every model
    deployed, `model` in use after `move` (standing still, to shoot, by default)."""
    from gmscreen.games.dead_mans_hand.commands import LoadScenario, SetUpGame, UseModel
    from gmscreen.games.dead_mans_hand.weapons import Move

    campaign = new_campaign(path)
    campaign.execute(LoadScenario(scenario))
    campaign.execute(SetUpGame(first_card))
    deploy_all(campaign)
    campaign.execute(UseModel(model, Move(move)))
    return campaign


def gunman_standing(path: Path) -> Campaign[MatchState]:
    """Take that Bastard Down!, the gunman in use and standing still to shoot."""
    return model_in_use(path, "take-that-bastard-down", "2h", GUNMAN)


async def play_the_card_offered(campaign: Campaign[MatchState]) -> None:
    """In the app, on the Conflict tab, `p` and Enter: the result-card form sent on the card
    it opens on."""
    from gmscreen.ui.app import GmScreenApp
    from tests.pilot import opened, to_tab, until

    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await opened(pilot, "p")
        await pilot.press("enter")
        await until(pilot, lambda: campaign.state.attack is None)


async def click_tab(pilot: Any, title: str) -> None:
    """Click the tab `title` once the tab bar shows it, and wait until the tab is shown
    with the keyboard in it, as a Dealer with the mouse looks before the next click."""
    from gmscreen.ui.tabs import tab_id
    from tests.pilot import tab_ready, until

    wanted = tab_id(title)
    tab = f"#--content-tab-{wanted}"
    await until(pilot, lambda: pilot.app.screen.query_one(tab).region.width > 0)
    await pilot.click(tab)
    await until(pilot, lambda: tab_ready(pilot.app, wanted))


async def click_shown(pilot: Any, widget: Any, **click: Any) -> None:
    """Click `widget` (or the screen's widget by selector) once it is laid out on the
    screen: a question or a form just put up has its buttons mounted and placed a turn or
    more after it is on the stack, and a click sent before found nothing under it."""
    from tests.pilot import until

    def shown() -> bool:
        found = pilot.app.screen.query_one(widget) if isinstance(widget, str) else widget
        return bool(found.region.area > 0)

    await until(pilot, shown)
    await pilot.click(widget, **click)


async def settled(pilot: Any, times: int = 3) -> None:
    """Wait until the screen has been drawn `times` times more: what a key or a resize
    asks for after the next refresh (`call_after_refresh`, a layout's Resize) has run by
    then. Where a test asserts that nothing more happened, a fixed sleep guessed how long
    a loaded machine takes (round 35)."""
    from tests.pilot import until

    for _ in range(times):
        drawn: list[bool] = []
        screen = pilot.app.screen
        screen.call_after_refresh(drawn.append, True)
        screen.refresh()
        await until(pilot, drawn.copy)


def moved(table: Any, row: int) -> bool:
    """Whether `table`'s highlight has left `row`."""
    return bool(table.cursor_row != row)


async def down_to(pilot: Any, pane: Any, name: str) -> None:
    """Press Down in the Conflict tab's table until `name` is highlighted, each press
    waited for: read straight after a press, the highlight was still the row before on a
    loaded machine, and a Down more went past the model (round 35)."""
    from textual.widgets import DataTable

    from tests.pilot import until

    table = pane.query_one("#models", DataTable)
    for _ in range(table.row_count):
        model = pane._highlighted()
        if model is not None and model.name == name:
            return
        left = partial(moved, table, table.cursor_row)  # the row before the press
        await pilot.press("down")
        await until(pilot, left)
    model = pane._highlighted()
    assert model is not None and model.name == name, f"{name} is not in the table"


