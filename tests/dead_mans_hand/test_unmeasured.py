"""Line 100: whether the target can answer a result card turns on the yards between them. Until
the yards are typed, the attack form says how far the target answers and with what, instead of
promising that it can (a man with only a rifle and his fists answers within 5 yards)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from gmscreen.games.dead_mans_hand.advice import attack_preview
from gmscreen.games.dead_mans_hand.commands import (
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.results import longest_answer
from gmscreen.games.dead_mans_hand.state import MatchState
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.ui.app import GmScreenApp
from tests.dead_mans_hand.helpers import GUNMAN, MILITIA, Table, deploy_all, gunman_standing
from tests.pilot import opened, synchronous, to_tab, until


def standing() -> MatchState:
    """Take that Bastard Down!: the gunman (Dual Pistols, Sawn-Off, fists) stands to shoot;
    the militia carry rifles and their fists."""
    table = Table(LoadScenario("take-that-bastard-down"), SetUpGame("2h"))
    deploy_all(table)
    table.do(UseModel(GUNMAN, Move.STILL))
    return table.state


def answer_line(preview: str) -> str:
    """What the preview says of the target's answer (after the count, on its line)."""
    return next(part for line in preview.splitlines() for part in line.split(" · ")
                if "answer" in part or part.startswith("Safe"))


def test_the_longest_answer_is_the_furthest_weapon_that_may_answer() -> None:
    state = standing()
    militia, gunman = state.find(MILITIA), state.find(GUNMAN)
    assert militia is not None and gunman is not None
    assert longest_answer(militia) == ("brawling", 5)  # a rifle never answers
    assert longest_answer(gunman) == ("dual-pistols", 40)


def test_before_the_yards_are_typed_the_form_says_how_far_the_target_answers() -> None:
    state = standing()
    unmeasured = attack_preview(state, MILITIA, "dual-pistols", None)
    assert answer_line(unmeasured) == (
        "Town Militia 1 answers within 5 yards (Brawling): type the yards measured")
    assert answer_line(attack_preview(state, MILITIA, "dual-pistols", 20)) == (
        "Safe: Town Militia 1 cannot reach Hardbitten Gunman at 20 yards")
    assert answer_line(attack_preview(state, MILITIA, "dual-pistols", 5)) == (
        "Town Militia 1 can answer")


def test_a_target_with_nothing_that_answers_is_safe_at_any_distance() -> None:
    """The militia man's fists taken by an Ace: only his rifle is left, and a rifle never
    answers (line 100), so no distance matters."""
    table = Table(LoadScenario("take-that-bastard-down"), SetUpGame("2h"))
    deploy_all(table)
    table.do(UseModel(GUNMAN, Move.STILL))
    table.do(MakeAttack(MILITIA, "dual-pistols", 5, ("Ah", "4h", "5h")))
    table.do(PlayResult("Ah", "brawling"))
    table.do(UseModel("Town Militia 2", Move.STILL))
    table.do(MakeAttack(GUNMAN, "rifle", 60, ("2d", "3d")))
    table.do(PlayResult("2d"))
    table.do(UseModel(GUNMAN, Move.STILL))
    assert answer_line(attack_preview(table.state, MILITIA, "dual-pistols", None)) == (
        "Safe: Town Militia 1 has no weapon that answers at any distance")


@synchronous
async def test_the_attack_form_with_the_yards_blank_says_how_far_the_target_answers(
        tmp_path: Path) -> None:
    campaign = gunman_standing(tmp_path / "c.toml")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        shown = await opened(pilot, "a")
        await until(pilot, lambda: "answers within 5 yards (Brawling)" in str(
            shown.query_one("#form-preview", Static).render()))
        await pilot.press("tab", "2", "0")  # from the Target to the Yards
        await until(pilot, lambda: "Safe: Town Militia 1 cannot reach" in str(
            shown.query_one("#form-preview", Static).render()))
