"""Where rules meet (round 17): two or more rules applying at the same moment, each tried
from outside first, then held here (digest sections and module lines as cited)."""

from __future__ import annotations

from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.commands import (
    Attack,
    Discard,
    DrawCard,
    EndActivation,
    EndGame,
    Forgo,
    Mend,
    Move,
)
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from gmscreen.games.devils_bluff.turns import end_game_note
from tests.devils_bluff.helpers import one_off
from tests.devils_bluff.test_game import refused, total_cards
from tests.devils_bluff.test_readings import hendry_to_act, wounded


def test_a_model_rending_takes_out_takes_no_defence_test_and_keeps_its_hand() -> None:
    """Digest 4 (Rending) meets digest 3.1 (133) and module 43-45, 155: Mule's Shotgun hit
    Sheriff Cole (1 HP) with a critical by a hand; Rending's 1 before the Defence test took
    him out. He still laid his hand "for the Defence test" (all five cards to the discard
    pile), a test a model out never takes, and the line read it as a critical Defence
    test with Return Fire. Now no Defence test comes: his hand stays held, no card is drawn
    for the other hit, and the line says why."""
    table = hendry_to_act(one_off(), "Mule")
    wounded(table, COLE, 1)
    table.give(HENDRY, "As Ad Ac 2s 3d")
    table.give(COLE, "Ks Kd Kc 2h 3h")
    table.stack("Qh 7c")
    deck = len(table.state.deck.order)
    (event,) = table.execute(Attack("Mule", COLE, hand=True, defender_hand=True))
    assert table.fighter(COLE).out
    assert [c.code for c in table.state.hand(COLE)] == ["Ks", "Kd", "Kc", "2h", "3h"]
    assert event.data.get("defence_hand") is None and not event.data["defence"]
    assert not event.data.get("return_fire") and "Return Fire" not in event.data["line"]
    # the Shotgun's second test drew its card (a hit); no Defence card came after it
    assert len(table.state.deck.order) == deck - 1
    assert "Rending 1: out before any Defence test" in event.data["line"]
    assert "no Defence test, so Sheriff Cole's hand is not laid" in event.data["line"]
    assert total_cards(table) == 52


def test_a_model_rending_leaves_standing_still_takes_its_defence_test() -> None:
    """The same attack on Sheriff Cole at 2 HP: Rending's 1 leaves him standing, so his
    hand is laid for the Defence test as before (Return Fire throws the hits away)."""
    table = hendry_to_act(one_off(), "Mule")
    wounded(table, COLE, 2)
    table.give(HENDRY, "As Ad Ac 2s 3d")
    table.give(COLE, "Ks Kd Kc 2h 3h")
    table.stack("2c")
    (event,) = table.execute(Attack("Mule", COLE, hand=True, defender_hand=True))
    assert not table.fighter(COLE).out and table.fighter(COLE).hp == 1
    assert table.state.hand(COLE) == ()
    assert event.data["return_fire"]


def test_a_game_ended_while_free_actions_wait_says_what_it_lets_go() -> None:
    """Module 147 and 155 meet digest 2.1 (77): Jesse Hendry's hand won his Battle Skill
    test (Hail of Fire's two free attacks) and Sheriff Cole's his Defence test (Return
    Fire's shot back); the players then agreed to end the game. It ended with "Game 1
    ends" alone: the shot back on offer and Jesse's attacks went unsaid, and his
    activation never ended. Now the shot back is let go, then the activation ends letting
    the attacks go (as ending it does, and as a game left off did already), each told;
    the End-the-game step says so before it is sent."""
    table = hendry_to_act(one_off(), "Jesse Hendry")
    table.give(HENDRY, "8c 8d 3h 4s Jc")
    table.give(COLE, "9c 9d 4h 5s Qc")
    table.stack("Td")
    table.execute(Attack("Jesse Hendry", COLE, hand=True, defender_hand=True))
    battle = table.state.battle
    assert battle is not None and battle.return_fire == (COLE, "Jesse Hendry")
    note = end_game_note(table.state)
    assert ("Ending it now: Sheriff Cole's shot back (Return Fire) is let go; Jesse "
            "Hendry's activation ends, letting go 2 free attacks of Hail of Fire.") in note
    events = table.execute(EndGame("agreed"))
    assert [e.kind for e in events] == ["devils_bluff.free_forgone",
                                        "devils_bluff.activation_ended",
                                        "devils_bluff.game_ended"]
    assert events[0].data["line"] == "Sheriff Cole does not shoot back (Return Fire)"
    assert events[1].data["let_go"] == "2 free attacks of Hail of Fire"
    assert table.state.battle is None and table.fighter("Jesse Hendry").activated is False


def test_a_game_ended_between_activations_is_one_event_as_before() -> None:
    """Nothing waits between activations: ending the game is its one event, as before."""
    table = one_off()
    (event,) = table.execute(EndGame("agreed"))
    assert event.kind == "devils_bluff.game_ended"


def test_a_model_mended_to_no_hp_makes_no_shot_back() -> None:
    """Module 155 meets the mend (a step resolved by mistake set right): Sheriff Cole's
    hand won his Defence test against Jesse Hendry (Return Fire), then the Dealer set Cole
    right to 0 HP, out. The shot back stayed on offer and Cole, out of the game, shot
    Jesse. Now the mend lets the shot back go, saying why, and an attack by a model out is
    refused, naming it; the journal is untouched by the refusal."""
    table = hendry_to_act(one_off(), "Jesse Hendry")
    table.give(HENDRY, "8c 8d 3h 4s Jc")
    table.give(COLE, "9c 9d 4h 5s Qc")
    table.stack("Td")
    table.execute(Attack("Jesse Hendry", COLE, hand=True, defender_hand=True))
    events = table.execute(Mend(COLE, 0, 0, "slip"))
    assert [e.kind for e in events] == ["devils_bluff.mended", "devils_bluff.free_forgone"]
    assert events[1].data["line"] == (
        "Sheriff Cole does not shoot back (Return Fire): Sheriff Cole is out")
    battle = table.state.battle
    assert battle is not None and battle.return_fire is None
    error = refused(table, Attack(COLE, "Jesse Hendry"), "Attack")
    assert "Sheriff Cole has been taken out and makes no attack" in str(error)
    # Jesse's own free attacks of Hail of Fire still wait for him
    assert battle.activation is not None and battle.activation.free_attacks == 2


