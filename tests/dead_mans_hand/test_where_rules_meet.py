"""Round 17: where two rules of the book apply at the same moment (`docs/rules/dead-mans-hand.md`,
"Where rules meet")."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand import advice
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Deploy,
    EndTurn,
    GoAllIn,
    LoadScenario,
    MakeAttack,
    NamePosse,
    PlayResult,
    Recruit,
    SetUpGame,
    UseModel,
)
from gmscreen.games.dead_mans_hand.events import KINDS
from gmscreen.games.dead_mans_hand.log import model_used
from gmscreen.games.dead_mans_hand.results import apply, resolve, says
from gmscreen.games.dead_mans_hand.state import Effect, Format
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.dead_mans_hand.helpers import Table, model
from tests.dead_mans_hand.test_conflict_lines import duel
from tests.pilot import about, synchronous, to_tab, until

#: the duel's two placed, the Oaf (red) to use a model
DUEL_PLACED = (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
               Deploy("Sly Shooter"))


def two_a_side() -> Table:
    """Shot (red, value 6, 2 hits, Pistol and Shotgun) and a friend against Out (black,
    Pistol) and his: placed, red to use a model."""
    table = Table(
        ChooseFormat(Format.SINGLE), NamePosse("red", "Reds"), NamePosse("black", "Blacks"),
        Recruit("red", "Shot", 6, 2, ("pistol", "shotgun")), Recruit("red", "Pal", 8, 1),
        Recruit("black", "Out", 8, 1, ("pistol",)), Recruit("black", "Pard", 8, 1),
        SetUpGame("5d"))
    for name in ("Shot", "Out", "Pal", "Pard"):
        table.do(Deploy(name))
    return table


def test_tomahawks_spent_by_the_first_card_are_not_spent_again_by_the_second() -> None:
    """Lines 77, 90, 106: Hatchet's 5♠ (below his 8) spends his Tomahawks; Quickdraw, the
    target, may then take the 2♣ left, of Hatchet's colour and below his value too. The
    Tomahawks are gone already, so it does nothing: the form, the log and the last attack
    read "no effect", where they said the Tomahawks ran out a second time."""
    hatchet = model("Hatchet", "black", weapons=("tomahawks",), horse=True)
    quickdraw = model("Quickdraw", "red", weapons=("pistol",))
    first = resolve("5s", hatchet, quickdraw, "tomahawks", 8)
    assert first.effect is Effect.RAN_OUT
    hatchet = apply(first, hatchet)
    assert "tomahawks" not in hatchet.weapons and "big-blade" in hatchet.weapons
    second = resolve("2c", hatchet, quickdraw, "tomahawks", 8)
    assert second.effect is Effect.MISS and second.weapon is None
    assert says(second) == "no effect"
    assert apply(second, hatchet) == hatchet


def test_a_second_ace_against_the_attacker_finds_its_weapon_gone_already() -> None:
    """Lines 77, 108: Shot's own A♣ (the target's colour) took the Pistol he attacked with;
    Out then takes the A♠ as his second card. The Ace takes the weapon the attacker used,
    gone already, so Shot loses nothing more (the reading kept in `results`), and the card
    says why, where it said "Shot has no weapon left to lose" of a man still carrying a
    Shotgun and his fists."""
    shot = model("Shot", "red", value=6, hits=2, weapons=("pistol", "shotgun"))
    out = model("Out", "black", weapons=("pistol",))
    first = resolve("Ac", shot, out, "pistol", 30)
    assert first.effect is Effect.DISARMED and first.weapon == "pistol"
    shot = apply(first, shot)
    second = resolve("As", shot, out, "pistol", 30)
    assert second.effect is Effect.DISARMED and second.weapon is None
    assert says(second) == "Shot loses nothing more: its Pistol is gone already"
    assert apply(second, shot).weapons == ("shotgun", "brawling")
    duals = model("Duals", "red", weapons=("dual-pistols",))
    duals = apply(resolve("Ac", duals, out, "dual-pistols", 30), duals)
    assert says(resolve("As", duals, out, "dual-pistols", 30)) == (
        "Duals loses nothing more: its Dual Pistols are gone already")
    # a target with nothing at all to give up reads as before
    bare = model("Bare", "black", weapons=())
    bare = apply(resolve("Ah", shot, bare, "shotgun", 3), bare)
    assert says(resolve("Ah", shot, bare, "shotgun", 3)) == "Bare has no weapon left to lose"


def test_the_second_card_form_does_not_open_on_an_ace_that_takes_nothing() -> None:
    """Lines 77, 108: with the Pistol gone to Shot's own A♣, the A♠ left takes nothing, and
    neither does the 2♥ (Shot's colour, below his 6): no card serves Out, so the form asking
    for his second card opens on taking none, where it opened on the A♠."""
    table = two_a_side()
    table.do(UseModel("Shot", Move.STILL))
    table.do(MakeAttack("Out", "pistol", 30, ("Ac", "2h")))
    table.do(GoAllIn("As"))
    table.do(PlayResult("Ac"))
    assert table.state.attack is not None and table.state.attack.awaiting_second
    assert advice.second_card(table.state) is None


def test_the_all_in_form_says_whether_the_target_may_take_a_second_card() -> None:
    """Lines 77, 100, 112: the All In card's words under its field promised every target a
    second result card, under a Queen or out of reach too, beside the attack panel's
    "Safe: Big Jim is under a Queen and cannot answer". They now say why none comes, or
    that one may come if the target still stands and reaches."""
    table = two_a_side()
    table.do(UseModel("Shot", Move.STILL))
    table.do(MakeAttack("Out", "pistol", 30, ("9c", "2h")))
    assert advice.all_in_words(table.state) == (
        "The card turned over; Out may then take one of the others as a second result card, "
        "if it still stands and can answer.")
    far = two_a_side()
    far.do(UseModel("Shot", Move.STILL))
    far.do(MakeAttack("Out", "pistol", 50, ("9c", "3s")))
    assert advice.all_in_words(far.state) == (
        "The card turned over; no second card for Out: Out cannot reach Shot at 50 yards.")


@synchronous
async def test_i_against_a_target_under_a_queen_says_no_second_card(tmp_path: Path) -> None:
    """The check as played at 80x24 (Deacon on Big Jim, Queened by the Q♠ he chose),
    in the duel: Sly Shooter's own attack on the Oaf plays the Q♥, of the Oaf's colour, and
    Sly is under a Queen till his next use; the Oaf attacks him, `i` (All In): the words
    under the card say no second card comes."""
    campaign = duel(tmp_path / "c.toml", UseModel("Big Oaf", Move.STILL), EndTurn(),
                    UseModel("Sly Shooter", Move.STILL),
                    MakeAttack("Big Oaf", "pistol", 10, ("Qh", "2s")), PlayResult("Qh"),
                    UseModel("Big Oaf", Move.STILL),
                    MakeAttack("Sly Shooter", "pistol", 10, ("3h", "4s")))
    shooter = campaign.state.find("Sly Shooter")
    assert shooter is not None and shooter.shaken
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("i")
        await until(pilot, lambda: isinstance(app.screen, Form))
        assert isinstance(app.screen, Form)
        assert about(app.screen, "card") == (
            "The card turned over; no second card for Sly Shooter: Sly Shooter is under a "
            "Queen and cannot answer.")


def test_a_model_under_a_jack_and_a_queen_stands_saying_both() -> None:
    """Lines 110, 112: the Oaf, Queened by the Q♠ he chose and pinned by Sly's J♣, is used:
    he may neither move nor attack, and the turn passes with his use. The log and the recap
    said only "stands still: stopped by a Queen, it may not attack this time", the Jack that
    kept him standing unsaid."""
    table = Table(*DUEL_PLACED, UseModel("Big Oaf", Move.STILL),
                  MakeAttack("Sly Shooter", "pistol", 30, ("Qs", "3h")), PlayResult("Qs"),
                  UseModel("Sly Shooter", Move.STILL),
                  MakeAttack("Big Oaf", "pistol", 30, ("Jc", "2d")), PlayResult("Jc"))
    oaf = table.model("Big Oaf")
    assert oaf.pinned and oaf.shaken
    events = table.do(UseModel("Big Oaf", Move.STILL))
    assert model_used(KINDS.read(events[0])) == (
        "Big Oaf stands still: pinned by a Jack and stopped by a Queen, it may neither move "
        "nor attack this time; the turn passes.")
    assert not table.model("Big Oaf").pinned and not table.model("Big Oaf").shaken
    assert table.turn().colour == "black"


def test_no_second_card_is_asked_once_the_attackers_joker_lays_it_down() -> None:
    """Line 77, the reading in `fight`: Shot's friend Pal (one hit) goes all in on Out (two
    hits) and plays the Joker: both take a hit, Pal goes down on it, Out stands. No second
    card is asked: none could do more to Pal, lying on his coffin card."""
    table = Table(
        ChooseFormat(Format.SINGLE), NamePosse("red", "Reds"), NamePosse("black", "Blacks"),
        Recruit("red", "Pal", 8, 1), Recruit("red", "Shot", 6, 2),
        Recruit("black", "Out", 8, 2, ("pistol",)), Recruit("black", "Pard", 8, 1),
        SetUpGame("5d"))
    for name in ("Pal", "Out", "Shot", "Pard"):
        table.do(Deploy(name))
    table.do(UseModel("Pal", Move.STILL))
    table.do(MakeAttack("Out", "brawling", 3, ("*", "Ks")))
    table.do(GoAllIn("3c"))
    kinds = [e.kind for e in table.do(PlayResult("*"))]
    assert kinds == ["dead_mans_hand.result_played", "dead_mans_hand.turn_ended"]
    assert table.state.attack is None or not table.state.attack.awaiting_second
    assert table.model("Pal").coffin == "*" and table.model("Out").hits_left == 1


def test_a_civilians_rifle_never_answers_at_its_civilian_range() -> None:
    """Lines 54, 65, 100 (the reading in `weapons`): a civilian's rifle reaches 50 yards
    standing, but a target answers at Normal (a civilian: Civilian) range and never with a
    Long Shot, so never with a rifle: the civilian's Civilian column stands in for the Long
    Shot the rifle has alone."""
    clerk = model("Clerk", "black", civilian=True, weapons=("rifle",))
    gunman = model("Gunman", "red", value=6, weapons=("pistol",))
    assert resolve("9s", gunman, clerk, "pistol", 40).effect is Effect.NO_ANSWER
    assert resolve("9s", gunman, clerk, "pistol", 4).effect is Effect.NO_ANSWER  # no fists


def test_a_queen_on_a_model_that_left_is_gone_by_the_next_game() -> None:
    """Lines 112, 145, 155: Quickdraw, under Deacon's Queen, leaves by a table edge (a
    move, no attack: allowed); red wins the game, Stubby drawing back from his 9♥; at the
    next game Quickdraw is a survivor, tougher, with no Queen."""
    from gmscreen.games.dead_mans_hand.commands import DrawForTheFallen, LeaveTable, Surrender
    from gmscreen.games.dead_mans_hand.sample import showdown_commands
    from tests.dead_mans_hand.helpers import deploy_all

    table = Table(*showdown_commands(), SetUpGame("5h"))
    deploy_all(table)
    table.do(UseModel("Quickdraw", Move.STILL))
    table.do(MakeAttack("Deacon", "pistol", 30, ("Qs", "7d")))
    table.do(PlayResult("Qs"))
    table.do(UseModel("Deacon", Move.STILL))
    table.do(EndTurn())
    table.do(LeaveTable("Quickdraw", Move.QUICK))
    assert table.model("Quickdraw").shaken
    table.do(UseModel("Deacon", Move.STILL))
    table.do(EndTurn())
    table.do(UseModel("Slim", Move.STILL))
    table.do(MakeAttack("Stubby", "rifle", 60, ("9h", "2c")))
    table.do(PlayResult("9h"))
    for fighter in table.state.black.on_table():
        table.do(Surrender(fighter.name))
    table.do(DrawForTheFallen((("Stubby", "10s"),)))
    table.do(SetUpGame("5h"))
    quickdraw = table.model("Quickdraw")
    assert not quickdraw.shaken and (quickdraw.value, quickdraw.hits_left) == (7, 2)
