"""Win chances by seeded simulation: sound numbers, repeatable, and fast."""

from __future__ import annotations

import time
from random import Random

from gmscreen.games.dust_devils.odds import Seat, win_chances


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


def test_ten_thousand_deals_take_under_a_second() -> None:
    started = time.process_time()
    win_chances([Seat("Jim", (), 7), Seat("Dealer", (), 5)], Random(3), 10_000)
    assert time.process_time() - started < 1.0


def test_the_work_stops_when_asked() -> None:
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 2

    assert win_chances([Seat("Jim", (), 7), Seat("Dealer", (), 5)], Random(3), 10_000,
                       stop) == {}
    assert len(asked) == 3