def test_a_parting_shooter_mended_to_no_hp_makes_no_parting_shot() -> None:
    """Digest 2.3 (97) meets the mend: Jesse Hendry moves out of Sheriff Cole's assault
    range, and before Cole's free attack the Dealer sets Cole right to 0 HP. Cole attacked
    all the same; now it is refused, and the move made again goes without his attack."""
    table = hendry_to_act(one_off(), "Jesse Hendry")
    table.execute(Move("Jesse Hendry", "Advance", leaving=(COLE,)))
    table.execute(Mend(COLE, 0, 0, "slip"))
    error = refused(table, Attack(COLE, "Jesse Hendry"), "Attack")
    assert error.field == "fighter"
    (moved, *_) = table.execute(Move("Jesse Hendry", "Advance", leaving=(COLE,)))
    assert moved.kind == "devils_bluff.moved"


def test_a_game_carried_with_a_discard_owed_says_it_comes_first() -> None:
    """Module line 39 meets a session's end: Ma Hendry drew a sixth card and the session
    ended carrying the game. The new session's notice, and the recap's "Goes on next
    session" and "Taken up from the session before", read "Ma Hendry's turn to activate a
    model", though nothing goes on until her discard. They now say it."""
    table = one_off()
    battle = table.state.battle
    assert battle is not None and battle.turn == HENDRY
    table.execute(DrawCard(HENDRY))
    assert len(table.state.hand(HENDRY)) == 6
    owed = "Ma Hendry first discards one of the five held before a sixth card drawn"
    assert RULES.under_way(table.state) == (
        f"game 1, round 1 of 5, Ma Hendry's turn to activate a model; {owed}")
    assert owed in (view.table_stands(view.table_knows(table.state)) or "")
    held = table.state.hand(HENDRY)
    table.execute(Discard(HENDRY, held[0].code))
    assert RULES.under_way(table.state) == (
        "game 1, round 1 of 5, Ma Hendry's turn to activate a model")


def test_a_shot_back_comes_before_hail_of_fire_s_attacks_and_may_end_them() -> None:
    """Module 147 meets 155 (found right, now held): one attack gave Jesse Hendry two free
    attacks and Sheriff Cole a shot back. The shot back comes first: Jesse's free attack
    and Done wait for it; when it takes Jesse out his activation ends, the attacks with it."""
    table = hendry_to_act(one_off(), "Jesse Hendry")
    table.give(HENDRY, "8c 8d 3h 4s Jc")
    table.give(COLE, "9c 9d 4h 5s Qc")
    table.stack("Td")
    table.execute(Attack("Jesse Hendry", COLE, hand=True, defender_hand=True))
    refused(table, Attack("Jesse Hendry", "Deputy Ames"), "Return Fire")
    refused(table, EndActivation("Jesse Hendry"), "Return Fire")
    wounded(table, "Jesse Hendry", 1)
    table.stack("Kd 2s")
    kinds = [e.kind for e in table.execute(Attack(COLE, "Jesse Hendry"))]
    assert kinds == ["devils_bluff.attacked", "devils_bluff.activation_ended"]
    battle = table.state.battle
    assert battle is not None and battle.activation is None and battle.return_fire is None
    assert table.fighter("Jesse Hendry").out


def test_while_a_shot_back_waits_w_is_said_for_it_alone() -> None:
    """Module 147 meets 155 on the Conflict tab: with Hail of Fire's attacks and Return
    Fire's shot back both on offer, the status said "2 free attacks (Hail of Fire; w lets
    them go)" and "Sheriff Cole may shoot back ... w lets it go"; w lets the shot back go
    first, so a Dealer pressing it for Jesse's attacks let Cole's shot go. The attacks now
    read "after the shot back" until it is taken or let go."""
    table = hendry_to_act(one_off(), "Jesse Hendry")
    table.give(HENDRY, "8c 8d 3h 4s Jc")
    table.give(COLE, "9c 9d 4h 5s Qc")
    table.stack("Td")
    table.execute(Attack("Jesse Hendry", COLE, hand=True, defender_hand=True))
    lines = view.status_lines(table.state)
    acting = next(line for line in lines if line.startswith("Jesse Hendry is activating"))
    assert "2 free attacks (Hail of Fire; after the shot back)" in acting
    assert "w lets" not in acting
    assert any("Sheriff Cole may shoot back" in line and "w lets it go" in line
               for line in lines)
    # the players' screen says it in the table's words, the shot back first
    battle = table.state.battle
    assert battle is not None
    assert view.waiting_words(battle) == (
        "Sheriff Cole may shoot back at Jesse Hendry at once (Return Fire: +3, cannot be "
        "evaded), or let it go",
        "Jesse Hendry: 2 free attacks of Hail of Fire to make or let go after Sheriff "
        "Cole's shot back")
    table.execute(Forgo())
    acting = next(line for line in view.status_lines(table.state)
                  if line.startswith("Jesse Hendry is activating"))
    assert "2 free attacks (Hail of Fire; w lets them go)" in acting
