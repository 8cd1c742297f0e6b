"""Found on an eighth look, a whole campaign evening with the players' screen beside the
Dealer's: what the table must know to go on (who deploys first, whose pick it is from the
pool) and what the odds line counts."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from gmscreen.core.cards import Deck, standard_cards
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import (
    Attack,
    ChooseSetUp,
    Deploy,
    Enlist,
    FoundGang,
    RollOffForPicks,
    StartGame,
    StartRound,
)
from gmscreen.games.devils_bluff.draw import card_value, shuffle_order
from gmscreen.games.devils_bluff.gangs import LEADER, Recruit
from gmscreen.games.devils_bluff.sample import COLE, HENDRY
from gmscreen.journal.sections import Lines, as_text
from tests.devils_bluff.helpers import Table, before_deployment, one_off, table_sections
from tests.devils_bluff.hidden import assert_table_keeps_hidden
from tests.devils_bluff.test_game import attack_ready


def players_screen(table: Table) -> str:
    return as_text(table_sections(view.table_knows(table.state)))


def test_the_players_screen_says_who_deploys_first_and_the_scouts_to_place() -> None:
    """After the deployment roll-off the players' screen read only "Game 1 · deploying":
    the Dealer's tab said who had won it and picks an area, the table did not, so the
    players had to look over the Dealer's shoulder to learn who sets up first. Now it
    says so, in the table's words (no keys), with the scouts still to place."""
    table = before_deployment()
    assert "deployment roll-off is still to draw" in players_screen(table)
    table.stack("2c Kd")  # Hendry's 2 against Cole's King
    table.execute(Deploy(("Cal Hendry",)))
    shown = players_screen(table)
    assert (f"{COLE} picks a deployment area and deploys first, the whole gang, then "
            f"{HENDRY}; all wholly within their own area") in shown, shown
    assert "Then the scouts one at a time" in shown and "Cal Hendry" in shown, shown
    assert "Press" not in shown, shown
    assert_table_keeps_hidden(table.state)


def test_the_players_screen_says_whose_pick_it_is_from_the_pool() -> None:
    """Hiring from a shared pool, the players' screen never said who had won the roll-off
    nor whose pick came next: the players pick by turns at the table, and only the
    Dealer's tab knew. Now it says whose pick it is, without the Dealer's key."""
    table = Table()
    table.execute(ChooseSetUp("campaign", "pool"))
    table.execute(FoundGang("Ann", "The Crows"))
    table.execute(FoundGang("Ben", "Law Dogs"))
    table.execute(Enlist("Ann", Recruit("Black Jack", LEADER, "Rifle", ("Deadly",))))
    table.execute(Enlist("Ben", Recruit("Kane", LEADER, "Revolver", ("Cunning",))))
    table.execute(RollOffForPicks(order_by=shuffle_order(Random(3))))
    picker = table.state.picker
    assert picker in ("Ann", "Ben")
    shown = players_screen(table)
    assert f"{picker} picks next from the pool; the roll-off drew " in shown, shown
    assert "(e enlists)" not in shown
    table.execute(Enlist(picker, Recruit("Curly", "Gunslinger", "Revolver", (), "", True)))
    assert f"{table.state.picker} picks next from the pool; " in players_screen(table)


def test_the_odds_line_says_which_cards_it_counts() -> None:
    """The odds counted 44 cards while the Draw Deck beside them showed 34, and nothing said
    why: both players see the screen, so the ten cards held face down are as unknown to
    the table as the Draw Deck's. Counted by hand in round 1 of a game (8 face up: 4 for
    the deployment roll-off, 4 for initiative): SKL 7+ passes on 7 to King, 28 cards less
    the 4 of them face up, 24 of 44. The line now says what it counts."""
    table = one_off()  # the sample: in round 1, five cards held each
    state = table.state
    unseen = 52 - len(state.deck.discards)
    held = sum(len(h) for _, h in state.hands)
    assert held and unseen == state.deck.remaining + held
    line = view.odds_line(state, "Dutch")
    assert line.endswith(f" · of {unseen} unseen: Draw Deck {state.deck.remaining} + "
                         f"{held} held"), line
    # counted by hand: each test's passing cards among those not face up
    face_up = set(state.deck.discards)
    fighter = table.fighter("Dutch")
    needed = fighter.profile.skl + 2 * fighter.tokens
    passing = sum(1 for c in standard_cards()
                  if c not in face_up and card_value(c) >= needed)
    assert f"SKL {fighter.profile.skl}+ {passing} ({100 * passing // unseen}%)" in line, line
    # with the Draw Deck run out, the next card comes from the discards shuffled
    emptied = replace(state, deck=Deck((), state.deck.discards))
    assert view.odds_line(emptied, "Dutch").endswith(
        f" · of the {len(state.deck.discards)} discards, to be reshuffled")


