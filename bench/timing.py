"""Timing and the rows the benchmark prints: each figure beside its peer, from one run.

Work that only computes is timed in CPU time (`CPU`, marked "(CPU)" in its row): the machine
may be shared, and wall time would count the moments other programs held the processor,
which made the same figure swing tenfold between two runs. Work that waits for the disk or
spans processes (appends, undo, start-up) is timed on the wall clock. Every row says how
(`Row.how`)."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the table: our figure, its peer's, whether the goal is met, and how the
    figure is taken: warm or cold, this process or a whole one, and why the peer does the
    same work."""

    figure: str
    ours: float
    peer_name: str
    peer: float | None
    goal: str
    met: bool
    unit: str = "s"
    how: str = ""

    @property
    def ratio(self) -> float | None:
        return self.ours / self.peer if self.peer else None


#: the clock of work that only computes: this process's CPU time (user and system)
CPU = time.process_time


def median_time(action: Callable[[], object], runs: int, *,
                setup: Callable[[], object] | None = None,
                clock: Callable[[], float] = time.perf_counter) -> float:
    """The median time on `clock` (the wall, unless told) of `action` over `runs` runs,
    `setup` (untimed) before each. The garbage collector is kept out of the timed part, as
    timeit does."""
    times: list[float] = []
    for _ in range(runs):
        if setup is not None:
            setup()
        gc.collect()
        gc.disable()
        try:
            start = clock()
            action()
            times.append(clock() - start)
        finally:
            gc.enable()
    return statistics.median(times)


def side_by_side(ours: Callable[[], object], peer: Callable[[], object], runs: int, *,
                 clock: Callable[[], float] = CPU) -> tuple[float, float]:
    """The median times of `ours` and of `peer`, run in turns (ours, peer, ours, ...), so
    that a busy moment of the machine weighs on both alike."""
    pairs = [(median_time(ours, 1, clock=clock), median_time(peer, 1, clock=clock))
             for _ in range(runs)]
    return statistics.median(a for a, _ in pairs), statistics.median(b for _, b in pairs)


def show(value: float, unit: str) -> str:
    if unit == "MB":
        return f"{value:,.1f} MB"
    if value >= 1:
        return f"{value:.2f} s"
    if value >= 1e-3:
        return f"{value * 1e3:.2f} ms"
    return f"{value * 1e6:.1f} µs"


def table(rows: list[Row]) -> str:
    """The rows as a Markdown table, as RESULTS.md shows them."""
    lines = ["| figure | ours | peer | peer's figure | ratio | goal | met | how |",
             "| --- | ---: | --- | ---: | ---: | --- | --- | --- |"]
    for row in rows:
        peer = show(row.peer, row.unit) if row.peer is not None else "-"
        ratio = f"{row.ratio:.3g}x" if row.ratio is not None else "-"
        lines.append(f"| {row.figure} | {show(row.ours, row.unit)} | {row.peer_name} | {peer} "
                     f"| {ratio} | {row.goal} | {'yes' if row.met else '**no**'} | {row.how} |")
    return "\n".join(lines)
