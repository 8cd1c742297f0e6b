"""Win chances by seeded simulation: sound numbers, repeatable, and fast."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from gmscreen.core.cards import Card, Suit, parse_cards, standard_cards
from gmscreen.core.poker import Category, best_hand
from gmscreen.games.dust_devils.commands import Deal, Draw, Entrant, MakeCharacter, OpenConflict
from gmscreen.games.dust_devils.deal import plain_throw
from gmscreen.games.dust_devils.odds import Seat, seats, win_chances
from gmscreen.games.dust_devils.sample import JACK, TOM, ZEKE
from tests.dust_devils.game import Table


def test_chances_sum_to_one_and_repeat_with_the_seed() -> None:
    seats = [Seat("Jack", (), 6, 2), Seat("Dealer", (), 5)]
    first = win_chances(seats, Random(7), 2000)
    assert abs(sum(first.values()) - 1) < 1e-9
    assert first == win_chances(seats, Random(7), 2000)
    # six cards and a draw beat five cards more often than not
    assert first["Jack"] > 0.6


def test_dealt_hands_that_cannot_change_are_certain() -> None:
    seats = [Seat("Jack", ("As", "Ad", "Ah", "Ks", "Kd"), 5), Seat("Dealer", ("2c", "3d"), 2)]
    assert win_chances(seats, Random(1), 200) == {"Jack": 1.0, "Dealer": 0.0}


def test_jokers_held_are_not_dealt_again() -> None:
    seats = [Seat("A", ("*", "*"), 2), Seat("B", (), 52)]
    chances = win_chances(seats, Random(1), 50)
    assert chances["B"] == 1.0  # 52 cards make a royal flush; two jokers make a pair


def test_a_hand_drawing_to_a_flush_keeps_it_as_the_plain_discards_do() -> None:
    # four hearts and the King of clubs, one card to change, against a pair of queens:
    # the King goes, and 14 of the 44 cards unseen win (9 hearts, 2 jokers, 3 aces);
    # throwing the deuce of hearts, as the lowest loose card, left 8 (aces, kings, jokers)
    seats = [Seat("Jim", ("Ah", "2h", "5h", "9h", "Kc"), 5, 1),
             Seat("Dealer", ("Qs", "Qd", "3c", "4d", "7s"), 5)]
    assert abs(win_chances(seats, Random(5), 4000)["Jim"] - 14 / 44) < 0.03


#: four ranks in a row, the highest first, the ace low last
RUNS = (*(tuple(range(top - 3, top + 1)) for top in range(14, 4, -1)), (14, 2, 3, 4))


def card_by_card(cards: list[Card], limit: int) -> set[int]:
    """The indexes of the cards the plain throw throws, read card by card as deal.py's
    docstring says it (the game works it out on bits, for the win chances' sake): keep the
    best combination, then a four-card flush draw, then four ranks in a row, each while a
    card outside them is left to throw; throw the lowest of the rest, never a joker."""
    kept = {c.index for c in best_hand(cards).combination}
    real = [c for c in cards if not c.is_joker]
    short = 4 - (len(cards) - len(real))  # the cards a draw needs beside the jokers
    by_rank: dict[int | None, list[Card]] = {}
    by_suit: dict[Suit | None, list[Card]] = {}
    for c in real:
        by_rank.setdefault(c.rank, []).append(c)
        by_suit.setdefault(c.suit, []).append(c)

    def keep_if_alive(draw: set[int]) -> None:
        if any(c.index not in kept and c.index not in draw for c in real):
            kept.update(draw)

    category = best_hand(cards).category
    if category < Category.FLUSH and by_suit:
        suited = max(by_suit.values(), key=lambda run: (len(run), max(run)))
        if len(suited) >= short:
            keep_if_alive({c.index for c in suited})
    if category < Category.STRAIGHT:
        run = next((run for run in RUNS if len(set(run) & set(by_rank)) >= short), ())
        keep_if_alive({min(by_rank[r], key=lambda c: (c.index not in kept, c.index)).index
                       for r in run if r in by_rank})
    return {c.index for c in sorted((c for c in real if c.index not in kept),
                                    key=lambda c: c.index)[:limit]}


def thrown_by_both(cards: list[Card], limit: int) -> tuple[set[int], set[int]]:
    """The indexes read card by card, and those the game's throw throws."""
    return card_by_card(cards, limit), {c.index for c in plain_throw(cards, limit)}


@pytest.mark.parametrize(("text", "limit"), [
    ("Ah 2h 5h 9h Kc", 1),  # a four-card flush draw: the King goes
    ("Ah 2h 5h 9h Kc Qs", 3),
    ("8c 9d Ts Jh 2c", 2),  # four in a row
    ("Ac 2d 3s 4h Kc", 1),  # four in a row, the ace low
    ("8c 9d Jh Qs 2c", 1),  # an inside straight is no draw
    ("* 9h Th Jh 2c 2d", 2),  # a joker helps both draws
    ("* * 9h 3h 2c", 3),
    ("Qs Qd 3h 4h 5h 6h", 2),  # the flush draw would throw the pair's kicker
    ("2h 3h 4h 5h", 4),  # nothing outside the draw: it is dead
    ("Kc Kd Ks 7h 7d", 2),
])
def test_the_plain_throw_throws_as_read_card_by_card(text: str, limit: int) -> None:
    plain, trials = thrown_by_both(parse_cards(text), limit)
    assert plain == trials


def test_the_plain_throw_throws_as_read_card_by_card_on_random_hands() -> None:
    rng = Random(17)
    pack = list(standard_cards(jokers=2))
    for _ in range(20_000):
        cards = rng.sample(pack, rng.randint(1, 9))
        plain, trials = thrown_by_both(cards, rng.randint(1, 5))
        assert plain == trials, cards


def test_the_work_stops_when_asked() -> None:
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 2

    assert win_chances([Seat("Jim", (), 7), Seat("Dealer", (), 5)], Random(3), 10_000,
                       stop) == {}
    assert len(asked) == 3


def test_each_hand_draws_with_the_knack_named_for_this_conflict() -> None:
    table = Table()
    for sheet in (ZEKE, TOM):
        table.do(MakeCharacter(sheet))
    # Zeke's best Knacks are rated 3; Ridin' (1) is the one that counts in a horse race
    table.do(OpenConflict("A race to the ford",
                          (Entrant(ZEKE.name, "get there first", ("Hand", "Guts"),
                                   knack="Ridin'"),
                           Entrant(TOM.name, "head him off", ("Hand", "Guts"))), stud=5))
    assert [(s.name, s.draw) for s in seats(table.state)] == [
        (ZEKE.name, 1), (TOM.name, 0), ("Dealer", 0)]  # Tom named no Knack: no draw


def test_a_hand_at_zero_adds_its_devil_and_a_drawn_hand_draws_no_more() -> None:
    table = Table()
    table.do(MakeCharacter(replace(ZEKE, player=False, ratings=(5, 3, 0, 2), chips=0)))
    table.do(MakeCharacter(JACK))
    table.do(OpenConflict("Last stand", (Entrant(ZEKE.name, "stand", ("Hand", "Guts"),
                                                 knack="Shootin'"),
                                         Entrant(JACK.name, "run", ("Eye", "Heart")))))
    assert [s.draw for s in seats(table.state)] == [2 + 2, 0]  # Shootin' 2, Devil 2
    hands = ((ZEKE.name, ("As", "Ks", "Qs", "2d", "3c", "4c", "6c")),  # 5 + Devil 2
             (JACK.name, ("Ad", "Kd", "Qd", "Jd", "2h", "3h", "4h", "5h")))
    table.do(Deal(hands))
    table.do(Draw(ZEKE.name, ("2d",), ("Js",)))
    assert [s.draw for s in seats(table.state)] == [0, 0]
