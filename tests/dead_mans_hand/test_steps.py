"""What may be done at each moment of a game lives in the rules (`why_not_x`), Textual-free:
the steps that apply are those the book allows then, the others say why in the game's words,
and a command sent anyway is refused by its decide function with the same words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from gmscreen.games.dead_mans_hand import fight, turns
from gmscreen.games.dead_mans_hand.commands import (
    Deploy,
    DrawForTheFallen,
    EndTurn,
    GoAllIn,
    LeaveTable,
    LoadScenario,
    MakeAttack,
    PlayResult,
    Reshuffle,
    SetUpGame,
    Surrender,
    UseModel,
)
from gmscreen.games.dead_mans_hand.sample import showdown_commands
from gmscreen.games.dead_mans_hand.state import MatchState
from gmscreen.games.dead_mans_hand.weapons import Move
from gmscreen.journal.rules import RuleError
from tests.dead_mans_hand.helpers import Table

STEPS: dict[str, Callable[[MatchState], RuleError | None]] = {
    "set_up": turns.why_not_set_up, "deploy": turns.why_not_deploy, "use": turns.why_not_use,
    "leave": turns.why_not_leave, "attack": fight.why_not_attack,
    "all_in": fight.why_not_all_in, "play": fight.why_not_play,
    "end_turn": turns.why_not_end_turn, "surrender": turns.why_not_surrender,
    "recover": turns.why_not_recover, "reshuffle": turns.why_not_reshuffle,
}
#: a command for each step, to see the decide function refuse what `why_not` refuses
COMMANDS = {
    "set_up": SetUpGame("3h"), "deploy": Deploy("Big Oaf"),
    "use": UseModel("Big Oaf", Move.STILL), "leave": LeaveTable("Big Oaf", Move.SLOW),
    "attack": MakeAttack("Sly Shooter", "pistol", 50, ("4c", "5c")), "all_in": GoAllIn("6c"),
    "play": PlayResult("7c"), "end_turn": EndTurn(), "surrender": Surrender("Big Oaf"),
    "recover": DrawForTheFallen((("Big Oaf", "8c"),)), "reshuffle": Reshuffle(),
}
DUEL = (LoadScenario("duel-between-rivals"), SetUpGame("2h"), Deploy("Big Oaf"),
        Deploy("Sly Shooter"), UseModel("Big Oaf", Move.STILL),
        MakeAttack("Sly Shooter", "pistol", 50, ("3h", "3c")), GoAllIn("9d"), PlayResult("3c"),
        UseModel("Sly Shooter", Move.SLOW))


def offered(state: MatchState) -> set[str]:
    return {step for step, why_not in STEPS.items() if why_not(state) is None}


def test_each_moment_of_the_duel_offers_the_steps_the_book_allows() -> None:
    table = Table(DUEL[0])
    moments = [offered(table.state)]
    for command in DUEL[1:]:
        table.do(command)
        moments.append(offered(table.state))
    assert moments == [
        {"set_up"},  # the posses are loaded: a card sets the game up
        {"deploy"},  # the set-up card lies in the discard: no reshuffle while placing
        {"deploy"},
        {"use", "leave", "surrender", "reshuffle"},  # placed: red takes the first turn
        {"attack", "end_turn", "surrender", "reshuffle"},  # the Oaf stood still
        {"all_in", "play"},  # two cards drawn: no reshuffle until the attack ends
        {"play"},  # All In once, before the result card
        {"use", "leave", "surrender", "reshuffle"},  # the 3 did nothing: black's turn
        {"attack", "end_turn", "surrender", "reshuffle"},
    ]


def test_the_draws_for_the_fallen_come_between_showdown_games() -> None:
    table = Table(*showdown_commands(), SetUpGame("5h"))
    while table.state.deploying is not None:
        colour = table.state.deploying
        table.do(Deploy(next(m.name for m in table.state.posse(colour).models
                             if turns.why_not_deploy(table.state, m.name) is None)))
    table.do(UseModel("Slim", Move.STILL))
    table.do(MakeAttack("Stubby", "rifle", 60, ("9h", "2c")))
    table.do(PlayResult("9h"))
    assert "recover" not in offered(table.state)
    assert str(turns.why_not_recover(table.state)) == (
        "Draw for the fallen: the fallen draw for their lives once the game is over")
    for black in table.state.black.on_table():
        table.do(Surrender(black.name))
    assert offered(table.state) == {"recover"}
    assert str(turns.why_not_set_up(table.state)) == (
        "Set-up: draw for the fallen (Stubby) first")
    with pytest.raises(RuleError, match="Draw for the fallen: Slim is not lying on a coffin card"):
        table.do(DrawForTheFallen((("Stubby", "Td"), ("Slim", "Td"))))
    table.do(DrawForTheFallen((("Stubby", "Td"),)))
    assert offered(table.state) == {"set_up"}  # the next game is dealt a full pack


def test_in_single_games_nobody_draws_to_recover() -> None:
    table = Table(*DUEL[:5], MakeAttack("Sly Shooter", "pistol", 50, ("Kh", "3c")),
                  PlayResult("Kh"))
    assert table.model("Sly Shooter").coffin == "Kh"
    assert offered(table.state) == {"set_up"}
    assert str(turns.why_not_recover(table.state)) == (
        "Draw for the fallen: the fallen draw to recover only in a Dramatic Showdown")


def test_the_reasons_name_what_to_do_instead() -> None:
    table = Table(DUEL[0])

    def why(step: str) -> str:
        return str(STEPS[step](table.state))

    assert why("use") == ("Order of play: no game is being played: the posses are being "
                          "built; set up a game once they are ready")
    assert why("deploy") == ("Placing: set up a game first: its card says who places the "
                             "first model")
    assert why("all_in") == ("All In: All In adds a card to an attack, and no attack is "
                             "under way")
    assert why("reshuffle") == "Pack: the pack is dealt once a game is set up"
    for command in DUEL[1:4]:
        table.do(command)
    assert why("set_up") == "Set-up: game 1 is under way; the next is set up when it ends"
    assert why("attack") == "Turns: use a model first: its move comes before its attack"
    assert why("end_turn") == ("Turns: use a model first: each turn uses one model, its move "
                               "first")
    assert why("deploy") == "Placing: every model is placed already"
    table.do(UseModel("Big Oaf", Move.STILL))
    assert why("use") == "Turns: Big Oaf is being used this turn: attack or end the turn"
    table.do(MakeAttack("Sly Shooter", "pistol", 50, ("3h", "3c")))
    assert why("end_turn") == ("Attack: Big Oaf's attack on Sly Shooter is still being "
                               "resolved: play its result card first")
    table.do(GoAllIn("9d"))
    assert why("all_in") == "All In: an attack goes all in once"
    assert fight.why_not_play(table.state) is None


def test_a_model_that_may_not_attack_is_told_why() -> None:
    """Its move ends its use now; a journal written before holds the move alone, and the
    turn waits for End turn."""
    table = Table(*DUEL[:4])
    table.written_before(UseModel("Big Oaf", Move.FLAT_OUT))
    assert str(fight.why_not_attack(table.state)) == (
        "Attack: Big Oaf moved flat out on foot and may not attack: end the turn")
    assert str(turns.why_not_use(table.state, "Sly Shooter")) == (
        "Turns: Big Oaf is being used this turn: end the turn")
    table.do(EndTurn())
    assert str(turns.why_not_use(table.state, "Big Oaf")) == (
        "Turns: Big Oaf plays for The Oaf (red); it is the turn of The Shooter (black)")
    assert str(turns.why_not_surrender(table.state, "Nobody")) == (
        "Models: there is no model called 'Nobody'")
    table.do(UseModel("Sly Shooter", Move.STILL))
    # every weapon lost (Aces took them): nothing to attack with
    shooter = replace(table.model("Sly Shooter"), weapons=())
    red, black = table.state.swapped(shooter)
    unarmed = replace(table.state, red=red, black=black)
    assert str(fight.why_not_attack(unarmed)) == (
        "Attack: Sly Shooter has no weapon left to attack with: end the turn")


def test_leaving_under_a_jack_is_refused_for_that_model() -> None:
    table = Table(*DUEL[:5], MakeAttack("Sly Shooter", "pistol", 10, ("Jh", "2s")),
                  PlayResult("Jh"))
    assert turns.why_not_leave(table.state) is None
    assert str(turns.why_not_leave(table.state, "Sly Shooter")) == (
        "Jack: Sly Shooter was pinned by a Jack and may not move this time, and leaving by a "
        "table edge takes a move")
    assert turns.why_not_use(table.state, "Sly Shooter") is None


@pytest.mark.parametrize("moment", range(len(DUEL)))
def test_the_decide_functions_refuse_as_the_steps_say(moment: int) -> None:
    table = Table(*DUEL[:moment + 1])
    for step, why_not in STEPS.items():
        refused = why_not(table.state)
        if refused is None:
            continue
        with pytest.raises(RuleError) as decided:
            table.do(COMMANDS[step])
        assert decided.value == refused


def test_a_move_that_ends_the_use_says_why_in_the_log() -> None:
    """Line 39: a model attacks after its move only if able; a move that leaves it no attack
    ends its use. The log told the move alone ("Big Oaf moves flat-out (up to 30 yards)."
    then "The black posse's turn."), so a table reading it back could not tell why no shot
    followed; it says why now, and that the turn passes."""
    from gmscreen.games.dead_mans_hand.rules import RULES

    table = Table(*DUEL[:4])
    events = table.do(UseModel("Big Oaf", Move.FLAT_OUT))
    assert RULES.describe(events[0]) == (
        "Big Oaf moves flat out (up to 30 yards): on foot, it may not attack; the turn "
        "passes.")
    table = Table(*DUEL[:4])
    table.do(UseModel("Big Oaf", Move.STILL))
    table.do(MakeAttack("Sly Shooter", "pistol", 30, ("Qh", "3c")))
    table.do(PlayResult("Qh"))  # the Shooter is stopped by the Queen
    events = table.do(UseModel("Sly Shooter", Move.STILL))
    assert RULES.describe(events[0]) == (
        "Sly Shooter stands still: stopped by a Queen, it may not attack this time; the turn "
        "passes.")
    # a move the model may attack after is told as before
    events = table.do(UseModel("Big Oaf", Move.STILL))
    assert RULES.describe(events[0]) == "Big Oaf stands still."
