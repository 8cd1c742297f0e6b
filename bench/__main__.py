"""`python -m bench`: every figure of issue 8 beside its peer, measured in one run.

    python -m bench                  # 1k, 10k and 100k events (a first run generates them)
    python -m bench --quick          # small sizes and few runs, to see that all still works
    python -m bench --sizes 1000,10000 --runs 3
    python -m bench --only app       # only the app's rows: start-up, keys, replay, memory
    python -m bench --only cli,undo  # some groups of rows (see --help)
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bench import cli, journals, odds, poker, storage, ui
from bench.timing import Row, table
from gmscreen import paths
from gmscreen.games.dust_devils.odds import TRIALS


def _sizes(text: str) -> list[int]:
    sizes = sorted({int(part) for part in text.split(",") if part.strip()})
    if not sizes or sizes[0] < 20:
        raise argparse.ArgumentTypeError("sizes are whole numbers of events, at least 20")
    return sizes


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="sizes 200,1000 and 3 runs: a minute, not a quarter hour")
    parser.add_argument("--sizes", type=_sizes, default=None,
                        help="journal sizes in events, comma separated (default 1000,10000,"
                             "100000); the middle one stands for 10k, the last for 100k")
    parser.add_argument("--runs", type=int, default=None,
                        help="runs of each figure; the median is shown (default 5)")
    parser.add_argument("--folder", type=Path, default=None,
                        help="where generated journals are kept (default: the user cache)")
    parser.add_argument("--only", type=_groups, default=GROUPS,
                        help=f"the groups of rows to measure, comma separated, of: "
                             f"{', '.join(GROUPS)} (default: all)")
    args = parser.parse_args(argv)
    if args.sizes is None:
        args.sizes = [200, 1000] if args.quick else [1000, 10_000, 100_000]
    if args.runs is None:
        args.runs = 3 if args.quick else 5
    if args.folder is None:
        args.folder = paths.cache_dir() / "bench"
    return args


#: the groups of rows, in the order they are measured
GROUPS = ("poker", "odds", "parsers", "append", "open", "undo", "cli", "app", "forms")


def _groups(text: str) -> tuple[str, ...]:
    chosen = tuple(part.strip() for part in text.split(",") if part.strip())
    unknown = [name for name in chosen if name not in GROUPS]
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(f"groups are some of: {', '.join(GROUPS)}")
    return chosen


def collect(sizes: Sequence[int], runs: int, folder: Path, *, log: bool = True,
            only: Sequence[str] = GROUPS) -> list[Row]:
    """The rows of the groups `only` (every row by default), for journals of `sizes`
    events."""
    def say(text: str) -> None:
        if log:
            print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)

    files: dict[int, Path] = {}
    for size in sizes:
        say(f"journal of {size:,} events")
        files[size] = journals.journal(folder, size)
    small, middle, large = sizes[0], sizes[len(sizes) // 2], sizes[-1]
    rows: list[Row] = []
    if "poker" in only:
        say("best_hand against treys")
        rows += poker.rows(hands=max(200, min(3000, large)),
                           joker_hands=30 if large >= 1000 else 5, runs=runs)
        rows.insert(len(rows) - 1, poker.cold_row(max(200, min(3000, large))))
    if "odds" in only:
        say("Dust Devils win chances")
        rows += odds.rows(runs, trials=TRIALS if large >= 1000 else 500)
    if "parsers" in only:
        say("parsers")
        rows += storage.parse_rows(files[middle], middle, runs)
    for size in (small, large) if "append" in only else ():
        say(f"append at {size:,}")
        rows += storage.append_rows(files[size], size, runs * 4)
    for size, goal in ((middle, None), (large, 0.5)) if "open" in only else ():
        say(f"opening at {size:,}")
        rows += storage.open_rows(files[size], size, runs, stdlib_ratio=goal)
    for size in (middle, large) if "undo" in only else ():
        say(f"undo and redo at {size:,}")
        rows += storage.undo_rows(files[size], size, runs)
    if "cli" in only:
        say(f"gmscreen check, log and replay at {large:,}")
        rows += cli.rows(files[large], large, runs)
    if "app" in only:
        say("the app: start-up, key presses, memory, the log, undo and replays")
        rows += ui.rows(files, runs)
    if "forms" in only:
        say("the games' largest forms")
        rows += ui.form_rows(folder, runs)
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    started, load = time.perf_counter(), _load()
    rows = collect(args.sizes, args.runs, args.folder, only=args.only)
    print(f"gmscreen benchmarks: sizes {', '.join(f'{s:,}' for s in args.sizes)} events, "
          f"median of {args.runs} runs; Python {platform.python_version()} on "
          f"{platform.machine()} {platform.system()}, {_cpus()}; load average {load:.2f} at "
          f"the start, {_load():.2f} at the end")
    print()
    print(table(rows))
    print()
    missed = [row.figure for row in rows if not row.met]
    print(f"{len(rows) - len(missed)} of {len(rows)} goals met in "
          f"{time.perf_counter() - started:.0f} s" + (f"; missed: {'; '.join(missed)}"
                                                    if missed else ""))
    return 0


def _cpus() -> str:
    return f"{os.cpu_count()} CPUs"


def _load() -> float:
    """The load average of the last minute: how busy the machine was (other programs
    lengthen the wall-clock rows, not the CPU ones); 0 where the system does not say."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


if __name__ == "__main__":
    sys.exit(main())
