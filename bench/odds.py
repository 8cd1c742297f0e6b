"""Dust Devils' win chances before the Call: 10,000 simulated deals, as the Conflict tab asks
for them (in a worker thread, so the screen is never blocked while they run)."""

from __future__ import annotations

from random import Random

from bench.timing import CPU, Row, median_time
from gmscreen.games.dust_devils.odds import TRIALS, Seat, win_chances

#: a full table: hands of different sizes, some with cards to change in the Draw, one dealt
#: in part already
TABLE = (Seat("Jim", ("As", "Kd"), 7), Seat("Ann", (), 6, 1), Seat("Zeke", (), 5, 2),
         Seat("Doc", (), 5, 1), Seat("Dealer", (), 5))


def rows(runs: int, trials: int = TRIALS) -> list[Row]:
    took = median_time(lambda: win_chances(TABLE, Random(5), trials), runs,
                       clock=CPU)
    return [Row(f"Dust Devils win chances, {trials:,} deals, {len(TABLE)} hands (CPU)", took,
                "(no peer)", None, "under 1 s, in a worker", took < 1.0,
                how="CPU of this process; the Conflict tab runs it in a worker thread")]