def test_the_players_screen_says_what_each_special_rule_held_does() -> None:
    """Under "Special rules and abilities" each ability held was said in full, once ("Return
    Fire, on a critical Defence test: ..."), but a special rule was its name alone: "Black
    Jack: Fear", and nothing said that Fear takes 3 off an enemy's Command tests within
    6", the very thing the other player weighs before a Recover. Now each rule held is
    said once too, in the table's words, after the models that hold them."""
    table = one_off()  # the sample's gangs hold Fear, Fearless, Scout and Stealth (1)
    lines = next(s for s in table_sections(view.table_knows(table.state))
                 if isinstance(s, Lines) and s.title == "Special rules and abilities").lines
    for rule in ("Fear", "Fearless", "Scout", "Stealth (1)"):
        told = [line for line in lines if line.startswith(f"{rule}: ")]
        assert len(told) == 1, (rule, lines)
    said = {line.split(": ", 1)[0]: line.split(": ", 1)[1] for line in lines}
    assert "-3" in said["Fear"] and "6\"" in said["Fear"] and "Command" in said["Fear"]
    assert "again" in said["Fearless"]
    assert "12\"" in said["Scout"]
    assert "-1" in said["Stealth (1)"] and "Battle Skill" in said["Stealth (1)"]
    # the models first, then the rules, then the abilities
    assert lines.index("Sheriff Cole: Fearless; Return Fire") < lines.index(
        f"Fear: {said['Fear']}") < lines.index(view.ability_line("Return Fire"))


def test_the_last_line_says_the_draw_deck_ran_out_and_was_made_again() -> None:
    """An attack that ran the Draw Deck out said so in the log ("...; the Draw Deck ran out:
    the discard pile was shuffled into a new one") but not on the Dealer's status nor on
    the players' screen, where the Draw Deck jumped from 1 to 37 and the discard pile
    from 40 cards to 5 without a word. Now the last line there says it too."""
    table, shooter, target = attack_ready()
    deck = table.state.deck
    table.state = replace(table.state, deck=Deck(deck.order[:1],
                                                 (*deck.discards, *deck.order[1:])))
    events = table.execute(Attack(shooter, target, order_by=shuffle_order(Random(5))))
    assert any(m.get("reshuffle") for m in events[0].data["moves"]), events[0].data
    ran_out = "the Draw Deck ran out: the discard pile was shuffled into a new one"
    assert ran_out in table.state.last
    assert any(ran_out in line for line in view.status_lines(table.state))
    assert ran_out in players_screen(table)
    # an attack that did not run it out says nothing of it
    fresh, shooter, target = attack_ready()
    fresh.execute(Attack(shooter, target))
    assert ran_out not in fresh.state.last


def deployed_for_a_tied_initiative() -> Table:
    """Ann's Crows and Ben's Law Dogs, six models each, deployed for round 1, the deck
    stacked so that the initiative ties (Ann 11, Ben 11) and is drawn again (Ann 11, Ben
    25)."""
    table = Table(seed=3)
    table.execute(ChooseSetUp("campaign", "controlled choice"))
    table.execute(FoundGang("Ann", "The Crows"))
    table.execute(FoundGang("Ben", "Law Dogs"))
    for player, leader in (("Ann", "Black Jack"), ("Ben", "Kane")):
        table.execute(Enlist(player, Recruit(leader, LEADER, "Revolver", ("Tough",))))
        for n in range(5):
            table.execute(Enlist(player, Recruit(f"{leader} {n}", "Gunslinger", "Revolver",
                                                 (), "", True)))
    table.execute(StartGame(order_by=shuffle_order(Random(1))))
    table.execute(Deploy())
    table.stack("5c 6c 5d 6d 9h 2s Kh Qs")  # Ann 11, Ben 11: a tie; then Ann 11, Ben 25
    return table


def test_a_round_s_initiative_draw_is_told_on_both_screens() -> None:
    """A round began with "initiative Bob then Ann" and nothing else: which cards each
    player drew for it, and their totals, were in the log alone, so a player who lost the
    draw had to ask the Dealer to scroll back. Now the round's last line tells the draw
    (each player's cards and total, a tie and the draw again too) until the first thing
    resolved in the round replaces it."""
    table = deployed_for_a_tied_initiative()
    table.execute(StartRound())
    told = "Initiative: Ann 5♣ 6♣ (11), Ben 5♦ 6♦ (11), Ann 9♥ 2♠ (11), Ben K♥ Q♠ (25); " \
           "Ben goes first and deals five to everyone"
    assert table.state.last == told, table.state.last
    assert told in view.status_lines(table.state)
    assert told in players_screen(table)
    assert_table_keeps_hidden(table.state)
    assert table.replayed() == table.state
