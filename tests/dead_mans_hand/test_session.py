"""A session ended with something under way: a game set up and not yet won, or an attack
whose cards are drawn and whose result card is not yet played. The Dealer finishes it,
carries it into the next session, or leaves it off: the attack as a declined second card or
an ended turn leaves it, then the game abandoned, won by nobody, the score unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.dead_mans_hand import RULES, view
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    DrawForTheFallen,
    GoAllIn,
    LeaveTable,
    LoadScenario,
    MakeAttack,
    PlayResult,
    SetUpGame,
    TakeSecondResult,
    UseModel,
)
from gmscreen.games.dead_mans_hand.events import (
    KINDS,
    GameAbandoned,
    SecondResultDeclined,
)
from gmscreen.games.dead_mans_hand.sample import SAMPLES
from gmscreen.games.dead_mans_hand.state import GameRecord, MatchState, Phase, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from gmscreen.ui.shell import ShellScreen
from tests.dead_mans_hand.helpers import Table
from tests.dead_mans_hand.test_showdown import first_game, first_shots
from tests.pilot import fill, screen_text, synchronous, until

DUEL = next(s for s in SAMPLES if s.file.endswith("duel-between-rivals"))
GAME = 'game 1 of "Duel between Rivals"'


def placed() -> Table:
    """The duel, set up (red first) and both models placed."""
    return Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
                 Deploy("Sly Shooter"))


def duel(tmp_path: Path) -> Campaign[MatchState]:
    """The duel's sample in its session 1, set up and placed, Big Oaf's shot drawn."""
    campaign: Campaign[MatchState] = open_campaign(write_sample(DUEL, tmp_path), rules_for)
    for command in (SetUpGame("2h"), Deploy("Big Oaf"), Deploy("Sly Shooter"),
                    UseModel("Big Oaf", Move.STILL),
                    MakeAttack("Sly Shooter", "pistol", 10, ("3h", "9c"))):
        campaign.execute(command)
    return campaign


def test_a_game_set_up_and_not_yet_won_is_under_way_and_so_is_an_attack_half_way() -> None:
    table = Table(LoadScenario("duel-between-rivals"))
    assert RULES.under_way(table.state) is None  # the posses, ready
    table.do(SetUpGame("2h"))
    assert RULES.under_way(table.state) == f"{GAME}, its models being placed"
    table.do(Deploy("Big Oaf"))
    table.do(Deploy("Sly Shooter"))
    turn = f"{GAME}, at turn 1 (The Oaf's)"
    assert RULES.under_way(table.state) == turn
    table.do(UseModel("Big Oaf", Move.STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 10, ("3h", "9c")))
    assert RULES.under_way(table.state) == (
        f"{turn}, with Big Oaf's attack on Sly Shooter half-way: its result card not yet "
        "played")
    table.do(GoAllIn("4h"))
    table.do(PlayResult("3h"))  # red 3, below the Oaf's 9: nothing; the Shooter may answer
    assert RULES.under_way(table.state) == (
        f"{turn}, with Big Oaf's attack on Sly Shooter half-way: Sly Shooter's second card "
        "not yet taken or declined")
    table.do(TakeSecondResult("9c"))  # black 9, at least the Shooter's 4: the Oaf is hit
    assert RULES.under_way(table.state) == f"{GAME}, at turn 2 (The Shooter's)"


def test_nothing_is_under_way_once_the_game_is_won() -> None:
    table = first_game()  # black gives up, but for Long Tom
    table.do(LeaveTable("Long Tom", Move.QUICK))  # red wins; the fallen have yet to draw
    assert table.state.phase is Phase.AFTER_GAME
    assert RULES.under_way(table.state) is None
    with pytest.raises(RuleError, match="nothing is under way to leave off"):
        table.leave_off()


def test_an_attack_left_off_before_its_result_card_ends_the_game() -> None:
    """No turn passes in a game left off: the log told "The black posse's turn." just
    before the game was left off, though nobody plays on."""
    table = placed()
    table.do(UseModel("Big Oaf", Move.STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 10, ("3h", "9c")))
    events = table.leave_off()
    assert [KINDS.read(e) for e in events] == [GameAbandoned(1)]
    state = table.state
    assert state.phase is Phase.AFTER_GAME and state.attack is None and state.turn is None
    assert state.games == (GameRecord(1, None, abandoned=True),)
    assert (state.wins("red"), state.wins("black")) == (0, 0)
    assert len(state.pack.pile) == 54  # a fresh pack for what comes next
    assert table.model("Big Oaf").hits_left == 3  # nothing befell anyone
    table.do(SetUpGame("3d"))
    assert table.state.game == 2


def test_a_second_card_left_off_is_declined() -> None:
    table = placed()
    table.do(UseModel("Big Oaf", Move.STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 10, ("3h", "9c")))
    table.do(GoAllIn("4h"))
    table.do(PlayResult("3h"))
    events = table.leave_off()
    assert [KINDS.read(e) for e in events] == [
        SecondResultDeclined("Sly Shooter", "Big Oaf"), GameAbandoned(1)]
    assert "Over to" not in " ".join(str(RULES.describe(e)) for e in events)


def test_a_showdown_game_left_off_counts_for_neither_and_its_fallen_still_draw() -> None:
    """Reading: the book has no game left off. What befell the models stands (the fallen
    lie on their coffin cards and draw for their lives; a surrender stands); nobody wins,
    the score is unchanged, and nobody grows tougher, for nobody saw the game through."""
    table = first_shots()
    before = {m.name: (m.value, m.hits) for m in table.state.models()}
    table.leave_off()
    state = table.state
    assert state.games == (GameRecord(1, None, abandoned=True),)
    assert (state.wins("red"), state.wins("black")) == (0, 0) and state.champion is None
    assert {m.name: (m.value, m.hits) for m in state.models()} == before
    assert table.model("Stubby").status is Status.DOWN  # the King's: buried as they draw
    assert table.model("Quickdraw").status is Status.DOWN
    with pytest.raises(RuleError, match=r"Set-up: draw for the fallen \(Quickdraw; Stubby "
                       r"on K♥ is past saving\) first"):
        table.do(SetUpGame("5d"))
    table.do(DrawForTheFallen((("Quickdraw", "Td"),)))
    assert table.model("Quickdraw").status is Status.RESERVE
    assert table.model("Stubby").status is Status.DEAD
    table.do(SetUpGame("5d"))
    assert table.state.game == 2 and RULES.under_way(table.state) is not None


def test_the_table_reads_a_game_left_off() -> None:
    table = placed()
    events = table.leave_off()
    assert RULES.describe(events[-1]) == (
        "Game 1 is left off unfinished: nobody wins it, and it counts for neither posse.")
    known = view.table_knows(table.state)
    assert view.whose(known) == "Game 1 was left off unfinished. Set up the next game."
    # nobody won it: the totals say nothing, only where the match stood and stands
    assert view.table_totals(view.table_knows(placed().state), known) == []
    assert view.table_stands(view.table_knows(placed().state)) == (
        "game 1 of \"Duel between Rivals\", at turn 1 (The Oaf's)")
    assert view.table_stands(known, leaving=True) == (
        '"Duel between Rivals" at red 0, black 0 after game 1')


@pytest.mark.parametrize("what", ["carry", "abandon"])
def test_a_session_ends_mid_attack_only_when_told_what_becomes_of_it(
        tmp_path: Path, what: str) -> None:
    campaign = duel(tmp_path)
    assert campaign.under_way is not None
    with pytest.raises(RuleError, match="finish it first, carry it into the next session"):
        campaign.end_session()
    campaign.end_session(under_way=what)
    assert not campaign.in_session
    if what == "carry":
        assert campaign.describe(campaign.events[-2]) == (
            f"Note: Carried into the next session: {GAME}, at turn 1 (The Oaf's), with "
            "Big Oaf's attack on Sly Shooter half-way: its result card not yet played.")
        campaign.start_session()
        campaign.execute(PlayResult("9c"))  # black 9: the Shooter answers and hits the Oaf
        assert campaign.state.find("Big Oaf").hits_left == 2  # type: ignore[union-attr]
    else:
        assert campaign.state.games == (GameRecord(1, None, abandoned=True),)
        assert campaign.under_way is None
    campaign.undo()
    assert campaign.in_session and campaign.state.attack is not None


@pytest.mark.parametrize(("choice", "ended"), [("finish", False), ("carry", True),
                                                ("abandon", True)])
@synchronous
async def test_ending_the_session_by_keys_asks_about_the_attack(
        tmp_path: Path, choice: str, ended: bool) -> None:
    campaign = duel(tmp_path)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, Form))
        assert "Big Oaf's attack on Sly Shooter half-way" in screen_text(app)
        await fill(pilot, what=choice)
        await until(pilot, lambda: isinstance(app.screen, ShellScreen))
        await pilot.pause()
    assert campaign.in_session is not ended
    assert (campaign.state.phase is Phase.AFTER_GAME) is (choice == "abandon")
    assert (campaign.state.attack is None) is (choice == "abandon")


def test_a_game_left_off_while_its_models_are_placed_is_abandoned_alone() -> None:
    table = Table(LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"))
    assert [KINDS.read(e) for e in table.leave_off()] == [GameAbandoned(1)]
    assert table.state.phase is Phase.AFTER_GAME and table.state.deploying is None
    table.do(SetUpGame("Qs"))  # the next game places every model afresh, black first
    assert table.state.deploying == "black"
    assert {m.status for m in table.state.models()} == {Status.RESERVE}


def test_ending_a_session_offers_to_leave_the_game_off_in_its_words() -> None:
    """The session's end offered "Leave it off: it ends with no outcome" (the kit's words):
    it says what leaving this game off does, as the log will tell it."""
    table = placed()
    table.do(UseModel("Big Oaf", Move.STILL))
    assert RULES.left_off(table.state) == (
        "game 1 is left off unfinished: nobody wins it, and it counts for neither posse")
    table.do(MakeAttack("Sly Shooter", "pistol", 10, ("3h", "9c")))
    assert RULES.left_off(table.state) == (
        "Big Oaf's attack ends with no result card played, then game 1 is left off "
        "unfinished: nobody wins it, and it counts for neither posse")
    table.do(GoAllIn("4h"))
    table.do(PlayResult("3h"))
    assert RULES.left_off(table.state).startswith(
        "Sly Shooter takes no second card, then game 1 is left off unfinished")
