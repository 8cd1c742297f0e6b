"""A step the footer leaves out because it does not apply now: its key, or its palette
command, says why and changes nothing."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    GoAllIn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes.conflict import (
    STEPS,
    ConflictPane,
    step_refused,
    steps_now,
)
from gmscreen.games.dead_mans_hand.panes.text import StepPane
from gmscreen.games.dead_mans_hand.state import MatchState
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table
from tests.dead_mans_hand.test_panes import new_campaign
from tests.ui.support import Notices, synchronous

DUEL = (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
        Deploy("Sly Shooter"))


def reasons(state: MatchState) -> dict[str, str | None]:
    return {action: step_refused(state, action) for action in STEPS}


def test_every_step_applies_now_or_says_why_not() -> None:
    """Through a whole game of the duel, each step either is offered or has a reason."""
    table = Table(DUEL[0])
    moments = [table.state]
    for command in (*DUEL[1:], UseModel("Big Oaf", Move.STILL),
                    MakeAttack("Sly Shooter", "pistol", 50, ("3h", "3c")), GoAllIn("9d"),
                    PlayResult("9d")):
        table.do(command)
        moments.append(table.state)
    for state in moments:
        offered = steps_now(state)
        for action, why in reasons(state).items():
            assert (why is None) == (action in offered), (state.phase, action, why)
            assert why is None or why.strip(), action


def test_the_reasons_name_what_to_do_instead() -> None:
    table = Table(DUEL[0])
    assert step_refused(table.state, "use") == (
        "No game is being played: Build the posses (Characters tab), then set up a game: g")
    assert step_refused(table.state, "deploy") == (
        "Set up a game first (g): its card says who places the first model.")
    assert step_refused(table.state, "all_in") == (
        "All In adds a card to an attack, and no attack is under way.")
    for command in DUEL[1:]:
        table.do(command)
    assert step_refused(table.state, "set_up") == (
        "Game 1 is under way; the next is set up when it ends.")
    assert step_refused(table.state, "attack") == (
        "Use a model first (u): each turn uses one model, its move first.")
    table.do(UseModel("Big Oaf", Move.STILL))
    assert step_refused(table.state, "use") == (
        "Big Oaf is being used this turn: attack (a) or end the turn (e).")
    table.do(MakeAttack("Sly Shooter", "pistol", 50, ("3h", "3c")))
    assert step_refused(table.state, "end_turn") == (
        "Big Oaf's attack on Sly Shooter is being resolved: play its result card first (p).")
    table.do(GoAllIn("9d"))
    assert step_refused(table.state, "all_in") == "An attack goes all in once."
    assert step_refused(table.state, "play") is None


@synchronous
async def test_a_hidden_key_says_why_and_changes_nothing(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    for command in DUEL:
        campaign.execute(command)
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")  # Recruit, on the Characters tab, once the game is set up
        await pilot.pause()
        assert notices.of("warning")[-1].message.startswith("The posses are built before")
        await pilot.press("2")
        await pilot.pause()
        events, screens = len(campaign.events), len(app.screen_stack)
        for key, says in (("g", "Game 1 is under way"), ("a", "Use a model first (u)"),
                          ("i", "All In adds a card"), ("p", "No attack is under way"),
                          ("e", "Use a model first (u)"), ("d", "Every model is placed")):
            await pilot.press(key)
            await pilot.pause()
            assert notices.of("warning")[-1].message.startswith(says), key
            assert (len(campaign.events), len(app.screen_stack)) == (events, screens), key
        # the palette's command for the step says the same
        pane = app.query_one(ConflictPane)
        assert isinstance(pane, StepPane)
        await pane.run_action("all_in")
        assert notices.of("warning")[-1].message.startswith("All In adds a card")
        assert len(campaign.events) == events
        # a step that applies still runs from its key
        await pilot.press("u")
        await pilot.pause()
        assert app.screen.query("OptionList"), "the move dialog opens"
