"""Every card the app draws may instead be typed from the table's own pack: initiative and
the hands dealt, a card drawn on a turn, an attack's tests (and the test at 0 HP), a
Recover, any other test. Typed cards come out of the Draw Deck wherever they lie, and a
reshuffle of the discards happens as it would at the table."""

from __future__ import annotations

from dataclasses import replace

from gmscreen.core.cards import Deck, parse_cards
from gmscreen.games.devils_bluff.commands import (
    Activate,
    Attack,
    AttributeTest,
    DrawCard,
    EndActivation,
    Recover,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import Dealing, ShortOfCards
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from tests.devils_bluff.helpers import Table, cards, one_off, unshuffled
from tests.devils_bluff.test_game import attack_ready, refused, total_cards
from tests.devils_bluff.test_readings import agreed, hendry_to_act, wounded


def test_a_typed_card_comes_out_of_the_pile_wherever_it_lies() -> None:
    deck = Deck(cards("2c 3c 4c"), cards("5c"))
    dealing = Dealing(deck, typed={"": cards("4c 2c")})
    assert dealing.draw(2) == cards("4c 2c")
    assert dealing.deck == Deck(cards("3c"), cards("5c"))
    assert dealing.left_over() == {}
    # a card already discarded is noted, not drawn (the command is then refused), or one
    # too many
    gone = Dealing(deck, typed={"": cards("5c")})
    gone.draw(1)
    assert [(u.card, u.where) for u in gone.unavailable] == [(cards("5c")[0],
                                                              "the discard pile")]
    assert gone.deck == deck and gone.moves == []
    short = Dealing(deck, typed={"Ma": cards("2c")})
    short.draw(1, "Ma")
    try:
        short.draw(1, "Ma")
    except ShortOfCards as error:
        assert (error.who, error.typed) == ("Ma", 1)
    else:
        raise AssertionError("more cards were drawn than typed")


def test_a_typed_card_after_the_pile_runs_out_comes_from_the_reshuffled_discards() -> None:
    # module line 33: an empty Draw Deck is the discard pile shuffled
    deck = Deck(cards("2c"), cards("5c 6c 7c"))
    dealing = Dealing(deck, unshuffled(), typed={"": cards("2c 6c")})
    assert dealing.draw(2) == cards("2c 6c")
    assert sorted(dealing.deck.order) == sorted(cards("5c 7c"))
    assert dealing.moves[1].reshuffle == cards("5c 6c 7c")


def played_out(table: Table) -> Table:
    """Every model of both gangs activates and ends: the round is over."""
    for _ in range(25):
        battle = table.state.battle
        assert battle is not None
        if not battle.turn:
            return table
        gang = table.state.gang(battle.turn)
        assert gang is not None
        ready = next(f.name for f in gang.fighters if f.ready)
        table.execute(Activate(ready))
        table.execute(EndActivation(ready))
    raise AssertionError("the round never ran out of models to activate")


def test_a_round_typed_initiative_and_hands() -> None:
    table = played_out(one_off())
    free = [c.code for c in table.state.deck.order]
    ma, cole = " ".join(free[0:2]), " ".join(free[2:4])
    hand_ma, hand_cole = " ".join(free[4:9]), " ".join(free[9:14])
    # the hands come with the initiative cards
    refused(table, StartRound(unshuffled(), typed=((HENDRY, ma), (COLE, cole))), "The Hand")
    refused(table, StartRound(unshuffled(), hands=((HENDRY, hand_ma), (COLE, hand_cole))),
            "Initiative")
    # a hand one card short names its field
    error = refused(table, StartRound(unshuffled(), typed=((HENDRY, ma), (COLE, cole)),
                                      hands=((HENDRY, hand_ma), (COLE, free[9]))),
                    "The Hand")
    assert error.field == "hand1"
    events = table.execute(StartRound(unshuffled(), typed=((HENDRY, ma), (COLE, cole)),
                                      hands=((HENDRY, hand_ma), (COLE, hand_cole))))
    assert table.state.hand(HENDRY) == tuple(parse_cards(hand_ma))
    assert table.state.hand(COLE) == tuple(parse_cards(hand_cole))
    assert [d["cards"] for d in events[0].data["draws"]] == [ma.split(), cole.split()]
    assert total_cards(table) == 52 and table.replayed() == table.state


def test_cards_typed_for_someone_without_a_gang_are_refused_not_dropped() -> None:
    # each player draws for the initiative and is dealt a hand: cards typed for anyone else
    # were drawn by nobody at the table, and the rules say so rather than let them go
    table = played_out(one_off())
    free = [c.code for c in table.state.deck.order]
    ma, cole = " ".join(free[0:2]), " ".join(free[2:4])
    hands = ((HENDRY, " ".join(free[4:9])), (COLE, " ".join(free[9:14])))
    error = refused(table, StartRound(unshuffled(), typed=(
        (HENDRY, ma), (COLE, cole), ("Zeke", free[20])), hands=hands), "Draw Deck")
    assert error.field == "typed" and "Zeke" in error.message
    error = refused(table, StartRound(unshuffled(), typed=((HENDRY, ma), (COLE, cole)),
                                      hands=(*hands, ("Zeke", free[20]))), "Draw Deck")
    assert error.field == "hand"
    # a blank entry for nobody says nothing, and is let be
    table.execute(StartRound(unshuffled(), typed=((HENDRY, ma), (COLE, cole), ("", "")),
                             hands=hands))
    assert table.replayed() == table.state


def test_a_typed_draw_on_a_turn() -> None:
    table = one_off()
    first = table.state.battle.order[0]  # type: ignore[union-attr]
    wanted = table.state.deck.order[7]
    held = table.state.hand(first)
    table.execute(DrawCard(first, typed=wanted.code))
    assert table.state.hand(first) == (*held, wanted)
    # two cards typed for one draw
    table = one_off()
    two = " ".join(c.code for c in table.state.deck.order[3:5])
    assert refused(table, DrawCard(first, typed=two), "Draw Deck").field == "typed"
    # a card in a hand cannot be drawn (not said to be held: test_left_alone)
    other = next(p for p in table.state.players if p != first)
    error = refused(table, DrawCard(first, typed=table.state.hand(other)[0].code),
                    "Draw Deck")
    assert "not in the Draw Deck" in error.message


def in_deck(table: Table, ranks: str) -> list[str]:
    """Cards of these ranks ("KQ23") still in the Draw Deck, one for each."""
    free = [c.code for c in table.state.deck.order]
    found = []
    for rank in ranks:
        found.append(next(c for c in free if c[0] == rank and c not in found))
    return found


def test_a_typed_attack_and_its_test_at_zero_hp() -> None:
    table, shooter, target = attack_ready()
    # Eli Crane (SKL 10): a King and a Queen hit; Dutch (DEF 7) fails with a 2 and a 3
    drawn = in_deck(table, "KQ23")
    (event,) = table.execute(Attack(shooter, target, typed=" ".join(drawn)))
    assert (event.data["skill"], event.data["defence"]) == (drawn[:2], drawn[2:])
    assert event.data["damage"] == 2
    # too few: the attack needs a Defence test for each hit
    table, shooter, target = attack_ready()
    error = refused(table, Attack(shooter, target, typed=" ".join(drawn[:3])), "Draw Deck")
    assert error.field == "typed" and "type every card drawn" in error.message
    # a survival test at 0 HP comes last
    table = agreed(wounded(hendry_to_act(one_off(), "Dutch"), "Eli Crane", 2),
                   injuries="survival test")
    drawn = in_deck(table, "KQ239")
    (event,) = table.execute(Attack("Dutch", "Eli Crane", typed=" ".join(drawn)))
    assert event.data["survival"] == {"card": drawn[4], "outcome": "success"}


def test_a_typed_recover_and_test() -> None:
    table = one_off()
    cole = table.fighter("Sheriff Cole")
    gang = table.state.gang(COLE)
    assert gang is not None
    table.state = table.state.with_gang(gang.with_fighter(replace(cole, tokens=1)))
    if table.state.battle.turn != COLE:  # type: ignore[union-attr]
        table.execute(Activate("Dutch"))
        table.execute(EndActivation("Dutch"))
    table.execute(Activate("Sheriff Cole"))
    # Fearless: a 3 fails CMD 7, the second card is typed too
    three, nine, eight = in_deck(table, "398")
    refused(table, Recover("Sheriff Cole", typed=three), "Draw Deck")
    (event,) = table.execute(Recover("Sheriff Cole", typed=f"{three} {nine}"))
    assert event.data["cards"] == [three, nine] and event.data["outcome"] == "success"
    (event,) = table.execute(AttributeTest("Sheriff Cole", "CMD", typed=eight))
    assert event.data["card"] == eight and event.data["outcome"] == "success"
    # drawn already: it lies in the discard pile
    assert refused(table, AttributeTest("Sheriff Cole", "CMD", typed=eight),
                   "Draw Deck").field == "typed"
    assert refused(table, AttributeTest("Sheriff Cole", "CMD", typed="Joker"),
                   "Draw Deck").field == "typed"
