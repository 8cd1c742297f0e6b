"""Stop 62: where rules meet in a long game, read by a reader who had not built the engine
(docs/rules/devils-bluff.md, "Where rules meet (stop 62)"). Each test failed before its
fix."""

from __future__ import annotations

from dataclasses import replace

from gmscreen.core.cards import Deck, card_from_code, standard_cards
from gmscreen.games.devils_bluff.commands import Activate, Attack, EndActivation, Move
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from gmscreen.games.devils_bluff.turns import fought_up_close
from tests.devils_bluff.helpers import Table, one_off
from tests.devils_bluff.test_game import attack_ready, refused


def hendrys_turn() -> Table:
    """The one-off, Ma Hendry's turn to activate a model (Sheriff Cole's first, if his)."""
    table = one_off()
    if table.state.battle.turn != HENDRY:  # type: ignore[union-attr]
        first = next(f.name for f in table.state.gang(COLE).fighters  # type: ignore[union-attr]
                     if f.ready)
        table.execute(Activate(first))
        table.execute(EndActivation(first))
    return table


def up_close() -> Table:
    """Jesse Hendry has fought Deputy Ames up close with a critical hit, two free attacks of
    Hail of Fire owed; neither has moved since."""
    table = hendrys_turn()
    table.execute(Activate("Jesse Hendry"))
    table.give(HENDRY, "9c 9d 2h 5s Qc")  # a pair: a critical hit, and Hail of Fire
    table.stack("2c 3c 4c 5c 7c 8c 9h 10h Jh Qh Kh 2s 3s 4s")
    table.execute(Attack("Jesse Hendry", "Deputy Ames", assault_range=True, hand=True))
    assert fought_up_close(table.state, "Jesse Hendry") == ("Deputy Ames",)
    return table


def test_one_that_fought_up_close_attacks_only_within_assault_range() -> None:
    """Digest 3.1 (line 119) and 3.4: a model within an enemy's assault range attacks only
    enemies within 1", up close, and an attack from within 6" cannot be evaded. Jesse
    Hendry fought Deputy Ames up close and neither moved: a free attack of Hail of Fire went
    with his Revolver at Hattie far off, and Ames, in his own activation, shot back with his
    Revolver at half range while Jesse evaded. The record the app keeps said they were
    still up close."""
    table = up_close()
    battle = table.state.battle
    assert battle is not None and battle.activation is not None
    for target in ("Hattie", "Deputy Ames"):
        error = refused(table, Attack("Jesse Hendry", target, half_range=True),
                        "Assault range")
        assert error.field == "assault_range"
        assert "within assault range of Deputy Ames" in error.message
    # up close, it is his fists, at Ames
    (shot,) = table.execute(Attack("Jesse Hendry", "Deputy Ames", assault_range=True))
    assert shot.data["weapon"] == "Fists and Knives"
    if table.state.battle.activation is not None:  # type: ignore[union-attr]
        table.execute(EndActivation("Jesse Hendry"))
    table.execute(Activate("Deputy Ames"))
    refused(table, Attack("Deputy Ames", "Jesse Hendry", evading=True, half_range=True),
            "Assault range")
    refused(table, Attack("Deputy Ames", "Jesse Hendry", evading=True, assault_range=True),
            "Evading")


def test_a_draw_deck_run_out_mid_attack_is_shuffled_with_the_cards_already_read() -> None:
    """Module lines 31 and 33: a card a test, discarded once read; the discard pile is
    shuffled when a card is needed and the Draw Deck is empty. The app drew an attack's
    Battle Skill cards together and discarded them after: J♣, the Draw Deck's last card,
    was left out of the new one, where a table turning one card at a time has it on the
    discard pile by then (and its own pack and the app's then parted)."""
    table, shooter, target = attack_ready()
    deck = table.state.deck
    last = card_from_code("Jc")
    rest = [c for c in (*deck.order, *deck.discards) if c != last]
    table.state = replace(table.state, deck=Deck((last,), tuple(rest)))
    (shot,) = table.execute(Attack(shooter, target, half_range=True,
                                   order_by=tuple(range(52))))
    reshuffled = next(m["reshuffle"] for m in shot.data["moves"] if m.get("reshuffle"))
    assert "Jc" in reshuffled and len(reshuffled) == len(rest) + 1
    assert shot.data["skill"][0] == "Jc"
    held = {c for _, hand in table.state.hands for c in hand}
    every = (*table.state.deck.order, *table.state.deck.discards, *held)
    assert sorted(c.code for c in every) == sorted(c.code for c in standard_cards())


def test_a_move_of_no_inches_does_not_leave_assault_range() -> None:
    """Digest 93, 97: a Rush is MOV less 2, and 2" less a token; leaving an enemy's assault
    range draws its free attack first. Dutch (MOV 5, 2 tokens) "left" Deputy Ames's by a
    Rush of 0": Ames had his free attack, the log read "rushes up to 0\\"", the action was
    spent and the record of who is up close cleared, though he had not moved."""
    table = hendrys_turn()
    gang = table.state.gang(HENDRY)
    assert gang is not None
    table.state = table.state.with_gang(gang.with_fighter(
        replace(table.fighter("Dutch"), tokens=2)))
    table.execute(Activate("Dutch"))
    error = refused(table, Move("Dutch", "Rush", leaving=("Deputy Ames",)), "Assault range")
    assert error.message.startswith("Dutch's Rush goes 0\"") and error.field == "action"
    # an Advance of 1" (MOV 5 less 4) still leaves, drawing the free attack first
    table.execute(Move("Dutch", "Advance", leaving=("Deputy Ames",)))
    assert table.state.battle is not None and table.state.battle.parting is not None
