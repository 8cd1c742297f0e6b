"""Taking back an attack in one step (`z`, beyond the book) is offered only while its game is
being played and has had an attack: the rules say when (`fight.why_not_undo_attack`), and the
Conflict tab's "Keys:" line and the key itself ask them. Once the game is over, its attacks
stand; ctrl+z still takes back its steps one at a time."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gmscreen.games.dead_mans_hand import fight
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    GoAllIn,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.panes.conflict import ConflictPane
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import MatchState, Phase
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.rules import RuleError
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import Table, new_campaign
from tests.dead_mans_hand.test_conflict_lines import keys_line
from tests.pilot import Notices, synchronous, to_tab, until

DUEL = (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
        Deploy("Sly Shooter"), UseModel("Big Oaf", Move.STILL))


def refused(state: MatchState) -> str | None:
    why = fight.why_not_undo_attack(state)
    return None if why is None else why.message


def test_an_attack_is_taken_back_only_while_its_game_is_played() -> None:
    table = Table(DUEL[0])
    assert refused(table.state) == (
        "no attack has been made yet: the posses are being built; set up a game once they "
        "are ready")
    for command in DUEL[1:]:
        table.do(command)
    assert refused(table.state) == "no attack has been made in game 1 yet"
    table.do(MakeAttack("Sly Shooter", "pistol", 50, ("Qh", "3c")))
    assert refused(table.state) is None  # under way
    table.do(GoAllIn("9d"))
    table.do(PlayResult("Qh"))
    assert table.state.phase is Phase.PLAYING and refused(table.state) is None  # the last
    table.do(UseModel("Sly Shooter", Move.STILL))
    assert refused(table.state) is None  # still the game's newest attack
    # the game ends with a King: its attacks stand
    ended = Table(*DUEL, MakeAttack("Sly Shooter", "pistol", 50, ("Kh", "3c")),
                  PlayResult("Kh"))
    assert ended.state.phase is Phase.AFTER_GAME
    assert refused(ended.state) == ("game 1 is over and its attacks stand (Undo takes back "
                                    "its steps, the newest first)")
    ended.do(SetUpGame("4d"))  # the next game, while its models are placed
    assert refused(ended.state) == (
        "no attack has been made yet: the models are being placed: red places next")


def test_after_the_showdown_is_won_nothing_is_taken_back_as_one_step() -> None:
    won = replace(Table(*showdown_commands()).state, phase=Phase.OVER, champion="red", game=2)
    why = fight.why_not_undo_attack(won)
    assert isinstance(why, RuleError) and why.rule == "Undo attack"
    assert why.message.startswith("game 2 is over and its attacks stand")



@synchronous
async def test_the_conflict_tab_offers_z_only_while_the_game_is_played(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.toml")
    for command in (*DUEL, MakeAttack("Sly Shooter", "pistol", 50, ("Qh", "3c")),
                    PlayResult("Qh")):
        campaign.execute(command)
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await until(pilot, lambda: "z undo attack" in keys_line(app))
        pane = app.query_one(ConflictPane)
        assert pane.refusal("undo_attack") is None
        # the Shooter stopped by the Queen stands still; the Oaf's King ends the game
        for step in (UseModel("Sly Shooter", Move.STILL),
                     UseModel("Big Oaf", Move.STILL),
                     MakeAttack("Sly Shooter", "pistol", 50, ("Kd", "4c")), PlayResult("Kd")):
            campaign.execute(step)
        assert campaign.state.phase is Phase.AFTER_GAME
        pane.redraw()
        await pilot.pause()
        assert "undo attack" not in keys_line(app)
        count = len(campaign.events)
        await pilot.press("z")
        await until(pilot, lambda: bool(notices.of("warning")))
        warned = notices.of("warning")[-1]
        assert warned.title == "Undo attack"
        assert warned.message.startswith("game 1 is over and its attacks stand")
        await pilot.pause()
        assert len(campaign.events) == count  # nothing taken back
    campaign.close()


@synchronous
async def test_an_attack_made_again_after_z_is_taken_back_by_z_too(tmp_path: Path) -> None:
    """A Dealer who took back an attack typed with the wrong cards and made it again, then
    finds those wrong too, presses z once more: back to the Oaf standing still, no attack
    made. The journal's event just before the second attack is the first one's undo."""
    campaign = new_campaign(tmp_path / "c.toml")
    for command in DUEL:
        campaign.execute(command)
    before = campaign.state
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        for cards in (("Qh", "3c"), ("Qd", "4c")):
            campaign.execute(MakeAttack("Sly Shooter", "pistol", 50, cards))
            app.query_one(ConflictPane).redraw()
            await until(pilot, lambda: "z undo attack" in keys_line(app))
            await pilot.press("z")  # the shell shows what goes back and asks
            await pilot.pause()
            await pilot.press("y")
            await until(pilot, lambda: campaign.state.attack is None)
            assert campaign.state == before
        assert not notices.of("warning")
    campaign.close()
