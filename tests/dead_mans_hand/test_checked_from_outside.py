"""Round 14: the showdown sample played from outside, as a checker would, read back through
the command line (`recap`, `replay`). Each test is a situation of the book a Dealer played
in tmux, where the app said something the book does not: the recap's "Won and lost" left
out a model recruited in the session (the new leader a Dealer put in for Big Jim) and said
nothing of what a showdown loses for good (Derringers spent on a low number, line 106; a
horse a Jack killed, line 110); and the refusals after the showdown named the winner by its
colour ("the black posse has won") where the line over the table names it "The Black Hats
(black)"."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmscreen.cli import main
from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    Dismiss,
    LeaveTable,
    MakeAttack,
    PlayResult,
    Recruit,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.sample import build_showdown
from gmscreen.games.dead_mans_hand.state import MatchState, Phase, Status
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from tests.dead_mans_hand.helpers import Table, deploy_all, new_campaign


def leave_one_by_one(campaign: Campaign[MatchState], leaving: str) -> None:
    """Turn by turn, the `leaving` side leads a model off by a table edge and the other
    side's first model stands still, until the game is over: every model a survivor."""
    from gmscreen.games.dead_mans_hand.commands import EndTurn

    while campaign.state.phase is Phase.PLAYING:
        turn = campaign.state.turn
        assert turn is not None
        posse = campaign.state.posse(turn.colour)
        first = posse.on_table()[0].name
        if turn.colour == leaving:
            campaign.execute(LeaveTable(first, Move.SLOW))
        else:
            campaign.execute(UseModel(first, Move.STILL))
            campaign.execute(EndTurn())


def boss_for_big_jim(path: Path) -> Campaign[MatchState]:
    """The sample showdown; in session 1, before any game, Big Jim is dismissed and Boss
    recruited as the new leader (value 6, 2 hits, a rifle and a horse: 43 of 43 points).
    Game 1: Kid spends his Derringers on the 5♦ (a number below his value), Long Tom's J♠
    kills Boss's horse, and black leads every model off: red wins, all survivors. Game 2:
    black wins the same way, so the showdown goes on (1-1) and the gains stand."""
    campaign = new_campaign(path, "Red Gulch")
    build_showdown(campaign)
    campaign.start_session()
    campaign.execute(Dismiss("Big Jim"))
    campaign.execute(Recruit("red", "Boss", 6, 2, ("rifle",), horse=True))
    campaign.execute(SetUpGame("5h"))  # red first
    deploy_all(campaign)
    campaign.execute(UseModel("Kid", Move.STILL))
    campaign.execute(MakeAttack("Stubby", "derringers", 10, ("5d", "6d", "7s")))
    campaign.execute(PlayResult("5d"))
    campaign.execute(UseModel("Long Tom", Move.STILL))
    campaign.execute(MakeAttack("Boss", "rifle", 50, ("Js", "2c")))
    campaign.execute(PlayResult("Js"))
    leave_one_by_one(campaign, "black")
    campaign.execute(SetUpGame("3c"))  # black first
    deploy_all(campaign)
    leave_one_by_one(campaign, "red")
    assert [g.winner for g in campaign.state.games] == ["red", "black"]
    return campaign


def recap(path: Path, capsys: pytest.CaptureFixture[str], *flags: str) -> str:
    assert main(["recap", str(path), "--session", "1", *flags]) == 0
    text = capsys.readouterr().out
    return text[text.index("Won and lost"):]


@pytest.mark.parametrize("dealer", [[], ["--dealer"]])
def test_a_leader_recruited_in_the_session_is_in_won_and_lost(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], dealer: list[str]) -> None:
    """Lines 126, 149: Boss came in at value 6 with 2 hits and stood through two games: the
    recap's totals tell his gains as they tell every other survivor's."""
    path = tmp_path / "c.toml"
    boss_for_big_jim(path)
    totals = recap(path, capsys, *dealer)
    assert "- Boss: value 6 to 4, 2 to 4 hits" in totals
    assert "- Slim: value 8 to 6, 1 to 3 hits" in totals


@pytest.mark.parametrize("dealer", [[], ["--dealer"]])
def test_what_a_showdown_loses_for_good_is_in_won_and_lost(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], dealer: list[str]) -> None:
    """Line 106: Derringers spent on a low number are gone for good; line 110: a Jack kills
    the horse (gone for the rest of the showdown, as the app reads it). Both outlast the
    session, so its recap says them; a weapon lost to an Ace (back at the next game) is not
    a loss of the session."""
    path = tmp_path / "c.toml"
    boss_for_big_jim(path)
    totals = recap(path, capsys, *dealer)
    assert "- Kid: Derringers spent for good" in totals
    assert "- Boss: horse lost" in totals
    assert totals.count("Kid") == 2  # the gain and the loss, one line each
    # nobody else lost anything that lasts
    assert "spent for good" not in totals.replace("- Kid: Derringers spent for good", "")


