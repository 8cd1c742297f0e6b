"""A session ended with a game under way (shuffled and not yet ended: deploying, a round not
yet over, a model activating half-way). The Dealer finishes it, carries it into the next
session, or leaves it off: the activation half-way ends as ending it does, and the game is
abandoned (no winner, no experience: no aftermath), as the rules' docstring reads it."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    EndActivation,
    EndGame,
    Move,
    Score,
    StartGame,
)
from gmscreen.games.devils_bluff.events import KINDS, ActivationEnded, GameAbandoned
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState, GameRecord
from gmscreen.games.devils_bluff.turns import activatable
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.shell import ShellScreen
from tests.devils_bluff.helpers import (
    Table,
    before_deployment,
    campaign,
    one_off,
    unshuffled,
)
from tests.pilot import fill, screen_text, synchronous, until

ONE_OFF, CAMPAIGN = SAMPLES


def open_sample(folder: Path, which: int = 0) -> Campaign[DevilsBluffState]:
    """A sample as shipped: its first round begun, session 1 running."""
    opened: Campaign[DevilsBluffState] = open_campaign(write_sample(SAMPLES[which], folder),
                                                       rules_for)
    return opened


def first_to_act(table: Table) -> tuple[str, str]:
    """The player whose turn it is, and the first model they may activate."""
    assert table.state.battle is not None
    return table.state.battle.turn, activatable(table.state)[0]


def test_a_game_is_under_way_from_its_shuffle_to_its_end_and_says_where_it_stands() -> None:
    table = before_deployment()
    assert RULES.under_way(table.state) == "game 1, its gangs not yet deployed"
    table = one_off()
    player, model = first_to_act(table)
    assert RULES.under_way(table.state) == (
        f"game 1, round 1 of 5, {player}'s turn to activate a model")
    table.execute(Activate(model))
    table.execute(Move(model, "Advance"))
    assert RULES.under_way(table.state) == (
        f"game 1, round 1 of 5, with {model}'s activation half-way (1 action left)")
    table.execute(EndActivation(model))
    table.execute(EndGame())
    assert RULES.under_way(table.state) is None
    fresh = campaign()
    assert RULES.under_way(fresh.state) is not None
    assert RULES.under_way(RULES.initial_state()) is None


def test_leaving_off_ends_the_activation_half_way_then_abandons_the_game() -> None:
    table = one_off()
    table.execute(Score(COLE, 2, "the well"))
    player, model = first_to_act(table)
    table.execute(Activate(model))
    left = [KINDS.read(table.apply(new)) for new in RULES.abandon(table.state)]
    # it took no action: said as Done would say it (round 17, `turns.wound_up`)
    assert left == [ActivationEnded(player, model, idle=True),
                    GameAbandoned(1, 1, {HENDRY: 0, COLE: 2})]
    state = table.state
    assert state.battle is None and state.hands == () and state.aftermath is None
    assert state.record == (GameRecord(1, ((HENDRY, 0), (COLE, 2)), "", abandoned=True, round=1),)
    assert RULES.describe(table.events[-1]) == (
        "Game 1 is left off in round 1, unfinished: nobody wins it and nobody gains "
        f"experience ({HENDRY} 0, {COLE} 2)")
    assert view.record_line(state.record[0]) == (
        f"Game 1: left off in round 1 ({HENDRY} 0, {COLE} 2), nobody won")
    with pytest.raises(RuleError, match="nothing is under way"):
        RULES.abandon(state)


def test_a_campaign_game_left_off_has_no_aftermath_and_the_hired_guns_stay() -> None:
    table = campaign()
    hired = [f.name for g in table.state.gangs for f in g.fighters if f.recruit.hired]
    for new in RULES.abandon(table.state):
        table.apply(new)
    state = table.state
    assert state.aftermath is None and state.record[0].abandoned
    assert [f.name for g in state.gangs for f in g.fighters if f.recruit.hired] == hired
    table.execute(StartGame(unshuffled()))  # the next game is the second
    assert table.state.battle is not None and table.state.battle.number == 2


@pytest.mark.parametrize("what", ["carry", "abandon"])
def test_a_session_ends_with_a_game_under_way_only_when_told_what_becomes_of_it(
        tmp_path: Path, what: str) -> None:
    table = open_sample(tmp_path)
    state = table.state
    model = activatable(state)[0]
    enemy = next(g for g in state.gangs if g.fighter(model) is None).fighters[3].name
    table.execute(Activate(model))
    table.execute(Attack(model, enemy, order_by=unshuffled()))
    doing = table.under_way
    assert doing is not None and f"{model}'s activation half-way" in doing
    with pytest.raises(RuleError, match="finish it first, carry it into the next session"):
        table.end_session()
    table.end_session(under_way=what)
    assert not table.in_session
    if what == "carry":
        assert table.describe(table.events[-2]) == (
            f"Note: Carried into the next session: {doing}.")
        table.start_session()
        table.execute(Move(model, "Advance"))  # the activation goes on as it stood
        assert table.state.battle is not None
    else:
        assert table.state.battle is None and table.state.record[0].abandoned
        assert table.under_way is None
    table.undo()
    assert table.in_session and table.state.battle is not None
    assert table.state.battle.activation is not None


@pytest.mark.parametrize(("choice", "ended"), [("finish", False), ("carry", True),
                                                ("abandon", True)])
@synchronous
async def test_ending_the_session_by_keys_asks_about_the_game(
        tmp_path: Path, choice: str, ended: bool) -> None:
    table = open_sample(tmp_path, 1)
    app = GmScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f6")
        # the question's words are on the screen once it is drawn, not as soon as it is up
        await until(pilot, lambda: "game 1, round 1 of 5" in screen_text(app))
        await fill(pilot, what=choice)
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        await pilot.pause()
    assert table.in_session is not ended
    assert (table.state.battle is None) is (choice == "abandon")
