"""Timing and the rows the benchmark prints: each figure beside its peer, from one run."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the table: our figure, its peer's, and whether the goal is met."""

    figure: str
    ours: float
    peer_name: str
    peer: float | None
    goal: str
    met: bool
    unit: str = "s"

    @property
    def ratio(self) -> float | None:
        return self.ours / self.peer if self.peer else None


def median_time(action: Callable[[], object], runs: int, *,
                setup: Callable[[], object] | None = None) -> float:
    """The median wall time of `action` over `runs` runs, `setup` (untimed) before each.
    The garbage collector is kept out of the timed part, as timeit does."""
    times: list[float] = []
    for _ in range(runs):
        if setup is not None:
            setup()
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            action()
            times.append(time.perf_counter() - start)
        finally:
            gc.enable()
    return statistics.median(times)


def per_call(action: Callable[[], object], calls: int, runs: int) -> float:
    """The median over `runs` of the mean time of one call, in a loop of `calls`."""
    def loop() -> None:
        for _ in range(calls):
            action()
    return median_time(loop, runs) / calls


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
    lines = ["| figure | ours | peer | peer's figure | ratio | goal | met |",
             "| --- | ---: | --- | ---: | ---: | --- | --- |"]
    for row in rows:
        peer = show(row.peer, row.unit) if row.peer is not None else "-"
        ratio = f"{row.ratio:.3g}x" if row.ratio is not None else "-"
        lines.append(f"| {row.figure} | {show(row.ours, row.unit)} | {row.peer_name} | {peer} "
                     f"| {ratio} | {row.goal} | {'yes' if row.met else '**no**'} |")
    return "\n".join(lines)