def test_single_games_lose_nothing_for_good() -> None:
    """Line 11, 261: single games start every model afresh, so a horse a Jack killed in one
    is back in the next; the totals say no loss."""
    from gmscreen.games.dead_mans_hand.commands import ChooseFormat
    from gmscreen.games.dead_mans_hand.state import Format

    table = Table(ChooseFormat(Format.SINGLE),
                  Recruit("red", "Rider", 6, 2, ("pistol",), horse=True),
                  Recruit("black", "Rifleman", 6, 1, ("rifle",)))
    before = view.table_knows(table.state)
    table.do(SetUpGame("3c"))
    deploy_all(table)
    table.do(UseModel("Rifleman", Move.STILL))
    table.do(MakeAttack("Rider", "rifle", 50, ("Js", "2c")))
    table.do(PlayResult("Js"))
    assert not table.model("Rider").horse
    totals = view.table_totals(before, view.table_knows(table.state))
    assert not any("horse" in line for line in totals), totals


def test_the_refusals_after_the_showdown_name_the_winner_as_the_table_does(
        tmp_path: Path) -> None:
    """Line 124: once The Black Hats have won, set-up, a turn and the draw for the fallen
    are refused naming the posse by its name, as the line over the table does, not "the
    black posse"."""
    path = tmp_path / "c.toml"
    campaign = boss_for_big_jim(path)
    campaign.execute(SetUpGame("Ah"))  # red first
    deploy_all(campaign)
    for model in campaign.state.red.on_table():
        campaign.execute(Surrender(model.name))
    assert campaign.state.phase is Phase.OVER and campaign.state.champion == "black"
    seen = []
    for command in (SetUpGame(""), UseModel("Hatchet", Move.STILL)):
        with pytest.raises(RuleError) as refused:
            campaign.execute(command)
        seen.append(str(refused.value))
    assert all("The Black Hats (black) has won" in said for said in seen), seen
    assert not any("the black posse" in said for said in seen), seen
    assert all(m.status is not Status.ON_TABLE for m in campaign.state.models())


def test_the_leave_form_says_the_moves_it_offers_not_standing_still() -> None:
    """Line 155: a model goes off by a table edge with a move; the form offers slow, quick
    and flat out, and its words under the field listed standing still first (the glossary's
    words for every move), which leaving never offers."""
    from gmscreen.games.dead_mans_hand.panes.conflict import move_form
    from tests.dead_mans_hand.helpers import model

    leaving = move_form(model("Hatchet", "black"), leaving=True)
    about = leaving.fields[0].about
    assert "tand still" not in about
    assert "slow (up to 10 yards), quick (up to 20) or flat out (up to 30)" in about
    assert "out of this game" in about


def test_each_mistake_of_the_drill_is_refused_naming_its_rule_and_leaves_the_file(
        tmp_path: Path) -> None:
    """The Dealer's mistakes of round 14's drill, each on the journal file as the app
    sends it: refused naming the rule (and the field where one is typed), the file's bytes
    as they were. A Joker to set up (line 23), placing out of turn (23), a ninth model and a
    name twice (126), plunder over the points (130), a card already out (67), All In twice
    (77), a turn for a model lying on its coffin card (116), the next game before the
    fallen's draw and a coffin card drawn for them (151)."""
    from gmscreen.games.dead_mans_hand.commands import (
        Deploy,
        DrawForTheFallen,
        GoAllIn,
    )

    path = tmp_path / "c.toml"
    campaign = new_campaign(path, "Red Gulch")
    build_showdown(campaign)
    campaign.start_session()

    def refused(command: object, rule: str, field: str | None = None) -> None:
        before = path.read_bytes()
        with pytest.raises(RuleError) as error:
            campaign.execute(command)
        assert (error.value.rule, error.value.field) == (rule, field), str(error.value)
        assert path.read_bytes() == before

    refused(Recruit("red", "Nine", 8, 1), "Posse size", "name")
    refused(Recruit("black", "slim", 8, 1), "Names", "name")
    campaign.execute(Dismiss("Big Jim"))
    refused(Recruit("red", "Boss", 6, 2, ("rifle", "shotgun"), horse=True), "Plunder", "weapons")
    campaign.execute(Recruit("red", "Boss", 6, 2, ("rifle",), horse=True))
    refused(SetUpGame("*"), "Set-up card", "card")
    campaign.execute(SetUpGame("5h"))
    refused(Deploy("Deacon"), "Placing", "name")
    deploy_all(campaign)
    campaign.execute(UseModel("Slim", Move.STILL))
    refused(MakeAttack("Deacon", "rifle", 35, ("Qc", "5h")), "Pack", "cards")
    campaign.execute(MakeAttack("Deacon", "rifle", 35, ("Qc", "2s")))
    campaign.execute(GoAllIn("Ah"))
    refused(GoAllIn("4c"), "All In")
    campaign.execute(PlayResult("Ah", "pistol"))
    campaign.execute(UseModel("Two-Gun", Move.STILL))
    campaign.execute(MakeAttack("Quickdraw", "dual-pistols", 30, ("9h", "2c", "3c")))
    campaign.execute(PlayResult("9h"))  # red's 9 against black: Two-Gun goes down on it
    assert campaign.state.find("Two-Gun").status is Status.DOWN  # type: ignore[union-attr]
    from gmscreen.games.dead_mans_hand.commands import EndTurn

    campaign.execute(UseModel("Slim", Move.STILL))
    campaign.execute(EndTurn())  # black's turn: Two-Gun, down on the 9♥, is no model to use
    refused(UseModel("Two-Gun", Move.STILL), "Turns", "name")
    leave_one_by_one(campaign, "black")
    refused(SetUpGame("Kc"), "Set-up")
    refused(DrawForTheFallen((("Two-Gun", "9h"),)), "Draw for the fallen", "card1")
